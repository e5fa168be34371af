//! The referees' queries: contacts filtered by distance and impulse, pieces
//! and pyramid corners on the table, towers and their tops; and properties
//! of placement (nothing created or lost, a refused drop changes nothing,
//! the same drops replay bit-identically); a removed piece pushes nothing
//! and is in no query; pieces put to sleep stay put until touched.

use proptest::prelude::*;
use stackyard_physics::{PieceId, PieceKind, Pose, Settings, Table};

#[test]
fn contacts_are_filtered_by_distance_and_impulse() {
    let mut t = Table::new(Settings::default());
    let a = t
        .drop_piece(PieceKind::Tile, Pose::at(0.0, 0.0, 0.0))
        .unwrap();
    let b = t
        .drop_piece(PieceKind::Tile, Pose::at(0.0, 0.0, 6.35))
        .unwrap();
    // Held 0.15 mm above the top tile: inside rapier's prediction margin
    // but not touching by a 0.1 mm threshold.
    let c = t
        .hold_piece(PieceKind::Tile, Pose::at(0.0, 0.0, 12.85))
        .unwrap();
    assert!(t.settle().rested);
    assert_eq!(t.contacts_filtered(0.1, 0.0), vec![(a, b)]);
    assert!(t.contacts_filtered(0.5, 0.0).contains(&(b, c)));
    // The tile below carries the upper one: an impulse of about
    // m g dt = 0.0115 kg * 9.81 * 1/240 s = 4.7e-4 N s per step.
    assert_eq!(t.contacts_filtered(0.1, 1e-4), vec![(a, b)]);
    assert_eq!(t.contacts_filtered(0.1, 1e-2), vec![]);
}

#[test]
fn a_removed_piece_pushes_nothing_and_is_in_no_query() {
    let mut t = Table::new(Settings::default());
    let a = t
        .drop_piece(PieceKind::Tile, Pose::at(0.0, 0.0, 0.0))
        .unwrap();
    // A tile with one edge on `a` and the other on the table.
    let b = t
        .drop_piece(PieceKind::Tile, Pose::at(40.0, 0.0, 6.7))
        .unwrap();
    // A coin on `b`, away from `a`.
    let c = t
        .drop_piece(PieceKind::Coin, Pose::at(55.0, 0.0, 20.0))
        .unwrap();
    assert!(t.settle().rested);
    assert!(t.on_table(b) && t.contacts().contains(&(a, b)));
    let (a_before, c_before) = (t.pose(a), t.pose(c));
    t.remove(b);
    t.remove(b);
    assert!(t.is_removed(b) && !t.is_removed(a));
    assert!(!t.at_rest(), "what touched the removed tile is woken");
    assert!(t.settle().rested);
    // Nothing pushed `a`; the coin lost its support and fell.
    let moved = |p: Pose, q: Pose| {
        (0..3)
            .map(|k| (p.position[k] - q.position[k]).powi(2))
            .sum::<f64>()
            .sqrt()
    };
    assert!(moved(a_before, t.pose(a)) < 0.01, "{:?}", t.pose(a));
    assert!(t.pose(c).position[2] < c_before.position[2] - 1.0);
    assert!(!t.on_table(b));
    assert!(t.contacts().iter().all(|&(x, y)| x != b && y != b));
    assert!(t.towers().iter().all(|tw| !tw.pieces.contains(&b)));
    assert!(!t.touching_table().contains(&b));
    // A removed piece's place is free for a new drop.
    let pose_c = t.pose(c);
    assert!(t.drop_piece(PieceKind::Coin, pose_c).is_err());
    t.remove(c);
    t.drop_piece(PieceKind::Coin, pose_c).unwrap();
}

#[test]
fn pieces_put_to_sleep_stay_put_until_something_touches_them() {
    let mut t = Table::new(Settings::default());
    let a = t
        .drop_piece(PieceKind::Tile, Pose::at(0.0, 0.0, 0.0))
        .unwrap();
    // A tile let go 5 mm above `a`, frozen a few steps into its fall.
    let b = t
        .drop_piece(PieceKind::Tile, Pose::at(0.0, 0.0, 11.35))
        .unwrap();
    for _ in 0..3 {
        t.step();
    }
    assert!(!t.at_rest());
    t.sleep_all();
    assert!(t.at_rest());
    let frozen = t.pose_bits(b);
    let z = t.pose(b).position[2];
    assert!(z > 8.0 && z < 11.35, "b is falling: {z}");
    // Nothing steps a sleeping world; a copy sleeps too.
    for _ in 0..50 {
        t.step();
    }
    assert_eq!(t.pose_bits(b), frozen);
    assert!(t.clone().at_rest());
    assert!(t.settle().rested);
    assert_eq!(t.pose_bits(b), frozen);
    // A coin dropped onto `b` wakes it: both come down onto `a`.
    let c = t
        .drop_piece(PieceKind::Coin, Pose::at(0.0, 0.0, z + 6.35 + 0.3))
        .unwrap();
    let run = t.settle();
    assert!(run.rested);
    let zb = t.pose(b).position[2];
    assert!((zb - 6.35).abs() < 0.1, "b rests on a: {zb}");
    assert!((t.pose(c).position[2] - 12.7).abs() < 0.1);
    assert_eq!(t.contacts(), vec![(a, b), (b, c)]);
    // A held piece is not put to sleep: it stays where the hand holds it.
    let h = t
        .hold_piece(PieceKind::Coin, Pose::at(100.0, 0.0, 10.0))
        .unwrap();
    t.sleep_all();
    assert!(t.is_held(h) && t.at_rest());
}

