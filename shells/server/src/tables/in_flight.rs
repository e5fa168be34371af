//! What a table does with its actions in flight (`pipeline.rs` says why
//! it keeps several): hands each to the writer, queues what will be said,
//! and says it once the commit has answered.

use super::core::Applied;
use super::messages;
use super::pipeline::{InFlight, Then, Told};
use super::task::TableTask;
use crate::protocol::{ApiError, ErrorKind};
use crate::store::StoreError;
use std::time::Instant;
use tokio::sync::oneshot;

impl TableTask {
    /// Applies nothing: hands an applied action's writes to the writer on
    /// the table's line and queues what will be said once they are stored.
    pub(super) fn send_in_line(
        &mut self,
        conn: u64,
        id: u64,
        received: Instant,
        applied: &Applied,
    ) {
        let writes = self.writes(applied);
        let done = match self.hub.store.commit_in_line(writes, &self.line) {
            Ok(done) => done,
            Err(e) => {
                // The writer is gone: as a failed commit.
                let (tx, rx) = oneshot::channel();
                let _ = tx.send(Err(e));
                rx
            }
        };
        let texts = self.step_texts(applied);
        self.in_flight.push(InFlight {
            done: Some(done),
            then: Then::Action(Box::new(Told {
                conn,
                id,
                version: applied.step.version,
                received,
                texts,
                recipients: self.conns.iter().map(|c| c.handle.id).collect(),
                finished: applied.finished,
            })),
        });
    }

    /// Refuses a request: at once, or behind the actions in flight.
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

    /// Waits until every entry in flight is stored (or failed) and said.
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
            Then::Action(told) => match answer {
                Ok(()) => self.told(*told),
                Err(e) => {
                    let stored =
                        ApiError::new(ErrorKind::Storage, "the action could not be stored");
                    self.send_error(told.conn, Some(told.id), stored);
                    self.store_failed(&e);
                }
            },
        }
        if self.in_flight.is_empty() && !self.broken && !self.moved {
            self.look();
        }
    }

    fn told(&mut self, told: Told) {
        metrics::counter!("stackyard_actions_total").increment(1);
        metrics::histogram!("stackyard_action_seconds")
            .record(told.received.elapsed().as_secs_f64());
        self.send_to(told.conn, messages::ack(told.id, told.version));
        let recipients = told.recipients;
        self.deliver_step(&told.texts, |c| recipients.contains(&c.handle.id));
        if told.finished {
            self.on_finished();
            self.refresh_summary();
        } else {
            self.refresh_counts();
        }
    }
}
