//! Storage through sqlx: SQLite (WAL, synchronous flushes) by default,
//! PostgreSQL for `postgres://` URLs, one schema folder per dialect.
//!
//! Every write goes through one writer task. It takes everything that has
//! arrived since its last commit (from any number of tables) and commits it
//! in one transaction, then answers each caller: durability costs one flush
//! per batch, not one per action. Callers acknowledge nothing before their
//! commit has answered.

use sqlx::any::AnyPoolOptions;
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::pool::PoolConnection;
use sqlx::{AnyConnection, AnyPool, Connection};
use sqlx::{AssertSqlSafe, Row, SqlSafeStr};
use std::collections::HashMap;
use std::sync::OnceLock;
use std::time::Instant;
use tokio::sync::{mpsc, oneshot};

/// Which SQL the database speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// An embedded SQLite file.
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

/// A storage failure, as text (it is logged and reported, never matched).
#[derive(Debug, Clone, thiserror::Error)]
#[error("storage: {0}")]
pub struct StoreError(pub String);

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        StoreError(e.to_string())
    }
}

/// One change to store. A batch of them commits together or not at all.
#[derive(Debug, Clone)]
pub enum Write {
    /// A new table, with its record as created (no actions yet).
    CreateTable {
        /// Table id.
        id: String,
        /// Game name.
        game: String,
        /// The seats as created (JSON).
        seats: String,
        /// The turn clock (JSON), if any.
        clock: Option<String>,
        /// Whether the game is rated.
        rated: bool,
        /// The record at creation (JSON).
        header: String,
        /// Unix ms.
        created_at: i64,
        /// The address that created it.
        creator: String,
    },
    /// Somebody took a seat.
    SeatTaken {
        /// Table id.
        table: String,
        /// Seat index.
        seat: i64,
        /// Hash of the seat's token.
        token_hash: String,
        /// The name they go by.
        name: Option<String>,
    },
    /// A table's status changed (`open`, `playing`).
    Status {
        /// Table id.
        table: String,
        /// New status.
        status: &'static str,
    },
    /// An accepted action.
    Action {
        /// Table id.
        table: String,
        /// Its index in the record (0-based).
        seq: i64,
        /// Who acted.
        seat: i64,
        /// Game time it was applied at, ms.
        at_ms: i64,
        /// The action (JSON).
        action: String,
    },
    /// Timers fired up to this game time (a replay fires them again).
    Progress {
        /// Table id.
        table: String,
        /// Game time, ms.
        end_ms: i64,
    },
    /// The game ended.
    Finished {
        /// Table id.
        table: String,
        /// The full record (JSON).
        record: String,
        /// The outcome (JSON).
        outcome: String,
        /// The ending (JSON).
        ending: String,
        /// Unix ms.
        finished_at: i64,
        /// The table's last state as it is served from the store (JSON:
        /// see `tables::archive`).
        final_state: Option<String>,
    },
    /// A finished table's last state, worked out after the fact (a table
    /// finished before the state was stored with it).
    FinalState {
        /// Table id.
        table: String,
        /// See [`Write::Finished::final_state`].
        final_state: String,
    },
    /// A player's new rating in a game.
    Rating {
        /// Game name.
        game: String,
        /// Player name.
        name: String,
        /// Rating.
        rating: f64,
        /// Deviation (Glicko-2) or uncertainty (Weng-Lin).
        deviation: f64,
        /// Volatility (Glicko-2; 0 for Weng-Lin).
        volatility: f64,
        /// Rated games played.
        games: i64,
    },
    /// A server-wide setting.
    Setting {
        /// Key.
        key: String,
        /// Value.
        value: String,
    },
    /// A seat offered a draw (`Some`), or the offer lapsed (`None`): an
    /// acknowledged offer survives a restart.
    DrawOffer {
        /// Table id.
        table: String,
        /// The offering seat.
        seat: Option<i64>,
    },
    /// A seat asked for a hint (counted before it is answered).
    Hint {
        /// Table id.
        table: String,
        /// Seat index.
        seat: i64,
    },
    /// Timers fired outside any action: a resumed table fires them at the
    /// same moment again, so its version numbers stay the same.
    TimerStep {
        /// Table id.
        table: String,
        /// The table's version after the step.
        version: i64,
        /// Accepted actions before it.
        after_actions: i64,
        /// Game time, ms.
        at_ms: i64,
    },
    /// Somebody started a daily deal (one attempt per name and day).
    DailyStarted {
        /// Game name.
        game: String,
        /// The UTC day, `YYYY-MM-DD`.
        day: String,
        /// Player name.
        name: String,
        /// Their table.
        table: String,
        /// Unix ms.
        started_at: i64,
    },
    /// A daily deal's table ended: its result goes on the day's board.
    DailyFinished {
        /// The table.
        table: String,
        /// The seat's score (the game's own, higher is better).
        score: i64,
        /// Whether the seat won.
        won: bool,
        /// Game time taken, ms.
        time_ms: i64,
        /// Hints asked.
        hints: i64,
        /// How it ended (JSON).
        ending: String,
        /// Unix ms.
        finished_at: i64,
    },
}

