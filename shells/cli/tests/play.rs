//! `stackyard play` is full-screen: with standard output not a terminal (a
//! pipe, as here) it says so, names the line-based commands, and exits 2
//! without touching the terminal's modes.

use std::process::{Command, Stdio};

#[test]
fn play_through_a_pipe_says_to_use_a_terminal_and_exits_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_stackyard"))
        .arg("play")
        .stdin(Stdio::null())
        .output()
        .expect("run stackyard play");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("terminal"), "{err}");
    assert!(err.contains("stackyard towers play"), "names the line-based play: {err}");
    assert!(out.stdout.is_empty(), "nothing drawn into the pipe");
}

#[test]
fn play_s_help_says_how_to_start_and_quit() {
    let out = Command::new(env!("CARGO_BIN_EXE_stackyard"))
        .args(["play", "--help"])
        .output()
        .expect("run stackyard play --help");
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("full-screen"), "{help}");
}
