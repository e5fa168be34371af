//! `stackyard babel …` from the outside: the solve contract (JSON lines in
//! and out, errors per line, order kept), the survey, Strict policies and
//! terminal play with piped input.

mod common;

fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let out = common::stackyard_with_input(args, input);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

const DECK: &str = "Sn Sa S2 S3 S4 S5 Mn Ma M2 M3 M4 M5 Cn Ca C2 C3 C4 C5 An Aa A2 A3 A4 A5";

fn order_json(codes: &str) -> String {
    let v: Vec<String> = codes
        .split_whitespace()
        .map(|c| format!("\"{c}\""))
        .collect();
    format!("{{\"order\": [{}]}}", v.join(", "))
}

#[test]
fn solve_reads_json_lines_and_answers_each_in_order() {
    let reversed: Vec<&str> = DECK.split_whitespace().rev().collect();
    let input = format!(
        "{}\nnot json\n{}\n{{\"order\": [\"Sn\", \"Sn\"]}}\n{{\"order\": [\"Sn\", 3]}}\n{{}}\n",
        order_json(DECK),
        order_json(&reversed.join(" "))
    );
    let (code, out, err) = run(&["babel", "solve"], &input);
    // Every line answered in order; the bad ones make the exit status 2.
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("4 of 6 lines"), "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 6);
    // The deck in index order: all Suns, then Moons...: everything stacks.
    assert_eq!(lines[0]["min_stacks"], 1);
    assert_eq!(lines[0]["full_win"], true);
    let solution = lines[0]["solution"].as_array().unwrap();
    assert_eq!(
        solution.iter().filter(|a| *a == "draw").count(),
        24,
        "{solution:?}"
    );
    assert!(lines[1]["error"].as_str().unwrap().contains("JSON"));
    assert_eq!(lines[2]["full_win"], true);
    assert!(lines[3]["error"].as_str().unwrap().contains("twice"));
    assert!(lines[4]["error"].as_str().unwrap().contains("tile 2"));
    assert!(lines[5]["error"].as_str().unwrap().contains("order"));
}

#[test]
fn solve_needs_24_tiles_unless_partial() {
    let input = order_json("Sn Ma C2 A3");
    let (_, out, _) = run(&["babel", "solve"], &input);
    assert!(out.contains("error") && out.contains("24"), "{out}");
    let (code, out, _) = run(&["babel", "solve", "--partial"], &input);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    // No two of these match (B5): four stacks remain.
    assert_eq!(v["min_stacks"], 4);
    assert_eq!(v["full_win"], false);
}

#[test]
fn strict_solve_is_never_better_than_standard() {
    let input = format!("{}\n", order_json("Sn Ma Sa Mn Ca"));
    let (_, std_out, _) = run(&["babel", "solve", "--partial"], &input);
    let (_, strict_out, _) = run(&["babel", "solve", "--partial", "--strict"], &input);
    let a: serde_json::Value = serde_json::from_str(std_out.trim()).unwrap();
    let b: serde_json::Value = serde_json::from_str(strict_out.trim()).unwrap();
    assert!(a["min_stacks"].as_u64().unwrap() <= b["min_stacks"].as_u64().unwrap());
}

#[test]
fn survey_reports_fractions_intervals_and_distribution() {
    let (code, out, err) = run(&["babel", "solve", "--deals", "200", "--seed", "4"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("full win (1 stack):"), "{out}");
    assert!(out.contains("95% CI"));
    assert!(out.contains("minimum stacks distribution"));
    let (_, again, _) = run(&["babel", "solve", "--deals", "200", "--seed", "4"], "");
    let strip = |s: &str| -> String { s.lines().skip(1).collect::<Vec<_>>().join("\n") };
    assert_eq!(strip(&out), strip(&again), "same seed, same numbers");
    let (code, _, err) = run(&["babel", "solve", "--deals", "0"], "");
    assert_eq!(code, 2, "{err}");
}

#[test]
fn strict_policy_table_is_reproducible_and_rejects_unknown_policies() {
    let args = [
        "babel",
        "strict",
        "--policy",
        "heuristic",
        "--games",
        "300",
        "--seed",
        "2",
    ];
    let (code, out, err) = run(&args, "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("full win:") && out.contains("95% CI"), "{out}");
    let (_, again, _) = run(&args, "");
    let strip = |s: &str| -> String { s.lines().skip(1).collect::<Vec<_>>().join("\n") };
    assert_eq!(strip(&out), strip(&again));
    let (code, _, err) = run(&["babel", "strict", "--policy", "psychic"], "");
    assert_eq!(code, 2);
    assert!(err.contains("psychic"), "{err}");
}

#[test]
fn play_takes_piped_commands_reports_bad_input_and_undoes() {
    let input = "d\nbanana\n7<3\nhint\nundo\nundo\nd\nquit\n";
    let (code, out, err) = run(&["babel", "play", "--seed", "5"], input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("line: 1:"), "{out}");
    assert!(out.contains("\"banana\" is not an action"), "{out}");
    assert!(out.contains("not allowed: B5"), "{out}");
    assert!(out.contains("hint: draw"), "{out}");
    assert!(out.contains("undone."));
    assert!(out.contains("nothing to undo."));
}

#[test]
fn play_to_the_end_of_a_strict_game_by_following_hints_legally() {
    // Draw and take the first legal move until the game ends: the session
    // must finish with a result line.
    let mut input = String::new();
    for _ in 0..24 {
        input.push_str("d\n1<1\n2<1\n3<1\n2<1\n4<3\n3<1\n2<1\n4<1\n5<3\n4<3\n");
    }
    input.push_str("end\n");
    let (code, out, err) = run(&["babel", "play", "--seed", "1"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("game over:"), "{out}");
}

#[test]
fn hunt_prints_the_hardest_deals_found() {
    let (code, out, err) = run(
        &[
            "babel",
            "hunt",
            "--restarts",
            "2",
            "--steps",
            "10",
            "--top",
            "2",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("2 climbs of 10 swaps"), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with("min_stacks")).count(),
        2
    );
}
