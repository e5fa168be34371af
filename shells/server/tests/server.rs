//! The server end to end, over real sockets on port 0: games played to the
//! end by WebSocket clients and by server-side bots, every abuse the issue
//! lists, reconnects, and restarts from the same database.

mod common;

use common::*;
use serde_json::{Value, json};
use stackyard_core::host::HostedBot;
use stackyard_core::{GameTime, Seat, Seed};
use std::time::{Duration, Instant};

/// The quickest sensible bot level of a game.
fn quick_level(game: &str) -> String {
    let registry = stackyard_registry::registry();
    let levels = registry.get(game).unwrap().bot_levels();
    for wanted in ["greedy:300", "greedy"] {
        if levels.iter().any(|l| l.name == wanted) {
            return wanted.to_string();
        }
    }
    levels[0].name.clone()
}

fn bot_for(game: &str, seat: usize, settings: &Value) -> Box<dyn HostedBot> {
    let registry = stackyard_registry::registry();
    registry
        .get(game)
        .unwrap()
        .bot(
            &quick_level(game),
            Seat(seat as u8),
            Seed(seat as u64 + 11),
            settings,
        )
        .unwrap()
}

/// Plays one seat with a bot until the game ends; returns the number of
/// acknowledged actions and the last message.
async fn play_seat(
    addr: std::net::SocketAddr,
    table: String,
    token: String,
    seat: usize,
    game: String,
) -> (usize, Value) {
    let (mut client, welcome) = Client::connect(addr, &table, Some(&token)).await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    assert_eq!(welcome["viewer"], json!({"type": "seat", "seat": seat}));
    let settings = welcome["table"]["settings"].clone();
    let mut bot = bot_for(&game, seat, &settings);
    let mut view = welcome["view"].clone();
    let mut to_act = welcome["to_act"].clone();
    let mut playing = welcome["table"]["status"] == "playing";
    let mut in_flight: Option<u64> = None;
    let mut acked = 0;
    let started = Instant::now();
    loop {
        if playing && in_flight.is_none() && may_act(&to_act, seat) {
            let now = GameTime::from_millis(started.elapsed().as_millis() as u64);
            if let Some(decision) = bot.decide(&view, now).unwrap() {
                in_flight = Some(client.act(decision.action).await);
            }
        }
        let Some(msg) = client.next().await else {
            panic!("seat {seat} closed before the end");
        };
        match msg["type"].as_str().unwrap() {
            "ack" => {
                assert_eq!(Some(msg["id"].as_u64().unwrap()), in_flight, "{msg}");
                in_flight = None;
                acked += 1;
                // The step of this action follows: wait for it.
                to_act = Value::Null;
            }
            "error" => {
                // A turnless race may be lost; anything else is a bug here.
                assert_eq!(msg["kind"], "rule", "seat {seat}: {msg}");
                in_flight = None;
            }
            "step" => {
                view = msg["view"].clone();
                to_act = msg["to_act"].clone();
                if !msg["outcome"].is_null() {
                    return (acked, msg);
                }
            }
            "table" => playing = msg["table"]["status"] == "playing",
            _ => {}
        }
    }
}

