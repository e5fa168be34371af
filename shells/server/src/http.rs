//! The HTTP API (lobby, tables, records, ratings), `/healthz`, `/metrics`,
//! the rules pages, the OpenAPI document (generated from these handlers),
//! and the web client's static files.

use crate::protocol::{
    ApiError, BotLevelInfo, ClockSpec, CreateTable, ErrorBody, ErrorKind, GameInfo, JoinTable,
    Joined, RatingEntry, RecordSummary, SeatSpec, SeatSummary, TableSummary,
};
use crate::replay::table_replay;
use crate::tables::{Command, Hub};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, Query, State, WebSocketUpgrade};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::Arc;
use utoipa::OpenApi;

/// The OpenAPI description of the HTTP API.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Stackyard",
        description = "The Stackyard game server's HTTP API (protocol v1). The WebSocket protocol is in docs/protocol.md."
    ),
    paths(
        games,
        list_tables,
        create_table,
        get_table,
        join_table,
        table_record,
        records,
        ratings,
        healthz,
        crate::daily::list,
        crate::daily::start,
        crate::daily::board,
        // Accounts (issue #27).
        crate::accounts::routes::sign_up,
        crate::accounts::routes::sign_in,
        crate::accounts::routes::sign_out,
        crate::accounts::routes::session,
        crate::accounts::routes::me,
        crate::accounts::routes::change_password,
        crate::accounts::routes::delete_me,
        crate::accounts::routes::profile,
        crate::accounts::routes::table_rating_changes,
        // Finding an opponent (issue #27).
        crate::pairing::routes::pairing_start,
        crate::pairing::routes::pairing_status,
        crate::pairing::routes::pairing_stop,
        crate::pairing::routes::challenges,
        crate::pairing::routes::challenge_send,
        crate::pairing::routes::challenge_accept,
        crate::pairing::routes::challenge_decline,
        crate::pairing::routes::challenge_withdraw,
        crate::pairing::routes::player_socket
    ),
    components(schemas(
        ApiError,
        ErrorBody,
        ErrorKind,
        GameInfo,
        BotLevelInfo,
        TableSummary,
        SeatSummary,
        SeatSpec,
        ClockSpec,
        CreateTable,
        JoinTable,
        Joined,
        RatingEntry,
        RecordSummary,
        crate::protocol::DailyInfo,
        crate::protocol::DailyRequest,
        crate::protocol::DailyStart,
        crate::protocol::DailyEntry,
        crate::protocol::DailyBoard,
        crate::accounts::wire::Credentials,
        crate::accounts::wire::AccountCreated,
        crate::accounts::wire::SessionStarted,
        crate::accounts::wire::PlayerRating,
        crate::accounts::wire::Me,
        crate::accounts::wire::SessionState,
        crate::accounts::wire::ChangePassword,
        crate::accounts::wire::DeleteAccount,
        crate::accounts::wire::Profile,
        crate::accounts::wire::RatingChange,
        crate::accounts::wire::RecentGame,
        crate::pairing::wire::PairingRequest,
        crate::pairing::wire::PairingStatus,
        crate::pairing::wire::ChallengeRequest,
        crate::pairing::wire::Challenge,
        crate::pairing::wire::Challenges,
        crate::pairing::wire::PlayerEvent
    ))
)]
pub struct ApiDoc;

type Shared = State<Arc<Hub>>;

fn status_of(kind: ErrorKind) -> StatusCode {
    match kind {
        ErrorKind::NoSuchTable => StatusCode::NOT_FOUND,
        ErrorKind::SeatTaken | ErrorKind::Over | ErrorKind::AlreadyPlayed => StatusCode::CONFLICT,
        ErrorKind::TooManyTables | ErrorKind::RateLimited => StatusCode::TOO_MANY_REQUESTS,
        ErrorKind::Forbidden => StatusCode::FORBIDDEN,
        ErrorKind::Storage => StatusCode::SERVICE_UNAVAILABLE,
        ErrorKind::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        ErrorKind::NotFound => StatusCode::NOT_FOUND,
        ErrorKind::Timeout => StatusCode::REQUEST_TIMEOUT,
        ErrorKind::TooManyConnections => StatusCode::TOO_MANY_REQUESTS,
        ErrorKind::Busy => StatusCode::SERVICE_UNAVAILABLE,
        // Accounts (issue #27).
        ErrorKind::NameTaken => StatusCode::CONFLICT,
        ErrorKind::BadCredentials | ErrorKind::Unauthorized => StatusCode::UNAUTHORIZED,
        ErrorKind::Csrf => StatusCode::FORBIDDEN,
        _ => StatusCode::BAD_REQUEST,
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (status_of(self.kind), axum::Json(ErrorBody { error: self })).into_response()
    }
}

