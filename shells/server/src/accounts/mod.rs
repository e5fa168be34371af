//! Accounts (issue #27): sign up, sign in and out, change the password,
//! delete the account; sessions as an `HttpOnly` cookie (with a CSRF
//! token) or a bearer token. See docs/accounts.md for the choices.
//!
//! - [`passwords`]: Argon2id with OWASP's parameters, strength checks;
//! - [`names`]: which names an account may have;
//! - [`throttle`]: sign-in failures per account and per address;
//! - [`db`]: the rows, in both dialects;
//! - [`routes`]: the HTTP handlers; [`wire`]: their bodies.
//!
//! The state lives in an [`Accounts`] passed to handlers as an axum
//! extension, so the table core needs to know nothing of it: a handler
//! that binds a seat asks [`Accounts::current`] who is signed in.

pub mod db;
pub mod names;
pub mod passwords;
pub mod routes;
pub mod throttle;
pub mod wire;

use crate::protocol::{ApiError, ErrorKind};
use crate::store::Store;
use axum::http::{HeaderMap, Method, header};
use sha2::{Digest, Sha256};
use std::borrow::BorrowMut;
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use subtle::ConstantTimeEq;

/// The session cookie (`HttpOnly`).
pub const SESSION_COOKIE: &str = "stackyard_session";
/// The CSRF cookie (readable by the page, which echoes it in
/// [`CSRF_HEADER`]).
pub const CSRF_COOKIE: &str = "stackyard_csrf";
/// The header a cookie-authenticated request that changes state carries.
pub const CSRF_HEADER: &str = "x-csrf-token";
/// How long a session lasts.
pub const SESSION_DAYS: i64 = 30;
/// The longest wait for a hashing slot before answering `busy`.
const HASH_WAIT: Duration = Duration::from_secs(10);

/// Who is signed in.
#[derive(Debug, Clone)]
pub struct SignedIn {
    /// The account id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Unix ms the account was made.
    pub created_at: i64,
    /// The session token's hash.
    pub session_hash: String,
    /// Whether the token came as a cookie (else as a bearer token).
    pub by_cookie: bool,
}

/// An account as pairing and challenges name it: (id, name).
pub type Account = (String, String);

/// The accounts' shared state.
pub struct Accounts {
    /// The store (accounts use its pool directly).
    pub store: Store,
    /// Sign-in failures.
    pub throttle: throttle::Throttle,
    /// Argon2 hashes running or waiting: each takes 19 MiB and tens of ms
    /// of a core, so a flood of sign-ups or sign-ins waits here (and is
    /// answered `busy` past [`HASH_WAIT`]) instead of exhausting memory.
    hashing: tokio::sync::Semaphore,
    /// A hash of a password nobody has, verified for unknown names so they
    /// take as long as wrong passwords.
    dummy: OnceLock<String>,
}

/// Unix ms now.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// The CSRF token that goes with a session token.
pub fn csrf_of(token: &str) -> String {
    let digest = Sha256::digest(format!("stackyard-csrf\0{token}").as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// A cookie's value from the request's `Cookie` headers.
pub fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim())
        .filter(|v| !v.is_empty())
}

/// The bearer token of the `Authorization` header.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let v = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = v.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim())
        .filter(|t| !t.is_empty())
}

fn storage(e: crate::store::StoreError) -> ApiError {
    e.to_player("accounts")
}

