//! Exact solving: the final margin under perfect play, by alpha-beta on
//! exact margins with a bound-keeping transposition table, driven by
//! MTD(f) zero-window searches.
//!
//! Each table entry keeps a lower and an upper bound on the position's
//! exact value; bounds never depend on depth because every search goes to
//! the end of the game. [`minimax`] is the plain reference the tests check
//! the solver against.

use crate::game::SearchGame;
use std::time::{Duration, Instant};

#[derive(Clone, Copy)]
struct Entry<M> {
    key: u64,
    lower: i32,
    upper: i32,
    best: Option<M>,
}

/// The result of a solve.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution<M> {
    /// The final margin (side 0 minus side 1) under perfect play.
    pub value: i32,
    /// Every first move that keeps that value, in generation order.
    pub best: Vec<M>,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time spent.
    pub elapsed: Duration,
}

/// Progress of a long solve: nodes so far, time so far, and the current
/// MTD(f) bounds on the value (side 0's view).
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time spent so far.
    pub elapsed: Duration,
    /// Proven lower bound on the value.
    pub lower: i32,
    /// Proven upper bound on the value.
    pub upper: i32,
}

/// The exact solver. Holds its table, so solving several positions of the
/// same game shares work.
pub struct Solver<G: SearchGame> {
    tt: Vec<Option<Entry<G::Move>>>,
    mask: u64,
    nodes: u64,
    start: Instant,
    bounds: (i32, i32),
    next_report: u64,
    report_every: u64,
    progress: Option<Box<dyn FnMut(Progress) + Send>>,
    bufs: Vec<Vec<G::Move>>,
    kid_bufs: Vec<Vec<(G::Move, G, i32)>>,
}

const INF: i32 = i32::MAX / 2;

impl<G: SearchGame> Solver<G> {
    /// A solver with a 2^`tt_bits`-entry table.
    pub fn new(tt_bits: u32) -> Self {
        let bits = tt_bits.clamp(4, 30);
        Solver {
            tt: vec![None; 1 << bits],
            mask: (1u64 << bits) - 1,
            nodes: 0,
            start: Instant::now(),
            bounds: (-INF, INF),
            next_report: u64::MAX,
            report_every: u64::MAX,
            progress: None,
            bufs: Vec::new(),
            kid_bufs: Vec::new(),
        }
    }

    /// Calls `report` about every `every` nodes.
    pub fn on_progress(
        mut self,
        every: u64,
        report: impl FnMut(Progress) + Send + 'static,
    ) -> Self {
        self.report_every = every.max(1);
        self.progress = Some(Box::new(report));
        self
    }

    /// The exact value of `pos` (side 0's view) and every best first move.
    pub fn solve(&mut self, pos: &G) -> Solution<G::Move> {
        self.start = Instant::now();
        self.nodes = 0;
        self.next_report = self.report_every;
        let sign = if pos.side() == 0 { 1 } else { -1 };
        // MTD(f): zero-window searches converge on the exact value.
        let (mut lower, mut upper) = (-INF, INF);
        let mut g = 0;
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            self.bounds = (lower, upper);
            g = self.ab(pos, beta - 1, beta);
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
        }
        let value = g;
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        let mut best = Vec::new();
        for &m in &moves {
            // A move is best when the child's value (for the opponent) is
            // at most -value, i.e. our value is at least `value`.
            let v = self.child(pos, m, value - 1, value);
            if v >= value {
                best.push(m);
            }
        }
        Solution {
            value: sign * value,
            best,
            nodes: self.nodes,
            elapsed: self.start.elapsed(),
        }
    }

    /// The value of the child after `m` from `pos`'s mover's view. Usually
    /// the opponent moves next (negamax), but a phase change can give the
    /// same side two turns in a row (T18 placements, then Black moves).
    fn child(&mut self, pos: &G, m: G::Move, alpha: i32, beta: i32) -> i32 {
        let c = pos.play(m);
        if c.side() == pos.side() {
            self.ab(&c, alpha, beta)
        } else {
            -self.ab(&c, -beta, -alpha)
        }
    }

    /// Alpha-beta on exact margins, from the side to move's view; fails
    /// soft, so the result is a bound outside the window.
    fn ab(&mut self, pos: &G, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.next_report {
            self.next_report += self.report_every;
            let (lower, upper) = self.bounds;
            let p = Progress {
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
                lower,
                upper,
            };
            if let Some(f) = self.progress.as_mut() {
                f(p);
            }
        }
        if let Some(v) = pos.terminal_value() {
            return if pos.side() == 0 { v } else { -v };
        }
        let hash = pos.canonical_hash();
        let slot = (hash & self.mask) as usize;
        let mut tt_move = None;
        let (mut lo, mut hi) = (-INF, INF);
        if let Some(e) = self.tt[slot]
            && e.key == hash
        {
            if e.lower >= beta {
                return e.lower;
            }
            if e.upper <= alpha {
                return e.upper;
            }
            if e.lower == e.upper {
                return e.lower;
            }
            lo = e.lower;
            hi = e.upper;
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            tt_move = e.best;
        }
        let mut moves = self.bufs.pop().unwrap_or_default();
        moves.clear();
        pos.moves(&mut moves);
        let mut kids = self.kid_bufs.pop().unwrap_or_default();
        kids.clear();
        let side = pos.side();
        let sign = if side == 0 { 1 } else { -1 };
        for &m in moves.iter() {
            let c = pos.play(m);
            // TT move first, then the children that look best for the mover.
            let key = if Some(m) == tt_move {
                i32::MAX
            } else {
                sign * c.order_hint()
            };
            kids.push((m, c, key));
        }
        kids.sort_by_key(|k| std::cmp::Reverse(k.2));
        let mut best = -INF;
        let mut best_move = None;
        let mut a = alpha;
        for (m, c, _) in kids.iter() {
            let v = if c.side() == side {
                self.ab(c, a, beta)
            } else {
                -self.ab(c, -beta, -a)
            };
            if v > best {
                best = v;
                best_move = Some(*m);
            }
            if v > a {
                a = v;
            }
            if a >= beta {
                break;
            }
        }
        self.kid_bufs.push(kids);
        self.bufs.push(moves);
        if best <= alpha {
            hi = hi.min(best);
        } else if best >= beta {
            lo = lo.max(best);
        } else {
            lo = best;
            hi = best;
        }
        self.tt[slot] = Some(Entry {
            key: hash,
            lower: lo,
            upper: hi,
            best: best_move.or(tt_move),
        });
        best
    }
}

/// Plain minimax to the end of the game, no pruning, no table: the
/// reference for tests on tiny boards. Side 0's view.
pub fn minimax<G: SearchGame>(pos: &G) -> i32 {
    if let Some(v) = pos.terminal_value() {
        return v;
    }
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    let values = moves.iter().map(|&m| minimax(&pos.play(m)));
    if pos.side() == 0 {
        values.max().unwrap_or(0)
    } else {
        values.min().unwrap_or(0)
    }
}
