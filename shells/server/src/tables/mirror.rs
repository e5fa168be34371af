//! A read-only mirror of a table another node owns (issue #28), for the
//! spectators connected to this node: they are served here instead of
//! relayed, so a popular table's audience loads every node, not its owner.
//!
//! A mirror never decides anything. It rebuilds the table from the
//! database (the durable record, the one truth: `crate::rebuild`, the
//! checked replay path a restart uses), and whenever the owner hints that
//! it committed more (`BusMessage::Step`, a table id and a version, no
//! data) or every [`POLL`] besides (a lost notification), it reads the
//! actions, timer steps and row committed since and steps its own
//! [`TableCore`] through them in order: each accepted action through
//! [`TableCore::act`], each stored timer step through
//! [`TableCore::replay_timers`] where the owner fired it, an ending
//! outside the rules through [`TableCore::finish_as_recorded`]. Each step
//! goes out to its spectators as a spectator's view only (hidden
//! information stays hidden: a mirror never serves a seat). A step the
//! mirror's rules refuse, or a gap, means it no longer follows the record:
//! it closes its connections with 1012 and ends, and the spectators
//! reconnect to a fresh mirror.
//!
//! Seats are not mirrored: they need the owner's acknowledgement, and a
//! seat's connection to this node is relayed to the owner message by
//! message (`shells/server/src/cluster/relay.rs`).

use super::commands::{Command, ConnHandle, MirrorHandle, TableHandle, deliver};
use super::core::{Applied, CoreInit, TableCore};
use super::hub::Hub;
use super::messages;
use super::seats::{Holder, SeatState};
use crate::protocol::{ApiError, ClockSpec, ErrorKind, SeatSpec, TableSummary};
use crate::store::{HolderRow, StoredTable};
use stackyard_core::{ErasedRecord, GameTime, Seat, Viewer};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};
use tokio::sync::{Notify, mpsc};

/// A mirror reads the database this often even unhinted.
pub const POLL: Duration = Duration::from_secs(2);
/// A mirror tells the owner it watches this often (the owner hints for
/// three times as long).
pub const WATCH_EVERY: Duration = Duration::from_secs(3);
/// A mirror without spectators ends after this long.
const IDLE: Duration = Duration::from_secs(5);

struct Mirror {
    hub: Arc<Hub>,
    id: String,
    core: TableCore,
    conns: Vec<ConnHandle>,
    summary: Arc<RwLock<TableSummary>>,
    nudge: Arc<Notify>,
    daily: bool,
    holders: Vec<HolderRow>,
    draw_offer: Option<usize>,
    /// The game time of the last step read, and when it was read: the
    /// mirror's clock runs on from there as the owner's does.
    last: (GameTime, Instant),
    finished_at: Option<Instant>,
}

fn storage(e: impl std::fmt::Display) -> ApiError {
    ApiError::new(ErrorKind::Storage, e.to_string())
}

impl Hub {
    /// The mirror of `id` on this node (started if needed), for a table
    /// another node owns; `None` when there is no unfinished table `id`.
    pub async fn mirror(self: &Arc<Self>, id: &str) -> Result<Option<TableHandle>, ApiError> {
        let Some(cluster) = self.cluster.as_ref() else {
            return Ok(None);
        };
        let _one = cluster.mirroring.lock().await;
        // (A mirror whose task is gone, by a panic, is made again.)
        if let Some(running) = cluster.mirror_of(id)
            && !running.table.commands.is_closed()
        {
            return Ok(Some(running.table));
        }
        let Some(stored) = self.store.unfinished_table(id).await.map_err(storage)? else {
            return Ok(None);
        };
        let daily = self
            .store
            .daily_of_table(id)
            .await
            .map_err(storage)?
            .is_some();
        let timer_steps = self.store.timer_steps(id).await.map_err(storage)?;
        let mirror = self.build_mirror(stored, &timer_steps, daily)?;
        let handle = MirrorHandle {
            table: TableHandle {
                commands: mirror.0,
                summary: mirror.1.summary.clone(),
            },
            nudge: mirror.1.nudge.clone(),
        };
        cluster.mirrored(id, handle.clone());
        tokio::spawn(mirror.1.run(mirror.2));
        tracing::debug!(table = %id, "mirroring a table of another node");
        Ok(Some(handle.table))
    }

