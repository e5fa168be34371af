//! The accounts' HTTP routes (see docs/protocol.md, "Accounts").

use super::wire::{
    AccountCreated, ChangePassword, Credentials, DeleteAccount, Me, PlayerRating, Profile,
    RatingChange, RecentGame, SessionStarted, SessionState, provisional_above,
};
use super::{Accounts, CSRF_COOKIE, SESSION_COOKIE, SESSION_DAYS, db, passwords, throttle};
use crate::protocol::{ApiError, ErrorBody, ErrorKind, RecordSummary};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use std::net::SocketAddr;
use std::sync::Arc;

type Shared = State<Arc<Accounts>>;

/// The accounts' routes, with their state.
pub fn router<S: Clone + Send + Sync + 'static>(accounts: Arc<Accounts>) -> Router<S> {
    Router::new()
        .route("/api/v1/accounts", post(sign_up))
        .route(
            "/api/v1/session",
            get(session).post(sign_in).delete(sign_out),
        )
        .route("/api/v1/me", get(me).delete(delete_me))
        .route("/api/v1/me/password", post(change_password))
        .route("/api/v1/players/{name}", get(profile))
        .route(
            "/api/v1/tables/{id}/rating-changes",
            get(table_rating_changes),
        )
        .with_state(accounts)
}

fn body<T: for<'de> serde::Deserialize<'de>>(body: &Bytes) -> Result<T, ApiError> {
    // The error names the field, never echoes the body (it holds a password).
    serde_json::from_slice(body).map_err(|e| {
        let what = e.to_string();
        let what = what.split(" at line").next().unwrap_or("");
        let what = if what.starts_with("missing field") || what.starts_with("unknown field") {
            what.to_string()
        } else {
            "it is not the JSON object this route takes".to_string()
        };
        ApiError::new(ErrorKind::BadRequest, format!("bad request body: {what}"))
    })
}

fn storage(e: crate::store::StoreError) -> ApiError {
    super::storage(e)
}

/// Whether the browser reached the server over HTTPS (behind a proxy).
pub(crate) fn secure(headers: &HeaderMap) -> bool {
    headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("https"))
}

fn cookies(token: &str, csrf: &str, secure: bool, max_age: i64) -> [HeaderValue; 2] {
    let s = if secure { "; Secure" } else { "" };
    let session =
        format!("{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{s}");
    let csrf = format!("{CSRF_COOKIE}={csrf}; Path=/; SameSite=Lax; Max-Age={max_age}{s}");
    [
        HeaderValue::from_str(&session).unwrap_or(HeaderValue::from_static("")),
        HeaderValue::from_str(&csrf).unwrap_or(HeaderValue::from_static("")),
    ]
}

fn with_cookies(mut response: Response, cookies: [HeaderValue; 2]) -> Response {
    for c in cookies {
        response.headers_mut().append(header::SET_COOKIE, c);
    }
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

fn bad_credentials() -> ApiError {
    ApiError::new(
        ErrorKind::BadCredentials,
        "that name and password do not match an account",
    )
}

fn rating_of(game: String, rating: f64, deviation: f64, games: i64) -> PlayerRating {
    PlayerRating {
        provisional: deviation > provisional_above(rating),
        game,
        rating,
        deviation,
        games,
    }
}

async fn ratings(accounts: &Accounts, name: &str) -> Result<Vec<PlayerRating>, ApiError> {
    Ok(db::ratings_of(&accounts.store, name)
        .await
        .map_err(storage)?
        .into_iter()
        .map(|(g, r, d, n)| rating_of(g, r, d, n))
        .collect())
}

const E400: &str = "bad_request, bad_name or weak_password: the reason is in the message";

/// Makes an account.
#[utoipa::path(post, path = "/api/v1/accounts", request_body = Credentials,
    responses((status = 201, body = AccountCreated), (status = 400, description = E400, body = ErrorBody), (status = 403, description = "csrf", body = ErrorBody), (status = 409, description = "name_taken: this name, or one that reads the same", body = ErrorBody), (status = 503, description = "busy or storage", body = ErrorBody)))]
