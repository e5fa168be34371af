//! The daily deal end to end, over real sockets: the same deal for every
//! name on a UTC day, one attempt per name, a private table (not listed,
//! not watched, its record held back while the day lasts), hints counted
//! durably (through a restart) and shown, and the day's board ranked by the
//! game's own score, then time.

mod common;

use common::*;
use serde_json::{Value, json};
use stackyard_core::{GameTime, Seat, Seed};
use std::time::Duration;

/// Starts today's Tower of Babel deal for `name`; returns (table, token).
async fn start_daily(addr: std::net::SocketAddr, name: &str) -> (String, String) {
    let started = post(addr, "/api/v1/daily/babel", json!({"name": name})).await;
    assert_eq!(started["seat"], 0, "{started}");
    (
        started["table"].as_str().unwrap().to_string(),
        started["token"].as_str().unwrap().to_string(),
    )
}

/// Plays the seat with a greedy bot (seeded alike for every caller) until
/// the game ends or `limit` actions were acknowledged; returns the views
/// seen after each of its actions, and whether it ended.
async fn play(client: &mut Client, welcome: &Value, limit: usize) -> (Vec<Value>, bool) {
    let registry = stackyard_registry::registry();
    let settings = welcome["table"]["settings"].clone();
    let mut bot = registry
        .get("babel")
        .unwrap()
        .bot("greedy", Seat(0), Seed(7), &settings)
        .unwrap();
    let mut view = welcome["view"].clone();
    let mut views = Vec::new();
    while views.len() < limit {
        let decision = bot.decide(&view, GameTime::ZERO).unwrap().expect("a move");
        // Within the server's 20 messages a second (Limits::messages_per_second):
        // faster is a flood, and the server closes the connection.
        tokio::time::sleep(std::time::Duration::from_millis(60)).await;
        let id = client.act(decision.action).await;
        assert_eq!(client.next_of("ack").await["id"], id);
        let step = client.next_of("step").await;
        view = step["view"].clone();
        views.push(view.clone());
        if !step["outcome"].is_null() {
            return (views, true);
        }
    }
    (views, false)
}

