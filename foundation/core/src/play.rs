//! Bots playing whole games through the [`Driver`]: turn by turn, or in
//! simulated real time for turnless games.
//!
//! These are the loops the simulators, tournaments and tests use; a server
//! runs the same driver with real clocks and real people instead.

use crate::schedule::BotSchedule;
use crate::{Bot, Driver, Game, GameTime, Step, ToAct, Viewer};

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
    driver: Driver<G>,
    bots: &mut [Box<dyn Bot<G>>],
    max_actions: usize,
) -> Played<G> {
    play_turns_watched(driver, bots, max_actions, |_, _| {})
}

/// [`play_turns`], showing `watch` every step as it happens (the table
/// after it, and its full events): a simulator counts what happened as the
/// game is played, rather than paying for the game twice by replaying its
/// record (a physics game's placements are most of its cost).
pub fn play_turns_watched<G: Game>(
    mut driver: Driver<G>,
    bots: &mut [Box<dyn Bot<G>>],
    max_actions: usize,
    mut watch: impl FnMut(&Driver<G>, &Step<G::Event>),
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
            Ok(step) => {
                accepted += 1;
                watch(&driver, &step);
            }
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

/// Plays a turnless game in simulated time, paced by the one bot schedule
/// every host uses ([`BotSchedule`]).
///
/// Each seat has at most one action in flight (decided when the seat last
/// looked, arriving `think_ms` later); timers fire at their deadlines. At
/// equal times timers come first, then arrivals in seat order, then looks.
/// A seat looks again once it notices something that its bot
/// [`Bot::wakes_on`] (as its seat sees it), [`Bot::perception_ms`] after it
/// happened, whether it waits or has an action in flight (which may arrive
/// stale first and be refused: a lost race); and right after its own action
/// arrives, at once if it was accepted and [`crate::schedule::RETRY_MS`]
/// later if it was refused.
pub fn simulate_realtime<G: Game>(
    driver: Driver<G>,
    bots: &mut [Box<dyn Bot<G>>],
    max_actions: usize,
) -> Played<G> {
    simulate_realtime_watched(driver, bots, max_actions, |_, _| {})
}

/// [`simulate_realtime`], showing `watch` every step as it happens (timers
/// that fired included), as [`play_turns_watched`] does.
pub fn simulate_realtime_watched<G: Game>(
    mut driver: Driver<G>,
    bots: &mut [Box<dyn Bot<G>>],
    max_actions: usize,
    mut watch: impl FnMut(&Driver<G>, &Step<G::Event>),
) -> Played<G> {
    let mut schedule = BotSchedule::new(bots.iter().map(|_| true));
    let mut now = GameTime::ZERO;
    let mut rejected = 0;
    let mut accepted = 0;
    while !driver.is_over() && accepted < max_actions {
        for seat in schedule.to_look(now, driver.to_act()) {
            let view = driver.view(Viewer::Seat(seat));
            let decision = bots[seat.index()].decide(&view, now);
            schedule.decided(seat, now, now, decision);
        }
        let due = schedule.next_due(driver.to_act());
        let step = match (driver.next_deadline(), due) {
            (None, None) => break,
            (Some(deadline), due) if due.is_none_or(|t| deadline <= t) => {
                now = deadline;
                driver.advance_to(deadline)
            }
            (_, Some(t)) => {
                now = now.max(t);
                let Some((seat, at, action)) = schedule.take_due(now) else {
                    // A look waiting for its retry time: it looks next turn.
                    continue;
                };
                match driver.act(seat, action, at) {
                    Ok(step) => {
                        accepted += 1;
                        schedule.arrived(seat, at, false);
                        step
                    }
                    Err(refusal) => {
                        rejected += 1;
                        schedule.arrived(seat, at, true);
                        // Timers due by the arrival fired all the same.
                        refusal.timers
                    }
                }
            }
            (Some(_), None) => unreachable!("a timer with no seat waiting is handled above"),
        };
        watch(&driver, &step);
        let to_act = driver.to_act();
        schedule.stepped(driver.now(), to_act, |seat| {
            let bot = &mut bots[seat.index()];
            bot.wakes_on(&driver.events_for(&step, Viewer::Seat(seat)))
                .then(|| bot.perception_ms())
        });
    }
    let capped = !driver.is_over();
    Played {
        driver,
        rejected,
        capped,
    }
}