fn json_body<T: for<'de> Deserialize<'de> + Default>(
    body: &Bytes,
    empty_ok: bool,
) -> Result<T, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        if empty_ok {
            return Ok(T::default());
        }
        return Err(ApiError::new(
            ErrorKind::BadRequest,
            "the request needs a JSON body",
        ));
    }
    serde_json::from_slice(body)
        .map_err(|e| ApiError::new(ErrorKind::BadRequest, format!("bad request body: {e}")))
}

/// Every route.
pub fn router(hub: Arc<Hub>, web: Option<std::path::PathBuf>) -> Router {
    let seats = crate::ws::SeatConnections::new(hub.limits.connections_per_seat);
    // Accounts (issue #27): their routes, their state as an extension for
    // the handlers that bind seats, and the CSRF guard on every route.
    let accounts = crate::accounts::Accounts::new(hub.store.clone());
    let pairing = crate::pairing::Pairing::new(hub.clone(), accounts.clone());
    let api = Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics_text))
        .route("/rules/{name}", get(rules))
        .route("/api/v1/games", get(games))
        .route("/api/v1/tables", get(list_tables).post(create_table))
        .route("/api/v1/tables/{id}", get(get_table))
        .route("/api/v1/tables/{id}/join", post(join_table))
        .route("/api/v1/tables/{id}/record", get(table_record))
        .route("/api/v1/tables/{id}/replay", get(table_replay))
        .route("/api/v1/tables/{id}/ws", get(websocket))
        .route("/api/v1/records", get(records))
        .route("/api/v1/ratings/{game}", get(ratings))
        .route("/api/v1/daily", get(crate::daily::list))
        .route(
            "/api/v1/daily/{game}",
            get(crate::daily::board).post(crate::daily::start),
        )
        .route("/api/v1/openapi.json", get(openapi))
        .merge(crate::accounts::routes::router(accounts.clone()))
        .merge(crate::pairing::routes::router(pairing))
        // Under /api/ every path is the API's: an unknown one is a 404 in
        // the API's shape, never the web client's page.
        .route("/api", any(api_not_found))
        .route("/api/{*rest}", any(api_not_found))
        .layer(axum::Extension(seats))
        .layer(axum::Extension(accounts.clone()))
        .layer(axum::middleware::from_fn_with_state(
            accounts,
            crate::accounts::csrf_guard,
        ))
        // Several nodes (issue #28): a table another node owns is relayed.
        .layer(axum::middleware::from_fn_with_state(
            hub.clone(),
            crate::cluster::relay::relay,
        ))
        // ...and a relayed request counts as its client's, once its
        // relaying node's proof verifies.
        .layer(axum::middleware::from_fn_with_state(
            hub.clone(),
            crate::cluster::relay::trust,
        ))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(axum::middleware::from_fn_with_state(
            hub.clone(),
            in_error_shape,
        ))
        .with_state(hub);
    match web {
        Some(dir) if dir.is_dir() => api.fallback_service(crate::statics::router(&dir)),
        _ => api.fallback(|| async {
            ApiError::new(
                ErrorKind::NotFound,
                "no such page (the web client is not built here)",
            )
        }),
    }
}

/// The largest HTTP request body, bytes (413 `too_large` beyond it).
pub const MAX_BODY_BYTES: usize = 64 * 1024;

async fn api_not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        ErrorKind::NotFound,
        format!("there is no API route {}", uri.path()),
    )
}

/// Bounds each request by the request timeout, and gives every error the
/// API's JSON shape: axum's own rejections (a query that does not parse, a
/// body over the limit, a wrong method) answer in plain text otherwise.
async fn in_error_shape(
    State(hub): Shared,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let Ok(response) = tokio::time::timeout(hub.limits.request_timeout, next.run(request)).await
    else {
        return ApiError::new(
            ErrorKind::Timeout,
            format!(
                "the request took longer than {} s",
                hub.limits.request_timeout.as_secs_f64()
            ),
        )
        .into_response();
    };
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if json {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
    let text = String::from_utf8_lossy(&text).trim().to_string();
    let message = if text.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("the request was refused")
            .to_string()
    } else {
        text
    };
    let kind = match status {
        StatusCode::NOT_FOUND => ErrorKind::NotFound,
        StatusCode::REQUEST_TIMEOUT => ErrorKind::Timeout,
        StatusCode::PAYLOAD_TOO_LARGE => ErrorKind::TooLarge,
        StatusCode::TOO_MANY_REQUESTS => ErrorKind::RateLimited,
        s if s.is_server_error() => ErrorKind::Storage,
        _ => ErrorKind::BadRequest,
    };
    let mut shaped = (
        status,
        axum::Json(ErrorBody {
            error: ApiError::new(kind, message),
        }),
    )
        .into_response();
    // Keep what the refusal said beside its text (`Allow` on a 405).
    for (name, value) in parts.headers.iter() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            shaped.headers_mut().insert(name.clone(), value.clone());
        }
    }
    shaped
}

