//! Issue #29, the table side, each test written as the attack with the
//! issue's own numbers: what a hostile client could make the server
//! compute or keep (clocks that overflow, free-text bot budgets, physics
//! settings that take seconds a placement, hint floods, finished tables
//! that never leave memory, and a restart that forgot them) is refused by
//! name or served within a stated time while the attack runs.

mod common;

use common::*;
use serde_json::{Value, json};
use stackyard_server::Limits;
use stackyard_server::store::{Store, Write};
use std::time::{Duration, Instant};

/// Limits for tests that send many requests on purpose.
/// The attacks that measure time, threads or memory run one at a time:
/// run side by side on two cores they would measure each other.
fn measured_alone() -> std::sync::MutexGuard<'static, ()> {
    static ALONE: std::sync::Mutex<()> = std::sync::Mutex::new(());
    ALONE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn roomy() -> Limits {
    Limits {
        tables_per_client: 1000,
        messages_per_second: 1000.0,
        message_burst: 1000.0,
        ..Limits::default()
    }
}

/// A POST expected to be refused: its status and error kind.
async fn refused(addr: std::net::SocketAddr, path: &str, body: Value) -> (u16, String, String) {
    let (status, text) = http(addr, "POST", path, Some(&body.to_string())).await;
    let parsed: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    let kind = parsed["error"]["kind"].as_str().unwrap_or("").to_string();
    let message = parsed["error"]["message"]
        .as_str()
        .unwrap_or(&text)
        .to_string();
    (status, kind, message)
}

/// Point 1: a 60 s clock with an increment of 2^63 ms (the seat's clock
/// read 0 after one move) or 2^64−1 ms (each move took 1 ms away) is
/// refused by name, rated or not; the largest allowed increment is taken.
#[test]
fn clock_increments_of_2_63_and_2_64_minus_1_are_refused_by_name() {
    let dir = temp_dir("attack-clock");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        for increment in [1u64 << 63, u64::MAX] {
            for rated in [false, true] {
                let (status, kind, message) = refused(
                    addr,
                    "/api/v1/tables",
                    json!({"game": "towers", "rated": rated,
                           "clock": {"initial_ms": 60_000, "increment_ms": increment}}),
                )
                .await;
                assert_eq!(status, 400, "{message}");
                assert_eq!(kind, "clock_out_of_range", "{message}");
                assert!(message.contains("hour"), "{message}");
            }
        }
        for initial in [0u64, u64::MAX, 1 << 63] {
            let (status, kind, _) = refused(
                addr,
                "/api/v1/tables",
                json!({"game": "towers", "clock": {"initial_ms": initial, "increment_ms": 0}}),
            )
            .await;
            assert_eq!((status, kind.as_str()), (400, "clock_out_of_range"));
        }
        // In range: an hour a move is allowed, and the clock reads right
        // after a move (60 s, less the move's time, plus the hour).
        let table = create(
            addr,
            json!({"game": "towers", "clock": {"initial_ms": 60_000, "increment_ms": 3_600_000}}),
        )
        .await;
        let (s0, t0) = join(addr, &table, "Ada").await;
        let (_, t1) = join(addr, &table, "Brian").await;
        let (mut ada, welcome) = Client::connect(addr, &table, Some(&t0)).await;
        let (mut brian, _) = Client::connect(addr, &table, Some(&t1)).await;
        assert_eq!(welcome["type"], "welcome");
        let mover = if may_act(&welcome["to_act"], s0) {
            &mut ada
        } else {
            &mut brian
        };
        let seat = welcome["to_act"]["seat"].as_u64().unwrap() as usize;
        mover.act(welcome["view"]["legal"][0].clone()).await;
        let step = mover.next_of("step").await;
        let left = step["clocks"][seat]["remaining_ms"].as_i64().unwrap();
        assert!(
            (3_600_000 + 50_000..=3_660_000).contains(&left),
            "the mover's clock after a move: {left} ms"
        );
    });
}

