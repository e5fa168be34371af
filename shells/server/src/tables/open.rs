//! Opening tables: a new table (stored before it is announced, its task
//! started) and every unfinished table again after a restart, rebuilt from
//! its record and stored timer steps.

use super::commands::TableHandle;
use super::hub::{Hub, poisoned, unix_ms};
use super::online;
use super::task::{TableInit, TableTask};
use crate::auth;
use crate::protocol::{ApiError, ClockSpec, ErrorKind, Joined, SeatSpec, TableSummary, clean_name};
use crate::store::{StoredTable, Write};
use stackyard_core::{ErasedRecord, Seat, Seed};
use std::sync::Arc;

/// Plain data written out as JSON text for the store.
fn to_text(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("plain data serialises to JSON")
}

impl Hub {
    /// Creates a table (stored before it is announced) and starts its task.
    pub async fn create(
        self: &Arc<Self>,
        spec: crate::protocol::CreateTable,
        creator: &str,
    ) -> Result<TableSummary, ApiError> {
        self.create_with(spec, creator, None)
            .await
            .map(|(summary, _)| summary)
    }

    /// Creates a table; with `private`, a private table whose only seat
    /// is taken at once by `private.name`, stored together with
    /// `private.writes` (one transaction), answering with the seat.
    pub async fn create_with(
        self: &Arc<Self>,
        spec: crate::protocol::CreateTable,
        creator: &str,
        private: Option<PrivateTable>,
    ) -> Result<(TableSummary, Option<Joined>), ApiError> {
        let kind = self.kind(&spec.game)?;
        {
            let open = self.open_by_client.lock().map_err(|_| poisoned())?;
            if open.get(creator).copied().unwrap_or(0) >= self.limits.tables_per_client {
                return Err(ApiError::new(
                    ErrorKind::TooManyTables,
                    format!(
                        "you have {} unfinished tables, the most one client may open",
                        self.limits.tables_per_client
                    ),
                ));
            }
        }
        let settings = spec.settings.unwrap_or_else(|| kind.default_settings());
        let seed = Seed(match spec.seed {
            Some(s) => s,
            None => {
                let mut b = [0u8; 8];
                getrandom::fill(&mut b).map_err(|e| {
                    ApiError::new(ErrorKind::Storage, format!("no randomness: {e}"))
                })?;
                u64::from_le_bytes(b)
            }
        });
        let game = kind
            .create(&settings, seed)
            .map_err(|e| ApiError::new(ErrorKind::BadRequest, e.to_string()))?;
        let seat_count = game.seat_count();
        let seats = spec
            .seats
            .unwrap_or_else(|| vec![SeatSpec::Person; seat_count]);
        if seats.len() != seat_count {
            return Err(ApiError::new(
                ErrorKind::BadRequest,
                format!(
                    "{} has {seat_count} seats with these settings, not {}",
                    kind.title(),
                    seats.len()
                ),
            ));
        }
        let header = ErasedRecord::parse(&game.record())
            .map_err(|e| ApiError::new(ErrorKind::Storage, e.to_string()))?;
        online::check_online_settings(kind, &header.settings)?;
        for (s, seat) in seats.iter().enumerate() {
            if let SeatSpec::Bot { level } = seat {
                online::check_bot_level(kind, level)?;
                kind.bot(level, Seat(s as u8), seed.child(s as u64), &settings)
                    .map_err(|e| ApiError::new(ErrorKind::BadRequest, e.to_string()))?;
            }
        }
        if spec.clock.is_some() && kind.turnless() {
            return Err(ApiError::new(
                ErrorKind::BadRequest,
                format!(
                    "{} is played without turns: a clock would have no turn to time \
                     (the game keeps its own time in its settings)",
                    kind.title()
                ),
            ));
        }
        if let Some(clock) = &spec.clock {
            online::check_clock(clock)?;
        }
        let rated = spec.rated && spec.seed.is_none();
        let id = auth::random_hex(8);
        let created_at = unix_ms();
        let mut writes = vec![Write::CreateTable {
            id: id.clone(),
            game: kind.name().to_string(),
            seats: to_text(&seats),
            clock: spec.clock.map(|c| to_text(&c)),
            rated,
            header: header.to_json().to_string(),
            created_at,
            creator: creator.to_string(),
        }];
        let mut holders = Vec::new();
        let mut joined = None;
        let mut daily_day = None;
        if let Some(private) = private {
            if seats.len() != 1 || !matches!(seats[0], SeatSpec::Person) {
                return Err(ApiError::new(
                    ErrorKind::BadRequest,
                    "a private table has one seat, for a person",
                ));
            }
            let name = clean_name(&private.name)?;
            let (token, hash) =
                auth::new_token().map_err(|e| ApiError::new(ErrorKind::Storage, e))?;
            writes.push(Write::SeatTaken {
                table: id.clone(),
                seat: 0,
                token_hash: hash.clone(),
                name: Some(name.clone()),
                account: private.account.clone(),
            });
            writes.extend((private.writes)(&id));
            daily_day = Some(private.day);
            holders.push((0, hash, Some(name), private.account));
            joined = Some(Joined {
                table: id.clone(),
                seat: 0,
                token,
            });
        }
        let all_bots = seats.iter().all(|s| matches!(s, SeatSpec::Bot { .. }));
        let all_taken = all_bots || daily_day.is_some();
        if all_taken {
            writes.push(Write::Status {
                table: id.clone(),
                status: "playing",
            });
        }
        self.store
            .commit(writes)
            .await
            .map_err(|e| ApiError::new(ErrorKind::Storage, e.to_string()))?;
        let table = TableTask::build(
            self.clone(),
            TableInit {
                id,
                game,
                seats,
                holders,
                clock: spec.clock,
                rated,
                created_at,
                creator: creator.to_string(),
                playing: all_taken,
                hints: Vec::new(),
                daily: daily_day,
                draw_offer: None,
                past: Vec::new(),
            },
        )?;
        let summary = table.summary.read().map_err(|_| poisoned())?.clone();
        self.launch(table);
        self.announce(&summary);
        Ok((summary, joined))
    }

