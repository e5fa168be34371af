//! A record written by another rules engine is refused, naming both
//! engines, wherever the server steps it through the rules: the replay
//! endpoint (the same path the browser's offline viewer takes, checked in
//! shells/wasm's tests) and a restart's rebuild of an unfinished table
//! (also unit-tested in `rebuild.rs`, with stored timer steps).

mod common;

use common::*;
use serde_json::json;

/// Rewrites the engine named in every stored record and header of `table`.
fn set_stored_engine(db: &str, table: &str, from: &str, to: &str) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        use sqlx::ConnectOptions;
        let mut conn = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(db)
            .connect()
            .await
            .unwrap();
        let (from, to) = (
            format!("\"engine\":\"{from}\""),
            format!("\"engine\":\"{to}\""),
        );
        let done = sqlx::query(
            "UPDATE game_tables SET header = replace(header, $1, $2), \
             record = replace(record, $1, $2) WHERE id = $3",
        )
        .bind(&from)
        .bind(&to)
        .bind(table)
        .execute(&mut conn)
        .await
        .unwrap();
        assert_eq!(done.rows_affected(), 1);
    });
}

#[test]
fn the_replay_endpoint_refuses_a_record_of_another_engine_naming_both() {
    let dir = temp_dir("engines-replay");
    let db = db_url(&dir);
    let table = {
        let server = start(&db);
        let addr = server.addr;
        client_runtime().block_on(async move {
            let table = create(addr, json!({"game": "towers"})).await;
            let (_, t0) = join(addr, &table, "Ada").await;
            let (_, _t1) = join(addr, &table, "Brian").await;
            let (mut a, _) = Client::connect(addr, &table, Some(&t0)).await;
            let id = a.request("resign").await;
            assert_eq!(a.next_of("ack").await["id"], id);
            let (status, _) =
                http(addr, "GET", &format!("/api/v1/tables/{table}/replay"), None).await;
            assert_eq!(status, 200, "the untouched record replays");
            table
        })
    };
    set_stored_engine(&db, &table, "towers-1", "towers-0");
    let server = start(&db);
    let addr = server.addr;
    client_runtime().block_on(async move {
        let (status, body) =
            http(addr, "GET", &format!("/api/v1/tables/{table}/replay"), None).await;
        assert!(status >= 400, "{status} {body}");
        assert!(
            body.contains("towers-0") && body.contains("towers-1"),
            "the refusal names both engines: {body}"
        );
    });
}

#[test]
fn a_restart_does_not_resume_a_table_of_another_engine() {
    let dir = temp_dir("engines-restart");
    let db = db_url(&dir);
    let (kept, refused) = {
        let server = start(&db);
        let addr = server.addr;
        client_runtime().block_on(async move {
            let mut tables = Vec::new();
            for _ in 0..2 {
                let table = create(addr, json!({"game": "towers"})).await;
                let (_, t0) = join(addr, &table, "Ada").await;
                join(addr, &table, "Brian").await;
                let (mut a, _) = Client::connect(addr, &table, Some(&t0)).await;
                let id = a
                    .act(json!({"type": "step", "from": "a1", "to": "b1"}))
                    .await;
                assert_eq!(a.next_of("ack").await["id"], id);
                tables.push(table);
            }
            (tables[0].clone(), tables[1].clone())
        })
    };
    set_stored_engine(&db, &refused, "towers-1", "towers-0");
    let server = start(&db);
    let addr = server.addr;
    client_runtime().block_on(async move {
        let (status, summary) = http(addr, "GET", &format!("/api/v1/tables/{kept}"), None).await;
        assert_eq!(status, 200, "{summary}");
        let summary: serde_json::Value = serde_json::from_str(&summary).unwrap();
        assert_eq!(summary["status"], "playing");
        let (status, _) = http(addr, "GET", &format!("/api/v1/tables/{refused}"), None).await;
        assert_eq!(
            status, 404,
            "a table this build cannot replay is not resumed"
        );
    });
}
