//! Storage through sqlx: SQLite (WAL, synchronous flushes) by default,
//! PostgreSQL for `postgres://` URLs, one schema folder per dialect.
//!
//! Every write goes through one writer task. It takes everything that has
//! arrived since its last commit (from any number of tables) and commits it
//! in one transaction, then answers each caller: durability costs one flush
//! per batch, not one per action. Callers acknowledge nothing before their
//! commit has answered.

//!
//! By concern: `schema` (which database, its migrations), `write` (the
//! kinds of change), `statements` (the SQL each change is), `writer`
//! (the one writer and its batches), `checkpoint` (SQLite's checkpoints,
//! off the writer's path), `tables` (tables as stored, live and
//! finished), `ratings` (ratings and settings), `features` (hints, timer steps, daily deals), `node` (this
//! process as one node of several, and the fences of its commits, issue
//! #28), `leases` (which node owns which table), `mirror` (what a mirror
//! of another node's table reads), `error` (a storage failure). This file
//! holds the `Store` itself and uses only the files below it; the files
//! that add to `Store` import it from here, and nothing here imports them.

mod checkpoint;
mod error;
mod features;
mod leases;
mod mirror;
mod node;
mod ratings;
mod schema;
mod statements;
mod tables;
mod write;
mod writer;

pub use error::StoreError;
pub use features::{DailyRow, TimerStepRow};
pub use leases::Owner;
pub use mirror::{ACTIONS_PER_READ, StoredAction, TableProgress};
pub use node::{Node, lock_sqlite};
pub use ratings::RatingRow;
pub use schema::{Dialect, database_url, database_url_to_read};
pub use tables::{
    ArchivedTable, FINISHED_WHERE, FinishedFilter, FinishedTable, HolderRow, StoredTable,
};
pub use write::Write;
pub use writer::CommitLine;

use node::Fences;
use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;
use tokio::sync::{mpsc, oneshot};
use writer::Job;

/// The database and its one writer.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    dialect: Dialect,
    writer: mpsc::UnboundedSender<Job>,
    /// This process as one node of several (PostgreSQL), if it is.
    node: Option<std::sync::Arc<Node>>,
}

impl Store {
    /// Opens (creating if need be) the database at `db` and starts its
    /// writer.
    pub async fn open(db: &str) -> Result<Store, StoreError> {
        Store::open_as(db, None).await
    }

    /// Opens the database as `node`, one of several nodes over one
    /// PostgreSQL (issue #28): every write of a table is fenced by the
    /// lease the node holds. A SQLite file serves one process only.
    pub async fn open_as(db: &str, node: Option<Node>) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let (url, dialect) = database_url(db)?;
        let node = match dialect {
            Dialect::Sqlite => {
                let path = url
                    .strip_prefix("sqlite://")
                    .unwrap_or(&url)
                    .split('?')
                    .next()
                    .unwrap_or_default();
                lock_sqlite(std::path::Path::new(path))?;
                None
            }
            Dialect::Postgres => node.map(std::sync::Arc::new),
        };
        let pool = AnyPoolOptions::new()
            .max_connections(if dialect == Dialect::Sqlite { 4 } else { 8 })
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if dialect == Dialect::Sqlite {
                        // Every commit is flushed before it is acknowledged.
                        sqlx::query("PRAGMA synchronous = FULL")
                            .execute(&mut *conn)
                            .await?;
                        sqlx::query("PRAGMA busy_timeout = 10000")
                            .execute(&mut *conn)
                            .await?;
                        // Checkpoints are the checkpointer's, never a
                        // commit's (`checkpoint.rs`).
                        sqlx::query("PRAGMA wal_autocheckpoint = 0")
                            .execute(&mut *conn)
                            .await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await?;
        if dialect == Dialect::Sqlite {
            sqlx::query("PRAGMA journal_mode = WAL")
                .execute(&pool)
                .await?;
        }
        schema::migrator(dialect)
            .run(&pool)
            .await
            .map_err(|e| StoreError::Failed(format!("migrating the schema: {e}")))?;
        let (writer, jobs) = mpsc::unbounded_channel();
        tokio::spawn(writer::write_loop(
            pool.clone(),
            jobs,
            node.clone(),
            dialect,
        ));
        if dialect == Dialect::Sqlite {
            tokio::spawn(checkpoint::checkpoint_loop(
                pool.clone(),
                writer.downgrade(),
            ));
        }
        Ok(Store {
            pool,
            dialect,
            writer,
            node,
        })
    }

    /// Which SQL this store speaks.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The pool, for the accounts module's own queries (issue #27): account
    /// and session rows are written directly, outside the table writer.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Commits `writes` together (and with whatever else arrived at the
    /// same time); returns once they are durable.
    pub async fn commit(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        if writes.is_empty() {
            return Ok(());
        }
        self.send(writes, None)?
            .await
            .map_err(|_| StoreError::WriterGone)?
    }

    /// Hands `writes` to the writer behind the earlier writes of `line`
    /// without waiting: the answer comes on the receiver once they are
    /// durable. A table keeps several commits in flight this way; once one
    /// of a line fails, every later one fails unwritten (`CommitLine`).
    pub fn commit_in_line(
        &self,
        writes: Vec<Write>,
        line: &CommitLine,
    ) -> Result<oneshot::Receiver<Result<(), StoreError>>, StoreError> {
        self.send(writes, Some(line.clone()))
    }

    fn send(
        &self,
        writes: Vec<Write>,
        line: Option<CommitLine>,
    ) -> Result<oneshot::Receiver<Result<(), StoreError>>, StoreError> {
        let fences = match &self.node {
            Some(node) => node.fences(&writes)?,
            None => Fences::default(),
        };
        let (done, answer) = oneshot::channel();
        self.writer
            .send(Job {
                writes,
                fences,
                line,
                done,
            })
            .map_err(|_| StoreError::WriterGone)?;
        Ok(answer)
    }
}
