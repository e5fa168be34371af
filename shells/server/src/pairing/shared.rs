//! Quick pairing across nodes (issue #27): the waiting players kept in the
//! `pairing_waits` table every node shares, so two players waiting on
//! different nodes are paired.
//!
//! - The pure logic stays [`super::queue`]: a matching round reads the
//!   waits of every node into a [`Queue`] and asks it for the pairs.
//! - **One matcher at a time**: a round runs in a transaction holding the
//!   PostgreSQL advisory lock [`MATCH_LOCK`] (`pg_try_advisory_xact_lock`:
//!   a node that finds it held skips the round; the holder pairs for
//!   everyone). The paired rows are marked `paired = '{}'` in that same
//!   transaction, so no wait is ever paired twice.
//! - The node that made a pair opens the table and writes each player's
//!   answer into their row (`paired`, the JSON of a [`PairingStatus`]); it
//!   is pushed on the players' sockets over the nodes' bus
//!   (`push.rs`), and served to a client that polls whichever node it
//!   asks. A table that cannot be opened puts both back to waiting.
//! - A single SQLite node keeps the queue in memory ([`super::MemoryQueue`]);
//!   this one also runs over SQLite (without the lock: one node) for the
//!   tests.

use super::queue::{MAX_WAITING, Pool, Queue, Refused, Waiting};
use super::wire::PairingStatus;
use crate::store::{Dialect, Store, StoreError};
use sqlx::Row;

/// The advisory lock key of the matching round (27: the issue).
pub const MATCH_LOCK: i64 = 0x5354_4b59_0027; // "STKY" 27

/// A wait as kept, with its pairing once made.
pub enum Kept {
    /// Waiting (or being seated: `seating`).
    Waiting {
        /// The wait.
        wait: Waiting,
        /// Paired, its table opening.
        seating: bool,
    },
    /// Paired: the player's answer.
    Paired(PairingStatus),
}

/// The shared queue.
pub struct SharedQueue {
    store: Store,
}

fn clock_of(r: &sqlx::any::AnyRow) -> Result<Option<(u64, u64)>, StoreError> {
    let initial: Option<i64> = r.try_get("clock_initial")?;
    let increment: Option<i64> = r.try_get("clock_increment")?;
    Ok(initial
        .zip(increment)
        .map(|(i, n)| (i.max(0) as u64, n.max(0) as u64)))
}

fn wait_of(r: &sqlx::any::AnyRow) -> Result<Waiting, StoreError> {
    Ok(Waiting {
        account: r.try_get("account_id")?,
        name: r.try_get("name")?,
        rating: r.try_get("rating")?,
        pool: Pool {
            game: r.try_get("game")?,
            clock: clock_of(r)?,
        },
        since_ms: r.try_get("since_ms")?,
        seen_ms: r.try_get("seen_ms")?,
    })
}

const COLUMNS: &str =
    "account_id, name, rating, game, clock_initial, clock_increment, since_ms, seen_ms, paired";

impl SharedQueue {
    /// The queue in `store`'s database.
    pub fn new(store: Store) -> SharedQueue {
        SharedQueue { store }
    }

    /// Starts (or keeps) a wait: asking again for the same pool keeps the
    /// place; another pool, or after a pairing, starts afresh.
    pub async fn enter(&self, w: &Waiting) -> Result<Result<(), Refused>, StoreError> {
        let pool = self.store.pool();
        let mine = self.kept(&w.account).await?;
        if let Some(Kept::Waiting { wait, seating }) = &mine
            && (wait.pool == w.pool || *seating)
        {
            self.seen(&w.account, w.seen_ms).await?;
            return Ok(Ok(()));
        }
        if mine.is_none() {
            let count: i64 = sqlx::query("SELECT COUNT(*) AS n FROM pairing_waits")
                .fetch_one(pool)
                .await?
                .try_get("n")?;
            if count >= MAX_WAITING as i64 {
                return Ok(Err(Refused::Full));
            }
        }
        let (initial, increment) = match w.pool.clock {
            Some((i, n)) => (
                Some(i.min(i64::MAX as u64) as i64),
                Some(n.min(i64::MAX as u64) as i64),
            ),
            None => (None, None),
        };
        sqlx::query(
            "INSERT INTO pairing_waits (account_id, name, rating, game, clock_initial, \
             clock_increment, since_ms, seen_ms, paired, paired_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL, NULL) \
             ON CONFLICT (account_id) DO UPDATE SET name = $2, rating = $3, game = $4, \
             clock_initial = $5, clock_increment = $6, since_ms = $7, seen_ms = $8, \
             paired = NULL, paired_at = NULL",
        )
        .bind(w.account.clone())
        .bind(w.name.clone())
        .bind(w.rating)
        .bind(w.pool.game.clone())
        .bind(initial)
        .bind(increment)
        .bind(w.since_ms)
        .bind(w.seen_ms)
        .execute(pool)
        .await?;
        Ok(Ok(()))
    }