#[test]
fn two_clients_play_a_towers_game_to_the_end_and_a_spectator_sees_it_all() {
    let dir = temp_dir("towers");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        let table = create(addr, json!({"game": "towers"})).await;
        let listed = get(addr, "/api/v1/tables?status=open").await;
        assert!(
            listed
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t["id"] == table.as_str())
        );
        let (spectator, welcome) = Client::connect(addr, &table, None).await;
        assert_eq!(welcome["viewer"], json!({"type": "spectator"}));
        let (s0, t0) = join(addr, &table, "Ada").await;
        let (s1, t1) = join(addr, &table, "Brian").await;
        assert_eq!((s0, s1), (0, 1));
        assert!(t0.len() >= 32 && t0 != t1);
        let a = tokio::spawn(play_seat(addr, table.clone(), t0, 0, "towers".into()));
        let b = tokio::spawn(play_seat(addr, table.clone(), t1, 1, "towers".into()));
        let (acked0, last0) = a.await.unwrap();
        let (acked1, _) = b.await.unwrap();
        assert!(acked0 > 0 && acked1 > 0);
        // The spectator saw every step up to the same version.
        let mut spectator = spectator;
        let last_version = last0["version"].as_u64().unwrap();
        loop {
            let m = spectator.next().await.expect("spectator stream");
            if m["type"] == "step" && m["version"].as_u64() == Some(last_version) {
                assert!(!m["outcome"].is_null());
                break;
            }
        }
        let summary = get(addr, &format!("/api/v1/tables/{table}")).await;
        assert_eq!(summary["status"], "finished");
        assert_eq!(
            summary["actions"].as_u64().unwrap() as usize,
            acked0 + acked1
        );
        let record = get(addr, &format!("/api/v1/tables/{table}/record")).await;
        assert_eq!(record["actions"].as_array().unwrap().len(), acked0 + acked1);
        // The record replays to the same outcome.
        let registry = stackyard_registry::registry();
        let again = registry.get("towers").unwrap().replay(&record).unwrap();
        assert_eq!(json!(again.outcome()), summary["outcome"]);
        let records = get(addr, "/api/v1/records?game=towers").await;
        assert!(
            records
                .as_array()
                .unwrap()
                .iter()
                .any(|r| r["id"] == table.as_str())
        );
    });
}

#[test]
fn a_bot_table_of_every_registered_game_is_played_to_the_end_on_the_server() {
    let dir = temp_dir("bots");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        let games = get(addr, "/api/v1/games").await;
        let games = games.as_array().unwrap();
        assert!(games.len() >= 3);
        let mut watchers = Vec::new();
        for game in games {
            let name = game["name"].as_str().unwrap().to_string();
            let seats = stackyard_registry::registry()
                .get(&name)
                .unwrap()
                .create(&game["default_settings"], Seed(1))
                .unwrap()
                .seat_count();
            let level = quick_level(&name);
            let spec =
                json!({"game": name, "seats": vec![json!({"kind": "bot", "level": level}); seats]});
            let table = create(addr, spec).await;
            watchers.push(tokio::spawn(async move {
                let (mut watcher, welcome) = Client::connect(addr, &table, None).await;
                assert_eq!(welcome["type"], "welcome");
                let mut outcome = welcome["outcome"].clone();
                let mut steps = 0;
                // A watcher pings as the web client does: the server closes
                // connections that say nothing for the idle timeout, and a
                // real-time physics game can outlast it.
                let mut last_ping = std::time::Instant::now();
                while outcome.is_null() {
                    if last_ping.elapsed() > Duration::from_secs(20) {
                        watcher.request("ping").await;
                        last_ping = std::time::Instant::now();
                    }
                    let m = watcher.next().await.expect("stream");
                    if m["type"] == "step" {
                        steps += 1;
                        outcome = m["outcome"].clone();
                    }
                }
                (name, table, steps)
            }));
        }
        for w in watchers {
            let (name, table, _steps) = tokio::time::timeout(Duration::from_secs(240), w)
                .await
                .unwrap_or_else(|_| panic!("a bot game did not end in time"))
                .unwrap();
            let record = get(addr, &format!("/api/v1/tables/{table}/record")).await;
            assert_eq!(record["game"], name.as_str());
            assert!(!record["actions"].as_array().unwrap().is_empty(), "{name}");
        }
    });
}

