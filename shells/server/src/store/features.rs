//! Reads for the features beside the core: hints, timer steps, daily deals.

use super::Store;
use super::error::StoreError;
use sqlx::Row;

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

    /// The first attempt at `game`'s deal of `day` from the browser whose
    /// daily cookie hashes to `browser` (issue #49), if any.
    pub async fn daily_entry_of_browser(
        &self,
        game: &str,
        day: &str,
        browser: &str,
    ) -> Result<Option<DailyRow>, StoreError> {
        let row = sqlx::query(DAILY_SELECT_BROWSER)
            .bind(game.to_string())
            .bind(day.to_string())
            .bind(browser.to_string())
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
const DAILY_SELECT_BROWSER: &str = "SELECT name, table_id, finished, score, won, time_ms, hints, ending, finished_at, day \
     FROM daily_entries WHERE game = $1 AND day = $2 AND browser_key = $3 \
     ORDER BY started_at, name LIMIT 1";
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