#[test]
fn pieces_on_the_table_and_towers() {
    let mut t = Table::new(Settings::default());
    let a = t
        .drop_piece(PieceKind::Tile, Pose::at(0.0, 0.0, 0.0))
        .unwrap();
    let b = t
        .drop_piece(PieceKind::Tile, Pose::at(0.0, 0.0, 6.35))
        .unwrap();
    let p = t
        .drop_piece(PieceKind::PyramidMedium, Pose::at(0.0, 0.0, 12.7))
        .unwrap();
    let lone = t
        .drop_piece(PieceKind::Pawn, Pose::at(100.0, 0.0, 0.0))
        .unwrap();
    assert!(t.settle().rested);
    assert_eq!(t.touching_table(), vec![a, lone]);
    // On a tile, none of the pyramid's corners is on the table.
    assert_eq!(t.table_corners(p), Some([false; 5]));
    assert_eq!(t.table_corners(a), None);
    let towers = t.towers();
    assert_eq!(towers.len(), 2);
    assert_eq!(towers[0].pieces, vec![a, b, p]);
    let expect = 12.7 + t.settings().pieces.pyramid_medium.height;
    // The rounded apex (0.2 mm edges) sits about 0.5 mm below the sharp one.
    assert!(
        (towers[0].top_mm - expect).abs() < 1.0,
        "{}",
        towers[0].top_mm
    );
    assert_eq!(towers[1].pieces, vec![lone]);
    assert!((towers[1].top_mm - 28.6).abs() < 0.3);
    assert!(towers.iter().all(|t| t.on_table));
}

#[test]
fn motion_is_measured_from_a_mark() {
    let mut t = Table::new(Settings::default());
    let a = t
        .drop_piece(PieceKind::Coin, Pose::at(0.0, 0.0, 10.0))
        .unwrap();
    let mark = t.mark();
    assert!(t.settle().rested);
    let m = t.motions_since(&mark)[a.0];
    assert!((m.moved_mm - 10.0).abs() < 0.2, "{m:?}");
    assert!(m.turned_deg < 0.5);
}

fn kind_of(i: u8) -> PieceKind {
    PieceKind::ALL[usize::from(i) % PieceKind::ALL.len()]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn drops_are_counted_refusals_change_nothing_and_replays_match(
        drops in prop::collection::vec((0u8..6, -60.0f64..60.0, -60.0f64..60.0, 0.0f64..30.0, -90.0f64..90.0), 1..6)
    ) {
        let build = || {
            let mut t = Table::new(Settings::default());
            let mut accepted = 0;
            for &(k, x, y, z, r) in &drops {
                let bits: Vec<_> = (0..t.len()).map(|i| t.pose_bits(PieceId(i))).collect();
                match t.drop_piece(kind_of(k), Pose::at(x, y, z).rotated(r, 0.0, r / 2.0)) {
                    Ok(id) => {
                        prop_assert_eq!(id, PieceId(accepted));
                        accepted += 1;
                    }
                    Err(_) => {
                        // Refused: same pieces, same poses.
                        let after: Vec<_> = (0..t.len()).map(|i| t.pose_bits(PieceId(i))).collect();
                        prop_assert_eq!(&bits, &after);
                    }
                }
                prop_assert_eq!(t.len(), accepted);
            }
            t.settle_for(60);
            prop_assert_eq!(t.len(), accepted);
            Ok(t)
        };
        let (a, b) = (build()?, build()?);
        let bits = |t: &Table| (0..t.len()).map(|i| t.pose_bits(PieceId(i))).collect::<Vec<_>>();
        prop_assert_eq!(bits(&a), bits(&b));
    }
}

#[test]
fn room_below_is_the_fall_to_the_first_thing_under_a_piece() {
    // A tile on the table, a coin over it: the room below is the gap to
    // the tile's top (6.35 mm high), not to the table; beyond the limit,
    // none; a piece already touching has none to spare.
    let mut t = Table::new(Settings::default());
    t.drop_piece(PieceKind::Tile, Pose::at(0.0, 0.0, 0.0))
        .unwrap();
    let room =
        |t: &Table, z: f64, max: f64| t.room_below_mm(PieceKind::Coin, Pose::at(5.0, 0.0, z), max);
    let r = room(&t, 8.35, 3.0).expect("2 mm above the tile");
    assert!((r - 2.0).abs() < 1e-3, "{r}");
    assert_eq!(room(&t, 10.35, 3.0), None, "4 mm is more than 3");
    let r = room(&t, 6.35, 3.0).expect("on the tile");
    assert!(r < 1e-3, "{r}");
    // Off the tile, the table is what is under it.
    let r = t
        .room_below_mm(PieceKind::Coin, Pose::at(60.0, 0.0, 1.5), 3.0)
        .expect("1.5 mm above the table");
    assert!((r - 1.5).abs() < 1e-3, "{r}");
    // Nothing is left changed: the tile is the only piece.
    assert_eq!(t.len(), 1);
}
