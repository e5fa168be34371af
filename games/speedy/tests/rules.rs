//! Rules tests, each citing the rule (P1–P12) or decision (P-n) it checks.

mod common;
use common::*;
use stackyard_core::{Game, GameTime, RuleError, Seat, Seed, Viewer};
use stackyard_speedy::*;

const T: GameTime = GameTime::from_millis(1000);

fn rule_of(r: Result<Vec<Event>, SpeedyError>) -> Option<&'static str> {
    r.expect_err("expected a rejection").rule()
}

/// Applies an action that must be rejected, checks nothing changed, and
/// returns the rule it names.
fn rejected(g: &mut SpeedyTowers, seat: Seat, a: &Action, now: GameTime) -> Option<&'static str> {
    let before = g.fingerprint();
    let r = g.apply(seat, a, now);
    assert_eq!(g.fingerprint(), before, "rejected {a:?} changed the state");
    rule_of(r)
}

#[test]
fn p1_p3_deal_sizes_for_every_table() {
    for players in 2..=6u8 {
        let s = Settings::new(players);
        let g = SpeedyTowers::new(&s, Seed(u64::from(players))).unwrap();
        let packs = usize::from(players).div_ceil(2);
        assert_eq!(s.packs(), packs, "P1");
        // 24 tiles, 24 coins per pack; one pawn per seat.
        assert_eq!(g.pieces().len(), 48 * packs + usize::from(players));
        let foundations = usize::from(players).saturating_sub(1).max(2);
        assert_eq!(g.towers().len(), foundations, "P3 max(2, players-1)");
        let tiles_each = (24 * packs - foundations) / usize::from(players);
        let coins_each = 24 * packs / usize::from(players);
        for seat in 0..players {
            let p = g.pile(Seat(seat)).unwrap();
            assert_eq!(p.face_down.len(), tiles_each, "P3 tiles, {players} players");
            assert_eq!(p.coins.len(), coins_each, "P3 coins");
            assert!(p.pawn.is_some(), "P3 one pawn each");
            assert!(p.face_up.is_none());
        }
        assert_eq!(
            g.set_aside().len(),
            (24 * packs - foundations) % usize::from(players) + (24 * packs) % usize::from(players)
        );
        assert_conserved(&g);
    }
}

#[test]
fn p3_the_remainder_may_go_to_the_last_winner() {
    let s = Settings {
        remainder: Remainder::ToSeat { seat: Seat(2) },
        ..Settings::new(3)
    };
    let g = SpeedyTowers::new(&s, Seed(5)).unwrap();
    // 2 packs: 48 − 2 foundations = 46 tiles, 15 each, 1 to seat 2.
    assert_eq!(g.pile(Seat(2)).unwrap().face_down.len(), 16);
    assert_eq!(g.pile(Seat(0)).unwrap().face_down.len(), 15);
    assert!(g.set_aside().is_empty());
    assert!(
        SpeedyTowers::new(
            &Settings {
                remainder: Remainder::ToSeat { seat: Seat(3) },
                ..Settings::new(3)
            },
            Seed(5)
        )
        .is_err()
    );
}

#[test]
fn p1_settings_out_of_range_are_setup_errors() {
    for bad in [
        Settings::new(1),
        Settings::new(7),
        Settings {
            max_offset_mm: f64::NAN,
            ..Settings::new(2)
        },
        Settings {
            settle_cap_s: 1e9,
            ..Settings::new(2)
        },
        Settings {
            hand_noise: HandNoise {
                sigma_mm: -1.0,
                sigma_deg: 0.0,
            },
            ..Settings::new(2)
        },
    ] {
        assert!(SpeedyTowers::new(&bad, Seed(1)).is_err(), "{bad:?}");
    }
}

