//! The one writer: whatever has arrived since its last commit (from any
//! number of tables) goes in one transaction.

use super::error::StoreError;
use super::node::{Fences, Node};
use super::schema::Dialect;
use super::statements::{Script, Statement, action_inserts, bind, statement};
use super::write::Write;
use sqlx::pool::PoolConnection;
use sqlx::{AnyConnection, AnyPool, Connection};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::{mpsc, oneshot};

/// Writes waiting for the writer, and who to answer.
pub(super) struct Job {
    /// What to commit.
    pub writes: Vec<Write>,
    /// The leases its tables must still be held under (several nodes).
    pub fences: Fences,
    /// The table's line of commits, when it keeps several in flight.
    pub line: Option<CommitLine>,
    /// Who is told when it is durable (or failed).
    pub done: oneshot::Sender<Result<(), StoreError>>,
}

/// The one writer: batches whatever is waiting into one transaction.
pub(super) async fn write_loop(
    pool: AnyPool,
    mut jobs: mpsc::UnboundedReceiver<Job>,
    node: Option<Arc<Node>>,
    dialect: Dialect,
) {
    let node = node.as_deref();
    const MAX_BATCH: usize = 4096;
    // The writer keeps one connection: taking one from the pool for each
    // batch would check its health (a round trip) every time. A failed
    // commit closes it (it may be mid-transaction), and the next batch
    // takes a fresh one.
    let mut writer: Option<PoolConnection<sqlx::Any>> = None;
    while let Some(first) = jobs.recv().await {
        let mut batch = Vec::new();
        let mut next = Some(first);
        while let Some(job) = next {
            if job.line.as_ref().is_some_and(CommitLine::broken) {
                let _ = job.done.send(Err(after_failure()));
            } else {
                batch.push(job);
            }
            next = if batch.len() < MAX_BATCH {
                jobs.try_recv().ok()
            } else {
                None
            };
        }
        if batch.is_empty() {
            continue;
        }
        let started = Instant::now();
        let writes: usize = batch.iter().map(|j| j.writes.len()).sum();
        let result = match writer.take() {
            Some(conn) => Ok(conn),
            None => pool.acquire().await.map_err(StoreError::from),
        };
        let result = match result {
            Ok(mut conn) => {
                let r = commit_batch(&mut conn, &batch, node, dialect).await;
                if r.is_ok() {
                    writer = Some(conn);
                } else {
                    let _ = conn.close().await;
                }
                r
            }
            Err(e) => Err(e),
        };
        metrics::histogram!("stackyard_commit_batch_jobs").record(batch.len() as f64);
        metrics::histogram!("stackyard_commit_batch_writes").record(writes as f64);
        metrics::histogram!("stackyard_commit_seconds").record(started.elapsed().as_secs_f64());
        match result {
            Ok(()) => {
                for job in batch {
                    if let Some(node) = node {
                        node.created(&job.fences);
                    }
                    let _ = job.done.send(Ok(()));
                }
            }
            Err(e) if batch.len() > 1 => {
                // One bad job must not sink the others: retry one by one.
                tracing::warn!(error = %e, jobs = batch.len(), "batch commit failed; retrying singly");
                for job in batch {
                    if job.line.as_ref().is_some_and(CommitLine::broken) {
                        let _ = job.done.send(Err(after_failure()));
                        continue;
                    }
                    let r = match pool.acquire().await {
                        Ok(mut conn) => {
                            let r =
                                commit_batch(&mut conn, std::slice::from_ref(&job), node, dialect)
                                    .await;
                            if r.is_err() {
                                let _ = conn.close().await;
                            }
                            r
                        }
                        Err(e) => Err(e.into()),
                    };
                    if let (Ok(()), Some(node)) = (&r, node) {
                        node.created(&job.fences);
                    }
                    if let (Err(_), Some(line)) = (&r, &job.line) {
                        line.break_off();
                    }
                    let _ = job.done.send(r);
                }
            }
            Err(e) => {
                tracing::error!(error = %e, "commit failed");
                for job in batch {
                    if let Some(line) = &job.line {
                        line.break_off();
                    }
                    let _ = job.done.send(Err(e.clone()));
                }
            }
        }
    }
}

