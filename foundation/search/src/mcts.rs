//! Monte-Carlo tree search: UCT with uniformly random rollouts from a small
//! seeded generator (PCG), root-parallel over threads, and tree reuse
//! between moves.
//!
//! Each thread grows its own tree from its own seed; the root visit counts
//! are summed to choose the move. With a playout budget every thread's work
//! is fixed, so the result is the same on every run.

use crate::game::{Budget, SearchGame, SearchResult};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stackyard_core::splitmix64;
use std::time::Instant;

struct Node<G: SearchGame> {
    state: G,
    /// The move that led here from the parent.
    mv: Option<G::Move>,
    parent: u32,
    children: Vec<u32>,
    untried: Vec<G::Move>,
    visits: u32,
    /// Sum of rewards for the side that moved *into* this node.
    reward: f64,
}

struct Tree<G: SearchGame> {
    nodes: Vec<Node<G>>,
    rng: Pcg64Mcg,
}

const NO_PARENT: u32 = u32::MAX;

impl<G: SearchGame> Tree<G> {
    fn fresh(root: &G, rng: Pcg64Mcg) -> Self {
        let mut t = Tree {
            nodes: Vec::new(),
            rng,
        };
        t.push(root.clone(), None, NO_PARENT);
        t
    }

    fn push(&mut self, state: G, mv: Option<G::Move>, parent: u32) -> u32 {
        let mut untried = Vec::new();
        state.moves(&mut untried);
        // Expanding from the back: reverse so generation order is tried first.
        untried.reverse();
        self.nodes.push(Node {
            state,
            mv,
            parent,
            children: Vec::new(),
            untried,
            visits: 0,
            reward: 0.0,
        });
        (self.nodes.len() - 1) as u32
    }

    /// The subtree under `new_root`, renumbered, as a tree of its own.
    fn reroot(mut self, new_root: u32) -> Self {
        let mut order = vec![new_root];
        let mut i = 0;
        while i < order.len() {
            order.extend(self.nodes[order[i] as usize].children.iter().copied());
            i += 1;
        }
        let mut map = vec![u32::MAX; self.nodes.len()];
        for (new, &old) in order.iter().enumerate() {
            map[old as usize] = new as u32;
        }
        let mut taken: Vec<Option<Node<G>>> = self.nodes.drain(..).map(Some).collect();
        let mut nodes = Vec::with_capacity(order.len());
        for &old in &order {
            let mut n = taken[old as usize].take().expect("each node once");
            n.parent = if old == new_root {
                NO_PARENT
            } else {
                map[n.parent as usize]
            };
            for c in &mut n.children {
                *c = map[*c as usize];
            }
            nodes.push(n);
        }
        Tree {
            nodes,
            rng: self.rng,
        }
    }

    /// The node holding `pos` among the root, its children and
    /// grandchildren (our move, then the opponent's).
    fn find(&self, pos: &G, hash: u64) -> Option<u32> {
        let _ = pos;
        let mut frontier = vec![0u32];
        for _ in 0..3 {
            let mut next = Vec::new();
            for &n in &frontier {
                if self.nodes[n as usize].state.hash() == hash {
                    return Some(n);
                }
                next.extend(self.nodes[n as usize].children.iter().copied());
            }
            frontier = next;
        }
        None
    }

    fn playout(&mut self, c: f64, buf: &mut Vec<G::Move>) {
        // Selection.
        let mut n = 0u32;
        loop {
            let node = &self.nodes[n as usize];
            if !node.untried.is_empty() || node.children.is_empty() {
                break;
            }
            let ln = f64::from(node.visits.max(1)).ln();
            let mut best = node.children[0];
            let mut best_v = f64::NEG_INFINITY;
            for &ch in &node.children {
                let cn = &self.nodes[ch as usize];
                let v = cn.reward / f64::from(cn.visits) + c * (ln / f64::from(cn.visits)).sqrt();
                if v > best_v {
                    best_v = v;
                    best = ch;
                }
            }
            n = best;
        }
        // Expansion.
        if let Some(m) = self.nodes[n as usize].untried.pop() {
            let state = self.nodes[n as usize].state.play(m);
            let child = self.push(state, Some(m), n);
            self.nodes[n as usize].children.push(child);
            n = child;
        }
        // Rollout.
        let mut state = self.nodes[n as usize].state.clone();
        let margin = loop {
            if let Some(v) = state.terminal_value() {
                break v;
            }
            buf.clear();
            state.moves(buf);
            if buf.is_empty() {
                break 0;
            }
            let i = (self.rng.next_u64() % buf.len() as u64) as usize;
            state = state.play(buf[i]);
        };
        let side0 = match margin.signum() {
            1 => 1.0,
            -1 => 0.0,
            _ => 0.5,
        };
        // Backpropagation: each node is credited for the side that moved
        // into it, the opponent of the side to move there.
        let mut cur = n;
        while cur != NO_PARENT {
            let node = &mut self.nodes[cur as usize];
            node.visits += 1;
            node.reward += if node.state.side() == 1 {
                side0
            } else {
                1.0 - side0
            };
            cur = node.parent;
        }
    }
}

