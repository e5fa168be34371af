//! Tables as stored: unfinished ones to resume, finished ones to serve.

use super::Store;
use super::error::StoreError;
use sqlx::Row;

/// A seat holder as stored: seat, token hash, name, account id.
pub type HolderRow = (usize, String, Option<String>, Option<String>);

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
    /// Seat holders: (seat, token hash, name, account id).
    pub holders: Vec<HolderRow>,
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
impl Store {
    /// Every table not yet finished, with its actions, to resume.
    pub async fn unfinished(&self) -> Result<Vec<StoredTable>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, game, seats, clock, rated, header, created_at, creator, status, end_ms, \
             draw_offer FROM game_tables WHERE status <> 'finished' ORDER BY created_at, id",
        )
        .fetch_all(&self.pool)
        .await?;
        self.stored_tables(rows).await
    }

    /// One table, if it is not finished, with its actions, to resume (a
    /// node taking it over, issue #28).
    pub async fn unfinished_table(&self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, game, seats, clock, rated, header, created_at, creator, status, end_ms, \
             draw_offer FROM game_tables WHERE id = $1 AND status <> 'finished'",
        )
        .bind(id.to_string())
        .fetch_all(&self.pool)
        .await?;
        Ok(self.stored_tables(rows).await?.pop())
    }

    async fn stored_tables(
        &self,
        rows: Vec<sqlx::any::AnyRow>,
    ) -> Result<Vec<StoredTable>, StoreError> {
        let mut tables = Vec::new();
        for row in rows {
            let id: String = row.try_get("id")?;
            let header: String = row.try_get("header")?;
            let end_ms: Option<i64> = row.try_get("end_ms")?;
            let header: serde_json::Value = serde_json::from_str(&header)
                .map_err(|e| StoreError::Failed(format!("table {id}: bad header: {e}")))?;
            let mut record = stackyard_core::ErasedRecord::parse(&header)
                .map_err(|e| StoreError::Failed(format!("table {id}: bad header: {e}")))?;
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
                    .map_err(|e| StoreError::Failed(format!("table {id}: bad action: {e}")))?;
                let seat = u8::try_from(seat)
                    .map_err(|_| StoreError::Failed(format!("table {id}: bad seat {seat}")))?;
                let time = u64::try_from(at)
                    .map_err(|_| StoreError::Failed(format!("table {id}: bad action time {at}")))?;
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

    /// Who holds each taken seat of a table: seat, token hash, name,
    /// account id.
    pub(super) async fn holders(&self, id: &str) -> Result<Vec<HolderRow>, StoreError> {
        sqlx::query(
            "SELECT seat, token_hash, name, account_id FROM seat_holders WHERE table_id = $1 ORDER BY seat",
        )
        .bind(id.to_string())
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(|h| -> Result<_, StoreError> {
            let seat: i64 = h.try_get("seat")?;
            Ok((
                seat as usize,
                h.try_get("token_hash")?,
                h.try_get("name")?,
                h.try_get("account_id")?,
            ))
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
                    .map_err(|e| StoreError::Failed(format!("table {id}: bad record: {e}")))?
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

    /// At most `limit` finished public tables `filter` admits, newest
    /// first; `today`'s daily deals (and later days') stay private.
    pub async fn finished(
        &self,
        filter: &FinishedFilter,
        today: &str,
        limit: i64,
    ) -> Result<Vec<FinishedTable>, StoreError> {
        let sql = format!("{FINISHED_WHERE} ORDER BY finished_at DESC, id LIMIT $7");
        let rows = filter
            .bind(sqlx::query(sqlx::AssertSqlSafe(sql.as_str())), today)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| Ok(FinishedTable::from_row(r)?))
            .collect()
    }
}

/// Which finished tables a listing or an export takes (issue #47).
#[derive(Debug, Clone, Default)]
pub struct FinishedFilter {
    /// Only this game.
    pub game: Option<String>,
    /// Finished at or after this Unix time, ms.
    pub since_ms: Option<i64>,
    /// Finished before this Unix time, ms.
    pub until_ms: Option<i64>,
    /// Only tables where a seat went by this name.
    pub player: Option<String>,
    /// Only rated games.
    pub rated: bool,
}

/// Finished public tables as [`FinishedFilter`] admits them, its values
/// `$1` to `$5` and today's date `$6` (today's daily deals stay private);
/// callers add the order and the limit. The status is compared as
/// `status || ''` so that SQLite walks the `game_tables_finished` index in
/// order rather than the status index (which would sort every finished
/// table for every page).
pub const FINISHED_WHERE: &str = "SELECT id, game, rated, created_at, finished_at, seats, outcome, ending, record \
     FROM game_tables t \
     WHERE status || '' = 'finished' AND record IS NOT NULL \
     AND ($1 = '' OR game = $1) \
     AND finished_at >= $2 AND finished_at < $3 \
     AND ($4 = 0 OR rated <> 0) \
     AND ($5 = '' OR EXISTS (SELECT 1 FROM seat_holders s WHERE s.table_id = t.id AND s.name = $5)) \
     AND id NOT IN (SELECT table_id FROM daily_entries WHERE day >= $6)";

impl FinishedFilter {
    /// Binds `$1` to `$6` of [`FINISHED_WHERE`].
    pub fn bind<'q>(
        &self,
        query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>,
        today: &str,
    ) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments> {
        query
            .bind(self.game.clone().unwrap_or_default())
            .bind(self.since_ms.unwrap_or(i64::MIN))
            .bind(self.until_ms.unwrap_or(i64::MAX))
            .bind(i64::from(self.rated))
            .bind(self.player.clone().unwrap_or_default())
            .bind(today.to_string())
    }
}

impl FinishedTable {
    /// As `GET /api/v1/records` lists it: its seats as stored, until
    /// `accounts::record_seats` names them.
    pub fn summary(self) -> crate::protocol::RecordSummary {
        let parse = |s: &str| serde_json::from_str(s).unwrap_or(serde_json::Value::Null);
        crate::protocol::RecordSummary {
            outcome: parse(&self.outcome),
            ending: parse(&self.ending),
            seats: parse(&self.seats),
            record_url: format!("/api/v1/tables/{}/record", self.id),
            id: self.id,
            game: self.game,
            created_at: self.created_at,
            finished_at: self.finished_at,
        }
    }

    /// From a row with the columns id, game, created_at, finished_at,
    /// outcome, ending and seats of `game_tables` (a table not finished
    /// yet reads with 0 and empty texts).
    pub fn from_row(r: &sqlx::any::AnyRow) -> Result<Self, sqlx::Error> {
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
    }
}
