//! The revised readings of 2026-11-26 on hand-made structures: building on
//! held pieces (L12), the release as the holder's turn (L12), and a wreck
//! that leaves fewer than two players ending the game (L9, L13). Hand noise
//! is off, so every run is the exact pose asked for.

mod common;

use common::*;
use stackyard_core::{Game, GameTime, RuleError, Seat, ToAct};
use stackyard_leaning::geometry::{face, pose_on_surface};
use stackyard_leaning::scenario::{JudgeVerdict, OwnerName, StructurePiece, judge};
use stackyard_leaning::{Action, EndReason, Event, LeaningError, Phase, Size, Verdict};
use stackyard_physics::{PieceSettings, Pose};

const T: GameTime = GameTime::ZERO;

fn shifted(p: Pose, d: [f64; 3]) -> Pose {
    Pose {
        position: [
            p.position[0] + d[0],
            p.position[1] + d[1],
            p.position[2] + d[2],
        ],
        ..p
    }
}

fn held(id: &str, kind: &str, pose: Pose) -> StructurePiece {
    let mut p = piece(id, kind, pose, OwnerName::Seat(1));
    p.held = true;
    p
}

/// The face of a piece whose outward normal points most upwards.
fn upward_face(size: Size, pose: &Pose) -> ([f64; 3], [f64; 3]) {
    (0..5)
        .map(|f| face(size, pose, f, &PieceSettings::default()))
        .max_by(|a, b| a.0[2].total_cmp(&b.0[2]))
        .unwrap()
}

#[test]
fn l12_a_small_resting_flat_on_a_held_large_is_clean() {
    // The left large lifted clear of the table and held; the small lies on
    // its upward face and touches nothing else.
    let lift = [0.0, 100.0, 5.0];
    let mut pieces = foundation_pieces();
    pieces.push(held("held", "pyramid-large", shifted(LEFT, lift)));
    let pose = shifted(small_on_left_face(0.3), lift);
    let r = judge(&scenario(pieces, "pyramid-small", pose, false)).unwrap();
    assert_eq!(r.verdict, JudgeVerdict::Clean, "{r:?}");
    assert!(r.rested, "L12: judged at rest like any other piece");
    assert_eq!(r.touching, vec!["held"]);
    // The held large touches nothing, so it counts as level 1 (L3).
    assert_eq!((r.level, r.points), (2, 3), "L10: 1 + level 2");
}

#[test]
fn l12_a_medium_leaning_on_a_held_large_is_clean() {
    // The case: a medium leaning from the table on a held large.
    let lift = [0.0, 100.0, 1.0];
    let mut pieces = foundation_pieces();
    pieces.push(held("held", "pyramid-large", shifted(LEFT, lift)));
    // Its leaning pose on the foundation's left large, moved back from the
    // lifted one until it starts free of it (a pose inside is refused).
    let r = (1..=20)
        .map(|k| {
            let pose = shifted(MEDIUM_LEANING_ON_LEFT, [-0.5 * f64::from(k), 100.0, 0.0]);
            judge(&scenario(pieces.clone(), "pyramid-medium", pose, false)).unwrap()
        })
        .find(|r| r.verdict != JudgeVerdict::Refused)
        .expect("a free pose within 10 mm");
    assert_eq!(r.verdict, JudgeVerdict::Clean, "{r:?}");
    assert!(r.rested);
    assert_eq!(r.touching, vec!["held"]);
    assert_eq!(r.level, 0, "it stands on the table");
}

#[test]
fn l12_a_medium_resting_in_the_v_of_two_held_pieces_is_clean() {
    // Two held larges whose upward faces make a V: the one on the left
    // faces up and to the right, its mirror image on the right.
    let (n_left, _) = upward_face(Size::Large, &LEFT);
    let (left_orient, right_orient) = if n_left[0] > 0.0 {
        (LEFT, RIGHT)
    } else {
        (RIGHT, LEFT)
    };
    let place_face = |orient: Pose, at: [f64; 3]| {
        let (_, c) = upward_face(Size::Large, &orient);
        shifted(orient, [at[0] - c[0], at[1] - c[1], at[2] - c[2]])
    };
    let w = 19.84 / 2.0;
    let (g, h) = (w + 6.0, 60.0);
    let a = place_face(left_orient, [-g, 100.0, h]);
    let b = place_face(right_orient, [g, 100.0, h]);
    let (n, _) = upward_face(Size::Large, &a);
    // The left face's height under the medium's base edge, and a hair more.
    let z = h - n[0] / n[2] * (g - w) + 0.5;
    let mut pieces = foundation_pieces();
    pieces.push(held("a", "pyramid-large", a));
    pieces.push(held("b", "pyramid-large", b));
    let r = judge(&scenario(
        pieces,
        "pyramid-medium",
        Pose::at(0.0, 100.0, z),
        false,
    ))
    .unwrap();
    assert_eq!(r.verdict, JudgeVerdict::Clean, "{r:?}");
    assert!(r.rested);
    assert_eq!(r.touching, vec!["a", "b"]);
}