/// An unfinished table as stored, enough to rebuild it.
#[derive(Debug, Clone)]
pub struct StoredTable {
    /// Table id.
    pub id: String,
    /// Game name.
    pub game: String,
    /// Seats (JSON).
    pub seats: String,
    /// Turn clock (JSON).
    pub clock: Option<String>,
    /// Rated?
    pub rated: bool,
    /// The record with every stored action and `end` (JSON).
    pub record: serde_json::Value,
    /// Unix ms.
    pub created_at: i64,
    /// Creator address.
    pub creator: String,
    /// `open` or `playing`.
    pub status: String,
    /// Seat holders: (seat, token hash, name).
    pub holders: Vec<(usize, String, Option<String>)>,
    /// The seat whose draw offer stands, if any.
    pub draw_offer: Option<usize>,
}

/// A finished table as the store serves it once it has left memory.
#[derive(Debug, Clone)]
pub struct ArchivedTable {
    /// Its last state (JSON), if it was stored with it.
    pub final_state: Option<String>,
    /// Its stored row and seat holders, and its record (`record`), to
    /// work the last state out when it was not stored.
    pub table: StoredTable,
}

/// A finished table, as listed.
#[derive(Debug, Clone)]
pub struct FinishedTable {
    /// Table id.
    pub id: String,
    /// Game name.
    pub game: String,
    /// Unix ms.
    pub created_at: i64,
    /// Unix ms.
    pub finished_at: i64,
    /// Outcome JSON.
    pub outcome: String,
    /// Ending JSON.
    pub ending: String,
    /// Seats JSON.
    pub seats: String,
}

/// A rating row.
#[derive(Debug, Clone)]
pub struct RatingRow {
    /// Player name.
    pub name: String,
    /// Rating.
    pub rating: f64,
    /// Deviation.
    pub deviation: f64,
    /// Volatility.
    pub volatility: f64,
    /// Games.
    pub games: i64,
}

struct Job {
    writes: Vec<Write>,
    done: oneshot::Sender<Result<(), StoreError>>,
}

/// The database and its one writer.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    dialect: Dialect,
    writer: mpsc::UnboundedSender<Job>,
}

/// Turns what a user typed into a URL sqlx takes: a bare path is a SQLite
/// file (created with its folder).
pub fn database_url(db: &str) -> Result<(String, Dialect), StoreError> {
    if db.starts_with("postgres://") || db.starts_with("postgresql://") {
        return Ok((db.to_string(), Dialect::Postgres));
    }
    let path = db
        .strip_prefix("sqlite://")
        .or_else(|| db.strip_prefix("sqlite:"))
        .unwrap_or(db);
    let path = path.split('?').next().unwrap_or(path);
    if path.is_empty() || path.contains(":memory:") {
        return Err(StoreError(
            "give the SQLite database a file: an in-memory one would lose every game".into(),
        ));
    }
    if let Some(parent) = std::path::Path::new(path).parent()
        && !parent.as_os_str().is_empty()
    {
        std::fs::create_dir_all(parent)
            .map_err(|e| StoreError(format!("cannot create {}: {e}", parent.display())))?;
    }
    Ok((format!("sqlite://{path}?mode=rwc"), Dialect::Sqlite))
}

