//! Random playouts from the 8×8 start, one per iteration (criterion reports
//! playouts per second), next to two baselines in the same run: cloning the
//! start position (the floor any playout pays) and a plain playout through
//! the checked API (`legal_moves` + `play`).
//!
//! `cargo bench -p stackyard-towers --bench playouts -- --warm-up-time 1 --measurement-time 3`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stackyard_towers::{Position, random_playout};
use std::hint::black_box;

fn naive_playout(p: &mut Position, rng: &mut Pcg64Mcg) -> u32 {
    let mut plies = 0;
    loop {
        let moves = p.legal_moves();
        if moves.is_empty() {
            return plies;
        }
        p.play(moves[rng.random_range(0..moves.len())])
            .expect("legal");
        plies += 1;
    }
}

fn bench(c: &mut Criterion) {
    let start = Position::standard();
    let mut g = c.benchmark_group("towers_playouts_8x8");
    g.throughput(Throughput::Elements(1));
    g.bench_function("baseline_clone_start", |b| {
        b.iter(|| black_box(&start).clone())
    });
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    g.bench_function("baseline_naive_playout", |b| {
        b.iter(|| naive_playout(&mut black_box(&start).clone(), &mut rng))
    });
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    g.bench_function("random_playout", |b| {
        b.iter(|| random_playout(&mut black_box(&start).clone(), &mut rng))
    });
    g.finish();
    // Every playout ends in a finished game.
    let mut p = start.clone();
    let plies = random_playout(&mut p, &mut Pcg64Mcg::seed_from_u64(2));
    assert!(p.is_over() && plies > 0);
}

criterion_group!(benches, bench);
criterion_main!(benches);
