//! Alpha-beta (negamax) with iterative deepening, a Zobrist-keyed
//! transposition table, and TT-move / killer / history move ordering.
//!
//! Both cores are used by a *deterministic root split*: the root moves are
//! dealt round-robin to the threads, each thread runs its own iterative
//! deepening over its share with its own table, and the answer is taken at
//! the deepest iteration every thread completed. Nothing is shared while
//! searching, so a node budget gives the same move on every run.

use crate::game::{Budget, Evaluator, SearchGame, SearchResult, WIN};
use std::time::Instant;

/// Bound kinds stored in the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry<M> {
    key: u64,
    depth: u8,
    bound: Bound,
    score: i32,
    best: Option<M>,
}

/// The playing alpha-beta search.
#[derive(Debug, Clone)]
pub struct AlphaBeta<E> {
    eval: E,
    threads: usize,
    tt_bits: u32,
    max_depth: u32,
}

impl<E> AlphaBeta<E> {
    /// A search with `eval` at the leaves, 2 threads and a 2^20-entry
    /// table per thread.
    pub fn new(eval: E) -> Self {
        AlphaBeta {
            eval,
            threads: 2,
            tt_bits: 20,
            max_depth: 64,
        }
    }

    /// Sets the thread count (at least 1).
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Sets the per-thread table size to 2^`bits` entries.
    pub fn tt_bits(mut self, bits: u32) -> Self {
        self.tt_bits = bits.clamp(4, 28);
        self
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.eval
    }
}

/// Converts a final margin (side 0's view) to a search score for the side
/// to move: any win beats any heuristic value, and bigger margins are
/// preferred among wins and losses alike.
pub fn terminal_score(margin: i32, side: usize) -> i32 {
    let s = match margin.signum() {
        1 => WIN + margin,
        -1 => -WIN + margin,
        _ => 0,
    };
    if side == 0 { s } else { -s }
}

struct Worker<'a, G: SearchGame, E> {
    eval: &'a E,
    tt: Vec<Option<Entry<G::Move>>>,
    mask: u64,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<u32>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    hit_horizon: bool,
    move_bufs: Vec<Vec<G::Move>>,
}

impl<'a, G: SearchGame, E: Evaluator<G>> Worker<'a, G, E> {
    fn new(eval: &'a E, tt_bits: u32, node_limit: u64, deadline: Option<Instant>) -> Self {
        Worker {
            eval,
            tt: vec![None; 1 << tt_bits],
            mask: (1u64 << tt_bits) - 1,
            killers: vec![[None, None]; 130],
            history: vec![0; G::MOVE_IDS],
            nodes: 0,
            node_limit,
            deadline,
            stopped: false,
            hit_horizon: false,
            move_bufs: Vec::new(),
        }
    }