#[test]
fn wrong_and_foreign_tokens_are_refused_with_a_policy_close() {
    let dir = temp_dir("tokens");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        let a = create(addr, json!({"game": "towers"})).await;
        let b = create(addr, json!({"game": "towers"})).await;
        let (_, token_a) = join(addr, &a, "Ada").await;
        for token in [token_a.clone(), "0".repeat(48), String::new(), "x".into()] {
            let (mut client, first) = Client::connect(addr, &b, Some(&token)).await;
            assert_eq!(first["type"], "error", "{first}");
            assert_eq!(first["kind"], "bad_token");
            assert_eq!(client.closed().await, Closed::Code(1008));
        }
        // Nothing changed at table b.
        let summary = get(addr, &format!("/api/v1/tables/{b}")).await;
        assert_eq!(summary["version"], 0);
        assert!(
            summary["seats"]
                .as_array()
                .unwrap()
                .iter()
                .all(|s| s["taken"] == false)
        );
        // The right token works where it belongs.
        let (_, welcome) = Client::connect(addr, &a, Some(&token_a)).await;
        assert_eq!(welcome["type"], "welcome");
        // No such table.
        let (status, body) = http(addr, "GET", "/api/v1/tables/nope", None).await;
        assert_eq!(status, 404, "{body}");
    });
}

#[test]
fn bad_messages_get_errors_naming_the_problem_and_change_nothing() {
    let dir = temp_dir("bad");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        let table = create(addr, json!({"game": "towers"})).await;
        let (_, t0) = join(addr, &table, "Ada").await;
        let (_, t1) = join(addr, &table, "Brian").await;
        let (mut first, _) = Client::connect(addr, &table, Some(&t0)).await;
        let (mut second, _) = Client::connect(addr, &table, Some(&t1)).await;
        let (mut watcher, _) = Client::connect(addr, &table, None).await;
        // Seat 1 acts out of turn.
        let id = second.act(json!({"type": "pass"})).await;
        let e = second.next_of("error").await;
        assert_eq!(e["id"], id);
        assert_eq!(e["kind"], "not_your_turn", "{e}");
        // Garbage, wrong shapes, unknown types: errors, the connection stays.
        for garbage in ["{", "[]", "null", "{\"type\":\"fly\",\"id\":3}", "{\"type\":\"act\"}", "\u{0}\u{1}"] {
            first.send_text(garbage.to_string()).await;
            let e = first.next_of("error").await;
            assert_eq!(e["kind"], "protocol", "{garbage}: {e}");
            assert!(!e["message"].as_str().unwrap().is_empty());
        }
        // Not an action of this game.
        let id = first.act(json!({"type": "teleport", "to": [99, 99]})).await;
        let e = first.next_of("error").await;
        assert_eq!((e["id"].as_u64(), e["kind"].as_str()), (Some(id), Some("malformed")), "{e}");
        // A spectator cannot act.
        let id = watcher.act(json!({"type": "pass"})).await;
        let e = watcher.next_of("error").await;
        assert_eq!((e["id"].as_u64(), e["kind"].as_str()), (Some(id), Some("not_your_seat")));
        // Still alive, and nothing changed.
        let id = first.request("ping").await;
        assert_eq!(first.next_of("pong").await["id"], id);
        let summary = get(addr, &format!("/api/v1/tables/{table}")).await;
        assert_eq!(summary["version"], 0);
        assert_eq!(summary["actions"], 0);
        // Bad HTTP requests get JSON errors.
        for (path, body) in [
            ("/api/v1/tables", "{"),
            ("/api/v1/tables", "{\"game\":\"chess\"}"),
            ("/api/v1/tables", "{\"game\":\"towers\",\"settings\":{\"nonsense\":1}}"),
            ("/api/v1/tables", "{\"game\":\"towers\",\"seats\":[{\"kind\":\"bot\",\"level\":\"godlike\"},{\"kind\":\"person\"}]}"),
        ] {
            let (status, text) = http(addr, "POST", path, Some(body)).await;
            assert_eq!(status, 400, "{body}: {text}");
            let v: Value = serde_json::from_str(&text).unwrap();
            assert!(!v["error"]["message"].as_str().unwrap().is_empty());
        }
        // A third join finds no seat.
        let (status, _) = http(addr, "POST", &format!("/api/v1/tables/{table}/join"), Some("{}")).await;
        assert_eq!(status, 409);
        // The record is hidden until the end.
        let (status, _) = http(addr, "GET", &format!("/api/v1/tables/{table}/record"), None).await;
        assert_eq!(status, 403);
    });
}

