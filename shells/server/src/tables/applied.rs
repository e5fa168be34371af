//! A step the table core took ([`Applied`]) and what made it ([`Cause`]):
//! what the task commits, then tells, and what a refusal carries of the
//! timers that fired before it.

use serde_json::Value;
use stackyard_core::GameTime;
use stackyard_core::Seat;
use stackyard_core::host::HostStep;

/// What made a step.
#[derive(Debug, Clone, PartialEq)]
pub enum Cause {
    /// `seat`'s accepted action.
    Action {
        /// Who acted.
        seat: Seat,
        /// The action as it came.
        action: Value,
    },
    /// Timers fired.
    Timers,
    /// The game was ended outside the rules.
    Ending,
}

/// A step the core took, to be committed before anyone hears of it.
#[derive(Debug, Clone)]
pub struct Applied {
    /// What each viewer may see of it.
    pub step: HostStep,
    /// What made it.
    pub cause: Cause,
    /// Accepted actions after it.
    pub actions: usize,
    /// The game's time after it.
    pub at: GameTime,
    /// A standing draw offer lapsed with it (a move answers an offer).
    pub draw_lapsed: bool,
    /// It ended the game.
    pub finished: bool,
}
