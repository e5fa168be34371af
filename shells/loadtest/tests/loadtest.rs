//! The load generator against a real server: it plays every hosted game
//! over WebSockets, counts what was acknowledged, and finds every
//! acknowledged action stored afterwards.

use clap::Parser;
use stackyard_loadtest::{Options, http, run};

/// The command line of `stackyard loadtest`, as the CLI flattens it.
#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    options: Options,
}

fn options(addr: std::net::SocketAddr, tables: usize, clients: usize, seconds: f64) -> Options {
    Options {
        addrs: vec![addr.to_string()],
        tables,
        clients: Some(clients),
        duration: seconds,
        rate: 0.0,
        games: Vec::new(),
        kill_at: None,
        server: None,
        db: String::new(),
    }
}

/// A fresh temporary folder for a database, removed when dropped: hold it
/// for the test's whole length.
fn temp_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("stackyard-loadtest-{name}-"))
        .tempdir()
        .expect("a temporary folder")
}

fn client_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// A server on 127.0.0.1:0 over a fresh SQLite file, with limits that
/// let load-test clients act as soon as they may; the folder goes when the
/// test drops it.
fn server(name: &str) -> (stackyard_server::Background, tempfile::TempDir) {
    let dir = temp_dir(name);
    let mut config = stackyard_server::Config::new(
        "127.0.0.1:0".parse().unwrap(),
        dir.path().join("stackyard.db").display().to_string(),
    );
    config.limits = stackyard_server::Limits {
        tables_per_client: 10_000,
        // Load-test clients act as soon as they may.
        messages_per_second: 1000.0,
        message_burst: 2000.0,
        ..Default::default()
    };
    let server = stackyard_server::Background::start(config).expect("the server starts");
    (server, dir)
}

#[test]
fn unpaced_clients_of_every_game_are_acknowledged_and_nothing_acknowledged_is_lost() {
    let (server, _dir) = server("loadtest-every-game");
    let games = stackyard_registry::registry().names().len();
    let rt = client_runtime();
    // One table of each game, and spectators beyond the seats.
    let report = rt
        .block_on(run(options(server.addr, games, 30, 4.0)))
        .expect("the load test runs");
    assert_eq!(report.errors, 0, "{}", report.human());
    assert_eq!(report.lost, 0, "{}", report.human());
    assert_eq!(report.connections_held, 30, "{}", report.human());
    assert!(report.tables_created >= games, "{}", report.human());
    // Unpaced: far more than the old default pace of 5 a second a seat
    // would allow in 4 s over these tables (about 100).
    assert!(report.actions > 100, "{}", report.human());
    assert!(
        report.p50_ms > 0.0 && report.p50_ms <= report.p99_ms && report.p99_ms <= report.max_ms,
        "{}",
        report.human()
    );
    let line: serde_json::Value = serde_json::from_str(&report.json()).expect("one JSON object");
    for key in [
        "clients",
        "tables",
        "actions_per_s",
        "p50_ms",
        "p99_ms",
        "errors",
        "lost",
    ] {
        assert!(line.get(key).is_some(), "{key} missing from {line}");
    }
    // Game by game: every game played, its figures adding up to the total.
    let names = stackyard_registry::registry().names();
    let per_game: Vec<&str> = report.per_game.iter().map(|g| g.game).collect();
    assert_eq!(per_game, names, "{}", report.human());
    assert_eq!(
        report.per_game.iter().map(|g| g.actions).sum::<u64>(),
        report.actions,
        "{}",
        report.human()
    );
    for g in &report.per_game {
        assert!(
            g.actions > 0,
            "{} played nothing: {}",
            g.game,
            report.human()
        );
        assert!(
            g.p50_ms <= g.p99_ms && g.p99_ms <= g.max_ms,
            "{}",
            report.human()
        );
        assert!(g.max_ms <= report.max_ms, "{}", report.human());
    }
    let games_json = line["games"].as_array().expect("figures per game");
    assert_eq!(games_json.len(), names.len(), "{line}");
    assert!(report.human().contains("\n  towers "), "{}", report.human());
}

#[test]
fn a_paced_run_of_chosen_games_plays_only_those() {
    let (server, _dir) = server("loadtest-chosen");
    let rt = client_runtime();
    let mut o = options(server.addr, 2, 4, 2.0);
    o.games = vec!["towers".into()];
    o.rate = 5.0;
    let report = rt.block_on(run(o)).expect("the load test runs");
    assert_eq!(report.errors, 0, "{}", report.human());
    assert_eq!(report.lost, 0, "{}", report.human());
    // Two Towers tables, four seats, each seat at most 5 moves a second
    // (its first at once): at most 4 x (5/s x 2 s + 1).
    assert!(
        report.actions > 0 && report.actions <= 44,
        "{}",
        report.human()
    );
    let (status, body) = rt
        .block_on(http(server.addr, "GET", "/api/v1/tables", None))
        .expect("the lobby answers");
    assert_eq!(status, 200, "{body}");
    let tables: serde_json::Value = serde_json::from_str(&body).expect("JSON");
    let listed = tables.as_array().expect("a list of tables");
    assert!(!listed.is_empty());
    assert!(listed.iter().all(|t| t["game"] == "towers"), "{tables}");
}