#[test]
fn p4_nothing_but_ready_before_every_seat_is_ready() {
    let mut g = SpeedyTowers::new(&Settings::new(3), Seed(2)).unwrap();
    assert_eq!(
        rejected(&mut g, Seat(0), &Action::Reveal, GameTime::ZERO),
        Some("P4")
    );
    // The foundations are face down until the start.
    let v = g.view(Viewer::Spectator);
    assert!(
        v.towers
            .iter()
            .all(|t| t.foundation == Look::FaceDownTile && t.top.is_none())
    );
    g.apply(Seat(0), &Action::Ready, GameTime::ZERO).unwrap();
    assert_eq!(
        rejected(&mut g, Seat(0), &Action::Ready, GameTime::ZERO),
        Some("P4")
    );
    assert_eq!(
        rejected(&mut g, Seat(9), &Action::Ready, GameTime::ZERO),
        None
    );
    g.apply(Seat(1), &Action::Ready, GameTime::from_millis(10))
        .unwrap();
    let ev = g
        .apply(Seat(2), &Action::Ready, GameTime::from_millis(20))
        .unwrap();
    // P4: they turn face up together when the last seat is ready.
    assert!(matches!(&ev[1], Event::Started { foundations, .. } if foundations.len() == 2));
    assert_eq!(g.started(), Some(GameTime::from_millis(20)));
    assert_eq!(g.to_act(), stackyard_core::ToAct::AnySeat);
    let v = g.view(Viewer::Spectator);
    assert!(
        v.towers
            .iter()
            .all(|t| matches!(t.foundation, Look::Tile { .. }) && t.top.is_some())
    );
    assert_eq!(
        rejected(&mut g, Seat(1), &Action::Ready, GameTime::from_millis(30)),
        Some("P4")
    );
    // Time never goes back.
    assert_eq!(
        rejected(&mut g, Seat(1), &Action::Reveal, GameTime::from_millis(5)),
        None
    );
}

#[test]
fn p5_one_face_up_tile_at_a_time_and_hide_then_reveal_picks_another() {
    // Every tile here fits no tower (not Suns or Moons, not above an Ace),
    // so each may be hidden (P5 as revised 2026-11-26; before, the deal
    // was "S2 S3 S4" / "M3", tiles that fit). Seat 1's coin fits (value
    // up on a tile, P7), so the game is not over at the start (P12).
    let d = deal("Sa Ma", &[("C2 C3 A4", ""), ("C5", "S2")]);
    let mut g = started(&exact(2), &d);
    assert_eq!(rejected(&mut g, Seat(0), &Action::Hide, T), Some("P5"));
    let ev = g.apply(Seat(0), &Action::Reveal, T).unwrap();
    let Event::Revealed { tile: first, .. } = ev[0] else {
        panic!("{ev:?}")
    };
    assert_eq!(
        rejected(&mut g, Seat(0), &Action::Reveal, T),
        Some("P5"),
        "a second face-up tile"
    );
    // Hide, then reveal: never the tile just hidden while others remain.
    for _ in 0..20 {
        let up = g.pile(Seat(0)).unwrap().face_up.unwrap();
        g.apply(Seat(0), &Action::Hide, T).unwrap();
        let ev = g.apply(Seat(0), &Action::Reveal, T).unwrap();
        let Event::Revealed { tile, .. } = ev[0] else {
            panic!()
        };
        assert_ne!(tile, up, "P5: the next reveal picks among the others");
    }
    let _ = first;
    // One face-down tile: hiding it and revealing brings it back.
    g.apply(Seat(1), &Action::Reveal, T).unwrap();
    g.apply(Seat(1), &Action::Hide, T).unwrap();
    g.apply(Seat(1), &Action::Reveal, T).unwrap();
    assert!(g.pile(Seat(1)).unwrap().face_up.is_some());
    assert_eq!(rejected(&mut g, Seat(1), &Action::Reveal, T), Some("P5"));
}

#[test]
fn p5_hiding_a_tile_that_fits_is_refused_naming_a_tower_it_fits() {
    // Foundations Sa and M2: C3 fits M2 (higher), not Sa.
    let d = deal("Sa M2", &[("C3 C4", ""), ("A2", "")]);
    let mut g = started(&exact(2), &d);
    reveal_card(&mut g, Seat(0), c("C3"), T);
    let before = g.fingerprint();
    let err = g.apply(Seat(0), &Action::Hide, T).unwrap_err();
    assert_eq!(
        g.fingerprint(),
        before,
        "P5: a refused hide changes nothing"
    );
    assert_eq!(err.rule(), Some("P5"));
    assert_eq!(
        err,
        SpeedyError::HideFits {
            tile: c("C3"),
            tower: TowerId(1)
        }
    );
    // In a player's words: the tile by its name, not its code, and the
    // tower; the rule id apart.
    let words = err.to_string();
    assert!(
        words.starts_with("Crowns 3") && words.contains("tower 1"),
        "{words}"
    );
    assert!(!words.contains("P5"), "{words}");
    assert_eq!(
        g.pile(Seat(0))
            .unwrap()
            .face_up
            .map(|t| g.piece(t).unwrap().card()),
        Some(Some(c("C3")))
    );
}

