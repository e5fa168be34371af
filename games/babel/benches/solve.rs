//! Open-deal solves per second against a baseline measured in the same
//! run: dealing the same deals and playing the greedy Strict policy.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use stackyard_babel::solver::Solver;
use stackyard_babel::strict::{Player, Policy};
use stackyard_babel::{Variant, deal_from_seed};
use stackyard_core::Seed;
use std::hint::black_box;

const DEALS: u64 = 200;

fn bench(c: &mut Criterion) {
    let deals: Vec<_> = (0..DEALS)
        .map(|i| deal_from_seed(Seed(1).child(i)))
        .collect();
    let mut group = c.benchmark_group("babel");
    group.throughput(Throughput::Elements(DEALS));
    group.bench_function("baseline_deal_and_greedy", |b| {
        let mut player = Player::new(Policy::Greedy, Seed(0));
        b.iter(|| {
            let mut sum = 0;
            for i in 0..DEALS {
                sum += player.play(Seed(1).child(i), Variant::Strict);
            }
            black_box(sum)
        })
    });
    let mut solver = Solver::new();
    group.bench_function("solve_standard", |b| {
        b.iter(|| {
            let mut sum = 0;
            for d in &deals {
                sum += solver.solve(black_box(d), Variant::Standard).min_stacks;
            }
            black_box(sum)
        })
    });
    group.bench_function("solve_strict", |b| {
        b.iter(|| {
            let mut sum = 0;
            for d in &deals {
                sum += solver.solve(black_box(d), Variant::Strict).min_stacks;
            }
            black_box(sum)
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