/// Liveness.
#[utoipa::path(get, path = "/healthz", responses((status = 200, description = "ok", body = String, content_type = "text/plain")))]
async fn healthz() -> &'static str {
    "ok"
}

async fn metrics_text(State(hub): Shared) -> Response {
    let (tables, live) = hub.counts();
    metrics::gauge!("stackyard_tables_in_memory").set(tables as f64);
    metrics::gauge!("stackyard_tables_unfinished").set(live as f64);
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        crate::metrics::render(),
    )
        .into_response()
}

async fn openapi() -> Response {
    match ApiDoc::openapi().to_pretty_json() {
        Ok(text) => ([(header::CONTENT_TYPE, "application/json")], text).into_response(),
        Err(e) => ApiError::new(ErrorKind::Storage, e.to_string()).into_response(),
    }
}

/// A game's rules page, as the game declares it (`About::rules`).
async fn rules(State(hub): Shared, Path(name): Path<String>) -> Response {
    let name = name.strip_suffix(".md").unwrap_or(&name);
    match hub.registry.get(name) {
        Some(kind) => (
            [(header::CONTENT_TYPE, "text/markdown; charset=utf-8")],
            kind.about().rules,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, format!("no rules called {name:?}")).into_response(),
    }
}

/// The games this server hosts.
#[utoipa::path(get, path = "/api/v1/games", responses((status = 200, body = [GameInfo]), (status = 408, description = "timeout: the request took longer than the request timeout", body = ErrorBody), (status = 503, description = "storage, or busy: the server is at its connection cap", body = ErrorBody)))]
async fn games(State(hub): Shared) -> axum::Json<Vec<GameInfo>> {
    axum::Json(
        hub.registry
            .kinds()
            .map(|k| GameInfo {
                name: k.name().to_string(),
                title: k.title().to_string(),
                engine: k.engine().to_string(),
                has_draws: k.has_draws(),
                turnless: k.turnless(),
                default_settings: k.default_settings(),
                bot_levels: k
                    .bot_levels()
                    .into_iter()
                    .map(|l| BotLevelInfo {
                        name: l.name,
                        title: l.title,
                        about: l.about,
                    })
                    .collect(),
                rules_url: format!("/rules/{}", k.name()),
                about: k.about(),
            })
            .collect(),
    )
}

/// Filters for the table list.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct TableFilter {
    /// Only this game.
    game: Option<String>,
    /// `open`, `playing` or `finished`.
    status: Option<String>,
}

/// Tables in the lobby.
#[utoipa::path(get, path = "/api/v1/tables", params(TableFilter), responses((status = 200, body = [TableSummary]), (status = 400, description = "bad_request: a query, path or body that does not parse or is refused", body = ErrorBody), (status = 408, description = "timeout: the request took longer than the request timeout", body = ErrorBody), (status = 503, description = "storage, or busy: the server is at its connection cap", body = ErrorBody)))]
async fn list_tables(
    State(hub): Shared,
    Query(filter): Query<TableFilter>,
) -> Result<axum::Json<Vec<TableSummary>>, ApiError> {
    // Finished tables out of memory are listed from the store.
    let mut list = hub
        .list(filter.game.as_deref(), filter.status.as_deref(), 500)
        .await?;
    crate::accounts::with_ratings(&hub.store, &mut list).await;
    Ok(axum::Json(list))
}

/// Creates a table.
#[utoipa::path(post, path = "/api/v1/tables", request_body = CreateTable,
    responses((status = 200, body = TableSummary), (status = 400, description = "bad_request: a query, path or body that does not parse or is refused", body = ErrorBody), (status = 408, description = "timeout: the request took longer than the request timeout", body = ErrorBody), (status = 413, description = "too_large: a body over 64 KiB", body = ErrorBody), (status = 429, description = "too_many_tables (or rate_limited)", body = ErrorBody), (status = 503, description = "storage, or busy: the server is at its connection cap", body = ErrorBody)))]
