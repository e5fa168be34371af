//! Where the game is: kept by the game (`state.rs`) and shown in every
//! view (`view.rs`), so below both.

use crate::action::EndReason;
use serde::{Deserialize, Serialize};

/// Where the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Phase {
    /// The first seat builds the foundation (L4).
    Foundation,
    /// Placements, holds and passes (L5).
    Play,
    /// The game is over (L13).
    Over {
        /// Why.
        reason: EndReason,
    },
}