#[test]
fn p5_hiding_a_tile_that_fits_nowhere_is_accepted_judged_at_that_moment() {
    // Foundations Sa and M2. Seat 0's C2 fits neither (2 is not above 2,
    // and neither suit is Clubs); seat 1 holds a Null.
    let d = deal("Sa M2", &[("C2 C4", ""), ("An", "")]);
    let mut g = started(&exact(2), &d);
    reveal_card(&mut g, Seat(0), c("C2"), T);
    let ev = g.apply(Seat(0), &Action::Hide, T).unwrap();
    assert!(
        matches!(ev[0], Event::Hidden { seat: Seat(0), .. }),
        "{ev:?}"
    );
    assert!(g.pile(Seat(0)).unwrap().face_up.is_none());
    // Seat 1 puts its Null on Sa: anything fits on a Null now, so the
    // same C2, face up again, may no longer be hidden.
    reveal_card(&mut g, Seat(0), c("C2"), T);
    let ev = place_tile(&mut g, Seat(1), c("An"), 0, 0.0, T);
    assert!(fallen(&ev).is_empty(), "{ev:?}");
    assert_eq!(
        rejected(&mut g, Seat(0), &Action::Hide, T),
        Some("P5"),
        "C2 fits the Null on tower 0"
    );
    assert!(matches!(
        g.apply(Seat(0), &Action::Hide, T),
        Err(SpeedyError::HideFits {
            tower: TowerId(0),
            ..
        })
    ));
    assert_conserved(&g);
}

#[test]
fn p5_reveal_is_random_but_seeded() {
    // Over many deals the first reveal is not always the same slot.
    let mut firsts = std::collections::HashSet::new();
    for seed in 0..16 {
        let d = deal("Sa Ma", &[("S2 S3 S4 S5", ""), ("M3", "")]);
        let mut g = SpeedyTowers::from_deal(&exact(2), &d, Seed(seed)).unwrap();
        g.apply(Seat(0), &Action::Ready, GameTime::ZERO).unwrap();
        g.apply(Seat(1), &Action::Ready, GameTime::ZERO).unwrap();
        let ev = g.apply(Seat(0), &Action::Reveal, T).unwrap();
        if let Event::Revealed { card, .. } = ev[0] {
            firsts.insert(card);
        }
    }
    assert!(firsts.len() > 1, "P5: at random");
}

#[test]
fn p6_bad_placements_name_their_rule_and_change_nothing() {
    let d = deal("S2 M2", &[("S3 S4", "C5"), ("M3", "A4")]);
    let mut g = started(&exact(2), &d);
    let s0 = Seat(0);
    // A face-down tile cannot be placed (P6).
    assert_eq!(
        rejected(&mut g, s0, &place(Placing::Tile, 0, 0.0, 0.0), T),
        Some("P6")
    );
    g.apply(s0, &Action::Reveal, T).unwrap();
    // Unknown tower; pose not finite; pose off the table.
    assert_eq!(
        rejected(&mut g, s0, &place(Placing::Tile, 2, 0.0, 0.0), T),
        Some("P6")
    );
    assert_eq!(
        rejected(&mut g, s0, &place(Placing::Tile, 0, f64::NAN, 0.0), T),
        Some("P6")
    );
    assert_eq!(
        rejected(&mut g, s0, &place(Placing::Tile, 0, 0.0, f64::INFINITY), T),
        Some("P6")
    );
    assert_eq!(
        rejected(&mut g, s0, &place(Placing::Tile, 0, 500.0, 0.0), T),
        Some("P6")
    );
    assert_eq!(
        rejected(&mut g, s0, &place(Placing::Tile, 0, 1e308, 0.0), T),
        Some("P6")
    );
    // Another seat's coin, an unknown piece, a tile named as a coin.
    let theirs = coin_of(&g, Seat(1), c("A4"));
    let coin = |coin| Placing::Coin {
        coin,
        face: CoinFace::Value,
    };
    assert_eq!(
        rejected(&mut g, s0, &place(coin(theirs), 0, 0.0, 0.0), T),
        Some("P6")
    );
    assert_eq!(
        rejected(&mut g, s0, &place(coin(PieceId(999)), 0, 0.0, 0.0), T),
        Some("P6")
    );
    assert_eq!(
        rejected(&mut g, s0, &place(coin(PieceId(2)), 0, 0.0, 0.0), T),
        Some("P6")
    );
    // The pawn too early (P8).
    assert_eq!(
        rejected(&mut g, s0, &place(Placing::Pawn, 0, 0.0, 0.0), T),
        Some("P8")
    );
    assert_conserved(&g);
    // Any finite rotation is a rotation: 1e300 degrees is some angle.
    let spun = Action::Place {
        piece: Placing::Tile,
        tower: TowerId(0),
        aim: Aim {
            x_mm: 0.0,
            y_mm: 0.0,
            rotation_deg: 1e300,
        },
        take_back: TakeBack::PlacedFirst,
    };
    g.apply(s0, &spun, T).unwrap();
}

