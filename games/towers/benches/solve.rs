//! The exact solver's move ordering (issue 45): history ordering of the
//! moves the margin leaves tied, against the solver as it was (margin
//! only), on the same boards in the same run, one thread so the node
//! counts are exact and repeatable. The node counts are printed first.
//!
//! `cargo bench -p stackyard-towers --bench solve -- --warm-up-time 1`
//! (add `5x5` after `--` for the 5×5 pair alone: about 30 s a solve).

use criterion::{Criterion, criterion_group, criterion_main};
use stackyard_search::Solver;
use stackyard_towers::ai::{Board, Rules};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve ordering");
    g.sample_size(10);
    for (cols, rows, bits, value) in [(4u8, 5u8, 22u32, 2), (5, 5, 24, 2)] {
        let b = Board::new(cols, rows, Rules::default()).unwrap();
        for (name, history) in [("margin only (before)", false), ("history", true)] {
            let solve = || {
                Solver::<Board>::new(bits)
                    .threads(1)
                    .history(history)
                    .solve(black_box(&b))
            };
            let mut counted = false;
            g.bench_function(format!("{cols}x{rows} {name}"), |bench| {
                // Once, and only when this one runs (a filter may skip it).
                if !counted {
                    let s = solve();
                    assert_eq!(s.value, value);
                    eprintln!("{cols}x{rows} {name}: {} nodes", s.nodes);
                    counted = true;
                }
                bench.iter(|| assert_eq!(solve().value, value))
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
