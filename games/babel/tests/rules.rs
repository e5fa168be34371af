//! Rules tests, each citing the rule id it checks (B1–B11).

use stackyard_babel::{
    Action, Babel, BabelError, Event, Result as Outcome7, Settings, Tile, Variant, parse_order,
};
use stackyard_core::{Game, GameTime, RuleError, Seat, Seed, ToAct, Viewer};

fn tiles(text: &str) -> Vec<Tile> {
    text.split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect()
}

fn act(text: &str) -> Action {
    text.parse().unwrap()
}

#[test]
fn b1_codes_round_trip_and_match() {
    let all: Vec<String> = Tile::all().map(|t| t.to_string()).collect();
    assert_eq!(all.len(), 24);
    assert_eq!(&all[..6], ["Sn", "Sa", "S2", "S3", "S4", "S5"]);
    assert_eq!(all[23], "A5");
    for c in &all {
        assert_eq!(&c.parse::<Tile>().unwrap().to_string(), c);
    }
    for bad in ["", "S", "Xn", "S6", "sn", "Sn1"] {
        assert!(bad.parse::<Tile>().is_err(), "{bad}");
    }
    let t = |c: &str| c.parse::<Tile>().unwrap();
    // B5: same suit or same value.
    assert!(t("Sn").matches(t("S5")));
    assert!(t("Sn").matches(t("An")));
    assert!(!t("Sn").matches(t("Ma")));
}

#[test]
fn b2_deal_must_be_a_permutation() {
    let mut codes: Vec<String> = Tile::all().map(|t| t.to_string()).collect();
    assert!(parse_order(&codes, true).is_ok());
    codes[5] = "Sn".into();
    let e = parse_order(&codes, true).unwrap_err().to_string();
    assert!(e.contains("twice") && e.contains("Sn"), "{e}");
    codes[5] = "Zz".into();
    assert!(
        parse_order(&codes, true)
            .unwrap_err()
            .to_string()
            .contains("Zz")
    );
    codes.truncate(23);
    codes[5] = "S5".into();
    let e = parse_order(&codes, true).unwrap_err().to_string();
    assert!(e.contains("23") && e.contains("A5"), "{e}");
    // B2 through the Game trait: a bad deal is a setup error.
    let bad = Settings {
        variant: Variant::Standard,
        deal: Some(tiles("Sn Sa")),
        undo: false,
    };
    assert!(Babel::new(&bad, Seed(0)).is_err());
}

#[test]
fn b4_first_action_is_a_draw_and_appends_right() {
    let mut g = Babel::hidden(Seed(3), Variant::Standard);
    assert_eq!(g.legal_actions(), vec![Action::Draw]);
    let first = g.order()[0];
    let ev = g.play(Action::Draw).unwrap();
    assert_eq!(ev, vec![Event::Drew { tile: first }]);
    g.play(Action::Draw).unwrap();
    assert_eq!(g.tops(), g.order()[..2].to_vec());
}

#[test]
fn b5_moves_one_and_three_left_when_tops_match() {
    // Sn Ma C2 S3: 4<3 (S3 onto Sn) matches by suit; 4<1 (S3 onto C2) does not.
    let mut g = Babel::with_order(&tiles("Sn Ma C2 S3 M3"), Variant::Standard).unwrap();
    for _ in 0..4 {
        g.play(Action::Draw).unwrap();
    }
    let before = g.clone();
    let e = g.play(act("4<1")).unwrap_err();
    assert_eq!(e.rule(), Some("B5"));
    assert!(matches!(e, BabelError::NoMatch { .. }));
    assert_eq!(g, before, "rejection changes nothing");
    assert_eq!(g.play(act("5<1")).unwrap_err().rule(), Some("B5"));
    assert_eq!(g.play(act("2<3")).unwrap_err().rule(), Some("B5"));
    g.play(act("4<3")).unwrap();
    // The line closes up; the stack at 1 now has S3 on Sn.
    assert_eq!(g.tops(), tiles("S3 Ma C2"));
    assert_eq!(g.line()[0], tiles("Sn S3"));
    // Draw M3: it matches S3 three to the left (value) and Ma two to the
    // left (suit), but only gaps 1 and 3 exist; M3 vs C2 does not match.
    g.play(Action::Draw).unwrap();
    assert_eq!(g.legal_moves(), vec![act("4<3")]);
}

