//! A table's tokio task: the thin shell around its [`TableCore`]. It owns
//! the inbox, maps wall time to game time (the clock starts when every
//! seat is filled and stops while the server is down), sleeps until the
//! core's next wake, runs the bots' thinking on blocking threads, and
//! posts every change the core makes to its one tail (`outbox.rs`), which
//! stores it before anyone hears of it and fans it out to every
//! connection as its viewer may see it. It is the only place a table
//! changes.

use super::commands::{Command, ConnHandle, deliver};
use super::core::{Advanced, CoreInit, TableCore};
use super::hub::Hub;
use super::messages;
use super::online;
use super::pipeline::Pipeline;
use super::seats::{Holder, SeatState};
use crate::protocol::{ApiError, ClockSpec, ErrorKind, SeatSpec, TableSummary};
use crate::store::{CommitLine, StoreError};
use stackyard_core::host::HostedBot;
use stackyard_core::{Decision, ErasedRecord, GameTime, Seat, Viewer};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// Sleeps until `at`; forever when there is no such time.
async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at.into()).await,
        None => std::future::pending().await,
    }
}

/// Steps one wake may take at most before the task looks at its inbox
/// again (a game whose timers keep firing cannot hold the task).
const STEPS_PER_WAKE: usize = 1024;

/// What a table's task is made of.
pub(super) struct TableInit {
    /// The seat whose draw offer stands (a resumed table's).
    pub draw_offer: Option<usize>,
    /// Hints asked so far, per seat.
    pub hints: Vec<(usize, u32)>,
    /// The day of a daily deal's table.
    pub daily: Option<String>,
    pub id: String,
    pub game: Box<dyn stackyard_core::host::HostedGame>,
    pub seats: Vec<SeatSpec>,
    pub holders: Vec<crate::store::HolderRow>,
    pub clock: Option<ClockSpec>,
    pub rated: bool,
    pub created_at: i64,
    pub creator: String,
    pub playing: bool,
    /// The steps a rebuilt table already took.
    pub past: Vec<stackyard_core::host::HostStep>,
}

/// One seat's hints: whether one is being searched, and the last answer
/// with the version it was worked out at.
#[derive(Default)]
pub(super) struct HintSlot {
    pub searching: bool,
    pub answered: Option<(u64, Option<serde_json::Value>)>,
}

pub(super) struct Connection {
    pub handle: ConnHandle,
    pub viewer: Viewer,
}

pub(super) struct TableTask {
    pub hub: Arc<Hub>,
    pub id: String,
    pub creator: String,
    pub core: TableCore,
    pub conns: Vec<Connection>,
    pub rated: bool,
    /// Game time when the clock (re)started, and the wall instant then.
    base: GameTime,
    started: Option<Instant>,
    /// A store failure left memory ahead of the database: refuse changes.
    pub broken: bool,
    /// Another node serves the table now (issue #28): the task ends.
    pub moved: bool,
    /// The day of a daily deal's table: private, and its result is ranked.
    pub daily: Option<String>,
    /// The game's settings (for hints' bots).
    pub settings: serde_json::Value,
    pub commands: mpsc::Sender<Command>,
    pub(super) inbox: Option<mpsc::Receiver<Command>>,
    pub summary: Arc<RwLock<TableSummary>>,
    /// Per seat: whether a hint is being searched, and the last answer.
    pub hints: Vec<HintSlot>,
    /// When the finish was stored: the task leaves memory a grace later.
    finished_at: Option<Instant>,
    /// The table's commits, in order (`pipeline.rs`).
    pub line: CommitLine,
    /// Changes made and handed to the writer, not yet stored (`outbox.rs`).
    pub in_flight: Pipeline,
}

