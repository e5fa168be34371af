//! Bots playing whole games through the [`Driver`]: turn by turn, or in
//! simulated real time for turnless games.
//!
//! These are the loops the simulators, tournaments and tests use; a server
//! runs the same driver with real clocks and real people instead.

use crate::{Bot, Driver, Game, GameTime, Seat, ToAct, Viewer};

/// A finished (or abandoned) bot game.
#[derive(Debug, Clone)]
pub struct Played<G: Game> {
    /// The table at the end, record inside.
    pub driver: Driver<G>,
    /// Actions the rules refused because the table had changed before
    /// they arrived (lost races), or that a bot got wrong.
    pub rejected: usize,
    /// Whether the game stopped at the action cap instead of ending.
    pub capped: bool,
}

/// Plays a turn-based game: each turn the seat to act is shown its view
/// and its bot decides; the action arrives `think_ms` after the previous
/// one. Stops at the end, after `max_actions` accepted actions, or when the
/// seat to act has nothing to say (a bot that cannot move is a bug in the
/// bot: the game is left unfinished and `capped` is set).
pub fn play_turns<G: Game>(
    mut driver: Driver<G>,
    bots: &mut [Box<dyn Bot<G>>],
    max_actions: usize,
) -> Played<G> {
    let mut rejected = 0;
    let mut accepted = 0;
    while accepted < max_actions {
        let seat = match driver.to_act() {
            ToAct::Seat(seat) => seat,
            ToAct::Nobody => {
                return Played {
                    driver,
                    rejected,
                    capped: false,
                };
            }
            // A turnless game has no turns to take; see `simulate_realtime`.
            ToAct::AnySeat => break,
        };
        let view = driver.view(Viewer::Seat(seat));
        let Some(decision) = bots[seat.index()].decide(&view, driver.now()) else {
            break;
        };
        let at = driver.now() + decision.think_ms;
        match driver.act(seat, decision.action, at) {
            Ok(_) => accepted += 1,
            Err(_) => {
                rejected += 1;
                // A bot that keeps proposing illegal moves would loop for
                // ever: one refusal per turn ends the game unfinished.
                break;
            }
        }
    }
    let capped = !driver.is_over();
    Played {
        driver,
        rejected,
        capped,
    }
}

/// Plays a turnless game in simulated time.
///
/// An event queue ordered by time: each seat has at most one action in
/// flight (decided when the seat last looked, arriving `think_ms` later);
/// timers fire at their deadlines. At equal times timers come first, then
/// seats in seat order. A seat with nothing to do waits until something
/// happens that its bot [`Bot::wakes_on`], then looks again; a seat always
/// looks again right after its own action arrives, accepted or not.
pub fn simulate_realtime<G: Game>(
    mut driver: Driver<G>,
    bots: &mut [Box<dyn Bot<G>>],
    max_actions: usize,
) -> Played<G> {
    let n = bots.len();
    let mut pending: Vec<Option<(GameTime, G::Action)>> = vec![None; n];
    let plan = |s: usize,
                now: GameTime,
                driver: &Driver<G>,
                bots: &mut [Box<dyn Bot<G>>],
                pending: &mut [Option<(GameTime, G::Action)>]| {
        let view = driver.view(Viewer::Seat(Seat(s as u8)));
        pending[s] = bots[s]
            .decide(&view, now)
            .map(|d| (now + d.think_ms, d.action));
    };
    for s in 0..n {
        plan(s, GameTime::ZERO, &driver, bots, &mut pending);
    }
    let mut rejected = 0;
    let mut accepted = 0;
    while !driver.is_over() && accepted < max_actions {
        let next_seat = (0..n)
            .filter_map(|s| pending[s].as_ref().map(|(t, _)| (*t, s)))
            .min();
        let timer = driver.next_deadline();
        let (now, s) = match (timer, next_seat) {
            (None, None) => break,
            (Some(deadline), seat) if seat.is_none_or(|(t, _)| deadline <= t) => {
                let step = driver.advance_to(deadline);
                for s in 0..n {
                    if pending[s].is_none() && bots[s].wakes_on(&step.events) {
                        plan(s, deadline, &driver, bots, &mut pending);
                    }
                }
                continue;
            }
            (_, Some(next)) => next,
            (Some(_), None) => unreachable!("a timer with no seat waiting is handled above"),
        };
        let (_, action) = pending[s].take().expect("the seat has an action in flight");
        match driver.act(Seat(s as u8), action, now) {
            Ok(step) => {
                accepted += 1;
                for o in 0..n {
                    if o != s && pending[o].is_none() && bots[o].wakes_on(&step.events) {
                        plan(o, now, &driver, bots, &mut pending);
                    }
                }
            }
            Err(_) => rejected += 1,
        }
        plan(s, now, &driver, bots, &mut pending);
    }
    let capped = !driver.is_over();
    Played {
        driver,
        rejected,
        capped,
    }
}
