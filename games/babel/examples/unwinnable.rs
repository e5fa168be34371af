//! Deals without a full win: a deal where no move is ever legal, and a
//! walk among deals without a full win starting from the one the survey
//! found (`unwinnable STEPS`; development aid for `docs/results.md`).

use stackyard_babel::hunt::{blocked_deal, walk_unwinnable};
use stackyard_babel::solver::Solver;
use stackyard_babel::{Tile, Variant, order_text};
use stackyard_core::Seed;

/// Seed 3, deal 237276 of `stackyard babel solve --deals 1000000 --seed 3`.
const UNWINNABLE: &str = "Mn Ma A4 S5 A3 Sa C3 M5 An M2 Aa M4 C4 Sn C2 M3 A5 S3 Ca S4 C5 Cn A2 S2";

fn main() {
    let steps: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let mut solver = Solver::new();
    if let Some(order) = blocked_deal(Seed(1), 1_000_000) {
        let s = solver.solve(&order, Variant::Standard);
        println!(
            "blocked deal ({} stacks at best): {}",
            s.min_stacks,
            order_text(&order)
        );
    }
    let start: Vec<Tile> = UNWINNABLE.split(' ').map(|c| c.parse().unwrap()).collect();
    let found = walk_unwinnable(&start, steps, Seed(1), &mut solver);
    let mut by_min = [0u64; 25];
    for (_, m) in &found {
        by_min[*m] += 1;
    }
    println!(
        "walk of {steps} swaps from the seed-3 deal: {} distinct deals without a full win",
        found.len()
    );
    for (m, c) in by_min.iter().enumerate().filter(|(_, c)| **c > 0) {
        println!("  {m} stacks at best: {c}");
    }
    // The closest ones to a win: the first few visited (one swap away).
    for (order, m) in found.iter().take(4) {
        println!("  {m}: {}", order_text(order));
    }
}
