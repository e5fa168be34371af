//! Every command with each numeric option at 0, at its maximum and at an
//! absurd value: the exit status is 0, 1 or 2, never a panic (no
//! "panicked" on standard error), and bad values are refused with a
//! message. Runs at the maximum that would take long (a trillion games)
//! are stopped after a few seconds: what is checked is that they start
//! without a panic or a huge allocation, and are still running normally.

mod common;

use common::Run;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const LIMIT: Duration = Duration::from_secs(3);

/// Runs `stackyard ARGS` with `input` on standard input, stopping it after
/// [`LIMIT`].
fn run(args: &[String], input: &str) -> Run {
    common::run_for(args, input, LIMIT)
}

/// Runs `base` plus `--option value` for each value; checks the status.
/// `refused` values must exit 2 with a message naming the option.
fn check(base: &[&str], option: &str, fine: &[&str], refused: &[&str], input: &str) {
    for (value, must_refuse) in fine
        .iter()
        .map(|v| (v, false))
        .chain(refused.iter().map(|v| (v, true)))
    {
        let mut args: Vec<String> = base.iter().map(|s| s.to_string()).collect();
        args.push(option.to_string());
        args.push(value.to_string());
        let r = run(&args, input);
        assert!(
            !r.stderr.contains("panicked"),
            "{args:?} panicked: {}",
            r.stderr
        );
        if must_refuse {
            assert_eq!(r.code, Some(2), "{args:?} should be refused: {}", r.stderr);
            // The message names the option, a negative number's too.
            assert!(r.stderr.contains(option), "{args:?}: {}", r.stderr);
            assert!(r.stderr.len() < 2000, "{args:?}: message too long");
        } else {
            assert!(
                r.stopped || matches!(r.code, Some(0..=2)),
                "{args:?}: exit {:?}: {}",
                r.code,
                r.stderr
            );
        }
    }
}

const HUGE: &str = "99999999999999999999999999999";
const U64_MAX: &str = "18446744073709551615";

#[test]
fn towers_options_at_their_extremes() {
    check(
        &["towers", "perft", "--board", "2x2"],
        "--depth",
        &["0", "16"],
        &["17", HUGE, "-1"],
        "",
    );
    check(
        &["towers", "perft", "--depth", "1"],
        "--board",
        &["2x2", "26x26"],
        &["0x0", "27x27", "255x255", &"9".repeat(5000)],
        "",
    );
    let solve = ["towers", "solve", "--board", "2x2", "--time-limit", "1"];
    check(
        &solve,
        "--tt-bits",
        &["10", "28"],
        &["0", "9", "29", HUGE],
        "",
    );
    check(&solve, "--threads", &["1", "64"], &["0", "65", HUGE], "");
    check(
        &solve,
        "--guess",
        &["-10000", "10000", "0"],
        &["10001", HUGE],
        "",
    );
    check(
        &["towers", "solve", "--board", "2x2"],
        "--time-limit",
        &["0.001", "86400"],
        &["0", "-1", "86401", "1e309", "NaN", "inf"],
        "",
    );
    check(
        &["towers", "solve"],
        "--board",
        &["2x2"],
        &["9x9", "26x26"],
        "",
    );
    check(
        &["towers", "tune", "--board", "2x2"],
        "--games",
        &["1", "20000"],
        &["0", "20001", HUGE],
        "",
    );
    check(
        &["towers", "tune", "--board", "2x2", "--games", "1"],
        "--seed",
        &["0", U64_MAX],
        &[HUGE],
        "",
    );
    let play = ["towers", "play", "--board", "2x2"];
    check(&play, "--seed", &["0", U64_MAX], &[HUGE, "-1"], "quit\n");
    check(
        &play,
        "--ai",
        &[
            "alphabeta:d64",
            "alphabeta:n100000000000",
            "alphabeta:600s",
            "mcts:n2000000",
            "mcts:60s",
            "mcts:d2000",
        ],
        &[
            "alphabeta:d0",
            "alphabeta:d65",
            "alphabeta:601s",
            "mcts:n2000001",
            "mcts:d2001",
            "mcts:61s",
            "alphabeta:n0",
            &format!("alphabeta:d{HUGE}"),
        ],
        "quit\n",
    );
    check(
        &["towers", "play"],
        "--board",
        &["26x26"],
        &["27x2"],
        "quit\n",
    );
    let tour = [
        "tournament",
        "towers",
        "--players",
        "random,random",
        "--board",
        "2x2",
        "--games",
        "1",
    ];
    check(&tour, "--seed", &["0", U64_MAX], &[HUGE], "");
    check(&tour, "--threads", &["1", "64"], &["0", "65", HUGE], "");
    check(&tour, "--ai-threads", &["1", "64"], &["0", "65", HUGE], "");
    check(&tour, "--opening-plies", &["0", "20"], &["21", HUGE], "");
    check(
        &[
            "tournament",
            "towers",
            "--players",
            "random,random",
            "--board",
            "2x2",
        ],
        "--games",
        &["1", "1000"],
        &["0", "1001", HUGE],
        "",
    );
    let many = vec!["random"; 17].join(",");
    check(
        &["tournament", "towers", "--board", "2x2", "--games", "1"],
        "--players",
        &["random,random"],
        &["random", &many],
        "",
    );
}

