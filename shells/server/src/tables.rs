//! Tables: one tokio task per table, owning its `Box<dyn HostedGame>`.
//!
//! The task is the only place a table changes. It maps wall time to the
//! game's time (the clock starts when every seat is filled and stops while
//! the server is down), fires the game's timers at `next_deadline()` without
//! being asked, runs the table's bots (their thinking on blocking threads,
//! their actions arriving after their think time), checks tokens, turns and
//! clocks, and fans every step out to each connection as that connection's
//! viewer may see it. An accepted action is committed to the store before
//! anyone hears of it.
//!
//! It knows games only through `stackyard_core::host`.

use crate::auth;
use crate::protocol::{
    ApiError, ClockSpec, ErrorKind, Joined, PROTOCOL, SeatSpec, SeatSummary, TableSummary,
    clean_name,
};
use crate::store::{Store, StoredTable, Write};
use axum::extract::ws::Utf8Bytes;
use serde::Serialize;
use serde_json::{Value, json};
use stackyard_core::host::{GameKind, HostDecision, HostStep, HostedBot, HostedGame, Registry};
use stackyard_core::{Ending, GameTime, Seat, Seed, ToAct, Viewer};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU16, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};
use tokio::sync::{Notify, mpsc, oneshot};

mod archive;
pub mod online;

/// A request to cut a connection off, with the close code to send.
#[derive(Debug, Default)]
pub struct Kick {
    code: AtomicU16,
    notify: Notify,
}

impl Kick {
    /// Asks the connection to close with `code`.
    pub fn kick(&self, code: u16) {
        self.code.store(code, Ordering::SeqCst);
        self.notify.notify_one();
    }

    /// Waits for a kick and returns its close code.
    pub async fn kicked(&self) -> u16 {
        loop {
            let code = self.code.load(Ordering::SeqCst);
            if code != 0 {
                return code;
            }
            self.notify.notified().await;
        }
    }
}

/// What a table needs to reach one connection.
#[derive(Debug, Clone)]
pub struct ConnHandle {
    /// The connection's id (unique in this process).
    pub id: u64,
    /// Its bounded outbound queue: a full queue cuts it off.
    pub out: mpsc::Sender<Utf8Bytes>,
    /// How the table cuts it off.
    pub kick: Arc<Kick>,
}

/// What a seated connection asks of its table.
#[derive(Debug, Clone)]
pub enum Request {
    /// A game action.
    Act(Value),
    /// Resign.
    Resign,
    /// Offer a draw.
    OfferDraw,
    /// Accept the standing offer.
    AcceptDraw,
    /// Ask for a hint.
    Hint,
}

/// A message to a table's task.
pub enum Command {
    /// Take a seat.
    Join {
        /// The seat wanted.
        seat: Option<usize>,
        /// The name to go by.
        name: Option<String>,
        /// The answer.
        reply: oneshot::Sender<Result<Joined, ApiError>>,
    },
    /// A connection says hello; the table answers with its viewer and
    /// sends it a welcome.
    Connect {
        /// The seat's token, or none to watch.
        token: Option<String>,
        /// The connection.
        conn: ConnHandle,
        /// The viewer it was admitted as.
        reply: oneshot::Sender<Result<Viewer, ApiError>>,
    },
    /// A connection closed.
    Disconnect {
        /// Its id.
        conn: u64,
    },
    /// A seated connection's request.
    Client {
        /// The connection.
        conn: u64,
        /// Its seat (from its token).
        seat: Seat,
        /// The client's message id.
        id: u64,
        /// What it asks.
        request: Request,
        /// When the connection read it (the action latency histogram
        /// counts from here, waiting in the table's line included).
        received: Instant,
    },
    /// A bot finished thinking.
    BotDecided {
        /// Its seat.
        seat: usize,
        /// The bot, back from its thread.
        bot: Box<dyn HostedBot>,
        /// What it decided.
        decision: Option<HostDecision>,
        /// The game time it looked at the table.
        looked_at: GameTime,
    },
    /// A hint is ready.
    HintReady {
        /// For whom.
        conn: u64,
        /// Their message id.
        id: u64,
        /// The seat it was asked for.
        seat: usize,
        /// The table's version it was worked out at.
        version: u64,
        /// The suggested action.
        action: Option<Value>,
    },
}

/// A running table as the rest of the server holds it.
#[derive(Clone)]
pub struct TableHandle {
    /// Where to send commands.
    pub commands: mpsc::Sender<Command>,
    /// The lobby's view of it, kept current by the task.
    pub summary: Arc<RwLock<TableSummary>>,
}

/// Everything shared by the tables and the front ends.
pub struct Hub {
    /// Every game this server hosts.
    pub registry: Registry,
    /// The database.
    pub store: Store,
    /// The limits.
    pub limits: crate::config::Limits,
    tables: RwLock<HashMap<String, TableHandle>>,
    open_by_client: Mutex<HashMap<String, usize>>,
    next_conn: AtomicU64,
    /// The daily deals this server offers (set once at start).
    pub daily: std::sync::OnceLock<crate::daily::Dailies>,
    /// Dear game steps (a physics game's placement) running at once: one
    /// core fewer than the machine has, so messages and cheap tables always
    /// keep a core.
    heavy_steps: tokio::sync::Semaphore,
    /// Hints being searched at once, across every table: a flood of hints
    /// waits here instead of each taking a blocking thread.
    hint_searches: Arc<tokio::sync::Semaphore>,
    /// Finished tables out of memory, parsed, most recently served kept.
    archive: Mutex<hashlink::LruCache<String, Arc<archive::Archived>>>,
    /// Games replayed at once for the store's sake (a finished table's
    /// last state worked out, a replay's frames): one, so a flood of
    /// them takes one blocking thread.
    pub(crate) replays: tokio::sync::Semaphore,
    /// Replays' frames, by table id, most recently served kept.
    pub(crate) replay_cache: Mutex<hashlink::LruCache<String, Arc<Value>>>,
}

/// Hints searched at once across the server (each on a blocking thread).
const HINT_SEARCHES: usize = 2;
/// Replays kept worked out (a physics game's takes up to a second).
const REPLAYS_CACHED: usize = 32;

fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

impl Hub {
    /// A hub over `store`, hosting every game of `registry`.
    pub fn new(registry: Registry, store: Store, limits: crate::config::Limits) -> Arc<Hub> {
        Arc::new(Hub {
            registry,
            store,
            limits,
            tables: RwLock::new(HashMap::new()),
            open_by_client: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
            daily: std::sync::OnceLock::new(),
            heavy_steps: tokio::sync::Semaphore::new(
                std::thread::available_parallelism()
                    .map_or(1, |n| n.get().saturating_sub(1))
                    .max(1),
            ),
            hint_searches: Arc::new(tokio::sync::Semaphore::new(HINT_SEARCHES)),
            archive: Mutex::new(hashlink::LruCache::new(archive::CACHED)),
            replays: tokio::sync::Semaphore::new(1),
            replay_cache: Mutex::new(hashlink::LruCache::new(REPLAYS_CACHED)),
        })
    }

