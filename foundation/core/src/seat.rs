//! Seats at a table, and the viewers a game renders itself for.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A place at the table, numbered from 0 in play order.
///
/// Games give seats their own names (Towers: seat 0 is Black, seat 1 is
/// White); the core only needs the number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index, for indexing per-seat arrays.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// Who a view is rendered for. Hidden information (an undrawn order, a
/// face-down tile) is visible only to the seat entitled to it; spectators
/// see what every seat may see.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
// {"type": "seat", "seat": 1} or {"type": "spectator"}.
#[serde(tag = "type", content = "seat", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Viewer {
    /// A player, who also sees their own secrets.
    Seat(Seat),
    /// Anyone else: only public information.
    Spectator,
}

impl Viewer {
    /// Every viewer of a table with `seats` seats: each seat, then the
    /// spectator.
    pub fn all(seats: usize) -> impl Iterator<Item = Viewer> {
        (0..seats)
            .map(|s| Viewer::Seat(Seat(s as u8)))
            .chain(std::iter::once(Viewer::Spectator))
    }
}