#[test]
fn huge_frames_and_floods_close_only_that_connection() {
    let dir = temp_dir("flood");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        let table = create(addr, json!({"game": "towers"})).await;
        let (_, t0) = join(addr, &table, "Ada").await;
        let (_, t1) = join(addr, &table, "Brian").await;
        let (mut calm, _) = Client::connect(addr, &table, Some(&t1)).await;
        // Huge frame.
        let (mut big, _) = Client::connect(addr, &table, Some(&t0)).await;
        big.send_text(format!(
            "{{\"type\":\"ping\",\"id\":1,\"pad\":\"{}\"}}",
            "x".repeat(200_000)
        ))
        .await;
        let how = big.closed().await;
        assert!(
            matches!(how, Closed::Code(1009) | Closed::Dropped),
            "{how:?}"
        );
        // Flood.
        let (mut flood, _) = Client::connect(addr, &table, Some(&t0)).await;
        for i in 0..500 {
            flood.send_json(json!({"type": "ping", "id": i})).await;
        }
        assert_eq!(flood.closed().await, Closed::Code(1008));
        // The calm one is served as before.
        let id = calm.request("ping").await;
        assert_eq!(calm.next_of("pong").await["id"], id);
        // And seat 0 may come back and play.
        let (mut back, welcome) = Client::connect(addr, &table, Some(&t0)).await;
        assert_eq!(welcome["type"], "welcome");
        let id = back.request("ping").await;
        assert_eq!(back.next_of("pong").await["id"], id);
    });
}

#[test]
fn resign_ends_the_game_and_later_actions_are_refused_as_over() {
    let dir = temp_dir("resign");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        let table = create(addr, json!({"game": "towers"})).await;
        let (_, t0) = join(addr, &table, "Ada").await;
        let (_, t1) = join(addr, &table, "Brian").await;
        let (mut a, _) = Client::connect(addr, &table, Some(&t0)).await;
        let (mut b, _) = Client::connect(addr, &table, Some(&t1)).await;
        // Babel has no draws; Towers does: offer, accept would end it, but
        // here seat 1 resigns instead.
        let id = a.request("offer_draw").await;
        assert_eq!(a.next_of("ack").await["id"], id);
        assert_eq!(b.next_of("draw_offered").await["seat"], 0);
        let id = b.request("resign").await;
        assert_eq!(b.next_of("ack").await["id"], id);
        let step = b.next_of("step").await;
        assert_eq!(step["ended"], json!({"type": "resigned", "seat": 1}));
        let step = a.next_of("step").await;
        assert_eq!(step["outcome"]["winners"], json!([0]));
        let id = a.act(json!({"type": "pass"})).await;
        let e = a.next_of("error").await;
        assert_eq!(
            (e["id"].as_u64(), e["kind"].as_str()),
            (Some(id), Some("over"))
        );
        let summary = get(addr, &format!("/api/v1/tables/{table}")).await;
        assert_eq!(summary["status"], "finished");
        let record = get(addr, &format!("/api/v1/tables/{table}/record")).await;
        assert_eq!(record["ending"], json!({"type": "resigned", "seat": 1}));
    });
}

