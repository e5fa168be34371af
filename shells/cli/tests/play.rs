//! The terminal games as a person meets them, through piped standard
//! input: Towers marks the last move, tells demolitions and captures with
//! their reason, groups the legal moves, takes any case, undoes, says
//! "thinking…" and judges the game in words, and refuses an AI on a board
//! it cannot search; Babel prompts, shows heights as numbers, hints with
//! what it knows and says the end once. Piped output has no colours.

mod common;

use common::stackyard_with_input;

fn stdout(args: &[&str], input: &str) -> String {
    let out = stackyard_with_input(args, input);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {err}");
    assert!(!err.contains("panicked"));
    String::from_utf8(out.stdout).unwrap()
}

/// Every step on a 3x3 board in upper case, twenty times over: a scripted
/// player that always finds a legal move.
fn all_steps_3x3_upper() -> String {
    let mut all = Vec::new();
    for c in 0..3i8 {
        for r in 1..=3i8 {
            for (dc, dr) in [
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (2, 0),
                (-2, 0),
                (0, 2),
                (0, -2),
            ] {
                let (tc, tr) = (c + dc, r + dr);
                if (0..3).contains(&tc) && (1..=3).contains(&tr) {
                    all.push(format!(
                        "{}{r}-{}{tr}",
                        (b'A' + c as u8) as char,
                        (b'A' + tc as u8) as char
                    ));
                }
            }
        }
    }
    (all.join("\n") + "\n").repeat(20)
}

#[test]
fn towers_marks_the_last_move_and_groups_the_legal_moves() {
    let out = stdout(
        &[
            "towers", "play", "--board", "4x4", "--ai", "random", "--seed", "3",
        ],
        "A1-B1\nmoves\nquit\n",
    );
    // Upper case is read as the move.
    assert!(out.contains("you play a1-b1"), "{out}");
    // The computer's reply is marked on the board: [..] where it landed.
    assert!(out.contains("[W2]") || out.contains("[B2]"), "{out}");
    assert!(out.contains("the last move landed here"), "{out}");
    // Grouped by the tower that moves.
    assert!(out.contains("legal moves (16): a1 → b1 a2 |"), "{out}");
    // Piped: no escape codes.
    assert!(!out.contains('\x1b'), "colours in piped output");
}

#[test]
fn towers_announces_demolitions_with_their_reason() {
    let out = stdout(
        &[
            "towers", "play", "--board", "3x3", "--ai", "greedy", "--color", "black",
        ],
        &all_steps_3x3_upper(),
    );
    assert!(
        out.contains(
            "Your tower on c1 (1 floor) was demolished: not connected to a tallest tower (T13)"
        ),
        "{out}"
    );
    assert!(out.contains("game over: you win, 5 to 3"), "{out}");
    // Capture: the floors are counted for the mover (T16).
    let out = stdout(
        &[
            "towers",
            "play",
            "--board",
            "4x4",
            "--variant",
            "capture",
            "--ai",
            "greedy",
            "--seed",
            "2",
        ],
        &all_steps_3x3_upper(),
    );
    assert!(out.contains("captures") && out.contains("(T16)"), "{out}");
}

#[test]
fn towers_undo_takes_back_a_move_and_the_reply() {
    let out = stdout(
        &[
            "towers", "play", "--board", "4x4", "--ai", "random", "--seed", "3",
        ],
        "a1-b1\nundo\nundo\nquit\n",
    );
    assert!(
        out.contains("undone: your last move and the computer's reply"),
        "{out}"
    );
    assert!(out.contains("nothing to undo yet"), "{out}");
    // Back at the start: all 16 moves again, after the undo.
    let after = out.split("undone").nth(1).unwrap();
    assert!(after.contains("legal moves (16)"), "{after}");
}

#[test]
fn towers_thinks_aloud_and_judges_the_game_in_words() {
    let out = stdout(
        &[
            "towers",
            "play",
            "--board",
            "3x3",
            "--ai",
            "alphabeta:n2000",
            "--color",
            "white",
            "--show-eval",
        ],
        &all_steps_3x3_upper(),
    );
    assert!(out.contains("computer is thinking…"), "{out}");
    assert!(
        out.contains("Black wins by 1 with best play (proved)"),
        "{out}"
    );
    let out = stdout(
        &[
            "towers",
            "play",
            "--board",
            "4x4",
            "--ai",
            "mcts:n300",
            "--show-eval",
            "--color",
            "white",
        ],
        "quit\n",
    );
    assert!(
        out.contains("% to win")
            && (out.contains("is ahead")
                || out.contains("about even")
                || out.contains("is winning")),
        "{out}"
    );
}

#[test]
fn towers_refuses_an_ai_on_a_board_it_cannot_search() {
    let out = stackyard_with_input(
        &["towers", "play", "--board", "9x9", "--ai", "alphabeta:1s"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("64 blocks") && err.contains("greedy"), "{err}");
    assert!(out.stdout.is_empty());
    // The simple opponents play any board.
    stdout(
        &["towers", "play", "--board", "26x26", "--ai", "greedy"],
        "quit\n",
    );
}

#[test]
fn babel_prompts_shows_heights_hints_and_ends_once() {
    let mut input = String::from("d\nd\nhint\n2<1\n");
    input.push_str(&"d\n".repeat(22));
    input.push_str("end\nhint\nd\nquit\n");
    let out = stdout(&["babel", "play", "--seed", "3"], &input);
    assert!(out.contains("babel> "), "{out}");
    // Heights as numbers: after 2<1 the first stack holds 2 tiles.
    assert!(out.contains("line: 1:A2(2)"), "{out}");
    assert!(
        out.contains("hint: draw. Why: any move can wait (B10)")
            && out.contains("the deal is still winnable"),
        "{out}"
    );
    assert_eq!(out.matches("game over:").count(), 1, "{out}");
    assert!(out.contains("the game is over: undo to go back"), "{out}");
    assert!(!out.contains('\x1b'));
}

#[test]
fn babel_hint_with_nothing_left_to_draw_names_the_best_ending() {
    let mut input = "d\n".repeat(24);
    input.push_str("hint\nquit\n");
    let out = stdout(&["babel", "play", "--seed", "3"], &input);
    assert!(
        out.contains("Nothing is left to draw: best play ends with 1 stack (a full win)"),
        "{out}"
    );
}