    /// A fresh connection id.
    pub fn conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// The table called `id`, if running.
    pub fn table(&self, id: &str) -> Option<TableHandle> {
        self.tables.read().ok()?.get(id).cloned()
    }

    /// Summaries of every table in memory, filtered.
    pub fn summaries(&self, game: Option<&str>, status: Option<&str>) -> Vec<TableSummary> {
        let Ok(tables) = self.tables.read() else {
            return Vec::new();
        };
        let mut out: Vec<TableSummary> = tables
            .values()
            .filter_map(|t| t.summary.read().ok().map(|s| s.clone()))
            .filter(|s| s.daily.is_none())
            .filter(|s| game.is_none_or(|g| s.game == g))
            .filter(|s| status.is_none_or(|st| s.status == st))
            .collect();
        out.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(a.id.cmp(&b.id)));
        out
    }

    /// How many tables are in memory, and how many of them are unfinished.
    pub fn counts(&self) -> (usize, usize) {
        let Ok(tables) = self.tables.read() else {
            return (0, 0);
        };
        let live = tables
            .values()
            .filter(|t| {
                t.summary
                    .read()
                    .map(|s| s.status != "finished")
                    .unwrap_or(false)
            })
            .count();
        (tables.len(), live)
    }

    fn kind(&self, game: &str) -> Result<&dyn GameKind, ApiError> {
        self.registry.get(game).ok_or_else(|| {
            ApiError::new(
                ErrorKind::BadRequest,
                format!(
                    "there is no game {game:?}; this server hosts {}",
                    self.registry.names().join(", ")
                ),
            )
        })
    }

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
        online::check_online_settings(kind, &game.record()["settings"])?;
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
        let header = game.record();
        let mut writes = vec![Write::CreateTable {
            id: id.clone(),
            game: kind.name().to_string(),
            seats: json!(seats).to_string(),
            clock: spec.clock.map(|c| json!(c).to_string()),
            rated,
            header: header.to_string(),
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
            });
            writes.extend((private.writes)(&id));
            daily_day = Some(private.day);
            holders.push((0, hash, Some(name)));
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
            },
        )?;
        let summary = table.summary.read().map_err(|_| poisoned())?.clone();
        self.launch(table);
        Ok((summary, joined))
    }

    /// Rebuilds every unfinished table from the store (a restart).
    pub async fn resume_all(self: &Arc<Self>) -> Result<usize, crate::store::StoreError> {
        let stored = self.store.unfinished().await?;
        let mut resumed = 0;
        for table in stored {
            let id = table.id.clone();
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

    fn resume(self: &Arc<Self>, stored: StoredTable, extras: ResumeExtras) -> Result<(), ApiError> {
        let table = self.rebuild_task(stored, extras)?;
        self.launch(table);
        Ok(())
    }

    /// A stored table's task, rebuilt (not started).
    fn rebuild_task(
        self: &Arc<Self>,
        stored: StoredTable,
        extras: ResumeExtras,
    ) -> Result<TableTask, ApiError> {
        let kind = self.kind(&stored.game)?;
        let game = crate::rebuild::rebuild(kind, &stored.record, &extras.timer_steps)
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
            },
        )
    }

    fn launch(self: &Arc<Self>, table: TableTask) {
        let handle = TableHandle {
            commands: table.commands.clone(),
            summary: table.summary.clone(),
        };
        let id = table.id.clone();
        let unfinished = table.game.to_act() != ToAct::Nobody;
        if unfinished && let Ok(mut open) = self.open_by_client.lock() {
            *open.entry(table.creator.clone()).or_insert(0) += 1;
        }
        if let Ok(mut tables) = self.tables.write() {
            tables.insert(id, handle);
        }
        metrics::gauge!("stackyard_tables").increment(1.0);
        tokio::spawn(table.run());
    }

    /// Drops a finished table from memory (the store serves it).
    fn forget(&self, id: &str) {
        if let Ok(mut tables) = self.tables.write()
            && tables.remove(id).is_some()
        {
            metrics::gauge!("stackyard_tables").decrement(1.0);
        }
    }

    fn table_finished(&self, creator: &str) {
        if let Ok(mut open) = self.open_by_client.lock()
            && let Some(n) = open.get_mut(creator)
        {
            *n = n.saturating_sub(1);
        }
    }
}

fn poisoned() -> ApiError {
    ApiError::new(ErrorKind::Storage, "internal lock poisoned")
}

/// What a private table (a daily deal) adds to its creation.
pub struct PrivateTable {
    /// The name that takes its one seat.
    pub name: String,
    /// The day it belongs to (its record stays private until the day is
    /// over; nobody may watch it).
    pub day: String,
    /// More writes to commit with the table, given its id.
    pub writes: MoreWrites,
}

/// Writes to commit with a new table, made once its id is known.
pub type MoreWrites = Box<dyn FnOnce(&str) -> Vec<Write> + Send>;

/// What a resumed table needs besides its stored row.
struct ResumeExtras {
    timer_steps: Vec<crate::store::TimerStepRow>,
    hints: Vec<(usize, u32)>,
    daily: Option<String>,
}

struct TableInit {
    /// The seat whose draw offer stands (a resumed table's).
    draw_offer: Option<usize>,
    /// Hints asked so far, per seat.
    hints: Vec<(usize, u32)>,
    /// The day of a daily deal's table.
    daily: Option<String>,
    id: String,
    game: Box<dyn HostedGame>,
    seats: Vec<SeatSpec>,
    holders: Vec<(usize, String, Option<String>)>,
    clock: Option<ClockSpec>,
    rated: bool,
    created_at: i64,
    creator: String,
    playing: bool,
}

enum SeatState {
    Person {
        token_hash: Option<String>,
        name: Option<String>,
        /// When the seat was last left without a connection while playing.
        away_since: Option<Instant>,
        hints: u32,
    },
    Bot {
        level: String,
        /// `None` while the bot is thinking on another thread.
        bot: Option<Box<dyn HostedBot>>,
        /// The action in flight and when it arrives.
        pending: Option<(GameTime, Value)>,
        /// Something happened since it last looked.
        wants_look: bool,
        /// Do not look again before this (after a refused action).
        not_before: GameTime,
    },
}

struct Connection {
    handle: ConnHandle,
    viewer: Viewer,
}

/// Per-seat chess clocks, rebuilt from the record's action times.
#[derive(Debug, Clone)]
struct Clocks {
    spec: ClockSpec,
    /// Time left per seat when its clock last stopped, ms.
    remaining: Vec<i64>,
    /// When the running clock started (game time).
    since: GameTime,
}

