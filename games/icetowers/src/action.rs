//! Actions seats send, and the events the engine reports back.

use crate::piece::PieceId;
use crate::table::{Pos, TowerId};
use serde::{Deserialize, Serialize};
use stackyard_core::{GameTime, Seat};

/// One thing a seat can do (I4–I12). Ghost pieces are moved with the same
/// actions, naming a ghost piece (I14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Action {
    /// I4: touch a piece of one's colour; the game starts when all have.
    Ready,
    /// I6: put `piece` (a free-stander of one's colour or the ghost's, or
    /// the piece in hand) on top of tower `onto`.
    Cap {
        /// The capping piece.
        piece: PieceId,
        /// The tower it goes on.
        onto: TowerId,
    },
    /// I7: take `piece` out of `tower` into one's hand.
    Mine {
        /// The tower mined.
        tower: TowerId,
        /// The piece taken out.
        piece: PieceId,
    },
    /// I9: put the held piece down as a free-stander.
    SetDown,
    /// I11: split `tower` so that its lowest `at` pieces stay and the rest
    /// become a new tower.
    Split {
        /// The tower split.
        tower: TowerId,
        /// Pieces that stay (the pair is at `at - 1` and `at`).
        at: usize,
    },
    /// I12: "I will make no more plays."
    Done,
    /// I12: take back `done`.
    Undone,
}

/// Why the game ended (I13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum EndReason {
    /// I13a: every seat is done and no piece is held.
    AllDone,
    /// I13b: no seat has a legal cap, mine, split or set-down.
    NoPlays,
    /// I13c: the game timer rang.
    Timer,
}

/// One observable change, in order, for a client to animate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Event {
    /// A seat said ready (I4).
    Ready {
        /// Who.
        seat: Seat,
    },
    /// Every seat is ready: play starts (I4).
    Started {
        /// When.
        at: GameTime,
    },
    /// A piece capped a tower (I6).
    Capped {
        /// Who moved it.
        seat: Seat,
        /// The piece.
        piece: PieceId,
        /// The free-stander tower it was lifted from (now gone), or `None`
        /// when it came from the hand.
        from: Option<TowerId>,
        /// The tower it now tops.
        onto: TowerId,
    },
    /// A piece was mined out of a tower into a hand (I7).
    Mined {
        /// Who holds it now.
        seat: Seat,
        /// The piece.
        piece: PieceId,
        /// The tower it came out of.
        from: TowerId,
        /// Its former index in that tower (0 = bottom).
        index: usize,
        /// When the hold limit sets it down (I10).
        deadline: GameTime,
    },
    /// A held piece became a free-stander (I9, I10, I13).
    SetDown {
        /// Whose hand it left.
        seat: Seat,
        /// The piece.
        piece: PieceId,
        /// The new tower.
        tower: TowerId,
        /// Where it stands.
        pos: Pos,
        /// Set down by the hold limit or the end, not by choice.
        forced: bool,
    },
    /// A tower was split (I11).
    Split {
        /// Who split it.
        seat: Seat,
        /// The tower that keeps the lower part.
        tower: TowerId,
        /// Pieces that stayed.
        at: usize,
        /// The new tower holding the upper part.
        new_tower: TowerId,
        /// Where the new tower stands.
        pos: Pos,
    },
    /// A seat said done (I12).
    Done {
        /// Who.
        seat: Seat,
    },
    /// A seat took back done (I12).
    Undone {
        /// Who.
        seat: Seat,
    },
    /// A play cleared every seat's done (I12).
    DoneCleared,
    /// The game is over (I13), with each seat's score (I15).
    Ended {
        /// Why.
        reason: EndReason,
        /// Scores by seat.
        scores: Vec<i64>,
        /// The ghost's score, when it plays.
        ghost: Option<i64>,
    },
}