#[test]
fn b5_move_any_number_of_times_between_draws() {
    let mut g = Babel::with_order(&tiles("Sn Sa S2"), Variant::Standard).unwrap();
    for _ in 0..3 {
        g.play(Action::Draw).unwrap();
    }
    g.play(act("3<1")).unwrap();
    g.play(act("2<1")).unwrap();
    assert_eq!(g.stacks(), 1);
    assert_eq!(g.line()[0], tiles("Sn Sa S2"));
    assert!(g.is_finished(), "B6: no tile, no move: over");
    assert_eq!(g.result(), Some(Outcome7::FullWin));
}

#[test]
fn b6_draw_needs_a_tile_and_end_needs_all_drawn() {
    let mut g = Babel::with_order(&tiles("Sn Sa Ma"), Variant::Standard).unwrap();
    let e = g.play(Action::End).unwrap_err();
    assert_eq!(e.rule(), Some("B6"));
    for _ in 0..3 {
        g.play(Action::Draw).unwrap();
    }
    assert_eq!(g.play(Action::Draw).unwrap_err(), BabelError::NoTileLeft);
    // Moves are legal (2<1, 3<1) so the game waits for `end` (B6).
    assert!(!g.is_finished());
    let ev = g.play(Action::End).unwrap();
    assert!(matches!(ev[0], Event::Ended { stacks: 3, .. }));
    assert_eq!(g.play(act("2<1")).unwrap_err(), BabelError::GameOver);
    assert_eq!(g.result(), Some(Outcome7::PartialWin));
}

#[test]
fn b6_standard_may_draw_while_moves_are_legal() {
    let mut g = Babel::with_order(&tiles("Sn Sa Ma"), Variant::Standard).unwrap();
    g.play(Action::Draw).unwrap();
    g.play(Action::Draw).unwrap();
    assert!(!g.legal_moves().is_empty());
    g.play(Action::Draw).unwrap();
}

#[test]
fn b7_results() {
    assert_eq!(Outcome7::of(1), Outcome7::FullWin);
    assert_eq!(Outcome7::of(2), Outcome7::PartialWin);
    assert_eq!(Outcome7::of(3), Outcome7::PartialWin);
    assert_eq!(Outcome7::of(4), Outcome7::Loss);
}

#[test]
fn b8_hidden_order_is_a_seeded_permutation_and_views_hide_it() {
    let a = Babel::hidden(Seed(11), Variant::Standard);
    let b = Babel::hidden(Seed(11), Variant::Standard);
    let c = Babel::hidden(Seed(12), Variant::Standard);
    assert_eq!(a.order(), b.order());
    assert_ne!(a.order(), c.order());
    let mut sorted = a.order().to_vec();
    sorted.sort();
    assert_eq!(sorted, Tile::all().collect::<Vec<_>>());
    let mut g = a.clone();
    g.play(Action::Draw).unwrap();
    let player = g.view(Viewer::Seat(Seat(0)));
    let spectator = g.view(Viewer::Spectator);
    assert_eq!(player, spectator);
    assert_eq!(player.deal, None);
    assert_eq!(player.undrawn, 23);
    // The view holds the undrawn set in index order, not the draw order.
    let json = serde_json::to_string(&player).unwrap();
    let future: Vec<String> = g.order()[1..].iter().map(|t| t.to_string()).collect();
    assert!(!json.contains(&future.join("\",\"")));
    assert_eq!(player.undrawn_tiles, g.undrawn_tiles());
}