fn migrator(dialect: Dialect) -> Migrator {
    let sql: [&'static str; 5] = match dialect {
        Dialect::Sqlite => [
            include_str!("../migrations/sqlite/0001_tables.sql"),
            include_str!("../migrations/sqlite/0002_daily_hints_timers.sql"),
            include_str!("../migrations/sqlite/0003_draw_offers.sql"),
            include_str!("../migrations/sqlite/0004_final_state.sql"),
            include_str!("../migrations/sqlite/0005_daily_name_key.sql"),
        ],
        Dialect::Postgres => [
            include_str!("../migrations/postgres/0001_tables.sql"),
            include_str!("../migrations/postgres/0002_daily_hints_timers.sql"),
            include_str!("../migrations/postgres/0003_draw_offers.sql"),
            include_str!("../migrations/postgres/0004_final_state.sql"),
            include_str!("../migrations/postgres/0005_daily_name_key.sql"),
        ],
    };
    let names = [
        "tables",
        "daily_hints_timers",
        "draw_offers",
        "final_state",
        "daily_name_key",
    ];
    Migrator::with_migrations(
        sql.into_iter()
            .zip(names)
            .enumerate()
            .map(|(i, (sql, name))| {
                Migration::new(
                    i as i64 + 1,
                    name.into(),
                    MigrationType::Simple,
                    AssertSqlSafe(sql).into_sql_str(),
                    false,
                )
            })
            .collect(),
    )
}

impl Store {
    /// Opens (creating if need be) the database at `db` and starts its
    /// writer.
    pub async fn open(db: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let (url, dialect) = database_url(db)?;
        let pool = AnyPoolOptions::new()
            .max_connections(if dialect == Dialect::Sqlite { 4 } else { 8 })
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if dialect == Dialect::Sqlite {
                        // Every commit is flushed before it is acknowledged.
                        sqlx::query("PRAGMA synchronous = FULL")
                            .execute(&mut *conn)
                            .await?;
                        sqlx::query("PRAGMA busy_timeout = 10000")
                            .execute(&mut *conn)
                            .await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await?;
        if dialect == Dialect::Sqlite {
            sqlx::query("PRAGMA journal_mode = WAL")
                .execute(&pool)
                .await?;
        }
        migrator(dialect)
            .run(&pool)
            .await
            .map_err(|e| StoreError(format!("migrating the schema: {e}")))?;
        let (writer, jobs) = mpsc::unbounded_channel();
        tokio::spawn(write_loop(pool.clone(), jobs));
        Ok(Store {
            pool,
            dialect,
            writer,
        })
    }

    /// Which SQL this store speaks.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Commits `writes` together (and with whatever else arrived at the
    /// same time); returns once they are durable.
    pub async fn commit(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        if writes.is_empty() {
            return Ok(());
        }
        let (done, answer) = oneshot::channel();
        self.writer
            .send(Job { writes, done })
            .map_err(|_| StoreError("the writer has stopped".into()))?;
        answer
            .await
            .map_err(|_| StoreError("the writer dropped a commit".into()))?
    }

    /// Every table not yet finished, with its actions, to resume.
    pub async fn unfinished(&self) -> Result<Vec<StoredTable>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, game, seats, clock, rated, header, created_at, creator, status, end_ms, \
             draw_offer FROM game_tables WHERE status <> 'finished' ORDER BY created_at, id",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut tables = Vec::new();
        for row in rows {
            let id: String = row.try_get("id")?;
            let header: String = row.try_get("header")?;
            let end_ms: Option<i64> = row.try_get("end_ms")?;
            let header: serde_json::Value = serde_json::from_str(&header)
                .map_err(|e| StoreError(format!("table {id}: bad header: {e}")))?;
            let mut record = stackyard_core::ErasedRecord::parse(&header)
                .map_err(|e| StoreError(format!("table {id}: bad header: {e}")))?;
            let actions = sqlx::query(
                "SELECT seat, at_ms, action FROM actions WHERE table_id = $1 ORDER BY seq",
            )
            .bind(id.clone())
            .fetch_all(&self.pool)
            .await?;
            record.actions.reserve(actions.len());
            let mut last = 0i64;
            for a in actions {
                let seat: i64 = a.try_get("seat")?;
                let at: i64 = a.try_get("at_ms")?;
                let action: String = a.try_get("action")?;
                let action: serde_json::Value = serde_json::from_str(&action)
                    .map_err(|e| StoreError(format!("table {id}: bad action: {e}")))?;
                let seat = u8::try_from(seat)
                    .map_err(|_| StoreError(format!("table {id}: bad seat {seat}")))?;
                let time = u64::try_from(at)
                    .map_err(|_| StoreError(format!("table {id}: bad action time {at}")))?;
                last = last.max(at);
                record.push(
                    stackyard_core::Seat(seat),
                    stackyard_core::GameTime::from_millis(time),
                    action,
                );
            }
            if let Some(end) = end_ms.filter(|&e| e > last) {
                record.end = u64::try_from(end)
                    .ok()
                    .map(stackyard_core::GameTime::from_millis);
            }
            let record = record.to_json();
            let holders = self.holders(&id).await?;
            let rated: i64 = row.try_get("rated")?;
            let draw_offer: Option<i64> = row.try_get("draw_offer")?;
            tables.push(StoredTable {
                id,
                game: row.try_get("game")?,
                seats: row.try_get("seats")?,
                clock: row.try_get("clock")?,
                rated: rated != 0,
                record,
                created_at: row.try_get("created_at")?,
                creator: row.try_get("creator")?,
                status: row.try_get("status")?,
                holders,
                draw_offer: draw_offer.and_then(|s| usize::try_from(s).ok()),
            });
        }
        Ok(tables)
    }

