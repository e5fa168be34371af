//! What operators and the web client read over plain HTTP: `/healthz`,
//! `/metrics`, the OpenAPI document, the rules pages, the games list, and
//! the leaderboard a rated game updates.

mod common;

use common::*;
use serde_json::json;
use std::time::Duration;

#[test]
fn health_metrics_openapi_rules_games_and_ratings_are_served() {
    let dir = temp_dir("ops");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        assert_eq!(http(addr, "GET", "/healthz", None).await, (200, "ok".to_string()));
        let api = get(addr, "/api/v1/openapi.json").await;
        for path in ["/api/v1/tables", "/api/v1/tables/{id}/join", "/api/v1/games", "/api/v1/ratings/{game}"] {
            assert!(api["paths"].get(path).is_some(), "OpenAPI lacks {path}");
        }
        let (status, rules) = http(addr, "GET", "/rules/towers", None).await;
        assert_eq!(status, 200);
        assert!(rules.contains("Towers"));
        assert_eq!(http(addr, "GET", "/rules/nothing", None).await.0, 404);
        let games = get(addr, "/api/v1/games").await;
        for game in games.as_array().unwrap() {
            assert!(!game["bot_levels"].as_array().unwrap().is_empty());
            assert_eq!(game["rules_url"], format!("/rules/{}", game["name"].as_str().unwrap()));
        }
        // A bot game asked to be rated ends, and rates nobody: only games
        // between accounts are rated (issue #27; tests/accounts.rs plays
        // one).
        let table = create(
            addr,
            json!({"game": "towers", "rated": true,
                   "seats": [{"kind": "bot", "level": "greedy"}, {"kind": "bot", "level": "random"}]}),
        )
        .await;
        let mut summary = json!({});
        for _ in 0..300 {
            summary = get(addr, &format!("/api/v1/tables/{table}")).await;
            if summary["status"] == "finished" {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(summary["status"], "finished");
        tokio::time::sleep(Duration::from_millis(300)).await;
        let board = get(addr, "/api/v1/ratings/towers").await;
        assert_eq!(board, json!([]), "bots are never rated");
        let (status, metrics) = http(addr, "GET", "/metrics", None).await;
        assert_eq!(status, 200);
        assert!(metrics.contains("stackyard_actions_total"), "{metrics}");
        assert!(metrics.contains("stackyard_commit_batch_jobs"));
    });
}

/// The number a Prometheus text gives for `name` (a counter or a
/// histogram's `_count`), 0 when absent.
fn metric(text: &str, name: &str) -> f64 {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
        .unwrap_or(0.0)
}

#[test]
fn a_physics_tables_heavy_steps_run_beside_the_workers_and_a_board_games_do_not() {
    let dir = temp_dir("ops-heavy");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        // A person plays Towers against a bot: light steps, run in place.
        // (Metrics are per process: no other test in this file may play a
        // physics game.)
        let towers = create(
            addr,
            json!({"game": "towers", "seats": [{"kind": "person"}, {"kind": "bot", "level": "random"}]}),
        )
        .await;
        let (seat, token) = join(addr, &towers, "lucy").await;
        let (mut client, mut latest) = Client::connect(addr, &towers, Some(&token)).await;
        assert_eq!(latest["type"], "welcome", "{latest}");
        for _ in 0..3 {
            while !may_act(&latest["to_act"], seat) {
                latest = client.next_of("step").await;
            }
            let id = client.act(latest["view"]["legal"][0].clone()).await;
            let ack = client.next_of("ack").await;
            assert_eq!(ack["id"], id);
            latest = client.next_of("step").await;
        }
        let (_, text) = http(addr, "GET", "/metrics", None).await;
        assert!(metric(&text, "stackyard_action_seconds_count") >= 3.0, "{text}");
        assert_eq!(metric(&text, "stackyard_heavy_steps_total"), 0.0, "{text}");
        // Four Speedy bots: every placement is simulated on the physics
        // table, a heavy step run beside the async workers.
        let speedy = create(
            addr,
            json!({"game": "speedy", "seats": [
                {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"},
                {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]}),
        )
        .await;
        let mut heavy = 0.0;
        for _ in 0..600 {
            let (_, text) = http(addr, "GET", "/metrics", None).await;
            heavy = metric(&text, "stackyard_heavy_steps_total");
            if heavy >= 3.0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(heavy >= 3.0, "Speedy's placements never ran as heavy steps");
        let summary = get(addr, &format!("/api/v1/tables/{speedy}")).await;
        assert!(summary["actions"].as_u64().unwrap_or(0) >= 3, "{summary}");
        // The Towers table still answers at once.
        while !may_act(&latest["to_act"], seat) {
            latest = client.next_of("step").await;
        }
        let id = client.act(latest["view"]["legal"][0].clone()).await;
        assert_eq!(client.next_of("ack").await["id"], id);
    });
}