    /// Rebuilds every unfinished table from the store (a restart).
    pub async fn resume_all(self: &Arc<Self>) -> Result<usize, crate::store::StoreError> {
        let stored = self.store.unfinished().await?;
        let mut resumed = 0;
        for table in stored {
            let id = table.id.clone();
            // Several nodes (issue #28): only the tables nobody else holds,
            // read again once held (their last owner's last commits).
            let table = if self.store.node().is_some() {
                if !self.store.acquire(&id).await? {
                    continue;
                }
                match self.store.unfinished_table(&id).await? {
                    Some(table) => table,
                    None => continue,
                }
            } else {
                table
            };
            let extras = ResumeExtras {
                timer_steps: self.store.timer_steps(&id).await?,
                hints: self.store.hints(&id).await?,
                daily: self.store.daily_of_table(&id).await?.map(|d| d.day),
            };
            match self.resume(table, extras) {
                Ok(()) => resumed += 1,
                Err(e) => tracing::error!(table = %id, error = %e.message, "cannot resume table"),
            }
        }
        self.backfill_final_states();
        Ok(resumed)
    }

    /// Rebuilds one stored table and starts it (a node taking a table
    /// over, issue #28; the lease is already held).
    pub async fn resume_stored(
        self: &Arc<Self>,
        table: StoredTable,
    ) -> Result<(), crate::store::StoreError> {
        let id = table.id.clone();
        let extras = ResumeExtras {
            timer_steps: self.store.timer_steps(&id).await?,
            hints: self.store.hints(&id).await?,
            daily: self.store.daily_of_table(&id).await?.map(|d| d.day),
        };
        self.resume(table, extras)
            .map_err(|e| crate::store::StoreError::Failed(e.message))?;
        if let Some(summary) = self
            .table(&id)
            .and_then(|t| t.summary.read().ok().map(|s| s.clone()))
        {
            self.announce(&summary);
        }
        Ok(())
    }

    fn resume(self: &Arc<Self>, stored: StoredTable, extras: ResumeExtras) -> Result<(), ApiError> {
        let table = self.rebuild_task(stored, extras)?;
        self.launch(table);
        Ok(())
    }

    /// A stored table's task, rebuilt (not started).
    pub(super) fn rebuild_task(
        self: &Arc<Self>,
        stored: StoredTable,
        extras: ResumeExtras,
    ) -> Result<TableTask, ApiError> {
        let kind = self.kind(&stored.game)?;
        let (game, past) =
            crate::rebuild::rebuild_with_past(kind, &stored.record, &extras.timer_steps)
                .map_err(|e| ApiError::new(ErrorKind::Storage, e))?;
        let seats: Vec<SeatSpec> = serde_json::from_str(&stored.seats)
            .map_err(|e| ApiError::new(ErrorKind::Storage, format!("bad seats: {e}")))?;
        let clock: Option<ClockSpec> = match &stored.clock {
            Some(c) => Some(
                serde_json::from_str(c)
                    .map_err(|e| ApiError::new(ErrorKind::Storage, format!("bad clock: {e}")))?,
            ),
            None => None,
        };
        TableTask::build(
            self.clone(),
            TableInit {
                id: stored.id,
                game,
                seats,
                holders: stored.holders,
                clock,
                rated: stored.rated,
                created_at: stored.created_at,
                creator: stored.creator,
                playing: stored.status == "playing",
                hints: extras.hints,
                daily: extras.daily,
                draw_offer: stored.draw_offer,
                past,
            },
        )
    }

    fn launch(self: &Arc<Self>, table: TableTask) {
        let handle = TableHandle {
            commands: table.commands.clone(),
            summary: table.summary.clone(),
        };
        let id = table.id.clone();
        let unfinished = !table.core.is_over();
        if unfinished && let Ok(mut open) = self.open_by_client.lock() {
            *open.entry(table.creator.clone()).or_insert(0) += 1;
        }
        if let Ok(mut tables) = self.tables.write() {
            tables.insert(id, handle);
        }
        metrics::gauge!("stackyard_tables").increment(1.0);
        tokio::spawn(table.run());
    }
}

/// What a private table (a daily deal) adds to its creation.
pub struct PrivateTable {
    /// The name that takes its one seat.
    pub name: String,
    /// The signed-in account taking it, if any (issue #27).
    pub account: Option<String>,
    /// The day it belongs to (its record stays private until the day is
    /// over; nobody may watch it).
    pub day: String,
    /// More writes to commit with the table, given its id.
    pub writes: MoreWrites,
}

/// Writes to commit with a new table, made once its id is known.
pub type MoreWrites = Box<dyn FnOnce(&str) -> Vec<Write> + Send>;

/// What a resumed table needs besides its stored row.
pub(super) struct ResumeExtras {
    pub timer_steps: Vec<crate::store::TimerStepRow>,
    pub hints: Vec<(usize, u32)>,
    pub daily: Option<String>,
}
