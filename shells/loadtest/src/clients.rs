//! The clients: a seat played by one of its game's own bots, a spectator,
//! and a table slot that keeps one table of a game busy.

use crate::http::HttpClient;
use crate::read::{Read, read};
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use serde_json::value::RawValue;
use stackyard_core::{GameTime, Seat, Seed, ToAct};
use stackyard_server::protocol::{ErrorKind, Joined, TableSummary};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// The run's totals, shared by every client.
#[derive(Default)]
pub(crate) struct Shared {
    pub connections: AtomicUsize,
    pub max_connections: AtomicUsize,
    pub acked: AtomicU64,
    pub errors: AtomicU64,
    pub refused: AtomicU64,
    pub finished: AtomicUsize,
    /// Per game: every acknowledgement's latency, µs.
    pub latencies_us: Mutex<HashMap<&'static str, Vec<u32>>>,
    /// Per table: the server it was created on, and its acknowledged
    /// actions.
    pub tables: Mutex<HashMap<String, (SocketAddr, u64)>>,
    /// Set while the server is down on purpose.
    pub restarting: AtomicBool,
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
        if let Ok(mut t) = shared.tables.lock()
            && let Some((_, acked)) = t.get_mut(table)
        {
            *acked += self.acked;
        }
    }
}

/// What a welcome tells a client.
struct Welcome {
    table: TableSummary,
    view: Box<RawValue>,
    to_act: ToAct,
    over: bool,
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Whether a message is the last step of a game.
fn ends_game(message: &Read) -> bool {
    matches!(message, Read::Step { over: true, .. })
}

/// Connects to a table, says hello, and returns the socket and the welcome.
async fn connect(
    addr: SocketAddr,
    table: &str,
    token: Option<&str>,
) -> anyhow::Result<(Socket, Welcome)> {
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
            Ok(Some(Ok(Message::Text(t)))) => match read(t.as_str()) {
                Some(Read::Welcome {
                    table,
                    view,
                    to_act,
                    over,
                }) => {
                    return Ok((
                        socket,
                        Welcome {
                            table,
                            view: view.to_owned(),
                            to_act,
                            over,
                        },
                    ));
                }
                _ => anyhow::bail!("hello answered with {}", t.as_str()),
            },
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
        if bot.is_none() {
            match kind.bot(
                &quick_level(kind),
                Seat(p.seat as u8),
                Seed(p.seat as u64 + 7),
                &welcome.table.settings,
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
        let mut to_act = welcome.to_act;
        let mut playing = welcome.table.status == "playing";
        if welcome.over {
            shared.disconnected();
            return;
        }
        // The last view sent; it is read as the game's JSON only when the
        // bot looks at it.
        let mut latest = welcome.view;
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
                let at = GameTime::from_millis(started.elapsed().as_millis() as u64);
                // Read straight into the game's typed view, no `Value` tree.
                match bot.decide_json(latest.get(), at) {
                    Ok(Some(decision)) => {
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
                    Ok(None) => next_send = Instant::now() + retry,
                    Err(e) => {
                        shared.error(&format!("the bot cannot read its view: {e}"));
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
            let Some(msg) = read(text.as_str()) else {
                shared.error("not a message the load test can read");
                continue;
            };
            match msg {
                Read::Ack { id, .. } => {
                    if let Some((sent_id, sent)) = in_flight
                        && id == sent_id
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
                Read::Error { kind } => {
                    in_flight = None;
                    match kind {
                        ErrorKind::Rule | ErrorKind::Over | ErrorKind::NotYourTurn => {
                            shared.refused.fetch_add(1, Ordering::Relaxed);
                            next_send = next_send.max(Instant::now() + retry);
                            fresh = true;
                        }
                        _ => shared.error(text.as_str()),
                    }
                }
                Read::Step { over: true, .. } => {
                    if p.seat == 0 {
                        shared.finished.fetch_add(1, Ordering::Relaxed);
                    }
                    let _ = socket.close(None).await;
                    shared.disconnected();
                    return;
                }
                Read::Step {
                    view, to_act: now, ..
                } => {
                    to_act = now;
                    latest = view.to_owned();
                    fresh = true;
                }
                Read::Table { table } => {
                    playing = table.status == "playing";
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
        if welcome.over {
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
                    if read(t.as_str()).is_some_and(|m| ends_game(&m)) {
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

/// One table slot: which game it plays, where, and by whom.
pub(crate) struct Slot {
    /// Where its tables are created and joined.
    pub http: SocketAddr,
    /// Where each of its clients connects, seats first, then spectators
    /// (the run's addresses taken in turn).
    pub clients: Vec<SocketAddr>,
    /// The game.
    pub game: &'static str,
    /// Its seats (the rest of `clients` watch).
    pub seats: usize,
    /// When the run ends.
    pub deadline: Instant,
    /// Most actions a second a seat sends (0: unpaced).
    pub rate: f64,
}

/// Keeps one table slot busy: a table of its game, its seats played, its
/// other clients watching; when the game ends, the next table.
pub(crate) async fn run_slot(slot: Slot, shared: Arc<Shared>, created: Arc<AtomicUsize>) {
    let mut http = HttpClient::new(slot.http);
    let deadline = slot.deadline;
    while Instant::now() < deadline {
        let body = json!({"game": slot.game}).to_string();
        let table: TableSummary = match http.typed("POST", "/api/v1/tables", Some(&body)).await {
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
        let id = table.id;
        let seats = table.seats.len();
        if seats != slot.seats {
            shared.error(&format!(
                "a {} table has {seats} seats, not {}",
                slot.game, slot.seats
            ));
        }
        if let Ok(mut t) = shared.tables.lock() {
            t.entry(id.clone()).or_insert((slot.http, 0));
        }
        let mut tokens = Vec::new();
        for s in 0..seats {
            let body = json!({"seat": s, "name": format!("load-{s}")}).to_string();
            let path = format!("/api/v1/tables/{id}/join");
            match http.typed::<Joined>("POST", &path, Some(&body)).await {
                Ok(j) => tokens.push(j.token),
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
                addr: slot.clients[seat % slot.clients.len()],
                table: id.clone(),
                token,
                seat,
                game: slot.game,
                deadline,
                rate: slot.rate,
            };
            tasks.push(tokio::spawn(play_seat(play, shared.clone())));
        }
        for &addr in slot.clients.iter().skip(seats) {
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
