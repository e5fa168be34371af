//! The WebSocket end of protocol v1: one task per connection, reading the
//! client's messages (size- and rate-limited, idle-timed) and writing the
//! table's messages, which the table hands to the socket itself through
//! the connection's [`Outlet`] (a slow reader is cut off).

use crate::protocol::{ApiError, ClientMessage, ErrorKind, PROTOCOL};
use crate::tables::{Command, ConnHandle, Hub, Kick, Offer, Outlet, Request};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, close_code};
use serde_json::Value;
use stackyard_core::Viewer;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::{mpsc, oneshot};

/// A token bucket: `rate` messages a second on average, `burst` at once.
struct Bucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: Instant,
}

impl Bucket {
    fn new(rate: f64, burst: f64) -> Self {
        Bucket {
            tokens: burst,
            rate,
            burst,
            last: Instant::now(),
        }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

fn error_text(id: Option<u64>, error: &ApiError) -> Utf8Bytes {
    crate::tables::error_message(id, error)
}

async fn close(socket: &mut WebSocket, code: u16, reason: &str, patience: std::time::Duration) {
    let frame = CloseFrame {
        code,
        reason: Utf8Bytes::from(reason.to_string()),
    };
    let _ = tokio::time::timeout(patience, socket.send(Message::Close(Some(frame)))).await;
    // Read, and drop, what the client still sends until it answers the
    // close (briefly): a socket closed with unread data is reset by the
    // kernel, and the client would lose the close frame and its code. (The
    // small read buffer leaves a flood's tail unread.)
    let _ = tokio::time::timeout(std::time::Duration::from_secs(1), async {
        while let Some(Ok(msg)) = socket.recv().await {
            if matches!(msg, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

/// Sends one message, within the write timeout.
async fn send(socket: &mut WebSocket, text: Utf8Bytes, hub: &Hub) -> bool {
    matches!(
        tokio::time::timeout(hub.limits.write_timeout, socket.send(Message::Text(text))).await,
        Ok(Ok(()))
    )
}

/// The id a client gave a message, if it gave one, even in a message that
/// is otherwise wrong.
fn message_id(text: &str) -> Option<u64> {
    serde_json::from_str::<Value>(text)
        .ok()
        .and_then(|v| v.get("id").and_then(Value::as_u64))
}

enum Incoming {
    Message(ClientMessage),
    /// Answered with an error; the connection goes on.
    Refused(Utf8Bytes),
    /// The connection must close with this code.
    Close(u16, &'static str),
    Ignore,
}

/// Whether a read failed on the size cap (a frame or message past
/// axum's limit), known by the error's kind: its wording is tungstenite's
/// and may change with any release.
fn too_large(e: axum::Error) -> bool {
    use tokio_tungstenite::tungstenite::Error;
    matches!(
        e.into_inner().downcast_ref::<Error>(),
        Some(Error::Capacity(_))
    )
}

fn read(msg: Result<Message, axum::Error>, hub: &Hub, bucket: &mut Bucket) -> Incoming {
    let text = match msg {
        Ok(Message::Text(text)) => text,
        Ok(Message::Binary(b)) => {
            if b.len() > hub.limits.max_message_bytes {
                return Incoming::Close(close_code::SIZE, "message too large");
            }
            return Incoming::Refused(error_text(
                None,
                &ApiError::new(ErrorKind::Protocol, "send JSON text frames, not binary"),
            ));
        }
        // Control frames cost a read and (for a ping) a write: they spend
        // the same budget as messages, or a ping flood would keep a core busy.
        Ok(Message::Ping(_)) | Ok(Message::Pong(_)) => {
            if !bucket.take() {
                metrics::counter!("stackyard_rate_limited_total").increment(1);
                return Incoming::Close(close_code::POLICY, "too many messages");
            }
            return Incoming::Ignore;
        }
        Ok(Message::Close(_)) => return Incoming::Close(close_code::NORMAL, "bye"),
        Err(e) => {
            return if too_large(e) {
                metrics::counter!("stackyard_too_large_total").increment(1);
                Incoming::Close(close_code::SIZE, "message too large")
            } else {
                Incoming::Close(close_code::PROTOCOL, "protocol error")
            };
        }
    };
    if !bucket.take() {
        metrics::counter!("stackyard_rate_limited_total").increment(1);
        return Incoming::Close(close_code::POLICY, "too many messages");
    }
    if text.len() > hub.limits.max_message_bytes {
        metrics::counter!("stackyard_too_large_total").increment(1);
        return Incoming::Close(close_code::SIZE, "message too large");
    }
    match serde_json::from_str::<ClientMessage>(&text) {
        Ok(m) => Incoming::Message(m),
        Err(e) => Incoming::Refused(error_text(
            message_id(&text),
            &ApiError::new(
                ErrorKind::Protocol,
                format!("not a protocol v{PROTOCOL} message: {e}"),
            ),
        )),
    }
}

/// Open WebSocket connections per seat of a table, capped: ten connections
/// of one seat asking for hints would share one seat's budget ten times.
#[derive(Debug)]
pub struct SeatConnections {
    cap: usize,
    open: std::sync::Mutex<std::collections::HashMap<(String, u8), usize>>,
}

/// One seat connection's place; freed when dropped.
struct SeatPass {
    seats: Arc<SeatConnections>,
    key: (String, u8),
}

impl Drop for SeatPass {
    fn drop(&mut self) {
        let mut open = self.seats.open.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = open.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.key);
            }
        }
    }
}

impl SeatConnections {
    /// At most `cap` connections a seat.
    pub fn new(cap: usize) -> Arc<SeatConnections> {
        Arc::new(SeatConnections {
            cap: cap.max(1),
            open: std::sync::Mutex::new(std::collections::HashMap::new()),
        })
    }

    fn admit(self: &Arc<Self>, table: &str, seat: stackyard_core::Seat) -> Option<SeatPass> {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        let key = (table.to_string(), seat.0);
        let n = open.entry(key.clone()).or_insert(0);
        if *n >= self.cap {
            return None;
        }
        *n += 1;
        Some(SeatPass {
            seats: self.clone(),
            key,
        })
    }
}

/// Serves one WebSocket connection to table `table_id`; `remote`: the
/// address of the node that owns it, when another does (issue #28: a
/// spectator is served by this node's mirror, a seat relayed).
pub async fn serve(
    socket: WebSocket,
    hub: Arc<Hub>,
    table_id: String,
    seats: Arc<SeatConnections>,
    remote: Option<crate::cluster::relay::Remote>,
) {
    metrics::gauge!("stackyard_connections").increment(1.0);
    let mut slot = Some(socket);
    let outcome = serve_inner(&mut slot, &hub, &table_id, &seats, remote.as_ref()).await;
    if let (Some((code, reason)), Some(socket)) = (outcome, slot.as_mut()) {
        close(socket, code, reason, close_patience(code, &hub)).await;
    }
    metrics::gauge!("stackyard_connections").decrement(1.0);
}

/// How long a close may wait to be written: a slow reader's waits behind
/// what it has not read yet, so it gets a write timeout to arrive and the
/// reader learns why.
fn close_patience(code: u16, hub: &Hub) -> std::time::Duration {
    if code == close_code::AGAIN {
        hub.limits.write_timeout
    } else {
        std::time::Duration::from_secs(1)
    }
}

/// `slot` holds the socket; it is lent to the connection's outlet while
/// the table writes to it, and is back in `slot` when this returns.
async fn serve_inner(
    slot: &mut Option<WebSocket>,
    hub: &Arc<Hub>,
    table_id: &str,
    seats: &Arc<SeatConnections>,
    remote: Option<&crate::cluster::relay::Remote>,
) -> Option<(u16, &'static str)> {
    let socket = slot.as_mut()?;
    let mut bucket = Bucket::new(hub.limits.messages_per_second, hub.limits.message_burst);
    // Another node's table: this node's mirror serves spectators (none
    // when it cannot be built: then they are relayed like seats).
    let mirror = match remote {
        Some(_) => hub.mirror(table_id).await.ok().flatten(),
        None => None,
    };
    // Running, or finished and answered from the store.
    let found = match remote {
        Some(_) => mirror,
        None => hub.find(table_id).await.ok().flatten(),
    };
    if let (Some(owner), None) = (remote, &found) {
        return relay_after_hello(socket, hub, owner, table_id, &mut bucket).await;
    }
    let Some(table) = found else {
        let e = ApiError::new(
            ErrorKind::NoSuchTable,
            format!("there is no table {table_id:?}"),
        );
        send(socket, error_text(None, &e), hub).await;
        return Some((close_code::POLICY, "no such table"));
    };
    // Hello first, within the hello timeout of connecting: the deadline is
    // absolute, so pings (or anything else) before hello do not extend it.
    let hello_deadline = tokio::time::Instant::now() + hub.limits.hello_timeout;
    let (token, since) = loop {
        let next = tokio::time::timeout_at(hello_deadline, socket.recv()).await;
        let msg = match next {
            Err(_) => return Some((close_code::POLICY, "no hello")),
            Ok(None) => return None,
            Ok(Some(msg)) => msg,
        };
        match read(msg, hub, &mut bucket) {
            Incoming::Message(ClientMessage::Hello {
                protocol,
                token,
                since,
            }) => {
                if protocol != PROTOCOL {
                    let e = ApiError::new(
                        ErrorKind::Protocol,
                        format!("this server speaks protocol {PROTOCOL}, not {protocol}"),
                    );
                    send(socket, error_text(None, &e), hub).await;
                    return Some((close_code::PROTOCOL, "protocol version"));
                }
                break (token, since);
            }
            Incoming::Message(ClientMessage::Ping { id }) => {
                send(socket, crate::tables::pong(id), hub).await;
            }
            Incoming::Message(_) => {
                let e = ApiError::new(ErrorKind::Protocol, "say hello first");
                send(socket, error_text(None, &e), hub).await;
            }
            Incoming::Refused(text) => {
                send(socket, text, hub).await;
            }
            Incoming::Close(code, reason) => return Some((code, reason)),
            Incoming::Ignore => {}
        }
    };
    if let (Some(owner), Some(token)) = (remote, &token) {
        let hello = hello_text(Some(token), since);
        return crate::cluster::relay::websocket(socket, hub, owner, table_id, hello).await;
    }
    let _ = since; // a fresh welcome at the current version is always enough
    let socket = slot.take()?;
    let outlet = Outlet::new(Some(socket), hub.limits.outbound_queue);
    let outcome = attached(&outlet, hub, &table, table_id, seats, token, &mut bucket).await;
    // What is still queued (an error's words) goes out first, briefly.
    let patience = outcome.map_or(std::time::Duration::from_secs(1), |(code, _)| {
        close_patience(code, hub)
    });
    let deadline = tokio::time::Instant::now() + patience;
    while !outlet.drive().done {
        if tokio::time::timeout_at(deadline, outlet.woken())
            .await
            .is_err()
        {
            break;
        }
    }
    *slot = outlet.take_socket();
    outcome
}

/// The connection, its socket lent to `outlet`, from its hello to its end.
async fn attached(
    outlet: &Arc<Outlet>,
    hub: &Arc<Hub>,
    table: &crate::tables::TableHandle,
    table_id: &str,
    seats: &Arc<SeatConnections>,
    token: Option<String>,
    bucket: &mut Bucket,
) -> Option<(u16, &'static str)> {
    let conn_id = hub.conn_id();
    let kick = Arc::new(Kick::default());
    let (reply, answer) = oneshot::channel();
    let connect = Command::Connect {
        token,
        conn: ConnHandle {
            id: conn_id,
            out: outlet.clone(),
            kick: kick.clone(),
        },
        reply,
    };
    if table.commands.send(connect).await.is_err() {
        return Some((close_code::AGAIN, "table unavailable"));
    }
    let viewer = match answer.await {
        Ok(Ok(viewer)) => viewer,
        Ok(Err(e)) => {
            metrics::counter!("stackyard_bad_tokens_total").increment(1);
            outlet.open(false);
            outlet.offer(error_text(None, &e));
            return Some((close_code::POLICY, "bad token"));
        }
        Err(_) => {
            outlet.open(false);
            return Some((close_code::AGAIN, "table unavailable"));
        }
    };
    let _seat_pass = match viewer {
        Viewer::Seat(seat) => match seats.admit(table_id, seat) {
            Some(pass) => Some(pass),
            None => {
                let _ = table
                    .commands
                    .send(Command::Disconnect { conn: conn_id })
                    .await;
                metrics::counter!("stackyard_connections_refused_total", "why" => "seat")
                    .increment(1);
                let e = ApiError::new(
                    ErrorKind::TooManyConnections,
                    format!(
                        "this seat already has {} connections open; close one first",
                        seats.cap
                    ),
                );
                outlet.open(false);
                outlet.offer(error_text(None, &e));
                return Some((close_code::POLICY, "too many connections for this seat"));
            }
        },
        _ => None,
    };
    outlet.open(true);
    let result = connected(outlet, hub, &table.commands, conn_id, viewer, &kick, bucket).await;
    let _ = table
        .commands
        .send(Command::Disconnect { conn: conn_id })
        .await;
    result
}

/// A hello, as relayed to a table's owner.
fn hello_text(token: Option<&String>, since: Option<u64>) -> String {
    serde_json::json!({"type": "hello", "protocol": PROTOCOL, "token": token, "since": since})
        .to_string()
}

/// Reads the hello and relays the connection to the table's owner
/// (spectators too, when no mirror could be made here).
async fn relay_after_hello(
    socket: &mut WebSocket,
    hub: &Arc<Hub>,
    owner: &crate::cluster::relay::Remote,
    table_id: &str,
    bucket: &mut Bucket,
) -> Option<(u16, &'static str)> {
    let deadline = tokio::time::Instant::now() + hub.limits.hello_timeout;
    loop {
        let msg = match tokio::time::timeout_at(deadline, socket.recv()).await {
            Err(_) => return Some((close_code::POLICY, "no hello")),
            Ok(None) => return None,
            Ok(Some(msg)) => msg,
        };
        match read(msg, hub, bucket) {
            Incoming::Message(ClientMessage::Hello { token, since, .. }) => {
                let hello = hello_text(token.as_ref(), since);
                return crate::cluster::relay::websocket(socket, hub, owner, table_id, hello).await;
            }
            Incoming::Message(ClientMessage::Ping { id }) => {
                send(socket, crate::tables::pong(id), hub).await;
            }
            Incoming::Message(_) => {
                let e = ApiError::new(ErrorKind::Protocol, "say hello first");
                send(socket, error_text(None, &e), hub).await;
            }
            Incoming::Refused(text) => {
                send(socket, text, hub).await;
            }
            Incoming::Close(code, reason) => return Some((code, reason)),
            Incoming::Ignore => {}
        }
    }
}

/// Whether the connection's own answer (a pong, a refusal) found room.
fn answer(outlet: &Outlet, text: Utf8Bytes) -> bool {
    !matches!(outlet.offer(text), Offer::Full | Offer::Broken)
}

async fn connected(
    outlet: &Outlet,
    hub: &Arc<Hub>,
    commands: &mpsc::Sender<Command>,
    conn: u64,
    viewer: Viewer,
    kick: &Kick,
    bucket: &mut Bucket,
) -> Option<(u16, &'static str)> {
    const SLOW: Option<(u16, &str)> = Some((close_code::AGAIN, "slow reader"));
    // The kick's wait, the outlet's wake-up and the timers live across the
    // loop's turns: made anew each turn, they would register with a
    // `Notify` or tokio's clock, and leave them, for every message sent or
    // read. The idle timer is moved on only when it fires early; the
    // write timer is armed only while a write waits for the socket.
    let mut last_heard = Instant::now();
    let mut kicked = std::pin::pin!(kick.kicked());
    let mut woken = std::pin::pin!(outlet.woken());
    let idle = tokio::time::sleep_until((last_heard + hub.limits.idle_timeout).into());
    let mut idle = std::pin::pin!(idle);
    let write_wait = tokio::time::sleep(hub.limits.write_timeout);
    let mut write_wait = std::pin::pin!(write_wait);
    let mut waiting = false;
    loop {
        tokio::select! {
            biased;
            code = &mut kicked => {
                return Some((code, if code == close_code::AGAIN { "slow reader" } else { "closed by the server" }));
            }
            () = &mut woken => {
                woken.set(outlet.woken());
                let drive = outlet.drive();
                if drive.progressed {
                    kick.reading();
                }
                if drive.broken {
                    return None;
                }
                if drive.done {
                    waiting = false;
                } else if !waiting || drive.progressed {
                    waiting = true;
                    write_wait.as_mut().reset((Instant::now() + hub.limits.write_timeout).into());
                }
            }
            () = &mut write_wait, if waiting => {
                // The socket took nothing for a write timeout.
                metrics::counter!("stackyard_slow_readers_total").increment(1);
                return SLOW;
            }
            _ = &mut idle => {
                let quiet_until = last_heard + hub.limits.idle_timeout;
                if Instant::now() < quiet_until {
                    idle.as_mut().reset(quiet_until.into());
                    continue;
                }
                return Some((close_code::NORMAL, "idle"));
            }
            msg = outlet.recv() => {
                last_heard = Instant::now();
                let msg = msg?;
                let message = match read(msg, hub, bucket) {
                    Incoming::Message(m) => m,
                    Incoming::Refused(text) => {
                        if !answer(outlet, text) {
                            return SLOW;
                        }
                        continue;
                    }
                    Incoming::Close(code, reason) => return Some((code, reason)),
                    Incoming::Ignore => continue,
                };
                let (id, request) = match message {
                    ClientMessage::Ping { id } => {
                        if !answer(outlet, crate::tables::pong(id)) {
                            return SLOW;
                        }
                        continue;
                    }
                    ClientMessage::Hello { .. } => {
                        let e = ApiError::new(ErrorKind::Protocol, "hello was already said; reconnect to change seat");
                        if !answer(outlet, error_text(None, &e)) {
                            return SLOW;
                        }
                        continue;
                    }
                    ClientMessage::Act { id, action } => (id, Request::Act(action)),
                    ClientMessage::Resign { id } => (id, Request::Resign),
                    ClientMessage::OfferDraw { id } => (id, Request::OfferDraw),
                    ClientMessage::AcceptDraw { id } => (id, Request::AcceptDraw),
                    ClientMessage::Hint { id } => (id, Request::Hint),
                    ClientMessage::Rematch { id } => (id, Request::Rematch),
                };
                let Viewer::Seat(seat) = viewer else {
                    let e = ApiError::new(ErrorKind::NotYourSeat, "spectators watch; join a seat to play");
                    if !answer(outlet, error_text(Some(id), &e)) {
                        return SLOW;
                    }
                    continue;
                };
                let received = Instant::now();
                if commands.send(Command::Client { conn, seat, id, request, received }).await.is_err() {
                    return Some((close_code::AGAIN, "table unavailable"));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::too_large;
    use tokio_tungstenite::tungstenite::Error;
    use tokio_tungstenite::tungstenite::error::{CapacityError, ProtocolError};

    #[test]
    fn a_read_past_the_size_cap_is_known_by_its_kind_not_its_wording() {
        let long = CapacityError::MessageTooLong {
            size: 70_000,
            max_size: 65_536,
        };
        assert!(too_large(axum::Error::new(Error::Capacity(long))));
        let bad = Error::Protocol(ProtocolError::NonZeroReservedBits);
        assert!(!too_large(axum::Error::new(bad)));
        // An error whose text merely mentions a size is not the cap.
        assert!(!too_large(axum::Error::new(std::io::Error::other(
            "size unknown"
        ))));
    }
}
