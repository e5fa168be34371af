//! Finding an opponent (issue #27): quick pairing per game and clock, and
//! challenges by name. Both need an account (a guest has nobody to be
//! found as); both open a new table whose two seats are bound to the two
//! accounts, rated by default (see docs/accounts.md, "Finding an
//! opponent").
//!
//! - [`queue`]: the pure pairing logic (the widening window), tested with
//!   injected time;
//! - [`PairingQueue`]: the small interface the waiting players sit behind
//!   ([`MemoryQueue`] on one node; a shared store can stand behind it for
//!   several nodes);
//! - [`challenges`]: challenges by name, bounded, in the database every
//!   node shares (any node lists and answers them);
//! - [`routes`]: the HTTP handlers; [`wire`]: their bodies.
//!
//! Matching runs whenever a waiting player's client asks, and once a
//! second in the background ([`MATCH_EVERY_MS`]), where an open player
//! socket ([`push`]) counts as asking; the pairing is pushed on that
//! socket. A wait nobody has asked about (no socket, no poll) for
//! [`STALE_MS`] ends.

pub mod challenges;
pub mod push;
pub mod queue;
pub mod routes;
pub mod shared;
pub mod wire;

use crate::accounts::{Account, Accounts};
use crate::protocol::{ApiError, ClockSpec, CreateTable, ErrorKind, SeatSpec};
use crate::tables::{Command, Hub};
use queue::{Pool, Queue, Refused, Waiting};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use wire::PairingStatus;

/// A wait whose client has not asked for this long ends (the tab closed).
pub const STALE_MS: i64 = 30_000;
/// How long a pairing's answer waits for its player to ask.
pub const MATCH_KEPT_MS: i64 = 600_000;
/// The rating of a player with none in the game yet.
pub const NEW_RATING: f64 = 1500.0;

/// Where the waiting players are kept: in memory on this node
/// ([`MemoryQueue`]), or a store shared by several nodes.
pub trait PairingQueue: Send + Sync {
    /// Starts (or keeps) an account's wait.
    fn enter(&self, w: Waiting) -> Result<(), Refused>;
    /// Ends an account's wait; whether it waited.
    fn leave(&self, account: &str) -> bool;
    /// An account's wait, noting that its client asked at `now_ms`.
    fn seen(&self, account: &str, now_ms: i64) -> Option<Waiting>;
    /// Takes every pair that can be made at `now_ms` (and ends the waits
    /// nobody asked about since `now_ms - STALE_MS`).
    fn take_pairs(&self, now_ms: i64) -> Vec<(Waiting, Waiting)>;
}

/// The queue in this node's memory.
#[derive(Default)]
pub struct MemoryQueue(Mutex<Queue>);

impl MemoryQueue {
    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl PairingQueue for MemoryQueue {
    fn enter(&self, w: Waiting) -> Result<(), Refused> {
        self.lock().enter(w)
    }
    fn leave(&self, account: &str) -> bool {
        self.lock().leave(account)
    }
    fn seen(&self, account: &str, now_ms: i64) -> Option<Waiting> {
        let mut q = self.lock();
        q.seen(account, now_ms);
        q.get(account).cloned()
    }
    fn take_pairs(&self, now_ms: i64) -> Vec<(Waiting, Waiting)> {
        let mut q = self.lock();
        q.retain(|w| w.seen_ms >= now_ms - STALE_MS);
        q.take_pairs(now_ms)
    }
}

/// A pairing made: being seated (`None`) or seated.
type Matched = (Option<PairingStatus>, i64);

/// Quick pairing and challenges.
pub struct Pairing {
    /// The tables.
    pub hub: Arc<Hub>,
    /// Who is signed in.
    pub accounts: Arc<Accounts>,
    /// Who waits.
    pub queue: Box<dyn PairingQueue>,
    /// Pairings made, by account, until their player asks.
    matched: Mutex<HashMap<String, Matched>>,
    /// Challenges by name.
    pub challenges: challenges::Book,
    /// The players' sockets: what is pushed to them.
    pub notices: Arc<push::Notices>,
    /// Several nodes: the waits in the shared database instead of
    /// `queue` (`shared.rs`), so players on different nodes are paired.
    pub shared: Option<shared::SharedQueue>,
}

impl Pairing {
    /// The state: the queue in memory on a single node, in the shared
    /// database with several.
    pub fn new(hub: Arc<Hub>, accounts: Arc<Accounts>) -> Arc<Pairing> {
        let shared = hub.cluster.as_ref().is_some();
        Pairing::with_queue(hub, accounts, shared)
    }

