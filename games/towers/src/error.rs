//! Why a move is rejected, naming the rule it breaks.

use crate::notation::{Move, Square};
use thiserror::Error;

/// A rejected move. The position it was tried on is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// A seat acted out of turn, or a seat that does not play (T7).
    #[error("it is {expected}'s turn, not {seat}'s (T7)")]
    NotYourTurn {
        /// The seat that acted.
        seat: stackyard_core::Seat,
        /// The colour to move.
        expected: &'static str,
    },
    /// The game has ended (T11).
    #[error("the game is over: neither player has a legal move (T11)")]
    GameOver,
    /// A square outside the board (T1, T8).
    #[error("{square} is off the {cols}x{rows} board (T8)")]
    OffBoard {
        /// The square named.
        square: Square,
        /// Board columns.
        cols: u8,
        /// Board rows.
        rows: u8,
    },
    /// A tower move while floors or utilities are still being placed.
    #[error("{mv} is not a placement: players are still placing {what} ({rule})")]
    Placing {
        /// The move tried.
        mv: Move,
        /// What is being placed and how (`floors with +c3`).
        what: &'static str,
        /// T17 or T18.
        rule: &'static str,
    },
    /// A placement once the move phase started, or the wrong kind of placement.
    #[error("{mv} is not allowed now: {why} ({rule})")]
    WrongPhase {
        /// The move tried.
        mv: Move,
        /// What the phase allows instead.
        why: &'static str,
        /// T17 or T18.
        rule: &'static str,
    },
    /// Sprawl: placing on an occupied block (T17); Sprawl+Infrastructure:
    /// a utility on an occupied block (T18).
    #[error("{square} is already occupied ({rule})")]
    Occupied {
        /// The block.
        square: Square,
        /// T17 or T18.
        rule: &'static str,
    },
    /// Infrastructure: a utility must replace one of the mover's own
    /// single-floor towers (T18).
    #[error("{square} is not one of your single-floor towers (T18)")]
    NotOwnSingle {
        /// The block.
        square: Square,
    },
    /// Moving from an empty block (T8).
    #[error("there is no tower on {square} to move (T8)")]
    EmptyFrom {
        /// The block.
        square: Square,
    },
    /// A utility-topped tower belongs to nobody and never moves (T6).
    #[error("the tower on {square} has a utility on top: nobody owns it (T6)")]
    UtilityTop {
        /// The block.
        square: Square,
    },
    /// Moving the other player's tower (T6, T8).
    #[error("the tower on {square} is not yours (T8)")]
    NotYours {
        /// The block.
        square: Square,
    },
    /// Not along a row or a column, or not moving at all (T8).
    #[error("{from}-{to} is not a straight move along a row or a column (T8)")]
    NotStraight {
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// The distance is not the tower's height (T8).
    #[error(
        "the tower on {from} is {height} high, so it must move exactly {height} block(s), not {distance} (T8)"
    )]
    WrongLength {
        /// From.
        from: Square,
        /// The tower's height.
        height: u16,
        /// The distance tried.
        distance: u16,
    },
    /// Landing on an empty block (T8).
    #[error("{to} is empty: a tower must land on another tower (T8)")]
    EmptyTarget {
        /// The block.
        to: Square,
    },
    /// The tower's four neighbours are all occupied (T9).
    #[error("the tower on {square} is surrounded on all four sides and may not move (T9)")]
    Surrounded {
        /// The block.
        square: Square,
    },
    /// `pass` while a move exists (T10) or while placing (T17/T18).
    #[error("you may pass only when you have no legal move ({rule})")]
    PassWithMoves {
        /// T10, or T17/T18 during placement.
        rule: &'static str,
    },
}
