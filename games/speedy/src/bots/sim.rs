//! The headless simulator: bots act in simulated time, each seeing only its
//! seat's view (until the core's `play::simulate_realtime` is merged).
//!
//! Each seat has at most one action in flight (decided when it last looked,
//! arriving one reaction time later). At equal times seats go in seat
//! order. A seat with nothing to do waits until the table changes.

use super::contract::Bot;
use crate::{Action, Settings, SpeedyRecord, SpeedyTowers};
use stackyard_core::{Game, GameTime, Outcome, Record, Seat, Seed, SetupError, Viewer};

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
        return Err(SetupError::new(format!("{} bots for {n} seats", bots.len())));
    }
    let mut game = SpeedyTowers::new(settings, seed)?;
    let mut record: SpeedyRecord = Record::new::<SpeedyTowers>(settings.clone(), seed);
    let mut pending: Vec<Option<(GameTime, Action)>> = vec![None; n];
    let look = |s: usize,
                now: GameTime,
                game: &SpeedyTowers,
                bots: &mut [Box<dyn Bot<SpeedyTowers>>],
                pending: &mut [Option<(GameTime, Action)>]| {
        let view = game.view(Viewer::Seat(Seat(s as u8)));
        pending[s] = bots[s].decide(&view, now).map(|d| (now + d.think_ms.max(1), d.action));
    };
    for s in 0..n {
        look(s, GameTime::ZERO, &game, &mut bots, &mut pending);
    }
    let mut rejected = 0;
    // Rejections are bounded too: a bot that keeps losing races still
    // spends simulated time, but the loop must end.
    while game.ending().is_none() && record.actions.len() < max_actions && rejected < max_actions {
        let Some((now, s)) = (0..n).filter_map(|s| pending[s].as_ref().map(|p| (p.0, s))).min() else {
            break;
        };
        let (_, action) = pending[s].take().expect("a pending action");
        let seat = Seat(s as u8);
        match game.apply(seat, &action, now) {
            Ok(events) => {
                record.push(seat, now, action);
                for o in 0..n {
                    if o != s && pending[o].is_none() && bots[o].wakes_on(&events) {
                        look(o, now, &game, &mut bots, &mut pending);
                    }
                }
            }
            Err(_) => rejected += 1,
        }
        look(s, now, &game, &mut bots, &mut pending);
    }
    let end = game.ending().map_or(game.now(), |e| e.at);
    record.end = Some(end);
    Ok(SimResult {
        actions: record.actions.len(),
        record,
        outcome: game.outcome(),
        rejected,
        placements: game.placements(),
        falls: game.falls(),
        pieces_left: game.pieces_left(),
        end,
    })
}
