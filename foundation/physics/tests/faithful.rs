//! Faithfulness: the simulation against physics a person can check by hand
//! (the piece sizes and defaults in `src/settings.rs`, issue 5).

use stackyard_physics::{PieceId, PieceKind, Pose, Settings, Table};

// Tests name the pieces by index: 0 is the first dropped.

const TILE: f64 = 6.35;
const WIDTH: f64 = 50.8;

fn tile_on_tile(dx: f64) -> (Table, stackyard_physics::Settled) {
    let mut t = Table::new(Settings::default());
    t.drop_piece(PieceKind::Tile, Pose::at(0.0, 0.0, 0.0))
        .unwrap();
    t.drop_piece(PieceKind::Tile, Pose::at(dx, 0.0, TILE))
        .unwrap();
    let s = t.settle();
    (t, s)
}

#[test]
fn tile_centred_on_tile_stays() {
    let (t, s) = tile_on_tile(0.0);
    assert!(s.rested);
    assert!(
        s.motions
            .iter()
            .all(|m| m.moved_mm < 0.2 && m.turned_deg < 0.5),
        "{s:?}"
    );
    assert_eq!(t.contacts(), vec![(PieceId(0), PieceId(1))]);
    assert!(!t.on_table(PieceId(1)));
    assert!((t.highest_mm(PieceId(1)) - 2.0 * TILE).abs() < 0.3);
}

#[test]
fn tile_tips_at_half_its_width() {
    // The upper tile's centre of mass is over the edge of the lower one when
    // its offset passes half the tile width (25.4 mm).
    let (t, s) = tile_on_tile(WIDTH / 2.0 - 0.5);
    assert!(s.rested);
    assert!(!t.on_table(PieceId(1)), "just inside: stays up");
    assert!(s.motions[1].turned_deg < 2.0, "{:?}", s.motions[1]);
    let (t, s) = tile_on_tile(WIDTH / 2.0 + 0.5);
    // Just outside: it tips over the edge until its far end reaches the
    // table, at asin(6.35 / 25.9) ≈ 14.2°.
    assert!(t.lowest_mm(PieceId(1)) < 0.5, "{}", t.lowest_mm(PieceId(1)));
    assert!(s.motions[1].turned_deg > 12.0, "{:?}", s.motions[1]);
}

#[test]
fn column_of_24_tiles_keeps_its_height() {
    let mut t = Table::new(Settings::default());
    for i in 0..24 {
        t.drop_piece(PieceKind::Tile, Pose::at(0.0, 0.0, TILE * i as f64))
            .unwrap();
    }
    let s = t.settle();
    assert!(s.rested);
    let towers = t.towers();
    assert_eq!(towers.len(), 1);
    assert_eq!(towers[0].pieces.len(), 24);
    let top = towers[0].top_mm;
    assert!((top - 24.0 * TILE).abs() < 1.0, "top {top}");
}

fn pyramid(kind: PieceKind, pose: Pose) -> (Table, stackyard_physics::Settled) {
    let mut t = Table::new(Settings::default());
    t.drop_piece(kind, pose).unwrap();
    let s = t.settle();
    (t, s)
}

#[test]
fn upright_pyramid_stands_on_four_corners() {
    for kind in [
        PieceKind::PyramidSmall,
        PieceKind::PyramidMedium,
        PieceKind::PyramidLarge,
    ] {
        let (t, s) = pyramid(kind, Pose::at(0.0, 0.0, 0.0));
        assert!(s.rested);
        assert!(s.motions[0].moved_mm < 0.2 && s.motions[0].turned_deg < 0.5);
        assert_eq!(
            t.table_corners(PieceId(0)),
            Some([true, true, true, true, false])
        );
    }
}

#[test]
fn pyramid_laid_on_a_face_has_three_corners_down() {
    let s = Settings::default();
    let (b, h) = (
        s.pieces.pyramid_large.base / 2.0,
        s.pieces.pyramid_large.height,
    );
    // Tip it about the base edge at x = +b until the side face lies flat:
    // the face makes atan(h / b) with the base.
    let tilt = (h / b).atan().to_degrees();
    // Rotating about the base centre by ry lifts the edge at x = +b; put
    // the base centre where that edge then touches the table.
    let ry = 180.0 - tilt;
    let a = ry.to_radians();
    let edge = [b * a.cos(), -b * a.sin()];
    let pose = Pose::at(-edge[0] + 0.0, 0.0, -edge[1] + 0.05).rotated(0.0, ry, 0.0);
    let (t, st) = pyramid(PieceKind::PyramidLarge, pose);
    assert!(st.rested);
    let corners = t.table_corners(PieceId(0)).unwrap();
    assert_eq!(corners.iter().filter(|&&c| c).count(), 3, "{corners:?}");
    assert!(corners[4], "the apex is one of them");
    assert!(st.motions[0].turned_deg < 1.0, "{:?}", st.motions[0]);
}