/// The MCTS player. Keeps its trees between calls to [`Mcts::search`], so
/// the part of the last search that is still relevant is reused.
pub struct Mcts<G: SearchGame> {
    threads: usize,
    c: f64,
    seed: u64,
    calls: u64,
    trees: Vec<Option<Tree<G>>>,
    /// Whether trees are kept between moves.
    reuse: bool,
}

impl<G: SearchGame> Mcts<G> {
    /// An MCTS player with 2 threads, exploration constant √2, seeded with
    /// `seed`.
    pub fn new(seed: u64) -> Self {
        Mcts {
            threads: 2,
            c: std::f64::consts::SQRT_2,
            seed,
            calls: 0,
            trees: Vec::new(),
            reuse: true,
        }
    }

    /// Sets the thread count (at least 1).
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Turns tree reuse between moves on or off.
    pub fn reuse(mut self, reuse: bool) -> Self {
        self.reuse = reuse;
        self
    }

    /// Sets the UCT exploration constant.
    pub fn exploration(mut self, c: f64) -> Self {
        self.c = c;
        self
    }

    /// Searches `pos` within `budget` (playouts over all threads, or time).
    pub fn search(&mut self, pos: &G, budget: Budget) -> SearchResult<G::Move> {
        let start = Instant::now();
        let mut root_moves = Vec::new();
        pos.moves(&mut root_moves);
        if root_moves.is_empty() {
            return SearchResult {
                best: None,
                score: 0,
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
            };
        }
        self.calls += 1;
        let threads = self.threads;
        let hash = pos.hash();
        self.trees.resize_with(threads, || None);
        let mut trees: Vec<Tree<G>> = Vec::with_capacity(threads);
        for t in 0..threads {
            let seed = splitmix64(
                self.seed ^ splitmix64(t as u64 + 1) ^ splitmix64(self.calls.wrapping_mul(0x9E37)),
            );
            let old = if self.reuse {
                self.trees[t].take()
            } else {
                None
            };
            let tree = match old {
                Some(tree) => match tree.find(pos, hash) {
                    Some(n) => {
                        let mut t2 = tree.reroot(n);
                        t2.rng = Pcg64Mcg::seed_from_u64(seed);
                        t2
                    }
                    None => Tree::fresh(pos, Pcg64Mcg::seed_from_u64(seed)),
                },
                None => Tree::fresh(pos, Pcg64Mcg::seed_from_u64(seed)),
            };
            trees.push(tree);
        }
        let (per_thread, deadline) = match budget {
            Budget::Nodes(n) => ((n / threads as u64).max(1), None),
            Budget::Depth(d) => ((u64::from(d) * 1000 / threads as u64).max(1), None),
            Budget::Time(t) => (u64::MAX, Some(start + t)),
        };
        let c = self.c;
        let grow = |mut tree: Tree<G>| -> (Tree<G>, u64) {
            let mut buf = Vec::new();
            let mut done = 0u64;
            while done < per_thread {
                if done & 63 == 0
                    && let Some(d) = deadline
                    && Instant::now() >= d
                {
                    break;
                }
                tree.playout(c, &mut buf);
                done += 1;
            }
            (tree, done)
        };
        let grown: Vec<(Tree<G>, u64)> = if threads == 1 {
            trees.into_iter().map(grow).collect()
        } else {
            std::thread::scope(|s| {
                let hs: Vec<_> = trees
                    .into_iter()
                    .map(|t| s.spawn(move || grow(t)))
                    .collect();
                hs.into_iter()
                    .map(|h| h.join().expect("mcts thread panicked"))
                    .collect()
            })
        };
        let nodes = grown.iter().map(|g| g.1).sum();
        // Sum root statistics per move over the threads.
        let mut stats: Vec<(G::Move, u64, f64)> = root_moves.iter().map(|&m| (m, 0, 0.0)).collect();
        for (tree, _) in &grown {
            for &ch in &tree.nodes[0].children {
                let n = &tree.nodes[ch as usize];
                if let Some(e) = stats.iter_mut().find(|e| Some(e.0) == n.mv) {
                    e.1 += u64::from(n.visits);
                    e.2 += n.reward;
                }
            }
        }
        let mut best = 0;
        for (i, e) in stats.iter().enumerate() {
            if e.1 > stats[best].1 {
                best = i;
            }
        }
        let (mv, visits, reward) = stats[best];
        let score = if visits > 0 {
            (reward / visits as f64 * 1000.0).round() as i32
        } else {
            500
        };
        // Principal variation: most visited line in the first tree.
        let mut pv = vec![mv];
        let t0 = &grown[0].0;
        let mut n = t0.nodes[0]
            .children
            .iter()
            .copied()
            .find(|&c| t0.nodes[c as usize].mv == Some(mv));
        while let Some(cur) = n {
            let node = &t0.nodes[cur as usize];
            let next = node
                .children
                .iter()
                .copied()
                .max_by_key(|&c| t0.nodes[c as usize].visits);
            match next {
                Some(c) if t0.nodes[c as usize].visits > 0 && pv.len() < 16 => {
                    pv.extend(t0.nodes[c as usize].mv);
                    n = Some(c);
                }
                _ => break,
            }
        }
        if self.reuse {
            for (t, (tree, _)) in grown.into_iter().enumerate() {
                self.trees[t] = Some(tree);
            }
        }
        SearchResult {
            best: Some(mv),
            score,
            depth: 0,
            nodes,
            pv,
        }
    }
}