#[test]
fn p7_a_tile_that_does_not_match_is_rejected_and_a_matching_one_lands() {
    let d = deal("S2 M5", &[("C3", ""), ("M3", "")]);
    let mut g = started(&exact(2), &d);
    reveal_card(&mut g, Seat(0), c("C3"), T);
    // C3 on M5: lower and another suit.
    assert_eq!(
        rejected(&mut g, Seat(0), &place(Placing::Tile, 1, 0.0, 0.0), T),
        Some("P7")
    );
    // C3 on S2: higher.
    let ev = g
        .apply(Seat(0), &place(Placing::Tile, 0, 0.0, 0.0), T)
        .unwrap();
    assert!(fallen(&ev).is_empty());
    assert_eq!(g.towers()[0].pieces.len(), 1);
}

#[test]
fn p7_a_coin_takes_its_hidden_property_from_the_nearest_tile_below() {
    // P7 as revised 2026-11-26 (before, a coin was judged by its shown face
    // alone, and S2 value-up on S3 was refused). Foundations S3 and M5.
    let d = deal("S3 M5", &[("Cn", "S2 C4"), ("Mn", "A2 A5")]);
    let mut g = started(&exact(2), &d);
    let s2 = coin_of(&g, Seat(0), c("S2"));
    let c4 = coin_of(&g, Seat(0), c("C4"));
    let coin = |coin, face| Placing::Coin { coin, face };
    // C4 suit-up on S3 counts as C3 (the tile's value): not higher, not
    // Suns, no Null.
    let before = g.fingerprint();
    let err = g
        .apply(Seat(0), &place(coin(c4, CoinFace::Suit), 0, 0.0, 0.0), T)
        .unwrap_err();
    assert_eq!(g.fingerprint(), before);
    assert_eq!(err.rule(), Some("P7"));
    assert!(
        matches!(
            err,
            SpeedyError::NoMatch {
                kind: matching::Mismatch::Coin { counts_as },
                ..
            } if counts_as == c("C3")
        ),
        "{err:?}"
    );
    // S2 value-up on S3: lower, but it takes the tile's suit and matches.
    let ev = g
        .apply(Seat(0), &place(coin(s2, CoinFace::Value), 0, 0.0, 0.0), T)
        .unwrap();
    assert!(fallen(&ev).is_empty(), "{ev:?}");
    assert_eq!(
        g.top(TowerId(0)),
        Some(matching::Top::coin(c("S2"), c("S3")))
    );
    // C4 suit-up on the coin: its value comes from tile S3, the nearest
    // tile below both coins, not from the coin's 2. It counts as C3, and
    // 3 beats the coin's 2.
    g.apply(Seat(0), &place(coin(c4, CoinFace::Suit), 0, 0.0, 0.0), T)
        .unwrap();
    assert_eq!(
        g.top(TowerId(0)),
        Some(matching::Top::coin(c("C3"), c("S3")))
    );
    // Seat 1's A2 value-up would count as S2 (Suns from the tile): not
    // above 3, not Clubs. A5 value-up counts as S5 and fits.
    let a2 = coin_of(&g, Seat(1), c("A2"));
    let a5 = coin_of(&g, Seat(1), c("A5"));
    assert_eq!(
        rejected(
            &mut g,
            Seat(1),
            &place(coin(a2, CoinFace::Value), 0, 0.0, 0.0),
            T
        ),
        Some("P7")
    );
    g.apply(Seat(1), &place(coin(a5, CoinFace::Value), 0, 0.0, 0.0), T)
        .unwrap();
    assert_eq!(g.towers()[0].pieces.len(), 3);
    assert_eq!(
        g.top(TowerId(0)),
        Some(matching::Top::coin(c("S5"), c("S3")))
    );
    assert_conserved(&g);
}

