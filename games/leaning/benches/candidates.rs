//! Candidate placements the bot evaluates per second (goal: ≥ 200 on one
//! core), on a small structure (the leaning pair plus two pieces): each
//! candidate is sampled (with its trial drops) and simulated on a copy of
//! the world, with the bot's early-out and, for comparison, without it;
//! and a hold candidate (L12): held, then let go as the next turn would.
//! Baseline in the same run: one small pyramid dropped flat on an empty
//! table and settled, so results can be read as ratios on any machine.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use stackyard_core::{Game, GameTime, Seat, Seed, Viewer};
use stackyard_leaning::bot::{Run, hold_candidate, infos, run_candidate, sample_candidate};
use stackyard_leaning::judge::{Attempt, attempt};
use stackyard_leaning::{Action, FoundationPiece, HandNoise, LeaningTowers, Settings, Size, World};
use stackyard_physics::Pose;
use std::hint::black_box;

fn structure() -> (Settings, stackyard_leaning::View) {
    let mut s = Settings::new(2);
    s.hand_noise = HandNoise::OFF;
    let mut g = LeaningTowers::new(&s, Seed(1)).unwrap();
    let left = Pose::at(-38.595, 0.0, 11.019).rotated(0.0, 60.0, 0.0);
    let right = Pose::at(38.595, 0.0, 11.019).rotated(0.0, -60.0, 0.0);
    let pieces = [
        FoundationPiece {
            size: Size::Large,
            pose: left,
        },
        FoundationPiece {
            size: Size::Large,
            pose: right,
        },
    ];
    g.apply(Seat(0), &Action::Foundation { pieces }, GameTime::ZERO)
        .unwrap();
    let small = Pose {
        position: [-30.896034160356344, -31.940625, 6.287751510039813],
        rotation_deg: [0.0, 60.0, 90.0],
    };
    let medium = Pose {
        position: [-71.27415916035633, 0.0, 8.69097200554163],
        rotation_deg: [0.0, 60.0, 0.0],
    };
    g.apply(
        Seat(0),
        &Action::Place {
            size: Size::Small,
            pose: small,
        },
        GameTime::ZERO,
    )
    .unwrap();
    g.apply(
        Seat(1),
        &Action::Place {
            size: Size::Medium,
            pose: medium,
        },
        GameTime::ZERO,
    )
    .unwrap();
    assert_eq!(g.pieces().len(), 4);
    (s, g.view(Viewer::Seat(Seat(0))))
}

fn candidates(c: &mut Criterion) {
    let (settings, view) = structure();
    let pieces = infos(&view);
    let mut group = c.benchmark_group("leaning");
    group.throughput(Throughput::Elements(1));
    group.sample_size(30);

    group.bench_function("baseline_small_dropped_on_empty_table", |b| {
        b.iter(|| {
            let mut w = World::new(settings.table_settings());
            w.0.drop_piece(Size::Small.kind(), Pose::at(0.0, 0.0, 0.5))
                .unwrap();
            black_box(w.0.settle().steps)
        })
    });

    for (name, early_out) in [("bot_candidate", true), ("bot_candidate_full_run", false)] {
        let mut world = World::from_snapshot(&view.world);
        let before = world.0.snapshot();
        let mut rng = Seed(3).rng("bench");
        let mut i = 0usize;
        group.bench_function(name, |b| {
            b.iter(|| {
                i += 1;
                let size = [Size::Small, Size::Medium, Size::Large][i % 3];
                let Some(c) =
                    sample_candidate(&mut world, &before, &view, size, &settings, &mut rng)
                else {
                    return 0;
                };
                world.0.restore(&before);
                let j = attempt(
                    &mut world,
                    &pieces,
                    Attempt::Drop { size, pose: c.pose },
                    &settings,
                    early_out,
                );
                black_box(j.steps)
            })
        });
    }
    // A hold candidate (L12): the same sampled poses raised clear of the
    // table; screened (set in place and let go at once), and judged in full
    // (held, the structure settled around it, then let go) as the bot
    // judges its finalist holds.
    for (name, full) in [("bot_hold_candidate", false), ("bot_hold_full_run", true)] {
        let mut world = World::from_snapshot(&view.world);
        let before = world.0.snapshot();
        let mut rng = Seed(3).rng("bench");
        let mut i = 0usize;
        group.bench_function(name, |b| {
            b.iter(|| {
                i += 1;
                let size = [Size::Small, Size::Medium, Size::Large][i % 3];
                let Some(c) =
                    sample_candidate(&mut world, &before, &view, size, &settings, &mut rng)
                else {
                    return 0;
                };
                let c = hold_candidate(c, &settings);
                match run_candidate(&mut world, &before, &pieces, Seat(0), c, &settings, full) {
                    Run::Released(r) | Run::Held { release: r, .. } => black_box(r.steps),
                    _ => 0,
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, candidates);
criterion_main!(benches);