    fn check_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes >= self.node_limit {
            self.stopped = true;
        } else if self.nodes & 1023 == 0
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.stopped = true;
        }
        self.stopped
    }

    fn evaluate(&self, pos: &G) -> i32 {
        let v = self.eval.evaluate(pos).clamp(-WIN / 2, WIN / 2);
        if pos.side() == 0 { v } else { -v }
    }

    fn order(&self, pos: &G, moves: &mut [G::Move], tt_move: Option<G::Move>, ply: usize) {
        let killers = self.killers.get(ply).copied().unwrap_or([None, None]);
        let key = |m: &G::Move| -> u64 {
            if Some(*m) == tt_move {
                u64::MAX
            } else if Some(*m) == killers[0] {
                u64::MAX - 1
            } else if Some(*m) == killers[1] {
                u64::MAX - 2
            } else {
                u64::from(self.history[pos.move_id(*m)])
            }
        };
        // Stable sort: equal keys keep generation order, so results stay
        // deterministic.
        moves.sort_by_key(|m| std::cmp::Reverse(key(m)));
    }

    /// A child's score from `pos`'s mover's view: negamax, except when a
    /// phase change gives the same side the next turn too (T18).
    fn child(&mut self, pos: &G, child: &G, depth: u32, ply: usize, alpha: i32, beta: i32) -> i32 {
        if child.side() == pos.side() {
            self.negamax(child, depth - 1, ply + 1, alpha, beta)
        } else {
            -self.negamax(child, depth - 1, ply + 1, -beta, -alpha)
        }
    }

    fn negamax(&mut self, pos: &G, depth: u32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.check_stop() {
            return 0;
        }
        if let Some(v) = pos.terminal_value() {
            return terminal_score(v, pos.side());
        }
        if depth == 0 {
            self.hit_horizon = true;
            return self.evaluate(pos);
        }
        let hash = pos.hash();
        let slot = (hash & self.mask) as usize;
        let mut tt_move = None;
        if let Some(e) = self.tt[slot]
            && e.key == hash
        {
            tt_move = e.best;
            if u32::from(e.depth) >= depth {
                // Depth 255 marks a subtree searched to its very end.
                let exact_tree = e.depth == u8::MAX;
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                };
                if cut {
                    self.hit_horizon |= !exact_tree;
                    return e.score;
                }
            }
        }
        let mut moves = self.move_bufs.pop().unwrap_or_default();
        moves.clear();
        pos.moves(&mut moves);
        if moves.is_empty() {
            // A game whose move list is empty is over; be safe anyway.
            self.move_bufs.push(moves);
            return self.evaluate(pos);
        }
        self.order(pos, &mut moves, tt_move, ply);
        let alpha0 = alpha;
        let outer_horizon = std::mem::replace(&mut self.hit_horizon, false);
        let mut best = -i32::MAX;
        let mut best_move = None;
        for (i, &m) in moves.iter().enumerate() {
            let child = pos.play(m);
            // Principal variation search: later moves get a null window
            // first and are re-searched only if they might be better.
            let mut v;
            if i == 0 {
                v = self.child(pos, &child, depth, ply, alpha, beta);
            } else {
                v = self.child(pos, &child, depth, ply, alpha, alpha + 1);
                if v > alpha && v < beta && !self.stopped {
                    v = self.child(pos, &child, depth, ply, alpha, beta);
                }
            }
            if self.stopped {
                self.move_bufs.push(moves);
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(m);
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                if let Some(k) = self.killers.get_mut(ply)
                    && k[0] != Some(m)
                {
                    k[1] = k[0];
                    k[0] = Some(m);
                }
                let h = &mut self.history[pos.move_id(m)];
                *h = h.saturating_add(depth * depth);
                break;
            }
        }
        self.move_bufs.push(moves);
        let subtree_horizon = self.hit_horizon;
        self.hit_horizon |= outer_horizon;
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt[slot] = Some(Entry {
            key: hash,
            depth: if subtree_horizon {
                depth.min(254) as u8
            } else {
                u8::MAX
            },
            bound,
            score: best,
            best: best_move,
        });
        best
    }

    /// One iteration over this thread's share of the root moves; `None`
    /// when the budget ran out during it.
    fn root(
        &mut self,
        pos: &G,
        moves: &mut [(G::Move, i32)],
        depth: u32,
    ) -> Option<(G::Move, i32)> {
        let mut alpha = -i32::MAX;
        let mut best = None;
        for entry in moves.iter_mut() {
            let child = pos.play(entry.0);
            let v = if best.is_none() {
                self.child(pos, &child, depth, 0, alpha, i32::MAX)
            } else {
                let v = self.child(pos, &child, depth, 0, alpha, alpha + 1);
                if v > alpha && !self.stopped {
                    self.child(pos, &child, depth, 0, alpha, i32::MAX)
                } else {
                    v
                }
            };
            if self.stopped {
                return None;
            }
            entry.1 = v;
            if v > alpha {
                alpha = v;
                best = Some((entry.0, v));
            } else {
                // Only a bound; keep it below the best for ordering.
                entry.1 = v.min(alpha - 1);
            }
        }
        // Best first for the next iteration (stable: ties keep order).
        moves.sort_by_key(|e| std::cmp::Reverse(e.1));
        best
    }

    fn pv(&self, pos: &G, first: G::Move, max: usize) -> Vec<G::Move> {
        let mut pv = vec![first];
        let mut p = pos.play(first);
        let mut buf = Vec::new();
        while pv.len() < max {
            let h = p.hash();
            let Some(e) = self.tt[(h & self.mask) as usize] else {
                break;
            };
            let Some(m) = e.best.filter(|_| e.key == h) else {
                break;
            };
            buf.clear();
            p.moves(&mut buf);
            if !buf.contains(&m) {
                break;
            }
            pv.push(m);
            p = p.play(m);
        }
        pv
    }
}

struct ThreadReport<M> {
    /// Best (move, score) per completed depth, index 0 = depth 1.
    per_depth: Vec<(M, i32)>,
    nodes: u64,
    pvs: Vec<Vec<M>>,
    /// The last iteration searched every line to the end: it stands for
    /// every deeper iteration too.
    exact: bool,
}

