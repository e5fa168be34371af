//! `stackyard speedy …` and `stackyard leaning …` as a user runs them:
//! the matching filter (P7, P8), short bot simulations that write records
//! which replay, the judge refusing bad scenarios, and every numeric option
//! at 0, at its maximum and past it answered with 0, 1 or 2, never a panic.

mod common;

use common::{stackyard, stackyard_with_input, temp_dir};

fn status(args: &[&str]) -> (Option<i32>, String) {
    let out = stackyard(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    (out.status.code(), err)
}

#[test]
fn speedy_matches_answers_each_line_and_refuses_garbage() {
    let input = concat!(
        r#"{"placed": {"kind": "coin", "suit": "M", "value": "3", "face": "value"}, "top": {"kind": "tile", "suit": "S", "value": "2"}}"#,
        "\n",
        r#"{"placed": {"kind": "tile", "suit": "M", "value": "2"}, "top": {"kind": "tile", "suit": "S", "value": "4"}}"#,
        "\n"
    );
    let out = stackyard_with_input(&["speedy", "matches"], input);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    // P7: a value-up coin takes its hidden suit from the tile under it
    // (so it matches by suit, and 3 > 2 as well).
    assert_eq!(
        lines[0],
        r#"{"legal":true,"effective":{"suit":"S","value":"3"}}"#
    );
    // P7: lower value, other suit, no Null: illegal.
    assert_eq!(lines[1], r#"{"legal":false,"effective":null}"#);
    let bad = stackyard_with_input(&["speedy", "matches"], "{\"placed\": 1}\n");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("line 1"));
}

#[test]
fn a_speedy_sim_writes_records_that_replay() {
    let dir = temp_dir("speedy-sim");
    let out = stackyard(&[
        "speedy",
        "sim",
        "--players",
        "2",
        "--games",
        "1",
        "--bots",
        "hard",
        "--seed",
        "3",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Speedy Towers: 1 game, 2 seats"), "{text}");
    let record = dir.join("game-00000.json");
    let replay = stackyard(&["speedy", "replay", record.to_str().unwrap()]);
    assert_eq!(replay.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&replay.stdout).contains("Speedy Towers, 2 seats"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_leaning_sim_runs_and_the_judge_refuses_nonsense() {
    let dir = temp_dir("leaning-sim");
    let out = stackyard(&[
        "leaning",
        "sim",
        "--players",
        "2",
        "--games",
        "1",
        "--bots",
        "pass",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let replay = stackyard(&[
        "leaning",
        "replay",
        dir.join("game-00000.json").to_str().unwrap(),
    ]);
    assert_eq!(
        replay.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    let bad = stackyard_with_input(&["leaning", "judge", "-"], "{ not json");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("not a Leaning Towers judge scenario"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn numeric_options_at_their_extremes_never_panic() {
    for (args, expect_2) in [
        (vec!["speedy", "sim", "--players", "0"], true),
        (vec!["speedy", "sim", "--players", "7"], true),
        (vec!["speedy", "sim", "--players", "255"], true),
        (vec!["speedy", "sim", "--games", "0"], true),
        (
            vec!["speedy", "sim", "--games", "18446744073709551615"],
            true,
        ),
        (
            vec!["speedy", "sim", "--seed", "18446744073709551616"],
            true,
        ),
        (vec!["speedy", "sim", "--bots", ""], true),
        (
            vec!["speedy", "sim", "--players", "2", "--bots", "a,b,c"],
            true,
        ),
        (
            vec!["speedy", "sim", "--players", "2", "--bots", "grandmaster"],
            true,
        ),
        (vec!["leaning", "sim", "--players", "0"], true),
        (vec!["leaning", "sim", "--players", "11"], true),
        (vec!["leaning", "sim", "--games", "0"], true),
        (vec!["leaning", "sim", "--games", "1000000000001"], true),
        (vec!["leaning", "sim", "--games", "-1"], true),
        (
            vec!["leaning", "sim", "--players", "2", "--bots", "nobody"],
            true,
        ),
        (vec!["leaning", "judge", "/nonexistent/scenario.json"], true),
        (vec!["speedy", "replay", "/nonexistent/record.json"], true),
    ] {
        let (code, err) = status(&args);
        if expect_2 {
            assert_eq!(code, Some(2), "{args:?}: {err}");
            assert!(
                err.starts_with("stackyard: ") || err.contains("error"),
                "{args:?}: {err}"
            );
        }
    }
    // The seed at its maximum is a seed like any other.
    let (code, err) = status(&[
        "leaning",
        "sim",
        "--players",
        "2",
        "--games",
        "1",
        "--bots",
        "pass",
        "--seed",
        "18446744073709551615",
    ]);
    assert_eq!(code, Some(0), "{err}");
}
