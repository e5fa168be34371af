//! `stackyard towers solve` and `towers tune`, end to end.

mod common;

use common::{last_line, stackyard};

#[test]
fn solve_prints_the_value_last_and_best_moves_above() {
    let out = stackyard(&["towers", "solve", "--board", "3x3"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    // The value agrees with the library's plain minimax (checked there);
    // here: the format.
    let value = last_line(&out);
    assert!(value.starts_with("value "), "{text}");
    value["value ".len()..].parse::<i32>().unwrap();
    assert!(lines[lines.len() - 2].starts_with("best "), "{text}");
    assert!(text.contains("nodes "), "{text}");
}

#[test]
fn solve_4x4_standard_and_a_variant() {
    let out = stackyard(&["towers", "solve", "--board", "4x4", "--tt-bits", "18"]);
    assert!(out.status.success());
    assert_eq!(last_line(&out), "value 1");
    let out = stackyard(&["towers", "solve", "--board", "3x3", "--variant", "capture"]);
    assert!(out.status.success());
    assert!(last_line(&out).starts_with("value "));
}

#[test]
fn solve_threads_agree_and_time_limit_prints_bounds() {
    let one = stackyard(&["towers", "solve", "--board", "4x3", "--threads", "1"]);
    let two = stackyard(&["towers", "solve", "--board", "4x3", "--threads", "2"]);
    assert!(one.status.success() && two.status.success());
    let tail = |o: &std::process::Output| {
        let t = String::from_utf8_lossy(&o.stdout).to_string();
        t.lines()
            .rev()
            .take(2)
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    // Same best moves and value, whatever the thread count.
    assert_eq!(tail(&one), tail(&two));
    let out = stackyard(&["towers", "solve", "--board", "6x6", "--time-limit", "0.2"]);
    assert!(out.status.success());
    assert!(
        last_line(&out).starts_with("time limit reached: value in ["),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn solve_rejects_bad_input_with_status_2() {
    for args in [
        &["towers", "solve", "--board", "4"][..],
        &["towers", "solve", "--board", "9x9"][..],
        &["towers", "solve", "--board", "1x4"][..],
        &["towers", "solve", "--variant", "chess"][..],
        &["towers", "solve", "--variant", "infrastructure:3"][..],
        &["towers", "solve", "--threads", "0"][..],
        &["towers", "solve", "--time-limit", "0"][..],
    ] {
        let out = stackyard(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("stackyard:"));
    }
}

#[test]
fn tune_prints_weights_reproducibly() {
    let a = stackyard(&[
        "towers", "tune", "--games", "30", "--seed", "2", "--board", "5x5",
    ]);
    let b = stackyard(&[
        "towers", "tune", "--games", "30", "--seed", "2", "--board", "5x5",
    ]);
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    assert!(last_line(&a).starts_with("pub const TUNED: Weights = Weights(["));
}

/// Every step on a 3x3 board, so a scripted "player" always finds a legal
/// one (illegal lines are refused and the next is tried).
fn all_steps_3x3() -> String {
    let mut all = Vec::new();
    for c in 0..3u8 {
        for r in 1..=3i8 {
            for (dc, dr) in [
                (0i8, 1i8),
                (1, 0),
                (0, -1),
                (-1, 0),
                (0, 2),
                (2, 0),
                (0, -2),
                (-2, 0),
            ] {
                let (tc, tr) = (c as i8 + dc, r + dr);
                if (0..3).contains(&tc) && (1..=3).contains(&tr) {
                    all.push(format!(
                        "{}{}-{}{}",
                        (b'a' + c) as char,
                        r,
                        (b'a' + tc as u8) as char,
                        tr
                    ));
                }
            }
        }
    }
    (all.join("\n") + "\n").repeat(20)
}

#[test]
fn play_against_the_ai_shows_its_evaluation_and_pv() {
    for ai in ["alphabeta:n2000", "mcts:n300"] {
        let out = common::stackyard_with_input(
            &[
                "towers",
                "play",
                "--board",
                "3x3",
                "--ai",
                ai,
                "--color",
                "white",
                "--show-eval",
            ],
            all_steps_3x3(),
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("game over"), "{text}");
        assert!(text.contains(&format!("AI {ai}:")), "{text}");
        assert!(text.contains("; pv "), "{text}");
    }
    let out = stackyard(&["towers", "play", "--ai", "alphabeta:soon"]);
    assert_eq!(out.status.code(), Some(2));
}
