//! What the rest of the server sends a table's task, and how a table
//! reaches its connections.

use crate::protocol::{ApiError, Joined};
use axum::extract::ws::Utf8Bytes;
use serde_json::Value;
use stackyard_core::host::{HostDecision, HostedBot};
use stackyard_core::{GameTime, Seat, Viewer};
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Instant;
use tokio::sync::{Notify, mpsc, oneshot};

use crate::protocol::TableSummary;

/// A request to cut a connection off, with the close code to send.
#[derive(Debug, Default)]
pub struct Kick {
    code: AtomicU16,
    notify: Notify,
}

impl Kick {
    /// Asks the connection to close with `code`.
    pub fn kick(&self, code: u16) {
        self.code.store(code, Ordering::SeqCst);
        self.notify.notify_one();
    }

    /// Waits for a kick and returns its close code.
    pub async fn kicked(&self) -> u16 {
        loop {
            let code = self.code.load(Ordering::SeqCst);
            if code != 0 {
                return code;
            }
            self.notify.notified().await;
        }
    }
}

/// What a table needs to reach one connection.
#[derive(Debug, Clone)]
pub struct ConnHandle {
    /// The connection's id (unique in this process).
    pub id: u64,
    /// Its bounded outbound queue: a full queue cuts it off.
    pub out: mpsc::Sender<Utf8Bytes>,
    /// How the table cuts it off.
    pub kick: Arc<Kick>,
}

/// What a seated connection asks of its table.
#[derive(Debug, Clone)]
pub enum Request {
    /// A game action.
    Act(Value),
    /// Resign.
    Resign,
    /// Offer a draw.
    OfferDraw,
    /// Accept the standing offer.
    AcceptDraw,
    /// Ask for a hint.
    Hint,
}

/// A message to a table's task.
pub enum Command {
    /// Take a seat.
    Join {
        /// The seat wanted.
        seat: Option<usize>,
        /// The name to go by.
        name: Option<String>,
        /// The answer.
        reply: oneshot::Sender<Result<Joined, ApiError>>,
    },
    /// A connection says hello; the table answers with its viewer and
    /// sends it a welcome.
    Connect {
        /// The seat's token, or none to watch.
        token: Option<String>,
        /// The connection.
        conn: ConnHandle,
        /// The viewer it was admitted as.
        reply: oneshot::Sender<Result<Viewer, ApiError>>,
    },
    /// A connection closed.
    Disconnect {
        /// Its id.
        conn: u64,
    },
    /// A seated connection's request.
    Client {
        /// The connection.
        conn: u64,
        /// Its seat (from its token).
        seat: Seat,
        /// The client's message id.
        id: u64,
        /// What it asks.
        request: Request,
        /// When the connection read it (the action latency histogram
        /// counts from here, waiting in the table's line included).
        received: Instant,
    },
    /// A bot finished thinking.
    BotDecided {
        /// Its seat.
        seat: usize,
        /// The bot, back from its thread.
        bot: Box<dyn HostedBot>,
        /// What it decided.
        decision: Option<HostDecision>,
        /// The game time it looked at the table.
        looked_at: GameTime,
    },
    /// A hint is ready.
    HintReady {
        /// For whom.
        conn: u64,
        /// Their message id.
        id: u64,
        /// The seat it was asked for.
        seat: usize,
        /// The table's version it was worked out at.
        version: u64,
        /// The suggested action.
        action: Option<Value>,
    },
}

/// A running table as the rest of the server holds it.
#[derive(Clone)]
pub struct TableHandle {
    /// Where to send commands.
    pub commands: mpsc::Sender<Command>,
    /// The lobby's view of it, kept current by the task.
    pub summary: Arc<RwLock<TableSummary>>,
}

/// Queues `text` for a connection; a full queue cuts it off (a slow
/// reader), a closed one drops it. Returns whether it stays.
pub fn deliver(conn: &ConnHandle, text: Utf8Bytes) -> bool {
    match conn.out.try_send(text) {
        Ok(()) => true,
        Err(mpsc::error::TrySendError::Full(_)) => {
            metrics::counter!("stackyard_slow_readers_total").increment(1);
            conn.kick.kick(1013);
            false
        }
        Err(mpsc::error::TrySendError::Closed(_)) => false,
    }
}
