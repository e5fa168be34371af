//! The strong bot: greedy's best few plays, each tried in short rollouts
//! where the seats act in a sampled random order, everyone playing greedy.
//! Real time has no turn order, so each rollout samples one.

use super::done_or_wait;
use super::greedy::{Candidate, candidates, greedy_choice, key};
use crate::{Action, IceTowers};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use stackyard_core::Seat;

/// Plays tried per decision.
const WIDTH: usize = 4;
/// Rollouts per play.
const ROLLOUTS: usize = 12;
/// Rounds of answers by the other seats per rollout.
const DEPTH_PER_SEAT: usize = 1;

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
    // Like greedy, only plays that gain now are worth the tempo; waiting
    // loses races in real time, so it is never preferred to a gain.
    if !holding {
        all.retain(|c| c.lead > 0);
    }
    if all.is_empty() {
        return if holding {
            Some(Action::SetDown)
        } else {
            done_or_wait(game, seat)
        };
    }
    if all.len() == 1 {
        return Some(all[0].action);
    }
    let options: Vec<Option<Action>> = all.iter().map(|c| Some(c.action)).collect();
    let now = game.now();
    // Common random numbers: every option faces the same sampled orders,
    // so differences come from the option, not from the sampling.
    let streams: Vec<u64> = (0..ROLLOUTS).map(|_| rng.random()).collect();
    let mut best: Option<(i64, Option<Action>)> = None;
    for option in options {
        let mut total = 0i64;
        for &stream in &streams {
            let mut g = game.clone();
            if let Some(a) = option
                && g.play(seat, &a, now).is_err()
            {
                continue;
            }
            let mut r = ChaCha8Rng::seed_from_u64(stream);
            rollout(&mut g, seat, &mut r);
            total += final_lead(&g, seat);
        }
        // Ties keep greedy's order.
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
    // A mined piece is played at once: the mine and its cap are one plan.
    if g.hand(me).is_some()
        && let Some(a) = greedy_choice(g, me, rng)
    {
        let _ = g.play(me, &a, now);
    }
    // The other seats each answer once, in a sampled order.
    let mut order: Vec<usize> = (0..seats).filter(|&s| s != me.index()).collect();
    for i in (1..order.len()).rev() {
        let j = rng.random_range(0..=i);
        order.swap(i, j);
    }
    // Then I answer them.
    order.push(me.index());
    for _ in 0..DEPTH_PER_SEAT {
        for &s in &order {
            if g.ending().is_some() {
                return;
            }
            let s = Seat(s as u8);
            if let Some(a) = greedy_choice(g, s, rng)
                && !matches!(a, Action::Done | Action::Undone)
            {
                let _ = g.play(s, &a, now);
                // A mined piece is played straight away too.
                if g.hand(s).is_some()
                    && let Some(a) = greedy_choice(g, s, rng)
                {
                    let _ = g.play(s, &a, now);
                }
            }
        }
    }
}

/// My lead over the best other colour, held pieces counted as free-standers.
fn final_lead(g: &IceTowers, me: Seat) -> i64 {
    let mut s = g.scores_by_colour();
    for seat in 0..g.seats() {
        if let Some(h) = g.hand(Seat(seat as u8)) {
            s[h.piece.colour().index()] += i64::from(h.piece.pips());
        }
    }
    let mine = s[me.index()];
    let best_other = (0..s.len())
        .filter(|&c| c != me.index())
        .map(|c| s[c])
        .max()
        .unwrap_or(0);
    mine - best_other
}
