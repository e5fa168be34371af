//! What a step of a table stores: the action or the progress of game time,
//! a timer step (so a restart fires it at the same place), a lapsed draw
//! offer, and with the finishing step the record, the result and the last
//! state every viewer saw (so a finished table is served without a replay).

use super::archive::FinalState;
use super::core::{Applied, Cause};
use super::hub::unix_ms;
use super::messages::Head;
use super::task::TableTask;
use crate::store::Write;
use serde::Serialize;
use stackyard_core::{ErasedRecord, Seat, Viewer};

/// A finished record as stored: the game's record, and beside it the
/// server's own note of the hints asked per seat (records ignore fields
/// they do not know).
#[derive(Serialize)]
struct StoredRecord {
    #[serde(flatten)]
    record: ErasedRecord,
    #[serde(skip_serializing_if = "Option::is_none")]
    hints: Option<Vec<u32>>,
}

fn to_text(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("plain data serialises to JSON")
}

impl TableTask {
    /// What storing `applied` takes.
    pub(super) fn writes(&self, applied: &Applied) -> Vec<Write> {
        let mut writes = Vec::with_capacity(2);
        let at_ms = applied.at.as_millis() as i64;
        match &applied.cause {
            Cause::Action { seat, action } => writes.push(Write::Action {
                table: self.id.clone(),
                seq: applied.actions as i64 - 1,
                seat: seat.index() as i64,
                at_ms,
                action: to_text(action),
            }),
            Cause::Timers | Cause::Ending => writes.push(Write::Progress {
                table: self.id.clone(),
                end_ms: at_ms,
            }),
        }
        if applied.cause == Cause::Timers {
            writes.push(Write::TimerStep {
                table: self.id.clone(),
                version: applied.step.version as i64,
                after_actions: applied.actions as i64,
                at_ms,
            });
        }
        if applied.draw_lapsed {
            writes.push(Write::DrawOffer {
                table: self.id.clone(),
                seat: None,
            });
        }
        if applied.finished {
            writes.extend(self.finished_write());
            writes.extend(self.daily_result_write());
        }
        writes
    }

    /// A daily deal's result for its day's board.
    fn daily_result_write(&self) -> Option<Write> {
        self.daily.as_ref()?;
        let game = self.core.game();
        let outcome = game.outcome()?;
        Some(Write::DailyFinished {
            table: self.id.clone(),
            score: outcome.scores.first().copied().unwrap_or(0),
            won: outcome.winners.iter().any(|w| w.index() == 0),
            time_ms: game.now().as_millis() as i64,
            hints: self
                .core
                .seats()
                .hints_asked()
                .first()
                .copied()
                .unwrap_or(0) as i64,
            ending: to_text(&game.ending()),
            finished_at: unix_ms(),
        })
    }

    fn finished_write(&self) -> Option<Write> {
        let game = self.core.game();
        let record = match ErasedRecord::parse(&game.record()) {
            Ok(record) => record,
            Err(e) => {
                tracing::error!(table = %self.id, error = %e, "a game wrote no record");
                return None;
            }
        };
        let hints = self.core.seats().hints_asked();
        let stored = StoredRecord {
            record,
            hints: hints.iter().any(|&h| h > 0).then_some(hints),
        };
        Some(Write::Finished {
            table: self.id.clone(),
            record: to_text(&stored),
            outcome: to_text(&game.outcome()),
            ending: to_text(&game.ending()),
            finished_at: unix_ms(),
            final_state: Some(to_text(&self.final_state())),
        })
    }

    /// What is stored of the table, once finished, to serve it out of
    /// memory: its summary (nobody connected), its welcome's fields and
    /// every viewer's view.
    pub(super) fn final_state(&self) -> FinalState {
        let mut summary = self.summary_now();
        for seat in &mut summary.seats {
            if seat.kind == "person" {
                seat.connected = false;
            }
        }
        let game = self.core.game();
        let mut head = Head::of(&self.core, game.now());
        head.draw_offered_by = None;
        let mut viewers = vec![Viewer::Spectator];
        if !game.views_are_public() {
            viewers.extend(
                (0..self.core.seats().len())
                    .filter_map(|s| u8::try_from(s).ok())
                    .map(|s| Viewer::Seat(Seat(s))),
            );
        }
        FinalState {
            summary,
            head,
            views: viewers.iter().map(|&v| game.view_text(v)).collect(),
            past: viewers
                .iter()
                .map(|&v| self.core.past().for_viewer(v))
                .collect(),
        }
    }
}
