//! Several nodes over one PostgreSQL, one service (issue #28).
//!
//! - Each live table is owned by one node under a lease and an epoch
//!   (`shells/server/src/store/leases.rs`): the owner alone runs its task,
//!   and every write it makes is fenced by the epoch in the database.
//! - A node asked about a table it does not own **relays** the request to
//!   the owner (`relay`: HTTP and the WebSocket, byte for byte after the
//!   upgrade); a table whose lease lapsed (its owner died or stalled) is
//!   **taken over** by the node asked, or by the first node whose scan
//!   finds it, and resumed from the database. Why relaying rather than
//!   moving the table to each client's node: the seats of one table may
//!   sit on different nodes, and a table that moved with each of them
//!   would hand its lease over at every turn.
//! - The lobby of every node lists every node's tables, told over a
//!   [`bus::Bus`] (PostgreSQL `LISTEN/NOTIFY`; a message bus such as NATS
//!   could take its place behind the same trait).
//! - **Spectators are served where they connect**: a node keeps a
//!   read-only mirror of another node's table for its own spectators
//!   (`shells/server/src/tables/mirror.rs`), stepped from the database
//!   when the owner hints over the bus that it committed more. Seats stay
//!   relayed to the owner (they need its acknowledgement). Nothing heard
//!   on the bus is trusted as data (`bus.rs`).

pub mod bus;
pub(crate) mod peers;
pub mod relay;

pub use peers::Cluster;

use crate::store::{Store, StoreError};
use crate::tables::Hub;
use bus::{Bus, BusMessage};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};

/// Where a table is served.
pub enum Located {
    /// Here (running, or just taken over).
    Here,
    /// By the node at this address.
    There(String),
    /// Nowhere live: finished, or no such table.
    Nowhere,
}

impl Cluster {
    /// What this node knows of the others over the PostgreSQL at `url`,
    /// built before the hub that holds it (`None` for a store that is no
    /// node of a service): the bus started, the shared secret read.
    /// [`Cluster::start`] then sets it going once the hub exists.
    pub async fn connect(store: &Store, url: &str) -> anyhow::Result<Option<Arc<Cluster>>> {
        let Some(node) = store.node() else {
            return Ok(None);
        };
        let bus: Arc<dyn Bus> = Arc::new(bus::PgBus::start(url, store.pool().clone()).await?);
        let secret = store.cluster_secret().await?;
        Ok(Some(Arc::new(Cluster {
            node: node.id.clone(),
            bus,
            secret,
            lobby: RwLock::new(HashMap::new()),
            told: Mutex::new(HashMap::new()),
            taking: tokio::sync::Mutex::new(()),
            mirroring: tokio::sync::Mutex::new(()),
            mirrors: Mutex::new(HashMap::new()),
            watched: Mutex::new(HashMap::new()),
        })))
    }

