//! The strong bot: greedy's best few plays, each tried in short rollouts
//! where the seats act in a sampled random order, everyone playing greedy.
//! Real time has no turn order, so each rollout samples one.

use super::done_or_wait;
use super::greedy::{Candidate, candidates, greedy_choice, key};
use crate::{Action, IceTowers};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use stackyard_core::Seat;

/// Plays tried per decision.
const WIDTH: usize = 4;
/// Rollouts per play.
const ROLLOUTS: usize = 3;
/// Actions per rollout, per seat.
const DEPTH_PER_SEAT: usize = 3;

pub(super) fn choose(game: &IceTowers, seat: Seat, rng: &mut ChaCha8Rng) -> Option<Action> {
    if game.started().is_none() {
        return (!game.is_ready(seat)).then_some(Action::Ready);
    }
    let mut all: Vec<Candidate> = Vec::new();
    candidates(game, seat, |c| all.push(c));
    // Stable: equal plays keep their (deterministic) generation order.
    all.sort_by_key(|c| std::cmp::Reverse(key(c)));
    all.truncate(WIDTH);
    let holding = game.hand(seat).is_some();
    if all.is_empty() {
        return if holding {
            Some(Action::SetDown)
        } else {
            done_or_wait(game, seat)
        };
    }
    // Waiting is an option too unless a piece is in hand.
    let mut options: Vec<Option<Action>> = all.iter().map(|c| Some(c.action)).collect();
    if !holding {
        options.push(None);
    }
    let now = game.now();
    let mut best: Option<(i64, Option<Action>)> = None;
    for option in options {
        let mut total = 0i64;
        for _ in 0..ROLLOUTS {
            let mut g = game.clone();
            if let Some(a) = option
                && g.play(seat, &a, now).is_err()
            {
                continue;
            }
            rollout(&mut g, seat, rng);
            total += final_lead(&g, seat);
        }
        if best.as_ref().is_none_or(|b| total > b.0) {
            best = Some((total, option));
        }
    }
    match best.and_then(|b| b.1) {
        Some(a) => Some(a),
        None => done_or_wait(game, seat),
    }
}

fn rollout(g: &mut IceTowers, me: Seat, rng: &mut ChaCha8Rng) {
    let seats = g.seats();
    let now = g.now();
    for _ in 0..DEPTH_PER_SEAT * seats {
        if g.ending().is_some() {
            return;
        }
        let s = Seat(rng.random_range(0..seats) as u8);
        if let Some(a) = greedy_choice(g, s, rng)
            && !matches!(a, Action::Done | Action::Undone)
        {
            let _ = g.play(s, &a, now);
        }
    }
    let _ = me;
}

/// My lead over the best other colour, counting held pieces as free-standers.
fn final_lead(g: &IceTowers, me: Seat) -> i64 {
    let mut s = g.scores_by_colour();
    for seat in 0..g.seats() {
        if let Some(h) = g.hand(Seat(seat as u8)) {
            s[h.piece.colour().index()] += i64::from(h.piece.pips());
        }
    }
    let mine = s[me.index()];
    let other = (0..s.len())
        .filter(|&c| c != me.index())
        .map(|c| s[c])
        .max()
        .unwrap_or(0);
    mine - other
}