    /// Who holds each taken seat of a table: seat, token hash, name.
    async fn holders(&self, id: &str) -> Result<Vec<(usize, String, Option<String>)>, StoreError> {
        sqlx::query(
            "SELECT seat, token_hash, name FROM seat_holders WHERE table_id = $1 ORDER BY seat",
        )
        .bind(id.to_string())
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(|h| -> Result<_, StoreError> {
            let seat: i64 = h.try_get("seat")?;
            Ok((seat as usize, h.try_get("token_hash")?, h.try_get("name")?))
        })
        .collect()
    }

    /// The record of a finished table (JSON text); `Ok(None)` if there is
    /// no such finished table.
    pub async fn record(&self, id: &str) -> Result<Option<String>, StoreError> {
        let row =
            sqlx::query("SELECT record FROM game_tables WHERE id = $1 AND status = 'finished'")
                .bind(id.to_string())
                .fetch_optional(&self.pool)
                .await?;
        match row {
            Some(row) => Ok(row.try_get("record")?),
            None => Ok(None),
        }
    }

    /// A finished table as it is served once it has left memory; `Ok(None)`
    /// if there is no such finished table.
    pub async fn archived(&self, id: &str) -> Result<Option<ArchivedTable>, StoreError> {
        let Some(row) = sqlx::query(
            "SELECT final_state, game, seats, clock, rated, created_at, creator, record \
             FROM game_tables WHERE id = $1 AND status = 'finished'",
        )
        .bind(id.to_string())
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let holders = self.holders(id).await?;
        let rated: i64 = row.try_get("rated")?;
        let record: Option<String> = row.try_get("record")?;
        Ok(Some(ArchivedTable {
            final_state: row.try_get("final_state")?,
            table: StoredTable {
                id: id.to_string(),
                game: row.try_get("game")?,
                seats: row.try_get("seats")?,
                clock: row.try_get("clock")?,
                rated: rated != 0,
                record: record
                    .as_deref()
                    .map(serde_json::from_str)
                    .transpose()
                    .map_err(|e| StoreError(format!("table {id}: bad record: {e}")))?
                    .unwrap_or(serde_json::Value::Null),
                created_at: row.try_get("created_at")?,
                creator: row.try_get("creator")?,
                status: "finished".into(),
                holders,
                draw_offer: None,
            },
        }))
    }

    /// The last states of finished tables (JSON text), newest created
    /// first; `game` empty for every game.
    pub async fn final_states(&self, game: &str, limit: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT final_state FROM game_tables WHERE status = 'finished' \
             AND final_state IS NOT NULL AND ($1 = '' OR game = $1) \
             ORDER BY created_at DESC, id LIMIT $2",
        )
        .bind(game.to_string())
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| Ok(r.try_get("final_state")?))
            .collect()
    }

    /// Finished tables whose last state is not stored (finished before it
    /// was), oldest first, at most `limit`.
    pub async fn finished_without_state(&self, limit: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM game_tables WHERE status = 'finished' AND final_state IS NULL \
             ORDER BY created_at, id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter().map(|r| Ok(r.try_get("id")?)).collect()
    }

    /// How many actions are stored for a table.
    pub async fn action_count(&self, id: &str) -> Result<i64, StoreError> {
        let row = sqlx::query("SELECT COUNT(*) AS n FROM actions WHERE table_id = $1")
            .bind(id.to_string())
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get("n")?)
    }

    /// Finished tables, newest first.
    pub async fn finished(
        &self,
        game: Option<&str>,
        limit: i64,
    ) -> Result<Vec<FinishedTable>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, game, created_at, finished_at, outcome, ending, seats FROM game_tables \
             WHERE status = 'finished' AND ($1 = '' OR game = $1) \
             ORDER BY finished_at DESC, id LIMIT $2",
        )
        .bind(game.unwrap_or("").to_string())
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| {
                Ok(FinishedTable {
                    id: r.try_get("id")?,
                    game: r.try_get("game")?,
                    created_at: r.try_get("created_at")?,
                    finished_at: r.try_get::<Option<i64>, _>("finished_at")?.unwrap_or(0),
                    outcome: r
                        .try_get::<Option<String>, _>("outcome")?
                        .unwrap_or_default(),
                    ending: r
                        .try_get::<Option<String>, _>("ending")?
                        .unwrap_or_default(),
                    seats: r.try_get("seats")?,
                })
            })
            .collect()
    }

    /// A game's leaderboard, best first.
    pub async fn ratings(&self, game: &str, limit: i64) -> Result<Vec<RatingRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT name, rating, deviation, volatility, games FROM ratings WHERE game = $1 \
             ORDER BY rating DESC, name LIMIT $2",
        )
        .bind(game.to_string())
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter().map(rating_row).collect()
    }

    /// One player's rating in a game.
    pub async fn rating(&self, game: &str, name: &str) -> Result<Option<RatingRow>, StoreError> {
        let row = sqlx::query(
            "SELECT name, rating, deviation, volatility, games FROM ratings \
             WHERE game = $1 AND name = $2",
        )
        .bind(game.to_string())
        .bind(name.to_string())
        .fetch_optional(&self.pool)
        .await?;
        row.map(rating_row).transpose()
    }

    /// A server-wide setting.
    pub async fn setting(&self, key: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT value FROM settings_kv WHERE key = $1")
            .bind(key.to_string())
            .fetch_optional(&self.pool)
            .await?;
        match row {
            Some(r) => Ok(Some(r.try_get("value")?)),
            None => Ok(None),
        }
    }
}

