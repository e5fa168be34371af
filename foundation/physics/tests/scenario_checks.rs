//! The scenario checks: numbers in the engine's units (a finite number
//! that overflows 32 bits is refused), the table's edge (a piece that falls
//! off is not on the table), settings overrides that name one field, and a
//! start-overlap check that scales to hundreds of pieces.

use stackyard_physics::scenario::{Scenario, ScenarioError, run};
use stackyard_physics::{MAX_COORD_MM, Settings, TABLE_HALF_MM};
use std::time::Instant;

fn build(json: &str) -> Result<(), ScenarioError> {
    Scenario::from_json(json)?.build().map(|_| ())
}

#[test]
fn finite_numbers_beyond_32_bits_are_refused() {
    for pos in [
        "[1e39, 0, 0]",
        "[0, 0, 1e300]",
        "[10001, 0, 0]",
        "[0, -1e5, 0]",
    ] {
        let json = format!(r#"{{"pieces": [{{"id": "a", "kind": "tile", "position": {pos}}}]}}"#);
        let err = build(&json).unwrap_err();
        assert!(matches!(err, ScenarioError::OutOfRange(_)), "{pos}: {err}");
        assert!(err.to_string().contains("32-bit"), "{err}");
    }
    let json = r#"{"pieces": [{"id": "a", "kind": "tile", "position": [0, 0, 0], "rotation_deg": [0, 1e300, 0]}]}"#;
    assert!(matches!(build(json), Err(ScenarioError::OutOfRange(_))));
    // At the bound itself: accepted.
    let json = format!(
        r#"{{"pieces": [{{"id": "a", "kind": "tile", "position": [{MAX_COORD_MM}, 0, 100]}}]}}"#
    );
    build(&json).unwrap();
}

#[test]
fn settings_beyond_their_range_are_refused() {
    for settings in [
        r#"{"sim": {"step_hz": 1e12}}"#,
        r#"{"sim": {"max_time_s": 1e9}}"#,
        r#"{"sim": {"max_time_s": 600, "step_hz": 10000}}"#,
        r#"{"pieces": {"tile": {"mass": 1e40}}}"#,
        r#"{"pieces": {"coin": {"diameter": 0.5}}}"#,
        r#"{"pieces": {"edge_radius_mm": 1e9}}"#,
        r#"{"contacts": {"max_distance_mm": -1e300}}"#,
    ] {
        let json = format!(
            r#"{{"pieces": [{{"id": "a", "kind": "coin", "position": [0, 0, 0]}}], "settings": {settings}}}"#
        );
        let err = build(&json).unwrap_err();
        assert!(
            matches!(err, ScenarioError::Settings(_)),
            "{settings}: {err}"
        );
    }
}

#[test]
fn an_override_may_name_one_field_of_one_piece() {
    let s = Scenario::from_json(
        r#"{"pieces": [], "settings": {"pieces": {"coin": {"mass": 1.2}, "pyramid_large": {"friction": 0.3}}, "sim": {"max_time_s": 2}}}"#,
    )
    .unwrap();
    let d = Settings::default();
    assert_eq!(s.settings.pieces.coin.mass, 1.2);
    assert_eq!(s.settings.pieces.coin.diameter, d.pieces.coin.diameter);
    assert_eq!(s.settings.pieces.coin.height, d.pieces.coin.height);
    // The pawn keeps its own defaults (not the coin's).
    assert_eq!(s.settings.pieces.pawn, d.pieces.pawn);
    assert_eq!(s.settings.pieces.pyramid_large.friction, 0.3);
    assert_eq!(
        s.settings.pieces.pyramid_large.base,
        d.pieces.pyramid_large.base
    );
    assert_eq!(s.settings.sim.max_time_s, 2.0);
    assert_eq!(s.settings.sim.step_hz, d.sim.step_hz);
    // Unknown fields are still refused, at any depth.
    assert!(
        Scenario::from_json(r#"{"pieces": [], "settings": {"pieces": {"coin": {"weight": 1}}}}"#)
            .is_err()
    );
}

#[test]
fn a_piece_off_the_table_is_not_on_the_table() {
    let beyond = TABLE_HALF_MM + 100.0;
    let json = format!(
        r#"{{"pieces": [{{"id": "in", "kind": "tile", "position": [0, 0, 0]}},
                        {{"id": "out", "kind": "tile", "position": [{beyond}, 0, 0]}}],
            "settings": {{"sim": {{"max_time_s": 0.5}}}}}}"#
    );
    let report = run(&Scenario::from_json(&json).unwrap()).unwrap();
    let on = |id: &str| report.pieces.iter().find(|p| p.id == id).unwrap().on_table;
    assert!(on("in"));
    assert!(!on("out"), "{report:?}");
    let fell = report.pieces.iter().find(|p| p.id == "out").unwrap();
    assert!(fell.position[2] < -100.0, "it fell: {:?}", fell.position);
}

#[test]
fn the_overlap_check_scales_to_hundreds_of_pieces() {
    // 400 coins in 20 columns of 20, every pair touching or apart: the
    // check must still take well under a few seconds (it used to test
    // every pair along hundreds of directions).
    let mut pieces = Vec::new();
    for c in 0..20 {
        for k in 0..20 {
            pieces.push(format!(
                r#"{{"id": "c{c}-{k}", "kind": "coin", "position": [{}, 0, {}]}}"#,
                f64::from(c) * 25.0,
                f64::from(k) * 3.175
            ));
        }
    }
    let json = format!(r#"{{"pieces": [{}]}}"#, pieces.join(","));
    let started = Instant::now();
    build(&json).unwrap();
    let secs = started.elapsed().as_secs_f64();
    assert!(secs < 5.0, "400 pieces took {secs:.2} s to check");
    // And an overlap among them is still found.
    let json = json.replacen(r#"[0, 0, 3.175]"#, r#"[0, 0, 1.0]"#, 1);
    assert!(matches!(build(&json), Err(ScenarioError::Overlap { .. })));
}

#[test]
fn too_many_pieces_are_refused_before_any_work() {
    let pieces: Vec<String> = (0..2001)
        .map(|i| {
            format!(
                r#"{{"id": "p{i}", "kind": "coin", "position": [{}, 0, 0]}}"#,
                i * 30
            )
        })
        .collect();
    let json = format!(r#"{{"pieces": [{}]}}"#, pieces.join(","));
    assert!(matches!(
        build(&json),
        Err(ScenarioError::TooManyPieces(2001))
    ));
}
