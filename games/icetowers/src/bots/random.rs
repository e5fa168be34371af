//! The random bot: any legal play, uniformly.

use super::idle::done_or_wait;
use crate::{Action, IceTowers};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use stackyard_core::Seat;

pub(super) fn choose(game: &IceTowers, seat: Seat, rng: &mut ChaCha8Rng) -> Option<Action> {
    if game.started().is_none() {
        return (!game.is_ready(seat)).then_some(Action::Ready);
    }
    let mut plays = game.legal_actions(seat);
    plays.retain(|a| !matches!(a, Action::Done | Action::Undone));
    if plays.is_empty() {
        return done_or_wait(game, seat);
    }
    Some(plays[rng.random_range(0..plays.len())])
}
