//! What a seat can do (P4–P6, P10) and what the table reports back: the
//! wire types `Action` and `Event`, tagged with `"type"`.

use crate::piece::{Card, CoinFace, Look, PieceId, TowerId};
use serde::{Deserialize, Serialize};
use stackyard_core::{GameTime, Seat};

/// Where a seat lets go of a piece (P6): an offset from the tower's centre
/// in mm and a rotation about the vertical in degrees. The drop height is
/// always just above the tower top; the room's hand noise is added.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Aim {
    /// Offset along the table's x axis (mm).
    pub x_mm: f64,
    /// Offset along the table's y axis (mm).
    pub y_mm: f64,
    /// Rotation about the vertical (degrees).
    #[serde(default)]
    pub rotation_deg: f64,
}

impl Aim {
    /// Dead centre, unrotated.
    pub const CENTRE: Aim = Aim {
        x_mm: 0.0,
        y_mm: 0.0,
        rotation_deg: 0.0,
    };

    /// The aim the engine uses (P-14): x and y to the micrometre, the
    /// rotation within one turn and to the millidegree. A record read back
    /// from JSON may carry a number an ulp off; rounding makes it drop the
    /// same. (An offset too large to scale becomes infinite, and is then
    /// off the table.)
    pub fn quantized(self) -> Aim {
        let q = |v: f64| (v * 1000.0).round() / 1000.0;
        Aim {
            x_mm: q(self.x_mm),
            y_mm: q(self.y_mm),
            rotation_deg: q(self.rotation_deg % 360.0),
        }
    }

    /// An offset, unrotated.
    pub fn at(x_mm: f64, y_mm: f64) -> Aim {
        Aim {
            x_mm,
            y_mm,
            rotation_deg: 0.0,
        }
    }
}

/// Which of your pieces you place (P6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Placing {
    /// Your face-up tile.
    Tile,
    /// One of your coins, with the face you choose up.
    Coin {
        /// Which coin.
        coin: PieceId,
        /// The face shown.
        face: CoinFace,
    },
    /// Your pawn (P8).
    Pawn,
}

/// Which fallen piece the placing seat takes back if its placement leaves
/// pieces fallen (P10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TakeBack {
    /// P10's default: the piece just placed if it fell, else the
    /// highest-ranked fallen piece.
    #[default]
    PlacedFirst,
    /// The highest-ranked fallen piece, even if the placed one fell too.
    HighestRanked,
}

/// One thing a seat can do.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Action {
    /// Ready to start (P4); the game starts when every seat is ready.
    Ready,
    /// Turn one of your face-down tiles face up, at random (P5).
    Reveal,
    /// Turn your face-up tile face down again (P5).
    Hide,
    /// Place a piece on a tower (P6–P11).
    Place {
        /// Which piece.
        piece: Placing,
        /// Onto which tower.
        tower: TowerId,
        /// Where you let go.
        aim: Aim,
        /// Which fallen piece you take back, should any fall (P10).
        #[serde(default)]
        take_back: TakeBack,
    },
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum EndReason {
    /// A pawn rests on a highest tower, nothing fallen (P11).
    Pawn,
    /// Nobody has a legal placement left; fewest pieces wins (P12).
    Stuck,
}

/// A piece's pose on the table after a placement settled, for clients to
/// draw: the centre of its base face (mm) and its rotation Rz·Ry·Rx (deg).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PiecePose {
    /// The piece.
    pub piece: PieceId,
    /// Centre of the base face (mm).
    pub position: [f64; 3],
    /// Rotation, degrees.
    pub rotation_deg: [f64; 3],
}

/// One observable change, in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Event {
    /// A seat said ready (P4).
    Ready {
        /// Who.
        seat: Seat,
    },
    /// Every seat is ready: the foundations turn face up (P4).
    Started {
        /// When.
        at: GameTime,
        /// The foundations' faces, by tower.
        foundations: Vec<Card>,
    },
    /// A seat turned a tile face up (P5); it is public once face up.
    Revealed {
        /// Who.
        seat: Seat,
        /// The tile.
        tile: PieceId,
        /// Its face.
        card: Card,
    },
    /// A seat turned its face-up tile face down (P5).
    Hidden {
        /// Who.
        seat: Seat,
        /// The tile (everyone saw it face up).
        tile: PieceId,
    },
    /// A seat let go of a piece over a tower (P6, P9). The look shows only
    /// the face that is up unless the viewer knows the piece.
    Placed {
        /// Who.
        seat: Seat,
        /// The piece.
        piece: PieceId,
        /// How it looks to this event's viewer.
        look: Look,
        /// Onto which tower.
        tower: TowerId,
        /// What it counts as for the next placement (P7); `None` for a pawn.
        effective: Option<Card>,
        /// The pose it was dropped at, hand noise included.
        drop: PiecePose,
    },
    /// The placement settled (P9, P10): every piece that moved, and what fell.
    Settled {
        /// Simulated seconds the placement took to settle.
        time_s: f64,
        /// Whether everything came to rest before the cap (P9).
        rested: bool,
        /// The poses of pieces that moved, after settling.
        moved: Vec<PiecePose>,
        /// Pieces left fallen (P10), ascending.
        fallen: Vec<PieceId>,
        /// The fallen piece the placing seat took back (P10).
        taken_back: Option<PieceId>,
        /// A pawn that did not win goes back to its owner (P-4).
        pawn_returned: Option<PieceId>,
    },
    /// The game is over (P11, P12).
    Ended {
        /// Why.
        reason: EndReason,
        /// The winners.
        winners: Vec<Seat>,
        /// Pieces each seat still holds (tiles, coins, pawn), by seat.
        pieces_left: Vec<u32>,
    },
}
