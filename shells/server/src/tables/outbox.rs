//! The one way a table changes (issue #43, after lila's `Finisher`):
//! whatever the change (a seat's action, a resignation, timers and what
//! fires with them, a bot's action, an abandoned seat, a draw offered,
//! accepted or answered by a bot), the core decides it and
//! [`TableTask::post`] is its one tail. It writes what each viewer will be
//! told while the table is as the change left it, hands the writes to the
//! writer on the table's line and queues the rest behind the changes
//! still in flight (`pipeline.rs` says why several). Once the commit has
//! answered, [`TableTask::landed`] acknowledges the request that made
//! it, fans it out to the connections there when it was made, and
//! finishes and rates the game if it ended. A commit that failed
//! acknowledges nothing and tells nobody anything, but the one who asked
//! that it could not be stored; the table then halts (or leaves, when
//! another node holds its lease).

use super::change::{Asker, Change, Said};
use super::core::{Applied, Cause};
use super::messages;
use super::pipeline::{InFlight, Then};
use super::task::TableTask;
use crate::protocol::{ApiError, ErrorKind};
use crate::store::{StoreError, Write};
use tokio::sync::oneshot;

impl TableTask {
    /// The one tail of every change: `steps` the core took (any number,
    /// stored in one commit), `more` to store beside them, `said` to tell
    /// before their steps, `asker` to acknowledge.
    pub(super) fn post(
        &mut self,
        asker: Option<Asker>,
        steps: &[Applied],
        more: Vec<Write>,
        mut said: Vec<Said>,
    ) {
        let mut writes: Vec<Write> = steps.iter().flat_map(|a| self.writes(a)).collect();
        writes.extend(more);
        said.extend(steps.iter().map(|a| Said::Step(self.step_texts(a))));
        let change = Change {
            asker,
            version: self.core.game().version(),
            said,
            recipients: self.conns.iter().map(|c| c.handle.id).collect(),
            actions: (steps.iter())
                .filter(|a| matches!(a.cause, Cause::Action { .. }))
                .count(),
            finished: steps.iter().any(|a| a.finished),
            whole_summary: steps.iter().any(|a| a.cause == Cause::Timers),
        };
        // Nothing to store (a draw a bot declined): said in its turn.
        let done = (!writes.is_empty()).then(|| {
            match self.hub.store.commit_in_line(writes, &self.line) {
                Ok(done) => done,
                Err(e) => {
                    // The writer is gone: as a failed commit.
                    let (tx, rx) = oneshot::channel();
                    let _ = tx.send(Err(e));
                    rx
                }
            }
        });
        self.in_flight.push(InFlight {
            done,
            then: Then::Change(Box::new(change)),
        });
    }

    /// Refuses a request: at once, or behind the changes in flight (it
    /// may be one only because of a change not yet stored).
    pub(super) fn refuse(&mut self, conn: u64, id: u64, error: ApiError) {
        if self.in_flight.is_empty() {
            self.send_error(conn, Some(id), error);
        } else {
            self.in_flight.push(InFlight {
                done: None,
                then: Then::Refusal { conn, id, error },
            });
        }
    }

    /// Waits until every change in flight is stored (or failed) and said.
    pub(super) async fn settle(&mut self) {
        while !self.in_flight.is_empty() {
            let answer = self.in_flight.oldest_answered().await;
            self.landed(answer);
        }
    }

    /// The oldest entry's commit answered `answer`: say what it waited for.
    pub(super) fn landed(&mut self, answer: Result<(), StoreError>) {
        let Some(entry) = self.in_flight.pop() else {
            return;
        };
        match entry.then {
            Then::Refusal { conn, id, error } => self.send_error(conn, Some(id), error),
            Then::Change(change) => match answer {
                Ok(()) => self.told(*change),
                Err(e) => {
                    if let Some(asker) = change.asker {
                        let error = ApiError::new(ErrorKind::Storage, asker.failed);
                        self.send_error(asker.conn, Some(asker.id), error);
                    }
                    self.store_failed(&e);
                }
            },
        }
        if self.in_flight.is_empty() && !self.broken && !self.moved {
            self.look();
        }
    }

    /// A change is stored: acknowledge, fan out, finish. Everything it
    /// tells one connection (the asker's ack and its step, say) leaves in
    /// one write.
    fn told(&mut self, change: Change) {
        self.corked(|task| task.tell(change));
    }

    fn tell(&mut self, change: Change) {
        metrics::counter!("stackyard_actions_total").increment(change.actions as u64);
        if let Some(asker) = &change.asker {
            if let Some(received) = asker.received {
                metrics::histogram!("stackyard_action_seconds")
                    .record(received.elapsed().as_secs_f64());
            }
            self.send_to(asker.conn, messages::ack(asker.id, change.version));
        }
        let recipients = change.recipients;
        for said in &change.said {
            let to = |c: &super::task::Connection| recipients.contains(&c.handle.id);
            match said {
                Said::Step(texts) => self.deliver_step(texts, to),
                Said::All(text) => self.deliver_where(to, |_| text.clone()),
            }
        }
        if change.finished {
            self.on_finished();
        }
        if change.finished || change.whole_summary {
            self.refresh_summary();
        } else {
            self.refresh_counts();
        }
    }
}
