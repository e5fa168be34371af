//! The accounts' HTTP bodies.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Sign up or sign in.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Credentials {
    /// The account's name.
    pub name: String,
    /// Its password.
    pub password: String,
}

/// A new account.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AccountCreated {
    /// The name as kept (NFKC).
    pub name: String,
}

/// A new session. `token` is a bearer token for API clients; a browser
/// uses the cookie set beside it and sends `csrf` as `X-CSRF-Token` on
/// every request that changes something.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SessionStarted {
    /// The account's name.
    pub name: String,
    /// The session token (also in the `HttpOnly` cookie).
    pub token: String,
    /// The CSRF token (also in the `stackyard_csrf` cookie).
    pub csrf: String,
}

/// One rating of a player.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayerRating {
    /// Game name.
    pub game: String,
    /// Rating.
    pub rating: f64,
    /// Deviation (uncertainty).
    pub deviation: f64,
    /// Rated games played.
    pub games: i64,
    /// Whether the rating is still provisional (deviation above 110).
    pub provisional: bool,
}

/// The deviation above which a rating is provisional: 110 on Glicko-2's
/// scale (two-player games, ratings near 1500), 5 on Weng-Lin's (ratings
/// near 25). [`PlayerRating::provisional`], a seat's provisional mark
/// and the ratings list all read it.
pub fn provisional_above(rating: f64) -> f64 {
    if rating > 200.0 { 110.0 } else { 5.0 }
}

/// The signed-in player.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Me {
    /// The account's name.
    pub name: String,
    /// Ratings per game played rated.
    pub ratings: Vec<PlayerRating>,
    /// Unix ms the account was made.
    pub member_since: i64,
}

/// Who this browser or client is signed in as, if anyone: a visitor
/// without an account is the usual case, not an error, so the page's
/// account check asks here rather than `GET /api/v1/me` (a 401 there is
/// logged by every browser's console).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SessionState {
    /// The signed-in player, or null for a visitor without a session.
    pub account: Option<Me>,
}

/// A password change.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChangePassword {
    /// The current password.
    pub password: String,
    /// The new one.
    pub new_password: String,
}

/// Deleting the account: the password again.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DeleteAccount {
    /// The current password.
    pub password: String,
}

/// A player's public page.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Profile {
    /// The account's name.
    pub name: String,
    /// Ratings per game.
    pub ratings: Vec<PlayerRating>,
    /// Unix ms the account was made.
    pub member_since: i64,
    /// Rating changes, newest first (the latest 100).
    pub history: Vec<RatingChange>,
    /// The latest tables the account sat at, newest first (20).
    pub recent_games: Vec<RecentGame>,
}

/// One rating change a rated table made.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RatingChange {
    /// The player's name.
    pub name: String,
    /// Game name.
    pub game: String,
    /// The table (its replay is `/api/v1/tables/{table}/replay`).
    pub table: String,
    /// Rating before.
    pub before: f64,
    /// Rating after.
    pub after: f64,
    /// Unix ms (0 when not known).
    pub at_ms: i64,
}

/// A table a player sat at.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RecentGame {
    /// Table id.
    pub table: String,
    /// Game name.
    pub game: String,
    /// `open`, `playing` or `finished`.
    pub status: String,
    /// Unix ms the table was made.
    pub created_at: i64,
    /// Once it is finished, the table as the lobby's recent games list it
    /// (who sat where, with ratings, and the result), so a player's page
    /// says who played and who won in the same words.
    pub finished: Option<crate::protocol::RecordSummary>,
}