impl Clocks {
    fn new(spec: ClockSpec, seats: usize) -> Self {
        Clocks {
            spec,
            remaining: vec![i64::try_from(spec.initial_ms).unwrap_or(i64::MAX); seats],
            since: GameTime::ZERO,
        }
    }

    /// Rebuilds the clocks from a record's entries.
    fn from_record(spec: ClockSpec, seats: usize, record: &Value) -> Self {
        let mut clocks = Clocks::new(spec, seats);
        if let Some(entries) = record["actions"].as_array() {
            for e in entries {
                let seat = e["seat"].as_u64().unwrap_or(0) as usize;
                let at = GameTime::from_millis(e["at"].as_u64().unwrap_or(0));
                clocks.moved(seat, at);
            }
        }
        clocks
    }

    /// `seat` moved at `at`: its clock stops (with the increment) and the
    /// next one starts.
    fn moved(&mut self, seat: usize, at: GameTime) {
        // Saturating: a stored clock from before its numbers were bounded
        // must not wrap round to a fallen flag.
        if let Some(r) = self.remaining.get_mut(seat) {
            let spent = i64::try_from(at.millis_since(self.since)).unwrap_or(i64::MAX);
            let gained = i64::try_from(self.spec.increment_ms).unwrap_or(i64::MAX);
            *r = r.saturating_sub(spent).saturating_add(gained);
        }
        self.since = at;
    }

    /// When `seat`'s flag falls if it is running.
    fn flag_at(&self, seat: usize) -> Option<GameTime> {
        let left = *self.remaining.get(seat)?;
        Some(self.since + left.max(0).unsigned_abs())
    }

    fn json(&self, running: Option<usize>, now: GameTime) -> Value {
        Value::Array(
            self.remaining
                .iter()
                .enumerate()
                .map(|(s, &r)| {
                    let running = running == Some(s);
                    let left = if running {
                        r.saturating_sub(
                            i64::try_from(now.millis_since(self.since)).unwrap_or(i64::MAX),
                        )
                        .max(0)
                    } else {
                        r.max(0)
                    };
                    json!({"remaining_ms": left, "running": running})
                })
                .collect(),
        )
    }
}

struct TableTask {
    hub: Arc<Hub>,
    id: String,
    creator: String,
    game: Box<dyn HostedGame>,
    seats: Vec<SeatState>,
    conns: Vec<Connection>,
    clocks: Option<Clocks>,
    clock_spec: Option<ClockSpec>,
    rated: bool,
    created_at: i64,
    playing: bool,
    /// Game time when the clock (re)started, and the wall instant then.
    base: GameTime,
    started: Option<Instant>,
    draw_offer: Option<usize>,
    /// A store failure left memory ahead of the database: refuse changes.
    broken: bool,
    /// The day of a daily deal's table: private, and its result is ranked.
    daily: Option<String>,
    commands: mpsc::Sender<Command>,
    inbox: Option<mpsc::Receiver<Command>>,
    summary: Arc<RwLock<TableSummary>>,
    /// Per seat: whether a hint is being searched, and the last answer
    /// with the version it was worked out at (asked again at the same
    /// version, it is answered at once and not searched or counted again).
    hints: Vec<HintSlot>,
    /// When the finish was stored: the task leaves memory a grace later.
    finished_at: Option<Instant>,
}

#[derive(Default)]
struct HintSlot {
    searching: bool,
    answered: Option<(u64, Option<Value>)>,
}

fn may_act(game: &dyn HostedGame, seat: usize) -> bool {
    match game.to_act() {
        ToAct::Seat(s) => s.index() == seat,
        ToAct::AnySeat => true,
        ToAct::Nobody => false,
    }
}

impl TableTask {
    fn build(hub: Arc<Hub>, init: TableInit) -> Result<TableTask, ApiError> {
        let kind = hub.kind(init.game.name())?;
        let record = init.game.record();
        let settings = record["settings"].clone();
        let seed: Seed = serde_json::from_value(record["seed"].clone()).unwrap_or(Seed(0));
        let mut seats = Vec::with_capacity(init.seats.len());
        for (s, spec) in init.seats.iter().enumerate() {
            seats.push(match spec {
                SeatSpec::Person => {
                    let holder = init.holders.iter().find(|h| h.0 == s);
                    SeatState::Person {
                        token_hash: holder.map(|h| h.1.clone()),
                        name: holder.and_then(|h| h.2.clone()),
                        away_since: None,
                        hints: init.hints.iter().find(|h| h.0 == s).map_or(0, |h| h.1),
                    }
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
                    SeatState::Bot {
                        bot: Some(
                            kind.bot(&level, Seat(s as u8), seed.child(s as u64), &settings)
                                .map_err(|e| ApiError::new(ErrorKind::BadRequest, e.to_string()))?,
                        ),
                        level,
                        pending: None,
                        wants_look: true,
                        not_before: GameTime::ZERO,
                    }
                }
            });
        }
        let clocks = init
            .clock_spec()
            .map(|spec| Clocks::from_record(spec, seats.len(), &record));
        let (commands, inbox) = mpsc::channel(1024);
        let base = init.game.now();
        let summary = Arc::new(RwLock::new(TableSummary {
            id: init.id.clone(),
            game: kind.name().to_string(),
            title: kind.title().to_string(),
            status: String::new(),
            settings,
            seats: Vec::new(),
            created_at: init.created_at,
            version: 0,
            actions: 0,
            clock: init.clock,
            rated: init.rated,
            outcome: None,
            ending: None,
            daily: init.daily.clone(),
        }));
        let mut task = TableTask {
            hub,
            id: init.id,
            creator: init.creator,
            game: init.game,
            seats,
            conns: Vec::new(),
            clocks,
            clock_spec: init.clock,
            rated: init.rated,
            created_at: init.created_at,
            playing: false,
            base,
            started: None,
            draw_offer: init.draw_offer.filter(|&s| s < init.seats.len()),
            broken: false,
            daily: init.daily.clone(),
            commands,
            inbox: Some(inbox),
            summary,
            hints: Vec::new(),
            finished_at: None,
        };
        task.hints.resize_with(task.seats.len(), HintSlot::default);
        if init.playing {
            task.start_playing();
        }
        task.refresh_summary();
        Ok(task)
    }

