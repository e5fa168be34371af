//! `stackyard_server::export` (issue #47): which finished tables a filter
//! lets out, in what order and shape, what stays private, and how a
//! damaged row, a missing file and a closed reader end it. The memory
//! bound over 100 000 records is `tests/export_memory.rs`.

mod common;

use common::{TestDir, temp_dir};
use serde_json::Value;
use stackyard_server::export::{ExportError, Exported, export};
use stackyard_server::store::FinishedFilter as ExportFilter;
use stackyard_server::store::Store;

/// A store with the tables `rows` describes, `(id, game, rated,
/// finished_at, seat names)`, each finished with a small record.
fn store(name: &str, rows: &[(&str, &str, bool, i64, &[&str])]) -> (TestDir, String) {
    let dir = temp_dir(name);
    let db = dir.join("stackyard.db").display().to_string();
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let store = Store::open(&db).await.unwrap();
        drop(store);
        let pool = sqlx::any::AnyPoolOptions::new()
            .max_connections(1)
            .connect(&format!("sqlite://{db}"))
            .await
            .unwrap();
        for (id, game, rated, finished_at, seats) in rows {
            sqlx::query(
                "INSERT INTO game_tables (id, game, seats, rated, header, created_at, creator, status, \
                 record, outcome, ending, finished_at) VALUES ($1, $2, $3, $4, '{}', $5, 'test', 'finished', \
                 $6, '{\"winner\":0}', '{\"reason\":\"done\"}', $7)",
            )
            .bind(id.to_string())
            .bind(game.to_string())
            .bind(serde_json::to_string(seats).unwrap())
            .bind(i64::from(*rated))
            .bind(finished_at - 1000)
            .bind(format!("{{\"game\":\"{game}\",\"seed\":7,\"actions\":[]}}"))
            .bind(*finished_at)
            .execute(&pool)
            .await
            .unwrap();
            for (seat, name) in seats.iter().enumerate() {
                sqlx::query(
                    "INSERT INTO seat_holders (table_id, seat, token_hash, name) VALUES ($1, $2, 'h', $3)",
                )
                .bind(id.to_string())
                .bind(seat as i64)
                .bind(name.to_string())
                .execute(&pool)
                .await
                .unwrap();
            }
        }
        pool.close().await;
    });
    (dir, db)
}

/// Runs one statement over the store at `db`, today's date bound as `$1`.
fn sql(db: &str, statement: &'static str) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let pool = sqlx::any::AnyPoolOptions::new()
            .connect(&format!("sqlite://{db}"))
            .await
            .unwrap();
        sqlx::query(statement)
            .bind(stackyard_server::dailies::today())
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
    });
}

fn run(db: &str, filter: &ExportFilter) -> Result<(Exported, Vec<Value>), ExportError> {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut out = Vec::new();
    let done = rt.block_on(export(db, filter, &mut out))?;
    let text = String::from_utf8(out).unwrap();
    let lines = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    Ok((done, lines))
}

fn ids(lines: &[Value]) -> Vec<&str> {
    lines.iter().map(|l| l["id"].as_str().unwrap()).collect()
}

const DAY: i64 = 86_400_000;

fn rows() -> Vec<(
    &'static str,
    &'static str,
    bool,
    i64,
    &'static [&'static str],
)> {
    vec![
        ("t3", "towers", true, 3 * DAY, &["ann", "bob"]),
        ("t1", "towers", false, DAY, &["ann", "cy"]),
        ("b2", "babel", false, 2 * DAY, &["bob"]),
        ("i2", "icetowers", true, 2 * DAY, &["cy", "bob", "dee"]),
    ]
}

#[test]
fn every_finished_table_goes_out_oldest_first_with_its_record() {
    let (_dir, db) = store("export-all", &rows());
    let (done, lines) = run(&db, &ExportFilter::default()).unwrap();
    assert_eq!(
        done,
        Exported {
            lines: 4,
            closed: false
        }
    );
    // By finish time, then id.
    assert_eq!(ids(&lines), ["t1", "b2", "i2", "t3"]);
    let first = &lines[0];
    assert_eq!(first["game"], "towers");
    assert_eq!(first["rated"], false);
    assert_eq!(first["finished_at"], DAY);
    assert_eq!(first["seats"], serde_json::json!(["ann", "cy"]));
    assert_eq!(first["outcome"]["winner"], 0);
    assert_eq!(
        first["record"]["seed"], 7,
        "the record goes out as JSON, not as a string"
    );
}

#[test]
fn filters_by_game_rated_player_and_days() {
    let (_dir, db) = store("export-filters", &rows());
    let only = |filter: ExportFilter| ids(&run(&db, &filter).unwrap().1).join(",");
    let game = |g: &str| ExportFilter {
        game: Some(g.into()),
        ..Default::default()
    };
    assert_eq!(only(game("towers")), "t1,t3");
    assert_eq!(only(game("speedy")), "");
    assert_eq!(
        only(ExportFilter {
            rated: true,
            ..Default::default()
        }),
        "i2,t3"
    );
    let player = |p: &str| ExportFilter {
        player: Some(p.into()),
        ..Default::default()
    };
    assert_eq!(only(player("bob")), "b2,i2,t3");
    assert_eq!(only(player("dee")), "i2");
    assert_eq!(only(player("nobody")), "");
    let days = ExportFilter {
        since_ms: Some(2 * DAY),
        until_ms: Some(3 * DAY),
        ..Default::default()
    };
    assert_eq!(only(days), "b2,i2", "since is inclusive, until is not");
    let all = ExportFilter {
        game: Some("towers".into()),
        rated: true,
        player: Some("ann".into()),
        since_ms: Some(DAY),
        until_ms: None,
    };
    assert_eq!(only(all), "t3");
}