impl<M: Copy> ThreadReport<M> {
    fn at(&self, depth: usize) -> Option<((M, i32), &Vec<M>)> {
        let i = if self.exact {
            depth.min(self.per_depth.len())
        } else {
            depth
        };
        let i = i.checked_sub(1)?;
        Some((*self.per_depth.get(i)?, self.pvs.get(i)?))
    }
}

impl<E> AlphaBeta<E> {
    /// Searches `pos` within `budget`, returning the move to play, its
    /// score for the mover, the completed depth and the principal
    /// variation.
    pub fn search<G: SearchGame>(&self, pos: &G, budget: Budget) -> SearchResult<G::Move>
    where
        E: Evaluator<G>,
    {
        let start = Instant::now();
        let mut root_moves = Vec::new();
        pos.moves(&mut root_moves);
        if root_moves.is_empty() {
            return SearchResult {
                best: None,
                score: pos
                    .terminal_value()
                    .map_or(0, |v| terminal_score(v, pos.side())),
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
            };
        }
        let threads = self.threads.min(root_moves.len()).max(1);
        let (node_limit, deadline, max_depth) = match budget {
            Budget::Nodes(n) => ((n / threads as u64).max(1), None, self.max_depth),
            Budget::Time(t) => (u64::MAX, Some(start + t), self.max_depth),
            Budget::Depth(d) => (u64::MAX, None, d.clamp(1, self.max_depth)),
        };
        let shares: Vec<Vec<(G::Move, i32)>> = (0..threads)
            .map(|t| {
                root_moves
                    .iter()
                    .skip(t)
                    .step_by(threads)
                    .map(|&m| (m, 0))
                    .collect()
            })
            .collect();
        let run = |mut share: Vec<(G::Move, i32)>| -> ThreadReport<G::Move> {
            let mut w = Worker::<G, E>::new(&self.eval, self.tt_bits, node_limit, deadline);
            let mut report = ThreadReport {
                per_depth: Vec::new(),
                nodes: 0,
                pvs: Vec::new(),
                exact: false,
            };
            for depth in 1..=max_depth {
                match w.root(pos, &mut share, depth) {
                    Some(best) => {
                        report.per_depth.push(best);
                        report.pvs.push(w.pv(pos, best.0, depth as usize));
                    }
                    None => break,
                }
                // Every line ended before the horizon: the result is exact
                // and deeper iterations would only repeat it.
                if !w.hit_horizon {
                    report.exact = true;
                    break;
                }
                w.hit_horizon = false;
                if let Budget::Time(t) = budget
                    && start.elapsed() > t / 2
                {
                    // The next iteration costs several times this one;
                    // don't start one that cannot finish.
                    break;
                }
            }
            report.nodes = w.nodes;
            report
        };
        let reports: Vec<ThreadReport<G::Move>> = if threads == 1 {
            vec![run(shares.into_iter().next().unwrap_or_default())]
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = shares
                    .into_iter()
                    .map(|sh| s.spawn(move || run(sh)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("search thread panicked"))
                    .collect()
            })
        };
        let nodes = reports.iter().map(|r| r.nodes).sum();
        let depth = reports
            .iter()
            .filter(|r| !r.exact)
            .map(|r| r.per_depth.len())
            .min()
            .unwrap_or_else(|| reports.iter().map(|r| r.per_depth.len()).max().unwrap_or(0));
        let at_depth: Vec<_> = reports.iter().filter_map(|r| r.at(depth)).collect();
        if depth == 0 || at_depth.len() < reports.len() {
            // Not even depth 1 finished everywhere: take the first move of
            // the thread that did best, or the first legal move.
            let best = reports
                .iter()
                .filter_map(|r| r.per_depth.first())
                .max_by_key(|b| b.1)
                .copied()
                .unwrap_or((root_moves[0], 0));
            return SearchResult {
                best: Some(best.0),
                score: best.1,
                depth: 0,
                nodes,
                pv: vec![best.0],
            };
        }
        let mut chosen = 0;
        for (i, r) in at_depth.iter().enumerate() {
            if r.0.1 > at_depth[chosen].0.1 {
                chosen = i;
            }
        }
        let ((best, score), pv) = at_depth[chosen];
        let pv = pv.clone();
        SearchResult {
            best: Some(best),
            score,
            depth: depth as u32,
            nodes,
            pv,
        }
    }
}
