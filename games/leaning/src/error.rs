//! Why an action is rejected, each naming the rule it enforces. A rejected
//! action changes nothing.

use crate::piece::Size;
use stackyard_core::Seat;
use thiserror::Error;

/// A rejected action.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum LeaningError {
    /// L13: the game is over.
    #[error("the game is over (L13)")]
    GameOver,
    /// Not this seat's turn.
    #[error("it is not {0}'s turn (L4)")]
    NotYourTurn(Seat),
    /// L4: the foundation comes first.
    #[error("the foundation must be built first (L4)")]
    FoundationFirst,
    /// L4: the foundation is already built.
    #[error("the foundation is already built (L4)")]
    FoundationBuilt,
    /// L4: only medium and large neutral pieces.
    #[error("the foundation is built from medium or large pieces, not {0} (L4)")]
    FoundationSize(Size),
    /// L4: a foundation piece must touch the table.
    #[error("foundation piece {0} must be let go touching the table (L4)")]
    FoundationOffTable(usize),
    /// L5: no piece of this size left.
    #[error("{seat} has no {size} piece left (L5)")]
    NoPieceLeft {
        /// The seat.
        seat: Seat,
        /// The size asked for.
        size: Size,
    },
    /// L8: the same size as the previous placement.
    #[error("a {0} was the previous placement: place a different size (L8)")]
    SameSize(Size),
    /// L9: a slipped piece cannot be traded for another.
    #[error("the slipped {slipped} must be tried again, not a {asked} (L9)")]
    TradedSlip {
        /// The slipped size.
        slipped: Size,
        /// The size asked for.
        asked: Size,
    },
    /// L12: a seat holds at most one piece.
    #[error("{0} already holds a piece (L12)")]
    AlreadyHolding(Seat),
    /// L12: the seat's held piece must be let go this turn, and that is
    /// the whole turn.
    #[error("your held piece must be let go this turn: release it")]
    ReleaseDue,
    /// L12: a release when the seat holds nothing.
    #[error("you hold no piece to let go")]
    NothingHeld,
    /// L12: another seat's held piece touches it, so it stays held.
    #[error(
        "your held piece touches another player's held piece, so it stays held: play your turn"
    )]
    ReleaseBlocked,
    /// L12: a held piece may not touch the table.
    #[error("a held piece may not touch the table (L12)")]
    HoldTouchesTable,
    /// L5: a pose with NaN or infinite numbers.
    #[error("the pose has a number that is not finite (L5)")]
    NotFinite,
    /// L5: an angle beyond ten turns.
    #[error("the pose's angles must lie within ±3600° (L5)")]
    AngleOutOfRange,
    /// L5: a pose off the playing area.
    #[error(
        "the pose lies outside the table area (within ±{half_mm} mm, 0 to {max_height_mm} mm high) (L5)"
    )]
    OffTable {
        /// Half the side of the playing area.
        half_mm: f64,
        /// Highest allowed height.
        max_height_mm: f64,
    },
    /// The pose starts inside the table or another piece.
    #[error("the pose starts inside {0}")]
    Blocked(String),
}