impl Accounts {
    /// The state over `store`.
    pub fn new(store: Store) -> Arc<Accounts> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Arc::new(Accounts {
            store,
            throttle: throttle::Throttle::default(),
            hashing: tokio::sync::Semaphore::new(cores.clamp(1, 4)),
            dummy: OnceLock::new(),
        })
    }

    /// Runs a blocking hash job under the hashing semaphore.
    async fn hashing<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let busy = || {
            ApiError::new(
                ErrorKind::Busy,
                "the server is busy checking passwords; try again in a moment",
            )
        };
        let _permit = tokio::time::timeout(HASH_WAIT, self.hashing.acquire())
            .await
            .map_err(|_| busy())?
            .map_err(|_| busy())?;
        tokio::task::spawn_blocking(job).await.map_err(|_| busy())
    }

    /// Hashes a password.
    pub async fn hash(&self, password: String) -> Result<String, ApiError> {
        self.hashing(move || passwords::hash(&password))
            .await?
            .map_err(|e| {
                tracing::warn!(error = %e, "accounts: hashing failed");
                ApiError::new(ErrorKind::Storage, "the server could not hash the password")
            })
    }

    /// Verifies a password against a stored hash, or against the dummy
    /// when there is no account (same cost, same answer).
    pub async fn verify(&self, password: String, stored: Option<String>) -> Result<bool, ApiError> {
        let stored = match stored {
            Some(s) => (s, true),
            None => (self.dummy_hash().await?, false),
        };
        let ok = self
            .hashing(move || passwords::verify(&password, &stored.0))
            .await?;
        Ok(ok && stored.1)
    }

    async fn dummy_hash(&self) -> Result<String, ApiError> {
        if let Some(h) = self.dummy.get() {
            return Ok(h.clone());
        }
        let mut secret = [0u8; 24];
        let _ = getrandom::fill(&mut secret);
        let secret: String = secret.iter().map(|b| format!("{b:02x}")).collect();
        let h = self.hash(secret).await?;
        Ok(self.dummy.get_or_init(|| h).clone())
    }

    /// Starts a session for an account: its token (shown once) and CSRF
    /// token.
    pub async fn start_session(&self, account_id: &str) -> Result<(String, String), ApiError> {
        let (token, hash) = crate::auth::new_token().map_err(|e| {
            tracing::warn!(error = %e, "accounts: no randomness");
            ApiError::new(ErrorKind::Storage, "the server could not make a session")
        })?;
        let now = now_ms();
        db::insert_session(
            &self.store,
            &hash,
            account_id,
            now,
            now + SESSION_DAYS * 86_400_000,
        )
        .await
        .map_err(storage)?;
        let csrf = csrf_of(&token);
        Ok((token, csrf))
    }

    /// Who the request's session (bearer token first, then cookie) belongs
    /// to; `None` for a guest or a session that has ended.
    pub async fn current(&self, headers: &HeaderMap) -> Result<Option<SignedIn>, ApiError> {
        let (token, by_cookie) = match bearer(headers) {
            Some(t) => (t, false),
            None => match cookie(headers, SESSION_COOKIE) {
                Some(t) => (t, true),
                None => return Ok(None),
            },
        };
        if token.len() > 128 {
            return Ok(None);
        }
        let session_hash = crate::auth::hash_token(token);
        let row = db::by_session(&self.store, &session_hash, now_ms())
            .await
            .map_err(storage)?;
        Ok(row.map(|a| SignedIn {
            id: a.id,
            name: a.name,
            created_at: a.created_at,
            session_hash,
            by_cookie,
        }))
    }

    /// Who takes a seat (issue #27): the signed-in account (id, name),
    /// whatever name the body typed; or a guest (`None`), whose typed name
    /// must not be an account's (409 `name_taken`: a guest cannot play, or
    /// use a daily attempt, under somebody's account).
    pub async fn seat_owner(
        &self,
        headers: &HeaderMap,
        typed: Option<&str>,
    ) -> Result<Option<(String, String)>, ApiError> {
        if let Some(who) = self.current(headers).await? {
            return Ok(Some((who.id, who.name)));
        }
        if let Some(typed) = typed.filter(|t| t.len() <= 200)
            && db::by_key(&self.store, &crate::names::key(typed))
                .await
                .map_err(storage)?
                .is_some()
        {
            return Err(ApiError::new(
                ErrorKind::NameTaken,
                format!(
                    "{typed:?} is an account's name: sign in to play under it, or choose another"
                ),
            ));
        }
        Ok(None)
    }

    /// Who is signed in, or 401 `unauthorized`.
    pub async fn required(&self, headers: &HeaderMap) -> Result<SignedIn, ApiError> {
        self.current(headers).await?.ok_or_else(|| {
            ApiError::new(
                ErrorKind::Unauthorized,
                "sign in first (or your session has ended)",
            )
        })
    }
}

