//! What a drop leaves at rest stays at rest (P9, P-12, P-16): after a
//! placement has settled, nothing on the table is still moving, so a
//! later drop that fells nothing leaves every other tower exactly as it
//! stood, and a tower judged standing cannot fall during another seat's
//! drop unless something from that drop reaches it.

use stackyard_core::{Game, Seed};
use stackyard_physics::PieceId as BodyId;
use stackyard_speedy::bots::simulate_levels;
use stackyard_speedy::{Action, Event, Settings, SpeedyTowers};

/// The exact poses (rapier's bits) of every body standing in a tower other
/// than `except`, with the tower's index.
fn other_towers(g: &SpeedyTowers, except: usize) -> Vec<(usize, BodyId, [u32; 7])> {
    let t = g.table().inner();
    let mut out = Vec::new();
    for (i, tower) in g.towers().iter().enumerate() {
        if i == except {
            continue;
        }
        let pieces = std::iter::once(tower.foundation).chain(tower.pieces.iter().map(|s| s.piece));
        for p in pieces {
            let b = g.body(p).expect("a standing piece has a body");
            out.push((i, b, t.pose_bits(b)));
        }
    }
    out
}

#[test]
fn p16_a_drop_leaves_the_table_asleep_and_other_towers_untouched() {
    let (mut rested_drops, mut quiet_drops) = (0, 0);
    for seed in 0..3 {
        let s = Settings::new(4);
        let levels = ["hard", "medium", "medium", "easy"];
        let r = simulate_levels(&s, &levels, Seed(seed), 3000).unwrap();
        let mut g = SpeedyTowers::new(&r.record.settings, r.record.seed).unwrap();
        for (i, entry) in r.record.actions.iter().enumerate() {
            let onto = match &entry.action {
                Action::Place { tower, .. } => Some(tower.index()),
                _ => None,
            };
            let before = onto.map(|t| other_towers(&g, t));
            let events = g.apply(entry.seat, &entry.action, entry.at).unwrap();
            let (Some(onto), Some(before)) = (onto, before) else {
                continue;
            };
            let (mut rested, mut felled) = (true, false);
            for e in &events {
                if let Event::Settled {
                    fallen, rested: r, ..
                } = e
                {
                    rested &= *r;
                    felled |= !fallen.is_empty();
                }
            }
            if rested {
                rested_drops += 1;
                assert!(
                    g.table().inner().at_rest(),
                    "seed {seed}, action {i}: the drop rested (P-12) but something \
                     on the table is still awake (P-16)"
                );
            }
            if !felled {
                // Nothing left tower `onto`: nothing could reach the others.
                quiet_drops += 1;
                for (t, b, bits) in before {
                    assert_eq!(
                        g.table().inner().pose_bits(b),
                        bits,
                        "seed {seed}, action {i}: body {b:?} of tower {t} moved during \
                         a drop onto tower {onto} that felled nothing (P-16)"
                    );
                }
            }
        }
    }
    // The checks mean something only over many drops.
    assert!(rested_drops >= 150, "only {rested_drops} drops rested");
    assert!(
        quiet_drops >= 100,
        "only {quiet_drops} drops felled nothing"
    );
}
