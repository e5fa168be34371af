//! The one writer: whatever has arrived since its last commit (from any
//! number of tables) goes in one transaction.

use super::error::StoreError;
use super::node::{Fences, Node};
use super::write::Write;
use sqlx::pool::PoolConnection;
use sqlx::{AnyConnection, AnyPool, Connection};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::OnceLock;
use std::time::Instant;
use tokio::sync::{mpsc, oneshot};

/// Writes waiting for the writer, and who to answer.
pub(super) struct Job {
    /// What to commit.
    pub writes: Vec<Write>,
    /// The leases its tables must still be held under (several nodes).
    pub fences: Fences,
    /// Who is told when it is durable (or failed).
    pub done: oneshot::Sender<Result<(), StoreError>>,
}

/// The one writer: batches whatever is waiting into one transaction.
pub(super) async fn write_loop(
    pool: AnyPool,
    mut jobs: mpsc::UnboundedReceiver<Job>,
    node: Option<Arc<Node>>,
) {
    let node = node.as_deref();
    const MAX_BATCH: usize = 4096;
    // The writer keeps one connection: taking one from the pool for each
    // batch would check its health (a round trip) every time. A failed
    // commit gives it back, and the next batch takes a fresh one.
    let mut writer: Option<PoolConnection<sqlx::Any>> = None;
    while let Some(first) = jobs.recv().await {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let started = Instant::now();
        let writes: usize = batch.iter().map(|j| j.writes.len()).sum();
        let result = match writer.take() {
            Some(conn) => Ok(conn),
            None => pool.acquire().await.map_err(StoreError::from),
        };
        let result = match result {
            Ok(mut conn) => {
                let r = commit_batch(&mut conn, &batch, node).await;
                if r.is_ok() {
                    writer = Some(conn);
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
                    let r = match pool.acquire().await {
                        Ok(mut conn) => {
                            commit_batch(&mut conn, std::slice::from_ref(&job), node).await
                        }
                        Err(e) => Err(e.into()),
                    };
                    if let (Ok(()), Some(node)) = (&r, node) {
                        node.created(&job.fences);
                    }
                    let _ = job.done.send(r);
                }
            }
            Err(e) => {
                tracing::error!(error = %e, "commit failed");
                for job in batch {
                    let _ = job.done.send(Err(e.clone()));
                }
            }
        }
    }
}

/// Commits a batch in one transaction. Each statement is a round trip to
/// the database (for SQLite, to its worker thread, which on a busy machine
/// waits for a core each time), so the batch's actions go in a few
/// multi-row inserts, and of the timer progress of a table only the
/// latest is written. Actions are inserted after the other writes: none of
/// those reads them, and a table's row exists before its actions do.
///
/// With several nodes, each job's tables are fenced first, in the same
/// transaction (`leases.rs`): a table another node took over refuses the
/// batch (which is then retried job by job, so only that table's fails).
async fn commit_batch(
    conn: &mut AnyConnection,
    batch: &[Job],
    node: Option<&Node>,
) -> Result<(), StoreError> {
    let writes = || batch.iter().flat_map(|job| job.writes.iter());
    let mut latest_progress: HashMap<&str, usize> = HashMap::new();
    for (i, write) in writes().enumerate() {
        if let Write::Progress { table, .. } = write {
            latest_progress.insert(table, i);
        }
    }
    let mut tx = conn.begin().await?;
    if let Some(node) = node {
        // One sorted set for the whole batch: jobs fenced one after the
        // other would lock lease rows out of table id order, and deadlock
        // with a renewal (which locks them in order).
        let fences = Fences::union(batch.iter().map(|job| &job.fences));
        node.apply_fences(&mut tx, &fences).await?;
    }
    let mut actions = Vec::new();
    for (i, write) in writes().enumerate() {
        match write {
            Write::Action { .. } => actions.push(write),
            Write::Progress { table, .. } if latest_progress.get(table.as_str()) != Some(&i) => {}
            _ => apply(&mut tx, write).await?,
        }
    }
    insert_actions(&mut tx, &actions).await?;
    tx.commit().await?;
    Ok(())
}

