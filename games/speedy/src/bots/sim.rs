//! The headless simulator: bots act in simulated time through the core's
//! one real-time loop (`stackyard_core::play::simulate_realtime`): each
//! seat has at most one action in flight, arriving one reaction time after
//! it looked; a seat with nothing to do waits until the table changes.

use crate::{Settings, SpeedyRecord, SpeedyTowers};
use stackyard_core::play::simulate_realtime;
use stackyard_core::{Bot, Bots, Driver, Game, GameTime, Outcome, Seat, Seed, SetupError};

/// One simulated game.
#[derive(Debug, Clone)]
pub struct SimResult {
    /// The replayable record.
    pub record: SpeedyRecord,
    /// The result (`None` if abandoned after `max_actions`).
    pub outcome: Option<Outcome>,
    /// Accepted actions (readies included).
    pub actions: usize,
    /// Actions rejected because the table changed first (lost races).
    pub rejected: usize,
    /// Placements simulated.
    pub placements: u32,
    /// Placements that left something fallen (P10).
    pub falls: u32,
    /// Pieces each seat held at the end.
    pub pieces_left: Vec<u32>,
    /// When the game ended, in simulated time.
    pub end: GameTime,
}

/// Plays one game between `bots` (one per seat) from `seed`; gives up
/// after `max_actions` accepted actions.
pub fn simulate(
    settings: &Settings,
    mut bots: Vec<Box<dyn Bot<SpeedyTowers>>>,
    seed: Seed,
    max_actions: usize,
) -> Result<SimResult, SetupError> {
    let n = usize::from(settings.players);
    if bots.len() != n {
        return Err(SetupError::new(format!(
            "{} bots for {n} seats",
            bots.len()
        )));
    }
    let driver = Driver::<SpeedyTowers>::new(settings.clone(), seed)?;
    let played = simulate_realtime(driver, &mut bots, max_actions);
    let mut driver = played.driver;
    let game = driver.game();
    let end = game.ending().map_or(game.now(), |e| e.at);
    let outcome = game.outcome();
    let (placements, falls, pieces_left) = (game.placements(), game.falls(), game.pieces_left());
    driver.set_end(end);
    let record = driver.into_record();
    Ok(SimResult {
        actions: record.actions.len(),
        record,
        outcome,
        rejected: played.rejected,
        placements,
        falls,
        pieces_left,
        end,
    })
}

/// [`simulate`] with bots named by level (`easy`, `hard:400`), one per
/// seat, each drawing its randomness from `seed`.
pub fn simulate_levels(
    settings: &Settings,
    levels: &[&str],
    seed: Seed,
    max_actions: usize,
) -> Result<SimResult, SetupError> {
    let bots = levels
        .iter()
        .enumerate()
        .map(|(s, level)| SpeedyTowers::bot(level, Seat(s as u8), seed, settings))
        .collect::<Result<Vec<_>, _>>()?;
    simulate(settings, bots, seed, max_actions)
}