/// Point 2: the issue's four free-text budgets are refused at creation by
/// name, and the listed levels are accepted.
#[test]
fn bot_levels_outside_the_games_list_are_refused_by_name() {
    let dir = temp_dir("attack-levels");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        for level in [
            "mcts:999999s",
            "mcts:n18446744073709551615",
            "alphabeta:999999s",
            "alphabeta:d4294967295",
        ] {
            let started = Instant::now();
            let (status, kind, message) = refused(
                addr,
                "/api/v1/tables",
                json!({"game": "towers",
                       "seats": [{"kind": "bot", "level": level}, {"kind": "person"}]}),
            )
            .await;
            assert_eq!(status, 400, "{level}: {message}");
            assert_eq!(kind, "unknown_bot_level", "{level}: {message}");
            assert!(
                message.contains("alphabeta:n20000"),
                "lists the levels: {message}"
            );
            assert!(started.elapsed() < Duration::from_secs(2));
        }
        // Nothing was stored or started.
        assert_eq!(get(addr, "/api/v1/tables").await, json!([]));
        let registry = stackyard_registry::registry();
        for level in registry.get("towers").unwrap().bot_levels() {
            create(
                addr,
                json!({"game": "towers",
                       "seats": [{"kind": "bot", "level": level.name}, {"kind": "person"}]}),
            )
            .await;
        }
    });
}

