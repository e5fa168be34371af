//! The hub: everything the tables and the front ends share (the
//! registry, the store, the limits, every table in memory by id, the
//! semaphores that bound dear work, the caches of finished tables).
//! Opening tables is `shells/server/src/tables/open.rs`.

use super::archive::{self, Archived};
use super::commands::TableHandle;
use crate::protocol::{ApiError, ErrorKind, TableSummary};
use crate::store::Store;
use serde_json::Value;
use stackyard_core::host::{GameKind, Registry};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

/// Unix milliseconds now (creation and finishing times of tables).
pub(super) fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// Everything shared by the tables and the front ends.
pub struct Hub {
    /// Every game this server hosts.
    pub registry: Registry,
    /// The database.
    pub store: Store,
    /// The limits.
    pub limits: crate::config::Limits,
    pub(super) tables: RwLock<HashMap<String, TableHandle>>,
    pub(super) open_by_client: Mutex<HashMap<String, usize>>,
    next_conn: AtomicU64,
    /// The daily deals this server offers.
    pub daily: crate::dailies::Dailies,
    /// Dear game steps (a physics game's placement) running at once: one
    /// core fewer than the machine has, so messages and cheap tables always
    /// keep a core.
    pub(super) heavy_steps: tokio::sync::Semaphore,
    /// Hints being searched at once, across every table: a flood of hints
    /// waits here instead of each taking a blocking thread.
    pub(super) hint_searches: Arc<tokio::sync::Semaphore>,
    /// Finished tables out of memory, parsed, most recently served kept.
    pub(super) archive: Mutex<hashlink::LruCache<String, Arc<Archived>>>,
    /// Games replayed at once for the store's sake (a finished table's
    /// last state worked out, a replay's frames): one, so a flood of
    /// them takes one blocking thread.
    pub replays: tokio::sync::Semaphore,
    /// Replays' frames, by table id, most recently served kept.
    pub replay_cache: Mutex<hashlink::LruCache<String, Arc<Value>>>,
    /// The other nodes over the same PostgreSQL (issue #28); `None` for
    /// a server on its own.
    pub cluster: Option<Arc<crate::cluster::peers::Cluster>>,
}

/// What a hub is built of, each part made before it (the hub is built
/// whole: nothing in it is set later).
pub struct HubParts {
    /// Every game this server hosts.
    pub registry: Registry,
    /// The database.
    pub store: Store,
    /// The limits.
    pub limits: crate::config::Limits,
    /// The daily deals offered (`Dailies::load`).
    pub daily: crate::dailies::Dailies,
    /// The other nodes (`Cluster::connect`), for a node of a service.
    pub cluster: Option<Arc<crate::cluster::peers::Cluster>>,
}

/// Hints searched at once across the server (each on a blocking thread).
const HINT_SEARCHES: usize = 2;
/// Replays kept worked out (a physics game's takes up to a second).
const REPLAYS_CACHED: usize = 32;

impl Hub {
    /// A hub of its parts.
    pub fn new(parts: HubParts) -> Arc<Hub> {
        let HubParts {
            registry,
            store,
            limits,
            daily,
            cluster,
        } = parts;
        Arc::new(Hub {
            registry,
            store,
            limits,
            tables: RwLock::new(HashMap::new()),
            open_by_client: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
            daily,
            heavy_steps: tokio::sync::Semaphore::new(
                std::thread::available_parallelism()
                    .map_or(1, |n| n.get().saturating_sub(1))
                    .max(1),
            ),
            hint_searches: Arc::new(tokio::sync::Semaphore::new(HINT_SEARCHES)),
            archive: Mutex::new(hashlink::LruCache::new(archive::CACHED)),
            replays: tokio::sync::Semaphore::new(1),
            replay_cache: Mutex::new(hashlink::LruCache::new(REPLAYS_CACHED)),
            cluster,
        })
    }

    /// A fresh connection id.
    pub fn conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// The table called `id`, if running.
    pub fn table(&self, id: &str) -> Option<TableHandle> {
        self.tables.read().ok()?.get(id).cloned()
    }

    /// Summaries of every table in memory, filtered.
    pub fn summaries(&self, game: Option<&str>, status: Option<&str>) -> Vec<TableSummary> {
        let Ok(tables) = self.tables.read() else {
            return Vec::new();
        };
        let mut out: Vec<TableSummary> = tables
            .values()
            .filter_map(|t| t.summary.read().ok().map(|s| s.clone()))
            .filter(|s| s.daily.is_none())
            .filter(|s| game.is_none_or(|g| s.game == g))
            .filter(|s| status.is_none_or(|st| s.status == st))
            .collect();
        // Tables other nodes serve (issue #28).
        if let Some(cluster) = self.cluster.as_ref() {
            let ours: std::collections::HashSet<String> =
                out.iter().map(|s| s.id.clone()).collect();
            out.extend(
                cluster
                    .lobby()
                    .into_iter()
                    .filter(|s| !ours.contains(&s.id) && !tables.contains_key(&s.id))
                    .filter(|s| s.daily.is_none())
                    .filter(|s| game.is_none_or(|g| s.game == g))
                    .filter(|s| status.is_none_or(|st| s.status == st)),
            );
        }
        out.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(a.id.cmp(&b.id)));
        out
    }

    /// How many tables are in memory, and how many of them are unfinished.
    pub fn counts(&self) -> (usize, usize) {
        let Ok(tables) = self.tables.read() else {
            return (0, 0);
        };
        let live = tables
            .values()
            .filter(|t| {
                t.summary
                    .read()
                    .map(|s| s.status != "finished")
                    .unwrap_or(false)
            })
            .count();
        (tables.len(), live)
    }

    pub(super) fn kind(&self, game: &str) -> Result<&dyn GameKind, ApiError> {
        self.registry.get(game).ok_or_else(|| {
            ApiError::new(
                ErrorKind::BadRequest,
                format!(
                    "there is no game {game:?}; this server hosts {}",
                    self.registry.names().join(", ")
                ),
            )
        })
    }

    /// Drops a finished table from memory (the store serves it).
    pub(super) fn forget(&self, id: &str) {
        if let Ok(mut tables) = self.tables.write()
            && tables.remove(id).is_some()
        {
            metrics::gauge!("stackyard_tables").decrement(1.0);
        }
        if let Some(cluster) = self.cluster.as_ref() {
            cluster.forgotten(&self.store, id);
        }
    }

    /// Tells the other nodes how a table of this node looks now (lobby
    /// changes only; issue #28).
    pub(super) fn announce(&self, summary: &TableSummary) {
        if let Some(cluster) = self.cluster.as_ref() {
            cluster.announce(summary);
        }
    }

    pub(super) fn table_finished(&self, creator: &str) {
        if let Ok(mut open) = self.open_by_client.lock()
            && let Some(n) = open.get_mut(creator)
        {
            *n = n.saturating_sub(1);
        }
    }
}

pub(super) fn poisoned() -> ApiError {
    ApiError::new(ErrorKind::Storage, "internal lock poisoned")
}