#[test]
fn p7_a_coin_showing_its_value_matches_a_tile_of_any_value_by_its_suit() {
    // Foundations Sa and Mn (the foundation is the tile underneath), then
    // a placed tile M5 on Mn: a value-up 2 goes on each, counting as the
    // tile's suit with its own 2.
    let d = deal("Sa Mn", &[("M5", "C2 A2"), ("C3", "S2")]);
    let mut g = started(&exact(2), &d);
    let c2 = coin_of(&g, Seat(0), c("C2"));
    let a2 = coin_of(&g, Seat(0), c("A2"));
    let value_up = |coin| Placing::Coin {
        coin,
        face: CoinFace::Value,
    };
    let ev = g
        .apply(Seat(0), &place(value_up(c2), 0, 0.0, 0.0), T)
        .unwrap();
    assert!(
        matches!(&ev[0], Event::Placed { effective: Some(e), .. } if *e == c("S2")),
        "P7: 2 on an Ace, by suit: {ev:?}"
    );
    place_tile(&mut g, Seat(0), c("M5"), 1, 0.0, T);
    let ev = g
        .apply(Seat(0), &place(value_up(a2), 1, 0.0, 0.0), T)
        .unwrap();
    assert!(
        matches!(&ev[0], Event::Placed { effective: Some(e), .. } if *e == c("M2")),
        "P7: 2 on a 5, by suit (the placed tile, not the Null foundation): {ev:?}"
    );
    // The engine's own list agrees (Hand::fits): seat 1's S2 value-up fits
    // both towers.
    let s2 = coin_of(&g, Seat(1), c("S2"));
    let hand = g.view(Viewer::Seat(Seat(1))).hand.unwrap();
    let fit = hand.fits.iter().find(|f| f.piece == value_up(s2)).unwrap();
    assert_eq!(fit.towers, vec![TowerId(0), TowerId(1)]);
}

#[test]
fn p4_p7_a_race_on_one_tower_the_second_placement_is_judged_against_the_new_top() {
    // Seats 0 (S5 up) and 1 (C4 up) both go for tower 0 (S2) at the same
    // millisecond. Arrival order decides (P4).
    let d = deal("S2 M2", &[("S5", ""), ("C4", "")]);
    let mut g = started(&exact(2), &d);
    let now = GameTime::from_millis(500);
    reveal_card(&mut g, Seat(0), c("S5"), now);
    reveal_card(&mut g, Seat(1), c("C4"), now);
    let mut other = g.clone();
    // Seat 0 first: S5 lands; C4 would have fitted S2 but not S5.
    g.apply(Seat(0), &place(Placing::Tile, 0, 0.0, 0.0), now)
        .unwrap();
    assert_eq!(
        rejected(&mut g, Seat(1), &place(Placing::Tile, 0, 0.0, 0.0), now),
        Some("P7")
    );
    // Seat 1 first: C4 lands, and S5 on C4 is higher: both stay.
    other
        .apply(Seat(1), &place(Placing::Tile, 0, 0.0, 0.0), now)
        .unwrap();
    other
        .apply(Seat(0), &place(Placing::Tile, 0, 0.0, 0.0), now)
        .unwrap();
    assert_eq!(other.towers()[0].pieces.len(), 2);
    assert_eq!(other.top(TowerId(0)), Some(matching::Top::tile(c("S5"))));
}

