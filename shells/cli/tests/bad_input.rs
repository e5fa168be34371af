//! Bad input to every subcommand, through the real binary: an unknown game,
//! bad settings JSON and unknown settings keys, bad and negative seeds,
//! negative and huge counts, truncated, garbage and
//! other-engine record files, empty standard input, a folder where a file
//! is expected. Each case must end with exit status 2 (bad input), a
//! message on standard error that names what was wrong, nothing on
//! standard error that says "panicked", and within a few seconds (a huge
//! number is refused, never worked through or allocated for). A reader
//! that closes standard output early (`| head -1`) is a normal end: exit 0,
//! nothing on standard error.
//!
//! One table per concern; each row is the arguments, what standard input
//! holds, and the words the message must contain.

mod common;

use common::Run;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::time::Duration;

/// Longer than any refusal takes; a run still going then is a failure.
const LIMIT: Duration = Duration::from_secs(20);

/// Runs `stackyard ARGS` with `input` on standard input (then closed),
/// stopping it after [`LIMIT`].
fn run(args: &[&str], input: &str) -> Run {
    common::run_for(args, input, LIMIT)
}

/// One case: `stackyard ARGS` with `input`, refused as bad input with a
/// message containing each of `words` (case-insensitive).
struct Case<'a> {
    args: Vec<String>,
    input: &'a str,
    words: Vec<String>,
}

fn case<'a>(args: &[&str], input: &'a str, words: &[&str]) -> Case<'a> {
    Case {
        args: args.iter().map(|a| a.to_string()).collect(),
        input,
        words: words.iter().map(|w| w.to_string()).collect(),
    }
}