    /// The state, the queue in the database (`shared`) or in memory.
    pub fn with_queue(hub: Arc<Hub>, accounts: Arc<Accounts>, shared: bool) -> Arc<Pairing> {
        let shared = shared.then(|| shared::SharedQueue::new(hub.store.clone()));
        let notices = Arc::new(push::Notices::default());
        // Several nodes: the pushes travel on the bus between them.
        if let Some(cluster) = hub.cluster.as_ref()
            && tokio::runtime::Handle::try_current().is_ok()
        {
            notices.over_bus(cluster.bus());
        }
        let challenges = challenges::Book::new(hub.store.clone());
        let pairing = Arc::new(Pairing {
            hub,
            accounts,
            queue: Box::new(MemoryQueue::default()),
            matched: Mutex::new(HashMap::new()),
            challenges,
            notices,
            shared,
        });
        if tokio::runtime::Handle::try_current().is_ok() {
            tokio::spawn(matcher(Arc::downgrade(&pairing)));
        }
        pairing
    }

    /// Tells both players of a challenge how it stands now, each as they
    /// see it (and the other tabs of whoever acted).
    pub fn tell_challenge(&self, row: &challenges::Row) {
        for who in [&row.from.0, &row.to.0] {
            self.notices.tell(
                who,
                wire::PlayerEvent::Challenge {
                    challenge: row.view(who),
                },
            );
        }
    }

    fn matched(&self) -> std::sync::MutexGuard<'_, HashMap<String, Matched>> {
        self.matched.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Checks that a game can be paired for: it exists, has two seats by
    /// default, and takes the clock.
    pub fn check_game(&self, game: &str, clock: Option<ClockSpec>) -> Result<(), ApiError> {
        let kind = self.hub.registry.get(game).ok_or_else(|| {
            ApiError::new(ErrorKind::BadRequest, format!("there is no game {game:?}"))
        })?;
        let seats = kind
            .create(&kind.default_settings(), stackyard_core::Seed(0))
            .map(|g| g.seat_count())
            .unwrap_or(0);
        if seats != 2 {
            return Err(ApiError::new(
                ErrorKind::BadRequest,
                format!(
                    "{} is not a game for two: open a table and send its link instead",
                    kind.title()
                ),
            ));
        }
        if let Some(clock) = &clock {
            if kind.turnless() {
                return Err(ApiError::new(
                    ErrorKind::BadRequest,
                    format!(
                        "{} is played without turns: it takes no clock",
                        kind.title()
                    ),
                ));
            }
            crate::tables::online::check_clock(clock)?;
        }
        Ok(())
    }

    /// An account's rating in a game (the new player's rating if none).
    pub async fn rating(&self, name: &str, game: &str) -> Result<f64, ApiError> {
        let ratings = crate::accounts::db::ratings_of(&self.accounts.store, name)
            .await
            .map_err(storage)?;
        Ok(ratings
            .into_iter()
            .find(|r| r.0 == game)
            .map_or(NEW_RATING, |r| r.1))
    }

    /// Starts waiting (a pairing not yet collected is forgotten).
    pub async fn enter(
        self: &Arc<Self>,
        who: &Account,
        game: &str,
        clock: Option<ClockSpec>,
        now_ms: i64,
    ) -> Result<PairingStatus, ApiError> {
        self.check_game(game, clock)?;
        let rating = self.rating(&who.1, game).await?;
        self.matched().remove(&who.0);
        let wait = Waiting {
            account: who.0.clone(),
            name: who.1.clone(),
            rating,
            pool: Pool::new(game, clock),
            since_ms: now_ms,
            seen_ms: now_ms,
        };
        let entered = match &self.shared {
            Some(shared) => shared.enter(&wait).await.map_err(storage)?,
            None => self.queue.enter(wait),
        };
        entered.map_err(|Refused::Full| {
            ApiError::new(
                ErrorKind::Busy,
                "too many players are waiting to be paired; try again in a minute",
            )
        })?;
        self.status(who, now_ms).await
    }

    /// Stops waiting; whether the account waited.
    pub async fn leave(&self, who: &Account) -> Result<bool, ApiError> {
        let was = match &self.shared {
            Some(shared) => shared.leave(&who.0).await.map_err(storage)?,
            None => self.queue.leave(&who.0),
        };
        Ok(self.matched().remove(&who.0).is_some() || was)
    }