#[test]
fn more_tables_than_a_page_all_go_out_once_in_order() {
    let many: Vec<(String, i64)> = (0..(stackyard_server::export::PAGE * 2 + 7))
        // Several tables finish at the same moment: the page boundary
        // falls inside such a run and must not repeat or skip one.
        .map(|i| (format!("t{i:04}"), DAY + i / 5))
        .collect();
    let rows: Vec<(&str, &str, bool, i64, &[&str])> = many
        .iter()
        .map(|(id, at)| (id.as_str(), "towers", false, *at, &["ann"][..]))
        .collect();
    let (_dir, db) = store("export-pages", &rows);
    let (done, lines) = run(&db, &ExportFilter::default()).unwrap();
    assert_eq!(done.lines as usize, many.len());
    let got = ids(&lines);
    let want: Vec<&str> = many.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(got, want);
}

#[test]
fn todays_daily_deals_stay_private() {
    let (_dir, db) = store("export-daily", &rows());
    sql(
        &db,
        "INSERT INTO daily_entries (game, day, name, table_id, started_at) VALUES ('babel', $1, 'bob', 'b2', 0)",
    );
    let (_, lines) = run(&db, &ExportFilter::default()).unwrap();
    assert_eq!(ids(&lines), ["t1", "i2", "t3"]);
}

#[test]
fn a_missing_file_is_refused_in_words_and_not_made() {
    let dir = temp_dir("export-missing");
    let db = dir.join("nothing-here.db");
    let e = run(&db.display().to_string(), &ExportFilter::default()).unwrap_err();
    assert!(
        e.to_string().contains("there is no database file at"),
        "{e}"
    );
    assert!(!db.exists(), "the export made a database");
    // A file that is not a store.
    let other = dir.join("notes.db");
    std::fs::write(&other, "not a database").unwrap();
    let e = run(&other.display().to_string(), &ExportFilter::default()).unwrap_err();
    assert!(e.to_string().contains("not"), "{e}");
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "not a database");
}

#[test]
fn a_damaged_record_names_its_table() {
    let (_dir, db) = store("export-damaged", &rows());
    // (Today's date is bound as `$1` and compared with nothing.)
    sql(
        &db,
        "UPDATE game_tables SET record = '{not json' WHERE id = 'i2' AND $1 <> ''",
    );
    let e = run(&db, &ExportFilter::default()).unwrap_err();
    assert!(
        e.to_string()
            .contains("table i2: its stored record is not JSON"),
        "{e}"
    );
}

/// A reader that closes after `left` bytes.
struct Closing {
    left: usize,
}

impl std::io::Write for Closing {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.left == 0 {
            return Err(std::io::ErrorKind::BrokenPipe.into());
        }
        let n = buf.len().min(self.left);
        self.left -= n;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_reader_that_closes_is_a_normal_end() {
    let (_dir, db) = store("export-closed", &rows());
    let rt = tokio::runtime::Runtime::new().unwrap();
    let first = {
        let mut out = Vec::new();
        rt.block_on(export(&db, &ExportFilter::default(), &mut out))
            .unwrap();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .len()
            + 1
    };
    let mut out = Closing { left: first + 10 };
    let done = rt
        .block_on(export(&db, &ExportFilter::default(), &mut out))
        .unwrap();
    assert_eq!(
        done,
        Exported {
            lines: 1,
            closed: true
        }
    );
}

#[test]
fn the_records_route_takes_the_same_filters_newest_first() {
    let (_dir, db) = store("export-route", &rows());
    let server = common::start(&db);
    let addr = server.addr;
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let listed = |path: &'static str| async move {
            let v = common::get(addr, path).await;
            let ids: Vec<String> = v
                .as_array()
                .unwrap_or_else(|| panic!("{path}: {v}"))
                .iter()
                .map(|r| r["id"].as_str().unwrap().to_string())
                .collect();
            ids.join(",")
        };
        // Newest first; of two finished at once, the lower id first.
        assert_eq!(listed("/api/v1/records").await, "t3,b2,i2,t1");
        assert_eq!(listed("/api/v1/records?game=towers").await, "t3,t1");
        assert_eq!(
            listed("/api/v1/records?player=bob&rated=true").await,
            "t3,i2"
        );
        assert_eq!(
            listed("/api/v1/records?since=1970-01-03&until=1970-01-04").await,
            "b2,i2"
        );
        assert_eq!(listed("/api/v1/records?limit=1").await, "t3");
        let (status, body) =
            common::http(addr, "GET", "/api/v1/records?since=tomorrow", None).await;
        assert_eq!(status, 400, "{body}");
        assert!(
            body.contains("since") && body.contains("YYYY-MM-DD"),
            "{body}"
        );
    });
}
