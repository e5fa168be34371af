//! Search speed on Towers, each figure beside a baseline measured in the
//! same run: alpha-beta nodes against perft nodes of the same position,
//! MCTS playouts against plain random playouts, the 4x4 solve against a
//! 4x4 perft.
//!
//! `cargo bench -p stackyard-towers --bench search -- --warm-up-time 1 --measurement-time 3`

use criterion::{Criterion, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stackyard_search::{AlphaBeta, Budget, Mcts, SearchGame, Solver};
use stackyard_towers::ai::{Board, Rules, TMove, TUNED};
use std::hint::black_box;

fn perft(b: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    b.moves(&mut moves);
    moves.iter().map(|&m| perft(&b.play(m), depth - 1)).sum()
}

fn random_playouts(b: &Board, n: u64, seed: u64) -> i64 {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut buf: Vec<TMove> = Vec::new();
    let mut total = 0i64;
    for _ in 0..n {
        let mut p = b.clone();
        loop {
            buf.clear();
            p.moves(&mut buf);
            if buf.is_empty() {
                break;
            }
            p = p.play(buf[(rng.next_u64() % buf.len() as u64) as usize]);
        }
        total += i64::from(p.margin());
    }
    total
}

/// The 8x8 start after 10 seeded random plies: a midgame with holes.
fn midgame() -> Board {
    let mut b = Board::new(8, 8, Rules::default()).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let mut buf = Vec::new();
    for _ in 0..10 {
        buf.clear();
        b.moves(&mut buf);
        b = b.play(buf[(rng.next_u64() % buf.len() as u64) as usize]);
    }
    assert!(!b.is_over());
    b
}

fn bench(c: &mut Criterion) {
    let start = Board::new(8, 8, Rules::default()).unwrap();
    let mid = midgame();
    for (name, pos) in [("start", &start), ("midgame", &mid)] {
        let nodes = perft(pos, 2);
        eprintln!("perft 2 of 8x8 {name}: {nodes} leaves");
        c.bench_function(&format!("baseline perft2 8x8 {name}"), |b| {
            b.iter(|| perft(black_box(pos), 2))
        });
        let ab = AlphaBeta::new(TUNED).threads(1).tt_bits(18);
        c.bench_function(&format!("alphabeta n20000 1 thread 8x8 {name}"), |b| {
            b.iter(|| ab.search(black_box(pos), Budget::Nodes(20_000)))
        });
        let ab2 = AlphaBeta::new(TUNED).threads(2).tt_bits(18);
        c.bench_function(&format!("alphabeta n20000 2 threads 8x8 {name}"), |b| {
            b.iter(|| ab2.search(black_box(pos), Budget::Nodes(20_000)))
        });
        c.bench_function(&format!("baseline 200 random playouts 8x8 {name}"), |b| {
            b.iter(|| random_playouts(black_box(pos), 200, 1))
        });
        c.bench_function(&format!("mcts n200 1 thread 8x8 {name}"), |b| {
            b.iter(|| {
                Mcts::new(1)
                    .threads(1)
                    .reuse(false)
                    .search(black_box(pos), Budget::Nodes(200))
            })
        });
        c.bench_function(&format!("mcts n200 2 threads 8x8 {name}"), |b| {
            b.iter(|| {
                Mcts::new(1)
                    .threads(2)
                    .reuse(false)
                    .search(black_box(pos), Budget::Nodes(200))
            })
        });
    }
    let small = Board::new(4, 4, Rules::default()).unwrap();
    eprintln!("perft 5 of 4x4: {} leaves", perft(&small, 5));
    c.bench_function("baseline perft5 4x4", |b| {
        b.iter(|| perft(black_box(&small), 5))
    });
    let mut g = c.benchmark_group("solve");
    g.sample_size(10);
    g.bench_function("solve 4x4", |b| {
        b.iter(|| {
            let s = Solver::<Board>::new(18).solve(black_box(&small));
            assert_eq!(s.value, 1);
        })
    });
    g.bench_function("solve 4x4, 2 threads", |b| {
        b.iter(|| {
            let s = Solver::<Board>::new(18).threads(2).solve(black_box(&small));
            assert_eq!(s.value, 1);
        })
    });
    // 4x5 (value +2): large enough for the threads to matter.
    let wide = Board::new(4, 5, Rules::default()).unwrap();
    for threads in [1, 2] {
        g.bench_function(format!("solve 4x5, {threads} thread(s)"), |b| {
            b.iter(|| {
                let s = Solver::<Board>::new(22)
                    .threads(threads)
                    .solve(black_box(&wide));
                assert_eq!(s.value, 2);
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
