//! Tiles and their codes (B1): 4 suits × 6 values, written suit then value.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The suit letters in the official order (B1): Suns, Moons, Crowns, Arms.
pub const SUITS: [char; 4] = ['S', 'M', 'C', 'A'];
/// The value letters (B1): Null, Ace, 2, 3, 4, 5.
pub const VALUES: [char; 6] = ['n', 'a', '2', '3', '4', '5'];
/// The suits' names for people, in the order of [`SUITS`] (B1).
pub const SUIT_NAMES: [&str; 4] = ["Suns", "Moons", "Crowns", "Arms"];
/// The suits' symbols, in the order of [`SUITS`].
pub const SUIT_SYMBOLS: [&str; 4] = ["☀", "☾", "♛", "⚔"];
/// The values' names for people, in the order of [`VALUES`] (B1).
pub const VALUE_NAMES: [&str; 6] = ["null", "ace", "2", "3", "4", "5"];
/// How many tiles one piecepack has (B1).
pub const TILE_COUNT: usize = 24;

/// One tile, stored as `suit * 6 + value` (0..24) so search code can use it
/// as a small integer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(type = "string"))]
pub struct Tile(u8);

impl Tile {
    /// The tile with this index (0..24); `None` outside that range.
    pub fn from_index(index: u8) -> Option<Tile> {
        (usize::from(index) < TILE_COUNT).then_some(Tile(index))
    }

    /// The tile of `suit` (0..4) and `value` (0..6).
    pub fn new(suit: u8, value: u8) -> Option<Tile> {
        (suit < 4 && value < 6).then_some(Tile(suit * 6 + value))
    }

    /// The index, `suit * 6 + value`.
    pub fn index(self) -> u8 {
        self.0
    }

    /// The suit, 0..4 in the order of [`SUITS`].
    pub fn suit(self) -> u8 {
        self.0 / 6
    }

    /// The value, 0..6 in the order of [`VALUES`].
    pub fn value(self) -> u8 {
        self.0 % 6
    }

    /// The tile in words: "null of Suns", "5 of Arms".
    pub fn name(self) -> String {
        format!(
            "{} of {}",
            VALUE_NAMES[usize::from(self.value())],
            SUIT_NAMES[usize::from(self.suit())]
        )
    }

    /// B5: two tiles match when they share a suit or a value.
    pub fn matches(self, other: Tile) -> bool {
        tiles_match(self.0, other.0)
    }

    /// All 24 tiles in index order.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..TILE_COUNT as u8).map(Tile)
    }
}

/// B5 on raw indices, for search code.
#[inline]
pub fn tiles_match(a: u8, b: u8) -> bool {
    MATCH[usize::from(a)] & (1 << b) != 0
}

/// Row `a`: the bit set of tiles matching tile `a` (itself excluded).
pub(crate) const MATCH: [u32; TILE_COUNT] = {
    let mut table = [0u32; TILE_COUNT];
    let mut a = 0;
    while a < TILE_COUNT {
        let mut b = 0;
        while b < TILE_COUNT {
            if a != b && (a / 6 == b / 6 || a % 6 == b % 6) {
                table[a] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    table
};

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            SUITS[usize::from(self.suit())],
            VALUES[usize::from(self.value())]
        )
    }
}

/// Why a tile code does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0:?} is not a tile code (B1: suit S, M, C or A, then value n, a, 2, 3, 4 or 5, e.g. \"Sn\", \"A5\")"
)]
pub struct TileCodeError(pub String);

impl FromStr for Tile {
    type Err = TileCodeError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        let (Some(sc), Some(vc), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(TileCodeError(s.to_string()));
        };
        let suit = SUITS.iter().position(|&c| c == sc);
        let value = VALUES.iter().position(|&c| c == vc);
        match (suit, value) {
            (Some(s), Some(v)) => Ok(Tile((s * 6 + v) as u8)),
            _ => Err(TileCodeError(s.to_string())),
        }
    }
}

impl TryFrom<String> for Tile {
    type Error = TileCodeError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Tile> for String {
    fn from(t: Tile) -> String {
        t.to_string()
    }
}

/// Why a deal is not acceptable (B2): an unknown code, a duplicate, a
/// missing tile.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// A code that names no tile.
    #[error("tile {position}: {source}")]
    Code {
        /// 1-based position in the order.
        position: usize,
        /// The parse failure.
        source: TileCodeError,
    },
    /// The same tile twice.
    #[error("B2: tile {position} ({tile}) appears twice")]
    Duplicate {
        /// 1-based position of the second occurrence.
        position: usize,
        /// The repeated tile.
        tile: Tile,
    },
    /// Fewer than 24 tiles (or more) where a full deal is needed.
    #[error("B2: a deal has 24 tiles, this one has {0}{missing}", missing = missing_text(.1))]
    Length(usize, Vec<Tile>),
}

fn missing_text(missing: &[Tile]) -> String {
    if missing.is_empty() {
        String::new()
    } else {
        let codes: Vec<String> = missing.iter().map(Tile::to_string).collect();
        format!(" (missing {})", codes.join(" "))
    }
}

/// Checks that `tiles` are distinct and, when `full`, that all 24 are there.
pub fn check_order(tiles: &[Tile], full: bool) -> Result<(), DealError> {
    let mut seen = 0u32;
    for (i, &t) in tiles.iter().enumerate() {
        if seen & (1 << t.0) != 0 {
            return Err(DealError::Duplicate {
                position: i + 1,
                tile: t,
            });
        }
        seen |= 1 << t.0;
    }
    if tiles.len() > TILE_COUNT || (full && tiles.len() != TILE_COUNT) {
        let missing = Tile::all().filter(|t| seen & (1 << t.0) == 0).collect();
        return Err(DealError::Length(tiles.len(), missing));
    }
    Ok(())
}

/// Parses an order from codes (B2), checking it is a deal (or, when
/// `full` is false, a set of distinct tiles).
pub fn parse_order<S: AsRef<str>>(codes: &[S], full: bool) -> Result<Vec<Tile>, DealError> {
    let tiles = codes
        .iter()
        .enumerate()
        .map(|(i, c)| {
            c.as_ref().parse().map_err(|source| DealError::Code {
                position: i + 1,
                source,
            })
        })
        .collect::<Result<Vec<Tile>, _>>()?;
    check_order(&tiles, full)?;
    Ok(tiles)
}

/// Writes an order as space-separated codes (B2).
pub fn order_text(tiles: &[Tile]) -> String {
    tiles
        .iter()
        .map(Tile::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
