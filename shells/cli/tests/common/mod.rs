//! What every command-line test needs: run the `stackyard` binary with
//! arguments (and, when it reads them, lines on standard input), read what
//! it printed, and get a scratch directory of its own.

// Each test binary includes this module and uses only part of it.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// `stackyard ARGS` with nothing on standard input.
pub fn stackyard(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stackyard"))
        .args(args)
        .output()
        .expect("the stackyard binary runs")
}

/// `stackyard ARGS` with `input` piped to standard input, then closed.
pub fn stackyard_with_input(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let (child, writer) = spawn_piped(args, input);
    let out = child.wait_with_output().expect("the binary finishes");
    let _ = writer.join();
    out
}

/// `stackyard ARGS` started with its three streams piped, and `input`
/// written to its standard input from a thread of its own, then closed: a
/// run that prints before it reads never blocks the test on a full pipe,
/// and a run that ends without reading it all is no failure of the test's
/// (what it printed and its status say what happened). Join the writer
/// once the run has ended.
pub fn spawn_piped<S: AsRef<OsStr>>(
    args: &[S],
    input: impl AsRef<[u8]>,
) -> (Child, JoinHandle<()>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_stackyard"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the stackyard binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.as_ref().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    (child, writer)
}

/// Waits for `child` to end, at most `limit`; then stops it: `None`.
pub fn wait_at_most(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return Some(status);
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The last line printed on standard output ("" when nothing was).
pub fn last_line(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .last()
        .unwrap_or("")
        .to_string()
}

/// A path under a fresh temporary folder, not yet made (the commands
/// under test make their output folders); the folder and everything in
/// it go when the test lets go of it: hold it for the test's whole length.
pub fn temp_dir(name: &str) -> TestDir {
    let root = tempfile::Builder::new()
        .prefix(&format!("stackyard-{name}-"))
        .tempdir()
        .expect("a temporary folder");
    let path = root.path().join(name);
    TestDir { _root: root, path }
}

/// A test's temporary path: usable while it is held, gone once dropped.
pub struct TestDir {
    _root: tempfile::TempDir,
    path: PathBuf,
}

impl std::ops::Deref for TestDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for TestDir {
    fn as_ref(&self) -> &Path {
        &self.path
    }
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
pub fn run_for<S: AsRef<OsStr>>(args: &[S], input: &str, limit: Duration) -> Run {
    let (mut child, writer) = spawn_piped(args, input);
    let read_all = |mut from: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            let _ = from.read_to_end(&mut text);
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let outs = read_all(Box::new(child.stdout.take().expect("piped")));
    let errs = read_all(Box::new(child.stderr.take().expect("piped")));
    let status = wait_at_most(&mut child, limit);
    let _ = writer.join();
    Run {
        code: status.and_then(|s| s.code()),
        stopped: status.is_none(),
        stdout: outs.join().unwrap_or_default(),
        stderr: errs.join().unwrap_or_default(),
    }
}