fn rating_row(r: sqlx::any::AnyRow) -> Result<RatingRow, StoreError> {
    Ok(RatingRow {
        name: r.try_get("name")?,
        rating: r.try_get("rating")?,
        deviation: r.try_get("deviation")?,
        volatility: r.try_get("volatility")?,
        games: r.try_get("games")?,
    })
}

/// The one writer: batches whatever is waiting into one transaction.
async fn write_loop(pool: AnyPool, mut jobs: mpsc::UnboundedReceiver<Job>) {
    const MAX_BATCH: usize = 4096;
    // The writer keeps one connection: taking one from the pool for each
    // batch would check its health (a round trip) every time. A failed
    // commit gives it back, and the next batch takes a fresh one.
    let mut writer: Option<PoolConnection<sqlx::Any>> = None;
    while let Some(first) = jobs.recv().await {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let started = Instant::now();
        let writes: usize = batch.iter().map(|j| j.writes.len()).sum();
        let result = match writer.take() {
            Some(conn) => Ok(conn),
            None => pool.acquire().await.map_err(StoreError::from),
        };
        let result = match result {
            Ok(mut conn) => {
                let r = commit_batch(&mut conn, &batch).await;
                if r.is_ok() {
                    writer = Some(conn);
                }
                r
            }
            Err(e) => Err(e),
        };
        metrics::histogram!("stackyard_commit_batch_jobs").record(batch.len() as f64);
        metrics::histogram!("stackyard_commit_batch_writes").record(writes as f64);
        metrics::histogram!("stackyard_commit_seconds").record(started.elapsed().as_secs_f64());
        match result {
            Ok(()) => {
                for job in batch {
                    let _ = job.done.send(Ok(()));
                }
            }
            Err(e) if batch.len() > 1 => {
                // One bad job must not sink the others: retry one by one.
                tracing::warn!(error = %e, jobs = batch.len(), "batch commit failed; retrying singly");
                for job in batch {
                    let r = match pool.acquire().await {
                        Ok(mut conn) => commit_batch(&mut conn, std::slice::from_ref(&job)).await,
                        Err(e) => Err(e.into()),
                    };
                    let _ = job.done.send(r);
                }
            }
            Err(e) => {
                tracing::error!(error = %e, "commit failed");
                for job in batch {
                    let _ = job.done.send(Err(e.clone()));
                }
            }
        }
    }
}

