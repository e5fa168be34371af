//! The HTTP routes of quick pairing and challenges (docs/protocol.md,
//! "Finding an opponent"). Every one needs a signed-in account.

use super::Pairing;
use super::wire::{
    Challenge, ChallengeRequest, Challenges, PairingRequest, PairingStatus, PlayerEvent,
};
use crate::accounts::Account;
use crate::accounts::now_ms;
use crate::protocol::{ApiError, ErrorBody, ErrorKind};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use std::sync::Arc;

type Shared = State<Arc<Pairing>>;

/// The routes, with their state.
pub fn router<S: Clone + Send + Sync + 'static>(pairing: Arc<Pairing>) -> Router<S> {
    Router::new()
        .route(
            "/api/v1/pairing",
            get(pairing_status).post(pairing_start).delete(pairing_stop),
        )
        .route("/api/v1/challenges", get(challenges).post(challenge_send))
        .route("/api/v1/challenges/{id}", delete(challenge_withdraw))
        .route("/api/v1/challenges/{id}/accept", post(challenge_accept))
        .route("/api/v1/challenges/{id}/decline", post(challenge_decline))
        .route("/api/v1/me/ws", get(player_socket))
        .with_state(pairing)
}

fn body<T: for<'de> serde::Deserialize<'de>>(raw: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(raw)
        .map_err(|e| ApiError::new(ErrorKind::BadRequest, format!("bad request body: {e}")))
}

async fn who(pairing: &Pairing, headers: &HeaderMap) -> Result<Account, ApiError> {
    let who = pairing.accounts.current(headers).await?.ok_or_else(|| {
        ApiError::new(
            ErrorKind::Unauthorized,
            "sign in to be paired or challenged: a guest has no name to be found by",
        )
    })?;
    Ok((who.id, who.name))
}

/// Asks to be paired for a game (and clock): answers where the request
/// stands (ask again with `GET` every second or two: a wait nobody asks
/// about ends after 30 s).
#[utoipa::path(post, path = "/api/v1/pairing", request_body = PairingRequest,
    responses((status = 200, body = PairingStatus, description = "waiting, or paired at once"), (status = 400, description = "bad_request: no such game, not a game for two, or a clock it does not take", body = ErrorBody), (status = 401, description = "unauthorized: sign in first", body = ErrorBody), (status = 403, description = "csrf", body = ErrorBody), (status = 503, description = "busy: too many waiting; or storage", body = ErrorBody)))]
pub async fn pairing_start(
    State(pairing): Shared,
    headers: HeaderMap,
    raw: Bytes,
) -> Result<axum::Json<PairingStatus>, ApiError> {
    let who = who(&pairing, &headers).await?;
    let request: PairingRequest = body(&raw)?;
    Ok(axum::Json(
        pairing
            .enter(&who, &request.game, request.clock, now_ms())
            .await?,
    ))
}

/// Where the signed-in player's pairing request stands: `waiting` (with
/// the rating window now), `paired` (the table and seat), or `idle`.
#[utoipa::path(get, path = "/api/v1/pairing",
    responses((status = 200, body = PairingStatus), (status = 401, description = "unauthorized: sign in first", body = ErrorBody), (status = 503, description = "storage", body = ErrorBody)))]
pub async fn pairing_status(
    State(pairing): Shared,
    headers: HeaderMap,
) -> Result<axum::Json<PairingStatus>, ApiError> {
    let who = who(&pairing, &headers).await?;
    Ok(axum::Json(pairing.status(&who, now_ms()).await?))
}

/// Stops waiting.
#[utoipa::path(delete, path = "/api/v1/pairing",
    responses((status = 204, description = "not waiting any more"), (status = 401, description = "unauthorized: sign in first", body = ErrorBody), (status = 403, description = "csrf", body = ErrorBody)))]
pub async fn pairing_stop(
    State(pairing): Shared,
    headers: HeaderMap,
) -> Result<StatusCode, ApiError> {
    let who = who(&pairing, &headers).await?;
    pairing.leave(&who).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The signed-in player's challenges: incoming (open) and outgoing.
#[utoipa::path(get, path = "/api/v1/challenges",
    responses((status = 200, body = Challenges), (status = 401, description = "unauthorized: sign in first", body = ErrorBody)))]
