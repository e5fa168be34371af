//! perft from the 8×8 start: the fast engine at depth 5 (asserting its
//! count first, so a faster-but-wrong change fails), and at depth 4 next to
//! a baseline measured in the same run: the same count through the plain
//! public path (`legal_moves` into a new vector, checked `played` copies).
//!
//! `cargo bench -p stackyard-towers --bench perft -- --warm-up-time 1 --measurement-time 3`

use criterion::{Criterion, criterion_group, criterion_main};
use stackyard_towers::{Position, perft};
use std::hint::black_box;

/// perft by the definition, through the checked API only.
fn naive_perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = p.legal_moves();
    if moves.is_empty() {
        return 1;
    }
    moves
        .into_iter()
        .map(|m| naive_perft(&p.played(m).expect("generated moves are legal"), depth - 1))
        .sum()
}

fn bench(c: &mut Criterion) {
    let start = Position::standard();
    assert_eq!(perft(&start, 5), 81_478_364, "perft(5) from the 8x8 start");
    assert_eq!(naive_perft(&start, 4), 2_188_236);
    let mut g = c.benchmark_group("towers_perft_8x8");
    g.sample_size(10);
    g.bench_function("baseline_naive_perft_4", |b| {
        b.iter(|| naive_perft(black_box(&start), 4))
    });
    g.bench_function("perft_4", |b| b.iter(|| perft(black_box(&start), 4)));
    g.bench_function("perft_5", |b| b.iter(|| perft(black_box(&start), 5)));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
