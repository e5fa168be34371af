//! What every command-line test needs: run the `stackyard` binary with
//! arguments (and, when it reads them, lines on standard input), read what
//! it printed, and get a scratch directory of its own.

// Each test binary includes this module and uses only part of it.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// `stackyard ARGS` with nothing on standard input.
pub fn stackyard(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stackyard"))
        .args(args)
        .output()
        .expect("the stackyard binary runs")
}

/// `stackyard ARGS` with `input` piped to standard input, then closed.
pub fn stackyard_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_stackyard"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the stackyard binary runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
        .expect("the binary reads its input");
    child.wait_with_output().expect("the binary finishes")
}

/// The last line printed on standard output ("" when nothing was).
pub fn last_line(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .last()
        .unwrap_or("")
        .to_string()
}

/// An empty directory under the system's temporary directory, unique to
/// this test process and `name`.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("stackyard-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}