pub async fn sign_up(State(accounts): Shared, raw: Bytes) -> Result<Response, ApiError> {
    let request: Credentials = body(&raw)?;
    let name =
        super::names::check(&request.name).map_err(|why| ApiError::new(ErrorKind::BadName, why))?;
    let key = crate::names::key(&name);
    let taken = || {
        ApiError::new(
            ErrorKind::NameTaken,
            format!("the name {name:?} is taken (or one that reads the same)"),
        )
    };
    if db::by_key(&accounts.store, &key)
        .await
        .map_err(storage)?
        .is_some()
    {
        return Err(taken());
    }
    if let Some(why) = passwords::weakness(&request.password, &name) {
        return Err(ApiError::new(ErrorKind::WeakPassword, why));
    }
    super::names::check_script(&name).map_err(|why| ApiError::new(ErrorKind::BadName, why))?;
    let password_hash = accounts.hash(request.password).await?;
    let row = db::AccountRow {
        id: crate::auth::random_hex(12),
        name: name.clone(),
        password_hash,
        created_at: super::now_ms(),
    };
    if !db::insert_account(&accounts.store, &row, &key)
        .await
        .map_err(storage)?
    {
        return Err(taken());
    }
    tracing::info!("account created");
    Ok((StatusCode::CREATED, axum::Json(AccountCreated { name })).into_response())
}

/// Signs in: a session cookie (and CSRF cookie), and the bearer token.
#[utoipa::path(post, path = "/api/v1/session", request_body = Credentials,
    responses((status = 200, body = SessionStarted, description = "signed in; the session cookie is set"), (status = 400, description = "bad_request", body = ErrorBody), (status = 401, description = "bad_credentials: a wrong password and an unknown name alike", body = ErrorBody), (status = 403, description = "csrf", body = ErrorBody), (status = 429, description = "rate_limited: too many failures for this name or address", body = ErrorBody), (status = 503, description = "busy or storage", body = ErrorBody)))]
pub async fn sign_in(
    State(accounts): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    raw: Bytes,
) -> Result<Response, ApiError> {
    let request: Credentials = body(&raw)?;
    if request.name.len() > 200 || request.password.len() > passwords::MAX_BYTES {
        return Err(bad_credentials());
    }
    let key = crate::names::key(&request.name);
    let address = throttle::address_key(peer.ip());
    if let Some(wait) = accounts.throttle.wait(&key, &address) {
        let mut response = ApiError::new(
            ErrorKind::RateLimited,
            format!(
                "too many failed sign-ins: try again in {} minutes",
                wait.as_secs().div_ceil(60).max(1)
            ),
        )
        .into_response();
        if let Ok(v) = HeaderValue::from_str(&wait.as_secs().max(1).to_string()) {
            response.headers_mut().insert(header::RETRY_AFTER, v);
        }
        return Ok(response);
    }
    let row = db::by_key(&accounts.store, &key).await.map_err(storage)?;
    let ok = accounts
        .verify(
            request.password,
            row.as_ref().map(|r| r.password_hash.clone()),
        )
        .await?;
    let Some(row) = row.filter(|_| ok) else {
        accounts.throttle.failed(&key, &address);
        tracing::info!(%address, "sign-in refused");
        return Err(bad_credentials());
    };
    accounts.throttle.succeeded(&key);
    let (token, csrf) = accounts.start_session(&row.id).await?;
    let c = cookies(&token, &csrf, secure(&headers), SESSION_DAYS * 86_400);
    Ok(with_cookies(
        axum::Json(SessionStarted {
            name: row.name,
            token,
            csrf,
        })
        .into_response(),
        c,
    ))
}

/// Signs out: the session ends (its token no longer works anywhere).
#[utoipa::path(delete, path = "/api/v1/session",
    responses((status = 204, description = "signed out; the cookies are cleared"), (status = 401, description = "unauthorized: not signed in", body = ErrorBody), (status = 403, description = "csrf", body = ErrorBody), (status = 503, description = "storage", body = ErrorBody)))]
