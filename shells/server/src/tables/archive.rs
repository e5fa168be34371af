//! Finished tables out of memory: a finished table's task ends a short
//! grace after its last step (its connections have had the final state),
//! and from then on, as after a restart, it is served from the store: its
//! summary, its place in the listing, and a hello (answered with the final
//! welcome). The last state is written with the finishing step, so none of
//! this replays the game; a table finished before that is replayed once
//! and its state stored.

use super::commands::{Command, ConnHandle, deliver};
use super::messages::{self, Head};
use crate::auth;
use crate::protocol::{ApiError, ErrorKind, GameJson, PastStep, TableSummary};
use serde::{Deserialize, Serialize};
use stackyard_core::{Seat, Viewer};
use std::sync::Arc;
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
    /// The steps as the spectator received them, then as each seat did
    /// (`past.rs`), in the same order as `views`; none for a table stored
    /// before they were kept.
    #[serde(default)]
    pub past: Vec<Vec<PastStep>>,
}

/// A finished table served from the store.
pub(super) struct Archived {
    pub state: FinalState,
    /// Token hashes of its seats, to admit a seat's hello.
    pub holders: Vec<(usize, String)>,
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
        let past = (self.state.past.get(index))
            .or(self.state.past.first())
            .cloned()
            .unwrap_or_default();
        let message =
            (self.state.head.clone()).welcome(self.state.summary.clone(), viewer, view, past);
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

/// A finished table sends a welcome and answers: only a full queue cuts a
/// reader off.
const NO_STALL: std::time::Duration = std::time::Duration::MAX;

/// Answers a finished table's commands from its stored state.
pub(super) async fn serve(archived: Arc<Archived>, mut inbox: mpsc::Receiver<Command>) {
    let over = || ApiError::new(ErrorKind::Over, "the game is over");
    let mut conns: Vec<ConnHandle> = Vec::new();
    while let Some(command) = inbox.recv().await {
        match command {
            Command::Connect { token, conn, reply } => match archived.viewer_of(token.as_deref()) {
                Ok(viewer) => {
                    if deliver(&conn, archived.welcome(viewer), NO_STALL) {
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
                conns.retain(|c| c.id != conn || deliver(c, text.clone(), NO_STALL));
            }
            Command::Disconnect { conn } => conns.retain(|c| c.id != conn),
            Command::BotDecided { .. } | Command::HintReady { .. } | Command::Moved => {}
        }
    }
}