    /// Where an account's request stands, pairing whoever can be paired
    /// first.
    pub async fn status(
        self: &Arc<Self>,
        who: &Account,
        now_ms: i64,
    ) -> Result<PairingStatus, ApiError> {
        if let Some(shared) = &self.shared {
            shared.seen(&who.0, now_ms).await.map_err(storage)?;
            self.pair_now(now_ms).await;
            return Ok(match shared.kept(&who.0).await.map_err(storage)? {
                Some(shared::Kept::Paired(done)) => done,
                Some(shared::Kept::Waiting { wait, .. }) => idle_or(Some(&wait), "waiting", now_ms),
                None => idle_or(None, "waiting", now_ms),
            });
        }
        let waiting = self.queue.seen(&who.0, now_ms);
        self.pair_now(now_ms).await;
        {
            let mut matched = self.matched();
            matched.retain(|_, (_, at)| *at >= now_ms - MATCH_KEPT_MS);
            match matched.get(&who.0) {
                Some((Some(done), _)) => return Ok(done.clone()),
                Some((None, _)) => {
                    // Being seated: still waiting, for a moment.
                    return Ok(idle_or(waiting.as_ref(), "waiting", now_ms));
                }
                None => {}
            }
        }
        let waiting = self.queue.seen(&who.0, now_ms);
        Ok(idle_or(waiting.as_ref(), "waiting", now_ms))
    }

    /// Makes the pairs that can be made, and seats them.
    async fn pair_now(self: &Arc<Self>, now_ms: i64) {
        if let Some(shared) = &self.shared {
            return self.pair_shared(shared, now_ms).await;
        }
        let pairs = self.queue.take_pairs(now_ms);
        for (a, b) in pairs {
            {
                let mut matched = self.matched();
                matched.insert(a.account.clone(), (None, now_ms));
                matched.insert(b.account.clone(), (None, now_ms));
            }
            let players = [
                (a.account.clone(), a.name.clone()),
                (b.account.clone(), b.name.clone()),
            ];
            match open_table(&self.hub, &a.pool.game, a.pool.clock_spec(), true, &players).await {
                Ok((table, seats)) => {
                    let mut matched = self.matched();
                    for (i, (w, other)) in [(&a, &b), (&b, &a)].into_iter().enumerate() {
                        let status = paired_status(w, other, &table, seats[i], now_ms);
                        // Pushed at once; kept for a client that asks.
                        self.notices.tell(
                            &w.account,
                            wire::PlayerEvent::Paired {
                                status: status.clone(),
                            },
                        );
                        matched.insert(w.account.clone(), (Some(status), now_ms));
                    }
                    tracing::info!(%table, game = %a.pool.game, "quick pairing: paired");
                }
                Err(e) => {
                    // Back to waiting, in their places.
                    tracing::warn!(error = %e.message, "quick pairing: no table");
                    let mut matched = self.matched();
                    matched.remove(&a.account);
                    matched.remove(&b.account);
                    drop(matched);
                    let _ = self.queue.enter(a);
                    let _ = self.queue.enter(b);
                }
            }
        }
    }
}

impl Pairing {
    /// A matching round over the shared database (several nodes): the
    /// node holding the round's lock opens the tables, writes each
    /// player's answer into their row and pushes it over the bus.
    async fn pair_shared(self: &Arc<Self>, shared: &shared::SharedQueue, now_ms: i64) {
        let pairs = match shared
            .take_pairs(now_ms, now_ms - STALE_MS, now_ms - MATCH_KEPT_MS)
            .await
        {
            Ok(pairs) => pairs,
            Err(e) => {
                tracing::warn!(error = %e, "quick pairing: cannot read the waits");
                return;
            }
        };
        for (a, b) in pairs {
            let players = [
                (a.account.clone(), a.name.clone()),
                (b.account.clone(), b.name.clone()),
            ];
            match open_table(&self.hub, &a.pool.game, a.pool.clock_spec(), true, &players).await {
                Ok((table, seats)) => {
                    for (i, (w, other)) in [(&a, &b), (&b, &a)].into_iter().enumerate() {
                        let status = paired_status(w, other, &table, seats[i], now_ms);
                        if let Err(e) = shared.paired(&w.account, &status, now_ms).await {
                            tracing::warn!(error = %e, "quick pairing: cannot keep a pairing");
                        }
                        self.notices
                            .tell(&w.account, wire::PlayerEvent::Paired { status });
                    }
                    tracing::info!(%table, game = %a.pool.game, "quick pairing: paired across nodes");
                }
                Err(e) => {
                    tracing::warn!(error = %e.message, "quick pairing: no table");
                    for w in [&a, &b] {
                        let _ = shared.unpair(&w.account).await;
                    }
                }
            }
        }
    }
}

/// A player's answer once paired.
fn paired_status(
    w: &Waiting,
    other: &Waiting,
    table: &str,
    seat: usize,
    now_ms: i64,
) -> PairingStatus {
    PairingStatus {
        state: "paired".into(),
        game: Some(w.pool.game.clone()),
        clock: w.pool.clock_spec(),
        waited_ms: now_ms - w.since_ms,
        window: None,
        rating: Some(w.rating),
        table: Some(table.to_string()),
        seat: Some(seat),
        opponent: Some(other.name.clone()),
    }
}

/// Pairs in the background once a second (issue #27: push instead of
/// polling): a player whose socket is open counts as asking, so the
/// window widens and the pairing is pushed without the client polling.
async fn matcher(pairing: std::sync::Weak<Pairing>) {
    let mut every = tokio::time::interval(std::time::Duration::from_millis(MATCH_EVERY_MS));
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let Some(pairing) = pairing.upgrade() else {
            break;
        };
        let now = crate::accounts::now_ms();
        let open = pairing.notices.accounts();
        match &pairing.shared {
            Some(shared) => {
                if let Err(e) = shared.seen_all(&open, now).await {
                    tracing::warn!(error = %e, "quick pairing: cannot note the waits");
                }
            }
            None => {
                for account in &open {
                    pairing.queue.seen(account, now);
                }
            }
        }
        pairing.pair_now(now).await;
    }
}

