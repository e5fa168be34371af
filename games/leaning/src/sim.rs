//! Bot games, turn by turn, through the core's driver
//! ([`stackyard_core::play::play_turns_watched`]): each seat's bot sees its view and
//! decides; the record is then replayed for its events, which give the
//! game's counts (clean placements, slips, breaks, wrecks, passes).

use crate::action::{Action, Event};
use crate::judge::Verdict;
use crate::settings::Settings;
use crate::state::LeaningTowers;
use serde::{Deserialize, Serialize};
use stackyard_core::play::play_turns_watched;
use stackyard_core::{Bot, Driver, Game, Record, Seed, SetupError};

/// What happened in one bot game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameReport {
    /// Final (or, when cut off, current) scores by seat.
    pub scores: Vec<i64>,
    /// Clean placements (releases included), by seat.
    pub placements: Vec<u32>,
    /// Slips, by seat.
    pub slips: Vec<u32>,
    /// Breaks, by seat.
    pub breaks: Vec<u32>,
    /// Wrecks, by seat.
    pub wrecks: Vec<u32>,
    /// Passes, by seat.
    pub passes: Vec<u32>,
    /// Actions a bot chose that the rules rejected (the game stops there).
    pub rejected: usize,
    /// Whether the game reached its end within the action cap.
    pub finished: bool,
    /// The record (replays to the same game).
    pub record: Record<Settings, Action>,
}

/// Plays one game with one bot per seat, at most `max_actions` actions.
pub fn play_game(
    settings: &Settings,
    seed: Seed,
    bots: &mut [Box<dyn Bot<LeaningTowers>>],
    max_actions: usize,
) -> Result<GameReport, SetupError> {
    let driver = Driver::<LeaningTowers>::new(settings.clone(), seed)?;
    let n = driver.game().seat_count();
    if bots.len() != n {
        return Err(SetupError::new(format!(
            "{} bots for {n} seats",
            bots.len()
        )));
    }
    // The events as they happen: replaying the record to read them paid
    // for every placement's physics twice.
    let mut events = Vec::new();
    let played = play_turns_watched(driver, bots, max_actions, |_, step| {
        events.extend(step.events.iter().cloned());
    });
    let record = played.driver.record().clone();
    let mut report = GameReport {
        scores: played.driver.game().scores(),
        placements: vec![0; n],
        slips: vec![0; n],
        breaks: vec![0; n],
        wrecks: vec![0; n],
        passes: vec![0; n],
        rejected: played.rejected,
        finished: !played.capped,
        record,
    };
    for e in &events {
        match e {
            Event::Placed { seat, .. } => report.placements[seat.index()] += 1,
            Event::Passed { seat } => report.passes[seat.index()] += 1,
            Event::Failed { seat, verdict, .. } => {
                let counter = match verdict {
                    Verdict::Slip => &mut report.slips,
                    Verdict::Break => &mut report.breaks,
                    Verdict::Wreck => &mut report.wrecks,
                    Verdict::Clean => continue,
                };
                counter[seat.index()] += 1;
            }
            _ => {}
        }
    }
    Ok(report)
}

/// Averages over a batch of bot games, for `stackyard leaning sim`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Games played.
    pub games: usize,
    /// Mean score by seat.
    pub mean_scores: Vec<f64>,
    /// Mean clean placements per game (all seats).
    pub placements_per_game: f64,
    /// Mean slips per game.
    pub slips_per_game: f64,
    /// Mean breaks per game.
    pub breaks_per_game: f64,
    /// Mean wrecks per game.
    pub wrecks_per_game: f64,
    /// Games that hit the action cap or stopped on a rejected bot action.
    pub unfinished: usize,
}

/// Averages `reports` (all with the same number of seats).
pub fn summarize(reports: &[GameReport]) -> Summary {
    let games = reports.len();
    let g = games.max(1) as f64;
    let seats = reports.first().map_or(0, |r| r.scores.len());
    let total = |f: fn(&GameReport) -> &Vec<u32>| {
        reports
            .iter()
            .map(|r| f(r).iter().map(|&v| f64::from(v)).sum::<f64>())
            .sum::<f64>()
            / g
    };
    Summary {
        games,
        mean_scores: (0..seats)
            .map(|s| {
                reports
                    .iter()
                    .map(|r| r.scores.get(s).copied().unwrap_or(0) as f64)
                    .sum::<f64>()
                    / g
            })
            .collect(),
        placements_per_game: total(|r| &r.placements),
        slips_per_game: total(|r| &r.slips),
        breaks_per_game: total(|r| &r.breaks),
        wrecks_per_game: total(|r| &r.wrecks),
        unfinished: reports.iter().filter(|r| !r.finished).count(),
    }
}