/// Commits a batch in one transaction. Each statement is a round trip to
/// the database (for SQLite, to its worker thread, which on a busy machine
/// waits for a core each time), so the batch's actions go in a few
/// multi-row inserts, and of the timer progress of a table only the
/// latest is written. Actions are inserted after the other writes: none of
/// those reads them, and a table's row exists before its actions do.
async fn commit_batch(conn: &mut AnyConnection, batch: &[Job]) -> Result<(), StoreError> {
    let writes = || batch.iter().flat_map(|job| job.writes.iter());
    let mut latest_progress: HashMap<&str, usize> = HashMap::new();
    for (i, write) in writes().enumerate() {
        if let Write::Progress { table, .. } = write {
            latest_progress.insert(table, i);
        }
    }
    let mut tx = conn.begin().await?;
    let mut actions = Vec::new();
    for (i, write) in writes().enumerate() {
        match write {
            Write::Action { .. } => actions.push(write),
            Write::Progress { table, .. } if latest_progress.get(table.as_str()) != Some(&i) => {}
            _ => apply(&mut tx, write).await?,
        }
    }
    insert_actions(&mut tx, &actions).await?;
    tx.commit().await?;
    Ok(())
}

/// Rows per multi-row insert of actions: a few fixed sizes, so that a
/// handful of prepared statements serve every batch.
const ACTION_ROWS: [usize; 7] = [64, 32, 16, 8, 4, 2, 1];

/// `INSERT INTO actions ... VALUES (...), ...` with `rows` rows.
fn action_insert(rows: usize) -> &'static str {
    static SQL: OnceLock<Vec<String>> = OnceLock::new();
    let sql = SQL.get_or_init(|| {
        ACTION_ROWS
            .iter()
            .map(|&n| {
                let rows: Vec<String> = (0..n)
                    .map(|r| {
                        let p = r * 5;
                        format!(
                            "(${}, ${}, ${}, ${}, ${})",
                            p + 1,
                            p + 2,
                            p + 3,
                            p + 4,
                            p + 5
                        )
                    })
                    .collect();
                format!(
                    "INSERT INTO actions (table_id, seq, seat, at_ms, action) VALUES {}",
                    rows.join(", ")
                )
            })
            .collect()
    });
    let i = ACTION_ROWS
        .iter()
        .position(|&n| n == rows)
        .unwrap_or(ACTION_ROWS.len() - 1);
    sql[i].as_str()
}

async fn insert_actions(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    actions: &[&Write],
) -> Result<(), StoreError> {
    let mut rest = actions;
    while !rest.is_empty() {
        let rows = ACTION_ROWS
            .iter()
            .copied()
            .find(|&n| n <= rest.len())
            .unwrap_or(1);
        let (chunk, tail) = rest.split_at(rows);
        let mut query = sqlx::query(action_insert(rows));
        for write in chunk {
            if let Write::Action {
                table,
                seq,
                seat,
                at_ms,
                action,
            } = write
            {
                query = query
                    .bind(table.clone())
                    .bind(*seq)
                    .bind(*seat)
                    .bind(*at_ms)
                    .bind(action.clone());
            }
        }
        query.execute(&mut **tx).await?;
        rest = tail;
    }
    Ok(())
}