/// How often the background matcher runs.
pub const MATCH_EVERY_MS: u64 = 1000;

fn idle_or(waiting: Option<&Waiting>, state: &str, now_ms: i64) -> PairingStatus {
    match waiting {
        Some(w) => {
            let window = w.window(now_ms);
            PairingStatus {
                state: state.into(),
                game: Some(w.pool.game.clone()),
                clock: w.pool.clock_spec(),
                waited_ms: (now_ms - w.since_ms).max(0),
                window: window.is_finite().then_some(window),
                rating: Some(w.rating),
                table: None,
                seat: None,
                opponent: None,
            }
        }
        None => PairingStatus {
            state: "idle".into(),
            game: None,
            clock: None,
            waited_ms: 0,
            window: None,
            rating: None,
            table: None,
            seat: None,
            opponent: None,
        },
    }
}

fn storage(e: crate::store::StoreError) -> ApiError {
    e.to_player("pairing")
}

/// Opens a two-seat table for two accounts, each seat bound to its
/// account (seat order by a coin): the table's id and each player's seat.
pub async fn open_table(
    hub: &Arc<Hub>,
    game: &str,
    clock: Option<ClockSpec>,
    rated: bool,
    players: &[Account; 2],
) -> Result<(String, [usize; 2]), ApiError> {
    let mut coin = [0u8; 1];
    getrandom::fill(&mut coin)
        .map_err(|e| ApiError::new(ErrorKind::Storage, format!("no randomness: {e}")))?;
    let seats = if coin[0] & 1 == 0 { [0, 1] } else { [1, 0] };
    let spec = CreateTable {
        game: game.to_string(),
        settings: None,
        seats: Some(vec![SeatSpec::Person, SeatSpec::Person]),
        clock,
        rated,
        seed: None,
    };
    let summary = hub
        .create(spec, &format!("account:{}", players[0].0))
        .await?;
    let table = hub
        .find(&summary.id)
        .await?
        .ok_or_else(|| ApiError::new(ErrorKind::Storage, "the new table is not running"))?;
    for (player, seat) in players.iter().zip(seats) {
        let (reply, answer) = tokio::sync::oneshot::channel();
        table
            .commands
            .send(Command::Join {
                seat: Some(seat),
                name: None,
                account: Some(player.clone()),
                reply,
            })
            .await
            .map_err(|_| ApiError::new(ErrorKind::Storage, "the table is not running"))?;
        answer
            .await
            .map_err(|_| ApiError::new(ErrorKind::Storage, "the table is not running"))??;
    }
    Ok((summary.id, seats))
}
