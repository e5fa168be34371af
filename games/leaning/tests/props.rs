//! Properties over random actions (few cases: every placement runs the
//! physics): a rejected action changes nothing, pieces are conserved, and a
//! record replays to bit-identical poses.

mod common;

use common::*;
use proptest::prelude::*;
use stackyard_core::{Game, GameTime, Record, Seat, Seed, ToAct, replay};
use stackyard_leaning::{Action, LeaningTowers, Settings, Size};
use stackyard_physics::Pose;

type Op = (u8, u8, u8, f64, f64, f64, f64, f64);

fn op() -> impl Strategy<Value = Op> {
    (
        0u8..4,
        0u8..9,
        0u8..3,
        -70.0f64..70.0,
        -70.0f64..70.0,
        0.0f64..60.0,
        -90.0f64..90.0,
        -90.0f64..90.0,
    )
}

/// An action from random numbers: mostly placements (some known to rest
/// on the foundation), some holds, releases and passes, sometimes by the
/// wrong seat.
fn action(game: &LeaningTowers, op: &Op) -> (Seat, Action) {
    let &(seat_pick, kind, size, x, y, z, a, b) = op;
    let seat = match (game.to_act(), seat_pick) {
        (ToAct::Seat(s), 0..=2) => s,
        _ => Seat(seat_pick % 4),
    };
    let size = Size::ALL[usize::from(size)];
    let pose = Pose::at(x, y, z).rotated(a, b, a + b);
    // L12: when a release is due, a pass becomes the release (anything
    // else is rejected, which the properties check too).
    let release_due = game
        .view(stackyard_core::Viewer::Spectator)
        .turn
        .is_some_and(|t| t.release);
    let action = match kind {
        0 if release_due => Action::Release,
        0 => Action::Pass,
        8 => Action::Release,
        1 => Action::Hold { size, pose },
        2 => Action::Place {
            size,
            pose: SMALL_LEANING_ON_LEFT,
        },
        3 => Action::Place {
            size,
            pose: MEDIUM_LEANING_ON_LEFT,
        },
        4 => Action::Place {
            size,
            pose: small_on_left_face(0.3),
        },
        _ => Action::Place { size, pose },
    };
    (seat, action)
}

fn noisy_game(seed: u64) -> LeaningTowers {
    let mut g = LeaningTowers::new(&Settings::new(3), Seed(seed)).unwrap();
    g.apply(Seat(0), &Action::AutoFoundation, GameTime::ZERO)
        .unwrap();
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn rejected_actions_change_nothing_and_pieces_are_conserved(
        seed in 0u64..1000,
        ops in prop::collection::vec(op(), 1..10),
    ) {
        let mut game = noisy_game(seed);
        for op in &ops {
            let (seat, action) = action(&game, op);
            let before = game.clone();
            if game.apply(seat, &action, GameTime::ZERO).is_err() {
                prop_assert!(game == before, "{:?} by {} changed the game", action, seat);
            }
            prop_assert!(game.pieces_accounted().iter().all(|&n| n == 15), "{:?}", game.pieces_accounted());
        }
    }

    #[test]
    fn a_record_replays_bit_identically(
        seed in 0u64..1000,
        ops in prop::collection::vec(op(), 1..8),
    ) {
        let settings = Settings::new(3);
        let mut game = LeaningTowers::new(&settings, Seed(seed)).unwrap();
        let mut record = Record::new::<LeaningTowers>(settings.clone(), Seed(seed));
        game.apply(Seat(0), &Action::AutoFoundation, GameTime::ZERO).unwrap();
        record.push(Seat(0), GameTime::ZERO, Action::AutoFoundation);
        for op in &ops {
            let (seat, action) = action(&game, op);
            if game.apply(seat, &action, GameTime::ZERO).is_ok() {
                record.push(seat, GameTime::ZERO, action);
            }
        }
        let (replayed, _) = replay::<LeaningTowers>(&record).unwrap();
        prop_assert_eq!(replayed.world().pose_bits(), game.world().pose_bits());
        prop_assert!(replayed == game);
    }
}

fn kind_name(i: u8) -> &'static str {
    [
        "pyramid-small",
        "pyramid-medium",
        "pyramid-large",
        "tile",
        "nonsense",
    ][usize::from(i) % 5]
}

fn number(choice: u8, v: f64) -> f64 {
    match choice % 8 {
        0 => 1e300,
        1 => -1e7,
        _ => v,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Whatever the scenario, the judge answers (a report or an error
    /// saying what is wrong) and never panics.
    #[test]
    fn the_judge_never_panics(
        pieces in prop::collection::vec((0u8..5, 0u8..40, -60.0f64..60.0, -60.0f64..60.0, 0.0f64..40.0, -200.0f64..200.0, any::<bool>()), 0..4),
        placement in (0u8..5, 0u8..40, -80.0f64..80.0, -80.0f64..80.0, 0.0f64..60.0, -200.0f64..200.0, any::<bool>()),
    ) {
        use stackyard_leaning::scenario::{OwnerName, judge};
        let mut structure = Vec::new();
        for (i, &(k, c, x, y, z, r, held)) in pieces.iter().enumerate() {
            let mut p = piece(&format!("p{i}"), kind_name(k), Pose::at(number(c, x), y, z).rotated(r, number(c / 8, r), 0.0), OwnerName::Seat(i as u8));
            p.held = held;
            structure.push(p);
        }
        let (k, c, x, y, z, r, hold) = placement;
        let input = scenario(structure, kind_name(k), Pose::at(x, number(c, y), z).rotated(number(c / 8, r), r, r), hold);
        match judge(&input) {
            Ok(report) => prop_assert!(report.points >= -15 && report.points <= 20, "{:?}", report),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}
