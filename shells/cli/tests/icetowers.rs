//! `stackyard icetowers sim` and `replay` (every game's, from the registry,
//! with IceTowers' own words: its settings for bot games, its endings and
//! ghost's points, its table described), end to end.

use stackyard_core::{Game, replay};
use stackyard_icetowers::{IceRecord, IceTowers};

mod common;

use common::stackyard;

fn temp_dir(name: &str) -> common::TestDir {
    common::temp_dir(&format!("ice-{name}"))
}

#[test]
fn sim_prints_a_table_and_writes_replayable_records() {
    let dir = temp_dir("sim");
    let out = stackyard(&[
        "icetowers",
        "sim",
        "--players",
        "4",
        "--games",
        "6",
        "--bots",
        "greedy,strong,random,greedy:300",
        "--seed",
        "7",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    for needle in [
        "greedy",
        "strong",
        "random",
        "greedy:300",
        "average game",
        "seat",
        "seating rotates",
        "\"game_timer_ms\":300000",
        "ended: ",
    ] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 6);
    let record: IceRecord =
        serde_json::from_str(&std::fs::read_to_string(&files[0]).unwrap()).unwrap();
    let (game, _) = replay::<IceTowers>(&record).unwrap();
    assert!(game.is_over());
    // The replay command agrees with the library.
    let shown = stackyard(&["icetowers", "replay", files[0].to_str().unwrap()]);
    assert!(shown.status.success());
    let shown = String::from_utf8_lossy(&shown.stdout);
    let scores = game.outcome().unwrap().scores;
    assert!(
        shown.contains(&format!("red     {:>4}", scores[0])),
        "{shown}"
    );
    assert!(shown.contains("tower"), "{shown}");
    assert!(shown.contains("in words:"), "{shown}");
    // Same seed, same records.
    let again_dir = temp_dir("again");
    let again = stackyard(&[
        "icetowers",
        "sim",
        "--games",
        "6",
        "--bots",
        "greedy,strong,random,greedy:300",
        "--seed",
        "7",
        "--out",
        again_dir.to_str().unwrap(),
    ]);
    assert!(again.status.success());
    assert_eq!(
        std::fs::read_to_string(&files[3]).unwrap(),
        std::fs::read_to_string(again_dir.join("game-00003.json")).unwrap()
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&again_dir);
}

#[test]
fn sim_with_the_ghost_reports_its_row() {
    let out = stackyard(&[
        "icetowers",
        "sim",
        "--players",
        "2",
        "--settings",
        "{\"ghost\": true}",
        "--games",
        "4",
        "--bots",
        "greedy,random",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    // The ghost's points per game, I14.
    assert!(text.contains("ghost point"), "{text}");
}

#[test]
fn bad_sim_input_exits_2_with_a_message() {
    for (args, needle) in [
        (vec!["--players", "7"], "2..=5"),
        (vec!["--bots", "clever"], "unknown bot"),
        (vec!["--bots", "greedy:fast"], "reaction time"),
        (
            vec!["--players", "2", "--bots", "greedy,greedy,greedy"],
            "give 1 to 2 bot levels",
        ),
        (vec!["--bots", "greedy:60001"], "--bots"),
        (vec!["--games", "0"], "--games"),
        (vec!["--games", "-1"], "--games takes a whole number"),
        (vec!["--settings", "{\"hold_limit_ms\": 0}"], "hold limit"),
        (vec!["--settings", "{\"gohst\": true}"], "gohst"),
    ] {
        let mut all = vec!["icetowers", "sim"];
        all.extend(args);
        let out = stackyard(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{all:?}: {err}");
    }
}

#[test]
fn replay_rejects_malformed_and_invalid_records_with_exit_2() {
    let dir = temp_dir("bad");
    std::fs::create_dir_all(&dir).unwrap();
    let garbage = dir.join("garbage.json");
    std::fs::write(&garbage, "{ not json").unwrap();
    let out = stackyard(&["icetowers", "replay", garbage.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not an IceTowers record"));

    // Well-formed JSON, but the first action caps before anyone is ready.
    let illegal = dir.join("illegal.json");
    std::fs::write(
        &illegal,
        r#"{"game":"icetowers","settings":{"players":2},"seed":1,
            "actions":[{"seat":0,"at":0,"action":{"type":"cap","piece":0,"onto":20}}]}"#,
    )
    .unwrap();
    let out = stackyard(&["icetowers", "replay", illegal.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("I4"), "{err}");

    let missing = stackyard(&["icetowers", "replay", "/nonexistent/record.json"]);
    assert_eq!(missing.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