async fn apply(tx: &mut sqlx::Transaction<'_, sqlx::Any>, write: &Write) -> Result<(), StoreError> {
    let conn = &mut **tx;
    match write.clone() {
        Write::CreateTable {
            id,
            game,
            seats,
            clock,
            rated,
            header,
            created_at,
            creator,
        } => {
            sqlx::query(
                "INSERT INTO game_tables (id, game, seats, clock, rated, header, created_at, creator, status) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'open')",
            )
            .bind(id)
            .bind(game)
            .bind(seats)
            .bind(clock)
            .bind(rated as i64)
            .bind(header)
            .bind(created_at)
            .bind(creator)
            .execute(conn)
            .await?;
        }
        Write::SeatTaken {
            table,
            seat,
            token_hash,
            name,
        } => {
            sqlx::query(
                "INSERT INTO seat_holders (table_id, seat, token_hash, name) VALUES ($1, $2, $3, $4)",
            )
            .bind(table)
            .bind(seat)
            .bind(token_hash)
            .bind(name)
            .execute(conn)
            .await?;
        }
        Write::Status { table, status } => {
            sqlx::query("UPDATE game_tables SET status = $1 WHERE id = $2")
                .bind(status)
                .bind(table)
                .execute(conn)
                .await?;
        }
        Write::Action {
            table,
            seq,
            seat,
            at_ms,
            action,
        } => {
            sqlx::query(
                "INSERT INTO actions (table_id, seq, seat, at_ms, action) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(table)
            .bind(seq)
            .bind(seat)
            .bind(at_ms)
            .bind(action)
            .execute(conn)
            .await?;
        }
        Write::Progress { table, end_ms } => {
            sqlx::query("UPDATE game_tables SET end_ms = $1 WHERE id = $2")
                .bind(end_ms)
                .bind(table)
                .execute(conn)
                .await?;
        }
        Write::Finished {
            table,
            record,
            outcome,
            ending,
            finished_at,
            final_state,
        } => {
            sqlx::query(
                "UPDATE game_tables SET status = 'finished', record = $1, outcome = $2, ending = $3, \
                 finished_at = $4, final_state = $5 WHERE id = $6",
            )
            .bind(record)
            .bind(outcome)
            .bind(ending)
            .bind(finished_at)
            .bind(final_state)
            .bind(table)
            .execute(conn)
            .await?;
        }
        Write::FinalState { table, final_state } => {
            sqlx::query("UPDATE game_tables SET final_state = $1 WHERE id = $2")
                .bind(final_state)
                .bind(table)
                .execute(conn)
                .await?;
        }
        Write::Rating {
            game,
            name,
            rating,
            deviation,
            volatility,
            games,
        } => {
            sqlx::query(
                "INSERT INTO ratings (game, name, rating, deviation, volatility, games) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game, name) DO UPDATE SET \
                 rating = excluded.rating, deviation = excluded.deviation, \
                 volatility = excluded.volatility, games = excluded.games",
            )
            .bind(game)
            .bind(name)
            .bind(rating)
            .bind(deviation)
            .bind(volatility)
            .bind(games)
            .execute(conn)
            .await?;
        }
        Write::Setting { key, value } => {
            sqlx::query(
                "INSERT INTO settings_kv (key, value) VALUES ($1, $2) \
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            )
            .bind(key)
            .bind(value)
            .execute(conn)
            .await?;
        }
        Write::DrawOffer { table, seat } => {
            sqlx::query("UPDATE game_tables SET draw_offer = $1 WHERE id = $2")
                .bind(seat)
                .bind(table)
                .execute(conn)
                .await?;
        }
        Write::Hint { table, seat } => {
            sqlx::query(
                "UPDATE seat_holders SET hints = hints + 1 WHERE table_id = $1 AND seat = $2",
            )
            .bind(table)
            .bind(seat)
            .execute(conn)
            .await?;
        }
        Write::TimerStep {
            table,
            version,
            after_actions,
            at_ms,
        } => {
            sqlx::query(
                "INSERT INTO timer_steps (table_id, version, after_actions, at_ms) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(table)
            .bind(version)
            .bind(after_actions)
            .bind(at_ms)
            .execute(conn)
            .await?;
        }
        Write::DailyStarted {
            game,
            day,
            name,
            table,
            started_at,
        } => {
            // issue #29: one attempt per person, known by their name's key.
            let name_key = crate::names::key(&name);
            sqlx::query(
                "INSERT INTO daily_entries (game, day, name, table_id, started_at, name_key) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(game)
            .bind(day)
            .bind(name)
            .bind(table)
            .bind(started_at)
            .bind(name_key)
            .execute(conn)
            .await?;
        }
        Write::DailyFinished {
            table,
            score,
            won,
            time_ms,
            hints,
            ending,
            finished_at,
        } => {
            sqlx::query(
                "UPDATE daily_entries SET finished = 1, score = $1, won = $2, time_ms = $3, \
                 hints = $4, ending = $5, finished_at = $6 WHERE table_id = $7",
            )
            .bind(score)
            .bind(won as i64)
            .bind(time_ms)
            .bind(hints)
            .bind(ending)
            .bind(finished_at)
            .bind(table)
            .execute(conn)
            .await?;
        }
    }
    Ok(())
}

/// A timer step as stored: replayed at the same place and time on resume.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimerStepRow {
    /// The version after it.
    pub version: u64,
    /// Accepted actions before it.
    pub after_actions: u64,
    /// Game time, ms.
    pub at_ms: u64,
}

/// One attempt at a daily deal.
#[derive(Debug, Clone, PartialEq)]
pub struct DailyRow {
    /// Player name.
    pub name: String,
    /// Their table.
    pub table: String,
    /// Whether it has ended.
    pub finished: bool,
    /// The game's score for the seat (higher is better), once ended.
    pub score: Option<i64>,
    /// Whether the seat won, once ended.
    pub won: Option<bool>,
    /// Game time taken, ms, once ended.
    pub time_ms: Option<i64>,
    /// Hints asked.
    pub hints: i64,
    /// How it ended (JSON), once ended.
    pub ending: Option<String>,
    /// Unix ms.
    pub finished_at: Option<i64>,
    /// The UTC day.
    pub day: String,
}

/// Reads for the features beside the core: hints, timer steps, daily deals.
impl Store {
    /// Hints asked per seat of a table: (seat, hints).
    pub async fn hints(&self, table: &str) -> Result<Vec<(usize, u32)>, StoreError> {
        let rows = sqlx::query(
            "SELECT seat, hints FROM seat_holders WHERE table_id = $1 AND hints > 0 ORDER BY seat",
        )
        .bind(table.to_string())
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| {
                let seat: i64 = r.try_get("seat")?;
                let hints: i64 = r.try_get("hints")?;
                Ok((seat as usize, hints.clamp(0, u32::MAX as i64) as u32))
            })
            .collect()
    }

    /// A table's timer steps, in order.
    pub async fn timer_steps(&self, table: &str) -> Result<Vec<TimerStepRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT version, after_actions, at_ms FROM timer_steps WHERE table_id = $1 \
             ORDER BY version",
        )
        .bind(table.to_string())
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| {
                let version: i64 = r.try_get("version")?;
                let after: i64 = r.try_get("after_actions")?;
                let at: i64 = r.try_get("at_ms")?;
                Ok(TimerStepRow {
                    version: version.max(0) as u64,
                    after_actions: after.max(0) as u64,
                    at_ms: at.max(0) as u64,
                })
            })
            .collect()
    }

    /// The attempt `name` (or a name with the same [`crate::names::key`])
    /// made at `game`'s deal of `day`, if any.
    pub async fn daily_entry(
        &self,
        game: &str,
        day: &str,
        name: &str,
    ) -> Result<Option<DailyRow>, StoreError> {
        let row = sqlx::query(DAILY_SELECT_ONE)
            .bind(game.to_string())
            .bind(day.to_string())
            .bind(crate::names::key(name))
            .bind(name.to_string())
            .fetch_optional(&self.pool)
            .await?;
        row.map(daily_row).transpose()
    }

    /// The daily attempt played at `table`, if it is one.
    pub async fn daily_of_table(&self, table: &str) -> Result<Option<DailyRow>, StoreError> {
        let row = sqlx::query(DAILY_SELECT_TABLE)
            .bind(table.to_string())
            .fetch_optional(&self.pool)
            .await?;
        row.map(daily_row).transpose()
    }

    /// The finished attempts at `game`'s deal of `day`, best first: higher
    /// score, then less time, then fewer hints, then earlier.
    pub async fn daily_board(
        &self,
        game: &str,
        day: &str,
        limit: i64,
    ) -> Result<Vec<DailyRow>, StoreError> {
        let rows = sqlx::query(DAILY_SELECT_BOARD)
            .bind(game.to_string())
            .bind(day.to_string())
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.into_iter().map(daily_row).collect()
    }

    /// Daily tables of `day` or later: their deals are still being played,
    /// so their records stay private.
    pub async fn daily_tables_since(&self, day: &str) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT table_id FROM daily_entries WHERE day >= $1")
            .bind(day.to_string())
            .fetch_all(&self.pool)
            .await?;
        rows.into_iter()
            .map(|r| Ok(r.try_get("table_id")?))
            .collect()
    }
}