pub async fn challenges(
    State(pairing): Shared,
    headers: HeaderMap,
) -> Result<axum::Json<Challenges>, ApiError> {
    let who = who(&pairing, &headers).await?;
    let (incoming, outgoing) = pairing.challenges.of(&who.0, now_ms()).await?;
    Ok(axum::Json(Challenges { incoming, outgoing }))
}

/// Challenges a player by name.
#[utoipa::path(post, path = "/api/v1/challenges", request_body = ChallengeRequest,
    responses((status = 201, body = Challenge, description = "sent"), (status = 400, description = "bad_request: no such game, not a game for two, a clock it does not take, or yourself", body = ErrorBody), (status = 401, description = "unauthorized: sign in first", body = ErrorBody), (status = 403, description = "csrf", body = ErrorBody), (status = 404, description = "not_found: no player of that name", body = ErrorBody), (status = 429, description = "rate_limited: too many challenges waiting for an answer", body = ErrorBody), (status = 503, description = "storage", body = ErrorBody)))]
pub async fn challenge_send(
    State(pairing): Shared,
    headers: HeaderMap,
    raw: Bytes,
) -> Result<Response, ApiError> {
    let from = who(&pairing, &headers).await?;
    let request: ChallengeRequest = body(&raw)?;
    pairing.check_game(&request.game, request.clock)?;
    let nobody = || ApiError::new(ErrorKind::NotFound, "there is no player of that name");
    if request.to.len() > 200 {
        return Err(nobody());
    }
    let to = crate::accounts::db::by_key(&pairing.accounts.store, &crate::names::key(&request.to))
        .await
        .map_err(super::storage)?
        .ok_or_else(nobody)?;
    let from_id = from.0.clone();
    let to_id = to.id.clone();
    let sent = pairing
        .challenges
        .send(
            from,
            (to.id, to.name),
            request.game,
            request.clock,
            request.rated.unwrap_or(true),
            now_ms(),
        )
        .await?;
    // Pushed: the player challenged hears of it at once (and the sender's
    // other tabs); not yet accepted, both see it alike.
    for who in [&to_id, &from_id] {
        pairing.notices.tell(
            who,
            PlayerEvent::Challenge {
                challenge: sent.clone(),
            },
        );
    }
    Ok((StatusCode::CREATED, axum::Json(sent)).into_response())
}

/// Accepts a challenge: a table opens with both players' seats bound to
/// their accounts; the answer carries the table and the accepter's seat
/// (the sender sees the table in its outgoing challenges).
#[utoipa::path(post, path = "/api/v1/challenges/{id}/accept", params(("id" = String, Path, description = "challenge id")),
    responses((status = 200, body = Challenge, description = "accepted: the table is open"), (status = 401, description = "unauthorized: sign in first", body = ErrorBody), (status = 403, description = "csrf", body = ErrorBody), (status = 404, description = "not_found: no such challenge for you", body = ErrorBody), (status = 409, description = "over: answered or cancelled already", body = ErrorBody), (status = 429, description = "too_many_tables", body = ErrorBody), (status = 503, description = "storage", body = ErrorBody)))]
pub async fn challenge_accept(
    State(pairing): Shared,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<axum::Json<Challenge>, ApiError> {
    let me = who(&pairing, &headers).await?;
    let row = pairing
        .challenges
        .start_accept(&id, &me.0, now_ms())
        .await?;
    let players = [row.from.clone(), row.to.clone()];
    match super::open_table(&pairing.hub, &row.game, row.clock, row.rated, &players).await {
        Ok((table, seats)) => {
            pairing
                .challenges
                .finish_accept(&id, Some((table.clone(), seats)), now_ms())
                .await?;
            let mut done = row.clone();
            done.state = "accepted";
            done.table = Some((table, seats));
            pairing.tell_challenge(&done);
            Ok(axum::Json(done.view(&me.0)))
        }
        Err(e) => {
            // Open again (a failure to say so leaves it being accepted
            // until it lapses: refused, never two tables).
            let _ = pairing.challenges.finish_accept(&id, None, now_ms()).await;
            Err(e)
        }
    }
}

/// Declines a challenge sent to the signed-in player.
#[utoipa::path(post, path = "/api/v1/challenges/{id}/decline", params(("id" = String, Path, description = "challenge id")),
    responses((status = 200, body = Challenge, description = "declined"), (status = 401, description = "unauthorized: sign in first", body = ErrorBody), (status = 403, description = "csrf", body = ErrorBody), (status = 404, description = "not_found: no such challenge for you", body = ErrorBody), (status = 409, description = "over: answered or cancelled already", body = ErrorBody)))]
