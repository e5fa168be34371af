//! This process as one node of several over one PostgreSQL (issue #28),
//! and what it checks in every commit: the fences.
//!
//! A node owns a table for a lease (`table_leases.expires_at`, the
//! database's clock) under an epoch. Every commit that touches a table
//! first runs, in its own transaction, a conditional update of the
//! table's lease row that matches only this node and the epoch it holds
//! ([`FENCE`]); when another node has taken the table over (a new epoch)
//! it matches nothing and the whole transaction is refused. The update
//! also locks the row until the commit, so a takeover waits for a commit
//! under way, and the new owner reads every action the old one stored.
//! Two nodes can never both acknowledge an action for one table. Taking,
//! renewing and reading leases: `leases.rs`.
//!
//! SQLite serves one node: a second process on the same file is refused
//! ([`lock_sqlite`]).

use super::error::StoreError;
use super::write::Write;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

/// The database's clock, in Unix milliseconds (PostgreSQL): every node
/// measures leases on the one clock.
pub(super) const NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/// The fence: matches the lease row only while this node holds the epoch.
const FENCE: &str =
    "UPDATE table_leases SET epoch = epoch WHERE table_id = $1 AND owner = $2 AND epoch = $3";

/// The leases of node `$2`, locked in table id order: every statement
/// that locks several lease rows takes them in this order, as the
/// commits' fences do ([`Node::fences`]), so none can deadlock another.
pub(super) const LOCK_OWN_IN_ORDER: &str =
    "SELECT table_id FROM table_leases WHERE owner = $2 ORDER BY table_id FOR UPDATE";

/// This process as one node of a service.
#[derive(Debug)]
pub struct Node {
    /// One id per process.
    pub id: String,
    /// Where other nodes reach it (`host:port`).
    pub addr: String,
    /// How long a lease lasts unrenewed.
    pub lease: Duration,
    /// The epoch held of each table this node owns.
    epochs: Mutex<HashMap<String, i64>>,
}

impl Node {
    /// This process as a node reached at `addr`, holding leases for
    /// `lease`. The id is one per process: a server restarted inside one
    /// process (the tests' restarts) takes its own tables back at once.
    pub fn new(addr: String, lease: Duration) -> Node {
        static PROCESS: std::sync::OnceLock<String> = std::sync::OnceLock::new();
        Node {
            id: PROCESS.get_or_init(|| crate::auth::random_hex(8)).clone(),
            addr,
            lease,
            epochs: Mutex::new(HashMap::new()),
        }
    }

    pub(super) fn epochs(&self) -> std::sync::MutexGuard<'_, HashMap<String, i64>> {
        self.epochs.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The epoch held of `table`, if this node owns it.
    pub fn epoch(&self, table: &str) -> Option<i64> {
        self.epochs().get(table).copied()
    }

    /// Forgets a table (it left memory, or was lost).
    pub fn drop_table(&self, table: &str) {
        self.epochs().remove(table);
    }

    /// Holds the tables `fences` created at epoch 1, once their lease rows
    /// are committed; not before, or a renewal running meanwhile would not
    /// find their rows and count them lost (issue #28: under load a
    /// single node refused joins to tables it had just created, "served
    /// by another node now").
    pub(super) fn created(&self, fences: &Fences) {
        let mut epochs = self.epochs();
        for id in &fences.create {
            epochs.insert(id.clone(), 1);
        }
    }

    /// The tables this node owns.
    pub fn owned(&self) -> Vec<String> {
        self.epochs().keys().cloned().collect()
    }

    pub(super) fn lease_ms(&self) -> i64 {
        self.lease.as_millis().min(i64::MAX as u128) as i64
    }
}

/// The table a write belongs to, for the writes a table's own task makes
/// (those the fence guards).
fn fenced_table(write: &Write) -> Option<&str> {
    match write {
        Write::Action { table, .. }
        | Write::Progress { table, .. }
        | Write::TimerStep { table, .. }
        | Write::Status { table, .. }
        | Write::SeatTaken { table, .. }
        | Write::SeatToken { table, .. }
        | Write::DrawOffer { table, .. }
        | Write::Hint { table, .. }
        | Write::Finished { table, .. }
        | Write::DailyFinished { table, .. } => Some(table),
        _ => None,
    }
}

/// What a job must check or claim in its transaction.
#[derive(Debug, Default)]
pub(super) struct Fences {
    /// (table, epoch) that must still be this node's.
    pub check: Vec<(String, i64)>,
    /// New tables whose lease (epoch 1) is inserted with them.
    pub create: Vec<String>,
}

impl Fences {
    /// The fences of several jobs committed in one transaction, in table
    /// id order, each table once.
    pub(super) fn union<'a>(all: impl Iterator<Item = &'a Fences>) -> Fences {
        let mut union = Fences::default();
        for fences in all {
            union.check.extend(fences.check.iter().cloned());
            union.create.extend(fences.create.iter().cloned());
        }
        union.check.sort();
        union.check.dedup();
        union.create.sort();
        union.create.dedup();
        union
    }
}

impl Node {
    /// The fences of `writes`: every table they touch must be held (or be
    /// created by them).
    pub(super) fn fences(&self, writes: &[Write]) -> Result<Fences, StoreError> {
        let mut fences = Fences::default();
        for write in writes {
            if let Write::CreateTable { id, .. } = write {
                fences.create.push(id.clone());
            }
        }
        let epochs = self.epochs();
        for write in writes {
            let Some(table) = fenced_table(write) else {
                continue;
            };
            if fences.create.iter().any(|c| c == table)
                || fences.check.iter().any(|(t, _)| t == table)
            {
                continue;
            }
            match epochs.get(table) {
                Some(&epoch) => fences.check.push((table.to_string(), epoch)),
                None => {
                    return Err(StoreError::Moved {
                        table: table.to_string(),
                    });
                }
            }
        }
        // Locks in one order (the table id's) everywhere: a group commit
        // fencing several tables and a renewal touching every lease of
        // the node would otherwise deadlock each other (PostgreSQL then
        // aborts one: a table's commit refused under load).
        fences.check.sort();
        fences.create.sort();
        Ok(fences)
    }

