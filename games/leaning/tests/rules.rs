//! The rules L1–L13 on hand-made structures, each test citing the ids it
//! checks. Hand noise is off, so every run is the exact pose asked for.

mod common;

use common::*;
use stackyard_core::{Game, GameTime, RuleError, Seat, ToAct};
use stackyard_leaning::judge::placement_points;
use stackyard_leaning::scenario::{JudgeVerdict, OwnerName, judge};
use stackyard_leaning::{Action, Event, LeaningError, Size, SlipReason, Verdict};
use stackyard_physics::Pose;

const T: GameTime = GameTime::ZERO;

fn place(size: Size, pose: Pose) -> Action {
    Action::Place { size, pose }
}

fn failed(events: &[Event]) -> (Verdict, Option<SlipReason>, usize, i64, bool) {
    events
        .iter()
        .find_map(|e| match e {
            Event::Failed {
                verdict,
                slip,
                disturbed,
                points,
                forfeited,
                ..
            } => Some((*verdict, *slip, disturbed.len(), *points, *forfeited)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no failure in {events:?}"))
}

#[test]
fn l4_the_leaning_pair_is_a_legal_foundation_and_auto_builds_one_too() {
    let g = founded(2);
    assert!(g.pieces().iter().all(|p| p.level == 0));
    let mut auto =
        stackyard_leaning::LeaningTowers::new(&quiet(3), stackyard_core::Seed(9)).unwrap();
    let events = auto.apply(Seat(0), &Action::AutoFoundation, T).unwrap();
    assert!(
        matches!(events[0], Event::FoundationBuilt { .. }),
        "{events:?}"
    );
    assert_eq!(
        auto.to_act(),
        ToAct::Seat(Seat(0)),
        "L4: the first seat then places or passes"
    );
}

#[test]
fn l6_three_corners_on_the_table_is_a_slip_the_world_is_put_back_and_three_tries_forfeit() {
    let report = judge(&scenario(
        foundation_pieces(),
        "pyramid-small",
        SMALL_LYING,
        false,
    ))
    .unwrap();
    assert_eq!(report.verdict, JudgeVerdict::Slip);
    assert_eq!(report.table_corners, 3, "{report:?}");

    let mut g = founded(2);
    let before = bits(&g);
    for attempt in 1..=3u8 {
        let events = g
            .apply(Seat(0), &place(Size::Small, SMALL_LYING), T)
            .unwrap();
        let (verdict, slip, _, points, forfeited) = failed(&events);
        assert_eq!(
            (verdict, slip, points),
            (Verdict::Slip, Some(SlipReason::Corners), 0)
        );
        assert_eq!(
            bits(&g),
            before,
            "L9: the world is put back after try {attempt}"
        );
        assert_eq!(
            forfeited,
            attempt == 3,
            "L9: the third slip forfeits the piece"
        );
    }
    assert_eq!(g.hands()[0].small, 4, "forfeited, no penalty");
    assert_eq!(g.scores(), vec![0, 0]);
    assert_eq!(g.to_act(), ToAct::Seat(Seat(1)));
}

#[test]
fn l9_a_slipped_piece_cannot_be_traded_for_another_size() {
    let mut g = founded(2);
    g.apply(Seat(0), &place(Size::Small, SMALL_LYING), T)
        .unwrap();
    let before = g.clone();
    let err = g
        .apply(Seat(0), &place(Size::Medium, MEDIUM_LEANING_ON_LEFT), T)
        .unwrap_err();
    assert_eq!(err.rule(), Some("L9"));
    assert!(g == before);
}

#[test]
fn l7_a_small_touching_two_pieces_is_refused() {
    // Two held larges, base faces up and tilted 30° towards each other,
    // form a V; a small let go over the V rests on both walls.
    let mut pieces = Vec::new();
    for (id, x, ry) in [("wall-left", -12.0, 30.0), ("wall-right", 12.0, -30.0)] {
        let mut p = piece(
            id,
            "pyramid-large",
            Pose::at(x, 0.0, 41.35).rotated(180.0, ry, 0.0),
            OwnerName::Seat(1),
        );
        p.held = true;
        pieces.push(p);
    }
    let report = judge(&scenario(
        pieces,
        "pyramid-small",
        Pose::at(0.0, 0.0, 39.0),
        false,
    ))
    .unwrap();
    assert_eq!(report.verdict, JudgeVerdict::Slip, "{report:?}");
    assert_eq!(report.touching, vec!["wall-left", "wall-right"]);
    assert_eq!(report.reason.as_deref(), Some("contacts (L7)"));
}

#[test]
fn l7_a_placement_may_not_push_an_existing_piece_past_its_pips() {
    let mut pieces = foundation_pieces();
    pieces.push(piece(
        "small",
        "pyramid-small",
        SMALL_LEANING_ON_LEFT,
        OwnerName::Seat(0),
    ));
    let report = judge(&scenario(
        pieces,
        "pyramid-medium",
        MEDIUM_LEANING_ON_SMALL,
        false,
    ))
    .unwrap();
    assert_eq!(report.verdict, JudgeVerdict::Slip, "{report:?}");
    assert_eq!(
        report.touching,
        vec!["small"],
        "the medium itself is within its pips"
    );
    assert_eq!(
        report.reason.as_deref(),
        Some("pushed another piece past its pips (L-5)")
    );

    let mut g = founded(2);
    let events = g
        .apply(Seat(0), &place(Size::Small, SMALL_LEANING_ON_LEFT), T)
        .unwrap();
    assert!(
        matches!(
            events[0],
            Event::Placed {
                points: 1,
                level: 0,
                ..
            }
        ),
        "{events:?}"
    );
    let before = bits(&g);
    let events = g
        .apply(Seat(1), &place(Size::Medium, MEDIUM_LEANING_ON_SMALL), T)
        .unwrap();
    let (verdict, slip, ..) = failed(&events);
    assert_eq!(
        (verdict, slip),
        (Verdict::Slip, Some(SlipReason::PushedPastPips))
    );
    assert_eq!(bits(&g), before);
}

#[test]
fn l9_one_or_two_pieces_knocked_is_a_break_and_the_world_is_restored() {
    // A small let go 18 mm above the apexes falls onto them and knocks
    // both (a hair above them, it covers them in its hollow: L1).
    let report = judge(&scenario(
        foundation_pieces(),
        "pyramid-small",
        above_apexes(50.0),
        false,
    ))
    .unwrap();
    assert_eq!(report.verdict, JudgeVerdict::Break);
    assert_eq!(report.disturbed, vec!["left", "right"]);
    assert_eq!(report.points, -4);

    let mut g = founded(2);
    let before = bits(&g);
    let events = g
        .apply(Seat(0), &place(Size::Small, above_apexes(50.0)), T)
        .unwrap();
    let (verdict, _, disturbed, points, forfeited) = failed(&events);
    assert_eq!(
        (verdict, disturbed, points, forfeited),
        (Verdict::Break, 2, -4, true)
    );
    assert_eq!(bits(&g), before, "L9: the digital rebuild");
    assert_eq!(g.scores(), vec![-4, 0]);
    assert_eq!(g.hands()[0].small, 4);
    assert_eq!(g.previous_size(), None, "L-2: a break is not a placement");
    assert_eq!(g.to_act(), ToAct::Seat(Seat(1)));
}

#[test]
fn l9_three_or_more_pieces_knocked_is_a_wreck_the_seat_is_out_and_play_goes_on() {
    let mut g = founded(3);
    g.apply(Seat(0), &place(Size::Small, SMALL_LEANING_ON_LEFT), T)
        .unwrap();
    g.apply(Seat(1), &place(Size::Medium, MEDIUM_LEANING_ON_LEFT), T)
        .unwrap();
    assert_eq!(g.pieces().len(), 4);
    let before = bits(&g);
    let events = g
        // L1: a large let go upright just over the apexes covers them in
        // its hollow; let go 28 mm above them, it knocks all four.
        .apply(Seat(2), &place(Size::Large, above_apexes(60.0)), T)
        .unwrap();
    let (verdict, _, disturbed, points, forfeited) = failed(&events);
    assert_eq!(verdict, Verdict::Wreck, "{events:?}");
    assert!(disturbed >= 3);
    // −(15 − pieces left): 14 left after the wrecking large is forfeited (L-8).
    assert_eq!((points, forfeited), (-1, true));
    assert!(events.contains(&Event::Out { seat: Seat(2) }));
    assert_eq!(bits(&g), before, "the world is put back");
    assert!(g.out()[2]);
    assert_eq!(
        g.to_act(),
        ToAct::Seat(Seat(0)),
        "play goes on without seat 2"
    );
}

#[test]
fn l3_l10_levels_and_points_on_a_known_structure() {
    // Flat on the left large's upward face: level 1, no corner down,
    // touching one piece: 1 + 1 = 2.
    let report = judge(&scenario(
        foundation_pieces(),
        "pyramid-small",
        small_on_left_face(0.3),
        false,
    ))
    .unwrap();
    assert_eq!(report.verdict, JudgeVerdict::Clean, "{report:?}");
    assert_eq!(
        (report.level, report.table_corners, report.points),
        (1, 0, 2)
    );
    assert_eq!(report.touching, vec!["left"]);
    // Leaning from the table: level 0, two corners down: 1 point.
    let report = judge(&scenario(
        foundation_pieces(),
        "pyramid-small",
        SMALL_LEANING_ON_LEFT,
        false,
    ))
    .unwrap();
    assert_eq!(
        (
            report.verdict,
            report.level,
            report.table_corners,
            report.points
        ),
        (JudgeVerdict::Clean, 0, 2, 1)
    );
    // The same in a game, scored immediately.
    let mut g = founded(2);
    g.apply(Seat(0), &place(Size::Small, small_on_left_face(0.3)), T)
        .unwrap();
    assert_eq!(g.scores(), vec![2, 0]);
    assert_eq!(g.pieces()[2].level, 1);
    // L10's bonus and penalty, by the formula the judge applies.
    assert_eq!(
        placement_points(0, 1, 1),
        2,
        "+1 for exactly one corner down"
    );
    assert_eq!(placement_points(0, 2, 1), 1);
    assert_eq!(placement_points(2, 0, 1), 3, "+level");
    assert_eq!(
        placement_points(1, 0, 2),
        1,
        "−1 above level 0 touching two"
    );
    assert_eq!(placement_points(0, 2, 2), 1, "no penalty at level 0");
}

#[test]
fn l12_a_held_piece_released_onto_support_scores_two_more() {
    let mut g = founded(2);
    g.apply(Seat(0), &Action::Pass, T).unwrap();
    let hold = Action::Hold {
        size: Size::Small,
        pose: small_on_left_face(0.02),
    };
    let events = g.apply(Seat(1), &hold, T).unwrap();
    let Event::Held {
        piece,
        points,
        ref touching,
        ..
    } = events[0]
    else {
        panic!("{events:?}");
    };
    assert_eq!(points, 0, "within its pip: no penalty");
    assert_eq!(touching.len(), 1, "{events:?}");
    assert_eq!(g.held()[1], Some(piece));
    g.apply(Seat(0), &Action::Pass, T).unwrap();
    // L12 (revised): on seat 1's next turn letting go is the turn, and the
    // view says so; nothing else is accepted.
    assert_eq!(g.to_act(), ToAct::Seat(Seat(1)));
    let options = view(&g).turn.unwrap();
    assert!(options.release && options.sizes.is_empty() && !options.hold);
    let before = g.clone();
    for action in [place(Size::Medium, MEDIUM_LEANING_ON_LEFT), Action::Pass] {
        let err = g.apply(Seat(1), &action, T).unwrap_err();
        assert_eq!(err, LeaningError::ReleaseDue);
        assert_eq!(err.rule(), Some("L12"));
        assert!(g == before, "{action:?} changed the game");
    }
    let events = g.apply(Seat(1), &Action::Release, T).unwrap();
    // 1 + level 1 + 2.
    let released = events
        .iter()
        .find_map(|e| match e {
            Event::Placed {
                released: true,
                points,
                level,
                ..
            } => Some((*points, *level)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{events:?}"));
    assert_eq!(released, (4, 1));
    assert_eq!(g.scores(), vec![0, 4]);
    assert_eq!(g.held()[1], None);
    assert_eq!(
        g.to_act(),
        ToAct::Seat(Seat(0)),
        "L12: the release was seat 1's turn, no extra turn follows"
    );
    assert_eq!(g.hands()[1].total(), 14, "one piece for hold and release");
    assert_eq!(
        g.previous_size(),
        Some(Size::Small),
        "L-2: the release is the placement"
    );
}

#[test]
fn l12_a_hold_touching_the_table_is_refused() {
    let mut g = founded(2);
    let before = g.clone();
    let err = g
        .apply(
            Seat(0),
            &Action::Hold {
                size: Size::Medium,
                pose: Pose::at(0.0, 100.0, 0.0),
            },
            T,
        )
        .unwrap_err();
    assert_eq!(err, LeaningError::HoldTouchesTable);
    assert_eq!(err.rule(), Some("L12"));
    assert!(g == before);
}

#[test]
fn l8_the_same_size_twice_is_refused() {
    let mut g = founded(2);
    g.apply(Seat(0), &place(Size::Small, SMALL_LEANING_ON_LEFT), T)
        .unwrap();
    let before = g.clone();
    let err = g
        .apply(Seat(1), &place(Size::Small, small_on_left_face(0.3)), T)
        .unwrap_err();
    assert_eq!(err, LeaningError::SameSize(Size::Small));
    assert_eq!(err.rule(), Some("L8"));
    assert!(g == before, "rejection changes nothing");
    // Passing does not reset it (L8).
    g.apply(Seat(1), &Action::Pass, T).unwrap();
    assert!(
        g.apply(Seat(0), &place(Size::Small, small_on_left_face(0.3)), T)
            .is_err()
    );

    let mut pieces = foundation_pieces();
    pieces.push(piece(
        "small",
        "pyramid-small",
        SMALL_LEANING_ON_LEFT,
        OwnerName::Seat(0),
    ));
    let report = judge(&scenario(
        pieces,
        "pyramid-small",
        small_on_left_face(0.3),
        false,
    ))
    .unwrap();
    assert_eq!(report.verdict, JudgeVerdict::Refused);
    assert_eq!(report.rule.as_deref(), Some("L8"));
}

#[test]
fn rejections_name_their_rule_and_change_nothing() {
    let mut g = founded(2);
    let before = g.clone();
    let cases: Vec<(Seat, Action, Option<&str>)> = vec![
        (Seat(1), Action::Pass, Some("L4")),
        (Seat(7), Action::Pass, Some("L4")),
        (Seat(0), Action::AutoFoundation, Some("L4")),
        (
            Seat(0),
            place(Size::Small, Pose::at(f64::NAN, 0.0, 0.0)),
            Some("L5"),
        ),
        (
            Seat(0),
            place(Size::Small, Pose::at(1000.0, 0.0, 0.0)),
            Some("L5"),
        ),
        (Seat(0), place(Size::Small, Pose::at(0.0, 0.0, -5.0)), None),
        // L1: a small fits inside a large's hollow, so the start inside a
        // piece is a large where the left large already is.
        (Seat(0), place(Size::Large, LEFT), None),
    ];
    for (seat, action, rule) in cases {
        let err = g.apply(seat, &action, T).unwrap_err();
        assert_eq!(err.rule(), rule, "{action:?}: {err}");
        assert!(g == before, "{action:?} changed the game");
    }
    let mut fresh =
        stackyard_leaning::LeaningTowers::new(&quiet(2), stackyard_core::Seed(1)).unwrap();
    assert_eq!(
        fresh.apply(Seat(0), &Action::Pass, T).unwrap_err(),
        LeaningError::FoundationFirst
    );
}

#[test]
fn l11_a_full_round_of_passes_closes_the_game_and_l13_ends_it() {
    let mut g = founded(3);
    g.apply(Seat(0), &place(Size::Small, SMALL_LEANING_ON_LEFT), T)
        .unwrap();
    for s in [1, 2, 0] {
        g.apply(Seat(s), &Action::Pass, T).unwrap();
    }
    assert!(g.is_over());
    // L11: −1 per piece left: seat 0 has 14, the others 15; seat 0 scored 1.
    assert_eq!(g.scores(), vec![1 - 14, -15, -15]);
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.winners, vec![Seat(0)]);
    assert_eq!(
        g.apply(Seat(1), &Action::Pass, T).unwrap_err().rule(),
        Some("L13")
    );
}

#[test]
fn l1_settings_outside_two_to_ten_seats_are_refused() {
    for seats in [0, 1, 11] {
        assert!(
            stackyard_leaning::LeaningTowers::new(&quiet(seats), stackyard_core::Seed(1)).is_err()
        );
    }
    assert!(stackyard_leaning::LeaningTowers::new(&quiet(10), stackyard_core::Seed(1)).is_ok());
}

#[test]
fn l13_a_series_runs_until_a_seat_reaches_the_target() {
    let mut series = stackyard_leaning::series::Series::new(quiet(3), stackyard_core::Seed(4));
    let (first, _) = series.next_game();
    assert_eq!(first.first_seat, 0);
    series.add(&[30, 10, -5]);
    assert!(!series.is_over());
    let (second, seed) = series.next_game();
    assert_eq!(second.first_seat, 1, "L-13: the first seat moves round");
    assert_ne!(seed, stackyard_core::Seed(4));
    series.add(&[25, 3, 0]);
    assert!(series.is_over());
    assert_eq!(series.winners(), vec![Seat(0)]);
}

#[test]
fn l5_a_piece_the_player_no_longer_has_is_refused() {
    // Each turn both seats slip a small three times (forfeited, no
    // penalty, L9): after five rounds seat 0 has no small left.
    let mut g = founded(2);
    for _ in 0..5 {
        for seat in [Seat(0), Seat(1)] {
            for _ in 0..3 {
                g.apply(seat, &place(Size::Small, SMALL_LYING), T).unwrap();
            }
        }
    }
    assert_eq!(g.hands()[0].small, 0);
    assert_eq!(g.forfeited()[0], 5);
    let before = g.clone();
    let err = g
        .apply(Seat(0), &place(Size::Small, SMALL_LYING), T)
        .unwrap_err();
    assert_eq!(
        err,
        LeaningError::NoPieceLeft {
            seat: Seat(0),
            size: Size::Small
        }
    );
    assert_eq!(err.rule(), Some("L5"));
    assert!(g == before);
    assert!(g.pieces_accounted().iter().all(|&n| n == 15));
}

#[test]
fn l4_l1_a_foundation_that_falls_is_cleared_and_tried_again() {
    let mut g = stackyard_leaning::LeaningTowers::new(&quiet(2), stackyard_core::Seed(1)).unwrap();
    // Far apart, each falls onto a face: three corners down (L6).
    let apart = [
        stackyard_leaning::FoundationPiece {
            size: Size::Large,
            pose: Pose {
                position: [-100.0, 0.0, 11.019],
                ..LEFT
            },
        },
        stackyard_leaning::FoundationPiece {
            size: Size::Large,
            pose: Pose {
                position: [100.0, 0.0, 11.019],
                ..RIGHT
            },
        },
    ];
    let events = g
        .apply(Seat(0), &Action::Foundation { pieces: apart }, T)
        .unwrap();
    assert!(
        matches!(events[0], Event::FoundationFailed { .. }),
        "{events:?}"
    );
    assert!(
        g.pieces().is_empty() && g.world().0.is_empty(),
        "L-1: the table is cleared"
    );
    assert_eq!(g.phase(), stackyard_leaning::Phase::Foundation);
    let small = [
        stackyard_leaning::FoundationPiece {
            size: Size::Small,
            pose: LEFT,
        },
        stackyard_leaning::FoundationPiece {
            size: Size::Large,
            pose: RIGHT,
        },
    ];
    assert_eq!(
        g.apply(Seat(0), &Action::Foundation { pieces: small }, T)
            .unwrap_err()
            .rule(),
        Some("L4")
    );
}

#[test]
fn l12_l6_a_held_piece_that_falls_when_let_go_is_forfeited_at_minus_two() {
    let mut g = founded(2);
    // Held in the air, touching nothing: let go, it falls far (L9 slip).
    let hold = Action::Hold {
        size: Size::Medium,
        pose: Pose::at(0.0, 120.0, 40.0),
    };
    g.apply(Seat(0), &hold, T).unwrap();
    let piece = g.held()[0].unwrap();
    g.apply(Seat(1), &Action::Pass, T).unwrap();
    let events = g.apply(Seat(0), &Action::Release, T).unwrap();
    let (verdict, _, _, points, forfeited) = failed(&events);
    assert_eq!(
        (verdict, points, forfeited),
        (Verdict::Slip, -2, true),
        "{events:?}"
    );
    assert_eq!(g.scores(), vec![-2, 0]);
    assert_eq!(
        g.pieces()[piece.0].status,
        stackyard_leaning::PieceStatus::Boxed,
        "L-6: off the table"
    );
    assert!(g.world().0.pose(piece).position[0] > 300.0);
    assert!(g.pieces_accounted().iter().all(|&n| n == 15));
    assert_eq!(
        g.to_act(),
        ToAct::Seat(Seat(1)),
        "L12 (revised): the failed release was the holder's turn"
    );
}
