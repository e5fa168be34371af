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

/// How a run of [`run_for`] ended.
#[derive(Debug)]
pub struct Run {
    /// The exit status; `None` when it was stopped (or killed by a signal).
    pub code: Option<i32>,
    /// Whether it was still running at the limit, and stopped.
    pub stopped: bool,
    /// Standard output, lossily decoded.
    pub stdout: String,
    /// Standard error, lossily decoded.
    pub stderr: String,
}

/// Runs `stackyard ARGS` with `input` on standard input (then closed),
/// reading both outputs as it goes (so a chatty run never blocks on a full
/// pipe), and stops it after `limit`.
pub fn run_for<S: AsRef<std::ffi::OsStr>>(
    args: &[S],
    input: &str,
    limit: std::time::Duration,
) -> Run {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_stackyard"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the stackyard binary runs");
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let read_all = |mut from: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            let _ = from.read_to_end(&mut text);
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let outs = read_all(Box::new(child.stdout.take().expect("piped")));
    let errs = read_all(Box::new(child.stderr.take().expect("piped")));
    let started = std::time::Instant::now();
    let mut stopped = false;
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            stopped = true;
            break child.wait().expect("wait");
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    let _ = writer.join();
    Run {
        code: if stopped { None } else { status.code() },
        stopped,
        stdout: outs.join().unwrap_or_default(),
        stderr: errs.join().unwrap_or_default(),
    }
}