/// Seat 1 builds tower 1 to three tiles; seat 0 puts S3 on tower 0 and has
/// only its pawn left.
fn pawn_table() -> SpeedyTowers {
    let d = deal("S2 M2", &[("S3", ""), ("M3 M4 M5", "")]);
    let mut g = started(&exact(2), &d);
    place_tile(&mut g, Seat(1), c("M3"), 1, 0.0, T);
    place_tile(&mut g, Seat(1), c("M4"), 1, 0.0, T);
    assert_eq!(
        rejected(&mut g, Seat(0), &place(Placing::Pawn, 1, 0.0, 0.0), T),
        Some("P8"),
        "pawn before the last piece"
    );
    place_tile(&mut g, Seat(0), c("S3"), 0, 0.0, T);
    assert!(g.pile(Seat(0)).unwrap().pawn_is_last());
    g
}

#[test]
fn p8_the_pawn_goes_only_last_and_only_on_a_highest_tower_p11_and_wins() {
    let mut g = pawn_table();
    // Tower 0 is one tile lower than tower 1.
    let r = g.apply(Seat(0), &place(Placing::Pawn, 0, 0.0, 0.0), T);
    assert!(
        matches!(r, Err(SpeedyError::PawnNotHighest { .. })),
        "{r:?}"
    );
    assert_eq!(r.unwrap_err().rule(), Some("P8"));
    let ev = g
        .apply(Seat(0), &place(Placing::Pawn, 1, 0.0, 0.0), T)
        .unwrap();
    assert!(fallen(&ev).is_empty());
    assert!(
        matches!(ev.last(), Some(Event::Ended { reason: EndReason::Pawn, winners, .. }) if winners == &vec![Seat(0)]),
        "{ev:?}"
    );
    let out = g.outcome().unwrap();
    assert_eq!(out.winners, vec![Seat(0)]);
    assert_eq!(g.to_act(), stackyard_core::ToAct::Nobody);
    // P11: after the end, nothing more.
    assert_eq!(rejected(&mut g, Seat(1), &Action::Reveal, T), Some("P11"));
}

#[test]
fn p_4_a_pawn_that_falls_goes_back_to_its_owner() {
    let mut g = pawn_table();
    // Let go 45 mm off the top's centre: the pawn lands on the table.
    let ev = g
        .apply(Seat(0), &place(Placing::Pawn, 1, 45.0, 0.0), T)
        .unwrap();
    let Some(Event::Settled {
        pawn_returned,
        taken_back,
        fallen,
        ..
    }) = ev.iter().find(|e| matches!(e, Event::Settled { .. }))
    else {
        panic!()
    };
    assert_eq!(fallen.len(), 1, "{ev:?}");
    assert!(pawn_returned.is_some());
    assert_eq!(*taken_back, None, "the pawn is not the P10 take-back");
    assert!(g.ending().is_none());
    assert!(g.pile(Seat(0)).unwrap().pawn_is_last());
    assert_conserved(&g);
    // It may try again, properly.
    let ev = g
        .apply(Seat(0), &place(Placing::Pawn, 1, 0.0, 0.0), T)
        .unwrap();
    assert!(matches!(ev.last(), Some(Event::Ended { .. })));
}

#[test]
fn p10_the_placer_may_take_the_highest_ranked_fallen_piece_p_5() {
    // A staircase with a Null in it; a careless Ace topples it. With
    // `highest_ranked` the placer takes the Null (P-5: Null ranks highest).
    let d = deal("S2 M2", &[("Sn S3 S4 S5 Sa", ""), ("M3", ""), ("M4", "")]);
    let mut g = started(&exact(3), &d);
    for card in ["S3", "S4", "Sn", "S5"] {
        let ev = place_tile(&mut g, Seat(0), c(card), 0, 8.0, T);
        assert!(fallen(&ev).is_empty());
    }
    reveal_card(&mut g, Seat(0), c("Sa"), T);
    let a = Action::Place {
        piece: Placing::Tile,
        tower: TowerId(0),
        aim: Aim::at(22.0, 0.0),
        take_back: TakeBack::HighestRanked,
    };
    let ev = g.apply(Seat(0), &a, T).unwrap();
    let fell = fallen(&ev);
    assert!(fell.len() >= 2, "{ev:?}");
    let null = fell
        .iter()
        .copied()
        .find(|&p| g.piece(p).unwrap().card() == Some(c("Sn")))
        .expect("the whole staircase fell, the Null with it");
    assert!(
        g.pile(Seat(0)).unwrap().face_down.contains(&null),
        "took the Null"
    );
    assert_eq!(g.out_of_game().len(), fell.len() - 1);
    assert_conserved(&g);
}