    #[allow(clippy::type_complexity)]
    fn build_mirror(
        self: &Arc<Self>,
        stored: StoredTable,
        timer_steps: &[crate::store::TimerStepRow],
        daily: bool,
    ) -> Result<(mpsc::Sender<Command>, Mirror, mpsc::Receiver<Command>), ApiError> {
        let kind = self.kind(&stored.game)?;
        let (game, past) = crate::rebuild::rebuild_with_past(kind, &stored.record, timer_steps)
            .map_err(storage)?;
        let specs: Vec<SeatSpec> = serde_json::from_str(&stored.seats).map_err(storage)?;
        let clock: Option<ClockSpec> = match &stored.clock {
            Some(c) => Some(serde_json::from_str(c).map_err(storage)?),
            None => None,
        };
        let seats = specs
            .iter()
            .enumerate()
            .map(|(s, spec)| match spec {
                SeatSpec::Person => SeatState::person(holder(&stored.holders, s), 0),
                SeatSpec::Bot { level } => SeatState::Bot {
                    level: level.clone(),
                },
            })
            .collect();
        let settings = ErasedRecord::parse(&stored.record)
            .map_err(storage)?
            .settings;
        let mut core = TableCore::new(CoreInit {
            bots: specs.iter().map(|_| None).collect(),
            game,
            seats,
            clock,
            draw_offer: stored.draw_offer,
            abandon_after_ms: u64::try_from(self.limits.abandon_after.as_millis())
                .unwrap_or(u64::MAX),
            past,
        })?;
        if stored.status == "playing" {
            let now = core.game().now();
            core.start(now);
        }
        let summary = TableSummary {
            id: stored.id.clone(),
            game: kind.name().to_string(),
            title: kind.title().to_string(),
            status: String::new(),
            settings,
            seats: Vec::new(),
            created_at: stored.created_at,
            version: 0,
            actions: 0,
            clock,
            rated: stored.rated,
            outcome: None,
            ending: None,
            daily: None,
            rematch: None,
        };
        let (commands, inbox) = mpsc::channel(256);
        let last = (core.game().now(), Instant::now());
        let mirror = Mirror {
            hub: self.clone(),
            id: stored.id,
            core,
            conns: Vec::new(),
            summary: Arc::new(RwLock::new(summary)),
            nudge: Arc::new(Notify::new()),
            daily,
            holders: stored.holders,
            draw_offer: stored.draw_offer,
            last,
            finished_at: None,
        };
        mirror.refresh_summary();
        Ok((commands, mirror, inbox))
    }
}

fn holder(holders: &[HolderRow], seat: usize) -> Option<Holder> {
    holders.iter().find(|h| h.0 == seat).map(|h| Holder {
        token_hash: h.1.clone(),
        name: h.2.clone(),
        account: h.3.clone(),
    })
}

impl Mirror {
    /// The game's time now, as the owner's runs: from the last step read.
    fn now(&self) -> GameTime {
        if self.core.is_playing() && !self.core.is_over() {
            self.last.0 + self.last.1.elapsed().as_millis() as u64
        } else {
            self.core.game().now()
        }
    }

    fn refresh_summary(&self) {
        let game = self.core.game();
        if let Ok(mut summary) = self.summary.write() {
            summary.status = self.core.status().to_string();
            summary.seats = (self.core.seats().0.iter().enumerate())
                .map(|(s, seat)| seat.summary(s))
                .collect();
            summary.version = game.version();
            summary.actions = game.actions();
            summary.outcome = game.outcome().and_then(|o| serde_json::to_value(o).ok());
            summary.ending = game.ending().and_then(|e| serde_json::to_value(e).ok());
        }
    }