const DAILY_SELECT_ONE: &str = "SELECT name, table_id, finished, score, won, time_ms, hints, ending, finished_at, day \
     FROM daily_entries WHERE game = $1 AND day = $2 \
     AND (name_key = $3 OR (name_key IS NULL AND name = $4))";
const DAILY_SELECT_TABLE: &str = "SELECT name, table_id, finished, score, won, time_ms, hints, ending, finished_at, day \
     FROM daily_entries WHERE table_id = $1";
const DAILY_SELECT_BOARD: &str = "SELECT name, table_id, finished, score, won, time_ms, hints, ending, finished_at, day \
     FROM daily_entries WHERE game = $1 AND day = $2 AND finished = 1 \
     ORDER BY score DESC, time_ms ASC, hints ASC, finished_at ASC, name LIMIT $3";

fn daily_row(r: sqlx::any::AnyRow) -> Result<DailyRow, StoreError> {
    let finished: i64 = r.try_get("finished")?;
    let won: Option<i64> = r.try_get("won")?;
    Ok(DailyRow {
        name: r.try_get("name")?,
        table: r.try_get("table_id")?,
        finished: finished != 0,
        score: r.try_get("score")?,
        won: won.map(|w| w != 0),
        time_ms: r.try_get("time_ms")?,
        hints: r.try_get("hints")?,
        ending: r.try_get("ending")?,
        finished_at: r.try_get("finished_at")?,
        day: r.try_get("day")?,
    })
}
