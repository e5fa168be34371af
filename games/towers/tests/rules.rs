//! One or more tests per rule (T1–T20) and per decision (T-1, T-2, …),
//! named after the rule they check.

use stackyard_core::{Game, GameTime, RuleError, Seat, Seed, ToAct};
use stackyard_towers::{
    Color, Floor, Move, MoveError, Phase, Position, Status, Tower, Variant, notation,
};

/// A move-phase position from a diagram: rows top (highest row) first,
/// blocks separated by spaces: `.` empty, `B3`, `W1`, `U1`, `B2u` (a
/// utility inside).
fn board(variant: &str, rows: &[&str], turn: Color) -> Position {
    let v: Variant = variant.parse().unwrap();
    let mut towers = vec![Tower::EMPTY; v.blocks()];
    for (k, row) in rows.iter().enumerate() {
        let r = rows.len() - 1 - k;
        for (c, tok) in row.split_whitespace().enumerate() {
            if tok == "." {
                continue;
            }
            let top = match &tok[..1] {
                "B" => Floor::Black,
                "W" => Floor::White,
                _ => Floor::Utility,
            };
            let utility = top == Floor::Utility || tok.ends_with('u');
            let height = tok[1..].trim_end_matches('u').parse().unwrap();
            towers[r * usize::from(v.cols) + c] = Tower {
                height,
                top,
                utility,
            };
        }
    }
    Position::setup(v, &towers, turn).unwrap()
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn at(p: &Position, sq: &str) -> Tower {
    p.tower(sq.parse().unwrap())
}

fn rejects(p: &Position, m: &str, rule: &str) -> MoveError {
    let mut q = p.clone();
    let e = q.play(mv(m)).unwrap_err();
    assert_eq!(e.rule(), Some(rule), "{m}: {e}");
    assert_eq!(&q, p, "a rejected move changes nothing");
    e
}

#[test]
fn t1_board_sizes_2x2_to_26x26() {
    for ok in ["2x2", "26x26", "2x26", "13x7", "8x8"] {
        let v: Variant = ok.parse().unwrap();
        assert!(Position::new(v).is_ok(), "{ok}");
    }
    for bad in ["1x8", "8x1", "27x27", "0x0", "8", "x8", "8x8x8", "-2x2"] {
        assert!(bad.parse::<Variant>().is_err(), "{bad}");
    }
    let p = Position::new("26x26".parse().unwrap()).unwrap();
    assert_eq!(p.cells().len(), 676);
    assert_eq!(at(&p, "z26").height, 1);
}

#[test]
fn t2_t4_standard_start_is_a_checkerboard_with_a1_black() {
    let p = Position::standard();
    assert_eq!(at(&p, "a1").top, Floor::Black);
    assert_eq!(at(&p, "b1").top, Floor::White);
    assert_eq!(at(&p, "a2").top, Floor::White);
    assert_eq!(at(&p, "h8").top, Floor::Black);
    assert!(p.cells().iter().all(|t| t.height == 1));
    assert_eq!(p.scores(), [32, 32]);
    // T4: on an odd board Black has one more tower.
    let p = Position::new("3x3".parse().unwrap()).unwrap();
    assert_eq!(p.scores(), [5, 4]);
}

#[test]
fn t3_t5_notation_round_trips() {
    for text in ["a1-a2", "c3-c5", "z26-a26", "pass", "+c3", "*h8", "b10-b12"] {
        let m: Move = text.parse().unwrap();
        assert_eq!(m.to_string(), text);
    }
    assert_eq!("a1".parse::<stackyard_towers::Square>().unwrap().col, 0);
    for bad in [
        "", "a0", "a27", "A1", "a01", "a1-", "-a1", "a1a2", "pass ", "+", "*a", "a1-b2-c3", "aa1",
    ] {
        let e = bad.parse::<Move>().unwrap_err();
        assert_eq!(e.rule(), Some("T5"), "{bad}");
    }
    let record = notation::parse_record(" a1-b1\n\tpass  +c3 ").unwrap();
    assert_eq!(notation::write_record(&record), "a1-b1 pass +c3");
    assert_eq!(notation::parse_record("a1-b1 x").unwrap_err().0, 2);
}

#[test]
fn t6_utility_topped_towers_belong_to_nobody_and_never_move() {
    let p = board(
        "3x3+infrastructure:1",
        &["W1 . .", "U1 B1 .", "B1 . ."],
        Color::Black,
    );
    // a2 holds a utility: nobody owns it.
    assert_eq!(at(&p, "a2").owner(), None);
    assert_eq!(p.scores(), [2, 1]);
    let mut q = p.clone();
    q.pass_unchecked(); // White to move.
    rejects(&q, "a2-a1", "T6");
}

#[test]
fn t6_t15_owning_the_top_owns_every_floor() {
    let mut p = Position::new("4x4".parse().unwrap()).unwrap();
    p.play(mv("a1-b1")).unwrap();
    assert_eq!(at(&p, "b1").owner(), Some(Color::Black));
    assert_eq!(p.scores(), [9, 7], "T15: both floors of b1 are Black's");
}

#[test]
fn t7_black_moves_first_and_players_alternate() {
    let mut g = <Position as Game>::new(&"4x4".parse().unwrap(), Seed(1)).unwrap();
    assert_eq!(g.to_act(), ToAct::Seat(Seat(0)));
    let e = g.apply(Seat(1), &mv("b1-a1"), GameTime::ZERO).unwrap_err();
    assert_eq!(e.rule(), Some("T7"));
    g.apply(Seat(0), &mv("a1-b1"), GameTime::ZERO).unwrap();
    assert_eq!(g.to_act(), ToAct::Seat(Seat(1)));
    assert_eq!(g.turn(), Color::White);
    let e = g.apply(Seat(0), &mv("c1-d1"), GameTime::ZERO).unwrap_err();
    assert_eq!(e.rule(), Some("T7"));
}

#[test]
fn t8_every_kind_of_bad_move_is_rejected() {
    let p = board(
        "5x5",
        &[
            ". . . . .", //
            ". . . . .",
            "B1 . W1 . .",
            "W1 B2 . W1 .",
            "B1 W1 . . .",
        ],
        Color::Black,
    );
    assert!(matches!(
        rejects(&p, "c1-c2", "T8"),
        MoveError::EmptyFrom { .. }
    ));
    assert!(matches!(
        rejects(&p, "b1-a1", "T8"),
        MoveError::NotYours { .. }
    ));
    assert!(matches!(
        rejects(&p, "b2-c2", "T8"),
        MoveError::WrongLength { .. }
    ));
    assert!(matches!(
        rejects(&p, "a1-b2", "T8"),
        MoveError::NotStraight { .. }
    ));
    assert!(matches!(
        rejects(&p, "a1-a1", "T8"),
        MoveError::NotStraight { .. }
    ));
    assert!(matches!(
        rejects(&p, "b2-b4", "T8"),
        MoveError::EmptyTarget { .. }
    ));
    assert!(matches!(
        rejects(&p, "a1-f1", "T8"),
        MoveError::OffBoard { .. }
    ));
    // A two-floor tower jumps exactly two blocks, over an empty block.
    let mut q = p.clone();
    q.play(mv("b2-d2")).unwrap();
    assert_eq!(
        at(&q, "d2"),
        Tower {
            height: 3,
            top: Floor::Black,
            utility: false
        }
    );
    assert!(at(&q, "b2").is_empty());
    // ... and over an occupied one.
    let mut q = p.clone();
    q.play(mv("a3-a2")).unwrap();
    q.play(mv("b1-b2")).unwrap();
    assert_eq!(at(&q, "b2").height, 3);
}

#[test]
fn t8_the_legal_list_matches_the_checker() {
    let p = Position::standard();
    let legal = p.legal_moves();
    assert_eq!(legal.len(), 40);
    for c in 0..8u8 {
        for r in 0..8u8 {
            for (tc, tr) in [
                (c + 1, r),
                (c.wrapping_sub(1), r),
                (c, r + 1),
                (c, r.wrapping_sub(1)),
            ] {
                if tc > 25 || tr > 25 {
                    continue;
                }
                let m = Move::Step {
                    from: stackyard_towers::Square::new(c, r),
                    to: stackyard_towers::Square::new(tc, tr),
                };
                assert_eq!(p.check(m).is_ok(), legal.contains(&m), "{m}");
            }
        }
    }
}

#[test]
fn t9_surrounded_towers_may_not_move_but_edge_towers_always_may() {
    let p = Position::standard();
    // d4 is Black and surrounded at the start.
    assert!(matches!(
        rejects(&p, "d4-d5", "T9"),
        MoveError::Surrounded { .. }
    ));
    // a3 has three occupied neighbours and the board edge: never surrounded.
    let mut q = p.clone();
    q.play(mv("a3-b3")).unwrap();
    // Corner towers with both neighbours occupied move too.
    let mut q = p.clone();
    q.play(mv("a1-a2")).unwrap();
}

#[test]
fn t10_pass_only_without_a_move() {
    let p = Position::standard();
    assert!(matches!(
        rejects(&p, "pass", "T10"),
        MoveError::PassWithMoves { .. }
    ));
    // White's only tower is surrounded; Black can still move.
    let p = board(
        "5x5",
        &[
            ". . . . .",
            ". . B1 . .",
            ". B1 W1 B1 .",
            ". . B1 . .",
            ". . . . .",
        ],
        Color::White,
    );
    assert_eq!(p.status(), Status::MustPass);
    assert_eq!(p.legal_moves(), vec![Move::Pass]);
    rejects(&p, "c3-c4", "T9");
    let mut q = p.clone();
    q.play(Move::Pass).unwrap();
    assert_eq!(q.turn(), Color::Black);
    // T11: after a pass the other side always has a move: never two passes.
    assert_eq!(q.status(), Status::Ongoing);
    assert!(!q.legal_moves().contains(&Move::Pass));
}

#[test]
fn t11_game_ends_when_neither_player_can_move() {
    // Two towers far apart, neither with an occupied landing block.
    let p = board(
        "4x4",
        &["B1 . . .", ". . . .", ". . . .", ". . . W2"],
        Color::Black,
    );
    assert!(p.is_over());
    assert_eq!(p.status(), Status::Over);
    assert!(p.legal_moves().is_empty());
    rejects(&p, "pass", "T11");
    rejects(&p, "a4-a3", "T11");
    assert_eq!(p.result().unwrap().winners, vec![Color::White.seat()]);
    assert_eq!(p.to_act(), ToAct::Nobody);
    // A draw has no winners (T15).
    let p = board(
        "4x4",
        &["B2 . . .", ". . . .", ". . . .", ". . . W2"],
        Color::Black,
    );
    assert_eq!(p.result().unwrap().winners, Vec::<Seat>::new());
    assert_eq!(p.result().unwrap().scores, vec![2, 2]);
}

#[test]
fn t12_diagonal_neighbours_are_not_connected() {
    // After b1-b2 (W on top, height 2) the tallest is b2; c3 touches b2 only
    // diagonally and is demolished; a2 touches b2 orthogonally and stays.
    let mut p = board("3x3", &[". . B1", "W1 B1 .", ". W1 ."], Color::White);
    p.play(mv("b1-b2")).unwrap();
    assert_eq!(at(&p, "b2").height, 2);
    assert!(at(&p, "c3").is_empty(), "diagonal is not a connection");
    assert_eq!(at(&p, "a2").height, 1);
}

#[test]
fn t13_isolated_towers_are_demolished() {
    let mut p = board("5x2", &[". . . . .", "B1 W1 . B1 W1"], Color::Black);
    p.play(mv("a1-b1")).unwrap();
    // b1 (2) is tallest; d1, e1 are cut off from it.
    assert!(at(&p, "d1").is_empty() && at(&p, "e1").is_empty());
    assert_eq!(p.removed(), 2);
    assert_eq!(p.scores(), [2, 0]);
}

#[test]
fn t13_tied_tallest_towers_are_all_kept_with_their_towns() {
    let mut p = board("5x2", &[". . . . .", "B1 W1 . W2 B1"], Color::Black);
    p.play(mv("a1-b1")).unwrap();
    // b1 (2) and d1 (2) tie for tallest: both towns survive.
    assert_eq!(at(&p, "b1").height, 2);
    assert_eq!(at(&p, "d1").height, 2);
    assert_eq!(at(&p, "e1").height, 1, "connected to one of the tallest");
    assert_eq!(p.removed(), 0);
}

#[test]
fn t14_infrastructure_anchors_are_utilities_not_height() {
    let mut p = board(
        "5x2+infrastructure:2",
        &[". . . . .", "U1 B1 . W1 B3"],
        Color::Black,
    );
    p.play(mv("b1-a1")).unwrap();
    // a1 now contains a utility (B on top) and is never demolished; d1/e1,
    // though e1 is tallest, are cut off from any utility.
    assert_eq!(
        at(&p, "a1"),
        Tower {
            height: 2,
            top: Floor::Black,
            utility: true
        }
    );
    assert!(at(&p, "d1").is_empty() && at(&p, "e1").is_empty());
    assert_eq!(p.scores(), [2, 0]);
}

#[test]
fn t16_capture_counts_demolished_floors_for_the_mover() {
    let mut p = board("5x2+capture", &[". . . . .", "B1 W1 . B1 W2"], Color::Black);
    p.play(mv("a1-b1")).unwrap();
    // e1 is as tall as b1: a tie for tallest, so d1 and e1 stay (T13).
    assert_eq!(p.removed(), 0);
    let mut p = board(
        "6x2+capture",
        &[". . . . . .", "B1 W1 . B1 W1 ."],
        Color::Black,
    );
    p.play(mv("a1-b1")).unwrap();
    assert_eq!(p.captured(Color::Black), 2);
    assert_eq!(p.captured(Color::White), 0);
    assert_eq!(p.scores(), [4, 0], "2 owned + 2 captured");
    let mut p = board("6x2", &[". . . . . .", "B1 W1 . B1 W1 ."], Color::Black);
    p.play(mv("a1-b1")).unwrap();
    assert_eq!(
        p.scores(),
        [2, 0],
        "without Capture demolished floors count for nobody"
    );
}

#[test]
fn t17_sprawl_white_places_first_until_full_then_black_moves() {
    let mut p = Position::new("2x2+sprawl".parse().unwrap()).unwrap();
    assert_eq!(p.phase(), Phase::Sprawl);
    assert_eq!(p.turn(), Color::White);
    assert_eq!(p.legal_moves().len(), 4);
    rejects(&p, "a1-a2", "T17");
    rejects(&p, "pass", "T17");
    rejects(&p, "*a1", "T17");
    p.play(mv("+a1")).unwrap();
    rejects(&p, "+a1", "T17");
    for m in ["+b1", "+a2", "+b2"] {
        p.play(mv(m)).unwrap();
    }
    assert_eq!(p.phase(), Phase::Moves);
    assert_eq!(p.turn(), Color::Black);
    assert_eq!(at(&p, "a1").top, Floor::White);
    assert_eq!(at(&p, "b1").top, Floor::Black);
    rejects(&p, "+a1", "T17");
}

#[test]
fn t18_utility_counts_must_have_the_board_parity() {
    assert!("8x8+infrastructure:3".parse::<Variant>().is_err());
    assert!("3x3+infrastructure:2".parse::<Variant>().is_err());
    assert!("8x8+infrastructure:0".parse::<Variant>().is_err());
    assert!("2x2+infrastructure:6".parse::<Variant>().is_err());
    let v: Variant = "8x8+infrastructure".parse().unwrap();
    assert_eq!(v.infrastructure, Some(4), "default 4 on 8x8");
    let v: Variant = "3x3+infrastructure".parse().unwrap();
    assert_eq!(v.infrastructure, Some(3), "T-2: default 3 on an odd board");
}

#[test]
fn t18_players_replace_their_own_single_floors() {
    // Even board: White first.
    let mut p = Position::new("4x4+infrastructure:2".parse().unwrap()).unwrap();
    assert_eq!((p.phase(), p.turn()), (Phase::Utilities, Color::White));
    assert!(matches!(
        rejects(&p, "*a1", "T18"),
        MoveError::NotOwnSingle { .. }
    ));
    rejects(&p, "b1-a1", "T18");
    p.play(mv("*b1")).unwrap();
    assert_eq!(at(&p, "b1").top, Floor::Utility);
    assert_eq!(p.removed(), 1, "the replaced floor leaves the game");
    p.play(mv("*a1")).unwrap();
    assert_eq!((p.phase(), p.turn()), (Phase::Moves, Color::Black));
    assert_eq!(p.scores(), [7, 7], "both sides keep equally many towers");
    // Odd board: Black, who has the extra tower, first.
    let p = Position::new("3x3+infrastructure:1".parse().unwrap()).unwrap();
    assert_eq!(p.turn(), Color::Black);
    let mut q = p.clone();
    q.play(mv("*b2")).unwrap();
    assert_eq!(q.scores(), [4, 4]);
}

#[test]
fn t18_with_sprawl_utilities_go_first_on_empty_blocks() {
    let mut p = Position::new("2x3+sprawl+infrastructure:2".parse().unwrap()).unwrap();
    assert_eq!((p.phase(), p.turn()), (Phase::Utilities, Color::White));
    p.play(mv("*a1")).unwrap();
    assert!(matches!(
        rejects(&p, "*a1", "T18"),
        MoveError::Occupied { .. }
    ));
    rejects(&p, "+a2", "T18");
    p.play(mv("*b3")).unwrap();
    assert_eq!((p.phase(), p.turn()), (Phase::Sprawl, Color::White));
    p.play(mv("+a2")).unwrap();
    assert_eq!(at(&p, "a2").top, Floor::White);
}

#[test]
fn t19_suburbs_flattens_only_the_cut_town() {
    // Two towns: {a1} and {d1, e1, f1, g1}. White's b1 joins a1: only the
    // town that held b1 ({a1, b1}) is examined; the right town, where no
    // tower is as tall as a1 (W4), keeps every floor.
    let mut q = board(
        "7x2+suburbs",
        &[". . . . . . .", "B3 W1 . W2 B1 W1 B4"],
        Color::White,
    );
    q.play(mv("b1-a1")).unwrap();
    assert_eq!(at(&q, "a1").height, 4);
    assert_eq!(at(&q, "d1").height, 2);
    assert_eq!(at(&q, "g1").height, 4);
    assert_eq!(q.removed(), 0);
    // Now cut a town: Black's e1 (1) moves onto f1, splitting {d1} from
    // {f1, g1}: d1 is flattened to one floor of its top colour (W); a1, in
    // another town, is untouched.
    let mut r = board(
        "7x2+suburbs+capture",
        &[". . . . . . .", "B3 . . W2 B1 W1 B4"],
        Color::Black,
    );
    r.play(mv("e1-f1")).unwrap();
    assert_eq!(
        at(&r, "f1"),
        Tower {
            height: 2,
            top: Floor::Black,
            utility: false
        }
    );
    assert_eq!(
        at(&r, "d1"),
        Tower {
            height: 1,
            top: Floor::White,
            utility: false
        }
    );
    assert_eq!(at(&r, "a1").height, 3, "another town: untouched");
    assert_eq!(r.removed(), 1);
    assert_eq!(
        r.captured(Color::Black),
        1,
        "Capture counts flattened floors"
    );
    // Nothing is ever removed from the board under Suburbs.
    assert_eq!(r.occupied().count(1), 4);
}

#[test]
fn t19_the_moved_tower_counts_only_if_it_landed_inside_the_town() {
    // Black's b1 (B2) jumps from the left town {a1,b1} onto d1 in the right
    // town. The left town is now {a1} alone: its tallest is a1 itself, so
    // nothing is flattened even though d1 is taller.
    let mut p = board("5x2+suburbs", &[". . . . .", "W3 B2 . W1 W1"], Color::Black);
    p.play(mv("b1-d1")).unwrap();
    assert_eq!(at(&p, "a1").height, 3);
    assert_eq!(at(&p, "d1").height, 3);
    assert_eq!(at(&p, "e1").height, 1);
}

#[test]
fn t19_with_infrastructure_utilities_anchor_towns() {
    // T-3: under Suburbs + Infrastructure a cut part of the town with no
    // utility is flattened, whatever its height.
    let mut p = board(
        "6x2+suburbs+infrastructure:2",
        &[". . . . . .", "U1 B1 W1 B3 W1 ."],
        Color::Black,
    );
    p.play(mv("b1-c1")).unwrap();
    // Town was a1..e1; after b1 leaves, {a1} keeps the utility, {c1,d1,e1}
    // has none and is flattened.
    assert_eq!(at(&p, "a1").top, Floor::Utility);
    assert_eq!(
        at(&p, "c1"),
        Tower {
            height: 1,
            top: Floor::Black,
            utility: false
        }
    );
    assert_eq!(at(&p, "d1").height, 1);
    assert_eq!(p.removed(), 3);
}

#[test]
fn t20_variant_strings_round_trip() {
    for text in [
        "8x8",
        "8x8+sprawl+infrastructure:4+capture",
        "26x2+suburbs",
        "5x5+sprawl+infrastructure:3+capture+suburbs",
    ] {
        let v: Variant = text.parse().unwrap();
        assert_eq!(v.to_string(), text);
        let json = serde_json::to_string(&v).unwrap();
        assert_eq!(serde_json::from_str::<Variant>(&json).unwrap(), v);
    }
    // Order and the no-op names do not matter.
    let v: Variant = "8x8+capture+standard+downtown+sprawl".parse().unwrap();
    assert_eq!(v.to_string(), "8x8+sprawl+capture");
    assert!("8x8+capture:2".parse::<Variant>().is_err());
    assert!("8x8+infrastructure:x".parse::<Variant>().is_err());
}

#[test]
fn t13_t16_t19_events_describe_what_changed() {
    use stackyard_towers::Event;
    let mut p = board(
        "6x2+capture",
        &[". . . . . .", "B1 W1 . B1 W1 ."],
        Color::Black,
    );
    let events = p.play_with_events(mv("a1-b1")).unwrap();
    assert_eq!(
        events[0],
        Event::Played {
            by: Color::Black,
            mv: mv("a1-b1")
        }
    );
    assert_eq!(
        events[1],
        Event::Demolished {
            squares: vec!["d1".parse().unwrap(), "e1".parse().unwrap()],
            floors: 2
        }
    );
    // The game is over now (b1 alone, nothing to land on): T11.
    assert_eq!(events.last(), Some(&Event::Ended { scores: [4, 0] }));
    let mut r = board(
        "7x2+suburbs",
        &[". . . . . . .", "B3 . . W2 B1 W1 B4"],
        Color::Black,
    );
    let events = r.play_with_events(mv("e1-f1")).unwrap();
    assert!(events.contains(&Event::Flattened {
        squares: vec!["d1".parse().unwrap()],
        floors: 1
    }));
    // A rejected move yields no events and changes nothing.
    let before = r.clone();
    assert!(r.play_with_events(mv("a1-a2")).is_err());
    assert_eq!(r, before);
}
