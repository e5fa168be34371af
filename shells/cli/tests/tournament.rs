//! `stackyard tournament towers`, end to end: tables, records, errors.

use stackyard_core::{Record, replay};
use stackyard_towers::{Move, Position, Variant};

mod common;

use common::stackyard;

#[test]
fn a_small_round_robin_writes_a_table_and_records() {
    let dir = common::temp_dir("tournament");
    let out = stackyard(&[
        "tournament",
        "towers",
        "--players",
        "alphabeta:n3000,random",
        "--games",
        "4",
        "--board",
        "6x6",
        "--seed",
        "5",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Elo"), "{text}");
    assert!(text.contains("alphabeta:n3000"), "{text}");
    let table: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("table.json")).unwrap()).unwrap();
    let rows = table["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    // Both players played every game; wins + draws + losses add up.
    for r in rows {
        let sum = r["wins"].as_u64().unwrap()
            + r["draws"].as_u64().unwrap()
            + r["losses"].as_u64().unwrap();
        assert_eq!(sum, 4);
    }
    let games: Vec<_> = std::fs::read_dir(dir.join("games")).unwrap().collect();
    assert_eq!(games.len(), 4);
    // Every record replays in the rules engine to the scores in the table.
    for entry in table["list"].as_array().unwrap() {
        let text = std::fs::read_to_string(dir.join(entry["record"].as_str().unwrap())).unwrap();
        let record: Record<Variant, Move> = serde_json::from_str(&text).unwrap();
        let (end, _) = replay::<Position>(&record).unwrap();
        assert!(end.is_over());
        let scores: Vec<u64> = entry["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap())
            .collect();
        assert_eq!(end.scores().map(u64::from).to_vec(), scores);
    }
    // Node budgets make the tournament reproducible.
    let again = stackyard(&[
        "tournament",
        "towers",
        "--players",
        "alphabeta:n3000,random",
        "--games",
        "4",
        "--board",
        "6x6",
        "--seed",
        "5",
        "--threads",
        "1",
    ]);
    let again = String::from_utf8_lossy(&again.stdout);
    let table_lines = |t: &str| {
        t.lines()
            .filter(|l| l.starts_with("alphabeta") || l.starts_with("random"))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(table_lines(&text), table_lines(&again));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_players_are_rejected_with_status_2() {
    for args in [
        &[
            "tournament",
            "towers",
            "--players",
            "alphabeta:n100,wizard",
            "--games",
            "2",
        ][..],
        &[
            "tournament",
            "towers",
            "--players",
            "random",
            "--games",
            "2",
        ][..],
        &[
            "tournament",
            "towers",
            "--players",
            "random,random",
            "--board",
            "9x9",
        ][..],
        &["tournament", "towers", "--players", "random,mcts:soon"][..],
    ] {
        let out = stackyard(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
}