/// Rows per multi-row insert of actions: a few fixed sizes, so that a
/// handful of prepared statements serve every batch.
const ACTION_ROWS: [usize; 7] = [64, 32, 16, 8, 4, 2, 1];

/// `INSERT INTO actions ... VALUES (...), ...` with `rows` rows.
fn action_insert(rows: usize) -> &'static str {
    static SQL: OnceLock<Vec<String>> = OnceLock::new();
    let sql = SQL.get_or_init(|| {
        ACTION_ROWS
            .iter()
            .map(|&n| {
                let rows: Vec<String> = (0..n)
                    .map(|r| {
                        let p = r * 5;
                        format!(
                            "(${}, ${}, ${}, ${}, ${})",
                            p + 1,
                            p + 2,
                            p + 3,
                            p + 4,
                            p + 5
                        )
                    })
                    .collect();
                format!(
                    "INSERT INTO actions (table_id, seq, seat, at_ms, action) VALUES {}",
                    rows.join(", ")
                )
            })
            .collect()
    });
    let i = ACTION_ROWS
        .iter()
        .position(|&n| n == rows)
        .unwrap_or(ACTION_ROWS.len() - 1);
    sql[i].as_str()
}

async fn insert_actions(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    actions: &[&Write],
) -> Result<(), StoreError> {
    let mut rest = actions;
    while !rest.is_empty() {
        let rows = ACTION_ROWS
            .iter()
            .copied()
            .find(|&n| n <= rest.len())
            .unwrap_or(1);
        let (chunk, tail) = rest.split_at(rows);
        let mut query = sqlx::query(action_insert(rows));
        for write in chunk {
            if let Write::Action {
                table,
                seq,
                seat,
                at_ms,
                action,
            } = write
            {
                query = query
                    .bind(table.clone())
                    .bind(*seq)
                    .bind(*seat)
                    .bind(*at_ms)
                    .bind(action.clone());
            }
        }
        query.execute(&mut **tx).await?;
        rest = tail;
    }
    Ok(())
}

