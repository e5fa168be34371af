//! One store test suite, run against SQLite always and against PostgreSQL
//! when `STACKYARD_TEST_POSTGRES` holds a URL (`scripts/with-postgres`,
//! which `scripts/test` and `scripts/postgres-test` use, starts a
//! throwaway cluster and sets it).

mod common;

use common::*;
use serde_json::json;
use stackyard_server::auth::random_hex;
use stackyard_server::store::{CommitLine, Store, StoredTable, Write};
use std::time::Duration;

fn create(id: &str) -> Write {
    Write::CreateTable {
        id: id.to_string(),
        game: "towers".into(),
        seats: json!([{"kind": "person"}, {"kind": "person"}]).to_string(),
        clock: None,
        rated: false,
        header: json!({"format": 1, "engine": "x", "game": "towers", "settings": {}, "seed": 5, "actions": []}).to_string(),
        created_at: 1,
        creator: "127.0.0.1".into(),
    }
}

fn action(id: &str, seq: i64) -> Write {
    Write::Action {
        table: id.to_string(),
        seq,
        seat: seq % 2,
        at_ms: seq * 10,
        action: json!({"type": "pass", "n": seq}).to_string(),
    }
}

/// Table `id` as the store lists it among the unfinished.
async fn listed_unfinished(store: &Store, id: &str) -> StoredTable {
    store
        .unfinished()
        .await
        .unwrap()
        .into_iter()
        .find(|t| t.id == id)
        .expect("listed as unfinished")
}

