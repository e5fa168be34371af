//! The headless simulator: bots act in simulated time through the core's
//! one real-time loop (`stackyard_core::play::simulate_realtime`): each
//! seat has at most one action in flight, arriving one reaction time after
//! it looked; a seat with nothing to do waits until the table changes.

use crate::{EndReason, Settings, SpeedyRecord, SpeedyTowers};
use stackyard_core::play::simulate_realtime;
use stackyard_core::{Bot, Bots, Driver, Game, GameTime, Outcome, Seat, Seed, SetupError};

/// One simulated game.
#[derive(Debug, Clone)]
pub struct SimResult {
    /// The replayable record.
    pub record: SpeedyRecord,
    /// The result (`None` if abandoned after `max_actions`).
    pub outcome: Option<Outcome>,
    /// How it ended (P11 pawn, P12 stuck), if it did.
    pub reason: Option<EndReason>,
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
    let reason = game.ending().map(|e| e.reason);
    let (placements, falls, pieces_left) = (game.placements(), game.falls(), game.pieces_left());
    driver.set_end(end);
    let record = driver.into_record();
    Ok(SimResult {
        actions: record.actions.len(),
        record,
        outcome,
        reason,
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

/// What a batch of simulated games came to, for `speedy sim` to print:
/// wins per seat, pieces left, falls, lengths.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// Games summarised.
    pub games: usize,
    /// Games that ended by the rules (the rest hit the action cap).
    pub finished: usize,
    /// Wins per seat; a shared win counts for each winner.
    pub wins: Vec<usize>,
    /// Games won by a pawn (P11).
    pub pawn_wins: usize,
    /// Games ended because nobody could place (P12).
    pub stuck_endings: usize,
    /// Mean pieces each seat held at the end.
    pub mean_pieces_left: Vec<f64>,
    /// Mean placements per game.
    pub placements_per_game: f64,
    /// Mean placements per game that left something fallen (P10).
    pub falls_per_game: f64,
    /// Mean actions per game that lost a race.
    pub rejected_per_game: f64,
    /// Mean game length in simulated seconds.
    pub mean_length_s: f64,
}

impl Summary {
    /// Summarises `results` (all from tables with `seats` seats).
    pub fn of(results: &[SimResult], seats: usize) -> Summary {
        let n = results.len().max(1) as f64;
        let mut s = Summary {
            games: results.len(),
            finished: 0,
            wins: vec![0; seats],
            pawn_wins: 0,
            stuck_endings: 0,
            mean_pieces_left: vec![0.0; seats],
            placements_per_game: 0.0,
            falls_per_game: 0.0,
            rejected_per_game: 0.0,
            mean_length_s: 0.0,
        };
        for r in results {
            if let Some(o) = &r.outcome {
                s.finished += 1;
                for w in &o.winners {
                    if let Some(c) = s.wins.get_mut(w.index()) {
                        *c += 1;
                    }
                }
                // A pawn win leaves its winner with nothing; P12 ends
                // with every seat still holding something.
                if o.winners
                    .iter()
                    .any(|w| r.pieces_left.get(w.index()) == Some(&0))
                {
                    s.pawn_wins += 1;
                } else {
                    s.stuck_endings += 1;
                }
            }
            for (m, &p) in s.mean_pieces_left.iter_mut().zip(&r.pieces_left) {
                *m += f64::from(p) / n;
            }
            s.placements_per_game += f64::from(r.placements) / n;
            s.falls_per_game += f64::from(r.falls) / n;
            s.rejected_per_game += r.rejected as f64 / n;
            s.mean_length_s += r.end.as_secs_f64() / n;
        }
        s
    }
}