#[test]
fn a_draw_offer_accepted_ends_a_towers_game_drawn() {
    let dir = temp_dir("draw");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        let table = create(addr, json!({"game": "towers"})).await;
        let (_, t0) = join(addr, &table, "Ada").await;
        let (_, t1) = join(addr, &table, "Brian").await;
        let (mut a, welcome) = Client::connect(addr, &table, Some(&t0)).await;
        let (mut b, _) = Client::connect(addr, &table, Some(&t1)).await;
        let id = b.request("accept_draw").await;
        let e = b.next_of("error").await;
        assert_eq!(
            (e["id"].as_u64(), e["kind"].as_str()),
            (Some(id), Some("no_draws"))
        );
        // An offer lapses when a move answers it instead (and a restart
        // would find no offer standing: it is stored either way).
        a.request("offer_draw").await;
        let offered = b.next_of("draw_offered").await;
        assert_eq!(offered["seat"], json!(0));
        let mover = if may_act(&welcome["to_act"], 0) {
            &mut a
        } else {
            &mut b
        };
        mover.act(welcome["view"]["legal"][0].clone()).await;
        mover.next_of("ack").await;
        // Both seats see the move's step before anything else.
        a.next_of("step").await;
        b.next_of("step").await;
        let id = b.request("accept_draw").await;
        let e = b.next_of("error").await;
        assert_eq!(
            (e["id"].as_u64(), e["kind"].as_str()),
            (Some(id), Some("no_draws")),
            "{e}"
        );
        a.request("offer_draw").await;
        b.next_of("draw_offered").await;
        b.request("accept_draw").await;
        let step = a.next_of("step").await;
        assert_eq!(step["ended"], json!({"type": "draw_agreed"}));
        assert_eq!(step["outcome"]["winners"], json!([]));
    });
}

#[test]
fn a_turn_clock_running_out_loses() {
    let dir = temp_dir("clock");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        let table = create(
            addr,
            json!({"game": "towers", "clock": {"initial_ms": 600, "increment_ms": 0}}),
        )
        .await;
        let (_, t0) = join(addr, &table, "Ada").await;
        let (_, t1) = join(addr, &table, "Brian").await;
        let (mut a, welcome) = Client::connect(addr, &table, Some(&t0)).await;
        assert_eq!(welcome["clocks"].as_array().unwrap().len(), 2);
        let (_b, _) = Client::connect(addr, &table, Some(&t1)).await;
        let step = a.next_of("step").await;
        assert_eq!(
            step["ended"],
            json!({"type": "timed_out", "seat": 0}),
            "{step}"
        );
        assert_eq!(step["outcome"]["winners"], json!([1]));
    });
}

#[test]
fn a_clock_is_refused_for_a_game_without_turns_and_the_games_list_says_which() {
    let dir = temp_dir("turnless-clock");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        let games = get(addr, "/api/v1/games").await;
        let turnless: Vec<&str> = games
            .as_array()
            .unwrap()
            .iter()
            .filter(|g| g["turnless"] == json!(true))
            .map(|g| g["name"].as_str().unwrap())
            .collect();
        assert_eq!(turnless, ["icetowers", "speedy"]);
        for game in turnless {
            let spec = json!({"game": game, "clock": {"initial_ms": 60_000, "increment_ms": 0}});
            let (status, body) =
                http(addr, "POST", "/api/v1/tables", Some(&spec.to_string())).await;
            assert_eq!(status, 400, "{body}");
            assert!(body.contains("played without turns"), "{body}");
            let (status, body) = http(addr, "GET", "/api/v1/tables", None).await;
            assert_eq!(status, 200);
            assert!(!body.contains(game), "nothing was created: {body}");
        }
    });
}

