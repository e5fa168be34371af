//! Physics-backed tests (P9, P10): a careful placement stays; a careless
//! one far off centre on a tall tower knocks pieces down, and P10 decides
//! what happens to them.

mod common;
use common::*;
use stackyard_core::{GameTime, Seat};
use stackyard_speedy::*;
use std::time::Instant;

#[test]
fn p9_a_careful_placement_stays_even_with_hand_noise() {
    // Default hand noise (σ 1.5 mm, 2°): a centred tile on a foundation stays.
    let s = Settings::new(2);
    let d = deal("S2 M2", &[("S3 S4 S5", ""), ("M3", "")]);
    let mut g = started(&s, &d);
    let t0 = Instant::now();
    let mut now = GameTime::from_millis(100);
    for card in ["S3", "S4", "S5"] {
        let ev = place_tile(&mut g, Seat(0), c(card), 0, 0.0, now);
        assert!(fallen(&ev).is_empty(), "{card} fell: {ev:?}");
        now = now + 100;
    }
    eprintln!("3 placements in {:?}", t0.elapsed());
    assert_eq!(g.towers()[0].pieces.len(), 3);
    assert_eq!(g.falls(), 0);
    // Each tile is 6.35 mm: foundation + 3 tiles ≈ 25.4 mm.
    let h = g.height_mm(TowerId(0));
    assert!((h - 25.4).abs() < 1.0, "height {h}");
    assert_conserved(&g);
}

/// Builds a staircase leaning towards +x on tower 0: each tile `step` mm
/// further out than the one below (P-7: aims are from the top's centre).
fn staircase(step: f64, tiles: &[&str]) -> (SpeedyTowers, GameTime) {
    let s = exact(3);
    let d = deal(
        "S2 M2",
        &[("S3 S4 S5 Sa Sn S3 S4 S5", "Mn"), ("M3", ""), ("M4", "")],
    );
    let mut g = started(&s, &d);
    let mut now = GameTime::from_millis(100);
    for card in tiles {
        let ev = place_tile(&mut g, Seat(0), c(card), 0, step, now);
        assert!(fallen(&ev).is_empty(), "{card} fell while building: {ev:?}");
        now = now + 100;
    }
    (g, now)
}

#[test]
fn p10_a_careless_placement_far_off_centre_on_a_tall_tower_knocks_it_down() {
    // Four tiles, each 8 mm further out: the stack's centre of mass is
    // 20 mm out over a 25.4 mm half-width foundation. It stands.
    let (mut g, now) = staircase(8.0, &["S3", "S4", "S5", "Sa"]);
    assert_eq!(g.towers()[0].pieces.len(), 4);
    let before_out = g.out_of_game().len();
    let pile_before = g.pile(Seat(0)).unwrap().count();
    // A careless tile 22 mm further out tips the whole stack off the
    // foundation.
    let ev = place_tile(&mut g, Seat(0), c("Sn"), 0, 22.0, now);
    let fell = fallen(&ev);
    eprintln!("{ev:#?}");
    assert!(fell.len() >= 2, "expected a collapse, got {fell:?}");
    // P10: the placer takes one back (default: the piece just placed, as it
    // fell); every other fallen piece leaves the game.
    let Some(Event::Settled { taken_back, .. }) =
        ev.iter().find(|e| matches!(e, Event::Settled { .. }))
    else {
        panic!()
    };
    let placed = match ev[0] {
        Event::Placed { piece, .. } => piece,
        _ => panic!(),
    };
    assert_eq!(*taken_back, Some(placed));
    assert_eq!(g.out_of_game().len(), before_out + fell.len() - 1);
    // The placed tile came back face down (P-5): the pile is as before.
    assert_eq!(g.pile(Seat(0)).unwrap().count(), pile_before);
    assert!(g.pile(Seat(0)).unwrap().face_down.contains(&placed));
    // The tower keeps only what still stands on the foundation.
    assert_eq!(g.towers()[0].pieces.len(), 4 + 1 - fell.len());
    assert_eq!(g.falls(), 1);
    assert_conserved(&g);
    // Lifting the fallen pieces away knocked nothing: the other tower's
    // foundation has not moved, and this one is still near the middle.
    let f1 = g.body(g.towers()[1].foundation).unwrap();
    let p1 = g.table().inner().pose(f1).position;
    assert!(
        (p1[0] - 80.0).abs() < 0.5 && p1[1].abs() < 0.5,
        "foundation 1 moved to {p1:?}"
    );
    let f0 = g.body(g.towers()[0].foundation).unwrap();
    let p0 = g.table().inner().pose(f0).position;
    assert!(
        (p0[0] + 80.0).hypot(p0[1]) < 30.0,
        "foundation 0 thrown to {p0:?}"
    );
    // Nothing that left the game still touches anything on the table.
    for p in g.out_of_game() {
        assert!(g.body(*p).is_none(), "{p} still has a body in play");
    }
}
