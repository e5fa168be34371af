//! Fan-out across nodes behind a small trait: what one node tells every
//! other (the lobby's changes). PostgreSQL `LISTEN/NOTIFY` carries it
//! here; NATS or another message bus could implement [`Bus`] instead (see
//! `docs/deploy.md` for when that is worth it).
//!
//! A table's own steps do not travel on the bus: a client of another node
//! is relayed to the table's owner (`relay.rs`), which sends it every step
//! as it does its own clients.

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
        /// Its summary.
        summary: TableSummary,
    },
    /// A table left the lobby.
    Gone {
        /// The node telling.
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

impl super::Cluster {
    /// The bus between the nodes (the players' pushes travel on it too).
    pub fn bus(&self) -> std::sync::Arc<dyn Bus> {
        self.bus.clone()
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
                        if let Ok(message) = serde_json::from_str::<BusMessage>(note.payload()) {
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