async fn create_table(
    State(hub): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: Bytes,
) -> Result<axum::Json<TableSummary>, ApiError> {
    let spec: CreateTable = if body.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::new(
            ErrorKind::BadRequest,
            "the request needs a JSON body",
        ));
    } else {
        serde_json::from_slice(&body)
            .map_err(|e| ApiError::new(ErrorKind::BadRequest, format!("bad request body: {e}")))?
    };
    let summary = hub.create(spec, &peer.ip().to_string()).await?;
    metrics::counter!("stackyard_tables_created_total").increment(1);
    Ok(axum::Json(summary))
}

/// One table.
#[utoipa::path(get, path = "/api/v1/tables/{id}", params(("id" = String, Path, description = "table id")),
    responses((status = 200, body = TableSummary), (status = 404, description = "no_such_table", body = ErrorBody), (status = 408, description = "timeout: the request took longer than the request timeout", body = ErrorBody), (status = 503, description = "storage, or busy: the server is at its connection cap", body = ErrorBody)))]
async fn get_table(
    State(hub): Shared,
    Path(id): Path<String>,
) -> Result<axum::Json<TableSummary>, ApiError> {
    // Running, or finished and served from the store.
    let summary = hub.summary_of(&id).await?.ok_or_else(|| no_table(&id))?;
    let mut one = [summary];
    crate::accounts::with_ratings(&hub.store, &mut one).await;
    let [summary] = one;
    Ok(axum::Json(summary))
}

fn no_table(id: &str) -> ApiError {
    ApiError::new(ErrorKind::NoSuchTable, format!("there is no table {id:?}"))
}

/// Takes a seat: answers with the seat's secret token.
#[utoipa::path(post, path = "/api/v1/tables/{id}/join", params(("id" = String, Path, description = "table id")),
    request_body = JoinTable,
    responses((status = 200, body = Joined), (status = 400, description = "bad_request: a query, path or body that does not parse or is refused", body = ErrorBody), (status = 404, description = "no_such_table", body = ErrorBody), (status = 408, description = "timeout: the request took longer than the request timeout", body = ErrorBody), (status = 409, description = "seat_taken or over (or already_played)", body = ErrorBody), (status = 413, description = "too_large: a body over 64 KiB", body = ErrorBody), (status = 503, description = "storage, or busy: the server is at its connection cap", body = ErrorBody)))]
async fn join_table(
    State(hub): Shared,
    axum::Extension(accounts): axum::Extension<Arc<crate::accounts::Accounts>>,
    headers: axum::http::HeaderMap,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<axum::Json<Joined>, ApiError> {
    let request: JoinTable = json_body(&body, true)?;
    let table = hub.find(&id).await?.ok_or_else(|| no_table(&id))?;
    // Signed in: the seat is the account's (issue #27).
    let account = accounts
        .seat_owner(&headers, request.name.as_deref())
        .await?;
    let (reply, answer) = tokio::sync::oneshot::channel();
    table
        .commands
        .send(Command::Join {
            seat: request.seat,
            name: request.name,
            account,
            reply,
        })
        .await
        .map_err(|_| ApiError::new(ErrorKind::Storage, "the table is not running"))?;
    let joined = answer
        .await
        .map_err(|_| ApiError::new(ErrorKind::Storage, "the table is not running"))??;
    Ok(axum::Json(joined))
}

/// A finished table's record (refused while the game goes on: it holds
/// hidden information).
#[utoipa::path(get, path = "/api/v1/tables/{id}/record", params(("id" = String, Path, description = "table id")),
    responses((status = 200, description = "the game's record", body = Object), (status = 403, description = "forbidden: hidden information while the game goes on", body = ErrorBody), (status = 404, description = "no_such_table", body = ErrorBody), (status = 408, description = "timeout: the request took longer than the request timeout", body = ErrorBody), (status = 503, description = "storage, or busy: the server is at its connection cap", body = ErrorBody)))]
async fn table_record(State(hub): Shared, Path(id): Path<String>) -> Result<Response, ApiError> {
    if crate::daily::is_private(&hub, &id).await? {
        return Err(crate::daily::daily_private());
    }
    match hub
        .store
        .record(&id)
        .await
        .map_err(|e| ApiError::new(ErrorKind::Storage, e.to_string()))?
    {
        Some(record) => Ok(([(header::CONTENT_TYPE, "application/json")], record).into_response()),
        None if hub.table(&id).is_some() => Err(ApiError::new(
            ErrorKind::Forbidden,
            "the record is served once the game is over (it holds hidden information)",
        )),
        None => Err(no_table(&id)),
    }
}