/// Whether a request changes state (everything but GET, HEAD, OPTIONS).
fn changes_state(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// The CSRF guard on every route: a request that changes state and
/// carries the session cookie (and no bearer token, which a browser never
/// adds by itself) must carry the session's CSRF token in `X-CSRF-Token`,
/// and must not come from another site's page (`Origin` other than the
/// `Host`). A stale cookie (its session ended) is dropped, and the request
/// goes on as a guest's. Refusals are 403 `csrf` and change nothing.
pub async fn csrf_guard(
    axum::extract::State(accounts): axum::extract::State<Arc<Accounts>>,
    mut request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let headers = request.headers();
    if !changes_state(request.method()) || bearer(headers).is_some() {
        return next.run(request).await;
    }
    if let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) {
        let host = headers
            .get(header::HOST)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        let origin_host = origin.split_once("://").map_or(origin, |(_, h)| h);
        if origin != "null" && origin_host != host && cookie(headers, SESSION_COOKIE).is_some() {
            return ApiError::new(
                ErrorKind::Csrf,
                "a signed-in request from another site's page is refused",
            )
            .into_response();
        }
    }
    let Some(token) = cookie(headers, SESSION_COOKIE) else {
        return next.run(request).await;
    };
    // Signing in and signing up need no session: a stale cookie beside
    // them is ignored (the Origin check above still applies).
    let path = request.uri().path();
    let exempt = *request.method() == Method::POST
        && (path == "/api/v1/session" || path == "/api/v1/accounts");
    let sent = headers
        .get(CSRF_HEADER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let good: bool = csrf_of(token).as_bytes().ct_eq(sent.as_bytes()).into();
    if good || exempt {
        return next.run(request).await;
    }
    match accounts.current(headers).await {
        Ok(None) => {
            // Not a session: strip the cookie and go on as a guest.
            strip_session_cookie(request.headers_mut());
            next.run(request).await
        }
        Ok(Some(_)) => ApiError::new(
            ErrorKind::Csrf,
            "this change needs the page's security token (X-CSRF-Token); reload the page and try again",
        )
        .into_response(),
        Err(e) => e.into_response(),
    }
}

fn strip_session_cookie(headers: &mut HeaderMap) {
    let kept: Vec<String> = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .map(str::trim)
        .filter(|kv| !kv.starts_with(&format!("{SESSION_COOKIE}=")))
        .map(str::to_string)
        .collect();
    headers.remove(header::COOKIE);
    if !kept.is_empty()
        && let Ok(v) = kept.join("; ").parse()
    {
        headers.insert(header::COOKIE, v);
    }
}

/// Puts each account's rating (and its provisional mark) beside its name
/// in table summaries (issue #27: ratings beside every name). One query
/// per game listed; a storage failure leaves the names bare.
pub async fn with_ratings(store: &Store, tables: &mut [crate::protocol::TableSummary]) {
    let mut lists: Vec<(String, Vec<crate::protocol::SeatSummary>)> = tables
        .iter_mut()
        .map(|t| (t.game.clone(), std::mem::take(&mut t.seats)))
        .collect();
    rate_seats(store, &mut lists).await;
    for (t, (_, seats)) in tables.iter_mut().zip(lists) {
        t.seats = seats;
    }
}

/// The seats of finished tables as the lobby shows them (issue #27): a
/// table's seats are stored as created (`SeatSpec`s: a person's seat is
/// free then), so each is named by who held it, marked as an account's or
/// not, with the account's rating as it stands now. A storage failure
/// leaves the seats unnamed. The summaries may be owned or borrowed from
/// where they stand (a player's recent games).
pub async fn record_seats<R: BorrowMut<crate::protocol::RecordSummary>>(
    store: &Store,
    records: &mut [R],
) {
    use crate::protocol::{SeatSpec, SeatSummary};
    let ids: Vec<String> = records.iter().map(|r| r.borrow().id.clone()).collect();
    let holders = db::holders_of(store, &ids).await.unwrap_or_default();
    let mut lists: Vec<(String, Vec<SeatSummary>)> = Vec::with_capacity(records.len());
    for r in records.iter().map(|r| r.borrow()) {
        let specs: Vec<SeatSpec> = serde_json::from_value(r.seats.clone()).unwrap_or_default();
        let seats = specs
            .into_iter()
            .enumerate()
            .map(|(seat, spec)| {
                let held = holders.iter().find(|h| h.0 == r.id && h.1 == seat);
                let (kind, level) = match spec {
                    SeatSpec::Person => ("person", None),
                    SeatSpec::Bot { level } => ("bot", Some(level)),
                };
                SeatSummary {
                    seat,
                    kind: kind.to_string(),
                    level,
                    name: held.and_then(|h| h.2.clone()),
                    taken: kind == "bot" || held.is_some(),
                    connected: false,
                    hints: 0,
                    account: held.is_some_and(|h| h.3),
                    rating: None,
                    provisional: None,
                }
            })
            .collect();
        lists.push((r.game.clone(), seats));
    }
    rate_seats(store, &mut lists).await;
    for (r, (_, seats)) in records.iter_mut().zip(lists) {
        if !seats.is_empty()
            && let Ok(v) = serde_json::to_value(seats)
        {
            r.borrow_mut().seats = v;
        }
    }
}

/// Puts each account's rating (and its provisional mark) beside its name
/// in lists of seats, each of a game: the lobby's tables, the recent
/// games (issue #27). One query per game; a storage failure leaves the
/// names bare.
pub async fn rate_seats(store: &Store, lists: &mut [(String, Vec<crate::protocol::SeatSummary>)]) {
    let mut by_game: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for (game, seats) in lists.iter() {
        for s in seats {
            if s.account
                && let Some(name) = &s.name
            {
                let names = by_game.entry(game.clone()).or_default();
                if !names.contains(name) {
                    names.push(name.clone());
                }
            }
        }
    }
    for (game, names) in by_game {
        let Ok(rows) = db::ratings_for(store, &game, &names).await else {
            continue;
        };
        for (_, seats) in lists.iter_mut().filter(|(g, _)| *g == game) {
            for s in seats.iter_mut().filter(|s| s.account) {
                if let Some(row) = rows.iter().find(|r| Some(&r.0) == s.name.as_ref()) {
                    s.rating = Some(row.1);
                    s.provisional = Some(row.2 > wire::provisional_above(row.1));
                }
            }
        }
    }
}