#[test]
fn b9_open_deal_through_the_game_trait() {
    let order: Vec<Tile> = Tile::all().collect();
    let settings = Settings {
        variant: Variant::Standard,
        deal: Some(order.clone()),
        undo: false,
    };
    let mut g = Babel::new(&settings, Seed(0)).unwrap();
    assert_eq!(g.to_act(), ToAct::Seat(Seat(0)));
    g.apply(Seat(0), &Action::Draw, GameTime::ZERO).unwrap();
    assert_eq!(g.tops(), vec![order[0]]);
    assert!(g.apply(Seat(1), &Action::Draw, GameTime::ZERO).is_err());
}

#[test]
fn b11_strict_forbids_drawing_while_a_move_is_legal() {
    let mut g = Babel::with_order(&tiles("Sn Sa Ma"), Variant::Strict).unwrap();
    g.play(Action::Draw).unwrap();
    g.play(Action::Draw).unwrap();
    let before = g.clone();
    let e = g.play(Action::Draw).unwrap_err();
    assert_eq!(e.rule(), Some("B11"));
    assert_eq!(g, before);
    assert_eq!(g.legal_actions(), vec![act("2<1")]);
    g.play(act("2<1")).unwrap();
    g.play(Action::Draw).unwrap();
}

#[test]
fn action_text_round_trips() {
    for (a, wire) in [
        ("draw", r#"{"type":"draw"}"#),
        ("end", r#"{"type":"end"}"#),
        ("2<1", r#"{"type":"move","from":2,"gap":1}"#),
        ("17<3", r#"{"type":"move","from":17,"gap":3}"#),
    ] {
        assert_eq!(act(a).to_string(), a);
        let json = serde_json::to_string(&act(a)).unwrap();
        assert_eq!(json, wire);
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), act(a));
    }
    for bad in ["", "2<2", "0<1", "x<1", "drawn"] {
        assert!(bad.parse::<Action>().is_err(), "{bad}");
    }
}

/// An open deal whose first three tiles are Sn Sa S2 (all suns: every one
/// matches its neighbour), with undo as given.
fn open_suns(undo: bool) -> Babel {
    let first = tiles("Sn Sa S2");
    let mut order = first.clone();
    order.extend(Tile::all().filter(|t| !first.contains(t)));
    Babel::new(
        &Settings {
            variant: Variant::Standard,
            deal: Some(order),
            undo,
        },
        Seed(0),
    )
    .unwrap()
}

#[test]
fn b_8_undo_is_off_unless_the_settings_allow_it() {
    let mut g = open_suns(false);
    for a in ["draw", "draw", "2<1"] {
        g.apply(Seat(0), &act(a), GameTime::ZERO).unwrap();
    }
    let before = g.clone();
    let e = g.apply(Seat(0), &Action::Undo, GameTime::ZERO).unwrap_err();
    assert_eq!(e, BabelError::UndoOff);
    assert_eq!(e.rule(), Some("B-8"));
    assert_eq!(g, before, "a refused undo changes nothing");
    assert!(!g.view(Viewer::Seat(Seat(0))).can_undo);
    // Old records carry no `undo`: it reads as off, and it is not written
    // when off, so their settings are unchanged.
    let s: Settings = serde_json::from_str(r#"{"variant":"standard"}"#).unwrap();
    assert!(!s.undo);
    assert_eq!(
        serde_json::to_string(&s).unwrap(),
        r#"{"variant":"standard"}"#
    );
}

#[test]
fn b_8_undo_takes_moves_back_to_the_last_draw_and_no_further() {
    let mut g = open_suns(true);
    for a in ["draw", "draw"] {
        g.apply(Seat(0), &act(a), GameTime::ZERO).unwrap();
    }
    // Nothing moved since the last draw: nothing to take back.
    assert!(!g.can_undo());
    assert_eq!(
        g.apply(Seat(0), &Action::Undo, GameTime::ZERO).unwrap_err(),
        BabelError::NothingToUndo
    );
    let two = g.line().to_vec();
    g.apply(Seat(0), &act("2<1"), GameTime::ZERO).unwrap();
    g.apply(Seat(0), &act("draw"), GameTime::ZERO).unwrap();
    let after_draw = g.line().to_vec();
    g.apply(Seat(0), &act("2<1"), GameTime::ZERO).unwrap();
    assert_eq!(g.stacks(), 1);
    assert!(g.view(Viewer::Seat(Seat(0))).can_undo);
    let events = g.apply(Seat(0), &Action::Undo, GameTime::ZERO).unwrap();
    assert_eq!(
        events,
        vec![Event::Undone {
            from: 2,
            to: 1,
            count: 1
        }]
    );
    assert_eq!(
        g.line(),
        &after_draw[..],
        "the line as it was before the move"
    );
    // The draw stands (B4: the tile has been seen), so the move before it
    // cannot be taken back.
    assert_eq!(
        g.apply(Seat(0), &Action::Undo, GameTime::ZERO).unwrap_err(),
        BabelError::NothingToUndo
    );
    assert_ne!(g.line(), &two[..]);
    assert_eq!(g.tile_count(), 24);
}

#[test]
fn b_8_a_whole_stack_goes_back_and_undos_unwind_in_order() {
    let mut g = open_suns(true);
    for a in ["draw", "draw", "draw", "3<1"] {
        g.apply(Seat(0), &act(a), GameTime::ZERO).unwrap();
    }
    assert_eq!(g.line(), &[tiles("Sn"), tiles("Sa S2")][..]);
    // The two-tile stack moves as one (B5) and comes back as one.
    g.apply(Seat(0), &act("2<1"), GameTime::ZERO).unwrap();
    assert_eq!(g.line(), &[tiles("Sn Sa S2")][..]);
    let events = g.apply(Seat(0), &Action::Undo, GameTime::ZERO).unwrap();
    assert_eq!(
        events,
        vec![Event::Undone {
            from: 2,
            to: 1,
            count: 2
        }]
    );
    assert_eq!(g.line(), &[tiles("Sn"), tiles("Sa S2")][..]);
    g.apply(Seat(0), &Action::Undo, GameTime::ZERO).unwrap();
    assert_eq!(g.line(), &[tiles("Sn"), tiles("Sa"), tiles("S2")][..]);
    assert!(!g.can_undo());
    assert_eq!("undo".parse::<Action>().unwrap(), Action::Undo);
    assert_eq!(Action::Undo.to_string(), "undo");
}

#[test]
fn b_10_a_deal_given_up_counts_every_tile_not_drawn_as_a_stack() {
    use stackyard_core::{Driver, Ending};
    // Four suns first: drawn and piled up, one stack and 20 tiles to go.
    let order: Vec<Tile> = Tile::all().collect();
    let settings = Settings {
        variant: Variant::Standard,
        deal: Some(order),
        undo: false,
    };
    let mut driver = Driver::<Babel>::new(settings, Seed(0)).unwrap();
    for a in ["draw", "draw", "2<1", "draw", "2<1", "draw", "2<1"] {
        driver.act(Seat(0), act(a), GameTime::ZERO).unwrap();
    }
    assert_eq!(driver.game().stacks(), 1);
    assert_eq!(driver.game().undrawn_count(), 20);
    assert_eq!(driver.game().scores(), vec![-21]);
    // Given up now, it ranks as the 21 stacks the line would be with the
    // other 20 tiles laid out unmoved, not as the one-stack full win.
    driver
        .finish(
            Ending::Resigned { seat: Seat(0) },
            GameTime::from_millis(1000),
        )
        .unwrap();
    let outcome = driver.outcome().unwrap();
    assert_eq!(outcome.scores, vec![-21]);
    assert!(outcome.winners.is_empty());
}

#[test]
fn b_10_with_every_tile_drawn_the_standing_is_the_b7_result() {
    let mut g = Babel::hidden(Seed(3), Variant::Standard);
    while g.undrawn_count() > 0 {
        g.play(Action::Draw).unwrap();
    }
    assert_eq!(g.scores(), vec![-(g.stacks() as i64)]);
    // B-2: with no move left the game has already ended by itself.
    if !g.is_finished() {
        g.play(Action::End).unwrap();
    }
    assert_eq!(g.outcome().unwrap().scores, g.scores());
}