/// Commits, groups, reads back, finishes, rates, and keeps a batch atomic.
async fn store_suite(db: &str) {
    let store = Store::open(db).await.expect("the store opens");
    // Opening twice (a restart) migrates nothing twice.
    let again = Store::open(db).await.expect("the store reopens");
    drop(again);
    let id = format!("t{}", random_hex(6));
    store.commit(vec![create(&id)]).await.unwrap();
    store
        .commit(vec![Write::SeatTaken {
            table: id.clone(),
            seat: 0,
            token_hash: "h0".into(),
            name: Some("Ada".into()),
            account: Some("acct-ada".into()),
        }])
        .await
        .unwrap();
    // Many tables' commits at once are grouped, and every one lands.
    let mut tasks = Vec::new();
    for seq in 0..200 {
        let store = store.clone();
        let id = id.clone();
        tasks.push(tokio::spawn(async move {
            store.commit(vec![action(&id, seq)]).await
        }));
    }
    for t in tasks {
        t.await.unwrap().unwrap();
    }
    assert_eq!(store.action_count(&id).await.unwrap(), 200);
    store
        .commit(vec![Write::Progress {
            table: id.clone(),
            end_ms: 5000,
        }])
        .await
        .unwrap();
    let unfinished = store.unfinished().await.unwrap();
    let mine = unfinished
        .iter()
        .find(|t| t.id == id)
        .expect("listed as unfinished");
    let actions = mine.record["actions"].as_array().unwrap();
    assert_eq!(actions.len(), 200);
    assert_eq!(
        actions[7],
        json!({"seat": 1, "at": 70, "action": {"type": "pass", "n": 7}})
    );
    assert_eq!(mine.record["end"], 5000);
    assert_eq!(
        mine.holders,
        vec![(
            0,
            "h0".to_string(),
            Some("Ada".to_string()),
            Some("acct-ada".to_string())
        )]
    );
    // One commit of 85 actions (every size of multi-row insert the writer
    // uses) with two progress marks of the table: every action lands, in
    // order, and the later mark wins.
    let other = format!("t{}", random_hex(6));
    store.commit(vec![create(&other)]).await.unwrap();
    let mut writes: Vec<Write> = (0..85).map(|seq| action(&other, seq)).collect();
    writes.insert(
        10,
        Write::Progress {
            table: other.clone(),
            end_ms: 100,
        },
    );
    writes.push(Write::Progress {
        table: other.clone(),
        end_ms: 900,
    });
    store.commit(writes).await.unwrap();
    assert_eq!(store.action_count(&other).await.unwrap(), 85);
    let stored = listed_unfinished(&store, &other).await;
    let actions = stored.record["actions"].as_array().unwrap();
    assert_eq!(actions.len(), 85);
    assert_eq!(
        actions[84],
        json!({"seat": 0, "at": 840, "action": {"type": "pass", "n": 84}})
    );
    assert_eq!(stored.record["end"], 900);
    // A table's whole life up to now in one commit (SQLite gets it as one
    // script): each write lands, with its own arguments, in order.
    let third = format!("t{}", random_hex(6));
    let mut writes = vec![create(&third)];
    for (seat, name) in [(0, "Bea"), (1, "Cy")] {
        writes.push(Write::SeatTaken {
            table: third.clone(),
            seat,
            token_hash: format!("hash-{name}"),
            name: Some(name.into()),
            account: None,
        });
    }
    writes.push(Write::Status {
        table: third.clone(),
        status: "playing",
    });
    writes.extend((0..70).map(|seq| action(&third, seq)));
    writes.push(Write::Hint {
        table: third.clone(),
        seat: 1,
    });
    writes.push(Write::Progress {
        table: third.clone(),
        end_ms: 777,
    });
    store.commit(writes).await.unwrap();
    let stored = listed_unfinished(&store, &third).await;
    assert_eq!(stored.record["actions"].as_array().unwrap().len(), 70);
    assert_eq!(stored.record["actions"][69]["action"]["n"], 69);
    assert_eq!(stored.record["end"], 777);
    assert_eq!(
        stored.holders,
        vec![
            (0, "hash-Bea".to_string(), Some("Bea".to_string()), None),
            (1, "hash-Cy".to_string(), Some("Cy".to_string()), None),
        ]
    );
    // A batch with a failing write changes nothing (a duplicate action).
    let err = store.commit(vec![action(&id, 200), action(&id, 3)]).await;
    assert!(err.is_err());
    assert_eq!(store.action_count(&id).await.unwrap(), 200);
    // Finishing makes it a record.
    assert!(store.record(&id).await.unwrap().is_none());
    store
        .commit(vec![Write::Finished {
            table: id.clone(),
            record: json!({"game": "towers"}).to_string(),
            outcome: json!({"scores": [1, 0], "winners": [0]}).to_string(),
            ending: json!({"type": "rules"}).to_string(),
            finished_at: 9,
            final_state: Some(json!({"summary": {"id": id}}).to_string()),
        }])
        .await
        .unwrap();
    assert_eq!(
        store.record(&id).await.unwrap().unwrap(),
        json!({"game": "towers"}).to_string()
    );
    // Its last state is kept with it, to serve it once out of memory.
    let archived = store.archived(&id).await.unwrap().unwrap();
    assert_eq!(
        archived.final_state.unwrap(),
        json!({"summary": {"id": id}}).to_string()
    );
    assert_eq!(archived.table.holders[0].2.as_deref(), Some("Ada"));
    assert!(
        store
            .final_states("towers", 10)
            .await
            .unwrap()
            .contains(&json!({"summary": {"id": id}}).to_string())
    );
    assert!(store.archived("no-such-table").await.unwrap().is_none());
    assert!(store.unfinished().await.unwrap().iter().all(|t| t.id != id));
    assert!(
        store
            .finished(
                &stackyard_server::store::FinishedFilter {
                    game: Some("towers".into()),
                    ..Default::default()
                },
                &stackyard_server::dailies::today(),
                500
            )
            .await
            .unwrap()
            .iter()
            .any(|t| t.id == id)
    );
    // Ratings upsert.
    let name = format!("p{}", random_hex(4));
    for games in 1..=2 {
        store
            .commit(vec![Write::Rating {
                game: "towers".into(),
                name: name.clone(),
                rating: 1500.0 + games as f64,
                deviation: 300.0,
                volatility: 0.06,
                games,
            }])
            .await
            .unwrap();
    }
    let r = store.rating("towers", &name).await.unwrap().unwrap();
    assert_eq!((r.games, r.rating), (2, 1502.0));
    // Hints are counted per seat.
    for _ in 0..2 {
        store
            .commit(vec![Write::Hint {
                table: id.clone(),
                seat: 0,
            }])
            .await
            .unwrap();
    }
    assert_eq!(store.hints(&id).await.unwrap(), vec![(0, 2)]);
    // Timer steps come back in version order.
    let step = |version, after_actions, at_ms| Write::TimerStep {
        table: id.clone(),
        version,
        after_actions,
        at_ms,
    };
    store
        .commit(vec![step(7, 3, 900), step(4, 1, 400)])
        .await
        .unwrap();
    let steps = store.timer_steps(&id).await.unwrap();
    assert_eq!(
        steps
            .iter()
            .map(|s| (s.version, s.after_actions, s.at_ms))
            .collect::<Vec<_>>(),
        vec![(4, 1, 400), (7, 3, 900)]
    );
    daily_suite(&store).await;
}

