//! The table core: one table's rules around the game, as a pure state
//! machine in game time. Seats and tokens, chess clocks with increments,
//! draw offers, abandonment deadlines and the bot schedule
//! (`stackyard_core::schedule::BotSchedule`, the one every host uses) live
//! here; every call takes the game time it happens at, and none does I/O,
//! reads a clock, sleeps or spawns. The tokio task around it
//! (`shells/server/src/tables/task.rs`) maps wall time to game time, runs
//! the bots' thinking on other threads, commits what a call returns before
//! anyone hears of it, and fans the steps out.

pub use super::applied::{Applied, Cause};
use super::clocks::Clocks;
use super::past::Past;
pub use super::refused::Refused;
use super::refused::error_kind;
use super::seats::{Holder, SeatState, Seats};
use crate::protocol::{ApiError, ClockSpec, ClockState, ErrorKind};
use serde_json::Value;
use stackyard_core::host::{HostStep, HostedBot, HostedGame};
use stackyard_core::schedule::BotSchedule;
use stackyard_core::{Decision, Ending, ErasedRecord, GameTime, Seat, ToAct, Viewer};

/// What [`TableCore::advance`] did.
#[derive(Debug)]
pub enum Advanced {
    /// Nothing was due.
    Idle,
    /// Something was due and changed nothing to store (a bot's action
    /// that was refused).
    Quiet,
    /// A step to commit.
    Step(Applied),
}

/// A bot about to think: its seat, the bot itself (lent until
/// [`TableCore::decided`]), its seat's view and the time it looks.
pub struct Look {
    /// The seat.
    pub seat: Seat,
    /// The bot, lent out.
    pub bot: Box<dyn HostedBot>,
    /// What its seat may see.
    pub view: Value,
    /// When it looks.
    pub at: GameTime,
}

/// One table's state around its game.
pub struct TableCore {
    game: Box<dyn HostedGame>,
    seats: Seats,
    /// One per seat: the bot sitting there (`None` for persons, and for a
    /// bot lent out to think).
    bots: Vec<Option<Box<dyn HostedBot>>>,
    schedule: BotSchedule<Value>,
    clocks: Option<Clocks>,
    clock_spec: Option<ClockSpec>,
    draw_offer: Option<Seat>,
    playing: bool,
    abandon_after_ms: u64,
    /// Every step so far, for the welcome (`past.rs`).
    past: Past,
}

/// What a table core is made of.
pub struct CoreInit {
    /// The game, fresh or rebuilt.
    pub game: Box<dyn HostedGame>,
    /// The seats.
    pub seats: Vec<SeatState>,
    /// One per seat: the bot sitting there.
    pub bots: Vec<Option<Box<dyn HostedBot>>>,
    /// The clock, for a turn-based table with one.
    pub clock: Option<ClockSpec>,
    /// The seat whose draw offer stands (a resumed table's).
    pub draw_offer: Option<usize>,
    /// How long a held seat may stay without a connection, ms of game time.
    pub abandon_after_ms: u64,
    /// The steps already taken (a rebuilt table's, `rebuild.rs`).
    pub past: Vec<HostStep>,
}

fn may_act(to_act: ToAct, seat: Seat) -> bool {
    match to_act {
        ToAct::Seat(s) => s == seat,
        ToAct::AnySeat => true,
        ToAct::Nobody => false,
    }
}

impl TableCore {
    /// A table core, not yet playing.
    pub fn new(init: CoreInit) -> Result<TableCore, ApiError> {
        let n = init.seats.len();
        if init.bots.len() != n || init.game.seat_count() != n {
            return Err(ApiError::new(
                ErrorKind::Storage,
                format!(
                    "{} seats, {} bot slots and a game of {} seats",
                    n,
                    init.bots.len(),
                    init.game.seat_count()
                ),
            ));
        }
        let clocks = match init.clock {
            Some(spec) => {
                let record = ErasedRecord::parse(&init.game.record())
                    .map_err(|e| ApiError::new(ErrorKind::Storage, e.to_string()))?;
                Some(Clocks::from_record(spec, n, &record))
            }
            None => None,
        };
        Ok(TableCore {
            schedule: BotSchedule::new(init.bots.iter().map(Option::is_some)),
            game: init.game,
            seats: Seats(init.seats),
            bots: init.bots,
            clocks,
            clock_spec: init.clock,
            draw_offer: init
                .draw_offer
                .filter(|&s| s < n)
                .and_then(|s| u8::try_from(s).ok())
                .map(Seat),
            playing: false,
            abandon_after_ms: init.abandon_after_ms,
            past: Past::from(init.past),
        })
    }

    /// The game.
    pub fn game(&self) -> &dyn HostedGame {
        self.game.as_ref()
    }

