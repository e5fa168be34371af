//! Pyramid sizes, owners and the pieces a seat still has in hand (L1), and
//! the rules' record of each piece in the world.

use serde::{Deserialize, Serialize};
use stackyard_core::Seat;
use stackyard_physics::PieceKind;
use std::fmt;

/// A Looney Pyramid's size; its pips are how many other pieces it may touch (L7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Size {
    /// One pip.
    Small,
    /// Two pips.
    Medium,
    /// Three pips.
    Large,
}

impl Size {
    /// Every size, smallest first.
    pub const ALL: [Size; 3] = [Size::Small, Size::Medium, Size::Large];

    /// Pips: 1, 2 or 3 (L1, L7).
    pub fn pips(self) -> usize {
        self as usize + 1
    }

    /// The physics kind of this size.
    pub fn kind(self) -> PieceKind {
        match self {
            Size::Small => PieceKind::PyramidSmall,
            Size::Medium => PieceKind::PyramidMedium,
            Size::Large => PieceKind::PyramidLarge,
        }
    }

    /// The size of a physics kind, if it is a pyramid.
    pub fn of_kind(kind: PieceKind) -> Option<Size> {
        match kind {
            PieceKind::PyramidSmall => Some(Size::Small),
            PieceKind::PyramidMedium => Some(Size::Medium),
            PieceKind::PyramidLarge => Some(Size::Large),
            _ => None,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Size::Small => "small",
            Size::Medium => "medium",
            Size::Large => "large",
        })
    }
}

/// Whose piece it is: a seat's, or the neutral foundation stash's (L1, L4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Owner {
    /// The neutral stash the foundation is built from.
    Neutral,
    /// A player's stash.
    Seat {
        /// The seat.
        seat: Seat,
    },
}

/// How many pieces of each size a stash still has (5 of each at the start, L1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Hand {
    /// Smalls left.
    pub small: u8,
    /// Mediums left.
    pub medium: u8,
    /// Larges left.
    pub large: u8,
}

impl Hand {
    /// A full monochrome stash: five of each size.
    pub const FULL: Hand = Hand {
        small: 5,
        medium: 5,
        large: 5,
    };

    /// How many of `size` are left.
    pub fn count(&self, size: Size) -> u8 {
        [self.small, self.medium, self.large][size.index()]
    }

    /// Every piece left.
    pub fn total(&self) -> u8 {
        self.small + self.medium + self.large
    }

    /// Whether a piece of `size` is left.
    pub fn has(&self, size: Size) -> bool {
        self.count(size) > 0
    }

    /// Takes one piece of `size` out (callers check [`Hand::has`] first;
    /// an empty count stays at zero rather than wrapping).
    pub fn take(&mut self, size: Size) {
        let slot = match size {
            Size::Small => &mut self.small,
            Size::Medium => &mut self.medium,
            Size::Large => &mut self.large,
        };
        *slot = slot.saturating_sub(1);
    }
}

/// What became of a piece that was set on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum PieceStatus {
    /// Part of the structure, free to move.
    Standing,
    /// Fixed where its seat let go of it, until that seat's next turn (L12).
    Held,
    /// A forfeited held piece that other pieces touched when it failed: it
    /// stays fixed as part of the structure, owned by nobody (L-6).
    Frozen,
    /// A forfeited held piece that touched nothing: moved off the table.
    Boxed,
}

/// The rules' record of one piece in the world, indexed like the table's
/// [`PieceId`](stackyard_physics::PieceId)s.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PieceInfo {
    /// Its stash.
    pub owner: Owner,
    /// Its size.
    pub size: Size,
    /// Its level, fixed when it was placed (L3).
    pub level: u32,
    /// Whether it stands, is held, or was forfeited.
    pub status: PieceStatus,
}

impl PieceInfo {
    /// Whether it takes part in touching and disturbance (boxed pieces do not).
    pub fn in_play(&self) -> bool {
        self.status != PieceStatus::Boxed
    }

    /// The seat owning it, if any.
    pub fn seat(&self) -> Option<Seat> {
        match self.owner {
            Owner::Seat { seat } => Some(seat),
            Owner::Neutral => None,
        }
    }
}