#[test]
fn a_reconnecting_seat_gets_a_fresh_welcome_at_the_current_version() {
    let dir = temp_dir("reconnect");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        let table = create(addr, json!({"game": "towers"})).await;
        let (_, t0) = join(addr, &table, "Ada").await;
        let (_, t1) = join(addr, &table, "Brian").await;
        let (mut a, welcome) = Client::connect(addr, &table, Some(&t0)).await;
        let settings = welcome["table"]["settings"].clone();
        let mut bot = bot_for("towers", 0, &settings);
        let action = bot
            .decide(&welcome["view"], GameTime::ZERO)
            .unwrap()
            .unwrap()
            .action;
        let id = a.act(action).await;
        let ack = a.next_of("ack").await;
        assert_eq!(ack["id"], id);
        let version = ack["version"].as_u64().unwrap();
        drop(a);
        // Many reconnects in a row (a reconnect storm) all get the same state.
        for _ in 0..20 {
            let (_, again) = Client::connect(addr, &table, Some(&t0)).await;
            assert_eq!(again["type"], "welcome");
            assert_eq!(again["version"].as_u64(), Some(version));
            assert_eq!(again["viewer"], json!({"type": "seat", "seat": 0}));
        }
        let (_, other) = Client::connect(addr, &table, Some(&t1)).await;
        assert_eq!(other["to_act"], json!({"type": "seat", "seat": 1}));
    });
}

#[test]
fn a_restarted_server_resumes_every_table_with_every_acknowledged_action() {
    let dir = temp_dir("restart");
    let db = db_url(&dir);
    let server = start(&db);
    let addr = server.addr;
    let rt = client_runtime();
    let (table, t0, t1, acked, bot_table, to_act_before) = rt.block_on(async move {
        let table = create(addr, json!({"game": "towers"})).await;
        let (_, t0) = join(addr, &table, "Ada").await;
        let (_, t1) = join(addr, &table, "Brian").await;
        let (mut a, welcome) = Client::connect(addr, &table, Some(&t0)).await;
        let (mut b, welcome_b) = Client::connect(addr, &table, Some(&t1)).await;
        let settings = welcome["table"]["settings"].clone();
        let mut bots = [bot_for("towers", 0, &settings), bot_for("towers", 1, &settings)];
        let mut view = [welcome["view"].clone(), welcome_b["view"].clone()];
        let mut acked = 0;
        let mut to_act = welcome["to_act"].clone();
        // Greedy Towers games are short: three moves leave it going.
        for _ in 0..3 {
            let s = to_act["seat"].as_u64().unwrap_or_else(|| panic!("to_act {to_act} after {acked}: {view:?}")) as usize;
            let client = if s == 0 { &mut a } else { &mut b };
            let action = bots[s].decide(&view[s], GameTime::ZERO).unwrap().unwrap().action;
            client.act(action).await;
            client.next_of("ack").await;
            acked += 1;
            let step = a.next_of("step").await;
            view[0] = step["view"].clone();
            to_act = step["to_act"].clone();
            view[1] = b.next_of("step").await["view"].clone();
        }
        let level = quick_level("icetowers");
        let bot_table = create(addr, json!({"game": "icetowers", "seats": [{"kind": "bot", "level": level}, {"kind": "bot", "level": level}]})).await;
        tokio::time::sleep(Duration::from_millis(1500)).await;
        (table, t0, t1, acked, bot_table, to_act)
    });
    let bot_actions_before = {
        let hub = server.hub.clone();
        let bot_table = bot_table.clone();
        rt.block_on(async move { hub.store.action_count(&bot_table).await.unwrap() })
    };
    server.kill();
    let server = start(&db);
    let addr = server.addr;
    rt.block_on(async move {
        let summary = get(addr, &format!("/api/v1/tables/{table}")).await;
        assert_eq!(summary["status"], "playing");
        assert_eq!(summary["actions"].as_u64(), Some(acked as u64));
        let (_, welcome) = Client::connect(addr, &table, Some(&t0)).await;
        assert_eq!(welcome["type"], "welcome");
        assert_eq!(welcome["to_act"], to_act_before);
        let (_, welcome) = Client::connect(addr, &table, Some(&t1)).await;
        assert_eq!(welcome["viewer"], json!({"type": "seat", "seat": 1}));
        // The bot table resumed with what it had stored and plays on.
        let summary = get(addr, &format!("/api/v1/tables/{bot_table}")).await;
        assert!(summary["actions"].as_u64().unwrap() as i64 >= bot_actions_before);
    });
}