/// Point 2, after a restart: a table stored with `mcts:999999s` (before
/// levels were checked) comes back playing at a listed, bounded level
/// instead, and its game goes on.
#[test]
fn a_stored_table_with_an_unbounded_bot_level_resumes_at_a_listed_level() {
    let dir = temp_dir("attack-levels-stored");
    let db = db_url(&dir);
    let registry = stackyard_registry::registry();
    let kind = registry.get("towers").unwrap();
    let header = kind
        .create(&json!("5x5"), stackyard_core::Seed(7))
        .unwrap()
        .record()
        .to_string();
    client_runtime().block_on(async {
        let store = Store::open(&db).await.unwrap();
        store
            .commit(vec![
                Write::CreateTable {
                    id: "stored".into(),
                    game: "towers".into(),
                    seats: json!([{"kind": "bot", "level": "mcts:999999s"},
                                  {"kind": "bot", "level": "alphabeta:d4294967295"}])
                    .to_string(),
                    clock: None,
                    rated: false,
                    header,
                    created_at: 1,
                    creator: "127.0.0.1".into(),
                },
                Write::Status {
                    table: "stored".into(),
                    status: "playing",
                },
            ])
            .await
            .unwrap();
    });
    let server = start(&db);
    let addr = server.addr;
    client_runtime().block_on(async move {
        let table = get(addr, "/api/v1/tables/stored").await;
        for seat in table["seats"].as_array().unwrap() {
            let level = seat["level"].as_str().unwrap();
            assert!(
                kind.bot_levels().iter().any(|l| l.name == level),
                "seat plays at a listed level, not {level}"
            );
        }
        // The bots play on at their bounded level: moves within seconds.
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let table = get(addr, "/api/v1/tables/stored").await;
            if table["actions"].as_u64().unwrap() >= 4 || table["status"] == "finished" {
                break;
            }
            assert!(Instant::now() < deadline, "no moves: {table}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    });
}

/// Point 4: the issue's physics settings (step_hz 10 000, 64 substeps, a
/// 10 s settling cap, no friction or damping), inside the local ranges,
/// are refused online by name.
#[test]
fn the_issues_physics_settings_are_refused_online_by_name() {
    let dir = temp_dir("attack-physics-settings");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        let slippery = json!({
            "pieces": {"tile": {"friction": 0.0}, "coin": {"friction": 0.0}},
            "sim": {"step_hz": 10000.0, "substeps": 64, "max_time_s": 10.0,
                    "table_friction": 0.0, "angular_damping": 0.0, "linear_damping": 0.0},
        });
        // The game itself takes them (they are inside its ranges)...
        let registry = stackyard_registry::registry();
        let speedy = registry.get("speedy").unwrap();
        let settings = json!({"players": 2, "settle_cap_s": 10.0, "physics": slippery});
        assert!(speedy.create(&settings, stackyard_core::Seed(1)).is_ok());
        // ...an online table does not.
        let (status, kind, message) = refused(
            addr,
            "/api/v1/tables",
            json!({"game": "speedy", "settings": settings}),
        )
        .await;
        assert_eq!((status, kind.as_str()), (400, "settings_out_of_range"), "{message}");
        assert!(message.contains("step_hz"), "{message}");
        // Each bound on its own, and their product.
        for (sim, cap, named) in [
            (json!({"substeps": 64}), 5.0, "substeps"),
            (json!({"max_time_s": 60.0}), 5.0, "max_time_s"),
            (json!({}), 60.0, "settle_cap_s"),
            // Each in range, together four times the defaults' work.
            (json!({"step_hz": 480.0, "substeps": 32}), 5.0, "solver substeps"),
        ] {
            let (status, kind, message) = refused(
                addr,
                "/api/v1/tables",
                json!({"game": "speedy",
                       "settings": {"players": 2, "settle_cap_s": cap, "physics": {"sim": sim}}}),
            )
            .await;
            assert_eq!((status, kind.as_str()), (400, "settings_out_of_range"), "{message}");
            assert!(message.contains(named), "{named}: {message}");
        }
        // Leaning's physics is bounded the same way (inside its own
        // ranges, which stop at 2000 Hz).
        let (status, kind, message) = refused(
            addr,
            "/api/v1/tables",
            json!({"game": "leaning", "settings": {"physics": {"sim": {"step_hz": 1000.0, "substeps": 64}}}}),
        )
        .await;
        assert_eq!((status, kind.as_str()), (400, "settings_out_of_range"), "{message}");
        // The defaults are served.
        create(addr, json!({"game": "speedy", "settings": {"players": 2}})).await;
        create(addr, json!({"game": "leaning"})).await;
        let _ = roomy();
    });
}

/// A number from this process's `/proc/self/status` (the server runs in
/// this process): `Threads`, or `VmRSS` in kB.
fn proc_status(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// How long `/healthz` takes to answer.
async fn healthz_time(addr: std::net::SocketAddr) -> Duration {
    let started = Instant::now();
    let (status, _) = http(addr, "GET", "/healthz", None).await;
    assert_eq!(status, 200);
    started.elapsed()
}

/// Point 3: ten connections of one seat ask for hints at 18 a second each
/// (inside the 20/s limit) for 15 s while the seats keep moving (so most
/// hints are new searches). Every hint is answered or refused by name
/// (`hint_busy`), threads and memory stay bounded, `/healthz` answers
/// within half a second throughout.
#[test]
fn a_hint_flood_from_ten_connections_of_one_seat_is_bounded() {
    let _alone = measured_alone();
    let dir = temp_dir("attack-hints");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        let table = create(addr, json!({"game": "towers"})).await;
        let (s0, t0) = join(addr, &table, "Ada").await;
        let (_, t1) = join(addr, &table, "Brian").await;
        let (mut ada, _) = Client::connect(addr, &table, Some(&t0)).await;
        let (mut brian, _) = Client::connect(addr, &table, Some(&t1)).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let threads_before = proc_status("Threads");
        let rss_before = proc_status("VmRSS");
        let attack = Duration::from_secs(15);
        let mut floods = Vec::new();
        for _ in 0..10 {
            let t0 = t0.clone();
            let table = table.clone();
            floods.push(tokio::spawn(async move {
                let (mut client, welcome) = Client::connect(addr, &table, Some(&t0)).await;
                if welcome["type"] == "error" {
                    // Past the per-seat connection cap (point 5): refused
                    // by name, so this connection asks for nothing.
                    assert_eq!(welcome["kind"], "too_many_connections", "{welcome}");
                    return None;
                }
                assert_eq!(welcome["type"], "welcome");
                let (mut sent, mut hints, mut busy) = (0u64, 0u64, 0u64);
                let started = Instant::now();
                let mut tick = tokio::time::interval(Duration::from_millis(1000 / 18));
                let mut draining = false;
                loop {
                    if !draining && started.elapsed() >= attack {
                        draining = true;
                    }
                    if draining && hints + busy == sent {
                        break;
                    }
                    tokio::select! {
                        _ = tick.tick(), if !draining => {
                            client.request("hint").await;
                            sent += 1;
                        }
                        m = client.next() => {
                            let m = m.expect("the connection stays open");
                            match m["type"].as_str() {
                                Some("hint") => hints += 1,
                                Some("error") => {
                                    assert_eq!(m["kind"], "hint_busy", "{m}");
                                    busy += 1;
                                }
                                _ => {}
                            }
                        }
                    }
                }
                Some((sent, hints, busy))
            }));
        }
        // The seats keep moving, a move a second, and /healthz is watched.
        let started = Instant::now();
        let mut worst_health = Duration::ZERO;
        let (mut max_threads, mut max_rss) = (0, 0);
        let mut last_move = Instant::now();
        while started.elapsed() < attack {
            worst_health = worst_health.max(healthz_time(addr).await);
            max_threads = max_threads.max(proc_status("Threads"));
            max_rss = max_rss.max(proc_status("VmRSS"));
            if last_move.elapsed() >= Duration::from_secs(1) {
                last_move = Instant::now();
                let state = Client::connect(addr, &table, None).await.1;
                if state["outcome"].is_null() {
                    let mover = if may_act(&state["to_act"], s0) { &mut ada } else { &mut brian };
                    mover.act(state["view"]["legal"][0].clone()).await;
                }
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let mut total = (0, 0, 0);
        let mut flooding = 0u64;
        for flood in floods {
            if let Some((sent, hints, busy)) = flood.await.unwrap() {
                flooding += 1;
                total = (total.0 + sent, total.1 + hints, total.2 + busy);
            }
        }
        // Ada's own connection and the flood's share the seat's cap.
        let cap = Limits::default().connections_per_seat as u64;
        assert_eq!(flooding, cap - 1, "the seat's other connections were refused");
        eprintln!(
            "hint flood: {} asked, {} answered, {} busy; threads {threads_before} → at most \
             {max_threads}; RSS {rss_before} kB → at most {max_rss} kB; /healthz at worst {worst_health:?}",
            total.0, total.1, total.2
        );
        // 18 a second for 15 s from each connection the seat may have.
        assert!(total.0 >= flooding * 200, "the attack ran: {total:?}");
        assert_eq!(total.0, total.1 + total.2, "every hint answered or refused by name");
        assert!(total.1 > 10, "hints were answered: {total:?}");
        // Process-wide counts: other tests of this file may run beside
        // it, so the margins are wide, and still far below the issue's
        // 518 threads and 2 GB.
        assert!(
            max_threads <= threads_before + 64,
            "threads {threads_before} → {max_threads}"
        );
        assert!(
            max_rss <= rss_before + 200 * 1024,
            "memory {rss_before} kB → {max_rss} kB"
        );
        assert!(worst_health < Duration::from_millis(500), "/healthz took {worst_health:?}");
    });
}

/// The parts of a table served from the store that must not change.
async fn finished_views(
    addr: std::net::SocketAddr,
    table: &str,
    token: &str,
) -> (Value, Value, Value, String) {
    let summary = get(addr, &format!("/api/v1/tables/{table}")).await;
    let listed = get(addr, "/api/v1/tables?status=finished").await;
    let listed = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == table)
        .cloned()
        .unwrap_or_else(|| panic!("{table} is listed as finished"));
    let (mut seat, mut welcome) = Client::connect(addr, table, Some(token)).await;
    assert_eq!(
        welcome["type"], "welcome",
        "the seat's hello is answered: {welcome}"
    );
    // A request at a finished table is refused by name.
    let id = seat.request("resign").await;
    let refusal = seat.next_of("error").await;
    assert_eq!(
        (refusal["id"].as_u64(), refusal["kind"].as_str()),
        (Some(id), Some("over"))
    );
    let (status, record) = http(addr, "GET", &format!("/api/v1/tables/{table}/record"), None).await;
    assert_eq!(status, 200, "{record}");
    let replay = get(addr, &format!("/api/v1/tables/{table}/replay")).await;
    assert!(!replay["frames"].as_array().unwrap().is_empty());
    welcome["now_ms"] = Value::Null;
    (summary, listed, welcome, record)
}

/// Points 6 and 7: finishing tables gets round the table limit no more
/// (300 tables finished from one address, and the server keeps only a
/// few in memory), and a finished table answers the same before and
/// after a restart: its summary, its place in the finished list, its
/// seat's hello, its record and its replay.
#[test]
fn finished_tables_leave_memory_and_answer_the_same_after_a_restart() {
    let _alone = measured_alone();
    let dir = temp_dir("attack-finished");
    let db = db_url(&dir);
    let limits = Limits {
        finished_table_grace: Duration::from_millis(300),
        tables_per_client: 20,
        ..roomy()
    };
    let server = start_with(&db, limits.clone());
    let addr = server.addr;
    let hub = server.hub.clone();
    let (table, token, before) = client_runtime().block_on(async move {
        // A person's table, resigned, with its seat still connected: it
        // gets the final step, then a normal close when the table leaves.
        let table = create(addr, json!({"game": "towers", "settings": "5x5"})).await;
        let (_, ada) = join(addr, &table, "Ada").await;
        let (_, _brian) = join(addr, &table, "Brian").await;
        let (mut seat, _) = Client::connect(addr, &table, Some(&ada)).await;
        seat.request("resign").await;
        let last = seat.next_of("step").await;
        assert_eq!(last["ended"]["type"], "resigned");
        assert_eq!(seat.closed().await, Closed::Code(1000));
        // 300 tables finished by one address (at most 20 unfinished at
        // once): the server keeps only the ones in their grace.
        let mut open = Vec::new();
        for n in 0..300 {
            let id = create(
                addr,
                json!({"game": "towers", "settings": "3x3",
                "seats": [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]}),
            )
            .await;
            open.push(id);
            if open.len() == 20 || n == 299 {
                for id in open.drain(..) {
                    let deadline = Instant::now() + Duration::from_secs(30);
                    while get(addr, &format!("/api/v1/tables/{id}")).await["status"] != "finished" {
                        assert!(Instant::now() < deadline, "{id} did not finish");
                        tokio::time::sleep(Duration::from_millis(20)).await;
                    }
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(1000)).await;
        let (in_memory, unfinished) = hub.counts();
        assert_eq!(unfinished, 0);
        assert!(
            in_memory <= 5,
            "{in_memory} finished tables still in memory"
        );
        let finished = get(addr, "/api/v1/tables?status=finished").await;
        assert_eq!(finished.as_array().unwrap().len(), 301);
        let before = finished_views(addr, &table, &ada).await;
        (table, ada, before)
    });
    server.kill();
    let server = start_with(&db, limits);
    let addr = server.addr;
    client_runtime().block_on(async move {
        let after = finished_views(addr, &table, &token).await;
        assert_eq!(after.0, before.0, "the summary");
        assert_eq!(after.1, before.1, "the listing's entry");
        assert_eq!(after.2, before.2, "the seat's welcome");
        assert_eq!(after.3, before.3, "the record");
        assert_eq!(after.0["status"], "finished");
        // A bad token is still refused, and joining is refused as over.
        let mut watcher = Client::raw(addr, &table).await;
        watcher
            .send_json(json!({"type": "hello", "protocol": 1, "token": "forged", "since": null}))
            .await;
        assert_eq!(watcher.next().await.unwrap()["kind"], "bad_token");
        let (status, _) = http(
            addr,
            "POST",
            &format!("/api/v1/tables/{table}/join"),
            Some("{}"),
        )
        .await;
        assert_eq!(status, 409);
        let (status, _) = http(addr, "GET", "/api/v1/tables/nonesuch", None).await;
        assert_eq!(status, 404);
    });
}

/// Plays Speedy placements at `table` as seat `seat` (a client-side bot
/// decides from each view) until `count` have been answered; returns each
/// placement's answer time (ack or refusal).
async fn placement_times(
    addr: std::net::SocketAddr,
    table: &str,
    token: &str,
    seat: u8,
    count: usize,
) -> Vec<Duration> {
    let registry = stackyard_registry::registry();
    let kind = registry.get("speedy").unwrap();
    let (mut client, welcome) = Client::connect(addr, table, Some(token)).await;
    let settings = welcome["table"]["settings"].clone();
    let mut bot = kind
        .bot(
            "hard",
            stackyard_core::Seat(seat),
            stackyard_core::Seed(3),
            &settings,
        )
        .unwrap();
    let mut view = welcome["view"].clone();
    // The game's time, as the table keeps it (wall time since the welcome).
    let welcomed = Instant::now();
    let start = welcome["now_ms"].as_u64().unwrap_or(0);
    let now = || start + welcomed.elapsed().as_millis() as u64;
    let mut times = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(120);
    while times.len() < count {
        assert!(Instant::now() < deadline, "placements stalled: {times:?}");
        let decision = bot
            .decide(&view, stackyard_core::GameTime::from_millis(now()))
            .unwrap();
        let Some(decision) = decision else {
            // Nothing to place yet: look again after a step or a while.
            if let Ok(Some(m)) =
                tokio::time::timeout(Duration::from_millis(200), client.next()).await
                && m["view"].is_object()
            {
                view = m["view"].clone();
                if !m["outcome"].is_null() {
                    break;
                }
            }
            continue;
        };
        let id = client.act(decision.action).await;
        let sent = Instant::now();
        loop {
            let m = client.next().await.expect("the table answers");
            if m["view"].is_object() {
                view = m["view"].clone();
            }
            if m["id"].as_u64() == Some(id) && (m["type"] == "ack" || m["type"] == "error") {
                times.push(sent.elapsed());
                if m["type"] == "ack" {
                    // Its step follows the ack.
                    let step = client.next_of("step").await;
                    view = step["view"].clone();
                    if !step["outcome"].is_null() {
                        return times;
                    }
                }
                break;
            }
        }
    }
    times
}

/// Point 4: two Speedy tables placing with the costliest settings an
/// online table may have (480 Hz, 32 substeps, no friction or damping: as
/// much simulated work a placement as the defaults' longest) do not hold
/// up a normal Speedy table's placements: each is answered within 2.5 s
/// (the issue measured 3.5–8.9 s), and its median stays within 1 s.
#[test]
fn a_normal_speedy_table_keeps_its_step_time_while_physics_tables_are_busy() {
    let _alone = measured_alone();
    let dir = temp_dir("attack-physics-share");
    let server = start_with(&db_url(&dir), roomy());
    let addr = server.addr;
    client_runtime().block_on(async move {
        // Ada against a bot (a seat that never places would hold the
        // round up).
        let normal = create(
            addr,
            json!({"game": "speedy", "settings": {"players": 2},
                   "seats": [{"kind": "person"}, {"kind": "bot", "level": "medium"}]}),
        )
        .await;
        let (s0, t0) = join(addr, &normal, "Ada").await;
        let alone = placement_times(addr, &normal, &t0, s0 as u8, 3).await;
        let slippery = json!({
            "players": 6, "settle_cap_s": 1.25,
            "physics": {
                "pieces": {"tile": {"friction": 0.0}, "coin": {"friction": 0.0}},
                "sim": {"step_hz": 480.0, "substeps": 32, "table_friction": 0.0,
                        "angular_damping": 0.0, "linear_damping": 0.0},
            },
        });
        let hard = json!({"kind": "bot", "level": "hard"});
        let mut seats = vec![json!({"kind": "person"})];
        seats.extend(vec![hard; 5]);
        let mut hogs = Vec::new();
        for _ in 0..2 {
            let hog = create(
                addr,
                json!({"game": "speedy", "settings": slippery, "seats": seats}),
            )
            .await;
            let (seat, token) = join(addr, &hog, "Hog").await;
            hogs.push(tokio::spawn(async move {
                let times = placement_times(addr, &hog, &token, seat as u8, 12).await;
                let actions = get(addr, &format!("/api/v1/tables/{hog}")).await["actions"].clone();
                (times, actions)
            }));
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
        let busy = placement_times(addr, &normal, &t0, s0 as u8, 12).await;
        let mut sorted = busy.clone();
        sorted.sort();
        let median = sorted[sorted.len() / 2];
        eprintln!("placements alone: {alone:?}; beside busy tables: {busy:?}");
        for hog in hogs {
            let (times, actions) = hog.await.unwrap();
            eprintln!("a busy table's own placements: {times:?}; its actions: {actions}");
            assert!(actions.as_u64().unwrap() >= 5, "the busy table was busy");
        }
        assert!(sorted.len() >= 4, "enough placements measured: {busy:?}");
        assert!(
            *sorted.last().unwrap() < Duration::from_millis(2500),
            "a placement waited {:?}",
            sorted.last().unwrap()
        );
        assert!(median < Duration::from_secs(1), "median {median:?}");
    });
}

/// Point 7 for a table finished before its last state was stored with it:
/// it is worked out once from the record (after a restart) and served
/// like any other finished table.
#[test]
fn a_table_finished_before_its_state_was_stored_is_served_after_a_restart() {
    let dir = temp_dir("attack-finished-legacy");
    let db = db_url(&dir);
    let registry = stackyard_registry::registry();
    let kind = registry.get("towers").unwrap();
    let mut game = kind.create(&json!("3x3"), stackyard_core::Seed(9)).unwrap();
    let header = game.record().to_string();
    game.finish(
        stackyard_core::Ending::Resigned {
            seat: stackyard_core::Seat(1),
        },
        stackyard_core::GameTime::from_millis(5),
    )
    .unwrap();
    let record = game.record();
    client_runtime().block_on(async {
        let store = Store::open(&db).await.unwrap();
        store
            .commit(vec![
                Write::CreateTable {
                    id: "legacy".into(),
                    game: "towers".into(),
                    seats: json!([{"kind": "person"}, {"kind": "person"}]).to_string(),
                    clock: None,
                    rated: false,
                    header,
                    created_at: 1,
                    creator: "127.0.0.1".into(),
                },
                Write::Finished {
                    table: "legacy".into(),
                    record: record.to_string(),
                    outcome: json!(game.outcome()).to_string(),
                    ending: json!(game.ending()).to_string(),
                    finished_at: 2,
                    final_state: None,
                },
            ])
            .await
            .unwrap();
    });
    let server = start(&db);
    let addr = server.addr;
    client_runtime().block_on(async move {
        let summary = get(addr, "/api/v1/tables/legacy").await;
        assert_eq!(summary["status"], "finished", "{summary}");
        assert_eq!(summary["ending"], json!({"type": "resigned", "seat": 1}));
        let listed = get(addr, "/api/v1/tables?status=finished").await;
        assert!(
            listed
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t["id"] == "legacy")
        );
        let (_, welcome) = Client::connect(addr, "legacy", None).await;
        assert_eq!(welcome["type"], "welcome");
        assert_eq!(welcome["outcome"], summary["outcome"]);
    });
}
