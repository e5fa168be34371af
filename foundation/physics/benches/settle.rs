//! Time to settle one placement: on a 25-piece tile tower and on a
//! 30-piece Leaning-Towers-like structure, against a baseline measured in
//! the same run (one tile dropped on the empty table).

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use stackyard_physics::{PieceKind, Pose, Settings, Snapshot, Table};
use std::hint::black_box;

const TILE: f64 = 6.35;

/// A settled column of `n` tiles, each shifted a little (up to ±1.5 mm)
/// as a hand would.
fn tower(n: usize) -> Table {
    let mut t = Table::new(Settings::default());
    for i in 0..n {
        let (dx, dy) = (
            ((i * 7) % 5) as f64 * 0.75 - 1.5,
            ((i * 3) % 5) as f64 * 0.75 - 1.5,
        );
        t.drop_piece(PieceKind::Tile, Pose::at(dx, dy, TILE * i as f64))
            .unwrap();
    }
    assert!(t.settle().rested);
    t
}

/// A leaning pair: two pyramids on one base edge each, tilted 60° towards
/// each other, apexes meeting over (x, y).
fn leaning_pair(t: &mut Table, kind: PieceKind, x: f64, y: f64) {
    let s = t.settings().pieces.clone();
    let spec = match kind {
        PieceKind::PyramidLarge => s.pyramid_large,
        PieceKind::PyramidMedium => s.pyramid_medium,
        _ => s.pyramid_small,
    };
    let a = 60f64.to_radians();
    let cx = spec.height * a.sin() + 0.1;
    let z = spec.base / 2.0 * a.sin() + 0.02;
    t.drop_piece(kind, Pose::at(x - cx, y, z).rotated(0.0, 60.0, 0.0))
        .unwrap();
    t.drop_piece(kind, Pose::at(x + cx, y, z).rotated(0.0, -60.0, 0.0))
        .unwrap();
}

/// 30 pyramids: ten leaning pairs (large and medium alternating) with an
/// upright small pyramid between the feet of each pair.
fn leaning(n_pairs: usize) -> Table {
    let mut t = Table::new(Settings::default());
    for k in 0..n_pairs {
        let kind = if k % 2 == 0 {
            PieceKind::PyramidLarge
        } else {
            PieceKind::PyramidMedium
        };
        let y = 45.0 * k as f64;
        leaning_pair(&mut t, kind, 0.0, y);
        t.drop_piece(PieceKind::PyramidSmall, Pose::at(0.0, y, 0.0))
            .unwrap();
    }
    assert!(t.settle().rested);
    t
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("settle");
    g.bench_function("baseline: one tile on the empty table", |b| {
        b.iter(|| {
            let mut t = Table::new(Settings::default());
            t.drop_piece(PieceKind::Tile, Pose::at(0.0, 0.0, 1.0))
                .unwrap();
            black_box(t.settle())
        })
    });
    let tower24: Snapshot = tower(24).snapshot();
    g.bench_function("25th tile on a 24-tile tower", |b| {
        b.iter_batched(
            || Table::from_snapshot(&tower24),
            |mut t| {
                t.drop_piece(PieceKind::Tile, Pose::at(2.0, -1.0, 24.0 * TILE + 0.5))
                    .unwrap();
                let s = t.settle();
                assert!(s.rested);
                black_box(s)
            },
            BatchSize::SmallInput,
        )
    });
    let lean = leaning(10);
    assert_eq!(lean.len(), 30);
    let lean30 = lean.snapshot();
    g.bench_function("pyramid on a 30-pyramid leaning structure", |b| {
        b.iter_batched(
            || Table::from_snapshot(&lean30),
            |mut t| {
                // A small pyramid let go on its side against the first pair.
                t.drop_piece(
                    PieceKind::PyramidSmall,
                    Pose::at(-12.0, -22.0, 8.0).rotated(0.0, 90.0, 0.0),
                )
                .unwrap();
                black_box(t.settle())
            },
            BatchSize::SmallInput,
        )
    });
    g.bench_function("restore a 30-pyramid snapshot", |b| {
        b.iter(|| black_box(Table::from_snapshot(&lean30)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
