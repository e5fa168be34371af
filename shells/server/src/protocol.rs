//! The wire types of protocol v1 (see `docs/protocol.md`): what clients
//! send, the summaries the server shows, and the errors it answers with.
//! Game payloads (settings, actions, views, events) stay opaque JSON.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

mod constants;
mod daily;
mod server_messages;
pub use constants::*;
pub use daily::{DailyBoard, DailyEntry, DailyInfo, DailyRequest, DailyStart};
pub use server_messages::{ClockState, GameJson, PastStep, ServerMessage};

/// A message from a WebSocket client.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ClientMessage {
    /// The first message: which seat (by token) or a spectator.
    Hello {
        /// Must be [`PROTOCOL`].
        protocol: u32,
        /// The seat's secret; absent or null to watch.
        #[serde(default)]
        token: Option<String>,
        /// The last version this client saw (a fresh welcome answers).
        #[serde(default)]
        since: Option<u64>,
    },
    /// A game action.
    Act {
        /// Echoed in the ack or error.
        id: u64,
        /// The game's action JSON.
        #[cfg_attr(feature = "ts", ts(type = "unknown"))]
        action: Value,
    },
    /// Resign the seat.
    Resign {
        /// Echoed.
        id: u64,
    },
    /// Offer a draw.
    OfferDraw {
        /// Echoed.
        id: u64,
    },
    /// Accept the standing draw offer.
    AcceptDraw {
        /// Echoed.
        id: u64,
    },
    /// Ask the server's strongest bot for a move (counted).
    Hint {
        /// Echoed.
        id: u64,
    },
    /// After the game: play again, the same game with the same seats.
    /// The first seat to ask opens the new table (`rematch` in the table's
    /// summary, told to everyone at the table); asking again answers with
    /// that same table, so two players who both ask meet there.
    Rematch {
        /// Echoed.
        id: u64,
    },
    /// Keep the connection alive.
    Ping {
        /// Echoed.
        id: u64,
    },
}

/// The kinds of error a client can tell apart (WebSocket and HTTP).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ErrorKind {
    /// The JSON is not an action of this game.
    Malformed,
    /// No such seat at this table.
    NoSuchSeat,
    /// The game is over.
    Over,
    /// The rules reject the action (`rule` names the rule).
    Rule,
    /// A spectator tried to act.
    NotYourSeat,
    /// Another seat is to act.
    NotYourTurn,
    /// Seats are still open: the game has not started.
    NotStarted,
    /// The token is not one of this table's.
    BadToken,
    /// Too many messages.
    RateLimited,
    /// The message is too large.
    TooLarge,
    /// Not a protocol message (bad JSON, unknown type, no hello first).
    Protocol,
    /// This game has no draws, or no draw was offered.
    NoDraws,
    /// No such table.
    NoSuchTable,
    /// The seat is taken, or no seat is free.
    SeatTaken,
    /// Too many unfinished tables from this client.
    TooManyTables,
    /// The request is not valid (bad settings, unknown game or bot).
    BadRequest,
    /// Hidden information: not available before the game ends.
    Forbidden,
    /// The server could not store the change; nothing was acknowledged.
    Storage,
    /// This name has already played this daily deal (one attempt a day).
    AlreadyPlayed,
    // What a table may ask the server to compute is bounded (issue #29,
    // the table side; see "Table limits" in docs/protocol.md).
    /// A clock's start or increment is outside its range.
    ClockOutOfRange,
    /// The bot level is not one of those the game lists.
    UnknownBotLevel,
    /// A setting is outside the range an online table allows.
    SettingsOutOfRange,
    /// This seat's previous hint is still being worked out.
    HintBusy,
    /// No such route under `/api/`.
    NotFound,
    /// The request took longer than the request timeout.
    Timeout,
    /// This seat has as many connections open as it may.
    TooManyConnections,
    /// The server holds all the connections it can; try again shortly.
    Busy,
    // Accounts (issue #27; see docs/accounts.md).
    /// An account has this name, or one that reads the same.
    NameTaken,
    /// The name is not one an account may have.
    BadName,
    /// The password is too short, too long or too common.
    WeakPassword,
    /// The name and password do not match an account (the same answer
    /// for an unknown name and a wrong password).
    BadCredentials,
    /// This needs a signed-in player.
    Unauthorized,
    /// A signed-in browser's request that changes something came without
    /// the session's CSRF token (or from another site).
    Csrf,
}

