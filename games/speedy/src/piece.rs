//! The piecepack pieces Speedy Towers uses (P1, P2): suits, values, tiles,
//! coins and pawns, the ids that name them in a game, and how a piece
//! looks to someone who may not know all of it.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A piecepack suit, in the official order: Suns, Moons, Crowns, Arms (P1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Suit {
    /// Suns.
    S,
    /// Moons.
    M,
    /// Crowns.
    C,
    /// Arms.
    A,
}

impl Suit {
    /// The four suits in the official order.
    pub const ALL: [Suit; 4] = [Suit::S, Suit::M, Suit::C, Suit::A];

    /// 0 for Suns … 3 for Arms.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The suit's name for people (P1): "Suns", "Moons", "Crowns", "Arms".
    pub fn name(self) -> &'static str {
        ["Suns", "Moons", "Crowns", "Arms"][self.index()]
    }

    /// The suit's symbol, drawn beside its colour so no suit is told by
    /// colour alone.
    pub fn symbol(self) -> &'static str {
        ["☀", "☾", "♛", "⚔"][self.index()]
    }
}

/// A piecepack value (P1). Serialised as `"Null"`, `"Ace"`, `"2"` … `"5"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Value {
    /// Null: both higher and lower than everything (P2).
    Null,
    /// Ace: worth 6, the highest rank (P2).
    Ace,
    /// Two.
    #[serde(rename = "2")]
    Two,
    /// Three.
    #[serde(rename = "3")]
    Three,
    /// Four.
    #[serde(rename = "4")]
    Four,
    /// Five.
    #[serde(rename = "5")]
    Five,
}

impl Value {
    /// The six values in the piecepack's order.
    pub const ALL: [Value; 6] = [
        Value::Null,
        Value::Ace,
        Value::Two,
        Value::Three,
        Value::Four,
        Value::Five,
    ];

    /// The placing rank (P2): 2 < 3 < 4 < 5 < Ace (6); `None` for Null,
    /// which is both higher and lower than everything and so has no rank.
    pub fn rank(self) -> Option<u8> {
        match self {
            Value::Null => None,
            Value::Ace => Some(6),
            Value::Two => Some(2),
            Value::Three => Some(3),
            Value::Four => Some(4),
            Value::Five => Some(5),
        }
    }

    /// Whether this is the Null value.
    pub fn is_null(self) -> bool {
        self == Value::Null
    }
}

/// A suit and a value: a tile's face, a coin's two faces, or what a placed
/// coin counts as (its shown face plus the property taken from below, P7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Card {
    /// The suit.
    pub suit: Suit,
    /// The value.
    pub value: Value,
}

impl Value {
    /// The value as the wire and people write it: "Null", "Ace", "2" … "5".
    pub fn text(self) -> &'static str {
        match self {
            Value::Null => "Null",
            Value::Ace => "Ace",
            Value::Two => "2",
            Value::Three => "3",
            Value::Four => "4",
            Value::Five => "5",
        }
    }
}

impl Card {
    /// The card in words: "Suns 2", "Arms Ace".
    pub fn name(self) -> String {
        format!("{} {}", self.suit.name(), self.value.text())
    }

    /// The card of this suit and value.
    pub const fn new(suit: Suit, value: Value) -> Card {
        Card { suit, value }
    }

    /// All 24 cards of one pack, suit by suit.
    pub fn all() -> impl Iterator<Item = Card> {
        Suit::ALL
            .into_iter()
            .flat_map(|s| Value::ALL.into_iter().map(move |v| Card::new(s, v)))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = match self.value {
            Value::Null => "n",
            Value::Ace => "a",
            Value::Two => "2",
            Value::Three => "3",
            Value::Four => "4",
            Value::Five => "5",
        };
        write!(f, "{:?}{v}", self.suit)
    }
}

/// Which face of a coin is up (P6): the suit face or the value face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum CoinFace {
    /// The suit face shows; the value is hidden.
    Suit,
    /// The value face shows; the suit is hidden.
    Value,
}

impl CoinFace {
    /// Both faces, suit first.
    pub const BOTH: [CoinFace; 2] = [CoinFace::Suit, CoinFace::Value];
}