async fn apply(tx: &mut sqlx::Transaction<'_, sqlx::Any>, write: &Write) -> Result<(), StoreError> {
    let conn = &mut **tx;
    match write.clone() {
        Write::CreateTable {
            id,
            game,
            seats,
            clock,
            rated,
            header,
            created_at,
            creator,
        } => {
            sqlx::query(
                "INSERT INTO game_tables (id, game, seats, clock, rated, header, created_at, creator, status) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'open')",
            )
            .bind(id)
            .bind(game)
            .bind(seats)
            .bind(clock)
            .bind(rated as i64)
            .bind(header)
            .bind(created_at)
            .bind(creator)
            .execute(conn)
            .await?;
        }
        Write::SeatTaken {
            table,
            seat,
            token_hash,
            name,
            account,
        } => {
            sqlx::query(
                "INSERT INTO seat_holders (table_id, seat, token_hash, name, account_id) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(table)
            .bind(seat)
            .bind(token_hash)
            .bind(name)
            .bind(account)
            .execute(conn)
            .await?;
        }
        Write::SeatToken {
            table,
            seat,
            token_hash,
        } => {
            sqlx::query(
                "UPDATE seat_holders SET token_hash = $1 WHERE table_id = $2 AND seat = $3",
            )
            .bind(token_hash)
            .bind(table)
            .bind(seat)
            .execute(conn)
            .await?;
        }
        Write::Status { table, status } => {
            sqlx::query("UPDATE game_tables SET status = $1 WHERE id = $2")
                .bind(status)
                .bind(table)
                .execute(conn)
                .await?;
        }
        Write::Action {
            table,
            seq,
            seat,
            at_ms,
            action,
        } => {
            sqlx::query(
                "INSERT INTO actions (table_id, seq, seat, at_ms, action) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(table)
            .bind(seq)
            .bind(seat)
            .bind(at_ms)
            .bind(action)
            .execute(conn)
            .await?;
        }
        Write::Progress { table, end_ms } => {
            sqlx::query("UPDATE game_tables SET end_ms = $1 WHERE id = $2")
                .bind(end_ms)
                .bind(table)
                .execute(conn)
                .await?;
        }
        Write::Finished {
            table,
            record,
            outcome,
            ending,
            finished_at,
            final_state,
        } => {
            sqlx::query(
                "UPDATE game_tables SET status = 'finished', record = $1, outcome = $2, ending = $3, \
                 finished_at = $4, final_state = $5 WHERE id = $6",
            )
            .bind(record)
            .bind(outcome)
            .bind(ending)
            .bind(finished_at)
            .bind(final_state)
            .bind(table)
            .execute(conn)
            .await?;
        }
        Write::FinalState { table, final_state } => {
            sqlx::query("UPDATE game_tables SET final_state = $1 WHERE id = $2")
                .bind(final_state)
                .bind(table)
                .execute(conn)
                .await?;
        }
        Write::Rating {
            game,
            name,
            rating,
            deviation,
            volatility,
            games,
        } => {
            sqlx::query(
                "INSERT INTO ratings (game, name, rating, deviation, volatility, games) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game, name) DO UPDATE SET \
                 rating = excluded.rating, deviation = excluded.deviation, \
                 volatility = excluded.volatility, games = excluded.games",
            )
            .bind(game)
            .bind(name)
            .bind(rating)
            .bind(deviation)
            .bind(volatility)
            .bind(games)
            .execute(conn)
            .await?;
        }
        Write::RatingHistory {
            game,
            account,
            table,
            before,
            after,
            deviation,
            at_ms,
        } => {
            sqlx::query(
                "INSERT INTO rating_history (game, account_id, table_id, rating_before, \
                 rating_after, deviation, at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7) \
                 ON CONFLICT (game, account_id, table_id) DO NOTHING",
            )
            .bind(game)
            .bind(account)
            .bind(table)
            .bind(before)
            .bind(after)
            .bind(deviation)
            .bind(at_ms)
            .execute(conn)
            .await?;
        }
        Write::Setting { key, value } => {
            sqlx::query(
                "INSERT INTO settings_kv (key, value) VALUES ($1, $2) \
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            )
            .bind(key)
            .bind(value)
            .execute(conn)
            .await?;
        }
        Write::DrawOffer { table, seat } => {
            sqlx::query("UPDATE game_tables SET draw_offer = $1 WHERE id = $2")
                .bind(seat)
                .bind(table)
                .execute(conn)
                .await?;
        }
        Write::Hint { table, seat } => {
            sqlx::query(
                "UPDATE seat_holders SET hints = hints + 1 WHERE table_id = $1 AND seat = $2",
            )
            .bind(table)
            .bind(seat)
            .execute(conn)
            .await?;
        }
        Write::TimerStep {
            table,
            version,
            after_actions,
            at_ms,
        } => {
            sqlx::query(
                "INSERT INTO timer_steps (table_id, version, after_actions, at_ms) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(table)
            .bind(version)
            .bind(after_actions)
            .bind(at_ms)
            .execute(conn)
            .await?;
        }
        Write::DailyStarted {
            game,
            day,
            name,
            table,
            started_at,
        } => {
            // issue #29: one attempt per person, known by their name's key.
            let name_key = crate::names::key(&name);
            sqlx::query(
                "INSERT INTO daily_entries (game, day, name, table_id, started_at, name_key) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(game)
            .bind(day)
            .bind(name)
            .bind(table)
            .bind(started_at)
            .bind(name_key)
            .execute(conn)
            .await?;
        }
        Write::DailyFinished {
            table,
            score,
            won,
            time_ms,
            hints,
            ending,
            finished_at,
        } => {
            sqlx::query(
                "UPDATE daily_entries SET finished = 1, score = $1, won = $2, time_ms = $3, \
                 hints = $4, ending = $5, finished_at = $6 WHERE table_id = $7",
            )
            .bind(score)
            .bind(won as i64)
            .bind(time_ms)
            .bind(hints)
            .bind(ending)
            .bind(finished_at)
            .bind(table)
            .execute(conn)
            .await?;
        }
    }
    Ok(())
}
