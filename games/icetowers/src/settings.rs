//! Room settings: seats, the ghost, the hold limit and the game timer.

use serde::{Deserialize, Serialize};
use stackyard_core::SetupError;

/// Everything chosen before an IceTowers game starts. An unknown key is
/// refused, naming it (a misspelt `"ghost"` is not silently off); no key
/// was ever taken away, so every record replays.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Settings {
    /// Number of seats, 2–5 (I1).
    pub players: u8,
    /// Play with the ghost's stash (I14).
    #[serde(default)]
    pub ghost: bool,
    /// How long a mined piece may be held, in ms (I10; default 10 s).
    #[serde(default = "default_hold_limit")]
    pub hold_limit_ms: u64,
    /// The optional game timer, in ms from the start (I13c).
    #[serde(default)]
    pub game_timer_ms: Option<u64>,
}

fn default_hold_limit() -> u64 {
    10_000
}

impl Default for Settings {
    /// Two seats, no ghost, the default hold limit, no timer.
    fn default() -> Self {
        Settings::new(2)
    }
}

impl Settings {
    /// `players` seats, no ghost, the default hold limit, no timer.
    pub fn new(players: u8) -> Self {
        Settings {
            players,
            ghost: false,
            hold_limit_ms: default_hold_limit(),
            game_timer_ms: None,
        }
    }

    /// Number of colours on the table: seats plus the ghost.
    pub fn colours(&self) -> usize {
        usize::from(self.players) + usize::from(self.ghost)
    }

    /// Checks the settings make a game.
    pub fn validate(&self) -> Result<(), SetupError> {
        if !SEATS.allows(self.players) {
            return Err(SetupError::new(format!(
                "IceTowers is for 2 to 5 players, not {} (I1)",
                self.players
            )));
        }
        if self.hold_limit_ms == 0 {
            return Err(SetupError::new("the hold limit must be positive (I10)"));
        }
        if self.game_timer_ms == Some(0) {
            return Err(SetupError::new("the game timer must be positive (I13)"));
        }
        Ok(())
    }
}

/// IceTowers is for 2 to 5 players (I1).
pub const SEATS: stackyard_core::Seats = stackyard_core::Seats::between(2, 5);
