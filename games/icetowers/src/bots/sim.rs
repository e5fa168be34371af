//! The headless simulator: bots act in simulated time.
//!
//! An event queue ordered by time: each seat has at most one action in
//! flight (decided when the seat last looked, arriving one think delay
//! later); timers fire at their deadlines. At equal times timers come
//! first, then seats in seat order. A seat with nothing to do waits until
//! the table changes, then looks again.

use super::{BotSpec, decide};
use crate::{Action, IceRecord, IceTowers, Settings};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use stackyard_core::{GameTime, Outcome, Record, Seat, Seed, SetupError};

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

fn delay(spec: &BotSpec, rng: &mut ChaCha8Rng) -> u64 {
    let lo = (spec.think_ms / 2).max(1);
    rng.random_range(lo..=spec.think_ms + spec.think_ms / 2)
}

/// Plays one game between `bots` (one per seat) from `seed`.
pub fn simulate(
    settings: &Settings,
    bots: &[BotSpec],
    seed: Seed,
) -> Result<SimResult, SetupError> {
    if bots.len() != usize::from(settings.players) {
        return Err(SetupError::new(format!(
            "{} bots for {} seats",
            bots.len(),
            settings.players
        )));
    }
    let mut game = IceTowers::new(settings, seed)?;
    let mut record: IceRecord = Record::new::<IceTowers>(settings.clone(), seed);
    let mut rngs: Vec<ChaCha8Rng> = (0..bots.len())
        .map(|s| seed.rng(&format!("bot {s}")))
        .collect();
    let n = bots.len();
    let mut pending: Vec<Option<(GameTime, Action)>> = vec![None; n];
    let plan = |s: usize,
                now: GameTime,
                game: &IceTowers,
                rngs: &mut [ChaCha8Rng],
                pending: &mut [Option<(GameTime, Action)>]| {
        let seat = Seat(s as u8);
        pending[s] = decide(bots[s].policy, game, seat, &mut rngs[s]).map(|a| {
            let d = delay(&bots[s], &mut rngs[s]);
            (now + d, a)
        });
    };
    for s in 0..n {
        plan(s, GameTime::ZERO, &game, &mut rngs, &mut pending);
    }
    let mut rejected = 0;
    while game.ending().is_none() && record.actions.len() < MAX_ACTIONS {
        let next_seat = (0..n).filter_map(|s| pending[s].map(|(t, _)| (t, s))).min();
        let timer = game.next_deadline();
        let now = match (timer, next_seat) {
            (None, None) => break,
            (Some(d), seat) if seat.is_none_or(|(t, _)| d <= t) => {
                if !game.advance(d).is_empty() {
                    // The table changed: idle seats look again.
                    for s in 0..n {
                        if pending[s].is_none() {
                            plan(s, d, &game, &mut rngs, &mut pending);
                        }
                    }
                }
                continue;
            }
            (_, Some((t, _))) => t,
            (Some(_), None) => unreachable!("handled above"),
        };
        let (_, s) = next_seat.expect("a seat acts");
        let (_, action) = pending[s].take().expect("pending action");
        let seat = Seat(s as u8);
        match game.play(seat, &action, now) {
            Ok(_) => {
                record.push(seat, now, action);
                // `done`/`undone` leave the table as it was: nobody waiting
                // has anything new to look at.
                let changed = !matches!(action, Action::Done | Action::Undone);
                for o in 0..n {
                    if changed && o != s && pending[o].is_none() {
                        plan(o, now, &game, &mut rngs, &mut pending);
                    }
                }
            }
            Err(_) => rejected += 1,
        }
        plan(s, now, &game, &mut rngs, &mut pending);
    }
    let end = game.ending().map_or(game.now(), |e| e.at);
    record.end = Some(end);
    let outcome = stackyard_core::Game::outcome(&game);
    let ghost_score = game.ghost().map(|g| game.scores_by_colour()[g.index()]);
    Ok(SimResult {
        actions: record.actions.len(),
        record,
        outcome,
        ghost_score,
        rejected,
        end,
    })
}
