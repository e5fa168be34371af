//! Foundations stay where they were laid (P3, P10, P-6, P-15): falling
//! pieces may nudge a foundation tile, but lifting fallen pieces off the
//! table must not push it, and no foundation travels across the table.

use stackyard_core::{Game, Seed};
use stackyard_physics::{PieceKind, Pose};
use stackyard_speedy::bots::simulate_levels;
use stackyard_speedy::table::PhysTable;
use stackyard_speedy::{Event, Settings, SpeedyTowers};

/// How far (mm) a foundation may end up from where it was laid, over a
/// whole game (P-15). A real foundation, an 11.5 g tile on the table, can
/// be nudged by a tower collapsing onto it, but only by millimetres: a
/// fifth of its 50.8 mm side still reads as "the same tower, a little
/// askew" to a player, while the bug this guards against moved
/// foundations by 30 mm to 1.85 m. After the fix bot games stay under 1 mm.
const FOUNDATION_TOLERANCE_MM: f64 = 10.0;

fn foundation_positions(g: &SpeedyTowers) -> Vec<[f64; 2]> {
    g.towers()
        .iter()
        .map(|t| {
            let b = g.body(t.foundation).expect("a foundation is on the table");
            let p = g.table().inner().pose(b).position;
            [p[0], p[1]]
        })
        .collect()
}

fn fallen_count(events: &[Event]) -> usize {
    events
        .iter()
        .map(|e| match e {
            Event::Settled { fallen, .. } => fallen.len(),
            _ => 0,
        })
        .sum()
}

#[test]
fn p15_foundations_stay_put_through_bot_games_with_many_falls() {
    // The reported setting: two hard:50 bots. Every game is replayed action
    // by action and each foundation measured after each action.
    let s = Settings::new(2);
    let mut big_falls = 0;
    for seed in 0..5 {
        let r = simulate_levels(&s, &["hard:50", "hard:50"], Seed(seed), 3000).unwrap();
        assert!(r.outcome.is_some(), "seed {seed}: the game finished");
        let mut g = SpeedyTowers::new(&r.record.settings, r.record.seed).unwrap();
        let laid = foundation_positions(&g);
        let mut worst = 0.0_f64;
        for (i, entry) in r.record.actions.iter().enumerate() {
            let events = g.apply(entry.seat, &entry.action, entry.at).unwrap();
            let fallen = fallen_count(&events);
            if fallen >= 5 {
                big_falls += 1;
            }
            for (t, (from, now)) in laid.iter().zip(foundation_positions(&g)).enumerate() {
                let d = (now[0] - from[0]).hypot(now[1] - from[1]);
                worst = worst.max(d);
                assert!(
                    d <= FOUNDATION_TOLERANCE_MM,
                    "seed {seed}, action {i} ({fallen} fallen): foundation {t} moved {d:.1} mm, \
                     from {from:?} to {now:?}"
                );
            }
        }
        eprintln!(
            "seed {seed}: {} placements, {} falls, worst foundation drift {worst:.2} mm",
            r.placements, r.falls
        );
    }
    // The check means something only if pieces did fall in heaps.
    assert!(big_falls >= 3, "only {big_falls} drops felled 5 or more");
}

#[test]
fn p6_lifting_a_piece_that_rests_on_a_foundation_and_the_table_does_not_push_it() {
    // A tile lying half on a foundation's edge, half on the table: fallen
    // (P10, it touches the table) and leaning its weight on the foundation.
    let s = Settings::new(2);
    let mut table = PhysTable::new(s.physics.clone());
    let foundation = table
        .drop_body(PieceKind::Tile, Pose::at(0.0, 0.0, 0.0))
        .unwrap();
    table.settle(1200, &[foundation]);
    let leaning = table
        .drop_body(
            PieceKind::Tile,
            Pose::at(40.0, 5.0, 6.7).rotated(0.0, 0.0, 20.0),
        )
        .unwrap();
    table.settle(1200, &[foundation]);
    let inner = table.inner();
    assert!(
        inner.on_table(leaning),
        "the leaning tile touches the table"
    );
    assert!(
        inner.contacts().contains(&(foundation, leaning)),
        "the leaning tile rests on the foundation"
    );
    let before = inner.pose(foundation);
    let run = table.lift_away(&[leaning], 1200, &[foundation]);
    assert!(run.rested);
    let after = table.inner().pose(foundation);
    let moved = (0..3)
        .map(|k| after.position[k] - before.position[k])
        .map(|d| d * d)
        .sum::<f64>()
        .sqrt();
    assert!(moved < 0.05, "the foundation moved {moved:.3} mm");
    // The lifted tile is gone from every query (P-6).
    let inner = table.inner();
    assert!(inner.is_removed(leaning));
    assert!(!inner.on_table(leaning));
    assert!(inner.contacts().is_empty());
    assert!(inner.towers().iter().all(|t| !t.pieces.contains(&leaning)));
}

#[test]
fn p6_a_drop_where_a_lifted_piece_lay_is_not_refused() {
    // Lifted pieces leave no ghost behind: the space they took is free.
    let s = Settings::new(2);
    let mut table = PhysTable::new(s.physics.clone());
    let f = table
        .drop_body(PieceKind::Tile, Pose::at(0.0, 0.0, 0.0))
        .unwrap();
    let lying = table
        .drop_body(PieceKind::Coin, Pose::at(100.0, 0.0, 0.0))
        .unwrap();
    table.settle(1200, &[f]);
    table.lift_away(&[lying], 1200, &[f]);
    assert!(
        table
            .drop_body(PieceKind::Coin, Pose::at(100.0, 0.0, 0.0))
            .is_ok()
    );
}