#[test]
fn p12_when_nobody_can_place_the_fewest_pieces_win() {
    // Foundations Sa, Ma. Seat 0 puts S3 on Sa; then its C2 fits neither S3
    // nor Ma, and seat 1's A2 and C3 do not either: stuck.
    let d = deal("Sa Ma", &[("S3 C2", ""), ("A2 C3", "")]);
    let mut g = started(&exact(2), &d);
    assert!(g.ending().is_none());
    let ev = place_tile(&mut g, Seat(0), c("S3"), 0, 0.0, T);
    assert!(
        matches!(ev.last(), Some(Event::Ended { reason: EndReason::Stuck, winners, pieces_left })
        if winners == &vec![Seat(0)] && pieces_left == &vec![2, 3]),
        "{ev:?}"
    );
    assert_eq!(g.outcome().unwrap().scores, vec![-2, -3]);
}

#[test]
fn p12_counts_every_face_down_tile_and_both_coin_faces_and_ties_share() {
    // Nothing fits at the start: both stuck with two pieces each.
    let d = deal("Sa Ma", &[("C2", ""), ("A2", "")]);
    let g = started(&exact(2), &d);
    assert_eq!(
        g.ending().map(|e| e.winners.clone()),
        Some(vec![Seat(0), Seat(1)])
    );
    // A face-down S2 anywhere in a pile keeps the game going.
    let d = deal("Sa Ma", &[("C2 C3 S2", ""), ("A2", "")]);
    assert!(started(&exact(2), &d).ending().is_none());
    // A Suns coin fits Sa, either face up.
    let d = deal("Sa Ma", &[("C2", "S2"), ("A2", "")]);
    assert!(started(&exact(2), &d).ending().is_none());
    // Any coin fits value-up on a tile, by the tile's suit (P7 as revised
    // 2026-11-26), so a seat with a coin is never stuck on tile tops.
    let d = deal("Sa Ma", &[("C2", "C3"), ("A2", "")]);
    assert!(started(&exact(2), &d).ending().is_none());
}

#[test]
fn p_9_views_show_a_seat_its_own_secrets_only() {
    let d = deal("S2 M2", &[("S3 S4", "C5 A3"), ("M3", "A4")]);
    let mut g = started(&exact(2), &d);
    let mine = g.view(Viewer::Seat(Seat(0)));
    let hand = mine.hand.unwrap();
    assert_eq!(hand.face_down, cards("S3 S4"));
    assert_eq!(hand.coins.len(), 2);
    let theirs = g.view(Viewer::Seat(Seat(1)));
    assert_eq!(theirs.seats[0].face_down, 2);
    assert_eq!(theirs.seats[0].coins, 2);
    assert!(theirs.hand.unwrap().coins.iter().all(|k| k.card == c("A4")));
    // A placed coin shows one face to others, both to its owner.
    let c5 = coin_of(&g, Seat(0), c("C5"));
    let ev = g
        .apply(
            Seat(0),
            &place(
                Placing::Coin {
                    coin: c5,
                    face: CoinFace::Value,
                },
                0,
                0.0,
                0.0,
            ),
            T,
        )
        .unwrap();
    let seen = g.event_for_viewer(&ev[0], Viewer::Seat(Seat(1))).unwrap();
    assert!(
        matches!(
            seen,
            Event::Placed {
                look: Look::Coin {
                    suit: None,
                    value: Some(Value::Five),
                    ..
                },
                ..
            }
        ),
        "{seen:?}"
    );
    let own = g.event_for_viewer(&ev[0], Viewer::Seat(Seat(0))).unwrap();
    assert!(matches!(
        own,
        Event::Placed {
            look: Look::Coin {
                suit: Some(Suit::C),
                value: Some(Value::Five),
                ..
            },
            ..
        }
    ));
    let spectator = g.view(Viewer::Spectator);
    assert!(spectator.hand.is_none());
    assert_eq!(
        spectator.towers[0].pieces[0].look,
        Look::Coin {
            face: CoinFace::Value,
            suit: None,
            value: Some(Value::Five)
        }
    );
}
