//! `stackyard play` seen from outside, as a person's shell meets it. It is
//! full-screen: with standard output not a terminal (a pipe, as here) it
//! says so, names the line-based commands, and exits 2 without touching
//! the terminal; its help says how to start it, what works and what does
//! not yet.

use std::process::{Command, Stdio};

#[test]
fn play_through_a_pipe_says_to_use_a_terminal_and_exits_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_stackyard"))
        .arg("play")
        .stdin(Stdio::null())
        .output()
        .expect("run stackyard play");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(err.starts_with("stackyard: "), "{err}");
    assert!(err.contains("needs a terminal"), "{err}");
    assert!(
        err.contains("stackyard towers play"),
        "names the line-based play: {err}"
    );
    assert!(err.contains("stackyard babel play"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    // Not one byte drawn: no alternate screen, no hidden cursor, no colour.
    assert!(
        out.stdout.is_empty(),
        "{:?}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn play_s_help_says_how_to_start_it_what_works_and_what_not_yet() {
    let out = Command::new(env!("CARGO_BIN_EXE_stackyard"))
        .args(["play", "--help"])
        .output()
        .expect("run stackyard play --help");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let help = String::from_utf8_lossy(&out.stdout);
    for words in [
        "full-screen",
        "stackyard play",
        "--seed",
        "Towers",
        "Tower of Babel",
        "Ctrl-C",
    ] {
        assert!(help.contains(words), "{words:?} missing from: {help}");
    }
    assert!(help.contains("Not there yet: online play"), "{help}");
}