    fn status(&self) -> &'static str {
        if self.game.to_act() == ToAct::Nobody {
            "finished"
        } else if self.playing {
            "playing"
        } else {
            "open"
        }
    }

    fn start_playing(&mut self) {
        self.playing = true;
        self.base = self.game.now();
        self.started = Some(Instant::now());
        if let Some(clocks) = &mut self.clocks
            && clocks.since < self.base
            && self.game.actions() == 0
        {
            clocks.since = self.base;
        }
        let now = Instant::now();
        for seat in &mut self.seats {
            if let SeatState::Person { away_since, .. } = seat {
                *away_since = Some(now);
            }
        }
        // Seats with a connection are not away.
        let present: Vec<usize> = self
            .conns
            .iter()
            .filter_map(|c| match c.viewer {
                Viewer::Seat(s) => Some(s.index()),
                Viewer::Spectator => None,
            })
            .collect();
        for s in present {
            if let Some(SeatState::Person { away_since, .. }) = self.seats.get_mut(s) {
                *away_since = None;
            }
        }
    }

    /// The game's time now.
    fn now(&self) -> GameTime {
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

    fn running_clock(&self) -> Option<usize> {
        if !self.playing || self.clocks.is_none() {
            return None;
        }
        match self.game.to_act() {
            ToAct::Seat(s) => Some(s.index()),
            _ => None,
        }
    }

    fn clocks_json(&self) -> Value {
        match &self.clocks {
            Some(c) => c.json(self.running_clock(), self.now()),
            None => Value::Null,
        }
    }

    fn refresh_summary(&self) {
        let summary = self.summary_now();
        if let Ok(mut shared) = self.summary.write() {
            *shared = summary;
        }
    }

    /// The lobby's view of the table now.
    fn summary_now(&self) -> TableSummary {
        let seats = self
            .seats
            .iter()
            .enumerate()
            .map(|(s, state)| match state {
                SeatState::Person {
                    token_hash,
                    name,
                    hints,
                    ..
                } => SeatSummary {
                    seat: s,
                    kind: "person".into(),
                    level: None,
                    hints: *hints,
                    name: name.clone(),
                    taken: token_hash.is_some(),
                    connected: self
                        .conns
                        .iter()
                        .any(|c| c.viewer == Viewer::Seat(Seat(s as u8))),
                },
                SeatState::Bot { level, .. } => SeatSummary {
                    seat: s,
                    kind: "bot".into(),
                    level: Some(level.clone()),
                    hints: 0,
                    name: None,
                    taken: true,
                    connected: true,
                },
            })
            .collect();
        let mut summary = match self.summary.read() {
            Ok(summary) => summary.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        };
        summary.status = self.status().to_string();
        summary.seats = seats;
        summary.version = self.game.version();
        summary.actions = self.game.actions();
        summary.outcome = self.game.outcome().map(|o| json!(o));
        summary.ending = self.game.ending().map(|e| json!(e));
        summary
    }

    /// What is stored of the table, once finished, to serve it out of
    /// memory: its summary (nobody connected), its welcome's fields and
    /// every viewer's view.
    fn final_state(&self) -> archive::FinalState {
        let mut summary = self.summary_now();
        for seat in &mut summary.seats {
            if seat.kind == "person" {
                seat.connected = false;
            }
        }
        let now = self.game.now();
        let head = json!({
            "version": self.game.version(),
            "to_act": self.game.to_act(),
            "clocks": self.clocks.as_ref().map_or(Value::Null, |c| c.json(None, now)),
            "now_ms": now.as_millis(),
            "draw_offered_by": Value::Null,
            "ended": self.game.ending(),
            "outcome": self.game.outcome(),
        });
        let mut views = vec![self.game.view_text(Viewer::Spectator)];
        if !self.game.views_are_public() {
            views.extend(
                (0..self.seats.len())
                    .filter_map(|s| u8::try_from(s).ok())
                    .map(|s| self.game.view_text(Viewer::Seat(Seat(s)))),
            );
        }
        archive::FinalState {
            summary,
            head,
            views,
        }
    }

    fn summary_json(&self) -> Value {
        self.summary
            .read()
            .map(|s| json!(*s))
            .unwrap_or(Value::Null)
    }

    async fn run(mut self) {
        let Some(mut inbox) = self.inbox.take() else {
            return;
        };
        tracing::debug!(table = %self.id, game = self.game.name(), "table running");
        self.plan_bots();
        loop {
            let leave_at = self
                .finished_at
                .filter(|_| !self.broken)
                .map(|at| at + self.hub.limits.finished_table_grace);
            let wake = match (self.next_wake(), leave_at) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let command = match wake {
                Some(at) => tokio::select! {
                    c = inbox.recv() => c,
                    _ = tokio::time::sleep_until(at.into()) => {
                        if leave_at.is_some_and(|at| at <= Instant::now()) {
                            self.leave_memory();
                            break;
                        }
                        self.tick().await;
                        continue;
                    }
                },
                None => inbox.recv().await,
            };
            match command {
                Some(command) => self.handle(command).await,
                None => break,
            }
        }
    }

    /// The next moment something is due: a game timer, a bot's action, a
    /// flag falling, a seat abandoned.
    fn next_wake(&self) -> Option<Instant> {
        if !self.playing || self.game.to_act() == ToAct::Nobody {
            return None;
        }
        let mut times: Vec<GameTime> = Vec::new();
        if let Some(d) = self.game.next_deadline() {
            times.push(d);
        }
        for (s, seat) in self.seats.iter().enumerate() {
            if let SeatState::Bot {
                pending,
                wants_look,
                bot,
                not_before,
                ..
            } = seat
            {
                if let Some((at, _)) = pending {
                    times.push(*at);
                } else if *wants_look && bot.is_some() && may_act(self.game.as_ref(), s) {
                    times.push(*not_before);
                }
            }
        }
        if let (Some(seat), Some(clocks)) = (self.running_clock(), &self.clocks)
            && let Some(flag) = clocks.flag_at(seat)
        {
            times.push(flag);
        }
        let mut wake = times.into_iter().min().and_then(|t| self.instant_of(t));
        for seat in &self.seats {
            if let SeatState::Person {
                away_since: Some(since),
                token_hash: Some(_),
                ..
            } = seat
            {
                let at = *since + self.hub.limits.abandon_after;
                wake = Some(wake.map_or(at, |w| w.min(at)));
            }
        }
        wake
    }

    async fn tick(&mut self) {
        if !self.playing || self.game.to_act() == ToAct::Nobody || self.broken {
            return;
        }
        let now = self.now();
        // A fallen flag loses.
        if let (Some(seat), Some(clocks)) = (self.running_clock(), &self.clocks)
            && clocks.flag_at(seat).is_some_and(|f| f <= now)
        {
            let at = clocks.flag_at(seat).unwrap_or(now);
            self.finish(
                Ending::TimedOut {
                    seat: Seat(seat as u8),
                },
                at,
                None,
            )
            .await;
            return;
        }
        // Timers fire at their deadlines, asked or not.
        if self.game.next_deadline().is_some_and(|d| d <= now) {
            let step = self.game_step(|game| game.advance_to(now)).await;
            if !step.is_empty() {
                let mut writes = self.step_writes(&step, None);
                writes.push(self.timer_step_write(&step));
                if self.persist(writes).await.is_err() {
                    return;
                }
                self.after_step(&step);
            }
        }
        // Abandonment.
        let limit = self.hub.limits.abandon_after;
        let gone = self.seats.iter().position(|s| {
            matches!(s, SeatState::Person { away_since: Some(since), token_hash: Some(_), .. }
                if since.elapsed() >= limit)
        });
        if let Some(seat) = gone {
            self.finish(
                Ending::Abandoned {
                    seat: Seat(seat as u8),
                },
                now,
                None,
            )
            .await;
            return;
        }
        // Bot actions that have arrived, earliest first.
        loop {
            if self.game.to_act() == ToAct::Nobody {
                break;
            }
            let due = self
                .seats
                .iter()
                .enumerate()
                .filter_map(|(s, seat)| match seat {
                    SeatState::Bot {
                        pending: Some((at, _)),
                        ..
                    } if *at <= self.now() => Some((*at, s)),
                    _ => None,
                })
                .min();
            let Some((at, s)) = due else { break };
            let action = match &mut self.seats[s] {
                SeatState::Bot { pending, .. } => pending.take().map(|p| p.1),
                SeatState::Person { .. } => None,
            };
            let Some(action) = action else { break };
            let refused = self.apply(Seat(s as u8), &action, at, None).await;
            let retry = self.now() + 100;
            if let SeatState::Bot {
                wants_look,
                not_before,
                ..
            } = &mut self.seats[s]
            {
                *wants_look = true;
                if refused {
                    // Lost a race or misjudged: look again shortly.
                    *not_before = retry;
                }
            }
        }
        self.plan_bots();
    }

    /// Runs one step of the game. A game whose steps are heavy (a physics
    /// game simulates every placement, tens of milliseconds of one core)
    /// has them run outside the async workers, at most
    /// [`Hub::heavy_steps`] at once: its own actions wait in line, every
    /// other table's messages keep flowing.
    async fn game_step<T>(&mut self, step: impl FnOnce(&mut dyn HostedGame) -> T) -> T {
        let multi_thread = tokio::runtime::Handle::current().runtime_flavor()
            == tokio::runtime::RuntimeFlavor::MultiThread;
        if self.game.heavy_steps() && multi_thread {
            let _permit = self.hub.heavy_steps.acquire().await;
            metrics::counter!("stackyard_heavy_steps_total").increment(1);
            return tokio::task::block_in_place(|| step(self.game.as_mut()));
        }
        step(self.game.as_mut())
    }

    /// Persists writes; on failure the table stops taking changes.
    async fn persist(&mut self, writes: Vec<Write>) -> Result<(), ()> {
        match self.hub.store.commit(writes).await {
            Ok(()) => Ok(()),
            Err(e) => {
                tracing::error!(table = %self.id, error = %e, "cannot store a step: table halted");
                self.broken = true;
                Err(())
            }
        }
    }

    fn step_writes(&self, step: &HostStep, action: Option<(Seat, &Value)>) -> Vec<Write> {
        let mut writes = Vec::new();
        match action {
            Some((seat, action)) => writes.push(Write::Action {
                table: self.id.clone(),
                seq: self.game.actions() as i64 - 1,
                seat: seat.index() as i64,
                at_ms: self.game.now().as_millis() as i64,
                action: action.to_string(),
            }),
            None => writes.push(Write::Progress {
                table: self.id.clone(),
                end_ms: self.game.now().as_millis() as i64,
            }),
        }
        if step.ended.is_some() || self.game.to_act() == ToAct::Nobody {
            writes.push(self.finished_write());
            writes.extend(self.daily_result_write());
        }
        writes
    }

    /// A timer step to store, so a resume fires it at the same place.
    fn timer_step_write(&self, step: &HostStep) -> Write {
        Write::TimerStep {
            table: self.id.clone(),
            version: step.version as i64,
            after_actions: self.game.actions() as i64,
            at_ms: self.game.now().as_millis() as i64,
        }
    }

    /// Hints asked per seat, as a finished record carries them.
    fn hints_asked(&self) -> Vec<u32> {
        self.seats
            .iter()
            .map(|s| match s {
                SeatState::Person { hints, .. } => *hints,
                SeatState::Bot { .. } => 0,
            })
            .collect()
    }

    /// A daily deal's result for its day's board.
    fn daily_result_write(&self) -> Option<Write> {
        self.daily.as_ref()?;
        let outcome = self.game.outcome()?;
        Some(Write::DailyFinished {
            table: self.id.clone(),
            score: outcome.scores.first().copied().unwrap_or(0),
            won: outcome.winners.iter().any(|w| w.index() == 0),
            time_ms: self.game.now().as_millis() as i64,
            hints: self.hints_asked().first().copied().unwrap_or(0) as i64,
            ending: json!(self.game.ending()).to_string(),
            finished_at: unix_ms(),
        })
    }

    fn finished_write(&self) -> Write {
        let mut record = self.game.record();
        // The server's own note beside the game's record: hints asked per
        // seat (records ignore fields they do not know).
        let hints = self.hints_asked();
        if hints.iter().any(|&h| h > 0)
            && let Some(fields) = record.as_object_mut()
        {
            fields.insert("hints".into(), json!(hints));
        }
        Write::Finished {
            table: self.id.clone(),
            record: record.to_string(),
            outcome: json!(self.game.outcome()).to_string(),
            ending: json!(self.game.ending()).to_string(),
            finished_at: unix_ms(),
            final_state: serde_json::to_string(&self.final_state()).ok(),
        }
    }

    /// Applies an action from `seat` arriving at `at`. Returns whether it
    /// was refused. `origin` is the connection and message id to answer.
    async fn apply(
        &mut self,
        seat: Seat,
        action: &Value,
        at: GameTime,
        origin: Option<(u64, u64)>,
    ) -> bool {
        let mover = self.running_clock();
        match self.game_step(|game| game.act(seat, action, at)).await {
            Ok(step) => {
                if let (Some(clocks), Some(m)) = (&mut self.clocks, mover)
                    && m == seat.index()
                {
                    clocks.moved(m, self.game.now());
                }
                let mut writes = self.step_writes(&step, Some((seat, action)));
                // A move answers a draw offer: it lapses.
                if self.draw_offer.is_some() {
                    writes.push(Write::DrawOffer {
                        table: self.id.clone(),
                        seat: None,
                    });
                }
                if self.persist(writes).await.is_err() {
                    if let Some((conn, id)) = origin {
                        self.send_error(
                            conn,
                            Some(id),
                            ApiError::new(ErrorKind::Storage, "the action could not be stored"),
                        );
                    }
                    return true;
                }
                metrics::counter!("stackyard_actions_total").increment(1);
                self.draw_offer = None;
                if let Some((conn, id)) = origin {
                    let ack = format!(r#"{{"type":"ack","id":{id},"version":{}}}"#, step.version);
                    self.send_to(conn, ack);
                }
                self.after_step(&step);
                false
            }
            Err(rejection) => {
                if !rejection.timers.is_empty() {
                    let mut writes = self.step_writes(&rejection.timers, None);
                    writes.push(self.timer_step_write(&rejection.timers));
                    if self.persist(writes).await.is_ok() {
                        self.after_step(&rejection.timers);
                    }
                }
                if let Some((conn, id)) = origin {
                    let kind = match rejection.error.kind {
                        stackyard_core::host::HostErrorKind::Malformed => ErrorKind::Malformed,
                        stackyard_core::host::HostErrorKind::NoSuchSeat => ErrorKind::NoSuchSeat,
                        stackyard_core::host::HostErrorKind::Over => ErrorKind::Over,
                        stackyard_core::host::HostErrorKind::Rule => ErrorKind::Rule,
                    };
                    let mut error = ApiError::new(kind, rejection.error.message);
                    error.rule = rejection.error.rule;
                    self.send_error(conn, Some(id), error);
                }
                true
            }
        }
    }

    /// After any step: tell everyone, wake the bots, note an ending.
    fn after_step(&mut self, step: &HostStep) {
        self.broadcast_step(step);
        for seat in &mut self.seats {
            if let SeatState::Bot { wants_look, .. } = seat {
                *wants_look = true;
            }
        }
        if self.game.to_act() == ToAct::Nobody {
            self.on_finished();
        }
        self.refresh_summary();
        self.plan_bots();
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

    fn on_finished(&mut self) {
        metrics::counter!("stackyard_games_finished_total").increment(1);
        self.finished_at = Some(Instant::now());
        self.hub.table_finished(&self.creator);
        let facts = self.finished_facts();
        if facts.rated {
            let store = self.hub.store.clone();
            let players = self.hub.registry.get(facts.game).map(|k| k.name());
            tokio::spawn(async move {
                if players.is_some()
                    && let Err(e) = crate::ratings::record_result(&store, &facts).await
                {
                    tracing::warn!(error = %e, "ratings not updated");
                }
            });
        }
        for seat in &mut self.seats {
            if let SeatState::Bot { pending, .. } = seat {
                *pending = None;
            }
        }
    }

    /// Ends the game outside the rules; `origin` (connection, message id)
    /// is acknowledged once the ending is stored, before the step.
    async fn finish(&mut self, ending: Ending, at: GameTime, origin: Option<(u64, u64)>) {
        match self.game.finish(ending, at) {
            Ok(step) => {
                let writes = self.step_writes(&step, None);
                if self.persist(writes).await.is_err() {
                    if let Some((conn, id)) = origin {
                        self.send_error(
                            conn,
                            Some(id),
                            ApiError::new(ErrorKind::Storage, "the ending could not be stored"),
                        );
                    }
                    return;
                }
                if let Some((conn, id)) = origin {
                    let ack = json!({"type": "ack", "id": id, "version": step.version});
                    self.send_to(conn, ack.to_string());
                }
                self.after_step(&step);
            }
            Err(e) => {
                tracing::warn!(table = %self.id, error = %e, "cannot finish");
                if let Some((conn, id)) = origin {
                    self.send_error(
                        conn,
                        Some(id),
                        ApiError::new(ErrorKind::Over, e.to_string()),
                    );
                }
            }
        }
    }

    fn broadcast_step(&mut self, step: &HostStep) {
        // What every viewer shares is computed once; each distinct viewer's
        // message is written once and shared by its connections.
        let to_act = self.game.to_act();
        let clocks = self.clocks_json();
        let outcome = self.game.outcome();
        let mut texts: Vec<(Viewer, Utf8Bytes)> = Vec::new();
        // A game that shows everyone the same thing gets one message.
        let public = self.game.views_are_public();
        for c in &self.conns {
            if texts.iter().any(|(v, _)| public || *v == c.viewer) {
                continue;
            }
            let head = StepHead {
                kind: "step",
                version: step.version,
                events: step.for_viewer(c.viewer),
                to_act: &to_act,
                clocks: &clocks,
                ended: &step.ended,
                outcome: &outcome,
            };
            let text = with_view(&head, &self.game.view_text(c.viewer));
            texts.push((c.viewer, text.into()));
        }
        self.conns.retain(|c| {
            let text = texts
                .iter()
                .find(|(v, _)| public || *v == c.viewer)
                .map(|(_, t)| t.clone())
                .unwrap_or_default();
            deliver(&c.handle, text)
        });
    }

    fn broadcast_all(&mut self, text: Utf8Bytes) {
        self.conns.retain(|c| deliver(&c.handle, text.clone()));
    }

    fn send_to(&mut self, conn: u64, text: String) {
        let text: Utf8Bytes = text.into();
        self.conns
            .retain(|c| c.handle.id != conn || deliver(&c.handle, text.clone()));
    }

    fn send_error(&mut self, conn: u64, id: Option<u64>, error: ApiError) {
        self.send_to(conn, error_text(id, &error));
    }

    fn welcome(&self, viewer: Viewer) -> String {
        let head = json!({
            "type": "welcome",
            "protocol": PROTOCOL,
            "table": self.summary_json(),
            "viewer": viewer,
            "version": self.game.version(),
            "to_act": self.game.to_act(),
            "clocks": self.clocks_json(),
            "now_ms": self.now().as_millis(),
            "draw_offered_by": self.draw_offer,
            "ended": self.game.ending(),
            "outcome": self.game.outcome(),
        });
        with_view(&head, &self.game.view_text(viewer))
    }

    fn announce_table(&mut self) {
        let msg = json!({"type": "table", "table": self.summary_json()});
        self.broadcast_all(msg.to_string().into());
    }

    /// Lets bots that may act and have something new to see think.
    fn plan_bots(&mut self) {
        if !self.playing || self.broken || self.game.to_act() == ToAct::Nobody {
            return;
        }
        let now = self.now();
        for s in 0..self.seats.len() {
            if !may_act(self.game.as_ref(), s) {
                continue;
            }
            let SeatState::Bot {
                bot,
                pending,
                wants_look,
                not_before,
                ..
            } = &mut self.seats[s]
            else {
                continue;
            };
            if pending.is_some() || !*wants_look || *not_before > now {
                continue;
            }
            let Some(mut thinker) = bot.take() else {
                continue;
            };
            *wants_look = false;
            let view = self.game.view(Viewer::Seat(Seat(s as u8)));
            let commands = self.commands.clone();
            tokio::spawn(async move {
                let thought = tokio::task::spawn_blocking(move || {
                    let decision = thinker.decide(&view, now);
                    (thinker, decision)
                })
                .await;
                if let Ok((bot, decision)) = thought {
                    let decision = decision.unwrap_or_else(|e| {
                        tracing::warn!(error = %e, "a bot could not read its view");
                        None
                    });
                    let _ = commands
                        .send(Command::BotDecided {
                            seat: s,
                            bot,
                            decision,
                            looked_at: now,
                        })
                        .await;
                }
            });
        }
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Join { seat, name, reply } => {
                let result = self.join(seat, name).await;
                let _ = reply.send(result);
            }
            Command::Connect { token, conn, reply } => {
                let viewer = match &token {
                    None if self.daily.is_some() => Err(ApiError::new(
                        ErrorKind::Forbidden,
                        "a daily deal is played alone: nobody may watch it while the day lasts",
                    )),
                    None => Ok(Viewer::Spectator),
                    Some(token) => self.seat_of(token).map(|s| Viewer::Seat(Seat(s as u8))),
                };
                match viewer {
                    Ok(viewer) => {
                        let welcome: Utf8Bytes = self.welcome(viewer).into();
                        if deliver(&conn, welcome) {
                            self.conns.push(Connection {
                                handle: conn,
                                viewer,
                            });
                            if let Viewer::Seat(s) = viewer
                                && let Some(SeatState::Person { away_since, .. }) =
                                    self.seats.get_mut(s.index())
                            {
                                *away_since = None;
                            }
                            self.refresh_summary();
                        }
                        let _ = reply.send(Ok(viewer));
                    }
                    Err(e) => {
                        let _ = reply.send(Err(e));
                    }
                }
            }
            Command::Disconnect { conn } => {
                let viewer = self
                    .conns
                    .iter()
                    .find(|c| c.handle.id == conn)
                    .map(|c| c.viewer);
                self.conns.retain(|c| c.handle.id != conn);
                if let Some(Viewer::Seat(s)) = viewer {
                    let still = self.conns.iter().any(|c| c.viewer == Viewer::Seat(s));
                    if !still
                        && self.playing
                        && let Some(SeatState::Person { away_since, .. }) =
                            self.seats.get_mut(s.index())
                    {
                        *away_since = Some(Instant::now());
                    }
                }
                self.refresh_summary();
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
                looked_at: _,
            } => {
                let now = self.now();
                if let Some(SeatState::Bot {
                    bot: slot, pending, ..
                }) = self.seats.get_mut(seat)
                {
                    *slot = Some(bot);
                    *pending = decision.map(|d| (now + d.think_ms, d.action));
                }
                // Something may have happened while it thought.
                self.plan_bots();
            }
            Command::HintReady {
                conn,
                id,
                seat,
                version,
                action,
            } => {
                if let Some(slot) = self.hints.get_mut(seat) {
                    slot.searching = false;
                    // Nothing found (or not counted) is searched again.
                    if action.is_some() {
                        slot.answered = Some((version, action.clone()));
                    }
                }
                self.send_hint(conn, id, action);
            }
        }
    }

    fn seat_of(&self, token: &str) -> Result<usize, ApiError> {
        // Look at every seat, matched or not, so timing tells nothing.
        let mut found = None;
        for (s, seat) in self.seats.iter().enumerate() {
            if let SeatState::Person {
                token_hash: Some(hash),
                ..
            } = seat
                && auth::token_matches(token, hash)
            {
                found = Some(s);
            }
        }
        found.ok_or_else(|| {
            ApiError::new(
                ErrorKind::BadToken,
                "this token holds no seat at this table",
            )
        })
    }

    async fn join(
        &mut self,
        seat: Option<usize>,
        name: Option<String>,
    ) -> Result<Joined, ApiError> {
        if self.broken {
            return Err(ApiError::new(ErrorKind::Storage, "this table is halted"));
        }
        if self.game.to_act() == ToAct::Nobody {
            return Err(ApiError::new(ErrorKind::Over, "the game is over"));
        }
        let name = name.as_deref().map(clean_name).transpose()?;
        let free = |s: &SeatState| {
            matches!(
                s,
                SeatState::Person {
                    token_hash: None,
                    ..
                }
            )
        };
        let seat = match seat {
            Some(s) => {
                let state = self.seats.get(s).ok_or_else(|| {
                    ApiError::new(
                        ErrorKind::NoSuchSeat,
                        format!("there is no seat {s} (seats 0 to {})", self.seats.len() - 1),
                    )
                })?;
                if !free(state) {
                    return Err(ApiError::new(
                        ErrorKind::SeatTaken,
                        format!("seat {s} is taken"),
                    ));
                }
                s
            }
            None => self
                .seats
                .iter()
                .position(free)
                .ok_or_else(|| ApiError::new(ErrorKind::SeatTaken, "every seat is taken"))?,
        };
        let (token, hash) = auth::new_token().map_err(|e| ApiError::new(ErrorKind::Storage, e))?;
        let mut writes = vec![Write::SeatTaken {
            table: self.id.clone(),
            seat: seat as i64,
            token_hash: hash.clone(),
            name: name.clone(),
        }];
        let now_full = self
            .seats
            .iter()
            .enumerate()
            .all(|(s, st)| s == seat || !free(st));
        if now_full && !self.playing {
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
        if let Some(SeatState::Person {
            token_hash,
            name: seat_name,
            ..
        }) = self.seats.get_mut(seat)
        {
            *token_hash = Some(hash);
            *seat_name = name;
        }
        if now_full && !self.playing {
            self.start_playing();
            self.plan_bots();
        }
        self.refresh_summary();
        self.announce_table();
        Ok(Joined {
            table: self.id.clone(),
            seat,
            token,
        })
    }

    async fn client(
        &mut self,
        conn: u64,
        seat: Seat,
        id: u64,
        request: Request,
        received: Instant,
    ) {
        if self.broken {
            self.send_error(
                conn,
                Some(id),
                ApiError::new(
                    ErrorKind::Storage,
                    "this table is halted after a storage failure",
                ),
            );
            return;
        }
        if self.game.to_act() == ToAct::Nobody {
            self.send_error(
                conn,
                Some(id),
                ApiError::new(ErrorKind::Over, "the game is over"),
            );
            return;
        }
        if !self.playing {
            self.send_error(
                conn,
                Some(id),
                ApiError::new(
                    ErrorKind::NotStarted,
                    "the game starts when every seat is taken",
                ),
            );
            return;
        }
        match request {
            Request::Act(action) => {
                if let ToAct::Seat(s) = self.game.to_act()
                    && s != seat
                {
                    self.send_error(
                        conn,
                        Some(id),
                        ApiError::new(
                            ErrorKind::NotYourTurn,
                            format!(
                                "it is seat {}'s turn, not seat {}'s",
                                s.index(),
                                seat.index()
                            ),
                        ),
                    );
                    return;
                }
                let now = self.now();
                if !self.apply(seat, &action, now, Some((conn, id))).await {
                    metrics::histogram!("stackyard_action_seconds")
                        .record(received.elapsed().as_secs_f64());
                }
            }
            Request::Resign => {
                let now = self.now();
                self.finish(Ending::Resigned { seat }, now, Some((conn, id)))
                    .await;
            }
            Request::OfferDraw => {
                if !self.game.has_draws() {
                    self.send_error(
                        conn,
                        Some(id),
                        ApiError::new(ErrorKind::NoDraws, "this game has no draws"),
                    );
                    return;
                }
                let offer = Write::DrawOffer {
                    table: self.id.clone(),
                    seat: Some(seat.index() as i64),
                };
                if self.persist(vec![offer]).await.is_err() {
                    self.send_error(
                        conn,
                        Some(id),
                        ApiError::new(ErrorKind::Storage, "the offer could not be stored"),
                    );
                    return;
                }
                self.draw_offer = Some(seat.index());
                self.send_to(
                    conn,
                    json!({"type": "ack", "id": id, "version": self.game.version()}).to_string(),
                );
                let msg = json!({"type": "draw_offered", "seat": seat.index()});
                self.broadcast_all(msg.to_string().into());
            }
            Request::AcceptDraw => match self.draw_offer {
                Some(by) if by != seat.index() => {
                    let now = self.now();
                    self.finish(Ending::DrawAgreed, now, Some((conn, id))).await;
                }
                _ => self.send_error(
                    conn,
                    Some(id),
                    ApiError::new(ErrorKind::NoDraws, "no other seat has offered a draw"),
                ),
            },
            Request::Hint => self.hint(conn, seat, id),
        }
    }

    fn hint(&mut self, conn: u64, seat: Seat, id: u64) {
        let Ok(kind) = self.hub.kind(self.game.name()) else {
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
        let version = self.game.version();
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
        if let Some(SeatState::Person { hints, .. }) = self.seats.get_mut(seat.index()) {
            *hints = hints.saturating_add(1);
        }
        self.refresh_summary();
        metrics::counter!("stackyard_hints_total").increment(1);
        // Counted durably before it is answered: a hint is never free.
        let store = self.hub.store.clone();
        let count = Write::Hint {
            table: self.id.clone(),
            seat: seat.index() as i64,
        };
        let record = self.game.record();
        let settings = record["settings"].clone();
        let bot = kind.bot(&level, seat, Seed(version), &settings);
        let view = self.game.view(Viewer::Seat(seat));
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

    fn send_hint(&mut self, conn: u64, id: u64, action: Option<Value>) {
        let msg = json!({
            "type": "hint",
            "id": id,
            "text": if action.is_some() { "the server's strongest bot would play this" } else { "no suggestion" },
            "action": action,
        });
        self.send_to(conn, msg.to_string());
    }
}

impl TableInit {
    fn clock_spec(&self) -> Option<ClockSpec> {
        self.clock
    }
}

/// A step message without its view (see [`with_view`]).
#[derive(Serialize)]
struct StepHead<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    version: u64,
    events: &'a [Value],
    to_act: &'a ToAct,
    clocks: &'a Value,
    ended: &'a Option<Ending>,
    outcome: &'a Option<stackyard_core::Outcome>,
}

/// `head` (a JSON object) with a `"view"` member holding `view`, JSON text
/// as the game wrote it: the view, the largest part of most messages, is
/// written once and never built as a `Value`.
fn with_view(head: &impl Serialize, view: &str) -> String {
    let mut text = serde_json::to_string(head).unwrap_or_else(|_| String::from("{}"));
    text.reserve(view.len() + 10);
    // `head` serialises to an object, so it ends with `}`.
    text.pop();
    if !text.ends_with('{') {
        text.push(',');
    }
    text.push_str("\"view\":");
    text.push_str(view);
    text.push('}');
    text
}

/// An error message for a connection.
fn error_text(id: Option<u64>, error: &ApiError) -> String {
    json!({
        "type": "error",
        "id": id,
        "kind": error.kind,
        "rule": error.rule,
        "message": error.message,
    })
    .to_string()
}

/// Queues `text` for a connection; a full queue cuts it off (a slow
/// reader), a closed one drops it. Returns whether it stays.
fn deliver(conn: &ConnHandle, text: Utf8Bytes) -> bool {
    match conn.out.try_send(text) {
        Ok(()) => true,
        Err(mpsc::error::TrySendError::Full(_)) => {
            metrics::counter!("stackyard_slow_readers_total").increment(1);
            conn.kick.kick(1013);
            false
        }
        Err(mpsc::error::TrySendError::Closed(_)) => false,
    }
}

/// What ratings need of a finished table.
#[derive(Debug, Clone)]
pub struct FinishedFacts {
    /// Game name.
    pub game: &'static str,
    /// Seat names (named persons) or `None` (bots, anonymous).
    pub names: Vec<Option<String>>,
    /// The outcome.
    pub outcome: Option<stackyard_core::Outcome>,
    /// Rated?
    pub rated: bool,
}

impl TableTask {
    fn finished_facts(&self) -> FinishedFacts {
        FinishedFacts {
            game: self.game.name(),
            names: self
                .seats
                .iter()
                .map(|s| match s {
                    SeatState::Person { name, .. } => name.clone(),
                    SeatState::Bot { level, .. } => Some(format!("bot:{level}")),
                })
                .collect(),
            outcome: self.game.outcome(),
            rated: self.rated,
        }
    }

    /// When it was created (unix ms) and its clock.
    #[allow(dead_code)]
    fn created(&self) -> (i64, Option<ClockSpec>) {
        (self.created_at, self.clock_spec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue #29, point 1: a clock stored before increments were bounded
    /// (2^63 ms, 2^64−1 ms) saturates instead of wrapping round to a
    /// fallen flag or to a clock that loses time with every move.
    #[test]
    fn a_huge_stored_increment_saturates_instead_of_wrapping() {
        for increment_ms in [1u64 << 63, u64::MAX] {
            let spec = ClockSpec {
                initial_ms: 60_000,
                increment_ms,
            };
            let mut clocks = Clocks::new(spec, 2);
            clocks.moved(0, GameTime::from_millis(1_000));
            assert_eq!(clocks.remaining[0], i64::MAX, "{increment_ms}");
            clocks.moved(1, GameTime::from_millis(2_000));
            clocks.moved(0, GameTime::from_millis(3_000));
            assert!(clocks.remaining[0] > 60_000, "{increment_ms}");
            assert!(
                clocks
                    .flag_at(0)
                    .is_some_and(|f| f > GameTime::from_millis(1 << 40))
            );
            let shown = clocks.json(Some(0), GameTime::from_millis(4_000));
            assert!(shown[0]["remaining_ms"].as_i64().unwrap() > 60_000);
        }
        let mut huge_start = Clocks::new(
            ClockSpec {
                initial_ms: u64::MAX,
                increment_ms: 0,
            },
            1,
        );
        huge_start.moved(0, GameTime::from_millis(5));
        assert!(huge_start.remaining[0] > 0);
    }
}