#[test]
fn an_unknown_game_is_refused_by_name_before_any_server_is_asked() {
    // Nobody listens on port 9: the refusal comes first, as bad options.
    let rt = client_runtime();
    let mut o = options("127.0.0.1:9".parse().unwrap(), 1, 2, 1.0);
    o.games = vec!["chess".into()];
    let started = std::time::Instant::now();
    let error = rt.block_on(run(o)).expect_err("no such game");
    assert!(
        error
            .downcast_ref::<stackyard_loadtest::BadOptions>()
            .is_some()
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    let text = error.to_string();
    assert!(
        text.contains("\"chess\"") && text.contains("towers"),
        "{text}"
    );
}

/// A server given by `--addr` should be up already: where none answers,
/// the run ends after a few seconds (not the minute a server the load test
/// starts itself is given), saying where it looked and what to start.
#[test]
fn no_server_at_the_address_is_said_with_the_address_and_what_to_start() {
    let free = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port");
    let rt = client_runtime();
    let error = rt
        .block_on(run(options(free, 1, 2, 1.0)))
        .expect_err("nobody listens there");
    let text = format!("{error:#}");
    assert!(
        text.contains(&free.to_string())
            && text.contains("within 5 s")
            && text.contains("stackyard serve"),
        "{text}"
    );
}

#[test]
fn by_default_every_seat_plays_and_one_spectator_watches_each_table() {
    let (server, _dir) = server("loadtest-default-clients");
    let rt = client_runtime();
    let mut o = options(server.addr, 3, 0, 1.0);
    o.clients = None;
    o.games = vec!["towers".into()];
    o.rate = 5.0;
    let report = rt.block_on(run(o)).expect("the load test runs");
    // Three Towers tables: six seats and three spectators.
    assert_eq!(
        (report.clients, report.seat_clients),
        (9, 6),
        "{}",
        report.human()
    );
    assert_eq!(report.connections_held, 9, "{}", report.human());
}

#[test]
fn options_out_of_range_are_refused_by_name_before_anything_runs() {
    let refusal = |args: &[&str]| -> String {
        let mut argv = vec!["loadtest"];
        argv.extend_from_slice(args);
        match Cli::try_parse_from(argv) {
            Ok(_) => panic!("{args:?} was accepted"),
            Err(e) => e.to_string(),
        }
    };
    // Nothing allocates in proportion to a number typed: a huge count is
    // refused, not tried.
    assert!(refusal(&["--tables", "0"]).contains("tables must be from 1 to 10000"));
    assert!(refusal(&["--tables", "100000000000"]).contains("tables must be from 1 to 10000"));
    assert!(refusal(&["--clients", "100000000000"]).contains("clients must be from 1 to 100000"));
    assert!(refusal(&["--duration", "0"]).contains("more than 0"));
    assert!(refusal(&["--duration", "1e12"]).contains("seconds must be from 0 to 86400"));
    assert!(refusal(&["--rate=-1"]).contains("actions a second must be from 0 to 1000"));
    assert!(refusal(&["--tables", "ten"]).contains("not a number of tables"));
    let ok = Cli::try_parse_from([
        "loadtest",
        "--tables",
        "500",
        "--clients",
        "2000",
        "--duration",
        "20",
    ])
    .expect("the goal's run is accepted");
    assert_eq!((ok.options.tables, ok.options.clients), (500, Some(2000)));
}

#[test]
fn several_addresses_are_taken_and_a_kill_needs_exactly_one() {
    let two = Cli::try_parse_from([
        "loadtest",
        "--addr",
        "127.0.0.1:18080",
        "--addr",
        "127.0.0.1:18081",
    ])
    .expect("two addresses");
    assert_eq!(
        two.options.addrs,
        vec!["127.0.0.1:18080".to_string(), "127.0.0.1:18081".to_string()]
    );
    let one = Cli::try_parse_from(["loadtest"]).expect("the default");
    assert_eq!(one.options.addrs, vec!["127.0.0.1:8080".to_string()]);
    // Killing a server the load test started makes sense for one only:
    // refused before anything starts.
    let rt = client_runtime();
    let mut o = two.options;
    o.kill_at = Some(1.0);
    o.duration = 2.0;
    let error = rt.block_on(run(o)).expect_err("two servers to kill");
    assert!(error.to_string().contains("one --addr"), "{error}");
}

#[test]
fn a_run_over_two_addresses_of_one_server_plays_and_loses_nothing() {
    // The same server twice: every client and table goes through the
    // address its turn gives it, and the run adds up as with one.
    let (server, _dir) = server("loadtest-two-addresses");
    let rt = client_runtime();
    let mut o = options(server.addr, 2, 6, 1.5);
    o.addrs = vec![server.addr.to_string(), server.addr.to_string()];
    o.games = vec!["towers".into()];
    o.rate = 5.0;
    let report = rt.block_on(run(o)).expect("the load test runs");
    assert_eq!(report.errors, 0, "{}", report.human());
    assert_eq!(report.lost, 0, "{}", report.human());
    assert_eq!(report.connections_held, 6, "{}", report.human());
    assert!(report.actions > 0, "{}", report.human());
}