    /// Ends an account's wait (or forgets its pairing); whether it had one.
    pub async fn leave(&self, account: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM pairing_waits WHERE account_id = $1")
            .bind(account.to_string())
            .execute(self.store.pool())
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Notes that an account's client asked (or its socket is open).
    pub async fn seen(&self, account: &str, now_ms: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE pairing_waits SET seen_ms = $2 WHERE account_id = $1 AND seen_ms < $2")
            .bind(account.to_string())
            .bind(now_ms)
            .execute(self.store.pool())
            .await?;
        Ok(())
    }

    /// Notes many accounts at once (this node's open sockets).
    pub async fn seen_all(&self, accounts: &[String], now_ms: i64) -> Result<(), StoreError> {
        for chunk in accounts.chunks(200) {
            let marks: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 2)).collect();
            let sql = format!(
                "UPDATE pairing_waits SET seen_ms = $1 WHERE paired IS NULL AND account_id IN ({})",
                marks.join(", ")
            );
            // Audited: the text holds only `$n` placeholders made from
            // indices; every id goes in as a bound value.
            let mut q = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now_ms);
            for a in chunk {
                q = q.bind(a.clone());
            }
            q.execute(self.store.pool()).await?;
        }
        Ok(())
    }

    /// An account's wait or pairing.
    pub async fn kept(&self, account: &str) -> Result<Option<Kept>, StoreError> {
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM pairing_waits WHERE account_id = $1"
        )))
        .bind(account.to_string())
        .fetch_optional(self.store.pool())
        .await?;
        let Some(row) = row else { return Ok(None) };
        let paired: Option<String> = row.try_get("paired")?;
        Ok(Some(match paired {
            None => Kept::Waiting {
                wait: wait_of(&row)?,
                seating: false,
            },
            Some(json) => match serde_json::from_str::<PairingStatus>(&json) {
                Ok(status) => Kept::Paired(status),
                Err(_) => Kept::Waiting {
                    wait: wait_of(&row)?,
                    seating: true,
                },
            },
        }))
    }

    /// One matching round: under the lock, the waits nobody asked about
    /// since `stale_before` and the pairings nobody collected since
    /// `kept_after` end; then every pair that can be made at `now_ms` is
    /// taken (marked being seated). None when another node holds the lock.
    pub async fn take_pairs(
        &self,
        now_ms: i64,
        stale_before: i64,
        kept_after: i64,
    ) -> Result<Vec<(Waiting, Waiting)>, StoreError> {
        let mut tx = self.store.pool().begin().await?;
        if self.store.dialect() == Dialect::Postgres {
            let got: bool = sqlx::query("SELECT pg_try_advisory_xact_lock($1) AS got")
                .bind(MATCH_LOCK)
                .fetch_one(&mut *tx)
                .await?
                .try_get("got")?;
            if !got {
                return Ok(Vec::new());
            }
        }
        sqlx::query(
            "DELETE FROM pairing_waits WHERE (paired IS NULL AND seen_ms < $1) \
             OR (paired IS NOT NULL AND paired_at < $2)",
        )
        .bind(stale_before)
        .bind(kept_after)
        .execute(&mut *tx)
        .await?;
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM pairing_waits WHERE paired IS NULL LIMIT {MAX_WAITING}"
        )))
        .fetch_all(&mut *tx)
        .await?;
        let mut queue = Queue::new();
        for row in &rows {
            let _ = queue.enter(wait_of(row)?);
        }
        let pairs = queue.take_pairs(now_ms);
        for (a, b) in &pairs {
            for w in [a, b] {
                sqlx::query(
                    "UPDATE pairing_waits SET paired = '{}', paired_at = $2 WHERE account_id = $1",
                )
                .bind(w.account.clone())
                .bind(now_ms)
                .execute(&mut *tx)
                .await?;
            }
        }
        tx.commit().await?;
        Ok(pairs)
    }

    /// A pairing's answer for its player, once the table is open.
    pub async fn paired(
        &self,
        account: &str,
        status: &PairingStatus,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        let json = serde_json::to_string(status).map_err(|e| StoreError::Failed(e.to_string()))?;
        sqlx::query("UPDATE pairing_waits SET paired = $2, paired_at = $3 WHERE account_id = $1")
            .bind(account.to_string())
            .bind(json)
            .bind(now_ms)
            .execute(self.store.pool())
            .await?;
        Ok(())
    }

    /// Back to waiting (its table could not be opened), in its place.
    pub async fn unpair(&self, account: &str) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE pairing_waits SET paired = NULL, paired_at = NULL WHERE account_id = $1",
        )
        .bind(account.to_string())
        .execute(self.store.pool())
        .await?;
        Ok(())
    }
}