impl TableTask {
    pub fn build(hub: Arc<Hub>, init: TableInit) -> Result<TableTask, ApiError> {
        let kind = hub.kind(init.game.name())?;
        let record = ErasedRecord::parse(&init.game.record())
            .map_err(|e| ApiError::new(ErrorKind::Storage, e.to_string()))?;
        let mut seats = Vec::with_capacity(init.seats.len());
        let mut bots: Vec<Option<Box<dyn HostedBot>>> = Vec::with_capacity(init.seats.len());
        for (s, spec) in init.seats.iter().enumerate() {
            match spec {
                SeatSpec::Person => {
                    let holder = init.holders.iter().find(|h| h.0 == s).map(|h| Holder {
                        token_hash: h.1.clone(),
                        name: h.2.clone(),
                        account: h.3.clone(),
                    });
                    let hints = init.hints.iter().find(|h| h.0 == s).map_or(0, |h| h.1);
                    seats.push(SeatState::person(holder, hints));
                    bots.push(None);
                }
                SeatSpec::Bot { level } => {
                    // A table stored before levels were checked may hold
                    // any budget: it plays on at a bounded level instead.
                    let level = if online::level_is_listed(kind, level) {
                        level.clone()
                    } else {
                        let bounded = online::bounded_level(kind).ok_or_else(|| {
                            ApiError::new(ErrorKind::UnknownBotLevel, "this game has no bots")
                        })?;
                        tracing::warn!(
                            table = %init.id,
                            seat = s,
                            stored = %level.chars().take(40).collect::<String>(),
                            playing = %bounded,
                            "a stored bot level is not listed: the bot plays at a listed level"
                        );
                        bounded
                    };
                    let seat = Seat(u8::try_from(s).unwrap_or(u8::MAX));
                    bots.push(Some(
                        kind.bot(&level, seat, record.seed.child(s as u64), &record.settings)
                            .map_err(|e| ApiError::new(ErrorKind::BadRequest, e.to_string()))?,
                    ));
                    seats.push(SeatState::Bot { level });
                }
            }
        }
        let base = init.game.now();
        let core = TableCore::new(CoreInit {
            game: init.game,
            seats,
            bots,
            clock: init.clock,
            draw_offer: init.draw_offer,
            abandon_after_ms: u64::try_from(hub.limits.abandon_after.as_millis())
                .unwrap_or(u64::MAX),
            past: init.past,
        })?;
        let (commands, inbox) = mpsc::channel(1024);
        let summary = Arc::new(RwLock::new(TableSummary {
            id: init.id.clone(),
            game: kind.name().to_string(),
            title: kind.title().to_string(),
            status: String::new(),
            settings: record.settings.clone(),
            seats: Vec::new(),
            created_at: init.created_at,
            version: 0,
            actions: 0,
            clock: init.clock,
            rated: init.rated,
            outcome: None,
            ending: None,
            daily: init.daily.clone(),
            rematch: None,
        }));
        let mut hints = Vec::new();
        hints.resize_with(core.seats().len(), HintSlot::default);
        let mut task = TableTask {
            hub,
            id: init.id,
            creator: init.creator,
            core,
            conns: Vec::new(),
            rated: init.rated,
            base,
            started: None,
            broken: false,
            moved: false,
            daily: init.daily,
            settings: record.settings,
            commands,
            inbox: Some(inbox),
            summary,
            hints,
            finished_at: None,
            line: CommitLine::default(),
            in_flight: Pipeline::default(),
        };
        if init.playing {
            task.start_playing();
        }
        task.refresh_summary();
        Ok(task)
    }

    pub(super) fn start_playing(&mut self) {
        self.base = self.core.game().now();
        self.started = Some(Instant::now());
        self.core.start(self.base);
    }

    /// The game's time now.
    pub fn now(&self) -> GameTime {
        match self.started {
            Some(started) => self.base + started.elapsed().as_millis() as u64,
            None => self.base,
        }
    }

    /// The wall instant of a game time (only while playing).
    fn instant_of(&self, t: GameTime) -> Option<Instant> {
        // Checked: a far flag (a huge stored increment) is simply never.
        self.started?
            .checked_add(Duration::from_millis(t.millis_since(self.base)))
    }

    pub fn refresh_summary(&self) {
        let summary = self.summary_now();
        self.hub.announce(&summary);
        if let Ok(mut shared) = self.summary.write() {
            *shared = summary;
        }
    }

    /// The lobby's view of the table now.
    pub fn summary_now(&self) -> TableSummary {
        let mut summary = match self.summary.read() {
            Ok(summary) => summary.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        };
        let game = self.core.game();
        summary.status = self.core.status().to_string();
        summary.seats = (self.core.seats().0.iter().enumerate())
            .map(|(s, seat)| seat.summary(s))
            .collect();
        summary.version = game.version();
        summary.actions = game.actions();
        summary.outcome = game.outcome().and_then(|o| serde_json::to_value(o).ok());
        summary.ending = game.ending().and_then(|e| serde_json::to_value(e).ok());
        summary
    }

