//! What a mirror of another node's table reads (issue #28): the actions
//! committed after those it has, and the table's row. The durable record
//! is the truth a mirror follows; nothing heard on the bus is.

use super::Store;
use super::error::StoreError;
use sqlx::Row;
use stackyard_core::{GameTime, Seat};

/// The most actions one read takes: a mirror far behind catches up in
/// several reads, never one allocation as large as the table's history.
pub const ACTIONS_PER_READ: i64 = 512;

/// One committed action.
#[derive(Debug, Clone)]
pub struct StoredAction {
    /// Its place in the table's actions (0-based).
    pub seq: i64,
    /// Who acted.
    pub seat: Seat,
    /// When, in game time.
    pub at: GameTime,
    /// The action as the game reads it.
    pub action: serde_json::Value,
}

/// A table's row as a mirror follows it.
#[derive(Debug, Clone)]
pub struct TableProgress {
    /// `open`, `playing` or `finished`.
    pub status: String,
    /// The seat whose draw offer stands.
    pub draw_offer: Option<usize>,
    /// The finished table's record (JSON text), for its ending.
    pub record: Option<String>,
    /// Who holds each taken seat.
    pub holders: Vec<super::tables::HolderRow>,
}

impl Store {
    /// The actions of `table` from `from` on (at most [`ACTIONS_PER_READ`]).
    pub async fn actions_from(
        &self,
        table: &str,
        from: i64,
    ) -> Result<Vec<StoredAction>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, seat, at_ms, action FROM actions WHERE table_id = $1 AND seq >= $2 \
             ORDER BY seq LIMIT $3",
        )
        .bind(table.to_string())
        .bind(from)
        .bind(ACTIONS_PER_READ)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|row| {
                let seq: i64 = row.try_get("seq")?;
                let seat: i64 = row.try_get("seat")?;
                let at: i64 = row.try_get("at_ms")?;
                let text: String = row.try_get("action")?;
                let bad =
                    |what: &str| StoreError::Failed(format!("table {table}: bad {what} at {seq}"));
                Ok(StoredAction {
                    seq,
                    seat: Seat(u8::try_from(seat).map_err(|_| bad("seat"))?),
                    at: GameTime::from_millis(u64::try_from(at).map_err(|_| bad("time"))?),
                    action: serde_json::from_str(&text).map_err(|_| bad("action"))?,
                })
            })
            .collect()
    }

    /// The row of `table`, if there is one.
    pub async fn progress(&self, table: &str) -> Result<Option<TableProgress>, StoreError> {
        let row = sqlx::query("SELECT status, draw_offer, record FROM game_tables WHERE id = $1")
            .bind(table.to_string())
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let draw_offer: Option<i64> = row.try_get("draw_offer")?;
        Ok(Some(TableProgress {
            status: row.try_get("status")?,
            draw_offer: draw_offer.and_then(|s| usize::try_from(s).ok()),
            record: row.try_get("record")?,
            holders: self.holders(table).await?,
        }))
    }
}
