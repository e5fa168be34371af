//! What this node knows of the others (issue #28): the lobby they told,
//! what it told them, the mirrors it keeps of their tables and the
//! tables of its own they watch, and the bus between them. Below the
//! tables (`shells/server/src/tables/hub.rs` holds a [`Cluster`] and
//! tells it of its tables); what needs the hub (joining, hearing the bus,
//! leases and takeovers) is `shells/server/src/cluster/mod.rs`.

use super::bus::{Bus, BusMessage};
use crate::protocol::TableSummary;
use crate::store::Store;
use crate::tables::commands::MirrorHandle;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};

/// What this node knows of the others.
pub struct Cluster {
    pub(super) node: String,
    pub(super) bus: Arc<dyn Bus>,
    /// The other nodes' unfinished tables, as last told.
    pub(super) lobby: RwLock<HashMap<String, TableSummary>>,
    /// What was last told of each of this node's tables (status and
    /// seats): steps that change neither are not told.
    pub(super) told: Mutex<HashMap<String, String>>,
    /// One takeover at a time on this node.
    pub(super) taking: tokio::sync::Mutex<()>,
    /// The secret the nodes share (`Store::cluster_secret`): a relaying
    /// node proves its client's address with it.
    pub(super) secret: String,
    /// One mirror started at a time on this node.
    pub(crate) mirroring: tokio::sync::Mutex<()>,
    /// The mirrors of other nodes' tables on this node, by table.
    pub(super) mirrors: Mutex<HashMap<String, MirrorHandle>>,
    /// This node's tables another node mirrors: until when (told again
    /// while the mirror lasts), and the last version hinted.
    pub(super) watched: Mutex<HashMap<String, (std::time::Instant, u64)>>,
}

impl Cluster {
    /// The bus between the nodes (the players' pushes travel on it too).
    pub fn bus(&self) -> Arc<dyn Bus> {
        self.bus.clone()
    }

    /// The other nodes' unfinished tables.
    pub fn lobby(&self) -> Vec<TableSummary> {
        self.lobby
            .read()
            .map(|l| l.values().cloned().collect())
            .unwrap_or_default()
    }

    /// The proof that this node relays `path` for a client at `client`.
    pub fn prove(&self, client: &str, path: &str) -> String {
        crate::auth::mac(
            self.secret.as_bytes(),
            format!("{client} {path}").as_bytes(),
        )
    }

    /// Whether `proof` is another node's [`Cluster::prove`].
    pub fn proven(&self, client: &str, path: &str, proof: &str) -> bool {
        crate::auth::mac_matches(
            self.secret.as_bytes(),
            format!("{client} {path}").as_bytes(),
            proof,
        )
    }

    /// Wakes this node's mirror of `table`, if it has one.
    pub(super) fn nudge(&self, table: &str) {
        if let Some(mirror) = self.mirror_of(table) {
            mirror.nudge.notify_one();
        }
    }

    /// This node's mirror of `table`.
    pub(crate) fn mirror_of(&self, table: &str) -> Option<MirrorHandle> {
        self.mirrors.lock().ok()?.get(table).cloned()
    }

    /// A mirror of `table` started on this node.
    pub(crate) fn mirrored(&self, table: &str, handle: MirrorHandle) {
        if let Ok(mut mirrors) = self.mirrors.lock() {
            mirrors.insert(table.to_string(), handle);
        }
    }

    /// This node's mirror of `table` ended.
    pub(crate) fn unmirrored(&self, table: &str) {
        if let Ok(mut mirrors) = self.mirrors.lock() {
            mirrors.remove(table);
        }
    }

    /// Tells the owner of `table` that this node mirrors it.
    pub(crate) fn watch(&self, table: &str) {
        self.bus.publish(BusMessage::Watch {
            node: self.node.clone(),
            table: table.to_string(),
        });
    }

    /// Tells the other nodes of a table of this node, when its status or
    /// seats changed since last told; and, when another node mirrors it,
    /// hints each new version.
    pub fn announce(&self, summary: &TableSummary) {
        if let Ok(mut watched) = self.watched.lock()
            && let Some((until, hinted)) = watched.get_mut(&summary.id)
        {
            if *until < std::time::Instant::now() {
                watched.remove(&summary.id);
            } else if summary.version > *hinted {
                *hinted = summary.version;
                self.bus.publish(BusMessage::Step {
                    node: self.node.clone(),
                    table: summary.id.clone(),
                    version: summary.version,
                });
            }
        }
        let key = format!(
            "{}/{}",
            summary.status,
            serde_json::to_string(&summary.seats).unwrap_or_default()
        );
        if let Ok(mut told) = self.told.lock() {
            if told.get(&summary.id) == Some(&key) {
                return;
            }
            told.insert(summary.id.clone(), key);
        }
        self.bus.publish(BusMessage::Table {
            node: self.node.clone(),
            summary: Box::new(summary.clone()),
        });
    }

    /// A table left this node's memory (finished, or moved).
    pub fn forgotten(&self, store: &Store, id: &str) {
        if let Ok(mut told) = self.told.lock() {
            told.remove(id);
        }
        if let Ok(mut watched) = self.watched.lock() {
            watched.remove(id);
        }
        if let Some(node) = store.node() {
            node.drop_table(id);
            let store = store.clone();
            let id = id.to_string();
            tokio::spawn(async move {
                if let Err(e) = store.release_finished(&id).await {
                    tracing::warn!(table = %id, error = %e, "cannot drop a finished table's lease");
                }
            });
        }
    }
}