/// Seat 0 holds a small on the left large; seat 1 holds a small on that
/// small. Returns the game with seat 2 to act.
fn two_held_touching() -> stackyard_leaning::LeaningTowers {
    let mut g = founded(3);
    let a_pose = small_on_left_face(0.02);
    let events = g
        .apply(
            Seat(0),
            &Action::Hold {
                size: Size::Small,
                pose: a_pose,
            },
            T,
        )
        .unwrap();
    assert!(matches!(events[0], Event::Held { .. }), "{events:?}");
    let a = g.held()[0].unwrap();
    let (n, c) = upward_face(Size::Small, &g.world().0.pose(a));
    let b_pose = pose_on_surface(c, n, 0.0, 0.02);
    let events = g
        .apply(
            Seat(1),
            &Action::Hold {
                size: Size::Small,
                pose: b_pose,
            },
            T,
        )
        .unwrap();
    let Event::Held { ref touching, .. } = events[0] else {
        panic!("{events:?}");
    };
    assert!(
        touching.contains(&a),
        "L12: two held pieces touching count as touching: {events:?}"
    );
    g
}

#[test]
fn l12_held_pieces_touching_each_other_touch() {
    let g = two_held_touching();
    let (a, b) = (g.held()[0].unwrap(), g.held()[1].unwrap());
    // The physics engine itself reports no contact between two fixed
    // bodies; the rules' contact graph does.
    assert!(!g.world().0.contacts().contains(&(a, b)));
    assert!(stackyard_leaning::judge::contacts(g.world()).contains(&(a, b)));
}

#[test]
fn l12_a_release_blocked_by_another_seats_held_piece_stays_held_and_the_holder_plays() {
    let mut g = two_held_touching();
    g.apply(Seat(2), &Action::Pass, T).unwrap();
    assert_eq!(g.to_act(), ToAct::Seat(Seat(0)));
    let options = view(&g).turn.unwrap();
    assert!(!options.release, "seat 1's held piece touches it");
    assert!(!options.hold, "a seat holds at most one piece");
    assert!(!options.sizes.is_empty(), "a normal turn");
    let before = g.clone();
    let err = g.apply(Seat(0), &Action::Release, T).unwrap_err();
    assert_eq!(err, LeaningError::ReleaseBlocked);
    assert_eq!(err.rule(), Some("L12"));
    assert!(g == before, "a refused release changes nothing");
    let held = g.held()[0];
    g.apply(Seat(0), &Action::Pass, T).unwrap();
    assert_eq!(g.held()[0], held, "it stays held");
    // Seat 1's is blocked the same way by seat 0's.
    assert_eq!(g.to_act(), ToAct::Seat(Seat(1)));
    assert!(!view(&g).turn.unwrap().release);
}

#[test]
fn l12_releasing_with_nothing_held_is_refused() {
    let mut g = founded(2);
    let before = g.clone();
    let err = g.apply(Seat(0), &Action::Release, T).unwrap_err();
    assert_eq!(err, LeaningError::NothingHeld);
    assert_eq!(err.rule(), Some("L12"));
    assert!(g == before);
}

#[test]
fn l9_l13_a_two_player_game_ends_when_a_wreck_ejects_one_player() {
    let mut g = founded(2);
    g.apply(
        Seat(0),
        &Action::Place {
            size: Size::Small,
            pose: SMALL_LEANING_ON_LEFT,
        },
        T,
    )
    .unwrap();
    g.apply(
        Seat(1),
        &Action::Place {
            size: Size::Medium,
            pose: MEDIUM_LEANING_ON_LEFT,
        },
        T,
    )
    .unwrap();
    let events = g
        .apply(
            Seat(0),
            // L1: a large let go 28 mm above the apexes knocks all four
            // pieces (just over them, it would cover them in its hollow).
            &Action::Place {
                size: Size::Large,
                pose: above_apexes(60.0),
            },
            T,
        )
        .unwrap();
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::Failed {
                verdict: Verdict::Wreck,
                ..
            }
        )),
        "{events:?}"
    );
    assert!(events.contains(&Event::Out { seat: Seat(0) }));
    assert_eq!(
        g.phase(),
        Phase::Over {
            reason: EndReason::Wrecked
        },
        "L13: fewer than two players are left"
    );
    assert_eq!(g.to_act(), ToAct::Nobody);
    let Some(Event::GameOver { scores, .. }) = events.last() else {
        panic!("{events:?}");
    };
    assert_eq!(scores, &g.scores());
    // Seat 0: 1 for its small, −(15 − 13) for the wreck; seat 1: 1.
    assert_eq!(g.scores(), vec![-1, 1]);
    assert_eq!(g.outcome().unwrap().winners, vec![Seat(1)]);
    assert_eq!(
        g.apply(Seat(1), &Action::Pass, T).unwrap_err(),
        LeaningError::GameOver
    );
}
