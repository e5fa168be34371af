//! Leases of live tables over one PostgreSQL (issue #28): taking a table,
//! renewing what this node holds, who owns a table, and giving leases
//! up. What a lease is and how commits are fenced under it: `node.rs`.

use super::Store;
use super::error::StoreError;
use super::node::{AssertSql, LOCK_OWN_IN_ORDER, NOW_MS, Node};
use sqlx::Row;
use std::collections::HashMap;

/// Who owns a table, as the database says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Owner {
    /// The owner's node id.
    pub node: String,
    /// Where it is reached.
    pub addr: String,
    /// Whether its lease has lapsed (anybody may take the table over).
    pub lapsed: bool,
    /// Whether the table is finished (served from the store by any node).
    pub finished: bool,
}

/// Lease operations (PostgreSQL, a store opened as a node).
impl Store {
    /// This store's node, when it is one of several.
    pub fn node(&self) -> Option<&Node> {
        self.node.as_deref()
    }

    fn need_node(&self) -> Result<&Node, StoreError> {
        self.node()
            .ok_or_else(|| StoreError::Failed("this store is not a node of a service".into()))
    }

    /// Renews every lease this node holds; answers the tables it has lost
    /// (another node took them over while this one was stalled).
    pub async fn renew_leases(&self) -> Result<Vec<String>, StoreError> {
        let node = self.need_node()?;
        // Only tables held before the update can be lost by it: one taken
        // or created meanwhile may not be in what the update saw.
        let before = node.epochs().clone();
        let rows = sqlx::query(AssertSql::sql(format!(
            "UPDATE table_leases SET expires_at = {NOW_MS} + $1 WHERE owner = $2 \
             AND table_id IN ({LOCK_OWN_IN_ORDER}) RETURNING table_id, epoch"
        )))
        .bind(node.lease_ms())
        .bind(node.id.clone())
        .fetch_all(&self.pool)
        .await?;
        let mut held = HashMap::new();
        for row in rows {
            let id: String = row.try_get("table_id")?;
            let epoch: i64 = row.try_get("epoch")?;
            held.insert(id, epoch);
        }
        let mut epochs = node.epochs();
        let lost: Vec<String> = before
            .into_iter()
            .filter(|(id, epoch)| held.get(id) != Some(epoch) && epochs.get(id) == Some(epoch))
            .map(|(id, _)| id)
            .collect();
        for id in &lost {
            epochs.remove(id);
        }
        Ok(lost)
    }

    /// Takes `table` over if nobody else holds a live lease on it (no row,
    /// a lapsed one, or one of this process): a new epoch, owned by this
    /// node (an older store of this process, a server restarted in a test,
    /// is fenced off by the new epoch). Answers whether it did.
    pub async fn acquire(&self, table: &str) -> Result<bool, StoreError> {
        let node = self.need_node()?;
        let row = sqlx::query(AssertSql::sql(format!(
            "INSERT INTO table_leases (table_id, owner, owner_addr, epoch, expires_at) \
             VALUES ($1, $2, $3, 1, {NOW_MS} + $4) \
             ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, \
             owner_addr = excluded.owner_addr, epoch = table_leases.epoch + 1, \
             expires_at = excluded.expires_at \
             WHERE table_leases.expires_at < {NOW_MS} OR table_leases.owner = excluded.owner \
             RETURNING epoch"
        )))
        .bind(table.to_string())
        .bind(node.id.clone())
        .bind(node.addr.clone())
        .bind(node.lease_ms())
        .fetch_optional(&self.pool)
        .await?;
        match row {
            Some(row) => {
                let epoch: i64 = row.try_get("epoch")?;
                node.epochs().insert(table.to_string(), epoch);
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Who owns `table`, if anybody ever did.
    pub async fn owner(&self, table: &str) -> Result<Option<Owner>, StoreError> {
        let row = sqlx::query(AssertSql::sql(format!(
            "SELECT l.owner, l.owner_addr, (l.expires_at < {NOW_MS}) AS lapsed, \
             (g.status = 'finished') AS finished FROM table_leases l \
             JOIN game_tables g ON g.id = l.table_id WHERE l.table_id = $1"
        )))
        .bind(table.to_string())
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| {
            Ok(Owner {
                node: row.try_get("owner")?,
                addr: row.try_get("owner_addr")?,
                lapsed: row.try_get("lapsed")?,
                finished: row.try_get("finished")?,
            })
        })
        .transpose()
    }

    /// Whether `table` exists and is not finished.
    pub async fn is_live(&self, table: &str) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT status FROM game_tables WHERE id = $1")
            .bind(table.to_string())
            .fetch_optional(&self.pool)
            .await?;
        match row {
            Some(row) => Ok(row.try_get::<String, _>("status")? != "finished"),
            None => Ok(false),
        }
    }

    /// Unfinished tables whose lease has lapsed (or that never had one),
    /// at most `limit`: those a node should take over.
    pub async fn orphans(&self, limit: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(AssertSql::sql(format!(
            "SELECT g.id FROM game_tables g LEFT JOIN table_leases l ON l.table_id = g.id \
             WHERE g.status <> 'finished' AND (l.table_id IS NULL OR l.expires_at < {NOW_MS}) \
             ORDER BY g.created_at, g.id LIMIT $1"
        )))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter().map(|r| Ok(r.try_get("id")?)).collect()
    }

    /// Drops this node's lease row of a finished table (it left memory):
    /// renewals touch only live tables.
    pub async fn release_finished(&self, table: &str) -> Result<(), StoreError> {
        let node = self.need_node()?;
        sqlx::query(
            "DELETE FROM table_leases WHERE table_id = $1 AND owner = $2 AND EXISTS \
             (SELECT 1 FROM game_tables g WHERE g.id = $1 AND g.status = 'finished')",
        )
        .bind(table.to_string())
        .bind(node.id.clone())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The secret the nodes of a service share (made by the first node):
    /// a node proves with it that a relayed request's client address is
    /// its own word (`shells/server/src/cluster/relay.rs`). It lives only
    /// in the database, which every node may read and no client may.
    pub async fn cluster_secret(&self) -> Result<String, StoreError> {
        sqlx::query(
            "INSERT INTO settings_kv (key, value) VALUES ('cluster_secret', $1) \
             ON CONFLICT (key) DO NOTHING",
        )
        .bind(crate::auth::random_hex(32))
        .execute(&self.pool)
        .await?;
        self.setting("cluster_secret")
            .await?
            .ok_or_else(|| StoreError::Failed("the nodes' shared secret was not kept".into()))
    }

    /// Lets every lease of this node lapse now (a node stopping): the
    /// others take its tables over at once.
    pub async fn release_leases(&self) -> Result<(), StoreError> {
        let node = self.need_node()?;
        sqlx::query(AssertSql::sql(format!(
            "UPDATE table_leases SET expires_at = 0 WHERE owner = $1 \
             AND table_id IN ({})",
            LOCK_OWN_IN_ORDER.replace("$2", "$1")
        )))
        .bind(node.id.clone())
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
