//! The table: towers, their ids and 2-D positions, and where new towers go.
//!
//! Positions only matter for display (I2), but they must be deterministic so
//! a replay draws the same table: new towers are placed on square rings
//! around their origin, first free spot wins.

use crate::piece::{Colour, PieceId};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Minimum distance between two tower centres, in table units (mm).
pub const SPACING: i32 = 40;

/// A tower's id. Ids are never reused, so an action naming a tower that has
/// since vanished is rejected rather than landing on a newcomer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TowerId(pub u32);

impl fmt::Display for TowerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "t{}", self.0)
    }
}

/// A point on the table, in millimetres.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Pos {
    /// Left to right.
    pub x: i32,
    /// Front to back.
    pub y: i32,
}

impl Pos {
    fn dist2(self, other: Pos) -> i64 {
        let dx = i64::from(self.x - other.x);
        let dy = i64::from(self.y - other.y);
        dx * dx + dy * dy
    }
}

/// A stack of pieces, bottom first (I2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tower {
    /// Its id.
    pub id: TowerId,
    /// Where it stands.
    pub pos: Pos,
    /// Bottom to top; never empty.
    pub pieces: Vec<PieceId>,
}

impl Tower {
    /// The top piece.
    pub fn top(&self) -> PieceId {
        *self.pieces.last().expect("towers are never empty")
    }

    /// The colour that controls it (I3).
    pub fn controller(&self) -> Colour {
        self.top().colour()
    }

    /// A tower of exactly one piece (I2).
    pub fn is_free_stander(&self) -> bool {
        self.pieces.len() == 1
    }

    /// Total pips of its pieces (I15).
    pub fn pips(&self) -> u32 {
        self.pieces.iter().map(|p| u32::from(p.pips())).sum()
    }

    /// How many of its pieces are `colour`.
    pub fn count(&self, colour: Colour) -> usize {
        self.pieces.iter().filter(|p| p.colour() == colour).count()
    }
}

/// Rings searched from a table computed once.
const NEAR: i32 = 6;

fn ring(r: i32) -> Vec<(i32, i32)> {
    let mut cells = Vec::with_capacity(8 * r as usize);
    for dy in -r..=r {
        for dx in -r..=r {
            if dx.abs().max(dy.abs()) == r {
                cells.push((dx, dy));
            }
        }
    }
    cells
}

/// Grid offsets of rings 1..=NEAR, ring by ring, each ring nearest first
/// (ties: back to front, then left to right).
fn near_offsets() -> &'static [(i32, i32)] {
    static OFFSETS: std::sync::OnceLock<Vec<(i32, i32)>> = std::sync::OnceLock::new();
    OFFSETS.get_or_init(|| {
        let mut all = Vec::new();
        for r in 1..=NEAR {
            let mut cells = ring(r);
            cells.sort_by_key(|&(dx, dy)| (dx * dx + dy * dy, dy, dx));
            all.extend(cells);
        }
        all
    })
}

/// The nearest free spot to `origin` (at least [`SPACING`] from every
/// tower), searched ring by ring in a fixed order.
pub fn place_near(origin: Pos, towers: &[Tower]) -> Pos {
    let free = |p: Pos| {
        towers
            .iter()
            .all(|t| t.pos.dist2(p) >= i64::from(SPACING) * i64::from(SPACING))
    };
    for &(dx, dy) in near_offsets() {
        let p = Pos {
            x: origin.x + dx * SPACING,
            y: origin.y + dy * SPACING,
        };
        if free(p) {
            return p;
        }
    }
    // A crowded neighbourhood: walk further rings, nearest first.
    for r in NEAR + 1..i32::MAX {
        let mut cells = ring(r);
        cells.sort_by_key(|&(dx, dy)| (dx * dx + dy * dy, dy, dx));
        for (dx, dy) in cells {
            let p = Pos {
                x: origin.x + dx * SPACING,
                y: origin.y + dy * SPACING,
            };
            if free(p) {
                return p;
            }
        }
    }
    unreachable!("the table is unbounded")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn i2_new_towers_never_overlap() {
        let mut towers: Vec<Tower> = Vec::new();
        for i in 0..50u32 {
            let pos = place_near(Pos::default(), &towers);
            for t in &towers {
                assert!(t.pos.dist2(pos) >= i64::from(SPACING * SPACING));
            }
            towers.push(Tower {
                id: TowerId(i),
                pos,
                pieces: vec![PieceId(0)],
            });
        }
        // Deterministic: the same table gives the same spot.
        assert_eq!(
            place_near(Pos::default(), &towers),
            place_near(Pos::default(), &towers)
        );
    }
}
