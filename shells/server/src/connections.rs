//! Who may hold a TCP connection, and how each is served.
//!
//! Every accepted connection takes a pass: at most
//! [`Limits::connections_per_address`] per client address and
//! [`Limits::max_connections`] in all (kept under the process's descriptor
//! limit, so the store and established clients never run out). A connection
//! beyond the per-address cap is closed at once. One beyond the cap in all
//! is answered briefly from a small reserve: `/healthz` still says `ok`,
//! anything else hears 503 `busy`, and the socket closes. hyper serves the
//! admitted ones with a header read timeout, which closes slow header
//! senders and bare idle sockets alike.

use crate::config::Limits;
use crate::protocol::{ApiError, ErrorBody, ErrorKind};
use axum::Router;
use axum::extract::ConnectInfo;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// Connections beyond the cap answered at once (each briefly); more than
/// this are closed unanswered.
const OVERFLOW_ANSWERS: usize = 32;

/// How long a connection beyond the cap has to send its request line.
const OVERFLOW_PATIENCE: Duration = Duration::from_secs(1);

/// An admitted connection's pass, shared by its requests: a WebSocket
/// upgrade outlives the HTTP connection it came on and takes a share along,
/// so the socket counts until it really closes.
#[derive(Debug, Clone)]
pub struct Held(#[allow(dead_code)] Arc<Pass>);

/// Counts of open connections.
#[derive(Debug)]
pub struct Gate {
    per_address: usize,
    max: usize,
    by_address: Mutex<HashMap<IpAddr, usize>>,
    open: AtomicUsize,
    overflow: AtomicUsize,
}

/// Why a connection was not admitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Its address holds its share already.
    Address,
    /// The server holds its cap.
    Full,
}

/// An admitted connection's place; freed when dropped.
#[derive(Debug)]
pub struct Pass {
    gate: Arc<Gate>,
    /// The address it counts for (a relayed connection's client's, once
    /// its relaying node proved it: [`Held::count_for`]).
    ip: Mutex<IpAddr>,
}

fn release(map: &mut HashMap<IpAddr, usize>, ip: IpAddr) {
    if let Some(n) = map.get_mut(&ip) {
        *n -= 1;
        if *n == 0 {
            map.remove(&ip);
        }
    }
}

impl Drop for Pass {
    fn drop(&mut self) {
        self.gate.open.fetch_sub(1, Ordering::Relaxed);
        let mut map = self
            .gate
            .by_address
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        let ip = *self.ip.lock().unwrap_or_else(|p| p.into_inner());
        release(&mut map, ip);
    }
}

impl Held {
    /// Counts the connection for `client` instead of the address it came
    /// from: a connection relayed by another node of the service for a
    /// client of its own (issue #28; only once the relaying node proved it,
    /// `shells/server/src/cluster/relay.rs`). Refused, and nothing changed,
    /// when `client` holds its share already.
    pub fn count_for(&self, client: IpAddr) -> Result<(), Refusal> {
        let pass = &self.0;
        let mut map = pass
            .gate
            .by_address
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        let mut ip = pass.ip.lock().unwrap_or_else(|p| p.into_inner());
        if *ip == client {
            return Ok(());
        }
        if map.get(&client).copied().unwrap_or(0) >= pass.gate.per_address {
            return Err(Refusal::Address);
        }
        release(&mut map, *ip);
        *map.entry(client).or_insert(0) += 1;
        *ip = client;
        Ok(())
    }
}

impl Gate {
    /// A gate with the limits' caps.
    pub fn new(limits: &Limits) -> Arc<Gate> {
        Arc::new(Gate {
            per_address: limits.connections_per_address.max(1),
            max: limits.max_connections.max(1),
            by_address: Mutex::new(HashMap::new()),
            open: AtomicUsize::new(0),
            overflow: AtomicUsize::new(0),
        })
    }

    /// Open connections.
    pub fn open(&self) -> usize {
        self.open.load(Ordering::Relaxed)
    }

