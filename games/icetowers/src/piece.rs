//! Pieces and colours: every seat's stash of fifteen pyramids (I1).

use serde::{Deserialize, Serialize};
use std::fmt;

/// Pieces in one stash (I1): five each of three sizes.
pub const STASH: usize = 15;

/// The colour names seats take, in seat order (I1); the ghost is white.
pub const COLOUR_NAMES: [&str; 5] = ["red", "yellow", "green", "blue", "black"];

/// The ghost's colour name (I14).
pub const GHOST_NAME: &str = "white";

/// A colour: seat `i` plays colour `i`; the ghost, when present, is colour
/// `players` (one past the last seat).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Colour(pub u8);

impl Colour {
    /// The colour's index, for per-colour arrays.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// One pyramid, numbered `colour * 15 + k`: `k` 0–4 are small (1 pip),
/// 5–9 medium (2 pips), 10–14 large (3 pips).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PieceId(pub u8);

impl PieceId {
    /// The piece of `colour` with stash index `k` (0..15).
    pub fn new(colour: Colour, k: u8) -> Self {
        PieceId(colour.0 * STASH as u8 + k)
    }

    /// The piece's colour.
    pub fn colour(self) -> Colour {
        Colour(self.0 / STASH as u8)
    }

    /// Its size in pips: 1, 2 or 3 (I1).
    pub fn pips(self) -> u8 {
        (self.0 % STASH as u8) / 5 + 1
    }
}

impl fmt::Display for PieceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = ["S", "M", "L"][usize::from(self.pips() - 1)];
        write!(f, "{}{}#{}", self.colour().0, size, self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn i1_stash_has_five_of_each_size() {
        let c = Colour(2);
        let mut counts = [0; 3];
        for k in 0..STASH as u8 {
            let p = PieceId::new(c, k);
            assert_eq!(p.colour(), c);
            counts[usize::from(p.pips() - 1)] += 1;
        }
        assert_eq!(counts, [5, 5, 5]);
    }
}
