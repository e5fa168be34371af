//! The strong bot: a one-window lookahead that models the other seats as
//! what they most likely are (greedy players who have already committed
//! to their next play) and values the pieces it has not yet used.
//!
//! Two things decide IceTowers between greedy players:
//! - Small pieces are the last word. A tower topped by a small can only be
//!   retaken by another small (I6), so whoever still has smalls when the
//!   large and medium pieces run out takes the tall towers at the end.
//!   Greedy spends pieces as soon as they gain anything; this bot counts
//!   each small it keeps as worth `SMALL_KEPT` pips and each medium
//!   `MEDIUM_KEPT` (and those it could mine back out of a tower a little
//!   less), so it caps with large pieces and mines where it can and saves
//!   its smalls for the plays that matter.
//! - Real time has no turns: every seat's next action was decided before
//!   ours lands, so the other seats cannot answer our play in the same
//!   window. Their committed plays (greedy's choice on this table) land in
//!   an unknown order around ours and are rejected if ours made them
//!   illegal; then everyone answers once, greedily, in a sampled order.
//!   Each candidate play is tried in the same sampled orders (common
//!   random numbers) and valued at the end by the lead over the best
//!   other colour plus the kept pieces.

use super::greedy::{Candidate, candidates, greedy_choice, key};
use super::idle::done_or_wait;
use crate::{Action, IceTowers};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use stackyard_core::Seat;

/// Greedy's best plays tried per decision (plus every size of each cap
/// among them, and caps onto the towers others are about to take).
const WIDTH: usize = 6;
/// Rollouts per play.
const ROLLOUTS: usize = 10;
/// What a small free-stander of mine still on the table is worth, in pips
/// of lead (beyond its own pip).
const SMALL_KEPT: i64 = 25;
/// What a medium free-stander is worth, in pips of lead (beyond its own).
const MEDIUM_KEPT: i64 = 8;
/// What a small of mine is worth where I could mine it (I7): in a tower
/// someone else controls that holds at least two of my pieces.
const SMALL_MINEABLE: i64 = 8;
/// The same for a medium.
const MEDIUM_MINEABLE: i64 = 3;

pub(super) fn choose(game: &IceTowers, seat: Seat, rng: &mut ChaCha8Rng) -> Option<Action> {
    if game.started().is_none() {
        return (!game.is_ready(seat)).then_some(Action::Ready);
    }
    let holding = game.hand(seat).is_some();
    let mut all: Vec<Candidate> = Vec::new();
    candidates(game, seat, |c| all.push(c));
    // What the other seats are about to do: greedy's choice on this table.
    let mut intent_rng = ChaCha8Rng::seed_from_u64(rng.random());
    let intents: Vec<(Seat, Action)> = (0..game.seats())
        .filter(|&s| s != seat.index())
        .filter_map(|s| {
            let s = Seat(s as u8);
            greedy_choice(game, s, &mut intent_rng)
                .filter(|a| !matches!(a, Action::Done | Action::Undone))
                .map(|a| (s, a))
        })
        .collect();
    // Stable: equal plays keep their (deterministic) generation order.
    all.sort_by_key(|c| std::cmp::Reverse(key(c)));
    let mut options: Vec<Candidate> = all.iter().take(WIDTH).copied().collect();
    let capped =
        |c: &Candidate, tower| matches!(c.action, Action::Cap { onto, .. } if onto == tower);
    // Denial: caps onto the towers others are about to take.
    for (_, a) in &intents {
        if let Action::Cap { onto, .. } = *a {
            for c in all.iter().filter(|c| capped(c, onto)) {
                if !options.contains(c) {
                    options.push(*c);
                }
            }
        }
    }
    // Every size for the caps kept: which piece to spend is the question.
    let kept = options.clone();
    for c in &all {
        if let Action::Cap { onto, .. } = c.action
            && kept.iter().any(|o| capped(o, onto))
            && !options.contains(c)
        {
            options.push(*c);
        }
    }
    // Like greedy, only plays that gain now are worth the tempo.
    if !holding {
        options.retain(|c| c.lead > 0);
    }
    match options.len() {
        0 if holding => return Some(Action::SetDown),
        0 => return done_or_wait(game, seat),
        1 => return Some(options[0].action),
        _ => {}
    }
    // Common random numbers: every option faces the same sampled orders,
    // so differences come from the option, not from the sampling.
    let streams: Vec<u64> = (0..ROLLOUTS).map(|_| rng.random()).collect();
    let mut best: Option<(i64, Action)> = None;
    for option in &options {
        let mut total = 0i64;
        for &stream in &streams {
            let mut g = game.clone();
            let mut r = ChaCha8Rng::seed_from_u64(stream);
            rollout(&mut g, seat, option.action, &intents, &mut r);
            total += value(&g, seat);
        }
        // Ties keep greedy's order.
        if best.as_ref().is_none_or(|b| total > b.0) {
            best = Some((total, option.action));
        }
    }
    best.map(|b| b.1)
}

fn shuffle<T>(v: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}

fn rollout(
    g: &mut IceTowers,
    me: Seat,
    play: Action,
    intents: &[(Seat, Action)],
    rng: &mut ChaCha8Rng,
) {
    let now = g.now();
    // The window: our play and the others' committed plays land in a
    // sampled order; a play the table no longer allows is rejected (I4).
    let mut window: Vec<(Seat, Action)> = Vec::with_capacity(intents.len() + 1);
    window.push((me, play));
    window.extend_from_slice(intents);
    shuffle(&mut window, rng);
    for (s, a) in window {
        let _ = g.play(s, &a, now);
    }
    // Then every seat answers once, greedily, in a sampled order.
    let mut order: Vec<usize> = (0..g.seats()).collect();
    shuffle(&mut order, rng);
    for s in order {
        if g.ending().is_some() {
            return;
        }
        let s = Seat(s as u8);
        if let Some(a) = greedy_choice(g, s, rng)
            && !matches!(a, Action::Done | Action::Undone)
        {
            let _ = g.play(s, &a, now);
            // A mined piece is played straight away: mine and cap are one plan.
            if g.hand(s).is_some()
                && let Some(a) = greedy_choice(g, s, rng)
            {
                let _ = g.play(s, &a, now);
            }
        }
    }
}

/// My lead over the best other colour (held pieces counted as
/// free-standers, as they would be set down), plus the small and medium
/// pieces I still have to play: free-standers, and those I could mine.
fn value(g: &IceTowers, me: Seat) -> i64 {
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
    let q = IceTowers::colour_of(me);
    let mut kept = 0i64;
    for t in g.towers() {
        if t.is_free_stander() {
            if t.controller() == q {
                kept += match t.top().pips() {
                    1 => SMALL_KEPT,
                    2 => MEDIUM_KEPT,
                    _ => 0,
                };
            }
        } else if t.controller() != q && t.count(q) >= 2 {
            // I7: pieces I can mine back out are nearly as good as kept.
            for p in t.pieces.iter().filter(|p| p.colour() == q) {
                kept += match p.pips() {
                    1 => SMALL_MINEABLE,
                    2 => MEDIUM_MINEABLE,
                    _ => 0,
                };
            }
        }
    }
    mine - best_other + kept
}