    /// Admits a connection from `ip`, or says why not.
    pub fn admit(self: &Arc<Self>, ip: IpAddr) -> Result<Pass, Refusal> {
        let mut map = self.by_address.lock().unwrap_or_else(|p| p.into_inner());
        let held = map.get(&ip).copied().unwrap_or(0);
        if held >= self.per_address {
            return Err(Refusal::Address);
        }
        if self.open.load(Ordering::Relaxed) >= self.max {
            return Err(Refusal::Full);
        }
        self.open.fetch_add(1, Ordering::Relaxed);
        *map.entry(ip).or_insert(0) += 1;
        Ok(Pass {
            gate: self.clone(),
            ip: Mutex::new(ip),
        })
    }
}

/// Accepts and serves connections until the listener fails for good.
pub async fn serve(listener: TcpListener, app: Router, limits: Limits) {
    let gate = Gate::new(&limits);
    loop {
        let (tcp, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of descriptors (or another passing error): wait a
                // moment instead of spinning on the same error.
                tracing::warn!(error = %e, "accept failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        match gate.admit(peer.ip()) {
            Ok(pass) => {
                metrics::gauge!("stackyard_tcp_connections").set(gate.open() as f64);
                let app = app.clone();
                let header_timeout = limits.header_timeout;
                tokio::spawn(serve_one(
                    tcp,
                    peer,
                    app,
                    header_timeout,
                    Held(Arc::new(pass)),
                ));
            }
            Err(Refusal::Address) => {
                metrics::counter!("stackyard_connections_refused_total", "why" => "address")
                    .increment(1);
                drop(tcp);
            }
            Err(Refusal::Full) => {
                metrics::counter!("stackyard_connections_refused_total", "why" => "full")
                    .increment(1);
                if gate.overflow.fetch_add(1, Ordering::Relaxed) < OVERFLOW_ANSWERS {
                    let gate = gate.clone();
                    tokio::spawn(async move {
                        answer_overflow(tcp).await;
                        gate.overflow.fetch_sub(1, Ordering::Relaxed);
                    });
                } else {
                    gate.overflow.fetch_sub(1, Ordering::Relaxed);
                    drop(tcp);
                }
            }
        }
    }
}

async fn serve_one(
    tcp: TcpStream,
    peer: SocketAddr,
    app: Router,
    header_timeout: Duration,
    held: Held,
) {
    // Nagle off: an ack and its step are small writes in a row, and waiting
    // on the peer's delayed ACK would add tens of milliseconds.
    if let Err(e) = tcp.set_nodelay(true) {
        tracing::debug!(error = %e, "cannot set TCP_NODELAY");
    }
    let service = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        request.extensions_mut().insert(held.clone());
        tower::ServiceExt::oneshot(app.clone(), request)
    });
    let connection = hyper::server::conn::http1::Builder::new()
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(header_timeout)
        .serve_connection(hyper_util::rt::TokioIo::new(tcp), service)
        .with_upgrades();
    if let Err(e) = connection.await {
        tracing::debug!(error = %e, %peer, "connection ended");
    }
}

/// A connection beyond the cap: `/healthz` is answered, anything else hears
/// 503 `busy`; either way it closes.
async fn answer_overflow(mut tcp: TcpStream) {
    let mut head = [0u8; 64];
    let read = tokio::time::timeout(OVERFLOW_PATIENCE, tcp.read(&mut head)).await;
    let Ok(Ok(n)) = read else { return };
    let response = if head[..n].starts_with(b"GET /healthz ") {
        "HTTP/1.1 200 OK\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok".to_string()
    } else {
        let body = serde_json::to_string(&ErrorBody {
            error: ApiError::new(
                ErrorKind::Busy,
                "the server is holding all the connections it can; try again shortly",
            ),
        })
        .unwrap_or_default();
        format!(
            "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: 5\r\nconnection: close\r\n\r\n{body}",
            body.len()
        )
    };
    let _ = tokio::time::timeout(OVERFLOW_PATIENCE, async {
        tcp.write_all(response.as_bytes()).await?;
        tcp.shutdown().await
    })
    .await;
}
