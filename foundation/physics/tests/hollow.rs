//! Looney pyramids are hollow shells with an open base (L1, revised
//! 2026-11-26; `docs/rules/leaning.md`): the mass properties the simulation
//! gives them, and what the hollow lets pieces do.

use stackyard_physics::{PieceId, PieceKind, Pose, Settings, Table};

const PYRAMIDS: [PieceKind; 3] = [
    PieceKind::PyramidSmall,
    PieceKind::PyramidMedium,
    PieceKind::PyramidLarge,
];

fn spec(kind: PieceKind, s: &Settings) -> &stackyard_physics::PyramidSpec {
    match kind {
        PieceKind::PyramidSmall => &s.pieces.pyramid_small,
        PieceKind::PyramidMedium => &s.pieces.pyramid_medium,
        _ => &s.pieces.pyramid_large,
    }
}

#[test]
fn a_shell_has_its_mass_higher_and_its_inertia_about_the_base_larger_than_a_solid() {
    let s = Settings::default();
    for kind in PYRAMIDS {
        let mut t = Table::new(s.clone());
        let id = t.drop_piece(kind, Pose::at(0.0, 0.0, 0.0)).unwrap();
        let m = t.mass_properties(id);
        let y = spec(kind, &s);
        // The masses of `physical.md` stay.
        assert!((m.mass_g - y.mass).abs() < 1e-3 * y.mass, "{kind}: {m:?}");
        // A solid square pyramid of side a and height h has its centre of
        // mass at h/4 and, per gram, a²/20 + h²/10 of inertia about a
        // horizontal axis through the centre of its base. The shell is the
        // solid less its cavity (the same shape, moved down by the nest rise).
        let (a, h) = (y.base, y.height);
        let rise = kind.nest_rise_mm(&s.pieces).unwrap();
        let (ac, hc) = (a * (1.0 - rise / h), h - rise);
        let (vo, vc) = (a * a * h / 3.0, ac * ac * hc / 3.0);
        let shell_centre = (vo * h / 4.0 - vc * hc / 4.0) / (vo - vc);
        let per_gram = |a: f64, h: f64| a * a / 20.0 + h * h / 10.0;
        let solid_tipping = per_gram(a, h);
        let shell_tipping = (vo * per_gram(a, h) - vc * per_gram(ac, hc)) / (vo - vc);
        assert!(m.centre_mm[0].abs() < 0.01 && m.centre_mm[1].abs() < 0.01);
        let centre = m.centre_mm[2];
        assert!(
            (centre - shell_centre).abs() < 0.02 * shell_centre && centre > 1.1 * h / 4.0,
            "{kind}: centre {centre:.2} mm, a shell's {shell_centre:.2}, a solid's {:.2}",
            h / 4.0
        );
        let [ix, iy, _] = m.principal_inertia_g_mm2;
        let tipping = ix.min(iy) / m.mass_g + centre * centre;
        assert!(
            (tipping - shell_tipping).abs() < 0.03 * shell_tipping && tipping > 1.1 * solid_tipping,
            "{kind}: {tipping:.1} mm² per gram about the base, a shell's {shell_tipping:.1}, a solid's {solid_tipping:.1}"
        );
        eprintln!(
            "{kind}: centre {centre:.2} mm (solid {:.2}), about the base {tipping:.1} mm²/g (solid {solid_tipping:.1})",
            h / 4.0
        );
    }
}

/// An upright `upper` let go `gap_mm` above where it first meets an
/// upright `lower` standing at the origin, straight over its point.
fn covering(lower: PieceKind, upper: PieceKind, gap_mm: f64) -> (Table, f64) {
    let mut t = Table::new(Settings::default());
    t.drop_piece(lower, Pose::at(0.0, 0.0, 0.0)).unwrap();
    t.settle();
    // Lowered in 0.05 mm steps until it would start inside the lower one.
    let mut z = 60.0;
    while z > 0.0 {
        let mut probe = t.clone();
        if probe
            .drop_piece(upper, Pose::at(0.0, 0.0, z - 0.05))
            .is_err()
        {
            break;
        }
        z -= 0.05;
    }
    t.drop_piece(upper, Pose::at(0.0, 0.0, z + gap_mm)).unwrap();
    let settled = t.settle();
    assert!(settled.rested, "{lower} under {upper}: {settled:?}");
    (t, z)
}

#[test]
fn a_piece_rests_over_anothers_point_in_its_hollow() {
    let s = Settings::default();
    // A small over a large's point: its rim meets the large's faces where
    // the large is as wide as the small's hollow.
    let small = spec(PieceKind::PyramidSmall, &s);
    let large = spec(PieceKind::PyramidLarge, &s);
    let hollow_half = small.base / 2.0
        * (1.0 - PieceKind::PyramidSmall.nest_rise_mm(&s.pieces).unwrap() / small.height);
    let rim_height = large.height * (1.0 - hollow_half / (large.base / 2.0));
    let (t, first_touch) = covering(PieceKind::PyramidLarge, PieceKind::PyramidSmall, 0.5);
    let rest = t.pose(PieceId(1));
    assert!(
        (first_touch - rim_height).abs() < 0.5,
        "meets at {first_touch:.2}, rim at {rim_height:.2}"
    );
    assert!(
        (rest.position[2] - rim_height).abs() < 0.5,
        "rests at {rest:?}, rim at {rim_height:.2}"
    );
    assert!(rest.position[0].abs() < 0.5 && rest.position[1].abs() < 0.5);
    assert_eq!(t.contacts(), vec![(PieceId(0), PieceId(1))]);
    // The large's point is inside the small, under its inside point.
    let (apex, inside) = PieceKind::PyramidSmall
        .apex_and_inside_point_mm(&s.pieces)
        .unwrap();
    let large_apex = t.to_world_mm(PieceId(0), [0.0, 0.0, large.height]);
    let small_inside = t.to_world_mm(PieceId(1), inside);
    assert!(large_apex[2] < small_inside[2] && small_inside[2] < apex[2] + rest.position[2]);
    assert!(
        small_inside[2] - large_apex[2] < 1.0,
        "{small_inside:?} {large_apex:?}"
    );
}

#[test]
fn two_nested_smalls_are_as_tall_as_a_medium() {
    // physical.md: a nested small rises about 9.5 mm over the one below.
    let s = Settings::default();
    let (t, _) = covering(PieceKind::PyramidSmall, PieceKind::PyramidSmall, 0.5);
    let top = t.highest_mm(PieceId(1));
    let medium = s.pieces.pyramid_medium.height;
    assert!(
        (top - medium).abs() < 0.6,
        "two smalls {top:.2} mm, a medium {medium}"
    );
}
