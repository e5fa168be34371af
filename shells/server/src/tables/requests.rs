//! A seated connection's requests and joins, as the table's task answers
//! them: asks the core, and posts what it did to the one tail
//! (`outbox.rs`: stored, then acknowledged and told to everyone).

use super::change::{Asker, Said};
use super::commands::Request;
use super::core::{Applied, Refused};
use super::hub::poisoned;
use super::messages;
use super::seats::Holder;
use super::task::TableTask;
use crate::auth;
use crate::protocol::{
    ApiError, CreateTable, ErrorKind, Joined, RematchOffer, SeatSpec, clean_name,
};
use crate::store::Write;
use stackyard_core::Seat;
use std::time::Instant;

impl TableTask {
    /// After an action that did not finish the game only the lobby's
    /// counts change (its status, seats and result are as they were):
    /// they are updated in place, without rebuilding the summary (a copy
    /// of its strings, settings and seats per action) or telling the other
    /// nodes (nothing their lobbies list changed).
    pub(super) fn refresh_counts(&self) {
        let game = self.core.game();
        if let Ok(mut shared) = self.summary.write() {
            shared.version = game.version();
            shared.actions = game.actions();
        }
    }

    /// Another node serves the table now (its lease passed to it, issue
    /// #28): this task stops, and its connections are closed with 1012
    /// (service restart) so that their clients connect again, to any node.
    pub(super) fn moved_away(&mut self) {
        tracing::warn!(table = %self.id, "another node serves this table now");
        self.broken = true;
        for conn in self.conns.drain(..) {
            conn.handle.kick.kick(1012);
        }
        self.hub.forget(&self.id);
    }