/// Runs every case and reports every failure at once.
fn check(cases: &[Case<'_>]) {
    let mut failures = Vec::new();
    for c in cases {
        let args: Vec<&str> = c.args.iter().map(String::as_str).collect();
        let r = run(&args, c.input);
        // The message is on standard error; a filter that answers each
        // line (`babel solve`) says it in its answer too.
        let said = format!("{}\n{}", r.stderr, r.stdout).to_lowercase();
        let mut wrong = Vec::new();
        if r.code != Some(2) {
            wrong.push(format!("exit {:?}, not 2", r.code));
        }
        if r.stderr.contains("panicked") {
            wrong.push("a panic".to_string());
        }
        for w in &c.words {
            if !said.contains(&w.to_lowercase()) {
                wrong.push(format!("no {w:?} in the message"));
            }
        }
        if r.stderr.len() > 2_000 {
            wrong.push(format!("a message of {} bytes", r.stderr.len()));
        }
        if !wrong.is_empty() {
            failures.push(format!(
                "stackyard {}: {}\n  stderr: {}",
                args.join(" "),
                wrong.join("; "),
                r.stderr.trim()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases went wrong:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// A scratch folder of this test process.
fn scratch(name: &str) -> common::TestDir {
    let dir = common::temp_dir(&format!("bad-{name}"));
    std::fs::create_dir_all(&*dir).expect("a scratch folder");
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("written");
    path.display().to_string()
}

/// The registered games, as `stackyard --help` lists them.
fn games() -> Vec<&'static str> {
    stackyard_registry::registry().names()
}

/// A record of `game` as its table writes one: a fresh table of the
/// default settings (no actions yet; the cases below add a bad one).
fn record_of(game: &str) -> String {
    let registry = stackyard_registry::registry();
    let kind = registry.get(game).expect("registered");
    kind.create(&kind.default_settings(), stackyard_core::Seed(3))
        .expect("the defaults set up a table")
        .record()
        .to_string()
}

/// Games whose `replay` and `sim` are the common ones: every registered
/// game (checked: each `sim` takes `--settings`, each `replay` a file).
fn common_games() -> Vec<&'static str> {
    let all = games();
    for g in &all {
        assert!(
            run(&[g, "sim", "--help"], "").stdout.contains("--settings"),
            "{g}'s sim is not the common one"
        );
        assert!(
            run(&[g, "replay", "--help"], "").stdout.contains("<FILE>"),
            "{g}'s replay is not the common one"
        );
    }
    all
}

#[test]
fn an_unknown_game_or_command_is_named() {
    check(&[
        case(&["chess", "rules"], "", &["chess"]),
        case(&["towers", "castle"], "", &["castle"]),
        case(&["Towers", "rules"], "", &["Towers"]),
        case(&[""], "", &["''"]),
        case(&["towers", "rules", "--bogus"], "", &["--bogus"]),
    ]);
}

#[test]
fn sim_options_out_of_range_are_refused_before_any_game() {
    let dir = scratch("sim");
    let file = write(&dir, "a-file", "not a folder");
    let mut cases = Vec::new();
    for g in games() {
        cases.push(case(
            &[g, "sim", "--games", "18446744073709551615"],
            "",
            &["--games"],
        ));
        cases.push(case(&[g, "sim", "--games", "0"], "", &["--games"]));
        // A negative number is the option's value, refused naming it and
        // what it takes (not an unknown flag "-1").
        cases.push(case(
            &[g, "sim", "--games", "-1"],
            "",
            &["--games takes a whole number from 1", "got -1"],
        ));
        cases.push(case(
            &[g, "sim", "--players", "1000000000"],
            "",
            &["--players"],
        ));
        cases.push(case(&[g, "sim", "--players", "0"], "", &["--players"]));
        cases.push(case(
            &[g, "sim", "--seed", "-1"],
            "",
            &["--seed takes a whole number 0 or more", "got -1"],
        ));
        cases.push(case(
            &[g, "sim", "--seed", "18446744073709551616"],
            "",
            &["--seed"],
        ));
        cases.push(case(&[g, "sim", "--seed", "seven"], "", &["--seed"]));
        cases.push(case(
            &[g, "sim", "--bots", "grandmaster", "--games", "1"],
            "",
            &["grandmaster"],
        ));
        cases.push(case(
            &[g, "sim", "--games", "1", "--out", &file],
            "",
            &["--out"],
        ));
    }
    check(&cases);
}

#[test]
fn bad_settings_json_is_refused_naming_it() {
    let mut cases = Vec::new();
    let mut owned: Vec<(&str, String, &str)> = Vec::new();
    for g in common_games() {
        cases.push(case(
            &[g, "sim", "--settings", "{", "--games", "1"],
            "",
            &["--settings", "not JSON"],
        ));
        cases.push(case(
            &[g, "sim", "--settings", "[1, 2]", "--games", "1"],
            "",
            &["settings"],
        ));
        cases.push(case(
            &[
                g,
                "sim",
                "--settings",
                "{\"players\": 1000000000, \"seats\": 1000000000}",
                "--games",
                "1",
            ],
            "",
            &["settings"],
        ));
        // Every game's settings refuse what they do not know, naming it:
        // an object's unknown key, a text's unknown part.
        let registry = stackyard_registry::registry();
        let kind = registry.get(g).expect("registered");
        let unknown = match kind.default_settings() {
            serde_json::Value::String(text) => (
                serde_json::json!(format!("{text}+no_such_part")).to_string(),
                "no_such_part",
            ),
            _ => ("{\"no_such_key\": 1}".to_string(), "no_such_key"),
        };
        owned.push((g, unknown.0, unknown.1));
    }
    for (g, settings, wrong) in &owned {
        cases.push(case(
            &[g, "sim", "--settings", settings, "--games", "1"],
            "",
            &["settings", wrong],
        ));
    }
    let long = format!("{{\"x\": \"{}\"", "y".repeat(100_000));
    cases.push(case(
        &["babel", "sim", "--settings", &long],
        "",
        &["--settings", "…"],
    ));
    check(&cases);
}

#[test]
fn bad_record_files_are_refused_naming_what_is_wrong() {
    let dir = scratch("records");
    let folder = dir.display().to_string();
    let garbage = write(&dir, "garbage.json", "\u{1}\u{2} not a record at all");
    let empty = write(&dir, "empty.json", "");
    let not_utf8 = dir.join("binary.json");
    std::fs::write(&not_utf8, [0xff, 0xfe, 0x00, 0x7b]).expect("written");
    let not_utf8 = not_utf8.display().to_string();
    let missing = dir.join("missing.json").display().to_string();
    let mut cases = Vec::new();
    let mut owned: Vec<(String, String, String, String, String)> = Vec::new();
    for g in common_games() {
        cases.push(case(&[g, "replay", &garbage], "", &["garbage.json"]));
        cases.push(case(&[g, "replay", &empty], "", &["empty.json"]));
        cases.push(case(
            &[g, "replay", &not_utf8],
            "",
            &["binary.json", "UTF-8"],
        ));
        cases.push(case(&[g, "replay", &missing], "", &["missing.json"]));
        cases.push(case(&[g, "replay", &folder], "", &["directory"]));
        cases.push(case(&[g, "replay", "-"], "", &["standard input", "empty"]));
        let record = record_of(g);
        let truncated = write(
            &dir,
            &format!("{g}-truncated.json"),
            &record[..record.len() / 2],
        );
        let mut value: serde_json::Value = serde_json::from_str(&record).expect("JSON");
        value["engine"] = serde_json::json!("from-the-future-9");
        let engine = write(&dir, &format!("{g}-engine.json"), &value.to_string());
        let mut value: serde_json::Value = serde_json::from_str(&record).expect("JSON");
        value["settings"] = serde_json::json!({"nonsense": [1, 2, 3]});
        let settings = write(&dir, &format!("{g}-settings.json"), &value.to_string());
        let mut value: serde_json::Value = serde_json::from_str(&record).expect("JSON");
        value["actions"] =
            serde_json::json!([{"seat": 0, "at": 0, "action": {"type": "no-such-action"}}]);
        let action = write(&dir, &format!("{g}-action.json"), &value.to_string());
        owned.push((g.to_string(), truncated, engine, settings, action));
    }
    for (g, truncated, engine, settings, action) in &owned {
        cases.push(case(
            &[g, "replay", truncated],
            "",
            &["truncated.json", "EOF"],
        ));
        cases.push(case(&[g, "replay", engine], "", &["from-the-future-9"]));
        cases.push(case(&[g, "replay", settings], "", &["settings"]));
        cases.push(case(&[g, "replay", action], "", &["action 1"]));
        // A record of another game, fed to this one, names both.
        let other = owned.iter().find(|o| o.0 != *g).expect("two common games");
        let whole = write(
            &dir,
            &format!("{}-whole.json", other.0),
            &record_of(&other.0),
        );
        cases.push(case(&[g, "replay", &whole], "", &[other.0.as_str()]));
    }
    check(&cases);
}

#[test]
fn the_games_own_commands_refuse_bad_input() {
    let dir = scratch("own");
    let folder = dir.display().to_string();
    let garbage = write(&dir, "garbage.json", "{\"pieces\": [");
    check(&[
        case(&["leaning", "judge", &garbage], "", &["garbage.json"]),
        case(&["leaning", "judge", &folder], "", &["directory"]),
        case(&["leaning", "judge", "-"], "", &["standard input"]),
        case(
            &["leaning", "judge", "-"],
            "[]",
            &["standard input", "scenario"],
        ),
        case(&["physics", "run", &garbage], "", &["garbage.json"]),
        case(&["physics", "run", &folder], "", &["directory"]),
        case(&["physics", "run", "-"], "", &["standard input"]),
        case(&["speedy", "matches"], "{\"placed\": 3}\n", &["line 1"]),
        case(&["speedy", "matches"], "\u{0}\u{1}garbage\n", &["line 1"]),
        case(
            &["babel", "solve", "--deals", "18446744073709551616"],
            "",
            &["--deals"],
        ),
        case(&["babel", "solve"], "{\"order\": [\"Zz\"]}\n", &["Zz"]),
        case(&["towers", "replay-notation"], "garbage in\n", &["garbage"]),
        case(
            &["towers", "perft", "--depth", "18446744073709551616"],
            "",
            &["--depth"],
        ),
        case(
            &["tournament", "towers", "--games", "18446744073709551616"],
            "",
            &["--games"],
        ),
        case(
            &["serve", "--addr", "not-an-address"],
            "",
            &["not-an-address"],
        ),
        case(&["serve", "--db", "mysql://nowhere"], "", &["mysql"]),
        case(
            &["loadtest", "--tables", "18446744073709551616"],
            "",
            &["--tables"],
        ),
        case(
            &["loadtest", "--clients", "-3"],
            "",
            &["--clients", "from 1 to 100000"],
        ),
        case(
            &["serve", "--threads", "0"],
            "",
            &["--threads", "from 1 to 1024"],
        ),
        case(
            &["loadtest", "--threads", "100000"],
            "",
            &["--threads", "from 1 to 1024"],
        ),
        case(
            &["babel", "solve", "--deals", "-5"],
            "",
            &["--deals takes a whole number"],
        ),
        case(
            &["towers", "play", "--seed", "-1"],
            "",
            &["--seed takes a whole number"],
        ),
        // Online play: the address and the name are checked before any
        // terminal or network (issue #48).
        case(
            &["play", "--server", "https://stackyard.example"],
            "",
            &["plain http only"],
        ),
        case(
            &["play", "--server", "localhost:8080"],
            "",
            &["not a server address", "http://localhost:8080"],
        ),
        case(&["play", "--name", ""], "", &["not a name", "1 to 32"]),
    ]);
}

/// `stackyard … | head -1`: the reader goes away after the first line; the
/// command stops at its next write, quietly, with exit status 0.
#[test]
fn a_closed_pipe_is_a_normal_end() {
    let dir = scratch("pipe");
    let mut commands: Vec<(Vec<String>, String)> = Vec::new();
    for g in games() {
        commands.push((vec![g.to_string(), "rules".into()], String::new()));
        commands.push((vec![g.to_string(), "--help".into()], String::new()));
    }
    // A long replay output: the spectator's view, pretty-printed.
    let record = record_of("babel");
    let file = write(&dir, "babel.json", &record);
    commands.push((vec!["babel".into(), "replay".into(), file], String::new()));
    commands.push((vec!["--help".into()], String::new()));
    // Far more answers than a pipe holds (64 KiB): the writes after the
    // reader left fail, which is the end, not an error.
    let query = r#"{"placed": {"kind": "tile", "suit": "M", "value": "2"}, "top": {"kind": "tile", "suit": "S", "value": "4"}}"#;
    commands.push((
        vec!["speedy".into(), "matches".into()],
        format!("{query}\n").repeat(20_000),
    ));
    let mut failures = Vec::new();
    for (args, input) in &commands {
        let (mut child, writer) = common::spawn_piped(args, input);
        let mut first = String::new();
        {
            let mut out = BufReader::new(child.stdout.take().expect("piped"));
            let _ = out.read_line(&mut first);
            // Dropped here: the pipe is closed after one line.
        }
        let status = common::wait_at_most(&mut child, LIMIT);
        let _ = writer.join();
        let mut stderr = String::new();
        let _ = child
            .stderr
            .take()
            .expect("piped")
            .read_to_string(&mut stderr);
        if first.is_empty() || status.and_then(|s| s.code()) != Some(0) || !stderr.is_empty() {
            failures.push(format!(
                "stackyard {}: first line {first:?}, status {status:?}, stderr {stderr:?}",
                args.join(" ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// tokio reads `TOKIO_WORKER_THREADS` when it is not told how many threads
/// to run, and panics on a value that is not a positive number; the
/// server's runtime is always told (`--threads`, or one per core), so a
/// stray variable changes nothing. Here the server then stops with its own
/// message: its address is taken.
#[test]
fn a_bad_tokio_worker_threads_variable_is_not_a_panic() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let addr = taken.local_addr().expect("its address").to_string();
    let dir = scratch("threads-env");
    let db = dir.join("s.db").display().to_string();
    for bad in ["0", "many"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_stackyard"))
            .args(["serve", "--addr", &addr, "--db", &db])
            .env("TOKIO_WORKER_THREADS", bad)
            .output()
            .expect("stackyard runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{bad}: {stderr}");
        assert_eq!(out.status.code(), Some(1), "{bad}: {stderr}");
        assert!(stderr.contains(&addr), "{bad}: {stderr}");
    }
}

#[test]
fn export_refuses_a_missing_store_a_bad_day_and_an_unknown_game() {
    let dir = scratch("export");
    let missing = dir.join("none.db").display().to_string();
    let text = dir.join("notes.db");
    std::fs::write(&text, "not a database").unwrap();
    let text = text.display().to_string();
    check(&[
        case(
            &["export", "--db", &missing],
            "",
            &["no database file", "none.db"],
        ),
        case(
            &["export", "--db", &text],
            "",
            &["not a stackyard database"],
        ),
        case(
            &["export", "--db", "mysql://x/y"],
            "",
            &["mysql:// databases are not supported"],
        ),
        case(
            &["export", "--db", &missing, "--since", "2026-02-30"],
            "",
            &["not a day", "yyyy-mm-dd"],
        ),
        case(
            &["export", "--db", &missing, "--until", "yesterday"],
            "",
            &["not a day"],
        ),
        case(
            &[
                "export",
                "--db",
                &missing,
                "--since",
                "2026-12-03",
                "--until",
                "2026-12-01",
            ],
            "",
            &["--since must be a day before --until"],
        ),
        case(
            &["export", "--db", &missing, "--game", "chess"],
            "",
            &["no game \"chess\"", "towers"],
        ),
    ]);
    assert!(!dir.join("none.db").exists(), "the export made a database");
}