#[test]
fn everyone_gets_the_same_deal_once_a_day_and_the_board_ranks_the_results() {
    let dir = temp_dir("daily");
    let db = db_url(&dir);
    let server = start(&db);
    let addr = server.addr;
    let rt = client_runtime();
    let (ada_table, ada_token, ada_views) = rt.block_on(async move {
        let offered = get(addr, "/api/v1/daily").await;
        assert_eq!(offered[0]["game"], "babel", "{offered}");
        let day = offered[0]["day"].as_str().unwrap().to_string();
        assert_eq!(day.len(), 10);
        let (table, token) = start_daily(addr, "Ada").await;
        // Private: not in the lobby, nobody may watch.
        let listed = get(addr, "/api/v1/tables").await;
        assert!(
            listed
                .as_array()
                .unwrap()
                .iter()
                .all(|t| t["id"] != table.as_str()),
            "{listed}"
        );
        let summary = get(addr, &format!("/api/v1/tables/{table}")).await;
        assert_eq!(summary["daily"], day.as_str());
        assert_eq!(summary["status"], "playing");
        assert_eq!(summary["seats"][0]["name"], "Ada");
        let (mut watcher, refused) = Client::connect(addr, &table, None).await;
        assert_eq!(refused["kind"], "forbidden", "{refused}");
        assert_eq!(watcher.closed().await, Closed::Code(1008));
        // One attempt per name and day, even unfinished.
        let (status, body) = http(
            addr,
            "POST",
            "/api/v1/daily/babel",
            Some(r#"{"name":"Ada"}"#),
        )
        .await;
        assert_eq!(status, 409, "{body}");
        assert!(
            body.contains("already_played") && body.contains(&table),
            "{body}"
        );
        // Bad requests name the problem.
        for (path, body) in [
            ("/api/v1/daily/babel", "{}"),
            ("/api/v1/daily/babel", r#"{"name":"<script>"}"#),
            ("/api/v1/daily/babel", r#"{"name":"Ada","seed":1}"#),
            ("/api/v1/daily/towers", r#"{"name":"Ada"}"#),
            ("/api/v1/daily/chess", r#"{"name":"Ada"}"#),
        ] {
            let (status, text) = http(addr, "POST", path, Some(body)).await;
            assert_eq!(status, 400, "{path} {body}: {text}");
            let v: Value = serde_json::from_str(&text).unwrap();
            assert!(!v["error"]["message"].as_str().unwrap().is_empty());
        }
        let (status, _) = http(addr, "GET", "/api/v1/daily/babel?day=tomorrow", None).await;
        assert_eq!(status, 400);
        // Two hints, counted and shown.
        let (mut ada, welcome) = Client::connect(addr, &table, Some(&token)).await;
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        for _ in 0..2 {
            let id = ada.request("hint").await;
            let hint = ada.next_of("hint").await;
            assert_eq!(hint["id"], id);
            assert!(hint["action"]["type"].is_string(), "{hint}");
        }
        let summary = get(addr, &format!("/api/v1/tables/{table}")).await;
        assert_eq!(summary["seats"][0]["hints"], 2);
        let (views, over) = play(&mut ada, &welcome, 5).await;
        assert!(!over);
        (table, token, views)
    });
    // A restart keeps the table, its hints and its version.
    server.kill();
    let server = start(&db);
    let addr = server.addr;
    rt.block_on(async move {
        let summary = get(addr, &format!("/api/v1/tables/{ada_table}")).await;
        assert_eq!(summary["seats"][0]["hints"], 2, "{summary}");
        assert_eq!(summary["version"], 5);
        assert!(
            get(addr, "/api/v1/tables")
                .await
                .as_array()
                .unwrap()
                .iter()
                .all(|t| t["id"] != ada_table.as_str())
        );
        let (mut ada, welcome) = Client::connect(addr, &ada_table, Some(&ada_token)).await;
        assert_eq!(welcome["version"], 5);
        let (rest, over) = play(&mut ada, &welcome, 10_000).await;
        assert!(over);
        let ada_views: Vec<Value> = ada_views.into_iter().chain(rest).collect();
        // Brian plays the same moves and sees the same tiles: the same deal.
        let (brian_table, brian_token) = start_daily(addr, "Brian").await;
        assert_ne!(brian_table, ada_table);
        let (mut brian, welcome) = Client::connect(addr, &brian_table, Some(&brian_token)).await;
        tokio::time::sleep(Duration::from_millis(50)).await;
        let (brian_views, over) = play(&mut brian, &welcome, 10_000).await;
        assert!(over);
        assert_eq!(
            brian_views, ada_views,
            "two names were dealt different games"
        );
        // The board: both, best first, with Ada's hints.
        let mut board = json!(null);
        for _ in 0..50 {
            board = get(addr, "/api/v1/daily/babel").await;
            if board["entries"].as_array().unwrap().len() == 2 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let entries = board["entries"].as_array().unwrap();
        assert_eq!(entries.len(), 2, "{board}");
        let ada = entries.iter().find(|e| e["name"] == "Ada").unwrap();
        let brian = entries.iter().find(|e| e["name"] == "Brian").unwrap();
        assert_eq!(ada["hints"], 2);
        assert_eq!(brian["hints"], 0);
        assert_eq!(ada["score"], brian["score"]);
        let key = |e: &Value| {
            (
                -e["score"].as_i64().unwrap(),
                e["time_ms"].as_i64().unwrap(),
            )
        };
        assert!(key(&entries[0]) <= key(&entries[1]), "{board}");
        assert_eq!(
            (entries[0]["rank"].as_u64(), entries[1]["rank"].as_u64()),
            (Some(1), Some(2))
        );
        // Stacks left is minus the score, as the game's outcome says.
        let summary = get(addr, &format!("/api/v1/tables/{ada_table}")).await;
        assert_eq!(summary["outcome"]["scores"][0], ada["score"]);
        // The deal's record stays private while the day lasts.
        for path in [
            format!("/api/v1/tables/{ada_table}/record"),
            format!("/api/v1/tables/{ada_table}/replay"),
        ] {
            let (status, body) = http(addr, "GET", &path, None).await;
            assert_eq!(status, 403, "{path}: {body}");
        }
        let records = get(addr, "/api/v1/records").await;
        assert!(
            records
                .as_array()
                .unwrap()
                .iter()
                .all(|r| r["id"] != ada_table.as_str())
        );
        // A finished attempt is still the name's attempt.
        let (status, _) = http(
            addr,
            "POST",
            "/api/v1/daily/babel",
            Some(r#"{"name":"Brian"}"#),
        )
        .await;
        assert_eq!(status, 409);
        // Another day's board is empty, not an error.
        let old = get(addr, "/api/v1/daily/babel?day=2001-01-01").await;
        assert_eq!(old["entries"], json!([]));
        let api = get(addr, "/api/v1/openapi.json").await;
        for path in ["/api/v1/daily", "/api/v1/daily/{game}"] {
            assert!(api["paths"].get(path).is_some(), "OpenAPI lacks {path}");
        }
    });
}

#[test]
fn a_stored_hint_count_appears_in_the_finished_record() {
    let dir = temp_dir("hint-record");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        let table = create(addr, json!({"game": "babel"})).await;
        let (_, token) = join(addr, &table, "Ada").await;
        let (mut ada, welcome) = Client::connect(addr, &table, Some(&token)).await;
        let id = ada.request("hint").await;
        assert_eq!(ada.next_of("hint").await["id"], id);
        let (_, over) = play(&mut ada, &welcome, 10_000).await;
        assert!(over);
        let record = get(addr, &format!("/api/v1/tables/{table}/record")).await;
        assert_eq!(record["hints"], json!([1]));
        // The record with the server's note still replays.
        let again = stackyard_registry::registry()
            .get("babel")
            .unwrap()
            .replay(&record)
            .unwrap();
        assert!(again.outcome().is_some());
    });
}

/// Starts today's deal as `name`, with `headers` (a cookie, a bearer).
async fn start_as(addr: std::net::SocketAddr, name: &str, headers: &[(&str, &str)]) -> Reply {
    request(
        addr,
        "POST",
        "/api/v1/daily/babel",
        headers,
        Some(json!({"name": name})),
    )
    .await
}

/// The day's board once it has `n` entries.
async fn board_of(addr: std::net::SocketAddr, n: usize) -> Vec<Value> {
    for _ in 0..100 {
        let board = get(addr, "/api/v1/daily/babel").await;
        let entries = board["entries"].as_array().unwrap().clone();
        if entries.len() >= n {
            return entries;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the board never had {n} entries");
}

#[test]
fn a_deal_given_up_ranks_by_the_tiles_it_left_not_as_a_full_win() {
    let dir = temp_dir("daily-given-up");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        // Quinn draws one tile and gives up: one stack on the table, 23
        // tiles never drawn (issue #49).
        let (quinn_table, token) = start_daily(addr, "Quinn").await;
        let (mut quinn, _) = Client::connect(addr, &quinn_table, Some(&token)).await;
        let id = quinn.act(json!({"type": "draw"})).await;
        assert_eq!(quinn.next_of("ack").await["id"], id);
        let id = quinn.request("resign").await;
        assert_eq!(quinn.next_of("ack").await["id"], id);
        // Fay plays the same deal to its end.
        let (fay_table, token) = start_daily(addr, "Fay").await;
        let (mut fay, welcome) = Client::connect(addr, &fay_table, Some(&token)).await;
        let (_, over) = play(&mut fay, &welcome, 10_000).await;
        assert!(over);
        let entries = board_of(addr, 2).await;
        let names: Vec<&str> = entries
            .iter()
            .map(|e| e["name"].as_str().unwrap())
            .collect();
        // B-10: the deal given up counts its 23 undrawn tiles as stacks,
        // so the finished deal ranks first, though Quinn was quicker.
        assert_eq!(names, ["Fay", "Quinn"], "{entries:?}");
        let quinn = &entries[1];
        assert_eq!(quinn["score"], -24, "{quinn}");
        assert_eq!(quinn["ending"]["type"], "resigned", "{quinn}");
        assert_eq!(quinn["won"], false);
        let fay = &entries[0];
        assert!(fay["score"].as_i64().unwrap() > -24, "{fay}");
        assert!(
            fay["time_ms"].as_i64() > quinn["time_ms"].as_i64(),
            "{entries:?}"
        );
        // The table says the same as the board.
        let summary = get(addr, &format!("/api/v1/tables/{quinn_table}")).await;
        assert_eq!(summary["outcome"]["scores"][0], -24, "{summary}");
    });
}

#[test]
fn a_second_attempt_is_refused_in_words_per_account_and_per_browser() {
    let dir = temp_dir("daily-once");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        // A guest's first attempt: the server gives its browser a cookie.
        let first = start_as(addr, "Gus", &[]).await;
        assert_eq!(first.status, 200, "{}", first.body);
        let table = first.json()["table"].as_str().unwrap().to_string();
        let id = first.cookie("stackyard_daily").expect("a daily cookie");
        let line = first.set_cookie_line("stackyard_daily");
        assert!(
            line.contains("HttpOnly") && line.contains("Path=/api/v1/daily"),
            "{line}"
        );
        let cookie = format!("stackyard_daily={id}");
        // The same browser under a new name: refused, in words, with the
        // earlier attempt's table.
        let again = start_as(addr, "Gus Two", &[("Cookie", &cookie)]).await;
        assert_eq!(
            (again.status, again.kind()),
            (409, "already_played".into()),
            "{}",
            again.body
        );
        let error = &again.json()["error"];
        let said = error["message"].as_str().unwrap();
        assert!(
            said.starts_with("You have already played today’s deal in this browser, as Gus"),
            "{said}"
        );
        assert!(said.contains("The next deal is in "), "{said}");
        assert_eq!(error["table"], table.as_str());
        // The same name from another browser: refused too, said of the name.
        let again = start_as(addr, "Gus", &[]).await;
        assert_eq!(again.status, 409, "{}", again.body);
        let said = again.json()["error"]["message"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(
            said.starts_with("Gus has already played today’s deal"),
            "{said}"
        );
        // Another browser and another name is another person.
        let other = start_as(addr, "Hana", &[]).await;
        assert_eq!(other.status, 200, "{}", other.body);
        // An account: one attempt, whatever name it types.
        let name = format!("Acc{}", stackyard_server::auth::random_hex(3));
        let password = "plank-otter-91";
        let up = request(
            addr,
            "POST",
            "/api/v1/accounts",
            &[],
            Some(json!({"name": name, "password": password})),
        )
        .await;
        assert_eq!(up.status, 201, "{}", up.body);
        let signed = request(
            addr,
            "POST",
            "/api/v1/session",
            &[],
            Some(json!({"name": name, "password": password})),
        )
        .await;
        let bearer = format!("Bearer {}", signed.json()["token"].as_str().unwrap());
        let mine = start_as(addr, "whatever", &[("Authorization", &bearer)]).await;
        assert_eq!(mine.status, 200, "{}", mine.body);
        let mine = mine.json()["table"].as_str().unwrap().to_string();
        let again = start_as(addr, "Someone Else", &[("Authorization", &bearer)]).await;
        assert_eq!(again.status, 409, "{}", again.body);
        let error = &again.json()["error"];
        let said = error["message"].as_str().unwrap();
        assert!(
            said.starts_with("You have already played today’s deal with this account"),
            "{said}"
        );
        assert_eq!(error["table"], mine.as_str());
    });
}
