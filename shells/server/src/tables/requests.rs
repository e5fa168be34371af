//! A seated connection's requests and joins, as the table's task answers
//! them: asks the core, commits what it did, acknowledges, tells everyone.

use super::commands::Request;
use super::core::{Cause, Refused};
use super::hub::poisoned;
use super::messages;
use super::seats::Holder;
use super::task::TableTask;
use crate::auth;
use crate::protocol::{ApiError, ErrorKind, Joined, clean_name};
use crate::store::Write;
use stackyard_core::Seat;
use std::time::Instant;

impl TableTask {
    pub(super) async fn join(
        &mut self,
        seat: Option<usize>,
        name: Option<String>,
    ) -> Result<Joined, ApiError> {
        if self.broken {
            return Err(ApiError::new(ErrorKind::Storage, "this table is halted"));
        }
        let name = name.as_deref().map(clean_name).transpose()?;
        let seat = self.core.free_seat(seat)?;
        let (token, hash) = auth::new_token().map_err(|e| ApiError::new(ErrorKind::Storage, e))?;
        let mut writes = vec![Write::SeatTaken {
            table: self.id.clone(),
            seat: seat as i64,
            token_hash: hash.clone(),
            name: name.clone(),
        }];
        let fills = self.core.join_fills(seat);
        if fills {
            writes.push(Write::Status {
                table: self.id.clone(),
                status: "playing",
            });
        }
        self.hub
            .store
            .commit(writes)
            .await
            .map_err(|e| ApiError::new(ErrorKind::Storage, e.to_string()))?;
        if fills {
            self.start_playing();
        }
        let holder = Holder {
            token_hash: hash,
            name,
        };
        self.core.seat_taken(seat, holder, self.now());
        self.look();
        self.refresh_summary();
        let summary = self.summary.read().map_err(|_| poisoned())?.clone();
        self.broadcast_all(messages::table(summary));
        Ok(Joined {
            table: self.id.clone(),
            seat,
            token,
        })
    }

    pub(super) async fn client(
        &mut self,
        conn: u64,
        seat: Seat,
        id: u64,
        request: Request,
        received: Instant,
    ) {
        if self.broken {
            let halted = ApiError::new(
                ErrorKind::Storage,
                "this table is halted after a storage failure",
            );
            self.send_error(conn, Some(id), halted);
            return;
        }
        let now = self.now();
        let (result, stored) = match request {
            Request::Act(action) => {
                match self.core_step(|core| core.act(seat, action, now)).await {
                    Ok(applied) => (Ok(applied), "the action could not be stored"),
                    Err(Refused { error, timers }) => {
                        if let Some(timers) = timers {
                            self.commit_and_tell(vec![timers]).await;
                        }
                        (Err(error), "")
                    }
                }
            }
            Request::Resign => (
                self.core.resign(seat, now),
                "the ending could not be stored",
            ),
            Request::AcceptDraw => (
                self.core.accept_draw(seat, now),
                "the ending could not be stored",
            ),
            Request::OfferDraw => {
                self.offer_draw(conn, seat, id).await;
                return;
            }
            Request::Hint => {
                self.hint(conn, seat, id);
                return;
            }
        };
        match result {
            Ok(applied) => {
                let version = applied.step.version;
                let is_action = matches!(applied.cause, Cause::Action { .. });
                let writes = self.writes(&applied);
                if self.persist(writes).await.is_err() {
                    self.send_error(conn, Some(id), ApiError::new(ErrorKind::Storage, stored));
                    return;
                }
                if is_action {
                    metrics::counter!("stackyard_actions_total").increment(1);
                    metrics::histogram!("stackyard_action_seconds")
                        .record(received.elapsed().as_secs_f64());
                }
                self.send_to(conn, messages::ack(id, version));
                self.broadcast_step(&applied);
                if applied.finished {
                    self.on_finished();
                }
                self.refresh_summary();
                self.look();
            }
            Err(error) => self.send_error(conn, Some(id), error),
        }
    }

    async fn offer_draw(&mut self, conn: u64, seat: Seat, id: u64) {
        if let Err(e) = self.core.offer_draw(seat) {
            self.send_error(conn, Some(id), e);
            return;
        }
        let offer = Write::DrawOffer {
            table: self.id.clone(),
            seat: Some(seat.index() as i64),
        };
        if self.persist(vec![offer]).await.is_err() {
            let error = ApiError::new(ErrorKind::Storage, "the offer could not be stored");
            self.send_error(conn, Some(id), error);
            return;
        }
        let version = self.core.game().version();
        self.send_to(conn, messages::ack(id, version));
        self.broadcast_all(messages::draw_offered(seat));
    }
}
