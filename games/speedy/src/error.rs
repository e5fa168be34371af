//! Why an action is rejected, each error naming the rule it enforces. A
//! rejected action changes nothing.

use crate::matching::Mismatch;
use crate::piece::{Card, PieceId, TowerId};
use stackyard_core::{GameTime, Seat};
use thiserror::Error;

/// A rejected action.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SpeedyError {
    /// P4: only `ready` before every seat is ready.
    #[error("the game has not started: every seat must say ready first (P4)")]
    NotStarted,
    /// P4: `ready` after the start.
    #[error("the game has already started (P4)")]
    AlreadyStarted,
    /// P4: `ready` twice.
    #[error("{0} is already ready (P4)")]
    AlreadyReady(Seat),
    /// P11/P12: the game is over.
    #[error("the game is over (P11, P12)")]
    GameOver,
    /// No such seat at this table.
    #[error("there is no {0} at this table")]
    NoSuchSeat(Seat),
    /// Actions must arrive in time order.
    #[error("action at {now} arrives before the last one at {last}")]
    TimeWentBack {
        /// Its time.
        now: GameTime,
        /// The last time seen.
        last: GameTime,
    },
    /// P5: at most one face-up tile per player.
    #[error("{0} already has a face-up tile: hide it first (P5)")]
    SecondFaceUp(Seat),
    /// P5: nothing face down to reveal.
    #[error("{0} has no face-down tile to reveal (P5)")]
    NothingToReveal(Seat),
    /// P5: nothing face up to hide.
    #[error("{0} has no face-up tile to hide (P5)")]
    NothingToHide(Seat),
    /// P5: a tile may be hidden only while it fits no tower.
    #[error(
        "{} fits on {tower}, so it stays face up: only a tile that fits nowhere may be turned face down",
        .tile.name()
    )]
    HideFits {
        /// The face-up tile.
        tile: Card,
        /// A tower it fits (the first by id).
        tower: TowerId,
    },
    /// P6: only a face-up tile can be placed.
    #[error("{0} has no face-up tile: reveal one first (face-down tiles cannot be placed, P6)")]
    NoFaceUpTile(Seat),
    /// P6: the coin is not in the seat's pile.
    #[error("coin {coin} is not in {seat}'s pile (P6)")]
    NotYourCoin {
        /// Who tried.
        seat: Seat,
        /// The coin named.
        coin: PieceId,
    },
    /// P6: no piece has this id in this game.
    #[error("there is no piece {0} in this game (P6)")]
    UnknownPiece(PieceId),
    /// P6: no tower has this id.
    #[error("there is no {0}: towers are numbered from 0 (P6)")]
    UnknownTower(TowerId),
    /// P7: the piece does not match the tower's top.
    #[error("{what} cannot go on {tower}: {why} (P7)")]
    NoMatch {
        /// The tower.
        tower: TowerId,
        /// The kind of mismatch.
        kind: Mismatch,
        /// What was placed, in words.
        what: String,
        /// Why not, in words.
        why: &'static str,
    },
    /// P8: the pawn before the last piece.
    #[error("{0} still has tiles or coins: the pawn goes last (P8)")]
    PawnTooEarly(Seat),
    /// P8: the pawn only on a highest tower.
    #[error(
        "{tower} is {below_mm:.1} mm lower than the highest tower: the pawn goes on a highest tower (P8)"
    )]
    PawnNotHighest {
        /// The tower asked for.
        tower: TowerId,
        /// How much lower its top is than the highest top (mm).
        below_mm: f64,
    },
    /// P6: the seat's pawn is not in its pile.
    #[error("{0} has no pawn to place (P6)")]
    NoPawn(Seat),
    /// P6: a pose must be finite numbers.
    #[error("the aim has a number that is not finite (P6)")]
    AimNotFinite,
    /// P6: a pose outside the table.
    #[error(
        "the aim ({x_mm:.1}, {y_mm:.1}) mm is farther than {max_mm} mm from the tower's centre: off the table (P6)"
    )]
    AimOffTable {
        /// Asked x offset.
        x_mm: f64,
        /// Asked y offset.
        y_mm: f64,
        /// The room's limit.
        max_mm: f64,
    },
    /// P9: the physics table refused the drop (should not happen: the drop
    /// height clears every piece nearby).
    #[error("the piece could not be dropped there: {0} (P9)")]
    Drop(String),
}