    /// Runs `fences` in the transaction: refused if any table moved on.
    pub(super) async fn apply_fences(
        &self,
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        fences: &Fences,
    ) -> Result<(), StoreError> {
        for (table, epoch) in &fences.check {
            let done = sqlx::query(FENCE)
                .bind(table.clone())
                .bind(self.id.clone())
                .bind(*epoch)
                .execute(&mut **tx)
                .await?;
            if done.rows_affected() != 1 {
                // Its epoch has passed: another node took it over.
                tracing::debug!(table = %table, epoch, "a fenced write was refused");
                return Err(StoreError::Moved {
                    table: table.clone(),
                });
            }
        }
        for table in &fences.create {
            sqlx::query(AssertSql::sql(format!(
                "INSERT INTO table_leases (table_id, owner, owner_addr, epoch, expires_at) \
                 VALUES ($1, $2, $3, 1, {NOW_MS} + $4)"
            )))
            .bind(table.clone())
            .bind(self.id.clone())
            .bind(self.addr.clone())
            .bind(self.lease_ms())
            .execute(&mut **tx)
            .await?;
        }
        Ok(())
    }
}

/// SQL built from constants only.
pub(super) struct AssertSql;

impl AssertSql {
    pub(super) fn sql(text: String) -> sqlx::AssertSqlSafe<String> {
        sqlx::AssertSqlSafe(text)
    }
}

/// SQLite files held by this process. A process may open its own file
/// again (a restart in a test); another process may not.
static SQLITE_LOCKS: Mutex<Vec<(std::path::PathBuf, std::fs::File)>> = Mutex::new(Vec::new());

/// Takes the lock beside a SQLite file (`<file>.node-lock`), held until
/// the process ends (a killed process lets it go), or refuses: a second
/// node on one SQLite file would fork its tables.
pub fn lock_sqlite(path: &std::path::Path) -> Result<(), StoreError> {
    let lock_path = {
        let mut p = path.as_os_str().to_owned();
        p.push(".node-lock");
        std::path::PathBuf::from(p)
    };
    let mut held = SQLITE_LOCKS.lock().unwrap_or_else(|p| p.into_inner());
    if held.iter().any(|(p, _)| p == &lock_path) {
        return Ok(());
    }
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| StoreError::Failed(format!("cannot open {}: {e}", lock_path.display())))?;
    #[cfg(unix)]
    {
        use rustix::fs::{FlockOperation, flock};
        if flock(&file, FlockOperation::NonBlockingLockExclusive).is_err() {
            return Err(StoreError::Failed(format!(
                "another server already serves {}: a SQLite database serves one node; \
                 to run several nodes, give them all one PostgreSQL database \
                 (--db postgres://…)",
                path.display()
            )));
        }
    }
    held.push((lock_path, file));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{Node, Write};
    use std::time::Duration;

    fn action(table: &str) -> Write {
        Write::Action {
            table: table.into(),
            seq: 0,
            seat: 0,
            at_ms: 0,
            action: "{}".into(),
        }
    }

    #[test]
    fn a_batch_fences_its_tables_in_id_order_each_once() {
        use super::Fences;
        let job = |check: &[&str]| Fences {
            check: check.iter().map(|t| (t.to_string(), 1)).collect(),
            create: Vec::new(),
        };
        let union = Fences::union([job(&["c", "d"]), job(&["a", "d"]), job(&["b"])].iter());
        let order: Vec<&str> = union.check.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(order, ["a", "b", "c", "d"]);
    }

    #[test]
    fn a_node_fences_only_tables_it_holds_and_refuses_the_others() {
        let node = Node::new("127.0.0.1:1".into(), Duration::from_secs(10));
        // A table it does not hold: refused before any SQL, as the kind
        // the table task reads as "moved" (`StoreError::Moved`).
        let refused = node.fences(&[action("elsewhere")]).unwrap_err();
        assert!(refused.is_moved(), "{refused}");
        // A table it creates is held at epoch 1 once committed, and then
        // fenced at it; not before (a renewal meanwhile would count it lost).
        let create = Write::CreateTable {
            id: "mine".into(),
            game: "towers".into(),
            seats: "[]".into(),
            clock: None,
            rated: false,
            header: "{}".into(),
            created_at: 0,
            creator: "here".into(),
        };
        let fences = node.fences(&[create, action("mine")]).unwrap();
        assert_eq!(fences.create, vec!["mine".to_string()]);
        assert!(fences.check.is_empty());
        assert_eq!(node.epoch("mine"), None, "not held before its commit");
        node.created(&fences);
        let fences = node.fences(&[action("mine"), action("mine")]).unwrap();
        assert_eq!(fences.check, vec![("mine".to_string(), 1)]);
        // Lost (another node took it over): refused again.
        node.drop_table("mine");
        assert!(node.fences(&[action("mine")]).is_err());
        // Writes of no table are never fenced.
        let rating = Write::Setting {
            key: "k".into(),
            value: "v".into(),
        };
        assert!(node.fences(&[rating]).unwrap().check.is_empty());
    }
}