/// Daily entries: one per name and day, results ranked by score, then
/// time, unfinished ones off the board, private while their day lasts.
async fn daily_suite(store: &Store) {
    let game = format!("g{}", random_hex(4));
    let day = "2099-01-02";
    let mut tables = Vec::new();
    for name in ["A", "B", "C", "D"] {
        let table = format!("d{}", random_hex(6));
        store
            .commit(vec![Write::DailyStarted {
                game: game.clone(),
                day: day.into(),
                name: name.into(),
                table: table.clone(),
                started_at: 1,
                // Issue #49: A and B from one browser, the others from none.
                browser: matches!(name, "A" | "B").then(|| "browser-1".to_string()),
            }])
            .await
            .unwrap();
        tables.push(table);
    }
    // A second start under the same name and day is refused.
    let again = store
        .commit(vec![Write::DailyStarted {
            game: game.clone(),
            day: day.into(),
            name: "A".into(),
            table: format!("d{}", random_hex(6)),
            started_at: 2,
            browser: None,
        }])
        .await;
    assert!(again.is_err());
    for (table, score, time_ms, hints) in [
        (&tables[0], -3, 5000, 0),
        (&tables[1], -1, 9000, 2),
        (&tables[2], -1, 4000, 1),
    ] {
        store
            .commit(vec![Write::DailyFinished {
                table: table.clone(),
                score,
                won: score == -1,
                time_ms,
                hints,
                ending: json!({"type": "rules"}).to_string(),
                finished_at: 3,
            }])
            .await
            .unwrap();
    }
    let board = store.daily_board(&game, day, 10).await.unwrap();
    let order: Vec<(&str, Option<i64>, i64)> = board
        .iter()
        .map(|r| (r.name.as_str(), r.score, r.hints))
        .collect();
    assert_eq!(
        order,
        vec![("C", Some(-1), 1), ("B", Some(-1), 2), ("A", Some(-3), 0)]
    );
    assert_eq!(board[0].won, Some(true));
    let d = store.daily_entry(&game, day, "D").await.unwrap().unwrap();
    assert!(!d.finished && d.score.is_none());
    assert_eq!(
        store.daily_of_table(&tables[2]).await.unwrap().unwrap().day,
        day
    );
    assert!(store.daily_of_table("nothing").await.unwrap().is_none());
    // A browser's attempt is its first one (issue #49).
    let first = store.daily_entry_of_browser(&game, day, "browser-1").await;
    assert_eq!(first.unwrap().unwrap().name, "A");
    let none = store.daily_entry_of_browser(&game, day, "browser-2").await;
    assert!(none.unwrap().is_none());
    let private = store.daily_tables_since(day).await.unwrap();
    assert!(tables.iter().all(|t| private.contains(t)));
    let later = store.daily_tables_since("2099-01-03").await.unwrap();
    assert!(tables.iter().all(|t| !later.contains(t)));
}

/// A server over this store: moves acknowledged, the server dropped at
/// once, a new one on the same database has them all.
fn restart_suite(db: &str) {
    let server = start(db);
    let addr = server.addr;
    let rt = client_runtime();
    let (table, token, other, version) = rt.block_on(async move {
        let table = stackyard_common_create(addr).await;
        let (_, t0) = join(addr, &table, "Ada").await;
        let (_, t1) = join(addr, &table, "Brian").await;
        let (mut a, welcome) = Client::connect(addr, &table, Some(&t0)).await;
        let (_b, _) = Client::connect(addr, &table, Some(&t1)).await;
        let id = a.request("offer_draw").await;
        a.next_of("ack").await;
        let _ = (id, welcome);
        let summary = get(addr, &format!("/api/v1/tables/{table}")).await;
        (table, t0, t1, summary["version"].as_u64().unwrap())
    });
    server.kill();
    std::thread::sleep(Duration::from_millis(100));
    let server = start(db);
    let addr = server.addr;
    rt.block_on(async move {
        let summary = get(addr, &format!("/api/v1/tables/{table}")).await;
        assert_eq!(summary["status"], "playing");
        assert_eq!(summary["version"].as_u64(), Some(version));
        let (mut a, welcome) = Client::connect(addr, &table, Some(&token)).await;
        assert_eq!(welcome["viewer"], json!({"type": "seat", "seat": 0}));
        // The acknowledged draw offer stood through the restart: the other
        // seat accepts it and the game ends drawn.
        assert_eq!(welcome["draw_offered_by"], json!(0), "{welcome}");
        let (mut b, _) = Client::connect(addr, &table, Some(&other)).await;
        b.request("accept_draw").await;
        let step = a.next_of("step").await;
        assert_eq!(step["ended"], json!({"type": "draw_agreed"}));
    });
}