#[test]
fn babel_options_at_their_extremes() {
    let solve = ["babel", "solve"];
    check(
        &solve,
        "--deals",
        &["1", "1000000000000"],
        &["0", "1000000000001", HUGE],
        "",
    );
    check(
        &["babel", "solve", "--deals", "1"],
        "--hardest",
        &["0", "100"],
        &["101", HUGE],
        "",
    );
    check(
        &["babel", "solve", "--deals", "1"],
        "--seed",
        &["0", U64_MAX],
        &[HUGE],
        "",
    );
    let strict = ["babel", "strict", "--policy", "greedy"];
    check(
        &strict,
        "--games",
        &["1", "1000000000000"],
        &["0", "1000000000001", HUGE],
        "",
    );
    check(
        &["babel", "strict", "--games", "1"],
        "--policy",
        &["hybrid:10000:14", "sampling:10000", "expectimax:14"],
        &[
            "hybrid:10001",
            "expectimax:15",
            "sampling:0",
            &"x".repeat(100_000),
        ],
        "",
    );
    let reach = [
        "babel",
        "exact-reach",
        "--positions",
        "1",
        "--limit",
        "0.001",
    ];
    check(&reach, "--max-k", &["1", "12"], &["0", "13", HUGE], "");
    check(
        &["babel", "exact-reach", "--max-k", "2", "--limit", "1"],
        "--positions",
        &["1", "10000"],
        &["0", "10001", HUGE],
        "",
    );
    check(
        &["babel", "exact-reach", "--max-k", "2", "--positions", "1"],
        "--limit",
        &["0.001", "600"],
        &["0", "601", "1e309", "NaN"],
        "",
    );
    let hunt = ["babel", "hunt", "--steps", "1"];
    check(
        &hunt,
        "--restarts",
        &["1", "1000000000000"],
        &["0", "1000000000001", HUGE],
        "",
    );
    check(
        &["babel", "hunt", "--restarts", "1"],
        "--steps",
        &["1", "1000000000"],
        &["0", "1000000001", HUGE],
        "",
    );
    check(
        &["babel", "hunt", "--restarts", "1", "--steps", "1"],
        "--top",
        &["0", "100"],
        &["101", HUGE],
        "",
    );
    check(
        &["babel", "play"],
        "--seed",
        &["0", U64_MAX],
        &[HUGE],
        "quit\n",
    );
}

#[test]
fn icetowers_options_at_their_extremes() {
    let sim = ["icetowers", "sim", "--games", "1", "--players", "2"];
    check(
        &["icetowers", "sim", "--games", "1"],
        "--players",
        &["2", "5"],
        &["0", "1", "6", "255", HUGE],
        "",
    );
    check(
        &["icetowers", "sim", "--players", "2"],
        "--games",
        &["1", "1000000000000"],
        &["0", "1000000000001", HUGE, "-1"],
        "",
    );
    check(&sim, "--seed", &["0", U64_MAX], &[HUGE, "-1"], "");
    check(
        &sim,
        "--bots",
        &["greedy:1", "greedy:60000", "random:60000,strong:1"],
        &[
            "greedy:0",
            "greedy:60001",
            &format!("greedy:{U64_MAX}"),
            "greedy,greedy,greedy,greedy,greedy,greedy",
        ],
        "",
    );
}

#[test]
fn a_closed_standard_output_is_a_normal_end() {
    // `| head -1`: the reader goes away; the command ends with status 0
    // and says nothing.
    for args in [
        vec!["towers", "rules"],
        vec!["babel", "rules"],
        vec!["icetowers", "rules"],
        vec!["towers", "perft", "--board", "4x4", "--depth", "2"],
        vec!["babel", "solve", "--deals", "200"],
        vec!["icetowers", "sim", "--players", "2", "--games", "3"],
        vec!["--help"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_stackyard"))
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
    }
}

#[test]
fn non_utf8_input_is_bad_input_or_answered() {
    let bytes: &[u8] = b"a1-b1 \xff\xfe\n";
    let feed = |args: &[&str], input: &[u8]| common::stackyard_with_input(args, input);
    let out = feed(&["towers", "replay-notation"], bytes);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("UTF-8"));
    let out = feed(&["physics", "run", "-"], b"\xff{}");
    assert_eq!(out.status.code(), Some(2));
    let out = feed(&["icetowers", "replay", "-"], b"\xff{}");
    assert_eq!(out.status.code(), Some(2));
    // Interactive games answer and go on.
    let out = feed(&["towers", "play", "--board", "3x3"], b"\xff\xfe\nquit\n");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("not UTF-8"));
    let out = feed(&["babel", "play"], b"\xff\xfe\nd\nquit\n");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("not UTF-8") && text.contains("line: 1:"),
        "{text}"
    );
    // Batch: the good lines before and after keep their results.
    let out = feed(
        &["babel", "solve", "--partial"],
        b"{\"order\": [\"Sn\"]}\n\xff\n{\"order\": [\"Ma\"]}\n",
    );
    assert_eq!(out.status.code(), Some(2));
    let lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(
        lines[0].contains("min_stacks")
            && lines[1].contains("UTF-8")
            && lines[2].contains("min_stacks")
    );
}

#[test]
fn output_folders_are_checked_before_the_work() {
    let file = common::temp_dir("not-a-dir");
    std::fs::write(&file, "x").unwrap();
    let out_arg = file.join("sub");
    for args in [
        vec![
            "icetowers",
            "sim",
            "--players",
            "2",
            "--games",
            "1000000000000",
        ],
        vec![
            "tournament",
            "towers",
            "--players",
            "random,random",
            "--board",
            "2x2",
            "--games",
            "1000",
        ],
    ] {
        let mut all: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        all.push("--out".into());
        all.push(out_arg.display().to_string());
        let started = Instant::now();
        let r = run(&all, "");
        assert_eq!(r.code, Some(2), "{all:?}: {}", r.stderr);
        assert!(r.stderr.contains("--out"), "{}", r.stderr);
        assert!(started.elapsed() < LIMIT);
    }
    let _ = std::fs::remove_file(&file);
}
