//! Finished tables once they have left memory, as the hub finds them: from
//! the cache or the store (a table finished before its last state was
//! stored is replayed once and the state stored), for hellos, summaries
//! and the listing. `shells/server/src/tables/archive.rs` holds what is
//! stored and answers the hellos.

use super::archive::{Archived, FinalState, serve};
use super::commands::TableHandle;
use super::hub::Hub;
use crate::protocol::{ApiError, ErrorKind, TableSummary};
use crate::store::Write;
use stackyard_core::{Ending, ErasedRecord};
use std::sync::{Arc, RwLock};
use tokio::sync::mpsc;

fn storage(e: impl std::fmt::Display) -> ApiError {
    ApiError::new(ErrorKind::Storage, e.to_string())
}

impl Hub {
    /// A finished table out of memory, from the cache or the store.
    pub(super) async fn archived(
        self: &Arc<Self>,
        id: &str,
    ) -> Result<Option<Arc<Archived>>, ApiError> {
        if let Ok(mut cache) = self.archive.lock()
            && let Some(found) = cache.get(id)
        {
            return Ok(Some(found.clone()));
        }
        let Some(stored) = self.store.archived(id).await.map_err(storage)? else {
            return Ok(None);
        };
        let state = match stored.final_state {
            Some(text) => serde_json::from_str(&text)
                .map_err(|e| storage(format!("table {id}: bad final state: {e}")))?,
            None => self.work_out_final_state(stored.table.clone()).await?,
        };
        let archived = Arc::new(Archived {
            state,
            holders: stored
                .table
                .holders
                .iter()
                .map(|(s, hash, _, _)| (*s, hash.clone()))
                .collect(),
        });
        if let Ok(mut cache) = self.archive.lock() {
            cache.insert(id.to_string(), archived.clone());
        }
        Ok(Some(archived))
    }

    /// A table finished before its last state was stored with it: replayed
    /// (once, on a blocking thread, one at a time) and its state stored.
    async fn work_out_final_state(
        self: &Arc<Self>,
        stored: crate::store::StoredTable,
    ) -> Result<FinalState, ApiError> {
        let _turn = self.replays.acquire().await.map_err(storage)?;
        let id = stored.id.clone();
        let extras = super::open::ResumeExtras {
            timer_steps: self.store.timer_steps(&id).await.map_err(storage)?,
            hints: self.store.hints(&id).await.map_err(storage)?,
            daily: self
                .store
                .daily_of_table(&id)
                .await
                .map_err(storage)?
                .map(|d| d.day),
        };
        let hub = self.clone();
        let state = tokio::task::spawn_blocking(move || {
            let record = ErasedRecord::parse(&stored.record).map_err(storage)?;
            let (end, ending) = (record.end, record.ending);
            let mut task = hub.rebuild_task(stored, extras)?;
            // An ending outside the rules (a resignation, a flag), as the
            // record says and as a replay shows it.
            if let Some(ending) = ending.filter(|e| *e != Ending::Rules)
                && task.core.game().ending().is_none()
            {
                let at = end.unwrap_or_else(|| task.core.game().now());
                let _ = task.core.finish_as_recorded(ending, at);
            }
            Ok::<_, ApiError>(task.final_state())
        })
        .await
        .map_err(storage)??;
        let text = serde_json::to_string(&state).map_err(storage)?;
        self.store
            .commit(vec![Write::FinalState {
                table: id,
                final_state: text,
            }])
            .await
            .map_err(storage)?;
        Ok(state)
    }

    /// The table called `id`: running, or finished and served from the
    /// store. A finished table's handle answers hellos with its final
    /// welcome for as long as the caller keeps it.
    pub async fn find(self: &Arc<Self>, id: &str) -> Result<Option<TableHandle>, ApiError> {
        if let Some(running) = self.table(id) {
            return Ok(Some(running));
        }
        let Some(archived) = self.archived(id).await? else {
            return Ok(None);
        };
        let (commands, inbox) = mpsc::channel(16);
        let summary = Arc::new(RwLock::new(archived.state.summary.clone()));
        tokio::spawn(serve(archived, inbox));
        Ok(Some(TableHandle { commands, summary }))
    }

    /// The summary of the table called `id`, running or finished.
    pub async fn summary_of(self: &Arc<Self>, id: &str) -> Result<Option<TableSummary>, ApiError> {
        if let Some(running) = self.table(id) {
            return Ok(running.summary.read().ok().map(|s| s.clone()));
        }
        Ok(self.archived(id).await?.map(|a| a.state.summary.clone()))
    }

    /// The lobby's list: tables in memory, and finished ones from the
    /// store (the newest `limit` created), filtered, newest first.
    pub async fn list(
        &self,
        game: Option<&str>,
        status: Option<&str>,
        limit: usize,
    ) -> Result<Vec<TableSummary>, ApiError> {
        let mut out = self.summaries(game, status);
        if status.is_none_or(|s| s == "finished") {
            let stored = self
                .store
                .final_states(game.unwrap_or(""), i64::try_from(limit).unwrap_or(i64::MAX))
                .await
                .map_err(storage)?;
            for text in stored {
                let Ok(state) = serde_json::from_str::<FinalState>(&text) else {
                    continue;
                };
                let summary = state.summary;
                if summary.daily.is_none() && !out.iter().any(|s| s.id == summary.id) {
                    out.push(summary);
                }
            }
        }
        out.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(a.id.cmp(&b.id)));
        out.truncate(limit);
        Ok(out)
    }

    /// Stores the last state of every finished table that lacks it (tables
    /// finished before it was stored), a few at a time, in the background.
    pub fn backfill_final_states(self: &Arc<Self>) {
        let hub = self.clone();
        tokio::spawn(async move {
            loop {
                let ids = match hub.store.finished_without_state(16).await {
                    Ok(ids) if !ids.is_empty() => ids,
                    Ok(_) => return,
                    Err(e) => {
                        tracing::warn!(error = %e, "cannot list finished tables to backfill");
                        return;
                    }
                };
                for id in ids {
                    if let Err(e) = hub.archived(&id).await {
                        // Marked so the loop moves on: an empty state is
                        // never parsed as a table.
                        tracing::warn!(table = %id, error = %e.message, "cannot work out a finished table's last state");
                        let _ = hub
                            .store
                            .commit(vec![Write::FinalState {
                                table: id,
                                final_state: String::new(),
                            }])
                            .await;
                    }
                }
            }
        });
    }
}
