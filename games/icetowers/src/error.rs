//! Why an action is rejected, each naming the rule it enforces.

use crate::piece::PieceId;
use crate::table::TowerId;
use stackyard_core::{GameTime, Seat};
use thiserror::Error;

/// A rejected action. A rejection changes nothing (I4).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IceError {
    /// I4: only `ready` before everyone is ready.
    #[error("the game has not started: every seat must say ready first (I4)")]
    NotStarted,
    /// I4: `ready` after the start.
    #[error("the game has already started (I4)")]
    AlreadyStarted,
    /// I4: `ready` twice.
    #[error("{0} is already ready (I4)")]
    AlreadyReady(Seat),
    /// I13: the game is over.
    #[error("the game is over (I13)")]
    GameOver,
    /// No such seat at this table.
    #[error("there is no {0} at this table")]
    NoSuchSeat(Seat),
    /// No tower has this id (it may have been taken or merged).
    #[error("there is no tower {0} on the table")]
    UnknownTower(TowerId),
    /// No piece has this id in this game.
    #[error("there is no piece #{} in this game", .0.0)]
    UnknownPiece(PieceId),
    /// I5: one hand only.
    #[error("{0} is holding a piece: only cap with it or set it down (I5)")]
    HandFull(Seat),
    /// I9: set-down with an empty hand.
    #[error("{0} holds no piece (I9)")]
    EmptyHand(Seat),
    /// I6: only free-standers (or the held piece) can cap.
    #[error("piece {0} is not a free-stander and not in your hand (I6)")]
    NotFreeStander(PieceId),
    /// I6/I7: moving another colour's piece.
    #[error("piece {0} is neither your colour nor the ghost's (I6)")]
    NotYourColour(PieceId),
    /// I6: a piece cannot cap its own tower.
    #[error("piece {0} cannot cap itself (I6)")]
    CapItself(PieceId),
    /// I6: the target's top has the capping piece's colour.
    #[error("tower {0} is already topped by that colour (I6)")]
    CapSameColour(TowerId),
    /// I6: larger on smaller.
    #[error("piece {piece} is larger than the top of tower {tower} (I6)")]
    CapTooLarge {
        /// The capping piece.
        piece: PieceId,
        /// The target.
        tower: TowerId,
    },
    /// I14: the ghost never caps a free-stander.
    #[error("the ghost never caps a free-stander (tower {0}) (I14)")]
    GhostCapsFreeStander(TowerId),
    /// I7: mining a tower topped by the piece's colour.
    #[error("tower {0} is topped by that colour: you cannot mine it (I7)")]
    MineControlled(TowerId),
    /// I7: fewer than two pieces of the colour.
    #[error("tower {0} holds fewer than two pieces of that colour (I7)")]
    MineTooFew(TowerId),
    /// I7: the piece is not in that tower.
    #[error("piece {piece} is not in tower {tower} (I7)")]
    NotInTower {
        /// The piece.
        piece: PieceId,
        /// The tower.
        tower: TowerId,
    },
    /// I8: no minebacks.
    #[error("piece {piece} was mined from tower {tower}: no minebacks (I8)")]
    Mineback {
        /// The piece.
        piece: PieceId,
        /// The tower it came from.
        tower: TowerId,
    },
    /// I9: set-down while a cap exists.
    #[error("the held piece can still cap a tower, so it cannot be set down (I9)")]
    SetDownWithCap,
    /// I11: splitting with a piece in hand.
    #[error("{0} holds a piece and cannot split (I11)")]
    SplitWithHand(Seat),
    /// I11: no same-colour pair at the split point.
    #[error("tower {tower} has no same-colour pair at {at} (I11)")]
    SplitNoPair {
        /// The tower.
        tower: TowerId,
        /// The split point asked for.
        at: usize,
    },
    /// I11: the pair is the actor's own colour.
    #[error("you cannot split a pair of your own colour (I11)")]
    SplitOwnColour,
    /// I12: `done` twice.
    #[error("{0} has already said done (I12)")]
    AlreadyDone(Seat),
    /// I12: `undone` without `done`.
    #[error("{0} has not said done (I12)")]
    NotDone(Seat),
    /// Actions must arrive in time order.
    #[error("action at {now} arrives before the last one at {last}")]
    TimeWentBack {
        /// Its time.
        now: GameTime,
        /// The last time seen.
        last: GameTime,
    },
    /// A timer was due before this action: call `advance_to` first.
    #[error("a timer was due at {0}: advance the clock first")]
    TimerDue(GameTime),
}