pub async fn sign_out(State(accounts): Shared, headers: HeaderMap) -> Result<Response, ApiError> {
    let who = accounts.required(&headers).await?;
    db::delete_session(&accounts.store, &who.session_hash)
        .await
        .map_err(storage)?;
    Ok(with_cookies(
        StatusCode::NO_CONTENT.into_response(),
        cookies("", "", secure(&headers), 0),
    ))
}

/// Who is signed in, if anyone: 200 either way, `account` null for a
/// visitor without a session (or whose session has ended).
#[utoipa::path(get, path = "/api/v1/session",
    responses((status = 200, body = SessionState), (status = 503, description = "storage", body = ErrorBody)))]
pub async fn session(
    State(accounts): Shared,
    headers: HeaderMap,
) -> Result<axum::Json<SessionState>, ApiError> {
    let account = match accounts.current(&headers).await? {
        Some(who) => Some(me_of(&accounts, who).await?),
        None => None,
    };
    Ok(axum::Json(SessionState { account }))
}

/// The signed-in player.
#[utoipa::path(get, path = "/api/v1/me",
    responses((status = 200, body = Me), (status = 401, description = "unauthorized: not signed in", body = ErrorBody), (status = 503, description = "storage", body = ErrorBody)))]
pub async fn me(State(accounts): Shared, headers: HeaderMap) -> Result<axum::Json<Me>, ApiError> {
    let who = accounts.required(&headers).await?;
    Ok(axum::Json(me_of(&accounts, who).await?))
}

/// The signed-in player as `GET /api/v1/me` and `GET /api/v1/session` show them.
async fn me_of(accounts: &Accounts, who: super::SignedIn) -> Result<Me, ApiError> {
    let ratings = ratings(accounts, &who.name).await?;
    Ok(Me {
        name: who.name,
        ratings,
        member_since: who.created_at,
    })
}

/// Changes the password: every session of the account ends, and a new one
/// starts for this browser or client.
#[utoipa::path(post, path = "/api/v1/me/password", request_body = ChangePassword,
    responses((status = 200, body = SessionStarted, description = "changed; the new session's cookie is set"), (status = 400, description = "bad_request or weak_password", body = ErrorBody), (status = 401, description = "unauthorized, or bad_credentials: the current password is wrong", body = ErrorBody), (status = 403, description = "csrf", body = ErrorBody), (status = 503, description = "busy or storage", body = ErrorBody)))]
pub async fn change_password(
    State(accounts): Shared,
    headers: HeaderMap,
    raw: Bytes,
) -> Result<Response, ApiError> {
    let who = accounts.required(&headers).await?;
    let request: ChangePassword = body(&raw)?;
    let row = db::by_key(&accounts.store, &crate::names::key(&who.name))
        .await
        .map_err(storage)?
        .ok_or_else(bad_credentials)?;
    if !accounts
        .verify(request.password, Some(row.password_hash))
        .await?
    {
        return Err(bad_credentials());
    }
    if let Some(why) = passwords::weakness(&request.new_password, &who.name) {
        return Err(ApiError::new(ErrorKind::WeakPassword, why));
    }
    let hash = accounts.hash(request.new_password).await?;
    db::set_password(&accounts.store, &who.id, &hash)
        .await
        .map_err(storage)?;
    db::delete_sessions(&accounts.store, &who.id)
        .await
        .map_err(storage)?;
    let (token, csrf) = accounts.start_session(&who.id).await?;
    let c = cookies(&token, &csrf, secure(&headers), SESSION_DAYS * 86_400);
    Ok(with_cookies(
        axum::Json(SessionStarted {
            name: who.name,
            token,
            csrf,
        })
        .into_response(),
        c,
    ))
}

/// Deletes the account (the password again in the body). Its games stay,
/// with "deleted player" in its seats; its ratings go.
#[utoipa::path(delete, path = "/api/v1/me", request_body = DeleteAccount,
    responses((status = 204, description = "deleted; the cookies are cleared"), (status = 400, description = "bad_request", body = ErrorBody), (status = 401, description = "unauthorized, or bad_credentials: the password is wrong", body = ErrorBody), (status = 403, description = "csrf", body = ErrorBody), (status = 503, description = "busy or storage", body = ErrorBody)))]
