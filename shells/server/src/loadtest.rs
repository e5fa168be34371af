//! `stackyard loadtest`: real WebSocket clients playing every hosted game
//! against a running server. Each seat is a client driven by one of the
//! game's own bots (deciding from the seat's view, as a person would see
//! it); clients beyond the seats watch. It measures connections held,
//! acknowledged actions per second, acknowledgement latency, errors, and
//! afterwards checks that every acknowledged action is stored. With
//! `--kill-at` it starts the server itself, kills it with SIGKILL mid-run,
//! restarts it on the same database, and the clients reconnect with their
//! tokens.

use clap::Args;
use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::client::conn::http1::SendRequest;
use hyper_util::rt::TokioIo;
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::{Value, json};
use stackyard_core::{GameTime, Seat, Seed, ToAct};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// Options of `stackyard loadtest`.
#[derive(Debug, Clone, Args)]
pub struct Options {
    /// The server to load (with `--kill-at`, where to start it).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// Tables played at once, 1 to 10 000 (each game in turn; a finished
    /// table is replaced by a new one).
    #[arg(long, default_value_t = 10, value_parser = table_count)]
    pub tables: usize,
    /// Clients connected, up to 100 000: one per seat, the rest watch
    /// (default: every seat and one spectator a table).
    #[arg(long, value_parser = client_count)]
    pub clients: Option<usize>,
    /// Seconds to run (more than 0, at most a day).
    #[arg(long, default_value_t = 10.0, value_parser = run_seconds)]
    pub duration: f64,
    /// Most actions a second one seat sends (a seat acts as soon as it may
    /// and this allows). The default, 10, offers more than 10 actions a
    /// second a table (5 000 over 500 tables) while leaving each table
    /// time between actions, so latency measures the server rather than a
    /// queue the load test keeps full. 0: no pacing at all, each seat acts
    /// the moment it may (the server's throughput; latency is then mostly
    /// waiting in line). Start the server with `--messages-per-second`
    /// above this.
    #[arg(long, default_value_t = 10.0, value_parser = seat_rate)]
    pub rate: f64,
    /// The games played, comma-separated (default: every hosted game, in
    /// turn).
    #[arg(long, value_delimiter = ',')]
    pub games: Vec<String>,
    /// Kill the server with SIGKILL this many seconds in, restart it, and
    /// check nothing acknowledged was lost (the load test starts the
    /// server itself, with `--server` and `--db`).
    #[arg(long, value_parser = run_seconds)]
    pub kill_at: Option<f64>,
    /// The `stackyard` binary to start for `--kill-at` (default: this one).
    #[arg(long)]
    pub server: Option<std::path::PathBuf>,
    /// The database of the server started for `--kill-at`.
    #[arg(long, default_value = "stackyard-data/loadtest.db")]
    pub db: String,
}

fn bounded<T: std::str::FromStr + PartialOrd + std::fmt::Display>(
    text: &str,
    what: &str,
    min: T,
    max: T,
) -> Result<T, String> {
    let value: T = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of {what}"))?;
    if value < min || value > max {
        return Err(format!("{what} must be from {min} to {max}, not {value}"));
    }
    Ok(value)
}

fn table_count(text: &str) -> Result<usize, String> {
    bounded(text, "tables", 1, 10_000)
}

fn client_count(text: &str) -> Result<usize, String> {
    bounded(text, "clients", 1, 100_000)
}

fn run_seconds(text: &str) -> Result<f64, String> {
    let s: f64 = bounded(text, "seconds", 0.0, 86_400.0)?;
    if s == 0.0 {
        return Err("seconds must be more than 0".into());
    }
    Ok(s)
}

fn seat_rate(text: &str) -> Result<f64, String> {
    bounded(text, "actions a second", 0.0, 1_000.0)
}

