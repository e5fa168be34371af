//! Finished tables out of memory: a finished table's task ends a short
//! grace after its last step (its connections have had the final state),
//! and from then on, as after a restart, it is served from the store: its
//! summary, its place in the listing, and a hello (answered with the final
//! welcome). The last state is written with the finishing step, so none of
//! this replays the game; a table finished before that is replayed once
//! and its state stored.

use super::commands::{Command, ConnHandle, TableHandle, deliver};
use super::hub::Hub;
use super::messages::{self, Head};
use crate::auth;
use crate::protocol::{ApiError, ErrorKind, GameJson, TableSummary};
use crate::store::Write;
use serde::{Deserialize, Serialize};
use stackyard_core::{Ending, ErasedRecord, Seat, Viewer};
use std::sync::{Arc, RwLock};
use tokio::sync::mpsc;

/// Finished tables kept parsed in memory for hellos and summaries.
pub(super) const CACHED: usize = 64;

/// What is stored of a finished table to serve it (`final_state`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct FinalState {
    /// Its summary, nobody connected.
    pub summary: TableSummary,
    /// The welcome's fields but the table, the viewer and the view.
    pub head: Head,
    /// The spectator's view, then each seat's (JSON text); one view when
    /// every viewer sees the same.
    pub views: Vec<String>,
}

/// A finished table served from the store.
pub(super) struct Archived {
    state: FinalState,
    /// Token hashes of its seats, to admit a seat's hello.
    holders: Vec<(usize, String)>,
}

impl Archived {
    fn welcome(&self, viewer: Viewer) -> axum::extract::ws::Utf8Bytes {
        let index = match viewer {
            Viewer::Spectator => 0,
            Viewer::Seat(s) => s.index() + 1,
        };
        let view = self
            .state
            .views
            .get(index)
            .or(self.state.views.first())
            .map_or("null", String::as_str);
        let view = GameJson::from_text(view.to_string())
            .or_else(|_| GameJson::from_text("null".into()))
            .expect("null is JSON");
        let message = self
            .state
            .head
            .clone()
            .welcome(self.state.summary.clone(), viewer, view);
        messages::text(&message)
    }

    fn viewer_of(&self, token: Option<&str>) -> Result<Viewer, ApiError> {
        let Some(token) = token else {
            if self.state.summary.daily.is_some() {
                return Err(ApiError::new(
                    ErrorKind::Forbidden,
                    "a daily deal is played alone: nobody may watch it while the day lasts",
                ));
            }
            return Ok(Viewer::Spectator);
        };
        // Every seat is looked at, matched or not, so timing tells nothing.
        let mut found = None;
        for (seat, hash) in &self.holders {
            if auth::token_matches(token, hash) {
                found = Some(*seat);
            }
        }
        found
            .and_then(|s| u8::try_from(s).ok())
            .map(|s| Viewer::Seat(Seat(s)))
            .ok_or_else(|| {
                ApiError::new(
                    ErrorKind::BadToken,
                    "this token holds no seat at this table",
                )
            })
    }
}

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
                .map(|(s, hash, _)| (*s, hash.clone()))
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
        let extras = super::hub::ResumeExtras {
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
                task.core.finish_as_recorded(ending, at);
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

/// Answers a finished table's commands from its stored state.
async fn serve(archived: Arc<Archived>, mut inbox: mpsc::Receiver<Command>) {
    let over = || ApiError::new(ErrorKind::Over, "the game is over");
    let mut conns: Vec<ConnHandle> = Vec::new();
    while let Some(command) = inbox.recv().await {
        match command {
            Command::Connect { token, conn, reply } => match archived.viewer_of(token.as_deref()) {
                Ok(viewer) => {
                    if deliver(&conn, archived.welcome(viewer)) {
                        conns.push(conn);
                    }
                    let _ = reply.send(Ok(viewer));
                }
                Err(e) => {
                    let _ = reply.send(Err(e));
                }
            },
            Command::Join { reply, .. } => {
                let _ = reply.send(Err(over()));
            }
            Command::Client { conn, id, .. } => {
                let text = messages::error(Some(id), &over());
                conns.retain(|c| c.id != conn || deliver(c, text.clone()));
            }
            Command::Disconnect { conn } => conns.retain(|c| c.id != conn),
            Command::BotDecided { .. } | Command::HintReady { .. } => {}
        }
    }
}
