//! Local search for hard deals: swap two tiles of the order and keep the
//! swap when the solver needs at least as much effort (nodes), preferring
//! any deal whose minimum is above one stack; a walk among deals without a
//! full win; and a construction of deals where no move is ever legal.

use crate::solver::Solver;
use crate::{Tile, Variant, deal_from_seed};
use rand::RngExt;
use stackyard_core::Seed;

/// The hardest deal one hunt found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The order.
    pub order: Vec<Tile>,
    /// Its minimum number of stacks.
    pub min_stacks: usize,
    /// The solver's nodes on it.
    pub nodes: u64,
}

/// Climbs from the deal of `seed` for `steps` swaps; the score is
/// (minimum stacks, nodes), higher is harder.
pub fn hunt(seed: Seed, steps: u64, variant: Variant, solver: &mut Solver) -> Found {
    let mut rng = seed.rng("hunt");
    let mut order = deal_from_seed(seed);
    let s = solver.solve(&order, variant);
    let mut best = Found {
        order: order.clone(),
        min_stacks: s.min_stacks,
        nodes: s.nodes,
    };
    for _ in 0..steps {
        let i = rng.random_range(0..order.len());
        let j = rng.random_range(0..order.len());
        order.swap(i, j);
        let s = solver.solve(&order, variant);
        if (s.min_stacks, s.nodes) >= (best.min_stacks, best.nodes) {
            best = Found {
                order: order.clone(),
                min_stacks: s.min_stacks,
                nodes: s.nodes,
            };
        } else {
            order.swap(i, j);
        }
    }
    best
}

/// A deal on which no move is ever legal (B5), so that it ends in 24
/// stacks whatever the player does: every tile differs in suit and in value
/// from the tiles 1 and 3 before it in the order (then no two stacks 1 or
/// 3 apart ever match, since no move ever changes the line). Randomised
/// depth-first search from `seed`; `None` if `max_steps` placements find
/// nothing.
pub fn blocked_deal(seed: Seed, max_steps: u64) -> Option<Vec<Tile>> {
    let mut rng = seed.rng("blocked");
    let mut order: Vec<u8> = Vec::with_capacity(24);
    let mut steps = 0u64;
    fn place(
        order: &mut Vec<u8>,
        used: u32,
        rng: &mut impl RngExt,
        steps: &mut u64,
        max: u64,
    ) -> bool {
        if order.len() == 24 {
            return true;
        }
        *steps += 1;
        if *steps > max {
            return false;
        }
        let mut cands: Vec<u8> = (0..24u8)
            .filter(|&t| used & (1 << t) == 0)
            .filter(|&t| {
                let n = order.len();
                let near = |k: usize| n >= k && crate::tiles_match(t, order[n - k]);
                !near(1) && !near(3)
            })
            .collect();
        for k in (1..cands.len()).rev() {
            cands.swap(k, rng.random_range(0..=k));
        }
        for t in cands {
            order.push(t);
            if place(order, used | (1 << t), rng, steps, max) {
                return true;
            }
            order.pop();
        }
        false
    }
    place(&mut order, 0, &mut rng, &mut steps, max_steps).then(|| {
        order
            .into_iter()
            .map(|t| Tile::from_index(t).expect("tile index"))
            .collect()
    })
}

/// Walks among deals without a full win: from `start`, tries `steps`
/// random swaps of two tiles and keeps a swap when the deal's minimum
/// does not drop (it may stay level, so the walk drifts among equally bad
/// deals). Returns every distinct deal without a full win it stood on,
/// with its minimum, in the order visited.
pub fn walk_unwinnable(
    start: &[Tile],
    steps: u64,
    seed: Seed,
    solver: &mut Solver,
) -> Vec<(Vec<Tile>, usize)> {
    let mut rng = seed.rng("walk");
    let mut order = start.to_vec();
    let mut current = solver.solve(&order, Variant::Standard).min_stacks;
    let mut seen = std::collections::HashSet::new();
    let mut found = Vec::new();
    if current > 1 {
        seen.insert(order.clone());
        found.push((order.clone(), current));
    }
    for _ in 0..steps {
        let i = rng.random_range(0..order.len());
        let j = rng.random_range(0..order.len());
        order.swap(i, j);
        let m = solver.solve(&order, Variant::Standard).min_stacks;
        if m >= current && m > 1 {
            current = m;
            if seen.insert(order.clone()) {
                found.push((order.clone(), m));
            }
        } else {
            order.swap(i, j);
        }
    }
    found
}
