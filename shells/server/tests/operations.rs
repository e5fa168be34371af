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
        // A rated bot game ends and both bots appear on the leaderboard.
        let table = create(
            addr,
            json!({"game": "towers", "rated": true,
                   "seats": [{"kind": "bot", "level": "greedy"}, {"kind": "bot", "level": "random"}]}),
        )
        .await;
        let mut board = json!([]);
        for _ in 0..300 {
            board = get(addr, "/api/v1/ratings/towers").await;
            if board.as_array().unwrap().len() == 2 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let names: Vec<&str> = board.as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
        assert!(names.contains(&"bot:greedy") && names.contains(&"bot:random"), "{board}");
        assert!(board.as_array().unwrap().iter().all(|r| r["games"] == 1));
        let summary = get(addr, &format!("/api/v1/tables/{table}")).await;
        assert_eq!(summary["status"], "finished");
        let (status, metrics) = http(addr, "GET", "/metrics", None).await;
        assert_eq!(status, 200);
        assert!(metrics.contains("stackyard_actions_total"), "{metrics}");
        assert!(metrics.contains("stackyard_commit_batch_jobs"));
    });
}
