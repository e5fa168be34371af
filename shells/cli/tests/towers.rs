//! The `stackyard towers` command-line contract: perft, replay, play, and
//! their errors (exit status 2, a message naming the move and the rule).

mod common;

use common::last_line;
use std::process::Output;

/// `stackyard towers ARGS` with `stdin` piped in.
fn run(args: &[&str], stdin: &str) -> Output {
    let args: Vec<&str> = std::iter::once("towers")
        .chain(args.iter().copied())
        .collect();
    common::stackyard_with_input(&args, stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn perft_prints_the_count_last() {
    // T4, T8, T9: on 8x8 only the 14 black edge towers may move: the two
    // black corners twice each, the other twelve three times each.
    let out = run(&["perft", "--board", "8x8", "--depth", "1"], "");
    assert!(out.status.success());
    assert_eq!(last_line(&out), "40");
    let out = run(&["perft", "--board", "8x8", "--depth", "3"], "");
    assert_eq!(last_line(&out), "59240");
    let out = run(&["perft", "--depth", "0"], "");
    assert_eq!(last_line(&out), "1");
}

#[test]
fn perft_counts_placements_in_variants() {
    // T17: Sprawl on 4x4 starts empty: 16 first placements, then 15.
    let out = run(
        &[
            "perft",
            "--board",
            "4x4",
            "--variant",
            "sprawl",
            "--depth",
            "2",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(last_line(&out), "240");
    // T18: Infrastructure on 4x4 (2 utilities): White, then Black, each
    // replaces one of their own 8 single floors.
    let out = run(
        &[
            "perft",
            "--board",
            "4x4",
            "--variant",
            "infrastructure:2",
            "--depth",
            "2",
        ],
        "",
    );
    assert_eq!(last_line(&out), "64");
}

#[test]
fn bad_boards_and_variants_exit_2() {
    for args in [
        &["perft", "--board", "1x8", "--depth", "1"][..],
        &["perft", "--board", "27x8", "--depth", "1"],
        &["perft", "--board", "eight", "--depth", "1"],
        &["perft", "--variant", "spraw", "--depth", "1"],
        &["perft", "--variant", "infrastructure:3", "--depth", "1"],
        &["replay-notation", "--board", "0x0"],
    ] {
        let out = run(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn replay_prints_board_and_scores() {
    // T8, T15: Black's a1 lands on White's b1; Black owns 7 singles plus a
    // two-floor tower.
    let out = run(&["replay-notation", "--board", "4x4"], "a1-b1\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(last_line(&out), "black 9 white 7");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("B2"), "{stdout}");
    // An empty record is the start position.
    let out = run(&["replay-notation"], "");
    assert_eq!(last_line(&out), "black 32 white 32");
}

#[test]
fn replay_with_variant_and_capture() {
    // T16 Capture on 2x2: a1-b1 then White's a2-b2 leaves b1 (B2) and b2
    // (W2) tallest together; nothing is demolished (T13 ties).
    let out = run(
        &["replay-notation", "--board", "2x2", "--variant", "capture"],
        "a1-b1 a2-b2",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(last_line(&out), "black 2 white 2");
}

#[test]
fn illegal_move_names_number_move_and_rule() {
    let out = run(&["replay-notation", "--board", "4x4"], "a1-b1 a1-a2");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        out.stdout.is_empty(),
        "nothing on stdout: {}",
        text(&out.stdout)
    );
    let err = text(&out.stderr);
    assert!(err.contains("move 2"), "{err}");
    assert!(err.contains("a1-a2"), "{err}");
    assert!(err.contains("T8"), "{err}");

    // T10: pass while moves exist.
    let out = run(&["replay-notation"], "pass");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("move 1") && err.contains("pass") && err.contains("T10"),
        "{err}"
    );

    // T9: d4 on 8x8 is surrounded at the start.
    let out = run(&["replay-notation"], "a1-b1 d4-d5");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("move 2") && err.contains("T8"), "{err}"); // d4 is Black's; White moves.
    let out = run(&["replay-notation"], "d4-d5");
    let err = text(&out.stderr);
    assert!(
        err.contains("move 1") && err.contains("d4-d5") && err.contains("T9"),
        "{err}"
    );
}

#[test]
fn malformed_move_names_number_and_text() {
    // Moves are read one by one: the first bad one (here the third) is
    // the one reported, with the board the good ones reached.
    let out = run(&["replay-notation"], "a1-b1  h1-g1\nzz9 b1-c1");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert!(
        err.contains("move 3") && err.contains("zz9") && err.contains("T5"),
        "{err}"
    );
    assert!(err.contains("the board after the moves before it"), "{err}");
    // Off the board (T8) is a rule, not a notation, error.
    let out = run(&["replay-notation", "--board", "4x4"], "a1-e1");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains("move 1") && err.contains("e1") && err.contains("T8"),
        "{err}"
    );
}

#[test]
fn play_answers_bad_input_and_continues() {
    let out = run(
        &["play", "--board", "4x4", "--ai", "random", "--seed", "3"],
        "help\nfoo\na1-c1\nmoves\nb1-a1\nquit\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("legal moves (16)"), "{stdout}");
    assert!(stdout.contains("malformed move \"foo\""), "{stdout}");
    assert!(
        stdout.contains("illegal move a1-c1") && stdout.contains("T8"),
        "{stdout}"
    );
    assert!(stdout.contains("not yours"), "{stdout}");
    assert!(stdout.contains("game abandoned"), "{stdout}");
}

#[test]
fn play_a_whole_game_through_a_pipe() {
    // Offer every 3x3 move over and over; the illegal ones are answered and
    // the legal ones played, until the game ends.
    let mut all = Vec::new();
    for c in 0..3u8 {
        for r in 1..=3 {
            let from = format!("{}{}", (b'a' + c) as char, r);
            for (dc, dr) in [
                (1i8, 0i8),
                (-1, 0),
                (0, 1),
                (0, -1),
                (2, 0),
                (-2, 0),
                (0, 2),
                (0, -2),
            ] {
                let (tc, tr) = (c as i8 + dc, r as i8 + dr);
                if (0..3).contains(&tc) && (1..=3).contains(&tr) {
                    all.push(format!("{from}-{}{}", (b'a' + tc as u8) as char, tr));
                }
            }
        }
    }
    let input = (all.join("\n") + "\n").repeat(20);
    for ai in ["random", "greedy"] {
        for color in ["black", "white"] {
            let out = run(
                &["play", "--board", "3x3", "--ai", ai, "--color", color],
                &input,
            );
            assert!(out.status.success(), "{}", text(&out.stderr));
            let stdout = text(&out.stdout);
            assert!(stdout.contains("game over"), "{ai} {color}: {stdout}");
            assert!(stdout.contains("computer ("), "{stdout}");
        }
    }
}

#[test]
fn play_rejects_unknown_opponent_and_colour() {
    let out = run(&["play", "--ai", "oracle"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("oracle"));
    let out = run(&["play", "--color", "red"], "");
    assert_eq!(out.status.code(), Some(2));
}
