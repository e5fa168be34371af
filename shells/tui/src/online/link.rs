//! One table's WebSocket, on a thread of its own: the screen sends
//! protocol messages and takes what arrived, never waiting on the network
//! (a blocking tungstenite socket with a short read timeout, between reads
//! the thread writes what the screen queued).

use super::client::OnlineError;
use serde_json::{Value, json};
use stackyard_server::protocol::{PROTOCOL, ServerMessage};
use std::net::TcpStream;
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::time::{Duration, Instant};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// What the thread hands the screen.
#[derive(Debug)]
pub enum Incoming {
    /// A message from the server.
    Message(Box<ServerMessage>),
    /// The connection ended; why, in words.
    Closed(String),
}

/// How long a read waits before the thread writes what is queued.
const POLL: Duration = Duration::from_millis(20);
/// A ping this often keeps an idle connection (a spectator's) open.
const KEEPALIVE: Duration = Duration::from_secs(20);

/// A table's connection, seated (with the seat's token) or watching.
pub struct TableLink {
    outgoing: Sender<String>,
    incoming: Receiver<Incoming>,
    next_id: u64,
    closed: bool,
}

impl TableLink {
    /// Connects to `url` and says hello (as the seat whose `token` it is,
    /// or as a spectator); the welcome arrives through [`TableLink::poll`].
    pub fn open(url: &str, token: Option<&str>) -> Result<TableLink, OnlineError> {
        let (mut socket, _) = tungstenite::connect(url)
            .map_err(|e| OnlineError(format!("could not open the table's connection: {e}")))?;
        if let MaybeTlsStream::Plain(stream) = socket.get_mut() {
            let _ = stream.set_read_timeout(Some(POLL));
            let _ = stream.set_nodelay(true);
        }
        let hello = json!({"type": "hello", "protocol": PROTOCOL, "token": token, "since": null});
        socket
            .send(Message::Text(hello.to_string().into()))
            .map_err(|e| OnlineError(format!("the table's connection failed: {e}")))?;
        let (outgoing, queued) = channel();
        let (arrived, incoming) = channel();
        std::thread::spawn(move || pump(socket, queued, arrived));
        Ok(TableLink {
            outgoing,
            incoming,
            next_id: 1,
            closed: false,
        })
    }

    /// Sends a request of `kind` (`act`, `resign`, `offer_draw`, …) with
    /// `fields` beside its id; returns the id the answer echoes.
    pub fn request(&mut self, kind: &str, fields: Value) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        let mut message = json!({"type": kind, "id": id});
        if let (Some(m), Value::Object(extra)) = (message.as_object_mut(), fields) {
            m.extend(extra);
        }
        // A closed link reports itself through `poll`.
        let _ = self.outgoing.send(message.to_string());
        id
    }

    /// Sends the game action `action`.
    pub fn act(&mut self, action: Value) -> u64 {
        self.request("act", json!({ "action": action }))
    }

    /// Everything that arrived since the last call, oldest first.
    pub fn poll(&mut self) -> Vec<Incoming> {
        let mut out = Vec::new();
        loop {
            match self.incoming.try_recv() {
                Ok(m) => out.push(m),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    if !self.closed {
                        out.push(Incoming::Closed("the connection ended".into()));
                    }
                    self.closed = true;
                    break;
                }
            }
        }
        if out.iter().any(|m| matches!(m, Incoming::Closed(_))) {
            self.closed = true;
        }
        out
    }
}

/// The thread: reads until the server closes or the screen drops its
/// link, writing what the screen queued between reads.
fn pump(
    mut socket: WebSocket<MaybeTlsStream<TcpStream>>,
    queued: Receiver<String>,
    arrived: Sender<Incoming>,
) {
    let mut last_write = Instant::now();
    let why = loop {
        match socket.read() {
            Ok(Message::Text(text)) => {
                let message = match serde_json::from_str::<ServerMessage>(text.as_str()) {
                    Ok(m) => Incoming::Message(Box::new(m)),
                    Err(e) => Incoming::Closed(format!(
                        "the server sent what this client cannot read ({e})"
                    )),
                };
                let stop = matches!(message, Incoming::Closed(_));
                if arrived.send(message).is_err() || stop {
                    let _ = socket.close(None);
                    return;
                }
            }
            Ok(Message::Close(frame)) => {
                break frame
                    .map(|f| f.reason.to_string())
                    .filter(|r| !r.is_empty())
                    .unwrap_or_else(|| "the server closed the connection".into());
            }
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(tungstenite::Error::ConnectionClosed | tungstenite::Error::AlreadyClosed) => {
                break "the connection ended".into();
            }
            Err(e) => break format!("the connection failed: {e}"),
        }
        loop {
            match queued.try_recv() {
                Ok(text) => {
                    if let Err(e) = socket.send(Message::Text(text.into())) {
                        let _ =
                            arrived.send(Incoming::Closed(format!("the connection failed: {e}")));
                        return;
                    }
                    last_write = Instant::now();
                }
                Err(TryRecvError::Empty) => break,
                // The screen is gone: say goodbye.
                Err(TryRecvError::Disconnected) => {
                    let _ = socket.close(None);
                    let _ = socket.flush();
                    return;
                }
            }
        }
        if last_write.elapsed() > KEEPALIVE {
            let _ = socket.send(Message::Text(
                json!({"type": "ping", "id": 0}).to_string().into(),
            ));
            last_write = Instant::now();
        }
        // Pongs to the server's pings go out here too.
        let _ = socket.flush();
    };
    let _ = arrived.send(Incoming::Closed(why));
}
