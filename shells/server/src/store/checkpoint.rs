//! SQLite's checkpoints, off the writer's path.
//!
//! In WAL mode every commit appends to the log, and by default the commit
//! that takes the log past 1 000 pages also copies the log back into the
//! database file and flushes it (a checkpoint). That commit then takes
//! several times as long as the others, and every action in its batch and
//! in the batches queued behind it waits for it: under load those waits
//! were the slowest acknowledgements (`docs/benchmarks.md`). So the
//! writer's connections never checkpoint (`wal_autocheckpoint = 0`, set
//! on every connection of the pool), and this task does it on a
//! connection of its own: a PASSIVE checkpoint, which never blocks the
//! writer, every [`INTERVAL`]. Should commits keep coming so that the log
//! is never wholly copied back (SQLite restarts the log only once it is),
//! a log past [`LOG_LIMIT`] frames is copied back and restarted with a
//! RESTART checkpoint, which waits for the writer's transaction in hand.

use super::writer::Job;
use sqlx::AnyPool;
use std::time::Duration;
use tokio::sync::mpsc::WeakUnboundedSender;

/// How often the log is copied back.
pub(super) const INTERVAL: Duration = Duration::from_millis(500);

/// Log frames (pages, 4 KiB each) past which a checkpoint may make the
/// writer wait, so that the log cannot grow without bound.
pub(super) const LOG_LIMIT: i64 = 16_000;

/// Checkpoints the database every [`INTERVAL`] until the store's writer
/// has stopped (every `Store` dropped).
pub(super) async fn checkpoint_loop(pool: AnyPool, writer: WeakUnboundedSender<Job>) {
    let mut ticks = tokio::time::interval(INTERVAL);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        if writer.upgrade().is_none() || pool.is_closed() {
            return;
        }
        let log = match checkpoint(&pool, "PRAGMA wal_checkpoint(PASSIVE)").await {
            Ok(log) => log,
            Err(e) => {
                tracing::warn!(error = %e, "a passive checkpoint failed");
                continue;
            }
        };
        if log > LOG_LIMIT
            && let Err(e) = checkpoint(&pool, "PRAGMA wal_checkpoint(RESTART)").await
        {
            tracing::warn!(error = %e, log, "a restarting checkpoint failed");
        }
    }
}

/// Runs one checkpoint (`sql`, a `wal_checkpoint` pragma); returns the
/// frames the log held.
async fn checkpoint(pool: &AnyPool, sql: &'static str) -> Result<i64, sqlx::Error> {
    let started = std::time::Instant::now();
    let (_busy, log, _copied): (i64, i64, i64) = sqlx::query_as(sql).fetch_one(pool).await?;
    metrics::histogram!("stackyard_checkpoint_seconds").record(started.elapsed().as_secs_f64());
    Ok(log)
}
