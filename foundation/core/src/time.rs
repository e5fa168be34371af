//! Game time: an input to the rules, never read from a clock inside them.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Add, Sub};

/// Milliseconds since the table opened.
///
/// Turnless games (IceTowers, Speedy Towers) receive every action with the
/// time it arrived and fire their timers from these times, so a record of
/// timed actions replays to the identical game. Turn-based games ignore it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameTime(u64);

impl GameTime {
    /// The moment the table opened.
    pub const ZERO: GameTime = GameTime(0);

    /// A time `ms` milliseconds after the table opened.
    pub const fn from_millis(ms: u64) -> Self {
        GameTime(ms)
    }

    /// A time `s` whole seconds after the table opened.
    pub const fn from_secs(s: u64) -> Self {
        GameTime(s * 1000)
    }

    /// Milliseconds since the table opened.
    pub const fn as_millis(self) -> u64 {
        self.0
    }

    /// Seconds since the table opened, for display.
    pub fn as_secs_f64(self) -> f64 {
        self.0 as f64 / 1000.0
    }

    /// Milliseconds from `earlier` to `self`, or 0 if `earlier` is later.
    pub fn millis_since(self, earlier: GameTime) -> u64 {
        self.0.saturating_sub(earlier.0)
    }
}

impl Add<u64> for GameTime {
    type Output = GameTime;
    /// Adds milliseconds.
    fn add(self, ms: u64) -> GameTime {
        GameTime(self.0.saturating_add(ms))
    }
}

impl Sub for GameTime {
    type Output = u64;
    /// Milliseconds between two times (saturating at 0).
    fn sub(self, rhs: GameTime) -> u64 {
        self.millis_since(rhs)
    }
}

impl fmt::Display for GameTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:03}s", self.0 / 1000, self.0 % 1000)
    }
}
