//! Daily deals: for each one-seat game the server is configured with, one
//! seed per UTC day, the same for everyone; a person plays it alone at a
//! private table of their own, and its result goes on the day's board.
//!
//! Nothing here names a game: which games have a daily deal is data
//! (`Config::daily`), and the board ranks by the game's own outcome (its
//! score for the seat, higher first), then time, then hints. The seed is
//! drawn from a secret kept in the database, so nobody can deal tomorrow's
//! game today; while the day lasts its tables are not listed, not watched,
//! and their records are not served (they would show everyone the deal).
//! One attempt per name and day: the first start is the one that counts.

use crate::protocol::{
    ApiError, CreateTable, DailyBoard, DailyEntry, DailyInfo, DailyRequest, DailyStart, ErrorBody,
    ErrorKind, clean_name,
};
use crate::store::Write;
use crate::tables::{Hub, PrivateTable};
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, Query, State};
use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::Arc;

pub use crate::dailies::{Dailies, day_of, today};

/// The refusal for a daily deal's record while its day lasts.
pub fn daily_private() -> ApiError {
    ApiError::new(
        ErrorKind::Forbidden,
        "a daily deal's record is served once its day is over (it shows the deal)",
    )
}

fn storage(e: crate::store::StoreError) -> ApiError {
    ApiError::new(ErrorKind::Storage, e.to_string())
}

fn dailies(hub: &Hub) -> Result<&Dailies, ApiError> {
    hub.daily
        .get()
        .ok_or_else(|| ApiError::new(ErrorKind::BadRequest, "this server has no daily deals"))
}

fn offered<'a>(hub: &'a Hub, game: &str) -> Result<&'a Dailies, ApiError> {
    let daily = dailies(hub)?;
    if !daily.offers(game) {
        return Err(ApiError::new(
            ErrorKind::BadRequest,
            format!(
                "there is no daily deal of {game:?}; this server deals {}",
                daily.games().join(", ")
            ),
        ));
    }
    Ok(daily)
}

/// Whether `table` is a daily deal's table whose day is not over: its
/// record and replay stay private until then.
pub async fn is_private(hub: &Hub, table: &str) -> Result<bool, ApiError> {
    let entry = hub.store.daily_of_table(table).await.map_err(storage)?;
    Ok(entry.is_some_and(|e| e.day >= today()))
}

/// Daily deals' tables whose day is not over.
pub async fn private_tables(hub: &Hub) -> Result<Vec<String>, ApiError> {
    hub.store
        .daily_tables_since(&today())
        .await
        .map_err(storage)
}

type Shared = State<Arc<Hub>>;

/// The daily deals this server offers, and today's date.
#[utoipa::path(get, path = "/api/v1/daily", responses((status = 200, body = [DailyInfo]), (status = 408, description = "timeout: the request took longer than the request timeout", body = ErrorBody), (status = 503, description = "storage, or busy: the server is at its connection cap", body = ErrorBody)))]
pub async fn list(State(hub): Shared) -> axum::Json<Vec<DailyInfo>> {
    let day = today();
    let games = hub.daily.get().map_or(&[][..], |d| d.games());
    axum::Json(
        games
            .iter()
            .filter_map(|g| hub.registry.get(g))
            .map(|k| DailyInfo {
                game: k.name().to_string(),
                title: k.title().to_string(),
                day: day.clone(),
            })
            .collect(),
    )
}

/// Starts today's deal for a name: a private one-seat table, already
/// playing. A name gets one attempt a day (409 `already_played` after).
#[utoipa::path(post, path = "/api/v1/daily/{game}", params(("game" = String, Path, description = "game name")),
    request_body = DailyRequest,
    responses((status = 200, body = DailyStart), (status = 400, description = "bad_request: no daily deal of this game, or a bad name or body", body = ErrorBody), (status = 408, description = "timeout: the request took longer than the request timeout", body = ErrorBody), (status = 409, description = "already_played: this name (or one read the same) played today", body = ErrorBody), (status = 413, description = "too_large: a body over 64 KiB", body = ErrorBody), (status = 429, description = "too_many_tables (or rate_limited)", body = ErrorBody), (status = 503, description = "storage, or busy: the server is at its connection cap", body = ErrorBody)))]