/// An error with the sentence for the person who caused it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ApiError {
    /// What kind of error.
    pub kind: ErrorKind,
    /// A sentence naming the problem.
    pub message: String,
    /// The rule id, when the rules refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rule: Option<&'static str>,
    /// The table the error is about: for `already_played`, the earlier
    /// attempt's, so a client can say how it went (issue #49).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub table: Option<String>,
}

impl ApiError {
    /// An error of `kind` saying `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        ApiError {
            kind,
            message: message.into(),
            rule: None,
            table: None,
        }
    }
}

/// The body of every HTTP error: `{"error": {...}}`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ErrorBody {
    /// The error.
    pub error: ApiError,
}

/// How a seat is filled at creation.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum SeatSpec {
    /// A person joins it with `POST /tables/{id}/join`.
    Person,
    /// A server-side bot of this level.
    Bot {
        /// A level from the game's `bot_levels`.
        level: String,
    },
}

/// A chess-style clock for turn-based games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ClockSpec {
    /// Time each seat starts with, ms.
    pub initial_ms: u64,
    /// Time added after each of the seat's moves, ms.
    pub increment_ms: u64,
}

fn rated_by_default() -> bool {
    true
}

/// `POST /api/v1/tables`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CreateTable {
    /// The game's stable name.
    pub game: String,
    /// The game's settings (its default settings if absent): the game's
    /// own JSON, a string such as `"8x8"` for Towers, an object for the
    /// others.
    #[serde(default)]
    #[schema(value_type = Value)]
    #[cfg_attr(feature = "ts", ts(optional, type = "unknown"))]
    pub settings: Option<Value>,
    /// One entry per seat; absent: every seat a person.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub seats: Option<Vec<SeatSpec>>,
    /// A clock for turn-based games.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub clock: Option<ClockSpec>,
    /// Whether the result counts for ratings: by default it does (issue
    /// #27), though only a game whose seats all belong to accounts is ever
    /// rated (never one with a bot or a guest).
    #[serde(default = "rated_by_default")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<bool>"))]
    pub rated: bool,
    /// A seed (random if absent; a chosen seed is never rated).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub seed: Option<u64>,
}

/// `POST /api/v1/tables/{id}/join`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct JoinTable {
    /// The seat wanted (the first free person seat if absent).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub seat: Option<usize>,
    /// The name to go by (letters, digits, spaces, `-_.`; `NAME_MAX_CHARS` at most).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub name: Option<String>,
}

/// The answer to a join: the seat and its secret.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Joined {
    /// Table id.
    pub table: String,
    /// Seat index.
    pub seat: usize,
    /// The seat's secret: send it in `hello`. The server keeps only its hash.
    pub token: String,
}

/// One seat as the lobby shows it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatSummary {
    /// Seat index.
    pub seat: usize,
    /// `person` or `bot`.
    #[cfg_attr(feature = "ts", ts(type = "\"person\" | \"bot\""))]
    pub kind: String,
    /// The bot's level.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub level: Option<String>,
    /// The player's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub name: Option<String>,
    /// Whether somebody holds it (bots always do).
    pub taken: bool,
    /// Whether a connection is open for it (bots always are).
    pub connected: bool,
    /// Hints the seat has asked for (counted, stored, shown).
    #[serde(default)]
    pub hints: u32,
    /// Whether the seat belongs to an account (issue #27); a person's seat
    /// that does not is a guest's, whatever name it shows.
    #[serde(default)]
    pub account: bool,
    /// The account's rating in this game (the lobby's list and a table's
    /// summary carry it; absent for a guest, a bot, or no rating yet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rating: Option<f64>,
    /// Whether that rating is still provisional (its deviation is high).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub provisional: Option<bool>,
}

/// A table as the lobby shows it. Never the seed or anything hidden.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TableSummary {
    /// Table id.
    pub id: String,
    /// Game name.
    pub game: String,
    /// Game title.
    pub title: String,
    /// `open` (seats free), `playing` or `finished`.
    #[cfg_attr(feature = "ts", ts(type = "\"open\" | \"playing\" | \"finished\""))]
    pub status: String,
    /// The game's settings: a string such as `"8x8"` for Towers, an object
    /// for the others.
    #[schema(value_type = Value)]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub settings: Value,
    /// The seats.
    pub seats: Vec<SeatSummary>,
    /// Unix ms.
    pub created_at: i64,
    /// Steps so far.
    pub version: u64,
    /// Accepted actions so far.
    pub actions: usize,
    /// The clock, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub clock: Option<ClockSpec>,
    /// Rated?
    pub rated: bool,
    /// The result, once over.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<stackyard_core::Outcome>"))]
    pub outcome: Option<Value>,
    /// How it ended, once over.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<stackyard_core::Ending>"))]
    pub ending: Option<Value>,
    /// For a daily deal's table, its UTC day (`YYYY-MM-DD`): such a table
    /// is private (not listed, not watched, its record served after the
    /// day).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<String>,
    /// Once the game is over and a seat asked for a rematch: the new table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rematch: Option<RematchOffer>,
}

