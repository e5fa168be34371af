//! What the rest of the server sends a table's task, and how a table
//! reaches its connections.

use crate::protocol::{ApiError, Joined};
use axum::extract::ws::Utf8Bytes;
use serde_json::Value;
use stackyard_core::host::{HostDecision, HostedBot};
use stackyard_core::{GameTime, Seat, Viewer};
use std::sync::atomic::{AtomicU16, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock, RwLock};
use std::time::{Duration, Instant};
use tokio::sync::{Notify, mpsc, oneshot};

use super::outlet::{Offer, Outlet};
use crate::protocol::TableSummary;

/// Milliseconds since this process first asked (a clock the table task and
/// the connection's writer share through an atomic).
fn clock_ms() -> u64 {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    EPOCH.get_or_init(Instant::now).elapsed().as_millis() as u64
}

/// A request to cut a connection off, with the close code to send, and
/// when its writer last took a message off its queue.
#[derive(Debug)]
pub struct Kick {
    code: AtomicU16,
    notify: Notify,
    /// When the writer last took a message, or the queue was last empty
    /// ([`clock_ms`]).
    reading_at: AtomicU64,
}

impl Default for Kick {
    fn default() -> Self {
        Kick {
            code: AtomicU16::new(0),
            notify: Notify::new(),
            reading_at: AtomicU64::new(clock_ms()),
        }
    }
}

impl Kick {
    /// The connection's writer took a message off its queue (or found it
    /// empty): it is reading.
    pub fn reading(&self) {
        self.reading_at.store(clock_ms(), Ordering::Relaxed);
    }

    /// How long since the writer last took a message with some queued.
    pub(crate) fn stalled_for(&self) -> Duration {
        Duration::from_millis(clock_ms().saturating_sub(self.reading_at.load(Ordering::Relaxed)))
    }

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
    /// Its socket, taking messages at once or into a bounded queue: a
    /// full queue cuts it off.
    pub out: Arc<Outlet>,
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
    /// Play again, once the game is over.
    Rematch,
}

/// A message to a table's task.
pub enum Command {
    /// Take a seat.
    Join {
        /// The seat wanted.
        seat: Option<usize>,
        /// The name to go by.
        name: Option<String>,
        /// The signed-in account joining (id, name), if any: its seat is
        /// bound to it, and goes by its name (issue #27).
        account: Option<(String, String)>,
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
    /// Another node took the table over (issue #28): stop, and close
    /// every connection so its client connects again.
    Moved,
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
/// reader), and so does a backlog of a quarter of the queue that the
/// reader has taken nothing from for `stalled` (`Limits::stalled_reader`);
/// a closed queue drops it. Returns whether it stays.
///
/// A reader that keeps reading is never cut before its queue is full,
/// however far a fast table runs ahead of it for a moment: a spectator of
/// a bots' game parsing every step on a busy machine is served while a
/// socket that stopped reading is cut as soon as it shows.
pub fn deliver(conn: &ConnHandle, text: Utf8Bytes, stalled: Duration) -> bool {
    let limit = conn.out.capacity();
    if conn.out.queued() == 0 {
        // Caught up: a backlog, if one builds, is timed from now.
        conn.kick.reading();
    }
    match conn.out.offer(text) {
        Offer::Taken => true,
        Offer::Queued { queued }
            if queued >= (limit / 4).max(1) && conn.kick.stalled_for() >= stalled =>
        {
            cut_slow_reader(conn);
            false
        }
        Offer::Queued { .. } => true,
        Offer::Full => {
            cut_slow_reader(conn);
            false
        }
        Offer::Broken => false,
    }
}

fn cut_slow_reader(conn: &ConnHandle) {
    metrics::counter!("stackyard_slow_readers_total").increment(1);
    conn.kick.kick(1013);
}

/// A running mirror of another node's table as the cluster holds it
/// (`shells/server/src/tables/mirror.rs`).
#[derive(Clone)]
pub struct MirrorHandle {
    /// Its commands (spectators connecting and leaving), and its summary.
    pub table: TableHandle,
    /// Wakes it to read the database (a hint was heard).
    pub nudge: Arc<Notify>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conn(queue: usize) -> (ConnHandle, Arc<Outlet>) {
        let out = Outlet::new(None, queue);
        let handle = ConnHandle {
            id: 1,
            out: out.clone(),
            kick: Arc::new(Kick::default()),
        };
        (handle, out)
    }

    fn kicked(conn: &ConnHandle) -> bool {
        conn.kick.code.load(Ordering::SeqCst) == 1013
    }

    #[test]
    fn a_reader_that_keeps_taking_is_cut_only_by_a_full_queue() {
        let (c, outbound) = conn(8);
        // Half its queue behind, but it takes one for every one queued:
        // never cut.
        for _ in 0..4 {
            assert!(deliver(&c, "x".into(), Duration::MAX));
        }
        for _ in 0..100 {
            assert!(deliver(&c, "x".into(), Duration::from_secs(60)));
            outbound.pop().unwrap();
            c.kick.reading();
            assert!(!kicked(&c));
        }
        // Stops taking: a full queue cuts it.
        let mut delivered = 0;
        while deliver(&c, "x".into(), Duration::MAX) {
            delivered += 1;
        }
        assert_eq!(delivered, 4, "four more fill a queue of 8");
        assert!(kicked(&c));
    }

    #[test]
    fn a_backlog_of_a_quarter_untaken_for_the_limit_cuts_a_reader() {
        let (c, _outbound) = conn(8);
        assert!(deliver(&c, "x".into(), Duration::ZERO), "one queued");
        assert!(!kicked(&c));
        // Two queued (a quarter of 8), none taken since the queue was
        // empty, and a limit of zero: cut before the queue is full.
        assert!(!deliver(&c, "x".into(), Duration::ZERO));
        assert!(kicked(&c));
        // With time to spare, the same backlog stays.
        let (c, _outbound) = conn(8);
        for _ in 0..7 {
            assert!(deliver(&c, "x".into(), Duration::from_secs(3600)));
        }
        assert!(!kicked(&c));
    }
}
