//! `stackyard physics run`: the scenario contract, end to end.

mod common;

use common::stackyard;
use std::process::Output;

fn run_scenario(text: &str) -> Output {
    common::stackyard_with_input(&["physics", "run", "-"], text)
}

fn report(text: &str) -> serde_json::Value {
    let out = run_scenario(text);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn rejected(text: &str, needle: &str) {
    let out = run_scenario(text);
    assert_eq!(out.status.code(), Some(2), "{text}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(needle), "{err:?} should mention {needle:?}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn two_tiles_and_a_pyramid_report_every_field() {
    let r = report(
        r#"{"pieces": [
            {"id": "a", "kind": "tile", "position": [0, 0, 0]},
            {"id": "b", "kind": "tile", "position": [0, 0, 6.35], "rotation_deg": [0, 0, 30]},
            {"id": "p", "kind": "pyramid-small", "position": [80, 0, 0]}]}"#,
    );
    let pieces = r["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), 3);
    assert_eq!(pieces[0]["id"], "a");
    assert_eq!(pieces[0]["on_table"], true);
    assert_eq!(pieces[1]["on_table"], false);
    assert!(
        pieces[1].get("table_corners").is_none(),
        "tiles have no corners to report"
    );
    assert_eq!(pieces[2]["table_corners"], 4);
    let rz = pieces[1]["rotation_deg"][2].as_f64().unwrap();
    assert!((rz - 30.0).abs() < 0.5, "{rz}");
    let z = pieces[1]["position"][2].as_f64().unwrap();
    assert!((z - 6.35).abs() < 0.3, "{z}");
    for p in pieces {
        assert!(p["moved_mm"].as_f64().unwrap() < 0.5, "{p}");
        assert!(p["turned_deg"].as_f64().unwrap() < 0.5, "{p}");
    }
    assert_eq!(r["contacts"], serde_json::json!([["a", "b"]]));
    assert!(r["rest_time_s"].as_f64().unwrap() > 0.0);
    assert_eq!(r["rested"], true);
}

#[test]
fn a_file_argument_works_too() {
    let dir = common::temp_dir("physics");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("one.json");
    std::fs::write(
        &path,
        r#"{"pieces": [{"id": "t", "kind": "coin", "position": [0, 0, 0]}]}"#,
    )
    .unwrap();
    let out = stackyard(&["physics", "run", path.to_str().unwrap()]);
    assert!(out.status.success());
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["pieces"][0]["on_table"], true);
    let missing = stackyard(&["physics", "run", dir.join("missing.json").to_str().unwrap()]);
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn invalid_scenarios_exit_2_with_a_clear_message() {
    rejected("{not json", "malformed");
    rejected(
        r#"{"pieces": [{"id": "a", "kind": "cube", "position": [0, 0, 0]}]}"#,
        "unknown piece kind \"cube\"",
    );
    rejected(
        r#"{"pieces": [{"id": "a", "kind": "tile", "position": [0, 0, 1e999]}]}"#,
        "malformed",
    );
    rejected(
        r#"{"pieces": [{"id": "a", "kind": "tile", "position": [0, 0, 0]},
                       {"id": "a", "kind": "tile", "position": [100, 0, 0]}]}"#,
        "duplicate piece id \"a\"",
    );
    rejected(
        r#"{"pieces": [{"id": "a", "kind": "tile", "position": [0, 0, 0]},
                       {"id": "b", "kind": "tile", "position": [10, 0, 3]}]}"#,
        "piece \"b\" starts inside piece \"a\"",
    );
    rejected(
        r#"{"pieces": [{"id": "a", "kind": "pawn", "position": [0, 0, -1]}]}"#,
        "below the table",
    );
    rejected(
        r#"{"pieces": [{"id": "a", "kind": "tile", "position": [0, 0, 20], "rotation_deg": [90, 0, 0]}]}"#,
        "below the table",
    );
    rejected(
        r#"{"pieces": [], "settings": {"sim": {"step_hz": -5}}}"#,
        "settings.sim.step_hz",
    );
    rejected(r#"{"pieces": [], "settings": {"gravity": 1}}"#, "gravity");
    rejected(r#"{"pieces": [{"id": "a", "kind": "tile"}]}"#, "position");
}

#[test]
fn the_example_scenarios_do_what_the_readme_says() {
    let root =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../foundation/physics/scenarios");
    let run = |name: &str| {
        let out = stackyard(&["physics", "run", root.join(name).to_str().unwrap()]);
        assert!(out.status.success(), "{name}");
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let piece = |r: &serde_json::Value, id: &str| {
        r["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == id)
            .unwrap()
            .clone()
    };
    let r = run("two-tiles.json");
    assert_eq!(piece(&r, "top")["on_table"], false);
    let r = run("overhang.json");
    let over = piece(&r, "over");
    assert_eq!(
        over["on_table"], true,
        "the overhanging tile tips to the table"
    );
    assert!(over["turned_deg"].as_f64().unwrap() > 10.0);
    let r = run("leaning-pair.json");
    assert_eq!(r["contacts"], serde_json::json!([["left", "right"]]));
    assert_eq!(piece(&r, "left")["table_corners"], 2);
    assert_eq!(piece(&r, "small")["table_corners"], 4);
}

#[test]
fn a_held_piece_stays_in_the_air() {
    let r = report(
        r#"{"pieces": [
            {"id": "hand", "kind": "tile", "position": [0, 0, 40], "held": true},
            {"id": "coin", "kind": "coin", "position": [0, 0, 46.35]}]}"#,
    );
    assert_eq!(r["pieces"][0]["on_table"], false);
    assert!(r["pieces"][0]["moved_mm"].as_f64().unwrap() < 1e-6);
    assert!(r["pieces"][1]["moved_mm"].as_f64().unwrap() < 0.5);
    assert_eq!(r["contacts"], serde_json::json!([["hand", "coin"]]));
}
