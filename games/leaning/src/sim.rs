//! Bot games, turn by turn: each seat's bot is asked when it is that seat's
//! turn, the action is applied and recorded, and the game's counts (clean
//! placements, slips, breaks, wrecks, passes) are kept for reports.

use crate::action::{Action, Event};
use crate::contract::Bot;
use crate::judge::Verdict;
use crate::settings::Settings;
use crate::state::LeaningTowers;
use serde::{Deserialize, Serialize};
use stackyard_core::{Game, GameTime, Record, Seed, SetupError, ToAct, Viewer};

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
    /// Actions a bot chose that the rules rejected (replaced by a pass).
    pub rejected: u32,
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
    let mut game = LeaningTowers::new(settings, seed)?;
    let n = game.seat_count();
    if bots.len() != n {
        return Err(SetupError::new(format!(
            "{} bots for {n} seats",
            bots.len()
        )));
    }
    let mut record = Record::new::<LeaningTowers>(settings.clone(), seed);
    let mut report = GameReport {
        scores: vec![0; n],
        placements: vec![0; n],
        slips: vec![0; n],
        breaks: vec![0; n],
        wrecks: vec![0; n],
        passes: vec![0; n],
        rejected: 0,
        finished: false,
        record: record.clone(),
    };
    let count = |events: &[Event], report: &mut GameReport| {
        for e in events {
            match e {
                Event::Placed { seat, .. } => report.placements[seat.index()] += 1,
                Event::Passed { seat } => report.passes[seat.index()] += 1,
                Event::Failed { seat, verdict, .. } => {
                    let s = seat.index();
                    match verdict {
                        Verdict::Slip => report.slips[s] += 1,
                        Verdict::Break => report.breaks[s] += 1,
                        Verdict::Wreck => report.wrecks[s] += 1,
                        Verdict::Clean => {}
                    }
                }
                _ => {}
            }
        }
    };
    for _ in 0..max_actions {
        let ToAct::Seat(seat) = game.to_act() else {
            break;
        };
        let view = game.view(Viewer::Seat(seat));
        let action = bots[seat.index()]
            .decide(&view, GameTime::ZERO)
            .map_or(Action::Pass, |d| d.action);
        let events = match game.apply(seat, &action, GameTime::ZERO) {
            Ok(events) => {
                record.push(seat, GameTime::ZERO, action);
                events
            }
            Err(_) => {
                report.rejected += 1;
                let fallback = if game.phase() == crate::state::Phase::Foundation {
                    Action::AutoFoundation
                } else {
                    Action::Pass
                };
                match game.apply(seat, &fallback, GameTime::ZERO) {
                    Ok(events) => {
                        record.push(seat, GameTime::ZERO, fallback);
                        events
                    }
                    Err(_) => break,
                }
            }
        };
        count(&events, &mut report);
    }
    report.finished = game.is_over();
    report.scores = game.scores();
    report.record = record;
    Ok(report)
}