async fn stackyard_common_create(addr: std::net::SocketAddr) -> String {
    common::create(addr, json!({"game": "towers"})).await
}

/// A table keeps several commits in flight on its line; once one fails,
/// the later ones of that line fail unwritten (a record never has a hole),
/// and another table's line is not touched.
async fn line_suite(db: &str) {
    let store = Store::open(db).await.expect("the store opens");
    let (id, other) = (format!("t{}", random_hex(6)), format!("t{}", random_hex(6)));
    store
        .commit(vec![create(&id), create(&other)])
        .await
        .unwrap();
    store.commit(vec![action(&id, 0)]).await.unwrap();
    let line = CommitLine::default();
    // Action 0 again: refused by the database (one row per action).
    let fails = store.commit_in_line(vec![action(&id, 0)], &line).unwrap();
    // Action 1 alone would be stored; behind a failure it must not be.
    let behind = store.commit_in_line(vec![action(&id, 1)], &line).unwrap();
    let elsewhere = store
        .commit_in_line(vec![action(&other, 0)], &CommitLine::default())
        .unwrap();
    assert!(
        fails.await.unwrap().is_err(),
        "a duplicate action was stored"
    );
    let behind = behind.await.unwrap();
    assert!(behind.is_err(), "a commit behind a failed one was stored");
    assert!(
        elsewhere.await.unwrap().is_ok(),
        "another table's line failed too"
    );
    let stored: Vec<i64> = store
        .actions_from(&id, 0)
        .await
        .unwrap()
        .iter()
        .map(|a| a.seq)
        .collect();
    assert_eq!(stored, vec![0], "only the first action is stored");
    assert_eq!(store.actions_from(&other, 0).await.unwrap().len(), 1);
    // The line stays broken: a table that lost a step stores nothing more.
    let later = store.commit_in_line(vec![action(&id, 1)], &line).unwrap();
    assert!(later.await.unwrap().is_err());
}

#[tokio::test]
async fn sqlite_line_suite() {
    let dir = temp_dir("store-line");
    line_suite(&db_url(&dir)).await;
}

#[tokio::test]
async fn postgres_line_suite() {
    let Some(url) = postgres_url() else { return };
    line_suite(&url).await;
}

#[tokio::test]
async fn sqlite_store_suite() {
    let dir = temp_dir("store");
    store_suite(&db_url(&dir)).await;
}

#[test]
fn sqlite_restart_suite() {
    let dir = temp_dir("store-restart");
    restart_suite(&db_url(&dir));
}

#[tokio::test]
async fn postgres_store_suite() {
    let Some(url) = postgres_url() else { return };
    store_suite(&url).await;
}

#[test]
fn postgres_restart_suite() {
    let Some(url) = postgres_url() else { return };
    restart_suite(&url);
}

/// A commit never copies SQLite's log back into the database (that made
/// one commit in a thousand pages slow, and every action queued behind
/// it); the store's checkpointer does, on its own connection
/// (`store/checkpoint.rs`).
#[tokio::test]
async fn sqlite_commits_leave_checkpoints_to_the_checkpointer() {
    let dir = temp_dir("store-checkpoint");
    let db = db_url(&dir);
    let store = Store::open(&db).await.expect("the store opens");
    let (autocheckpoint,): (i64,) = sqlx::query_as("PRAGMA wal_autocheckpoint")
        .fetch_one(store.pool())
        .await
        .unwrap();
    assert_eq!(
        autocheckpoint, 0,
        "a connection of the pool would checkpoint in a commit"
    );
    let file_size = || std::fs::metadata(&db).map(|m| m.len()).unwrap_or(0);
    let id = format!("t{}", random_hex(6));
    store.commit(vec![create(&id)]).await.unwrap();
    // Let the checkpointer catch up with the table, then write enough that
    // the database file must grow once the log is copied back.
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let before = file_size();
    for chunk in 0..20 {
        let writes = (0..200).map(|i| action(&id, chunk * 200 + i)).collect();
        store.commit(writes).await.unwrap();
    }
    // No commit comes after these: only the checkpointer can copy the log
    // back now (a commit would, were `wal_autocheckpoint` not 0).
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while file_size() == before {
        assert!(
            std::time::Instant::now() < deadline,
            "nothing copied the log back"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