    /// Joins the nodes with the hub's cluster, if it has one: hears the
    /// bus, says hello, renews the leases and scans for tables nobody
    /// holds (each task holds the hub weakly).
    pub fn start(hub: &Arc<Hub>) {
        let (Some(cluster), Some(node)) = (hub.cluster.clone(), hub.store.node()) else {
            return;
        };
        let bus = cluster.bus.clone();
        let mut inbox = bus.subscribe();
        let weak = Arc::downgrade(hub);
        tokio::spawn(async move {
            loop {
                let message = match inbox.recv().await {
                    Ok(m) => m,
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(_) => break,
                };
                let Some(hub) = weak.upgrade() else { break };
                cluster.heard(&hub, message);
            }
        });
        bus.publish(BusMessage::Hello {
            node: node.id.clone(),
        });
        let weak = Arc::downgrade(hub);
        let every = node.lease / 3;
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(every).await;
                let Some(hub) = weak.upgrade() else { break };
                keep_leases(&hub).await;
            }
        });
    }

    fn heard(&self, hub: &Arc<Hub>, message: BusMessage) {
        match message {
            BusMessage::Hello { node } if node != self.node => {
                // A node joined: it hears every table of this one.
                if let Ok(mut told) = self.told.lock() {
                    told.clear();
                }
                for summary in hub.summaries(None, None) {
                    if hub.table(&summary.id).is_some() {
                        self.announce(&summary);
                    }
                }
            }
            BusMessage::Table { node, summary } if node != self.node => {
                self.nudge(&summary.id);
                if let Ok(mut lobby) = self.lobby.write() {
                    if summary.status == "finished" {
                        lobby.remove(&summary.id);
                    } else {
                        lobby.insert(summary.id.clone(), *summary);
                    }
                }
            }
            BusMessage::Gone { node, table } if node != self.node => {
                if let Ok(mut lobby) = self.lobby.write() {
                    lobby.remove(&table);
                }
            }
            // Hints only: the mirror reads the database.
            BusMessage::Step { table, .. } => self.nudge(&table),
            // Only hints follow: a forged Watch costs a few NOTIFYs.
            BusMessage::Watch { table, .. } => {
                if hub.table(&table).is_some()
                    && let Ok(mut watched) = self.watched.lock()
                {
                    let until = std::time::Instant::now() + 3 * crate::tables::mirror_watch_every();
                    let hinted = watched.get(&table).map_or(0, |w| w.1);
                    watched.insert(table, (until, hinted));
                }
            }
            _ => {}
        }
    }
}

/// Renews this node's leases, stops the tables it lost, and takes over
/// tables nobody holds.
async fn keep_leases(hub: &Arc<Hub>) {
    match hub.store.renew_leases().await {
        Ok(lost) => {
            for id in lost {
                if let Some(table) = hub.table(&id) {
                    let _ = table.commands.try_send(crate::tables::Command::Moved);
                }
            }
        }
        Err(e) => tracing::warn!(error = %e, "cannot renew this node's leases"),
    }
    match hub.store.orphans(32).await {
        Ok(ids) => {
            for id in ids {
                if let Err(e) = take_over(hub, &id).await {
                    tracing::warn!(table = %id, error = %e, "cannot take a table over");
                }
            }
        }
        Err(e) => tracing::warn!(error = %e, "cannot look for tables nobody holds"),
    }
}

/// Takes `id` over if it is unfinished and nobody else holds it, and
/// resumes it from the database with every action its last owner stored.
/// Answers whether this node serves it now.
pub async fn take_over(hub: &Arc<Hub>, id: &str) -> Result<bool, StoreError> {
    let Some(cluster) = hub.cluster.as_ref() else {
        return Ok(hub.table(id).is_some());
    };
    let _one = cluster.taking.lock().await;
    if hub.table(id).is_some() {
        return Ok(true);
    }
    // Unknown ids take no lease row.
    if !hub.store.is_live(id).await? {
        return Ok(false);
    }
    if !hub.store.acquire(id).await? {
        return Ok(false);
    }
    // Read once held: the last owner's commits all came before.
    let Some(stored) = hub.store.unfinished_table(id).await? else {
        return Ok(false);
    };
    hub.resume_stored(stored).await?;
    tracing::info!(table = %id, "took the table over");
    Ok(true)
}

/// Where `id` is served, taking it over when its lease lapsed.
pub async fn locate(hub: &Arc<Hub>, id: &str) -> Result<Located, StoreError> {
    if hub.table(id).is_some() {
        return Ok(Located::Here);
    }
    let Some(node) = hub.store.node() else {
        return Ok(Located::Nowhere);
    };
    match hub.store.owner(id).await? {
        Some(owner) if owner.finished => Ok(Located::Nowhere),
        Some(owner) if !owner.lapsed && owner.node != node.id => Ok(Located::There(owner.addr)),
        _ => {
            if take_over(hub, id).await? {
                Ok(Located::Here)
            } else {
                match hub.store.owner(id).await? {
                    Some(owner) if !owner.lapsed && !owner.finished && owner.node != node.id => {
                        Ok(Located::There(owner.addr))
                    }
                    _ => Ok(Located::Nowhere),
                }
            }
        }
    }
}