#[test]
fn a_tower_tips_when_its_centre_of_mass_leaves_its_base() {
    // A staircase of tiles each shifted by `step`: the stack above the
    // bottom tile has its centre of mass at step * (n) / 2 from the base
    // centre... the whole tower tips over the bottom tile's edge once the
    // combined centre of mass of the tiles above it passes 25.4 mm.
    let run = |step: f64, n: usize| {
        let mut t = Table::new(Settings::default());
        for i in 0..n {
            t.drop_piece(
                PieceKind::Tile,
                Pose::at(step * i as f64, 0.0, TILE * i as f64),
            )
            .unwrap();
        }
        let s = t.settle();
        let fell = (1..n).any(|i| t.on_table(PieceId(i)));
        (s, fell)
    };
    // Five tiles above the base, shifted 8 mm each: their centre of mass is
    // 8 * (1+2+3+4+5)/5 = 24 mm out (inside 25.4), and every sub-stack is
    // inside too (the top one is 8 mm out of the one below).
    let (_, fell) = run(8.0, 6);
    assert!(!fell, "24 mm out: stands");
    // At 9 mm each it is 27 mm out: the tower tips.
    let (_, fell) = run(9.0, 6);
    assert!(fell, "27 mm out: falls");
}

#[test]
fn two_pyramids_leaning_against_each_other_stay() {
    // Two large pyramids, each standing on one base edge and tilted 60°
    // towards the other, apexes meeting over x = 0. Alone each would fall
    // forwards: its centre of mass (h/4 up the axis) is beyond its edge
    // once tan(tilt) > 4b/h (tilt > 49°), so each holds the other up.
    let s = Settings::default();
    let (b, h) = (
        s.pieces.pyramid_large.base / 2.0,
        s.pieces.pyramid_large.height,
    );
    let a: f64 = 60f64.to_radians();
    // Ry(+a) lowers the +x base edge: centre lifted b·sin a puts it on the table.
    let cx = h * a.sin() + 0.1;
    let z = b * a.sin() + 0.02;
    let mut t = Table::new(s);
    let left = Pose::at(-cx, 0.0, z).rotated(0.0, 60.0, 0.0);
    let right = Pose::at(cx, 0.0, z).rotated(0.0, -60.0, 0.0);
    t.drop_piece(PieceKind::PyramidLarge, left).unwrap();
    t.drop_piece(PieceKind::PyramidLarge, right).unwrap();
    let st = t.settle();
    assert!(st.rested);
    assert_eq!(t.contacts(), vec![(PieceId(0), PieceId(1))], "{st:?}");
    for i in 0..2 {
        assert!(st.motions[i].turned_deg < 5.0, "{:?}", st.motions[i]);
        let c = t.table_corners(PieceId(i)).unwrap();
        assert_eq!(
            c.iter().filter(|&&c| c).count(),
            2,
            "on one base edge: {c:?}"
        );
    }
}

fn coin_column(offsets: &[f64]) -> (Table, stackyard_physics::Settled) {
    let mut t = Table::new(Settings::default());
    let h = t.settings().pieces.coin.height;
    for (i, dx) in offsets.iter().enumerate() {
        t.drop_piece(PieceKind::Coin, Pose::at(*dx, 0.0, h * i as f64))
            .unwrap();
    }
    let s = t.settle();
    (t, s)
}

#[test]
fn coin_column_with_small_offsets_stands() {
    // Twelve coins, every other one shifted 4 mm (and some 2 mm sideways):
    // every sub-stack's centre of mass stays over the coin below it.
    let offsets: Vec<f64> = (0..12).map(|i| [0.0, 4.0, 2.0, 4.0][i % 4]).collect();
    let (t, s) = coin_column(&offsets);
    assert!(s.rested);
    assert!(
        s.motions
            .iter()
            .all(|m| m.moved_mm < 0.5 && m.turned_deg < 1.0),
        "{s:?}"
    );
    let top = t.towers()[0].top_mm;
    let true_top = 12.0 * t.settings().pieces.coin.height;
    assert!((top - true_top).abs() < 0.5, "{top} vs {true_top}");
    assert_eq!(t.contacts().len(), 11);
}

#[test]
fn coin_past_the_edge_of_a_coin_falls() {
    // Its centre is past the rim of the coin below (radius 9.525 mm).
    let (t, s) = coin_column(&[0.0, 10.5]);
    assert!(t.on_table(PieceId(1)), "{s:?}");
    let (t, _) = coin_column(&[0.0, 8.5]);
    assert!(!t.on_table(PieceId(1)), "inside the rim it stays");
}