/// What a run measured.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Clients asked for.
    pub clients: usize,
    /// Tables at once.
    pub tables: usize,
    /// Clients playing a seat (the others watch).
    pub seat_clients: usize,
    /// Most actions a second a seat sent (0: unpaced).
    pub rate: f64,
    /// Tables created over the run.
    pub tables_created: usize,
    /// Games that reached their end.
    pub games_finished: usize,
    /// Most connections open at once.
    pub connections_held: usize,
    /// Acknowledged actions.
    pub actions: u64,
    /// Acknowledged actions per second.
    pub actions_per_s: f64,
    /// Acknowledgement latency percentiles, ms.
    pub p50_ms: f64,
    /// 99th percentile, ms.
    pub p99_ms: f64,
    /// Worst, ms.
    pub max_ms: f64,
    /// Errors: refused connections, protocol errors, unexpected closes.
    pub errors: u64,
    /// Actions the rules refused (lost races in turnless games).
    pub refused: u64,
    /// Acknowledged actions missing from the server afterwards.
    pub lost: u64,
    /// Whether the server was killed and restarted.
    pub killed: bool,
    /// Seconds run.
    pub seconds: f64,
    /// The same figures game by game (a physics game's placement costs
    /// a hundred times a board game's move: one total hides that).
    pub per_game: Vec<GameFigures>,
}

/// One game's share of a run.
#[derive(Debug, Clone, Default)]
pub struct GameFigures {
    /// The game's name.
    pub game: &'static str,
    /// Acknowledged actions at its tables.
    pub actions: u64,
    /// Per second of the run.
    pub actions_per_s: f64,
    /// Acknowledgement latency, ms: median.
    pub p50_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
    /// Worst.
    pub max_ms: f64,
}