    pub(super) async fn join(
        &mut self,
        seat: Option<usize>,
        name: Option<String>,
        account: Option<(String, String)>,
    ) -> Result<Joined, ApiError> {
        if self.broken {
            return Err(ApiError::new(ErrorKind::Storage, "this table is halted"));
        }
        if let Some((id, _)) = &account
            && let Some(held) = self.core.seat_of_account(id)
        {
            return self.take_up_again(held).await;
        }
        let name = match &account {
            Some((_, account_name)) => Some(account_name.clone()),
            None => name.as_deref().map(clean_name).transpose()?,
        };
        let account = account.map(|(id, _)| id);
        let seat = self.core.free_seat(seat)?;
        let (token, hash) = auth::new_token().map_err(|e| ApiError::new(ErrorKind::Storage, e))?;
        let mut writes = vec![Write::SeatTaken {
            table: self.id.clone(),
            seat: seat as i64,
            token_hash: hash.clone(),
            name: name.clone(),
            account: account.clone(),
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
            account,
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

    /// The account that holds `seat` joins again (another device, or
    /// after signing in): a new token for the seat, the old one retired.
    async fn take_up_again(&mut self, seat: usize) -> Result<Joined, ApiError> {
        let (token, hash) = auth::new_token().map_err(|e| ApiError::new(ErrorKind::Storage, e))?;
        self.hub
            .store
            .commit(vec![Write::SeatToken {
                table: self.id.clone(),
                seat: seat as i64,
                token_hash: hash.clone(),
            }])
            .await
            .map_err(|e| ApiError::new(ErrorKind::Storage, e.to_string()))?;
        self.core.retoken(seat, hash);
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
            self.refuse(conn, id, halted);
            return;
        }
        let now = self.now();
        let asker = |received, failed| Asker {
            conn,
            id,
            received,
            failed,
        };
        let decided = match request {
            Request::Act(action) => {
                match self.core_step(|core| core.act(seat, action, now)).await {
                    Ok(applied) => Ok((
                        asker(Some(received), "the action could not be stored"),
                        applied,
                    )),
                    Err(Refused { error, timers }) => {
                        // The timers that fired before it are a change of
                        // their own, stored and told before the refusal.
                        if let Some(timers) = timers {
                            self.post(None, &[*timers], Vec::new(), Vec::new());
                        }
                        Err(error)
                    }
                }
            }
            Request::Resign => self
                .core
                .resign(seat, now)
                .map(|a| (asker(None, "the ending could not be stored"), a)),
            Request::AcceptDraw => self
                .core
                .accept_draw(seat, now)
                .map(|a| (asker(None, "the ending could not be stored"), a)),
            Request::OfferDraw => {
                self.offer_draw(asker(None, "the offer could not be stored"), seat);
                return;
            }
            Request::Hint => {
                self.hint(conn, seat, id);
                return;
            }
            Request::Rematch => {
                self.rematch(conn, seat, id).await;
                return;
            }
        };
        match decided {
            Ok((asker, applied)) => self.post(Some(asker), &[applied], Vec::new(), Vec::new()),
            Err(error) => self.refuse(conn, id, error),
        }
    }

    /// Opens the rematch once (the same game, settings, bots and clock,
    /// every person's seat free) and tells everyone at this table where it
    /// is; a seat asking after that is answered with the same table.
    async fn rematch(&mut self, conn: u64, seat: Seat, id: u64) {
        let summary = self.summary_now();
        if summary.rematch.is_none() {
            if summary.status != "finished" {
                let e = ApiError::new(
                    ErrorKind::BadRequest,
                    "a rematch comes after the game is over",
                );
                self.send_error(conn, Some(id), e);
                return;
            }
            if summary.daily.is_some() {
                let e = ApiError::new(
                    ErrorKind::BadRequest,
                    "today's deal is played once; there is no rematch",
                );
                self.send_error(conn, Some(id), e);
                return;
            }
            let spec = CreateTable {
                game: summary.game.clone(),
                settings: Some(summary.settings.clone()),
                seats: Some(
                    (summary.seats.iter())
                        .map(|s| match &s.level {
                            Some(level) if s.kind == "bot" => SeatSpec::Bot {
                                level: level.clone(),
                            },
                            _ => SeatSpec::Person,
                        })
                        .collect(),
                ),
                clock: summary.clock,
                rated: summary.rated,
                seed: None,
            };
            let fresh = match self.hub.create(spec, &self.creator).await {
                Ok(fresh) => fresh,
                Err(e) => {
                    self.send_error(conn, Some(id), e);
                    return;
                }
            };
            if let Ok(mut shared) = self.summary.write() {
                shared.rematch = Some(RematchOffer {
                    table: fresh.id,
                    by: seat.index(),
                });
            }
            let summary = self.summary_now();
            self.broadcast_all(messages::table(summary));
        } else {
            self.send_to(conn, messages::table(summary));
        }
        let version = self.core.game().version();
        self.send_to(conn, messages::ack(id, version));
    }

    /// Posts a draw offer (stored, then told to everyone), or has a bot
    /// at the table answer it at once (`draws.rs`): told once stored,
    /// with the step ending the game when it accepts.
    fn offer_draw(&mut self, asker: Asker, seat: Seat) {
        if let Err(e) = self.core.offer_draw(seat) {
            self.refuse(asker.conn, asker.id, e);
            return;
        }
        let (hub, now) = (self.hub.clone(), self.now());
        if let Ok(kind) = hub.kind(self.core.game().name())
            && let Some(answered) = self.core.bot_answers_draw(kind, seat, now)
        {
            let said = vec![Said::All(messages::draw_answered(
                answered.seat,
                seat,
                answered.answer,
            ))];
            let steps: Vec<Applied> = answered.applied.into_iter().collect();
            self.post(Some(asker), &steps, Vec::new(), said);
            return;
        }
        let offer = Write::DrawOffer {
            table: self.id.clone(),
            seat: Some(seat.index() as i64),
        };
        let said = vec![Said::All(messages::draw_offered(seat))];
        self.post(Some(asker), &[], vec![offer], said);
    }
}