/// The answer to a job of a line whose earlier commit failed.
fn after_failure() -> StoreError {
    StoreError::EarlierFailed
}

/// Commits a batch in one transaction. Actions go in a few multi-row
/// inserts, after the other writes (none of those reads them, and a
/// table's row exists before its actions do); of the timer progress of a
/// table only the latest is written. To SQLite the whole batch, its
/// `BEGIN` and `COMMIT` included, is one script: one hand-off to its
/// thread (`statements.rs` says why).
///
/// With several nodes, each job's tables are fenced first, in the same
/// transaction (`leases.rs`): a table another node took over refuses the
/// batch (which is then retried job by job, so only that table's fails).
async fn commit_batch(
    conn: &mut AnyConnection,
    batch: &[Job],
    node: Option<&Node>,
    dialect: Dialect,
) -> Result<(), StoreError> {
    let writes: Vec<&Write> = batch.iter().flat_map(|job| job.writes.iter()).collect();
    let mut latest_progress: HashMap<&str, usize> = HashMap::new();
    for (i, write) in writes.iter().enumerate() {
        if let Write::Progress { table, .. } = write {
            latest_progress.insert(table, i);
        }
    }
    let mut statements: Vec<Statement> = Vec::with_capacity(writes.len());
    for (i, write) in writes.iter().enumerate() {
        match write {
            Write::Action { .. } => {}
            Write::Progress { table, .. } if latest_progress.get(table.as_str()) != Some(&i) => {}
            _ => statements.push(statement(write)),
        }
    }
    statements.extend(action_inserts(&writes));
    match dialect {
        Dialect::Sqlite => {
            // The transaction is in the script too: one hand-off in all.
            // Should a statement fail, SQLite keeps the transaction open;
            // the ROLLBACK ends it, and the writer closes the connection
            // rather than hand it back to the pool (`write_loop`).
            let mut script = Script::default();
            script.push(Statement::plain("BEGIN IMMEDIATE"));
            for s in statements {
                script.push(s);
            }
            script.push(Statement::plain("COMMIT"));
            // Not kept prepared: no two batches' scripts are alike. Safe
            // SQL: only our statements' text, every value an argument.
            let sql = sqlx::AssertSqlSafe(script.sql);
            let done = bind(sqlx::query(sql).persistent(false), script.args)
                .execute(&mut *conn)
                .await;
            if let Err(e) = done {
                let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
                return Err(e.into());
            }
        }
        Dialect::Postgres => {
            let mut tx = conn.begin().await?;
            if let Some(node) = node {
                // One sorted set for the whole batch: jobs fenced one after
                // the other would lock lease rows out of table id order, and
                // deadlock with a renewal (which locks them in order).
                let fences = Fences::union(batch.iter().map(|job| &job.fences));
                node.apply_fences(&mut tx, &fences).await?;
            }
            for s in statements {
                bind(sqlx::query(s.sql), s.args).execute(&mut *tx).await?;
            }
            tx.commit().await?;
        }
    }
    Ok(())
}

/// One table's commits in the order it made them. The writer answers a
/// line's jobs in order, and once one of them has failed it writes none
/// after it: a table whose step was not stored never has a later step
/// stored (its record would have a hole), though it had handed both over
/// before it heard of the failure.
#[derive(Clone, Default)]
pub struct CommitLine(std::sync::Arc<std::sync::atomic::AtomicBool>);

impl CommitLine {
    /// Whether a commit of this line has failed.
    pub(super) fn broken(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::Acquire)
    }

    pub(super) fn break_off(&self) {
        self.0.store(true, std::sync::atomic::Ordering::Release);
    }
}
