//! The headless simulator: bots act in simulated time, through the core's
//! one real-time loop (`stackyard_core::play::simulate_realtime`): each
//! seat has at most one action in flight, timers fire at their deadlines
//! first, and a seat with nothing to do waits until the table changes.

use super::{BotSpec, IceBot, seat_rng};
use crate::{IceRecord, IceTowers, Settings};
use stackyard_core::play::simulate_realtime;
use stackyard_core::{Bot, Driver, GameTime, Outcome, Seat, Seed, SetupError};

/// Accepted actions after which a game without a timer is abandoned.
const MAX_ACTIONS: usize = 50_000;

/// One simulated game.
#[derive(Debug, Clone)]
pub struct SimResult {
    /// The replayable record.
    pub record: IceRecord,
    /// The result (`None` only if abandoned after too many actions).
    pub outcome: Option<Outcome>,
    /// The ghost's final score, when it played.
    pub ghost_score: Option<i64>,
    /// Accepted actions (readies included).
    pub actions: usize,
    /// Actions rejected because the table changed first (lost races).
    pub rejected: usize,
    /// When the game ended, in simulated time.
    pub end: GameTime,
}

/// Plays one game between `bots` (one per seat) from `seed`, through the
/// core's real-time loop ([`simulate_realtime`]).
pub fn simulate(
    settings: &Settings,
    bots: &[BotSpec],
    seed: Seed,
) -> Result<SimResult, SetupError> {
    play(settings, bots, seed, IceBot::new)
}

/// [`simulate`] with bots that see every play the instant it happens and
/// decide again on each ([`IceBot::instant`]): the schedule before issue
/// #50, for benchmarks to measure against in the same run.
pub fn simulate_instant(
    settings: &Settings,
    bots: &[BotSpec],
    seed: Seed,
) -> Result<SimResult, SetupError> {
    play(settings, bots, seed, IceBot::instant)
}

fn play(
    settings: &Settings,
    bots: &[BotSpec],
    seed: Seed,
    make: fn(BotSpec, Seat, rand_chacha::ChaCha8Rng) -> IceBot,
) -> Result<SimResult, SetupError> {
    if bots.len() != usize::from(settings.players) {
        return Err(SetupError::new(format!(
            "{} bots for {} seats",
            bots.len(),
            settings.players
        )));
    }
    let driver = Driver::<IceTowers>::new(settings.clone(), seed)?;
    let mut players: Vec<Box<dyn Bot<IceTowers>>> = bots
        .iter()
        .enumerate()
        .map(|(s, spec)| {
            let seat = Seat(s as u8);
            Box::new(make(*spec, seat, seat_rng(seed, seat))) as Box<dyn Bot<IceTowers>>
        })
        .collect();
    let played = simulate_realtime(driver, &mut players, MAX_ACTIONS);
    let mut driver = played.driver;
    let game = driver.game();
    let end = game.ending().map_or(game.now(), |e| e.at);
    let outcome = stackyard_core::Game::outcome(game);
    let ghost_score = game.ghost().map(|g| game.scores_by_colour()[g.index()]);
    driver.set_end(end);
    let record = driver.into_record();
    Ok(SimResult {
        actions: record.actions.len(),
        record,
        outcome,
        ghost_score,
        rejected: played.rejected,
        end,
    })
}