    fn current_summary(&self) -> TableSummary {
        match self.summary.read() {
            Ok(summary) => summary.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    pub async fn run(mut self) {
        let Some(mut inbox) = self.inbox.take() else {
            return;
        };
        tracing::debug!(table = %self.id, game = self.core.game().name(), "table running");
        self.look();
        loop {
            let leave_at = self
                .finished_at
                .filter(|_| !self.broken)
                .map(|at| at + self.hub.limits.finished_table_grace);
            let next = if self.broken {
                None
            } else {
                self.core.next_wake().and_then(|t| self.instant_of(t))
            };
            let wake = match (next, leave_at) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            // While actions are in flight the oldest one's answer is
            // awaited too, and a full pipeline reads no new command.
            let reading = !self.in_flight.is_full();
            let command = tokio::select! {
                c = inbox.recv(), if reading => c,
                answer = self.in_flight.oldest_answered() => {
                    self.landed(answer);
                    if self.moved {
                        break;
                    }
                    continue;
                }
                _ = sleep_until(wake) => {
                    self.settle().await;
                    if leave_at.is_some_and(|at| at <= Instant::now()) {
                        self.leave_memory();
                        break;
                    }
                    if self.moved {
                        break;
                    }
                    self.tick().await;
                    continue;
                }
            };
            // Only an action joins those in flight; anything else sees
            // and shows what is stored.
            let pipelined = matches!(
                &command,
                Some(Command::Client {
                    request: super::commands::Request::Act(_),
                    ..
                })
            );
            if !pipelined {
                self.settle().await;
                if self.moved {
                    break;
                }
            }
            match command {
                Some(Command::Moved) => {
                    self.moved_away();
                    break;
                }
                Some(command) => self.handle(command).await,
                None => break,
            }
            if self.moved {
                break;
            }
        }
    }

    /// Does whatever is due (flags, timers, abandoned seats, bot actions)
    /// and posts it, one change (`outbox.rs`): once stored, everyone is
    /// told and the bots look.
    pub(super) async fn tick(&mut self) {
        if self.broken {
            return;
        }
        let now = self.now();
        let mut applied = Vec::new();
        for _ in 0..STEPS_PER_WAKE {
            if !self.core.is_due(now) {
                break;
            }
            match self.core_step(|core| core.advance(now)).await {
                Advanced::Idle => break,
                Advanced::Quiet => {}
                Advanced::Step(step) => applied.push(step),
            }
        }
        if applied.is_empty() {
            self.look();
        } else {
            self.post(None, &applied, Vec::new(), Vec::new());
        }
    }

    /// Runs one call of the core that may step the game. A game whose
    /// steps are heavy (a physics game simulates every placement, tens of
    /// milliseconds of one core) has them run outside the async workers,
    /// at most [`Hub::heavy_steps`] at once: its own actions wait in line,
    /// every other table's messages keep flowing.
    pub async fn core_step<T>(&mut self, step: impl FnOnce(&mut TableCore) -> T) -> T {
        let multi_thread = tokio::runtime::Handle::current().runtime_flavor()
            == tokio::runtime::RuntimeFlavor::MultiThread;
        if self.core.game().heavy_steps() && multi_thread {
            let _permit = self.hub.heavy_steps.acquire().await;
            metrics::counter!("stackyard_heavy_steps_total").increment(1);
            return tokio::task::block_in_place(|| step(&mut self.core));
        }
        step(&mut self.core)
    }

    /// A commit failed: the table halts, or, when another node holds its
    /// lease now, leaves.
    pub(super) fn store_failed(&mut self, e: &StoreError) {
        if self.moved {
            return;
        }
        if e.is_moved() {
            // A stalled node woken (issue #28): the database refused
            // the write under a lease another node holds now.
            self.moved = true;
            self.moved_away();
        } else if !self.broken {
            tracing::error!(table = %self.id, error = %e, "cannot store a step: table halted");
            self.broken = true;
        }
    }

    /// Lets the bots that look now think, each on a blocking thread.
    pub fn look(&mut self) {
        if self.broken {
            return;
        }
        let now = self.now();
        for look in self.core.to_look(now) {
            let commands = self.commands.clone();
            tokio::spawn(async move {
                let seat = look.seat;
                let looked_at = look.at;
                let mut bot = look.bot;
                let view = look.view;
                let thought = tokio::task::spawn_blocking(move || {
                    let decision = bot.decide(&view, looked_at);
                    (bot, decision)
                })
                .await;
                if let Ok((bot, decision)) = thought {
                    let decision = decision.unwrap_or_else(|e| {
                        tracing::warn!(error = %e, "a bot could not read its view");
                        None
                    });
                    let _ = commands
                        .send(Command::BotDecided {
                            seat: seat.index(),
                            bot,
                            decision,
                            looked_at,
                        })
                        .await;
                }
            });
        }
    }

    /// A finished table's grace is over: its connections are closed
    /// normally (they have the final state) and the store serves it from
    /// now on.
    fn leave_memory(&mut self) {
        for conn in self.conns.drain(..) {
            conn.handle.kick.kick(1000);
        }
        self.hub.forget(&self.id);
        tracing::debug!(table = %self.id, "finished table left memory");
    }

    pub(super) fn on_finished(&mut self) {
        if self.finished_at.is_some() {
            return;
        }
        metrics::counter!("stackyard_games_finished_total").increment(1);
        self.finished_at = Some(Instant::now());
        self.hub.table_finished(&self.creator);
        let facts = crate::ratings::FinishedFacts {
            game: self.core.game().name(),
            names: self
                .core
                .seats()
                .0
                .iter()
                .map(SeatState::rating_name)
                .collect(),
            outcome: self.core.game().outcome(),
            rated: self.rated,
            accounts: self
                .core
                .seats()
                .0
                .iter()
                .map(|s| s.account().map(str::to_string))
                .collect(),
            table: self.id.clone(),
        };
        if facts.rated {
            let store = self.hub.store.clone();
            tokio::spawn(async move {
                if let Err(e) = crate::ratings::record_result(&store, &facts).await {
                    tracing::warn!(error = %e, "ratings not updated");
                }
            });
        }
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Moved => self.moved_away(),
            Command::Join {
                seat,
                name,
                account,
                reply,
            } => {
                let result = self.join(seat, name, account).await;
                let _ = reply.send(result);
            }
            Command::Connect { token, conn, reply } => {
                let viewer = match &token {
                    None if self.daily.is_some() => Err(ApiError::new(
                        ErrorKind::Forbidden,
                        "a daily deal is played alone: nobody may watch it while the day lasts",
                    )),
                    None => Ok(Viewer::Spectator),
                    Some(token) => self.core.seat_of(token).map(Viewer::Seat),
                };
                match viewer {
                    Ok(viewer) => {
                        let welcome = messages::welcome(
                            &self.core,
                            self.current_summary(),
                            viewer,
                            self.now(),
                        );
                        if deliver(&conn, welcome, self.hub.limits.stalled_reader) {
                            let id = conn.id;
                            self.conns.push(Connection {
                                handle: conn,
                                viewer,
                            });
                            let arrived = match viewer {
                                Viewer::Seat(s) => {
                                    let was_present = self.core.seats().is_present(s);
                                    self.core.connected(s);
                                    !was_present
                                }
                                Viewer::Spectator => false,
                            };
                            self.refresh_summary();
                            if arrived {
                                self.tell_presence(Some(id));
                            }
                        }
                        let _ = reply.send(Ok(viewer));
                    }
                    Err(e) => {
                        let _ = reply.send(Err(e));
                    }
                }
            }
            Command::Disconnect { conn } => {
                let known = self.conns.iter().any(|c| c.handle.id == conn);
                if known {
                    self.retain_conns(|c| c.handle.id != conn);
                }
            }
            Command::Client {
                conn,
                seat,
                id,
                request,
                received,
            } => self.client(conn, seat, id, request, received).await,
            Command::BotDecided {
                seat,
                bot,
                decision,
                looked_at,
            } => {
                let now = self.now();
                let decision = decision.map(|d| Decision {
                    action: d.action,
                    think_ms: d.think_ms,
                });
                let seat = Seat(u8::try_from(seat).unwrap_or(u8::MAX));
                self.core.decided(seat, bot, looked_at, now, decision);
                // Something may have happened while it thought.
                self.look();
            }
            Command::HintReady {
                conn,
                id,
                seat,
                version,
                action,
            } => self.hint_ready(conn, id, seat, version, action),
        }
    }
}