    /// The seats.
    pub fn seats(&self) -> &Seats {
        &self.seats
    }

    /// The clock the table was made with.
    pub fn clock_spec(&self) -> Option<ClockSpec> {
        self.clock_spec
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.game.to_act() == ToAct::Nobody
    }

    /// Whether every seat is taken (the game runs).
    pub fn is_playing(&self) -> bool {
        self.playing
    }

    /// `open`, `playing` or `finished`.
    pub fn status(&self) -> &'static str {
        if self.is_over() {
            "finished"
        } else if self.playing {
            "playing"
        } else {
            "open"
        }
    }

    /// How long a held seat may stay without a connection before the
    /// game ends as abandoned, ms of game time (the server's
    /// `Limits::abandon_after`, told to clients in the welcome).
    pub fn abandon_after_ms(&self) -> u64 {
        self.abandon_after_ms
    }

    /// The seat whose draw offer stands.
    pub fn draw_offer(&self) -> Option<Seat> {
        self.draw_offer
    }

    /// The standing offer is gone (a bot declined it, `draws.rs`).
    pub fn withdraw_draw(&mut self) {
        self.draw_offer = None;
    }

    /// Every step so far.
    pub fn past(&self) -> &Past {
        &self.past
    }

    /// Every seat is taken: the game runs from `now`. Seats nobody is
    /// connected to are away from `now`.
    pub fn start(&mut self, now: GameTime) {
        self.playing = true;
        if let Some(clocks) = &mut self.clocks
            && self.game.actions() == 0
        {
            clocks.start_at(now);
        }
        self.seats.start_away_clocks(now);
    }

    /// A connection for `seat` opened.
    pub fn connected(&mut self, seat: Seat) {
        self.seats.connected(seat);
    }

    /// A connection for `seat` closed at `now`.
    pub fn disconnected(&mut self, seat: Seat, now: GameTime) {
        self.seats.disconnected(seat, now, self.playing);
    }

    /// The seat a join would get (`wanted`, or the first free one).
    pub fn free_seat(&self, wanted: Option<usize>) -> Result<usize, ApiError> {
        if self.is_over() {
            return Err(ApiError::new(ErrorKind::Over, "the game is over"));
        }
        self.seats.free_seat(wanted)
    }

    /// The seat `account` holds here, if any (issue #27).
    pub fn seat_of_account(&self, account: &str) -> Option<usize> {
        self.seats.seat_of_account(account)
    }

    /// A new token (stored already) for a held seat.
    pub fn retoken(&mut self, seat: usize, token_hash: String) {
        self.seats.retoken(seat, token_hash);
    }

    /// Whether taking `seat` fills the table (and starts the game).
    pub fn join_fills(&self, seat: usize) -> bool {
        !self.playing && self.seats.fills(seat)
    }

    /// `holder` takes `seat` (stored already) at `now`; the game starts if
    /// that filled the table. Returns whether it started.
    pub fn seat_taken(&mut self, seat: usize, holder: Holder, now: GameTime) -> bool {
        let fills = self.join_fills(seat);
        self.seats.take(seat, holder);
        if fills {
            self.start(now);
        }
        fills
    }

    /// The seat `token` holds.
    pub fn seat_of(&self, token: &str) -> Result<Seat, ApiError> {
        self.seats.seat_of(token)
    }

    /// Counts a hint asked by `seat`.
    pub fn count_hint(&mut self, seat: Seat) {
        self.seats.count_hint(seat);
    }

    /// The seat whose clock runs.
    pub fn running_clock(&self) -> Option<Seat> {
        if !self.playing || self.clocks.is_none() {
            return None;
        }
        match self.game.to_act() {
            ToAct::Seat(s) => Some(s),
            _ => None,
        }
    }

    /// Each seat's clock at `now`, for a table with clocks.
    pub fn clock_states(&self, now: GameTime) -> Option<Vec<ClockState>> {
        let running = self.running_clock();
        self.clocks.as_ref().map(|c| c.states(running, now))
    }

    /// The next game time something is due: a flag falling, a game timer,
    /// a seat abandoned, a bot's action arriving or a bot's next look.
    pub fn next_wake(&self) -> Option<GameTime> {
        if !self.playing || self.is_over() {
            return None;
        }
        [
            self.flag().map(|f| f.0),
            self.game.next_deadline(),
            self.abandonment().map(|a| a.0),
            self.schedule.next_due(self.game.to_act()),
        ]
        .into_iter()
        .flatten()
        .min()
    }

    fn flag(&self) -> Option<(GameTime, Seat)> {
        let seat = self.running_clock()?;
        Some((self.clocks.as_ref()?.flag_at(seat)?, seat))
    }

    fn abandonment(&self) -> Option<(GameTime, Seat)> {
        self.seats.abandoned_at(self.abandon_after_ms)
    }

    /// Whether anything is due by `now` ([`TableCore::advance`] would do
    /// something): a host checks before it lends a dear step a thread.
    pub fn is_due(&self, now: GameTime) -> bool {
        if !self.playing || self.is_over() {
            return false;
        }
        [
            self.flag().map(|f| f.0),
            self.game.next_deadline(),
            self.abandonment().map(|a| a.0),
            self.schedule.next_arrival(),
        ]
        .into_iter()
        .flatten()
        .any(|t| t <= now)
    }

    /// Does the earliest thing due by `now`: at equal times a falling flag
    /// first, then the game's timers, then an abandoned seat, then bot
    /// actions in seat order. Call it until it is [`Advanced::Idle`].
    pub fn advance(&mut self, now: GameTime) -> Advanced {
        if !self.playing || self.is_over() {
            return Advanced::Idle;
        }
        let candidates = [
            self.flag().map(|(t, _)| (t, 0)),
            self.game.next_deadline().map(|t| (t, 1)),
            self.abandonment().map(|(t, _)| (t, 2)),
        ];
        let bot_due = self.schedule.next_arrival().filter(|&t| t <= now);
        let first = candidates
            .into_iter()
            .flatten()
            .filter(|(t, _)| *t <= now)
            .min();
        match first {
            Some((at, 0)) if bot_due.is_none_or(|b| at <= b) => match self.flag() {
                Some((_, seat)) => self.end(Ending::TimedOut { seat }, at),
                None => Advanced::Idle,
            },
            Some((at, 1)) if bot_due.is_none_or(|b| at <= b) => {
                let step = self.game.advance_to(at);
                match self.stepped(step, Cause::Timers, false) {
                    Some(applied) => Advanced::Step(applied),
                    None => Advanced::Quiet,
                }
            }
            Some((at, _)) if bot_due.is_none_or(|b| at <= b) => match self.abandonment() {
                Some((_, seat)) => self.end(Ending::Abandoned { seat }, at),
                None => Advanced::Idle,
            },
            _ => match self.schedule.take_due(now) {
                Some((seat, at, action)) => self.bot_acts(seat, action, at),
                // A look waiting for its retry time: the host looks now.
                None => Advanced::Idle,
            },
        }
    }

    fn end(&mut self, ending: Ending, at: GameTime) -> Advanced {
        self.finish(ending, at)
            .map_or(Advanced::Quiet, Advanced::Step)
    }

    fn bot_acts(&mut self, seat: Seat, action: Value, at: GameTime) -> Advanced {
        // Its own action's fate is told first, as `play::simulate_realtime`
        // tells it: the step the action makes is then no news its bot must
        // notice (no perception drawn for it, issue #50).
        self.schedule.arrived(seat, at, false);
        match self.apply(seat, action, at) {
            Ok(applied) => Advanced::Step(applied),
            Err(refused) => {
                self.schedule.arrived(seat, at, true);
                Option::map_or(refused.timers, Advanced::Quiet, |t| Advanced::Step(*t))
            }
        }
    }

    /// The bots that look now, lent out with their seats' views; give each
    /// back with [`TableCore::decided`].
    pub fn to_look(&mut self, now: GameTime) -> Vec<Look> {
        // Everything due comes first (flags, timers, arrivals), as in
        // `play::simulate_realtime`: a look at the same moment sees it.
        if !self.playing || self.is_over() || self.is_due(now) {
            return Vec::new();
        }
        let seats = self.schedule.to_look(now, self.game.to_act());
        let mut looks = Vec::with_capacity(seats.len());
        for seat in seats {
            match self.bots.get_mut(seat.index()).and_then(Option::take) {
                Some(bot) => looks.push(Look {
                    seat,
                    bot,
                    view: self.game.view(Viewer::Seat(seat)),
                    at: now,
                }),
                // Not here: it cannot look (a bug, but not a reason to stop).
                None => self.schedule.decided(seat, now, now, None),
            }
        }
        looks
    }

    /// A bot that looked at `looked_at` is back at `now` with its decision.
    pub fn decided(
        &mut self,
        seat: Seat,
        bot: Box<dyn HostedBot>,
        looked_at: GameTime,
        now: GameTime,
        decision: Option<Decision<Value>>,
    ) {
        if let Some(slot) = self.bots.get_mut(seat.index()) {
            *slot = Some(bot);
        }
        let decision = decision.filter(|_| !self.is_over());
        self.schedule.decided(seat, looked_at, now, decision);
        if self.is_over() {
            self.schedule.stop();
        }
    }

    /// A person's action from `seat` at `now`.
    pub fn act(&mut self, seat: Seat, action: Value, now: GameTime) -> Result<Applied, Refused> {
        self.check_running()?;
        if let ToAct::Seat(s) = self.game.to_act()
            && s != seat
        {
            return Err(ApiError::new(
                ErrorKind::NotYourTurn,
                format!(
                    "it is seat {}'s turn, not seat {}'s",
                    s.index(),
                    seat.index()
                ),
            )
            .into());
        }
        self.apply(seat, action, now)
    }

    /// `seat` resigns at `now`.
    pub fn resign(&mut self, seat: Seat, now: GameTime) -> Result<Applied, ApiError> {
        self.check_running()?;
        self.finish(Ending::Resigned { seat }, now)
    }

    /// `seat` offers a draw (to be stored; a later move lapses it).
    pub fn offer_draw(&mut self, seat: Seat) -> Result<(), ApiError> {
        self.check_running()?;
        if !self.game.has_draws() {
            return Err(ApiError::new(ErrorKind::NoDraws, "this game has no draws"));
        }
        self.draw_offer = Some(seat);
        Ok(())
    }

    /// `seat` accepts the standing offer of another seat at `now`.
    pub fn accept_draw(&mut self, seat: Seat, now: GameTime) -> Result<Applied, ApiError> {
        self.check_running()?;
        match self.draw_offer {
            Some(by) if by != seat => self.finish(Ending::DrawAgreed, now),
            _ => Err(ApiError::new(
                ErrorKind::NoDraws,
                "no other seat has offered a draw",
            )),
        }
    }

    /// Refuses a request to a table that is over or not yet playing.
    pub fn check_running(&self) -> Result<(), ApiError> {
        if self.is_over() {
            return Err(ApiError::new(ErrorKind::Over, "the game is over"));
        }
        if !self.playing {
            return Err(ApiError::new(
                ErrorKind::NotStarted,
                "the game starts when every seat is taken",
            ));
        }
        Ok(())
    }

    fn apply(&mut self, seat: Seat, action: Value, at: GameTime) -> Result<Applied, Refused> {
        let mover = self.running_clock();
        match self.game.act(seat, &action, at) {
            Ok(step) => {
                if let Some(clocks) = &mut self.clocks
                    && mover == Some(seat)
                {
                    clocks.moved(seat, self.game.now());
                }
                let lapsed = self.draw_offer.take().is_some();
                let applied = self
                    .stepped(step, Cause::Action { seat, action }, lapsed)
                    .expect("an accepted action is a step");
                Ok(applied)
            }
            Err(rejection) => {
                let mut error =
                    ApiError::new(error_kind(rejection.error.kind), rejection.error.message);
                error.rule = rejection.error.rule;
                let timers = self.stepped(rejection.timers, Cause::Timers, false);
                Err(Refused {
                    error,
                    timers: timers.map(Box::new),
                })
            }
        }
    }

    /// Ends the game as its record says (a finished table rebuilt, a mirror).
    pub fn finish_as_recorded(&mut self, ending: Ending, at: GameTime) -> Option<Applied> {
        self.finish(ending, at).ok()
    }

    /// Fires the timers up to `at`, as the owner stored (a mirror, #28).
    pub fn replay_timers(&mut self, at: GameTime) -> Option<Applied> {
        let step = self.game.advance_to(at);
        self.stepped(step, Cause::Timers, false)
    }

    /// Ends the game outside the rules at `at`.
    fn finish(&mut self, ending: Ending, at: GameTime) -> Result<Applied, ApiError> {
        let step = self
            .game
            .finish(ending, at)
            .map_err(|e| ApiError::new(ErrorKind::Over, e.to_string()))?;
        self.stepped(step, Cause::Ending, false)
            .ok_or_else(|| ApiError::new(ErrorKind::Over, "the game is over"))
    }

    /// After any step: the bots that wake on it look again; an ending
    /// stops the bots. `None` for a step in which nothing happened.
    fn stepped(&mut self, step: HostStep, cause: Cause, draw_lapsed: bool) -> Option<Applied> {
        if step.is_empty() && !matches!(cause, Cause::Action { .. }) {
            return None;
        }
        self.past.push(&step);
        let bots = &mut self.bots;
        self.schedule
            .stepped(self.game.now(), self.game.to_act(), |seat| {
                let bot = bots.get_mut(seat.index())?.as_mut()?;
                bot.wakes_on(step.for_viewer(Viewer::Seat(seat)))
                    .then(|| bot.perception_ms())
            });
        let finished = self.is_over();
        if finished {
            self.schedule.stop();
        }
        Some(Applied {
            step,
            cause,
            actions: self.game.actions(),
            at: self.game.now(),
            draw_lapsed,
            finished,
        })
    }

    /// Whether `seat` may act now.
    pub fn may_act(&self, seat: Seat) -> bool {
        may_act(self.game.to_act(), seat)
    }
}