pub async fn challenge_decline(
    State(pairing): Shared,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<axum::Json<Challenge>, ApiError> {
    let me = who(&pairing, &headers).await?;
    let row = pairing.challenges.answer_row(&id, &me.0, now_ms()).await?;
    pairing.tell_challenge(&row);
    Ok(axum::Json(row.view(&me.0)))
}

/// Withdraws a challenge: cancels it (its sender) or declines it (the
/// player challenged).
#[utoipa::path(delete, path = "/api/v1/challenges/{id}", params(("id" = String, Path, description = "challenge id")),
    responses((status = 200, body = Challenge, description = "cancelled (or declined)"), (status = 401, description = "unauthorized: sign in first", body = ErrorBody), (status = 403, description = "csrf", body = ErrorBody), (status = 404, description = "not_found: no such challenge for you", body = ErrorBody), (status = 409, description = "over: answered or cancelled already", body = ErrorBody)))]
pub async fn challenge_withdraw(
    State(pairing): Shared,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<axum::Json<Challenge>, ApiError> {
    let me = who(&pairing, &headers).await?;
    let row = pairing.challenges.answer_row(&id, &me.0, now_ms()).await?;
    pairing.tell_challenge(&row);
    Ok(axum::Json(row.view(&me.0)))
}

/// The player's socket (issue #27: push instead of polling): the server
/// sends a `hello`, then each [`PlayerEvent`] as it happens: paired,
/// challenge received, accepted, declined or cancelled. Signed in by the
/// session cookie or a bearer token; a guest's socket gets its `hello`
/// only. The client sends nothing; while its socket is down it polls the
/// routes above instead.
#[utoipa::path(get, path = "/api/v1/me/ws",
    responses((status = 101, description = "switching to the WebSocket: one JSON `PlayerEvent` per text message", body = PlayerEvent), (status = 400, description = "bad_request: not a WebSocket upgrade", body = ErrorBody), (status = 403, description = "csrf: a signed-in socket opened from another site", body = ErrorBody), (status = 426, description = "not a WebSocket upgrade (the connection cannot be upgraded)", body = ErrorBody)))]
pub async fn player_socket(
    State(pairing): Shared,
    headers: HeaderMap,
    held: Option<axum::Extension<crate::connections::Held>>,
    upgrade: axum::extract::WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let who = pairing
        .accounts
        .current(&headers)
        .await?
        .map(|w| (w.id, w.name));
    // A browser opens a socket from any page with the cookies it holds:
    // a signed-in socket must come from this site.
    if who.is_some() && !same_site(&headers) {
        return Err(ApiError::new(
            ErrorKind::Csrf,
            "this page may not listen for another site's player",
        ));
    }
    let notices = pairing.notices.clone();
    Ok(upgrade
        .max_message_size(4096)
        .on_upgrade(move |socket| async move {
            super::push::serve(socket, notices, who).await;
            drop(held);
        }))
}

/// Whether a request's `Origin` (if any) is the host it was sent to.
fn same_site(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(axum::http::header::ORIGIN) else {
        return true; // not a browser's page: an API client
    };
    let host = headers
        .get(axum::http::header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    origin
        .to_str()
        .ok()
        .and_then(|o| o.split_once("://").map(|(_, rest)| rest))
        .is_some_and(|rest| !host.is_empty() && rest == host)
}
