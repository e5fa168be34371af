//! Speedy Towers through the core's `Driver` and on the wire: per-viewer
//! events hide coin faces (P-9), records replay, the wire shapes of
//! settings and actions are as documented (tagged with `"type"`).

mod common;
use common::*;
use stackyard_core::{Driver, Game, GameTime, Seat, Seed, Viewer};
use stackyard_speedy::*;

#[test]
fn the_driver_hides_a_placed_coin_s_other_face_from_other_viewers() {
    // A game from the seed, through the Driver: ready, then seat 0 places
    // a coin value-up wherever it fits.
    let mut d = Driver::<SpeedyTowers>::new(Settings::new(2), Seed(3)).unwrap();
    d.act(Seat(0), Action::Ready, GameTime::ZERO).unwrap();
    d.act(Seat(1), Action::Ready, GameTime::ZERO).unwrap();
    let mut placed = None;
    'search: for &coin in &d.game().pile(Seat(0)).unwrap().coins.clone() {
        for t in 0..2 {
            let a = Action::Place {
                piece: Placing::Coin {
                    coin,
                    face: CoinFace::Value,
                },
                tower: TowerId(t),
                aim: Aim::CENTRE,
                take_back: TakeBack::PlacedFirst,
            };
            if let Ok(step) = d.act(Seat(0), a, GameTime::from_millis(500)) {
                placed = Some(step);
                break 'search;
            }
        }
    }
    let step = placed.expect("some coin fits value-up at the start");
    let mine = d.events_for(&step, Viewer::Seat(Seat(0)));
    let theirs = d.events_for(&step, Viewer::Seat(Seat(1)));
    let spectator = d.events_for(&step, Viewer::Spectator);
    let look = |evs: &[Event]| match &evs[0] {
        Event::Placed { look, .. } => *look,
        e => panic!("{e:?}"),
    };
    assert!(matches!(
        look(&mine),
        Look::Coin {
            suit: Some(_),
            value: Some(_),
            ..
        }
    ));
    assert!(matches!(
        look(&theirs),
        Look::Coin {
            suit: None,
            value: Some(_),
            ..
        }
    ));
    assert_eq!(look(&theirs), look(&spectator));
    // The record replays to the same game.
    let (again, _) = Driver::<SpeedyTowers>::replay(d.record()).unwrap();
    assert_eq!(again.game().fingerprint(), d.game().fingerprint());
}

#[test]
fn p8_p11_ties_any_highest_tower_takes_the_pawn() {
    // Seat 0 holds only its pawn; both foundations are bare and equally high.
    let d = deal("S2 M2", &[("", ""), ("M3", "")]);
    for tower in 0..2 {
        let mut g = started(&exact(2), &d);
        let ev = g
            .apply(
                Seat(0),
                &place(Placing::Pawn, tower, 0.0, 0.0),
                GameTime::from_millis(10),
            )
            .unwrap();
        assert!(
            matches!(
                ev.last(),
                Some(Event::Ended {
                    reason: EndReason::Pawn,
                    ..
                })
            ),
            "tower {tower}: {ev:?}"
        );
        assert_eq!(g.outcome().unwrap().winners, vec![Seat(0)]);
        assert_eq!(g.scores(), vec![0, -2]);
    }
}

#[test]
fn p_14_an_aim_an_ulp_off_replays_the_same_drop() {
    // A record read back from JSON may carry an aim one ulp off; the
    // engine takes aims to the micrometre, so the drop is the same.
    let d = deal("S2 M2", &[("S3", ""), ("M3", "")]);
    let mut a = started(&Settings::new(2), &d);
    let mut b = a.clone();
    reveal_card(&mut a, Seat(0), c("S3"), GameTime::ZERO);
    reveal_card(&mut b, Seat(0), c("S3"), GameTime::ZERO);
    let x: f64 = 1.2345678;
    let nudged = f64::from_bits(x.to_bits() + 1);
    a.apply(Seat(0), &place(Placing::Tile, 0, x, 0.0), GameTime::ZERO)
        .unwrap();
    b.apply(
        Seat(0),
        &place(Placing::Tile, 0, nudged, 0.0),
        GameTime::ZERO,
    )
    .unwrap();
    assert_eq!(a.pose_bits(), b.pose_bits());
}

#[test]
fn wire_shapes_of_settings_and_actions() {
    let s: Settings = serde_json::from_str(r#"{"players": 3}"#).unwrap();
    assert_eq!(s, Settings::new(3));
    assert_eq!(Settings::default().players, 4);
    assert!(serde_json::from_str::<Settings>(r#"{"players": 3, "colour": "red"}"#).is_err());
    let a: Action = serde_json::from_str(
        r#"{"type": "place", "piece": {"kind": "coin", "coin": 12, "face": "value"},
            "tower": 1, "aim": {"x_mm": 0.5, "y_mm": -1}}"#,
    )
    .unwrap();
    assert_eq!(
        a,
        Action::Place {
            piece: Placing::Coin {
                coin: PieceId(12),
                face: CoinFace::Value
            },
            tower: TowerId(1),
            aim: Aim {
                x_mm: 0.5,
                y_mm: -1.0,
                rotation_deg: 0.0
            },
            take_back: TakeBack::PlacedFirst,
        }
    );
    for (json, action) in [
        (r#"{"type":"ready"}"#, Action::Ready),
        (r#"{"type":"reveal"}"#, Action::Reveal),
        (r#"{"type":"hide"}"#, Action::Hide),
    ] {
        assert_eq!(serde_json::to_string(&action).unwrap(), json);
        assert_eq!(serde_json::from_str::<Action>(json).unwrap(), action);
    }
    let pawn = Action::Place {
        piece: Placing::Pawn,
        tower: TowerId(0),
        aim: Aim::CENTRE,
        take_back: TakeBack::HighestRanked,
    };
    let text = serde_json::to_string(&pawn).unwrap();
    assert!(
        text.contains(r#""piece":{"kind":"pawn"}"#)
            && text.contains(r#""take_back":"highest_ranked""#),
        "{text}"
    );
    // Views are wire types too (floats may come back an ulp off without
    // serde_json's float_roundtrip feature, so compare the rest).
    let g = SpeedyTowers::new(&Settings::new(2), Seed(1)).unwrap();
    let v = g.view(Viewer::Spectator);
    let back: View = serde_json::from_str(&serde_json::to_string(&v).unwrap()).unwrap();
    assert_eq!(
        (back.seats, back.towers.len(), back.hand),
        (v.seats, v.towers.len(), v.hand)
    );
}
