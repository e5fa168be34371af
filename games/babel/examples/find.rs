//! Lists the deals of a seeded range whose minimum is above one stack
//! (development aid: `find SEED FROM TO`).

use stackyard_babel::solver::Solver;
use stackyard_babel::{Variant, deal_from_seed, order_text};
use stackyard_core::Seed;

fn main() {
    let a: Vec<u64> = std::env::args()
        .skip(1)
        .map(|x| x.parse().unwrap())
        .collect();
    let mut solver = Solver::new();
    for i in a[1]..a[2] {
        let order = deal_from_seed(Seed(a[0]).child(i));
        let s = solver.solve(&order, Variant::Standard);
        if s.min_stacks > 1 {
            println!(
                "deal {i} min {} nodes {}: {}",
                s.min_stacks,
                s.nodes,
                order_text(&order)
            );
        }
    }
}