    fn current_summary(&self) -> TableSummary {
        match self.summary.read() {
            Ok(summary) => summary.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    async fn run(mut self, mut inbox: mpsc::Receiver<Command>) {
        let mut watch_told = Instant::now() - WATCH_EVERY;
        let mut alone_since = Some(Instant::now());
        loop {
            if watch_told.elapsed() >= WATCH_EVERY {
                if let Some(cluster) = self.hub.cluster.as_ref() {
                    cluster.watch(&self.id);
                }
                watch_told = Instant::now();
            }
            let leave = alone_since.is_some_and(|at| at.elapsed() >= IDLE)
                || self
                    .finished_at
                    .is_some_and(|at| at.elapsed() >= self.hub.limits.finished_table_grace);
            if leave {
                self.end(1000);
                return;
            }
            tokio::select! {
                command = inbox.recv() => match command {
                    Some(Command::Connect { token, conn, reply }) => {
                        let _ = reply.send(self.connect(token, conn));
                    }
                    Some(Command::Disconnect { conn }) => self.conns.retain(|c| c.id != conn),
                    Some(_) => {}
                    None => return,
                },
                _ = self.nudge.notified() => {
                    if !self.catch_up().await {
                        return;
                    }
                }
                _ = tokio::time::sleep(POLL) => {
                    if !self.catch_up().await {
                        return;
                    }
                }
            }
            alone_since = match (self.conns.is_empty(), alone_since) {
                (true, None) => Some(Instant::now()),
                (true, since) => since,
                (false, _) => None,
            };
        }
    }

    fn connect(&mut self, token: Option<String>, conn: ConnHandle) -> Result<Viewer, ApiError> {
        if token.is_some() {
            // Seats go to the owner (the WebSocket end relays them).
            return Err(ApiError::new(
                ErrorKind::Busy,
                "this server only watches this table; connect again to play",
            ));
        }
        if self.daily {
            return Err(ApiError::new(
                ErrorKind::Forbidden,
                "a daily deal is played alone: nobody may watch it while the day lasts",
            ));
        }
        let welcome = messages::welcome(
            &self.core,
            self.current_summary(),
            Viewer::Spectator,
            self.now(),
        );
        if deliver(&conn, welcome, self.hub.limits.stalled_reader) {
            self.conns.push(conn);
        }
        Ok(Viewer::Spectator)
    }

    /// Ends the mirror: its connections closed with `code`, and the
    /// cluster forgets it.
    fn end(&mut self, code: u16) {
        if let Some(cluster) = self.hub.cluster.as_ref() {
            cluster.unmirrored(&self.id);
        }
        for conn in self.conns.drain(..) {
            conn.kick.kick(code);
        }
    }

    fn tell(&mut self, applied: &Applied) {
        self.last = (applied.at, Instant::now());
        let texts =
            messages::step_texts(&self.core, &applied.step, applied.at, [Viewer::Spectator]);
        let Some((_, text)) = texts.into_iter().next() else {
            return;
        };
        let stalled = self.hub.limits.stalled_reader;
        self.conns.retain(|c| deliver(c, text.clone(), stalled));
    }

    fn tell_all(&mut self, text: axum::extract::ws::Utf8Bytes) {
        let stalled = self.hub.limits.stalled_reader;
        self.conns.retain(|c| deliver(c, text.clone(), stalled));
    }

    /// Reads what the owner committed since the last read and steps
    /// through it. Answers whether the mirror goes on.
    async fn catch_up(&mut self) -> bool {
        match self.read_and_step().await {
            Ok(()) => true,
            Err(e) => {
                tracing::warn!(table = %self.id, error = %e, "a mirror left its table's record: closed");
                self.end(1012);
                false
            }
        }
    }

    async fn read_and_step(&mut self) -> Result<(), String> {
        if self.core.is_over() {
            return Ok(());
        }
        let store = self.hub.store.clone();
        let Some(progress) = store.progress(&self.id).await.map_err(|e| e.to_string())? else {
            return Err("the table is gone".into());
        };
        // Seats taken, the game started: the table message, as the
        // owner sends it.
        if progress.holders != self.holders
            || (progress.status == "playing" && !self.core.is_playing())
        {
            let now = self.core.game().now();
            for (seat, hash, name, account) in &progress.holders {
                if !self.holders.iter().any(|h| h.0 == *seat) {
                    let holder = Holder {
                        token_hash: hash.clone(),
                        name: name.clone(),
                        account: account.clone(),
                    };
                    self.core.seat_taken(*seat, holder, now);
                }
            }
            if progress.status != "open" && !self.core.is_playing() {
                self.core.start(now);
            }
            self.holders = progress.holders.clone();
            self.refresh_summary();
            let summary = self.current_summary();
            self.tell_all(messages::table(summary));
        }
        loop {
            let from = self.core.game().actions() as i64;
            let actions = store
                .actions_from(&self.id, from)
                .await
                .map_err(|e| e.to_string())?;
            let timers = store
                .timer_steps(&self.id)
                .await
                .map_err(|e| e.to_string())?;
            let got = actions.len();
            for action in actions {
                if action.seq != self.core.game().actions() as i64 {
                    return Err(format!("action {} read out of order", action.seq));
                }
                self.fire_timers(&timers);
                match self.core.act(action.seat, action.action, action.at) {
                    Ok(applied) => self.tell(&applied),
                    Err(refused) => {
                        return Err(format!(
                            "action {} refused on the mirror: {} (rule {:?})",
                            action.seq, refused.error.message, refused.error.rule
                        ));
                    }
                }
            }
            self.fire_timers(&timers);
            if got < crate::store::ACTIONS_PER_READ as usize {
                break;
            }
        }
        if self.draw_offer != progress.draw_offer {
            self.draw_offer = progress.draw_offer;
            if let Some(seat) = progress.draw_offer.and_then(|s| u8::try_from(s).ok()) {
                self.tell_all(messages::draw_offered(Seat(seat)));
            }
        }
        if progress.status == "finished" && !self.core.is_over() {
            self.finish(progress.record.as_deref())?;
        }
        if self.core.is_over() && self.finished_at.is_none() {
            self.finished_at = Some(Instant::now());
        }
        self.refresh_summary();
        Ok(())
    }

    /// Fires the stored timer steps due before the next action.
    fn fire_timers(&mut self, timers: &[crate::store::TimerStepRow]) {
        let actions = self.core.game().actions() as u64;
        for step in timers {
            if step.version <= self.core.game().version() || step.after_actions > actions {
                continue;
            }
            let at = GameTime::from_millis(step.at_ms);
            match self.core.replay_timers(at) {
                Some(applied) => self.tell(&applied),
                // As a restart does (`crate::rebuild`): said, not fatal.
                None => {
                    tracing::warn!(table = %self.id, version = step.version, "a stored timer step fired nothing on a mirror")
                }
            }
        }
    }

    /// The owner finished the game outside the rules (or at the record's
    /// end): the same ending, from the finished record.
    fn finish(&mut self, record: Option<&str>) -> Result<(), String> {
        let record = record.ok_or("a finished table without its record")?;
        let value: serde_json::Value = serde_json::from_str(record).map_err(|e| e.to_string())?;
        let record = ErasedRecord::parse(&value).map_err(|e| e.to_string())?;
        if let Some(end) = record.end
            && end > self.core.game().now()
            && let Some(applied) = self.core.replay_timers(end)
        {
            self.tell(&applied);
        }
        if !self.core.is_over()
            && let Some(ending) = record.ending
        {
            let at = self.core.game().now();
            if let Some(applied) = self.core.finish_as_recorded(ending, at) {
                self.tell(&applied);
            }
        }
        Ok(())
    }
}
