//! Fan-out across nodes behind a small trait: what one node tells every
//! other (the lobby's changes). PostgreSQL `LISTEN/NOTIFY` carries it
//! here; NATS or another message bus could implement [`Bus`] instead (see
//! `docs/deploy.md` for when that is worth it).
//!
//! A table's steps travel as **hints** only ([`BusMessage::Step`]: a
//! table id and a version, never the step): a node with spectators of a
//! table another node owns keeps a read-only mirror of it
//! (`shells/server/src/tables/mirror.rs`) that reads the committed steps
//! from the database when hinted, and on a timer besides.
//!
//! **Nothing heard on the bus is trusted as data.** `NOTIFY` is not
//! authenticated: anyone who may run `pg_notify` on the database may say
//! anything here, but such a one may also write the tables directly, so
//! signing the messages would protect nothing. Every message is a hint
//! with no authority: a lobby entry is only listed (every route for the
//! table goes to the database, which says who owns it), a `Step` or a
//! `Table` only makes a mirror read the database again, a `Watch` only
//! makes an owner send hints, a `Player` event is only a notice to an
//! account's sockets (it carries no token: the seat it names is taken
//! through the join route, which checks the account in the database). A payload that does not parse is logged and
//! dropped ([`parse`]).

use crate::protocol::TableSummary;
use serde::{Deserialize, Serialize};
use sqlx::AnyPool;
use sqlx::postgres::PgListener;
use tokio::sync::{broadcast, mpsc};

/// The channel every node listens on.
const CHANNEL: &str = "stackyard_nodes";
/// PostgreSQL refuses a notification payload of 8000 bytes or more.
const MAX_PAYLOAD: usize = 7900;

/// What nodes tell each other.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum BusMessage {
    /// A node joined: every node tells it its tables.
    Hello {
        /// The new node.
        node: String,
    },
    /// A table of `node` as the lobby shows it now.
    Table {
        /// Its owner.
        node: String,
        /// Its summary (boxed: the other messages are a few names).
        summary: Box<TableSummary>,
    },
    /// A table left the lobby.
    Gone {
        /// The node telling.
        node: String,
        /// The table.
        table: String,
    },
    /// A hint: the owner of `table` committed its steps up to `version`.
    /// A node mirroring the table reads them from the database.
    Step {
        /// The node telling.
        node: String,
        /// The table.
        table: String,
        /// Its version now.
        version: u64,
    },
    /// `node` mirrors `table` for spectators of its own: its owner sends
    /// [`BusMessage::Step`] hints for it for a while (told again while
    /// the mirror lasts).
    Watch {
        /// The node mirroring.
        node: String,
        /// The table.
        table: String,
    },
    /// Something for one player's sockets, wherever they are connected
    /// (issue #27: "paired", "challenge received"; a
    /// `pairing::wire::PlayerEvent` as JSON). Every node hands it to its
    /// own sockets of that account (`pairing/push.rs`).
    Player {
        /// The account's id.
        account: String,
        /// The event.
        event: serde_json::Value,
    },
}

/// Reads a payload heard on the bus: `None` (logged) for anything that is
/// not a message of this build, too long, or not JSON. Never panics.
pub fn parse(payload: &str) -> Option<BusMessage> {
    if payload.len() > MAX_PAYLOAD {
        tracing::warn!(bytes = payload.len(), "a bus message too long is ignored");
        return None;
    }
    match serde_json::from_str::<BusMessage>(payload) {
        Ok(message) => Some(message),
        Err(e) => {
            tracing::warn!(error = %e, "a bus message that does not parse is ignored");
            None
        }
    }
}

/// A fan-out between nodes: at most once, in order per publisher.
pub trait Bus: Send + Sync + 'static {
    /// Tells every node (this one included).
    fn publish(&self, message: BusMessage);
    /// What every node tells, from now on.
    fn subscribe(&self) -> broadcast::Receiver<BusMessage>;
}

/// [`Bus`] over PostgreSQL `LISTEN/NOTIFY`.
pub struct PgBus {
    out: mpsc::UnboundedSender<String>,
    heard: broadcast::Sender<BusMessage>,
}

impl PgBus {
    /// Listens at `url` (its own connection) and publishes through `pool`.
    pub async fn start(url: &str, pool: AnyPool) -> anyhow::Result<PgBus> {
        let mut listener = PgListener::connect(url).await?;
        listener.listen(CHANNEL).await?;
        let (heard, _) = broadcast::channel(1024);
        let tell = heard.clone();
        tokio::spawn(async move {
            loop {
                match listener.recv().await {
                    Ok(note) => {
                        if let Some(message) = parse(note.payload()) {
                            let _ = tell.send(message);
                        }
                    }
                    Err(e) => {
                        // The listener reconnects by itself; what was said
                        // meanwhile is lost (the lobby heals at the next change).
                        tracing::warn!(error = %e, "the nodes' channel broke");
                        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
                    }
                }
            }
        });
        let (out, mut queue) = mpsc::unbounded_channel::<String>();
        tokio::spawn(async move {
            while let Some(payload) = queue.recv().await {
                if let Err(e) = sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(CHANNEL)
                    .bind(payload)
                    .execute(&pool)
                    .await
                {
                    tracing::warn!(error = %e, "cannot tell the other nodes");
                }
            }
        });
        Ok(PgBus { out, heard })
    }
}

impl Bus for PgBus {
    fn publish(&self, message: BusMessage) {
        let Ok(text) = serde_json::to_string(&message) else {
            return;
        };
        if text.len() > MAX_PAYLOAD {
            tracing::warn!(
                bytes = text.len(),
                "a message too long for NOTIFY is not told"
            );
            return;
        }
        let _ = self.out.send(text);
    }

    fn subscribe(&self) -> broadcast::Receiver<BusMessage> {
        self.heard.subscribe()
    }
}

#[cfg(test)]
mod tests {
    use super::{BusMessage, parse};

    #[test]
    fn malformed_bus_payloads_are_ignored_without_a_panic() {
        let long = format!("{{\"type\":\"hello\",\"node\":\"{}\"}}", "x".repeat(9000));
        for bad in [
            "",
            "null",
            "not json",
            "{",
            "[1,2,3]",
            "{\"type\":\"nope\"}",
            "{\"type\":\"step\",\"node\":\"a\",\"table\":\"t\"}",
            "{\"type\":\"step\",\"node\":\"a\",\"table\":\"t\",\"version\":-1}",
            "{\"type\":\"step\",\"node\":\"a\",\"table\":\"t\",\"version\":1e999}",
            "{\"type\":\"table\",\"node\":\"a\",\"summary\":{}}",
            "{\"type\":\"watch\",\"node\":7,\"table\":\"t\"}",
            "\u{0}\u{ffff}",
            &long,
        ] {
            assert!(parse(bad).is_none(), "{bad:.80} was read as a message");
        }
        // What this build says, it reads back.
        let step = BusMessage::Step {
            node: "a".into(),
            table: "t".into(),
            version: 7,
        };
        let text = serde_json::to_string(&step).unwrap();
        assert!(matches!(
            parse(&text),
            Some(BusMessage::Step { version: 7, .. })
        ));
        let watch = serde_json::to_string(&BusMessage::Watch {
            node: "a".into(),
            table: "t".into(),
        })
        .unwrap();
        assert!(matches!(parse(&watch), Some(BusMessage::Watch { .. })));
    }
}