pub async fn start(
    State(hub): Shared,
    axum::Extension(accounts): axum::Extension<std::sync::Arc<crate::accounts::Accounts>>,
    headers: axum::http::HeaderMap,
    Path(game): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: Bytes,
) -> Result<axum::Json<DailyStart>, ApiError> {
    let daily = offered(&hub, &game)?;
    let request: DailyRequest = if body.iter().all(u8::is_ascii_whitespace) {
        DailyRequest::default()
    } else {
        serde_json::from_slice(&body)
            .map_err(|e| ApiError::new(ErrorKind::BadRequest, format!("bad request body: {e}")))?
    };
    // Signed in, the attempt is the account's, under its name whatever
    // name the body carries (issue #27); a guest may not use an account's.
    let account = accounts
        .seat_owner(&headers, request.name.as_deref())
        .await?;
    let name = match &account {
        Some((_, account_name)) => account_name.clone(),
        None => clean_name(request.name.as_deref().ok_or_else(|| {
            ApiError::new(
                ErrorKind::BadRequest,
                "a daily deal needs a name for its leaderboard",
            )
        })?)?,
    };
    let day = today();
    if let Some(earlier) = hub
        .store
        .daily_entry(&game, &day, &name)
        .await
        .map_err(storage)?
    {
        return Err(already_played(&name, &earlier.table));
    }
    let seed = daily.seed(&game, &day);
    let spec = CreateTable {
        game: game.clone(),
        settings: None,
        seats: None,
        clock: None,
        rated: false,
        seed: Some(seed),
    };
    let started_at = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0);
    let (entry_game, entry_day, entry_name) = (game.clone(), day.clone(), name.clone());
    let private = PrivateTable {
        name: name.clone(),
        account: account.map(|(id, _)| id),
        day: day.clone(),
        writes: Box::new(move |table| {
            vec![Write::DailyStarted {
                game: entry_game,
                day: entry_day,
                name: entry_name,
                table: table.to_string(),
                started_at,
            }]
        }),
    };
    let created = hub
        .create_with(spec, &peer.ip().to_string(), Some(private))
        .await;
    let joined = match created {
        Ok((_, Some(joined))) => joined,
        Ok((_, None)) => {
            return Err(ApiError::new(ErrorKind::Storage, "the seat was not taken"));
        }
        Err(e) if e.kind == ErrorKind::Storage => {
            // Two starts for one name at once: the store let one in.
            if let Ok(Some(earlier)) = hub.store.daily_entry(&game, &day, &name).await {
                return Err(already_played(&name, &earlier.table));
            }
            return Err(e);
        }
        Err(e) => return Err(e),
    };
    metrics::counter!("stackyard_daily_started_total").increment(1);
    Ok(axum::Json(DailyStart {
        table: joined.table,
        seat: joined.seat,
        token: joined.token,
        day,
    }))
}

fn already_played(name: &str, table: &str) -> ApiError {
    ApiError::new(
        ErrorKind::AlreadyPlayed,
        format!(
            "{name} has already played today's deal (table {table}); a name gets one attempt a day"
        ),
    )
}

/// Which day's board.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BoardQuery {
    /// `YYYY-MM-DD` (UTC); today if absent.
    day: Option<String>,
}

/// A day's board for a daily deal, best first.
#[utoipa::path(get, path = "/api/v1/daily/{game}", params(("game" = String, Path, description = "game name"), BoardQuery),
    responses((status = 200, body = DailyBoard), (status = 400, description = "bad_request: no daily deal of this game, or a bad day", body = ErrorBody), (status = 408, description = "timeout: the request took longer than the request timeout", body = ErrorBody), (status = 503, description = "storage, or busy: the server is at its connection cap", body = ErrorBody)))]
pub async fn board(
    State(hub): Shared,
    Path(game): Path<String>,
    Query(query): Query<BoardQuery>,
) -> Result<axum::Json<DailyBoard>, ApiError> {
    offered(&hub, &game)?;
    let day = match query.day {
        Some(day) => checked_day(&day)?,
        None => today(),
    };
    let rows = hub
        .store
        .daily_board(&game, &day, 100)
        .await
        .map_err(storage)?;
    let entries = rows
        .into_iter()
        .enumerate()
        .map(|(i, r)| DailyEntry {
            rank: i + 1,
            name: r.name,
            score: r.score.unwrap_or(0),
            won: r.won.unwrap_or(false),
            time_ms: r.time_ms.unwrap_or(0),
            hints: r.hints,
            ending: r
                .ending
                .and_then(|e| serde_json::from_str(&e).ok())
                .unwrap_or(serde_json::Value::Null),
            table: r.table,
            account: false,
            rating: None,
            provisional: None,
        })
        .collect::<Vec<_>>();
    let entries = with_accounts(&hub, &game, entries).await;
    Ok(axum::Json(DailyBoard { game, day, entries }))
}

/// Marks a board's accounts' attempts and puts each account's rating (and
/// its provisional mark) beside its name (issue #27). A storage failure
/// leaves the names bare.
async fn with_accounts(hub: &Hub, game: &str, mut entries: Vec<DailyEntry>) -> Vec<DailyEntry> {
    let names: Vec<String> = entries.iter().map(|e| e.name.clone()).collect();
    let store = &hub.store;
    let accounts = crate::accounts::db::accounts_among(store, &names)
        .await
        .unwrap_or_default();
    let ratings = crate::accounts::db::ratings_for(store, game, &accounts)
        .await
        .unwrap_or_default();
    for e in &mut entries {
        e.account = accounts.contains(&e.name);
        if let Some(r) = ratings.iter().find(|r| r.0 == e.name) {
            e.rating = Some(r.1);
            e.provisional = Some(r.2 > crate::accounts::wire::provisional_above(r.1));
        }
    }
    entries
}

/// `day` if it is a date written `YYYY-MM-DD`.
fn checked_day(day: &str) -> Result<String, ApiError> {
    let bytes = day.as_bytes();
    let shaped = bytes.len() == 10
        && bytes.iter().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                *b == b'-'
            } else {
                b.is_ascii_digit()
            }
        });
    let month = day.get(5..7).and_then(|m| m.parse::<u8>().ok());
    let date = day.get(8..10).and_then(|d| d.parse::<u8>().ok());
    if !shaped || !matches!(month, Some(1..=12)) || !matches!(date, Some(1..=31)) {
        return Err(ApiError::new(
            ErrorKind::BadRequest,
            format!("{day:?} is not a day written YYYY-MM-DD"),
        ));
    }
    Ok(day.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_must_be_written_as_one() {
        assert!(checked_day("2026-11-23").is_ok());
        for bad in ["2026-13-01", "2026-1-01", "yesterday", "2026-11-23'--", ""] {
            assert!(checked_day(bad).is_err(), "{bad}");
        }
    }
}
