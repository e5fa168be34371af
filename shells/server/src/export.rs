//! Finished public games streamed out of a store as NDJSON (issue #47):
//! what `stackyard export` writes, one finished table a line, oldest
//! first.
//!
//! It reads in pages of [`PAGE`] rows, each page starting after the last
//! row of the one before (by finish time, then id), so its memory does not
//! grow with the store and a server may go on writing beside it (SQLite's
//! WAL lets readers in; the file is opened read-only and never migrated or
//! locked). What the lobby keeps private stays out: today's daily deals,
//! as `GET /api/v1/records` leaves them out.

use crate::store::{FINISHED_WHERE, FinishedFilter, StoreError};
use serde::Serialize;
use serde_json::value::RawValue;
use sqlx::any::AnyPoolOptions;
use sqlx::{AnyPool, Row};
use std::io::Write;

/// Rows read at a time.
pub const PAGE: i64 = 256;

/// One line of the export. The JSON columns go out as stored (checked to
/// be JSON, never rebuilt).
#[derive(Serialize)]
struct Line<'a> {
    id: &'a str,
    game: &'a str,
    rated: bool,
    created_at: i64,
    finished_at: i64,
    seats: &'a RawValue,
    outcome: &'a RawValue,
    ending: &'a RawValue,
    /// The record: seed, settings and actions (with arrival times for the
    /// turnless games), replayable by `stackyard GAME replay`.
    record: &'a RawValue,
}

/// Why an export stopped.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The database given is not there or not a store (the user's to fix).
    #[error("{0}")]
    Open(StoreError),
    /// The database failed while being read.
    #[error("{0}")]
    Store(#[from] StoreError),
    /// A stored row is not what the schema promises.
    #[error("table {id}: its stored {column} is not JSON: {error}")]
    Damaged {
        /// The table.
        id: String,
        /// The column.
        column: &'static str,
        /// What the parser said.
        error: String,
    },
    /// Standard output failed (other than being closed).
    #[error("writing the export: {0}")]
    Write(std::io::Error),
}

/// How an export ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exported {
    /// Lines written.
    pub lines: u64,
    /// The reader closed its end before the last line (a closed pipe is a
    /// normal end: `stackyard export … | head`).
    pub closed: bool,
}

/// Opens `db` to read only: a SQLite file must exist (an export never
/// makes one), a PostgreSQL URL is connected to as given.
async fn open(db: &str) -> Result<AnyPool, StoreError> {
    sqlx::any::install_default_drivers();
    let (url, dialect) = crate::store::database_url_to_read(db)?;
    let pool = AnyPoolOptions::new()
        .max_connections(1)
        .connect(&url)
        .await
        .map_err(|e| match dialect {
            crate::store::Dialect::Sqlite => {
                StoreError::Failed(format!("cannot open the database {db}: {e}"))
            }
            crate::store::Dialect::Postgres => StoreError::from(e),
        })?;
    // A file that is not a Stackyard store says so in words.
    sqlx::query("SELECT 1 FROM game_tables LIMIT 1")
        .fetch_optional(&pool)
        .await
        .map_err(|_| {
            StoreError::Failed(format!("{db} is not a Stackyard database (no game_tables)"))
        })?;
    Ok(pool)
}

/// A page of finished tables after `($7, $8)`, by (finished_at, id).
fn page_sql() -> String {
    format!("{FINISHED_WHERE} AND (finished_at, id) > ($7, $8) ORDER BY finished_at, id LIMIT $9")
}

/// Writes every finished public table `filter` admits to `out`, a line of
/// JSON each, oldest first.
pub async fn export(
    db: &str,
    filter: &FinishedFilter,
    out: &mut impl Write,
) -> Result<Exported, ExportError> {
    let pool = open(db).await.map_err(ExportError::Open)?;
    let today = crate::dailies::today();
    let mut after: (i64, String) = (i64::MIN, String::new());
    let mut lines = 0;
    let sql = page_sql();
    loop {
        let rows = filter
            .bind(sqlx::query(sqlx::AssertSqlSafe(sql.as_str())), &today)
            .bind(after.0)
            .bind(after.1.clone())
            .bind(PAGE)
            .fetch_all(&pool)
            .await
            .map_err(StoreError::from)?;
        let Some(last) = rows.last() else {
            break;
        };
        after = (
            last.try_get("finished_at").map_err(StoreError::from)?,
            last.try_get("id").map_err(StoreError::from)?,
        );
        for row in &rows {
            if let Err(e) = write_line(row, out)? {
                return cut_short(e, lines);
            }
            lines += 1;
        }
        if (rows.len() as i64) < PAGE {
            break;
        }
    }
    if let Err(e) = out.flush() {
        return cut_short(e, lines);
    }
    pool.close().await;
    Ok(Exported {
        lines,
        closed: false,
    })
}

/// A write that failed after `lines` lines: a reader that closed its end
/// is a normal end, anything else an error.
fn cut_short(e: std::io::Error, lines: u64) -> Result<Exported, ExportError> {
    match e.kind() {
        std::io::ErrorKind::BrokenPipe => Ok(Exported {
            lines,
            closed: true,
        }),
        _ => Err(ExportError::Write(e)),
    }
}

/// One row as a line; the outer error is a damaged row, the inner one the
/// writer's.
fn write_line(
    row: &sqlx::any::AnyRow,
    out: &mut impl Write,
) -> Result<Result<(), std::io::Error>, ExportError> {
    let text = |column: &'static str| -> Result<String, ExportError> {
        row.try_get::<Option<String>, _>(column)
            .map_err(StoreError::from)
            .map(Option::unwrap_or_default)
            .map_err(ExportError::from)
    };
    let id = text("id")?;
    let json = |column: &'static str, value: &str| -> Result<Box<RawValue>, ExportError> {
        RawValue::from_string(value.to_string()).map_err(|e| ExportError::Damaged {
            id: id.clone(),
            column,
            error: e.to_string(),
        })
    };
    let (seats, outcome, ending, record) = (
        text("seats")?,
        text("outcome")?,
        text("ending")?,
        text("record")?,
    );
    let line = Line {
        id: &id,
        game: &text("game")?,
        rated: row.try_get::<i64, _>("rated").map_err(StoreError::from)? != 0,
        created_at: row.try_get("created_at").map_err(StoreError::from)?,
        finished_at: row.try_get("finished_at").map_err(StoreError::from)?,
        seats: &json("seats", &seats)?,
        outcome: &json("outcome", &outcome)?,
        ending: &json("ending", &ending)?,
        record: &json("record", &record)?,
    };
    let mut bytes = serde_json::to_vec(&line).map_err(|e| ExportError::Damaged {
        id: id.clone(),
        column: "record",
        error: e.to_string(),
    })?;
    bytes.push(b'\n');
    Ok(out.write_all(&bytes))
}