/// A piece in one game, numbered in the order of the deal (foundations,
/// then each seat's tiles, coins and pawn, then what was set aside). The
/// number says where a piece was dealt, never what it is: deals are
/// shuffled, so an id reveals nothing hidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PieceId(pub u16);

impl PieceId {
    /// The id as an index into the game's piece list.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for PieceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A tower: the stack on one foundation tile, numbered from 0 (P3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TowerId(pub u8);

impl TowerId {
    /// The id as an index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for TowerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tower {}", self.0)
    }
}

/// What a piece is (P1). Dice are not used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Piece {
    /// A tile: one face shows a suit and value, the back is blank.
    Tile {
        /// Its face.
        card: Card,
    },
    /// A coin: a suit face and a value face, of one card.
    Coin {
        /// Its two faces.
        card: Card,
    },
    /// A pawn of one suit's colour.
    Pawn {
        /// Its suit.
        suit: Suit,
    },
}

impl Piece {
    /// The physics kind this piece is simulated as.
    pub fn physics_kind(self) -> stackyard_physics::PieceKind {
        match self {
            Piece::Tile { .. } => stackyard_physics::PieceKind::Tile,
            Piece::Coin { .. } => stackyard_physics::PieceKind::Coin,
            Piece::Pawn { .. } => stackyard_physics::PieceKind::Pawn,
        }
    }

    /// The card of a tile or coin.
    pub fn card(self) -> Option<Card> {
        match self {
            Piece::Tile { card } | Piece::Coin { card } => Some(card),
            Piece::Pawn { .. } => None,
        }
    }

    /// Whether this is a pawn.
    pub fn is_pawn(self) -> bool {
        matches!(self, Piece::Pawn { .. })
    }
}

/// A piece as one viewer sees it: everything for a piece they may know,
/// only the visible face otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Look {
    /// A face-up tile.
    Tile {
        /// Its face.
        card: Card,
    },
    /// A tile lying face down (a foundation before the start).
    FaceDownTile,
    /// A coin. `suit` and `value` are both present for a viewer who knows
    /// the coin; otherwise only the face that shows.
    Coin {
        /// The face that is up.
        face: CoinFace,
        /// The suit, when visible to this viewer.
        suit: Option<Suit>,
        /// The value, when visible to this viewer.
        value: Option<Value>,
    },
    /// A pawn.
    Pawn {
        /// Its suit.
        suit: Suit,
    },
}

impl Look {
    /// How the piece looks, in words: "tile Suns 2", "Arms pawn",
    /// "coin Crowns (suit up)", "coin Moons 3, value up".
    pub fn name(&self) -> String {
        match self {
            Look::Tile { card } => format!("tile {}", card.name()),
            Look::FaceDownTile => "face-down tile".to_string(),
            Look::Pawn { suit } => format!("{} pawn", suit.name()),
            Look::Coin { face, suit, value } => {
                let up = match face {
                    CoinFace::Suit => "suit",
                    CoinFace::Value => "value",
                };
                match (suit, value) {
                    (Some(s), Some(v)) => format!("coin {} {}, {up} up", s.name(), v.text()),
                    (s, _) if *face == CoinFace::Suit => {
                        format!("coin {} (suit up)", s.map_or("?", Suit::name))
                    }
                    (_, v) => format!("coin {} (value up)", v.map_or("?", Value::text)),
                }
            }
        }
    }

    /// How `piece`, lying with `face` up, looks to a viewer who knows it
    /// (`known`) or not.
    pub fn of(piece: Piece, face: Option<CoinFace>, known: bool) -> Look {
        match piece {
            Piece::Tile { card } => Look::Tile { card },
            Piece::Pawn { suit } => Look::Pawn { suit },
            Piece::Coin { card } => {
                let face = face.unwrap_or(CoinFace::Suit);
                Look::Coin {
                    face,
                    suit: (known || face == CoinFace::Suit).then_some(card.suit),
                    value: (known || face == CoinFace::Value).then_some(card.value),
                }
            }
        }
    }
}