pub async fn delete_me(
    State(accounts): Shared,
    headers: HeaderMap,
    raw: Bytes,
) -> Result<Response, ApiError> {
    let who = accounts.required(&headers).await?;
    let request: DeleteAccount = body(&raw)?;
    let row = db::by_key(&accounts.store, &crate::names::key(&who.name))
        .await
        .map_err(storage)?
        .ok_or_else(bad_credentials)?;
    if !accounts
        .verify(request.password, Some(row.password_hash.clone()))
        .await?
    {
        return Err(bad_credentials());
    }
    db::delete_account(&accounts.store, &row)
        .await
        .map_err(storage)?;
    tracing::info!("account deleted");
    Ok(with_cookies(
        StatusCode::NO_CONTENT.into_response(),
        cookies("", "", secure(&headers), 0),
    ))
}

/// A player's public page.
#[utoipa::path(get, path = "/api/v1/players/{name}", params(("name" = String, Path, description = "the player's name (compared as a person reads it)")),
    responses((status = 200, body = Profile), (status = 404, description = "not_found: no such player", body = ErrorBody), (status = 503, description = "storage", body = ErrorBody)))]
pub async fn profile(
    State(accounts): Shared,
    Path(name): Path<String>,
) -> Result<axum::Json<Profile>, ApiError> {
    let none = || ApiError::new(ErrorKind::NotFound, "there is no player of that name");
    if name.len() > 200 {
        return Err(none());
    }
    let row = db::by_key(&accounts.store, &crate::names::key(&name))
        .await
        .map_err(storage)?
        .ok_or_else(none)?;
    let ratings = ratings(&accounts, &row.name).await?;
    let history = db::history_of(&accounts.store, &row.id, 100)
        .await
        .map_err(storage)?
        .into_iter()
        .map(|(game, table, before, after, at_ms)| RatingChange {
            name: row.name.clone(),
            game,
            table,
            before,
            after,
            at_ms,
        })
        .collect();
    let recent = db::recent_tables(&accounts.store, &row.id, 20)
        .await
        .map_err(storage)?;
    let mut recent_games: Vec<RecentGame> = recent
        .into_iter()
        .map(|(status, t)| RecentGame {
            table: t.id.clone(),
            game: t.game.clone(),
            created_at: t.created_at,
            finished: (status == "finished").then(|| t.summary()),
            status,
        })
        .collect();
    // Who sat where, with each account's rating, as /api/v1/records says it.
    let mut finished: Vec<&mut RecordSummary> = recent_games
        .iter_mut()
        .filter_map(|g| g.finished.as_mut())
        .collect();
    super::record_seats(&accounts.store, &mut finished).await;
    Ok(axum::Json(Profile {
        name: row.name,
        ratings,
        member_since: row.created_at,
        history,
        recent_games,
    }))
}

/// The rating changes a finished rated table made (empty until the
/// ratings are written, and for an unrated table): what the result screen
/// shows.
#[utoipa::path(get, path = "/api/v1/tables/{id}/rating-changes", params(("id" = String, Path, description = "table id")),
    responses((status = 200, body = Vec<RatingChange>), (status = 503, description = "storage", body = ErrorBody)))]
pub async fn table_rating_changes(
    State(accounts): Shared,
    Path(id): Path<String>,
) -> Result<axum::Json<Vec<RatingChange>>, ApiError> {
    if id.len() > 64 {
        return Ok(axum::Json(Vec::new()));
    }
    Ok(axum::Json(
        db::changes_of_table(&accounts.store, &id)
            .await
            .map_err(storage)?
            .into_iter()
            .map(|(name, game, before, after)| RatingChange {
                name,
                game,
                table: id.clone(),
                before,
                after,
                at_ms: 0,
            })
            .collect(),
    ))
}
