//! What a seat can do (L4, L5, L12) and the events a turn produces.

use crate::judge::{SlipReason, Verdict};
use crate::piece::Size;
use serde::{Deserialize, Serialize};
use stackyard_core::Seat;
use stackyard_physics::{PieceId, Pose};

/// One neutral foundation piece and where it is let go (L4).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FoundationPiece {
    /// Medium or large.
    pub size: Size,
    /// Where it is let go.
    pub pose: Pose,
}

/// One thing a seat can do.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Action {
    /// L4, by hand: the first seat lets both neutral pieces go at once (a
    /// lone leaning pyramid cannot obey L6, so the pair is judged together).
    Foundation {
        /// The two pieces.
        pieces: [FoundationPiece; 2],
    },
    /// L4, automatically: a seeded search over leaning poses builds a legal
    /// foundation.
    AutoFoundation,
    /// L5: let a piece of this size go at this pose.
    Place {
        /// Which size from the seat's stash.
        size: Size,
        /// Where it is let go (hand noise is added).
        pose: Pose,
    },
    /// L12: hold a piece fixed at this pose; the seat lets it go on its
    /// next turn ([`Action::Release`]).
    Hold {
        /// Which size from the seat's stash.
        size: Size,
        /// Where it is held (hand noise is added).
        pose: Pose,
    },
    /// L12: let the held piece go. On the holder's next turn this is the
    /// turn's placement, and the only action allowed (the view's
    /// `turn.release` says so).
    Release,
    /// L5: do nothing this turn.
    Pass,
}

/// Why a game ended (L13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum EndReason {
    /// Every seat still in the game has placed all its pieces.
    PiecesGone,
    /// A full round of passes closed the game (L11).
    Closed,
    /// A wreck left fewer than two players in the game (L13).
    Wrecked,
}

/// One observable change, in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Event {
    /// The foundation stands (L4): the two neutral pieces' ids.
    FoundationBuilt {
        /// The two pieces.
        pieces: [PieceId; 2],
    },
    /// The foundation fell or broke L6/L7: the table is empty again and the
    /// first seat tries again.
    FoundationFailed {
        /// What went wrong.
        reason: String,
    },
    /// A clean placement or release, scored (L9, L10, L12).
    Placed {
        /// Who placed it.
        seat: Seat,
        /// Its size.
        size: Size,
        /// Its id in the world.
        piece: PieceId,
        /// Where it came to rest.
        pose: Pose,
        /// Its level (L3).
        level: u32,
        /// Corners on the table (L6).
        table_corners: usize,
        /// Pieces it touches (L7).
        touching: Vec<PieceId>,
        /// Points scored.
        points: i64,
        /// Whether this was a held piece let go (L12, +2 included).
        released: bool,
    },
    /// A piece now held fixed (L12).
    Held {
        /// Who holds it.
        seat: Seat,
        /// Its size.
        size: Size,
        /// Its id in the world.
        piece: PieceId,
        /// Where it is held.
        pose: Pose,
        /// Pieces it touches.
        touching: Vec<PieceId>,
        /// Minus one per touched piece beyond its pips.
        points: i64,
    },
    /// A run that was not clean; the world is put back (L9).
    Failed {
        /// Whose piece.
        seat: Seat,
        /// Its size.
        size: Size,
        /// Slip, break or wreck.
        verdict: Verdict,
        /// Why, for a slip.
        slip: Option<SlipReason>,
        /// The other pieces it disturbed (before the world was put back).
        disturbed: Vec<PieceId>,
        /// Points lost (0 for a slip).
        points: i64,
        /// Whether the piece is lost (always after a break or wreck; after
        /// a slip on the last try; always for a released piece).
        forfeited: bool,
        /// Whether this was a held piece let go (L12).
        released: bool,
        /// Tries used this turn, this one included.
        tries: u8,
    },
    /// A forfeited held piece that touched other pieces stays as a fixed,
    /// ownerless part of the structure (L-6).
    Frozen {
        /// The piece.
        piece: PieceId,
    },
    /// A wreck put this seat out of the game (L9).
    Out {
        /// The seat.
        seat: Seat,
    },
    /// A seat passed (L5).
    Passed {
        /// The seat.
        seat: Seat,
    },
    /// The game was closed (L11): points lost per seat.
    Closed {
        /// By seat.
        penalties: Vec<i64>,
    },
    /// The game is over (L13).
    GameOver {
        /// Why.
        reason: EndReason,
        /// Final scores by seat.
        scores: Vec<i64>,
    },
}