/// A rematch a seat asked for: the new table, same game, settings, seats
/// and clock, each person's seat free for the person who had it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RematchOffer {
    /// The new table's id.
    pub table: String,
    /// The seat that asked.
    pub by: usize,
}

/// A game the server hosts.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameInfo {
    /// Stable name.
    pub name: String,
    /// Title.
    pub title: String,
    /// Rules engine version.
    pub engine: String,
    /// Whether draws may be agreed.
    pub has_draws: bool,
    /// Whether the seats play without turns (IceTowers, Speedy Towers):
    /// such a table takes no clock.
    pub turnless: bool,
    /// Default settings: a string such as `"8x8"` for Towers, an object for
    /// the others.
    #[schema(value_type = Value)]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub default_settings: Value,
    /// Bot levels, weakest first.
    pub bot_levels: Vec<BotLevelInfo>,
    /// Where the rules are.
    pub rules_url: String,
    /// What the game says about itself, for a lobby: one sentence, the
    /// seat range, the typical length, the first bot a newcomer meets and
    /// the settings form (`stackyard_core::About`).
    #[schema(value_type = Object)]
    pub about: stackyard_core::About,
}

/// A bot level.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BotLevelInfo {
    /// Name to ask for.
    pub name: String,
    /// What a player calls it ("Easy bot").
    pub title: String,
    /// One line for people.
    pub about: String,
}

/// A leaderboard line.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RatingEntry {
    /// Player name.
    pub name: String,
    /// Rating.
    pub rating: f64,
    /// Deviation (uncertainty).
    pub deviation: f64,
    /// Rated games played.
    pub games: i64,
    /// Whether the rating is still provisional (its deviation is high).
    #[serde(default)]
    pub provisional: bool,
}

/// A player name as given, if acceptable.
pub fn clean_name(name: &str) -> Result<String, ApiError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > NAME_MAX_CHARS {
        return Err(ApiError::new(
            ErrorKind::BadRequest,
            format!("a name has 1 to {NAME_MAX_CHARS} characters"),
        ));
    }
    if !name
        .chars()
        .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.'))
    {
        return Err(ApiError::new(
            ErrorKind::BadRequest,
            "a name may hold letters, digits, spaces and - _ . only",
        ));
    }
    Ok(name.to_string())
}

/// A finished table in `GET /api/v1/records`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RecordSummary {
    /// Table id.
    pub id: String,
    /// Game name.
    pub game: String,
    /// Unix ms.
    pub created_at: i64,
    /// Unix ms.
    pub finished_at: i64,
    /// The result (null if not stored).
    #[schema(value_type = Option<Object>)]
    #[cfg_attr(feature = "ts", ts(as = "Option<stackyard_core::Outcome>"))]
    pub outcome: Value,
    /// How it ended (null if not stored).
    #[schema(value_type = Option<Object>)]
    #[cfg_attr(feature = "ts", ts(as = "Option<stackyard_core::Ending>"))]
    pub ending: Value,
    /// Who sat where (as stored: the seats of a [`TableSummary`]).
    #[schema(value_type = Value)]
    #[cfg_attr(feature = "ts", ts(as = "Vec<SeatSummary>"))]
    pub seats: Value,
    /// Where the full record is served.
    pub record_url: String,
}

/// `GET /api/v1/tables/{id}/replay`: a finished table's record and its
/// frames as a spectator sees them.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReplayAnswer {
    /// Which table.
    pub table: ReplayTable,
    /// The record, as stored (`stackyard_core::Record` as JSON).
    #[schema(value_type = Object)]
    // Typed by the client per game (`GameRecord<S, A>` in web/src/protocol.ts).
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub record: Value,
    /// One frame per action, the start first.
    #[schema(value_type = Vec<Object>)]
    pub frames: Vec<stackyard_core::frames::Frame>,
}

/// The table a replay is of.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReplayTable {
    /// Table id.
    pub id: String,
    /// Game name.
    pub game: String,
    /// The game's title.
    pub title: String,
}