/// The median, 99th percentile and worst of sorted latencies, in ms.
fn percentiles(sorted_us: &[u32]) -> (f64, f64, f64) {
    let pct = |q: f64| -> f64 {
        if sorted_us.is_empty() {
            return 0.0;
        }
        let i = ((sorted_us.len() as f64 - 1.0) * q).round() as usize;
        sorted_us[i] as f64 / 1000.0
    };
    (pct(0.5), pct(0.99), pct(1.0))
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

impl Report {
    /// For people.
    pub fn human(&self) -> String {
        format!(
            "clients {} over {} tables ({} created, {} games finished)\n\
             seats played: {} at {}\n\
             connections held: {}\n\
             acknowledged actions: {} in {:.1} s = {:.0}/s\n\
             ack latency: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms\n\
             errors: {}, refused by the rules: {}\n\
             {}every acknowledged action stored: {} (lost {})",
            self.clients,
            self.tables,
            self.tables_created,
            self.games_finished,
            self.seat_clients,
            if self.rate > 0.0 {
                format!("most {} actions a second each", self.rate)
            } else {
                "no pacing (each acts the moment it may)".to_string()
            },
            self.connections_held,
            self.actions,
            self.seconds,
            self.actions_per_s,
            self.p50_ms,
            self.p99_ms,
            self.max_ms,
            self.errors,
            self.refused,
            if self.killed {
                "server killed with SIGKILL and restarted; "
            } else {
                ""
            },
            if self.lost == 0 { "yes" } else { "NO" },
            self.lost,
        ) + &self
            .per_game
            .iter()
            .map(|g| {
                format!(
                    "\n  {:<10} {:>8} acked = {:>6.0}/s, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                    g.game, g.actions, g.actions_per_s, g.p50_ms, g.p99_ms, g.max_ms
                )
            })
            .collect::<String>()
    }

    /// One JSON line.
    pub fn json(&self) -> String {
        json!({
            "clients": self.clients,
            "tables": self.tables,
            "seat_clients": self.seat_clients,
            "rate_per_seat": self.rate,
            "tables_created": self.tables_created,
            "games_finished": self.games_finished,
            "connections_held": self.connections_held,
            "actions": self.actions,
            "actions_per_s": (self.actions_per_s * 10.0).round() / 10.0,
            "p50_ms": round2(self.p50_ms),
            "p99_ms": round2(self.p99_ms),
            "max_ms": round2(self.max_ms),
            "games": self.per_game.iter().map(|g| json!({
                "game": g.game,
                "actions": g.actions,
                "actions_per_s": (g.actions_per_s * 10.0).round() / 10.0,
                "p50_ms": round2(g.p50_ms),
                "p99_ms": round2(g.p99_ms),
                "max_ms": round2(g.max_ms),
            })).collect::<Vec<_>>(),
            "errors": self.errors,
            "refused": self.refused,
            "lost": self.lost,
            "killed": self.killed,
        })
        .to_string()
    }
}

/// One HTTP/1.1 request on a connection of its own; returns the status
/// and body.
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> anyhow::Result<(u16, String)> {
    HttpClient::new(addr).request(method, path, body).await
}

/// HTTP/1.1 to the server over one kept-alive connection (as a browser
/// keeps its own), opened when first needed and again if the server closed
/// it: creating and joining a table then costs no TCP handshake each.
pub struct HttpClient {
    addr: SocketAddr,
    sender: Option<SendRequest<Full<Bytes>>>,
}

impl HttpClient {
    /// A client of the server at `addr` (connects on the first request).
    pub fn new(addr: SocketAddr) -> Self {
        HttpClient { addr, sender: None }
    }

    async fn connect(&self) -> anyhow::Result<SendRequest<Full<Bytes>>> {
        let stream = tokio::net::TcpStream::connect(self.addr).await?;
        stream.set_nodelay(true)?;
        let (sender, connection) =
            hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
        // The connection is driven by its own task until either side closes.
        tokio::spawn(connection);
        Ok(sender)
    }

    /// One request; returns the status and body.
    pub async fn request(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> anyhow::Result<(u16, String)> {
        let method = hyper::Method::from_bytes(method.as_bytes())?;
        let body = body.unwrap_or("").to_string();
        let mut request = hyper::Request::builder()
            .method(method)
            .uri(path)
            .header(hyper::header::HOST, self.addr.to_string())
            .header(hyper::header::CONTENT_TYPE, "application/json")
            .body(Full::new(Bytes::from(body)))?;
        // A kept connection the server closed meanwhile gives the request
        // back unsent: then it goes once more, on a fresh connection. (One
        // that was sent is never repeated: a POST creates a table.)
        for _ in 0..2 {
            let kept = match self.sender.take() {
                Some(mut s) if !s.is_closed() => s.ready().await.is_ok().then_some(s),
                _ => None,
            };
            let mut sender = match kept {
                Some(s) => s,
                None => self.connect().await?,
            };
            let response = match sender.try_send_request(request).await {
                Ok(r) => r,
                Err(mut e) => match e.take_message() {
                    Some(unsent) => {
                        request = unsent;
                        continue;
                    }
                    None => return Err(e.into_error().into()),
                },
            };
            let status = response.status().as_u16();
            let bytes = response.into_body().collect().await?.to_bytes();
            self.sender = Some(sender);
            return Ok((status, String::from_utf8_lossy(&bytes).into_owned()));
        }
        anyhow::bail!("{path}: the server closed two connections before the request went")
    }

    async fn json(
        &mut self,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> anyhow::Result<Value> {
        let text = body.map(|b| b.to_string());
        let (status, reply) = self.request(method, path, text.as_deref()).await?;
        if status != 200 {
            anyhow::bail!("{method} {path}: {status} {reply}");
        }
        Ok(serde_json::from_str(&reply)?)
    }
}

async fn http_json(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> anyhow::Result<Value> {
    HttpClient::new(addr).json(method, path, body).await
}

#[derive(Default)]
struct Shared {
    connections: AtomicUsize,
    max_connections: AtomicUsize,
    acked: AtomicU64,
    errors: AtomicU64,
    refused: AtomicU64,
    finished: AtomicUsize,
    /// Per game: every acknowledgement's latency, µs.
    latencies_us: Mutex<HashMap<&'static str, Vec<u32>>>,
    /// Per table: acknowledged actions.
    tables: Mutex<HashMap<String, u64>>,
    /// Set while the server is down on purpose.
    restarting: AtomicBool,
}

impl Shared {
    fn connected(&self) {
        let n = self.connections.fetch_add(1, Ordering::SeqCst) + 1;
        self.max_connections.fetch_max(n, Ordering::SeqCst);
    }

    fn disconnected(&self) {
        self.connections.fetch_sub(1, Ordering::SeqCst);
    }

    fn error(&self, what: &str) {
        if self.errors.fetch_add(1, Ordering::Relaxed) < 10 {
            eprintln!("loadtest error: {what}");
        }
    }
}

/// What one seat measured, kept by its own task (no lock per action) and
/// added to the run's totals when the seat stops.
#[derive(Default)]
struct SeatTally {
    acked: u64,
    latencies_us: Vec<u32>,
}

impl SeatTally {
    fn add_to(self, game: &'static str, table: &str, shared: &Shared) {
        if let Ok(mut l) = shared.latencies_us.lock() {
            l.entry(game)
                .or_default()
                .extend_from_slice(&self.latencies_us);
        }
        if let Ok(mut t) = shared.tables.lock() {
            *t.entry(table.to_string()).or_insert(0) += self.acked;
        }
    }
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The fields of a server message the load test reads; everything else
/// (events, clocks, and the view until a seat needs it) is skipped
/// without being built.
#[derive(Deserialize)]
struct Incoming {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    id: Option<u64>,
    #[serde(default, rename = "kind")]
    error_kind: Option<String>,
    #[serde(default)]
    to_act: Option<ToAct>,
    /// Present (not null) once the game is over.
    #[serde(default)]
    outcome: Option<IgnoredAny>,
    #[serde(default)]
    table: Option<TableStatus>,
}

#[derive(Deserialize)]
struct TableStatus {
    status: String,
    #[serde(default)]
    settings: Option<Value>,
}

/// A seat's view, read out of a welcome or step only when the seat's bot
/// is about to decide.
#[derive(Deserialize)]
struct ViewOnly {
    view: Value,
}

/// Reads the fields the load test needs from a server message (a
/// `ServerMessage`); the view and the events are skipped without being
/// built (a spectator or a seat not about to act never needs them).
fn parse(text: &str) -> Option<Incoming> {
    serde_json::from_str(text).ok()
}

async fn connect(
    addr: SocketAddr,
    table: &str,
    token: Option<&str>,
) -> anyhow::Result<(Socket, tokio_tungstenite::tungstenite::Utf8Bytes)> {
    let url = format!("ws://{addr}/api/v1/tables/{table}/ws");
    // Small read buffers: tungstenite zeroes its whole read buffer before
    // each read (128 KiB by default), which cost the load generator more
    // than parsing did. Nagle off: acks and steps are small and urgent.
    let config = WebSocketConfig::default().read_buffer_size(4096);
    let (mut socket, _) =
        tokio_tungstenite::connect_async_with_config(url, Some(config), true).await?;
    let hello = json!({"type": "hello", "protocol": 1, "token": token, "since": null});
    socket.send(Message::Text(hello.to_string().into())).await?;
    loop {
        match tokio::time::timeout(Duration::from_secs(10), socket.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => {
                if parse(t.as_str()).is_some_and(|m| m.kind == "welcome") {
                    return Ok((socket, t));
                }
                anyhow::bail!("hello answered with {}", t.as_str());
            }
            Ok(Some(Ok(_))) => continue,
            _ => anyhow::bail!("no welcome"),
        }
    }
}

fn may_act(to_act: &ToAct, seat: usize) -> bool {
    match to_act {
        ToAct::Seat(s) => s.index() == seat,
        ToAct::AnySeat => true,
        ToAct::Nobody => false,
    }
}

/// The cheapest sensible bot of a game.
fn quick_level(kind: &dyn stackyard_core::host::GameKind) -> String {
    let levels = kind.bot_levels();
    for wanted in ["greedy:300", "greedy"] {
        if levels.iter().any(|l| l.name == wanted) {
            return wanted.to_string();
        }
    }
    levels.first().map(|l| l.name.clone()).unwrap_or_default()
}

struct SeatPlay {
    addr: SocketAddr,
    table: String,
    token: String,
    seat: usize,
    game: &'static str,
    deadline: Instant,
    rate: f64,
}

/// Plays one seat until the game ends or the run does.
async fn play_seat(p: SeatPlay, shared: Arc<Shared>) {
    let mut tally = SeatTally::default();
    play_seat_tallied(&p, &shared, &mut tally).await;
    tally.add_to(p.game, &p.table, &shared);
}

async fn play_seat_tallied(p: &SeatPlay, shared: &Shared, tally: &mut SeatTally) {
    let registry = stackyard_registry::registry();
    let Some(kind) = registry.get(p.game) else {
        return;
    };
    let mut bot = None;
    let interval = (p.rate > 0.0).then(|| Duration::from_secs_f64(1.0 / p.rate.max(0.1)));
    // A bot that refused to act, or whose action the rules refused, looks
    // again at the next step or after this long (as server bots do).
    let retry = Duration::from_millis(100);
    let started = Instant::now();
    'reconnect: loop {
        let reconnect_until = Instant::now() + Duration::from_secs(30);
        let (mut socket, welcome) = loop {
            match connect(p.addr, &p.table, Some(&p.token)).await {
                Ok(ok) => break ok,
                Err(e) => {
                    if Instant::now() > reconnect_until || Instant::now() > p.deadline {
                        shared.error(&format!("seat {} of {}: {e}", p.seat, p.table));
                        return;
                    }
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        };
        shared.connected();
        let Some(hello) = parse(welcome.as_str()) else {
            shared.error("a welcome the load test cannot read");
            shared.disconnected();
            return;
        };
        if bot.is_none() {
            let settings = hello
                .table
                .as_ref()
                .and_then(|t| t.settings.clone())
                .unwrap_or(Value::Null);
            match kind.bot(
                &quick_level(kind),
                Seat(p.seat as u8),
                Seed(p.seat as u64 + 7),
                &settings,
            ) {
                Ok(b) => bot = Some(b),
                Err(e) => {
                    shared.error(&format!("no bot: {e}"));
                    shared.disconnected();
                    return;
                }
            }
        }
        let Some(bot) = bot.as_mut() else { return };
        let mut to_act = hello.to_act.clone().unwrap_or(ToAct::Nobody);
        let mut playing = hello.table.as_ref().is_some_and(|t| t.status == "playing");
        if hello.outcome.is_some() {
            shared.disconnected();
            return;
        }
        drop(hello);
        // The last message carrying the view; its view is parsed only when
        // the bot looks at it.
        let mut latest = welcome;
        let mut fresh = true;
        let mut in_flight: Option<(u64, Instant)> = None;
        let mut next_id = 1u64;
        let mut next_send = Instant::now();
        loop {
            let now = Instant::now();
            if now > p.deadline {
                let _ = socket.close(None).await;
                shared.disconnected();
                return;
            }
            let ready = playing && in_flight.is_none() && may_act(&to_act, p.seat);
            if ready && fresh && now >= next_send {
                fresh = false;
                let view = serde_json::from_str::<ViewOnly>(latest.as_str()).map(|v| v.view);
                let at = GameTime::from_millis(started.elapsed().as_millis() as u64);
                match view.map(|view| bot.decide(&view, at)) {
                    Ok(Ok(Some(decision))) => {
                        let id = next_id;
                        next_id += 1;
                        let msg = json!({"type": "act", "id": id, "action": decision.action});
                        in_flight = Some((id, Instant::now()));
                        if let Some(interval) = interval {
                            next_send = Instant::now() + interval;
                        }
                        if socket
                            .send(Message::Text(msg.to_string().into()))
                            .await
                            .is_err()
                        {
                            in_flight = None;
                        }
                    }
                    // Nothing to do until something changes.
                    Ok(Ok(None)) => next_send = Instant::now() + retry,
                    Ok(Err(e)) => {
                        shared.error(&format!("the bot cannot read its view: {e}"));
                        next_send = Instant::now() + retry;
                    }
                    Err(e) => {
                        shared.error(&format!("no view to read: {e}"));
                        next_send = Instant::now() + retry;
                    }
                }
            }
            let ready = playing && in_flight.is_none() && may_act(&to_act, p.seat);
            let wait = if ready && fresh {
                next_send
                    .saturating_duration_since(Instant::now())
                    .max(Duration::from_millis(1))
            } else if ready {
                // Look again after a while even if nothing arrives.
                next_send
                    .max(Instant::now() + retry)
                    .saturating_duration_since(Instant::now())
            } else {
                Duration::from_millis(500)
            };
            let text = match tokio::time::timeout(wait, socket.next()).await {
                Err(_) => {
                    fresh = true;
                    continue;
                }
                Ok(Some(Ok(Message::Text(t)))) => t,
                Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) => {
                    shared.disconnected();
                    if shared.restarting.load(Ordering::SeqCst) || Instant::now() < p.deadline {
                        if !shared.restarting.load(Ordering::SeqCst) {
                            shared.error(&format!("seat {} of {} closed", p.seat, p.table));
                            return;
                        }
                        continue 'reconnect;
                    }
                    return;
                }
                Ok(Some(Ok(_))) => continue,
            };
            let Some(msg) = parse(text.as_str()) else {
                shared.error("not a message the load test can read");
                continue;
            };
            match msg.kind.as_ref() {
                "ack" => {
                    if let Some((id, sent)) = in_flight
                        && msg.id == Some(id)
                    {
                        let us = sent.elapsed().as_micros().min(u32::MAX as u128) as u32;
                        tally.latencies_us.push(us);
                        tally.acked += 1;
                        shared.acked.fetch_add(1, Ordering::Relaxed);
                        in_flight = None;
                        // The step of this action follows: wait for it.
                        to_act = ToAct::Nobody;
                    }
                }
                "error" => {
                    in_flight = None;
                    match msg.error_kind.as_deref() {
                        Some("rule") | Some("over") | Some("not_your_turn") => {
                            shared.refused.fetch_add(1, Ordering::Relaxed);
                            next_send = next_send.max(Instant::now() + retry);
                            fresh = true;
                        }
                        _ => shared.error(text.as_str()),
                    }
                }
                "step" => {
                    if msg.outcome.is_some() {
                        if p.seat == 0 {
                            shared.finished.fetch_add(1, Ordering::Relaxed);
                        }
                        let _ = socket.close(None).await;
                        shared.disconnected();
                        return;
                    }
                    to_act = msg.to_act.clone().unwrap_or(ToAct::Nobody);
                    drop(msg);
                    latest = text;
                    fresh = true;
                }
                "table" => {
                    playing = msg.table.is_some_and(|t| t.status == "playing");
                    fresh = true;
                }
                _ => {}
            }
        }
    }
}

/// Watches one table until it ends or the run does.
async fn watch(addr: SocketAddr, table: String, deadline: Instant, shared: Arc<Shared>) {
    'reconnect: loop {
        let Ok((mut socket, welcome)) = connect(addr, &table, None).await else {
            if shared.restarting.load(Ordering::SeqCst) && Instant::now() < deadline {
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
            shared.error("a spectator could not connect");
            return;
        };
        shared.connected();
        if parse(welcome.as_str()).is_none_or(|w| w.outcome.is_some()) {
            shared.disconnected();
            return;
        }
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match tokio::time::timeout(left, socket.next()).await {
                Err(_) => {
                    let _ = socket.close(None).await;
                    shared.disconnected();
                    return;
                }
                Ok(Some(Ok(Message::Text(t)))) => {
                    if parse(t.as_str()).is_some_and(|m| m.kind == "step" && m.outcome.is_some()) {
                        shared.disconnected();
                        return;
                    }
                }
                Ok(Some(Ok(_))) => {}
                _ => {
                    shared.disconnected();
                    if shared.restarting.load(Ordering::SeqCst) && Instant::now() < deadline {
                        continue 'reconnect;
                    }
                    return;
                }
            }
        }
    }
}

/// Keeps one table slot busy: a table of `game`, its seats played, `watchers`
/// watching; when the game ends, the next table.
async fn run_slot(
    addr: SocketAddr,
    game: &'static str,
    watchers: usize,
    deadline: Instant,
    rate: f64,
    shared: Arc<Shared>,
    created: Arc<AtomicUsize>,
) {
    let mut http = HttpClient::new(addr);
    while Instant::now() < deadline {
        let table = match http
            .json("POST", "/api/v1/tables", Some(json!({"game": game})))
            .await
        {
            Ok(t) => t,
            Err(e) => {
                if !shared.restarting.load(Ordering::SeqCst) {
                    shared.error(&format!("create: {e}"));
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            }
        };
        created.fetch_add(1, Ordering::Relaxed);
        let id = table["id"].as_str().unwrap_or_default().to_string();
        let seats = table["seats"].as_array().map_or(0, Vec::len);
        if let Ok(mut t) = shared.tables.lock() {
            t.entry(id.clone()).or_insert(0);
        }
        let mut tokens = Vec::new();
        for s in 0..seats {
            match http
                .json(
                    "POST",
                    &format!("/api/v1/tables/{id}/join"),
                    Some(json!({"seat": s, "name": format!("load-{s}")})),
                )
                .await
            {
                Ok(j) => tokens.push(j["token"].as_str().unwrap_or_default().to_string()),
                Err(e) => {
                    // A join cut off by the kill is the kill's doing; the
                    // table cannot start without the seat: take another.
                    if !shared.restarting.load(Ordering::SeqCst) {
                        shared.error(&format!("join: {e}"));
                    }
                    break;
                }
            }
        }
        if tokens.len() < seats {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        }
        let mut tasks = Vec::new();
        for (seat, token) in tokens.into_iter().enumerate() {
            let play = SeatPlay {
                addr,
                table: id.clone(),
                token,
                seat,
                game,
                deadline,
                rate,
            };
            tasks.push(tokio::spawn(play_seat(play, shared.clone())));
        }
        for _ in 0..watchers {
            tasks.push(tokio::spawn(watch(
                addr,
                id.clone(),
                deadline,
                shared.clone(),
            )));
        }
        for t in tasks {
            let _ = t.await;
        }
    }
}

struct Child {
    child: std::process::Child,
}

fn start_server(options: &Options) -> anyhow::Result<Child> {
    let bin = match &options.server {
        Some(b) => b.clone(),
        None => std::env::current_exe()?,
    };
    let child = std::process::Command::new(bin)
        .args([
            "serve",
            "--addr",
            &options.addr,
            "--db",
            &options.db,
            "--tables-per-client",
            "1000000",
            "--messages-per-second",
            "1000",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()?;
    Ok(Child { child })
}

async fn wait_healthy(addr: SocketAddr) -> anyhow::Result<()> {
    let until = Instant::now() + Duration::from_secs(60);
    loop {
        if let Ok((200, _)) = http(addr, "GET", "/healthz", None).await {
            return Ok(());
        }
        if Instant::now() > until {
            anyhow::bail!("the server at {addr} did not come up");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Runs the load test.
pub async fn run(options: Options) -> anyhow::Result<Report> {
    let addr: SocketAddr = tokio::net::lookup_host(&options.addr)
        .await?
        .next()
        .ok_or_else(|| anyhow::anyhow!("cannot resolve {}", options.addr))?;
    if let Some(at) = options.kill_at
        && at >= options.duration
    {
        anyhow::bail!(
            "--kill-at {at} is not within the run's {} seconds",
            options.duration
        );
    }
    let mut child = None;
    if options.kill_at.is_some() {
        child = Some(start_server(&options)?);
    }
    wait_healthy(addr).await?;
    let registry = stackyard_registry::registry();
    let hosted: Vec<&'static str> = registry.names();
    let games: Vec<&'static str> = if options.games.is_empty() {
        hosted
    } else {
        let mut chosen = Vec::new();
        for wanted in &options.games {
            match hosted.iter().find(|g| **g == wanted.as_str()) {
                Some(g) => chosen.push(*g),
                None => anyhow::bail!(
                    "there is no game {wanted:?}; the games are {}",
                    hosted.join(", ")
                ),
            }
        }
        chosen
    };
    // Seats per game with its default settings.
    let seats: Vec<usize> = games
        .iter()
        .map(|g| {
            registry
                .get(g)
                .and_then(|k| k.create(&k.default_settings(), Seed(1)).ok())
                .map_or(1, |t| t.seat_count())
        })
        .collect();
    let slot_games: Vec<usize> = (0..options.tables).map(|i| i % games.len()).collect();
    let seat_clients: usize = slot_games.iter().map(|&g| seats[g]).sum();
    let clients = options.clients.unwrap_or(seat_clients + options.tables);
    if clients < seat_clients {
        anyhow::bail!(
            "{} tables need at least {seat_clients} clients (one per seat)",
            options.tables
        );
    }
    let spare = clients - seat_clients;
    let shared = Arc::new(Shared::default());
    let created = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let deadline = started + Duration::from_secs_f64(options.duration);
    let mut slots = Vec::new();
    for (i, &g) in slot_games.iter().enumerate() {
        let watchers = spare / options.tables + usize::from(i < spare % options.tables);
        slots.push(tokio::spawn(run_slot(
            addr,
            games[g],
            watchers,
            deadline,
            options.rate,
            shared.clone(),
            created.clone(),
        )));
    }
    let mut killed = false;
    if let (Some(at), Some(c)) = (options.kill_at, child.as_mut()) {
        tokio::time::sleep_until((started + Duration::from_secs_f64(at)).into()).await;
        shared.restarting.store(true, Ordering::SeqCst);
        c.child.kill()?; // SIGKILL
        let _ = c.child.wait();
        killed = true;
        *c = start_server(&options)?;
        wait_healthy(addr).await?;
        // Give clients time to reconnect before counting closes as errors.
        tokio::time::sleep(Duration::from_secs(2)).await;
        shared.restarting.store(false, Ordering::SeqCst);
    }
    for s in slots {
        let _ = s.await;
    }
    let seconds = started
        .elapsed()
        .as_secs_f64()
        .min(options.duration)
        .max(0.001);
    // Every acknowledged action must be on the server (the live tables
    // are rebuilt from the database after a restart; finished ones are
    // records in it).
    let tables: Vec<(String, u64)> = shared
        .tables
        .lock()
        .map(|t| t.iter().map(|(k, v)| (k.clone(), *v)).collect())
        .unwrap_or_default();
    let mut lost = 0u64;
    for (id, acked) in &tables {
        let stored = match http_json(addr, "GET", &format!("/api/v1/tables/{id}"), None).await {
            Ok(s) => s["actions"].as_u64().unwrap_or(0),
            Err(_) => {
                match http_json(addr, "GET", &format!("/api/v1/tables/{id}/record"), None).await {
                    Ok(r) => r["actions"].as_array().map_or(0, |a| a.len() as u64),
                    Err(_) => 0,
                }
            }
        };
        lost += acked.saturating_sub(stored);
    }
    let by_game = shared
        .latencies_us
        .lock()
        .map(|l| l.clone())
        .unwrap_or_default();
    let mut latencies: Vec<u32> = by_game.values().flatten().copied().collect();
    latencies.sort_unstable();
    let (p50_ms, p99_ms, max_ms) = percentiles(&latencies);
    let mut per_game = Vec::new();
    for game in &games {
        if per_game.iter().any(|g: &GameFigures| g.game == *game) {
            continue;
        }
        let mut sorted = by_game.get(game).cloned().unwrap_or_default();
        sorted.sort_unstable();
        let (p50_ms, p99_ms, max_ms) = percentiles(&sorted);
        per_game.push(GameFigures {
            game,
            actions: sorted.len() as u64,
            actions_per_s: sorted.len() as f64 / seconds,
            p50_ms,
            p99_ms,
            max_ms,
        });
    }
    let actions = shared.acked.load(Ordering::Relaxed);
    let report = Report {
        clients,
        tables: options.tables,
        seat_clients,
        rate: options.rate.max(0.0),
        tables_created: created.load(Ordering::Relaxed),
        games_finished: shared.finished.load(Ordering::Relaxed),
        connections_held: shared.max_connections.load(Ordering::SeqCst),
        actions,
        actions_per_s: actions as f64 / seconds,
        p50_ms,
        p99_ms,
        max_ms,
        errors: shared.errors.load(Ordering::Relaxed),
        refused: shared.refused.load(Ordering::Relaxed),
        lost,
        killed,
        seconds,
        per_game,
    };
    if let Some(mut c) = child {
        let _ = c.child.kill();
        let _ = c.child.wait();
    }
    Ok(report)
}
