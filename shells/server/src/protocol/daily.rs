//! The daily deals' HTTP bodies (`/api/v1/daily`), apart from the rest of
//! the protocol so that each file stays one concept.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// A daily deal the server offers (`GET /api/v1/daily`).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DailyInfo {
    /// Game name.
    pub game: String,
    /// Game title.
    pub title: String,
    /// Today, UTC (`YYYY-MM-DD`): the deal changes at midnight UTC.
    pub day: String,
}

/// `POST /api/v1/daily/{game}`: play today's deal under a name.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct DailyRequest {
    /// The name to go by (the leaderboard's; one attempt per name a day).
    #[serde(default)]
    pub name: Option<String>,
}

/// The answer to a daily start: a private one-seat table, already playing.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DailyStart {
    /// Table id.
    pub table: String,
    /// Seat index (always 0).
    pub seat: usize,
    /// The seat's secret: send it in `hello`.
    pub token: String,
    /// The deal's day.
    pub day: String,
}

/// One line of a daily deal's leaderboard.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DailyEntry {
    /// 1 for the best.
    pub rank: usize,
    /// Player name.
    pub name: String,
    /// The game's score for the seat, higher is better (Tower of Babel:
    /// minus the stacks left).
    pub score: i64,
    /// Whether the game counts it a win (Tower of Babel: one stack).
    pub won: bool,
    /// Game time taken, ms.
    pub time_ms: i64,
    /// Hints asked.
    pub hints: i64,
    /// How it ended (null if not stored).
    #[schema(value_type = Option<Object>)]
    #[cfg_attr(feature = "ts", ts(as = "Option<stackyard_core::Ending>"))]
    pub ending: Value,
    /// The table (its record and replay are served once the day is over).
    pub table: String,
    /// Whether the attempt is an account's (ranked, one a day); a guest's
    /// otherwise (issue #27).
    #[serde(default)]
    pub account: bool,
    /// The account's rating in this game, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rating: Option<f64>,
    /// Whether that rating is still provisional (its deviation is high).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub provisional: Option<bool>,
}

/// `GET /api/v1/daily/{game}`: a day's board, best first (higher score,
/// then less time, then fewer hints).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DailyBoard {
    /// Game name.
    pub game: String,
    /// The day.
    pub day: String,
    /// Finished attempts, best first.
    pub entries: Vec<DailyEntry>,
}