/// Filters for records.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct RecordFilter {
    /// Only this game.
    game: Option<String>,
    /// Only games where a seat went by this name.
    player: Option<String>,
    /// Only games finished on or after this day (UTC), YYYY-MM-DD.
    since: Option<String>,
    /// Only games finished before this day (UTC), YYYY-MM-DD.
    until: Option<String>,
    /// Only rated games (`true`), or all (`false`, the default).
    rated: Option<bool>,
    /// At most this many (default 50, at most 500).
    limit: Option<i64>,
}

/// Finished tables, newest first.
#[utoipa::path(get, path = "/api/v1/records", params(RecordFilter), responses((status = 200, body = [RecordSummary]), (status = 400, description = "bad_request: a query, path or body that does not parse or is refused", body = ErrorBody), (status = 408, description = "timeout: the request took longer than the request timeout", body = ErrorBody), (status = 503, description = "storage, or busy: the server is at its connection cap", body = ErrorBody)))]
async fn records(
    State(hub): Shared,
    Query(filter): Query<RecordFilter>,
) -> Result<axum::Json<Vec<RecordSummary>>, ApiError> {
    let limit = filter.limit.unwrap_or(50).clamp(1, 500);
    let day = |name: &str, text: &Option<String>| {
        text.as_deref()
            .map(crate::dailies::day_ms)
            .transpose()
            .map_err(|e| ApiError::new(ErrorKind::BadRequest, format!("{name}: {e}")))
    };
    let query = crate::store::FinishedFilter {
        game: filter.game,
        player: filter.player,
        since_ms: day("since", &filter.since)?,
        until_ms: day("until", &filter.until)?,
        rated: filter.rated.unwrap_or(false),
    };
    let rows = hub
        .store
        .finished(&query, &crate::dailies::today(), limit)
        .await
        .map_err(|e| ApiError::new(ErrorKind::Storage, e.to_string()))?;
    let private = crate::daily::private_tables(&hub).await?;
    let mut out: Vec<RecordSummary> = rows
        .into_iter()
        .filter(|r| !private.contains(&r.id))
        .map(crate::store::FinishedTable::summary)
        .collect();
    // Issue #27: who sat where, with each account's rating.
    crate::accounts::record_seats(&hub.store, &mut out).await;
    Ok(axum::Json(out))
}

/// A game's leaderboard.
#[utoipa::path(get, path = "/api/v1/ratings/{game}", params(("game" = String, Path, description = "game name")),
    responses((status = 200, body = [RatingEntry]), (status = 400, description = "bad_request: no such game", body = ErrorBody), (status = 408, description = "timeout: the request took longer than the request timeout", body = ErrorBody), (status = 503, description = "storage, or busy: the server is at its connection cap", body = ErrorBody)))]
async fn ratings(
    State(hub): Shared,
    Path(game): Path<String>,
) -> Result<axum::Json<Vec<RatingEntry>>, ApiError> {
    if hub.registry.get(&game).is_none() {
        return Err(ApiError::new(
            ErrorKind::BadRequest,
            format!("there is no game {game:?}"),
        ));
    }
    let rows = hub
        .store
        .ratings(&game, 100)
        .await
        .map_err(|e| ApiError::new(ErrorKind::Storage, e.to_string()))?;
    Ok(axum::Json(
        rows.into_iter()
            .map(|r| RatingEntry {
                name: r.name,
                rating: r.rating,
                provisional: r.deviation > crate::accounts::wire::provisional_above(r.rating),
                deviation: r.deviation,
                games: r.games,
            })
            .collect(),
    ))
}

async fn websocket(
    State(hub): Shared,
    Path(id): Path<String>,
    axum::Extension(seats): axum::Extension<Arc<crate::ws::SeatConnections>>,
    held: Option<axum::Extension<crate::connections::Held>>,
    remote: Option<axum::Extension<crate::cluster::relay::Remote>>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let remote = remote.map(|r| r.0);
    let limit = hub.limits.max_message_bytes;
    upgrade
        // tungstenite zeroes its whole read buffer before every read: the
        // 128 KiB default made that a large share of serving a message.
        .read_buffer_size(4096)
        .max_message_size(limit * 4)
        .max_frame_size(limit * 4)
        .on_upgrade(move |socket| async move {
            crate::ws::serve(socket, hub, id, seats, remote).await;
            drop(held);
        })
}
