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
//! One attempt a day per account, per name and per guest's browser (a
//! cookie, issue #49): the first start is the one that counts.

use crate::protocol::{
    ApiError, CreateTable, DailyBoard, DailyEntry, DailyInfo, DailyRequest, DailyStart, ErrorBody,
    ErrorKind, clean_name,
};
use crate::store::Write;
use crate::tables::{Hub, PrivateTable};
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::response::IntoResponse;
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

fn offered<'a>(hub: &'a Hub, game: &str) -> Result<&'a Dailies, ApiError> {
    let daily = &hub.daily;
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
    let games = hub.daily.games();
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

/// The cookie a browser's daily attempts are known by (issue #49): a
/// random id set on its first attempt, kept 400 days and sent only to the
/// daily routes; the store keeps its hash. A guest gets one attempt a day
/// per browser whatever name it types, as an account does per account.
pub const DAILY_COOKIE: &str = "stackyard_daily";

/// This browser's daily id, and whether it is new (to be set as a cookie).
fn browser_id(headers: &axum::http::HeaderMap) -> Result<(String, bool), ApiError> {
    let sent = crate::accounts::cookie(headers, DAILY_COOKIE)
        .filter(|v| v.len() == 48 && v.bytes().all(|b| b.is_ascii_hexdigit()));
    match sent {
        Some(id) => Ok((id.to_string(), false)),
        None => crate::auth::new_token()
            .map(|(id, _)| (id, true))
            .map_err(|e| ApiError::new(ErrorKind::Storage, e)),
    }
}

/// Starts today's deal for a name: a private one-seat table, already
/// playing. One attempt a day per account, per guest's browser and per
/// name (409 `already_played` after, naming the earlier attempt's table).
#[utoipa::path(post, path = "/api/v1/daily/{game}", params(("game" = String, Path, description = "game name")),
    request_body = DailyRequest,
    responses((status = 200, body = DailyStart), (status = 400, description = "bad_request: no daily deal of this game, or a bad name or body", body = ErrorBody), (status = 408, description = "timeout: the request took longer than the request timeout", body = ErrorBody), (status = 409, description = "already_played: this account, this browser (its daily cookie) or this name (or one read the same) played today; `table` is the earlier attempt's", body = ErrorBody), (status = 413, description = "too_large: a body over 64 KiB", body = ErrorBody), (status = 429, description = "too_many_tables (or rate_limited)", body = ErrorBody), (status = 503, description = "storage, or busy: the server is at its connection cap", body = ErrorBody)))]
pub async fn start(
    State(hub): Shared,
    axum::Extension(accounts): axum::Extension<std::sync::Arc<crate::accounts::Accounts>>,
    headers: axum::http::HeaderMap,
    Path(game): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: Bytes,
) -> Result<axum::response::Response, ApiError> {
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
    let (browser, new_browser) = browser_id(&headers)?;
    let browser_key = crate::auth::hash_token(&browser);
    // A guest who types another name is still the same browser.
    if account.is_none()
        && let Some(earlier) = hub
            .store
            .daily_entry_of_browser(&game, &day, &browser_key)
            .await
            .map_err(storage)?
    {
        return Err(already_played(
            format!(
                "You have already played today’s deal in this browser, as {}: one attempt a day, whatever the name.",
                earlier.name
            ),
            &earlier.table,
        ));
    }
    if let Some(earlier) = hub
        .store
        .daily_entry(&game, &day, &name)
        .await
        .map_err(storage)?
    {
        return Err(name_played(&name, account.is_some(), &earlier.table));
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
        account: account.as_ref().map(|(id, _)| id.clone()),
        day: day.clone(),
        writes: Box::new(move |table| {
            vec![Write::DailyStarted {
                game: entry_game,
                day: entry_day,
                name: entry_name,
                table: table.to_string(),
                started_at,
                browser: Some(browser_key),
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
                return Err(name_played(&name, account.is_some(), &earlier.table));
            }
            return Err(e);
        }
        Err(e) => return Err(e),
    };
    metrics::counter!("stackyard_daily_started_total").increment(1);
    let mut response = axum::Json(DailyStart {
        table: joined.table,
        seat: joined.seat,
        token: joined.token,
        day,
    })
    .into_response();
    if new_browser {
        let secure = if crate::accounts::routes::secure(&headers) {
            "; Secure"
        } else {
            ""
        };
        let cookie = format!(
            "{DAILY_COOKIE}={browser}; Path=/api/v1/daily; HttpOnly; SameSite=Lax; Max-Age=34560000{secure}"
        );
        if let Ok(value) = axum::http::HeaderValue::from_str(&cookie) {
            response
                .headers_mut()
                .append(axum::http::header::SET_COOKIE, value);
        }
    }
    Ok(response)
}

/// The refusal of a second attempt by `name`: said to the account's owner,
/// or to whoever typed the name.
fn name_played(name: &str, account: bool, table: &str) -> ApiError {
    already_played(
        if account {
            "You have already played today’s deal with this account: one attempt a day.".to_string()
        } else {
            format!("{name} has already played today’s deal: one attempt a day for each name.")
        },
        table,
    )
}

fn already_played(said: String, table: &str) -> ApiError {
    let mut error = ApiError::new(
        ErrorKind::AlreadyPlayed,
        format!("{said} The next deal is in {}.", until_next_deal(now_ms())),
    );
    error.table = Some(table.to_string());
    error
}

/// Unix ms now.
fn now_ms() -> i64 {
    crate::accounts::now_ms()
}

/// How long until the next UTC day's deal, from `now` (unix ms), in words:
/// "5 h 12 min", "40 min", "under a minute".
pub fn until_next_deal(now: i64) -> String {
    let left_ms = 86_400_000 - now.rem_euclid(86_400_000);
    let minutes = left_ms / 60_000;
    match (minutes / 60, minutes % 60) {
        (0, 0) => "under a minute".to_string(),
        (0, m) => format!("{m} min"),
        (h, m) => format!("{h} h {m} min"),
    }
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
    fn the_next_deal_is_said_in_hours_and_minutes() {
        let day = 86_400_000;
        assert_eq!(until_next_deal(20 * day), "24 h 0 min");
        assert_eq!(
            until_next_deal(20 * day + 18 * 3_600_000 + 48 * 60_000),
            "5 h 12 min"
        );
        assert_eq!(until_next_deal(21 * day - 40 * 60_000), "40 min");
        assert_eq!(until_next_deal(21 * day - 30_000), "under a minute");
    }

    #[test]
    fn a_day_must_be_written_as_one() {
        assert!(checked_day("2026-11-23").is_ok());
        for bad in ["2026-13-01", "2026-1-01", "yesterday", "2026-11-23'--", ""] {
            assert!(checked_day(bad).is_err(), "{bad}");
        }
    }
}
