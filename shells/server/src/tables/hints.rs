//! Hints: a seat asks the server's strongest listed bot for a move. Each
//! is counted durably before it is answered (a hint is never free), a seat
//! has one search at a time, and asked again at the same version the same
//! answer comes back without a search.

use super::commands::Command;
use super::messages;
use super::online;
use super::task::TableTask;
use crate::protocol::{ApiError, ErrorKind};
use crate::store::Write;
use serde_json::Value;
use stackyard_core::{Seat, Seed, Viewer};

impl TableTask {
    /// `seat` asks for a hint (message `id` of connection `conn`).
    pub(super) fn hint(&mut self, conn: u64, seat: Seat, id: u64) {
        if let Err(e) = self.core.check_running() {
            self.send_error(conn, Some(id), e);
            return;
        }
        let Ok(kind) = self.hub.kind(self.core.game().name()) else {
            return;
        };
        let Some(level) = online::bounded_level(kind) else {
            self.send_error(
                conn,
                Some(id),
                ApiError::new(ErrorKind::BadRequest, "this game has no bots to hint"),
            );
            return;
        };
        let version = self.core.game().version();
        let Some(slot) = self.hints.get_mut(seat.index()) else {
            return;
        };
        if slot.searching {
            self.send_error(
                conn,
                Some(id),
                ApiError::new(
                    ErrorKind::HintBusy,
                    "your last hint is still being worked out; ask again once it has arrived",
                ),
            );
            return;
        }
        // Asked again at the same version: the same answer, not searched
        // again (but counted: a hint is never free).
        let known = slot
            .answered
            .as_ref()
            .filter(|(at, _)| *at == version)
            .and_then(|(_, action)| action.clone());
        slot.searching = true;
        self.core.count_hint(seat);
        self.refresh_summary();
        metrics::counter!("stackyard_hints_total").increment(1);
        // Counted durably before it is answered: a hint is never free.
        let store = self.hub.store.clone();
        let count = Write::Hint {
            table: self.id.clone(),
            seat: seat.index() as i64,
        };
        let bot = kind.bot(&level, seat, Seed(version), &self.settings);
        let view = self.core.game().view(Viewer::Seat(seat));
        let now = self.now();
        let commands = self.commands.clone();
        let searches = self.hub.hint_searches.clone();
        let seat = seat.index();
        tokio::spawn(async move {
            let mut action = None;
            if let Err(e) = store.commit(vec![count]).await {
                tracing::error!(error = %e, "cannot count a hint");
            } else if known.is_some() {
                action = known;
            } else if let Ok(_permit) = searches.acquire_owned().await {
                // The search runs at a listed level with a counted budget
                // (nodes, playouts), holding one of the few hint permits.
                action = tokio::task::spawn_blocking(move || {
                    let mut bot = bot.ok()?;
                    bot.decide(&view, now).ok().flatten().map(|d| d.action)
                })
                .await
                .ok()
                .flatten();
            }
            let _ = commands
                .send(Command::HintReady {
                    conn,
                    id,
                    seat,
                    version,
                    action,
                })
                .await;
        });
    }

    /// A hint worked out at `version` is back.
    pub(super) fn hint_ready(
        &mut self,
        conn: u64,
        id: u64,
        seat: usize,
        version: u64,
        action: Option<Value>,
    ) {
        if let Some(slot) = self.hints.get_mut(seat) {
            slot.searching = false;
            // Nothing found (or not counted) is searched again.
            if action.is_some() {
                slot.answered = Some((version, action.clone()));
            }
        }
        self.send_to(conn, messages::hint(id, action));
    }
}
