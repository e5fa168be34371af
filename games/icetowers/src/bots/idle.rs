//! What every bot does when it has nothing worth doing.

use crate::{Action, IceTowers};
use stackyard_core::Seat;

/// When a bot has nothing worth doing: say done once, then wait.
pub(super) fn done_or_wait(game: &IceTowers, seat: Seat) -> Option<Action> {
    (!game.is_done(seat)).then_some(Action::Done)
}
