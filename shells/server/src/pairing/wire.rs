//! The bodies of quick pairing and challenges (issue #27).

use crate::protocol::ClockSpec;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `POST /api/v1/pairing`: what to be paired for.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PairingRequest {
    /// The game (a two-seat game).
    pub game: String,
    /// The clock, if any (players are only paired with the same clock).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub clock: Option<ClockSpec>,
}

/// Where a player's pairing request stands.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PairingStatus {
    /// `waiting`, `paired` (see `table`), or `idle` (not waiting).
    #[cfg_attr(feature = "ts", ts(type = "\"waiting\" | \"paired\" | \"idle\""))]
    pub state: String,
    /// The game waited for or paired in.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub game: Option<String>,
    /// The clock waited for.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub clock: Option<ClockSpec>,
    /// How long the player has waited, ms.
    #[serde(default)]
    pub waited_ms: i64,
    /// The rating gap accepted now (absent once anyone will do).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub window: Option<f64>,
    /// The player's rating in the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rating: Option<f64>,
    /// Paired: the new table (take the seat with
    /// `POST /api/v1/tables/{table}/join` while signed in).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub table: Option<String>,
    /// Paired: the player's seat there.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub seat: Option<usize>,
    /// Paired: the opponent's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub opponent: Option<String>,
}

/// `POST /api/v1/challenges`: challenge a player by name.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChallengeRequest {
    /// The player challenged (an account's name).
    pub to: String,
    /// The game (a two-seat game).
    pub game: String,
    /// The clock, if any.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub clock: Option<ClockSpec>,
    /// Whether the game counts for ratings (by default it does).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rated: Option<bool>,
}

/// One challenge, as one of its two players sees it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Challenge {
    /// Its id.
    pub id: String,
    /// Who sent it.
    pub from: String,
    /// Who it is for.
    pub to: String,
    /// The game.
    pub game: String,
    /// The clock, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub clock: Option<ClockSpec>,
    /// Whether the game counts for ratings.
    pub rated: bool,
    /// `open`, `accepted`, `declined` or `cancelled`.
    #[cfg_attr(
        feature = "ts",
        ts(type = "\"open\" | \"accepted\" | \"declined\" | \"cancelled\"")
    )]
    pub state: String,
    /// Accepted: the table (take the seat with
    /// `POST /api/v1/tables/{table}/join` while signed in).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub table: Option<String>,
    /// Accepted: the viewer's seat there.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub seat: Option<usize>,
    /// Unix ms it was sent.
    pub created_at: i64,
}

/// A player's challenges: sent to them, and sent by them.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Challenges {
    /// Open challenges for the player, newest first.
    pub incoming: Vec<Challenge>,
    /// The player's challenges (open, or answered in the last 10 minutes),
    /// newest first.
    pub outgoing: Vec<Challenge>,
}

/// What the server pushes on a player's socket, `GET /api/v1/me/ws`
/// (issue #27: push instead of polling). Each is one JSON text message.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(tag = "type", rename_all = "snake_case"))]
pub enum PlayerEvent {
    /// The first message: who the socket belongs to (absent for a guest,
    /// who hears nothing more: pairing and challenges need an account).
    Hello {
        /// The account's name.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        name: Option<String>,
    },
    /// Quick pairing paired the player: the table and seat (take the seat
    /// with `POST /api/v1/tables/{table}/join` while signed in).
    Paired {
        /// As `GET /api/v1/pairing` would answer now.
        status: PairingStatus,
    },
    /// A challenge of the player's changed: received (`open`, sent to
    /// them), `accepted` (with the table and the player's seat),
    /// `declined` or `cancelled`. Also sent to its own sender's other tabs.
    Challenge {
        /// The challenge as the player sees it.
        challenge: Challenge,
    },
}
