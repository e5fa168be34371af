//! Quick timing of the open-deal solver on seeded deals (development aid).

use stackyard_babel::solver::Solver;
use stackyard_babel::{Variant, deal_from_seed};
use stackyard_core::Seed;
use std::time::Instant;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10_000);
    let strict = std::env::args().any(|a| a == "strict");
    let variant = if strict {
        Variant::Strict
    } else {
        Variant::Standard
    };
    let mut solver = Solver::new();
    let start = Instant::now();
    let mut hist = [0u64; 25];
    let mut max_nodes = (0, 0);
    let mut total = 0u64;
    let mut all = Vec::new();
    solver.full_line = !std::env::args().any(|a| a == "interleaved");
    let knob = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    if let Some(v) = knob("BABEL_FIRST") {
        solver.first_budget = v;
    }
    if let Some(v) = knob("BABEL_RESTARTS") {
        solver.restarts = v;
    }
    if let Some(v) = knob("BABEL_SHORT") {
        solver.set_short_len(v as u8);
    }
    if let Some(v) = knob("BABEL_KEEP") {
        solver.keep_dead = v != 0;
    }
    for i in 0..n {
        let order = deal_from_seed(Seed(1).child(i));
        let s = solver.solve(&order, variant);
        hist[s.min_stacks] += 1;
        total += s.nodes;
        all.push(s.nodes);
        if s.nodes > max_nodes.0 {
            max_nodes = (s.nodes, i);
        }
    }
    all.sort();
    println!(
        "median {} p90 {} p99 {}",
        all[all.len() / 2],
        all[all.len() * 9 / 10],
        all[all.len() * 99 / 100]
    );
    let t = start.elapsed().as_secs_f64();
    println!(
        "{n} deals in {t:.2}s = {:.0}/s; hist {:?}; max nodes {:?} mean {}",
        n as f64 / t,
        &hist[..8],
        max_nodes,
        total / n
    );
}
