//! Local search for hard deals: swap two tiles of the order and keep the
//! swap when the solver needs at least as much effort (nodes), preferring
//! any deal whose minimum is above one stack.

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
