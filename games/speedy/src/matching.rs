//! Matching (P7, and the matching part of P8): may this piece go on that
//! top, and what does it count as once it is there? Pure functions, used
//! by the engine and, through the serde types here, by the outside check
//! `stackyard speedy matches` (one JSON line in, one line out).
//!
//! ```
//! use stackyard_speedy::matching::MatchQuery;
//! let q: MatchQuery = serde_json::from_str(
//!     r#"{"placed": {"kind": "coin", "suit": "S", "value": "2", "face": "suit"},
//!         "top": {"kind": "tile", "suit": "S", "value": "5"}}"#).unwrap();
//! // A suit-up coin fits by suit and takes its hidden value from the tile below (P7).
//! assert_eq!(serde_json::to_string(&q.answer()).unwrap(),
//!            r#"{"legal":true,"effective":{"suit":"S","value":"5"}}"#);
//! ```

use crate::piece::{Card, CoinFace, Suit, Value};
use serde::{Deserialize, Serialize};

/// A piece being placed, as the matching rules see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Placed {
    /// A face-up tile.
    Tile(Card),
    /// A coin (its own two faces) with `CoinFace` up.
    Coin(Card, CoinFace),
    /// A pawn: it ignores matching (P8).
    Pawn,
}

/// The top of a tower, as the matching rules see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Top {
    /// A tile, or a coin with its effective suit and value (P7).
    Counts(Card),
    /// A pawn: nothing may be placed on a pawn (decision P-3).
    Pawn,
}

/// Why a placement does not match (P7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mismatch {
    /// Neither a higher value, nor the same suit, nor a Null (P7).
    Tile,
    /// A value-up coin whose value is not higher than the top's (P7).
    CoinValue,
    /// A suit-up coin whose suit is not the top's (P7).
    CoinSuit,
    /// The top is a pawn (P-3).
    OntoPawn,
}

/// P7: placed value strictly higher than the top's (P2 ranks), or either is
/// Null.
fn value_fits(placed: Value, top: Value) -> bool {
    match (placed.rank(), top.rank()) {
        (None, _) | (_, None) => true,
        (Some(p), Some(t)) => p > t,
    }
}

/// Judges a placement (P7, P8): `Ok(effective)` when legal, where
/// `effective` is what the placed piece counts as for the next placement
/// onto it (`None` for the pawn), or the reason it does not match.
///
/// - A tile fits when its value is higher, the suits are the same, or
///   either value is Null; it counts as itself.
/// - A coin is judged only by the face it shows: value-up needs the value
///   rule (a Null on either side always fits), suit-up needs the same suit
///   (or a Null top: "anything can be placed on a Null"). Once placed, its
///   hidden property is taken from the top below it.
/// - The pawn ignores matching (P8); whether it may go now is P8's other
///   half, checked by the engine.
pub fn judge(placed: Placed, top: Top) -> Result<Option<Card>, Mismatch> {
    let top = match (placed, top) {
        (Placed::Pawn, _) => return Ok(None),
        (_, Top::Pawn) => return Err(Mismatch::OntoPawn),
        (_, Top::Counts(t)) => t,
    };
    match placed {
        Placed::Tile(card) => {
            if value_fits(card.value, top.value) || card.suit == top.suit {
                Ok(Some(card))
            } else {
                Err(Mismatch::Tile)
            }
        }
        Placed::Coin(card, CoinFace::Value) => {
            if value_fits(card.value, top.value) {
                Ok(Some(Card::new(top.suit, card.value)))
            } else {
                Err(Mismatch::CoinValue)
            }
        }
        Placed::Coin(card, CoinFace::Suit) => {
            if card.suit == top.suit || top.value.is_null() {
                Ok(Some(Card::new(card.suit, top.value)))
            } else {
                Err(Mismatch::CoinSuit)
            }
        }
        Placed::Pawn => unreachable!("handled above"),
    }
}

/// A piece in the outside contract: a tile, a coin (its own two faces and
/// the face shown; on top of a tower, its effective suit and value), or a
/// pawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum PieceJson {
    /// `{"kind": "tile", "suit": "S", "value": "Null"}`
    Tile {
        /// Its suit.
        suit: Suit,
        /// Its value.
        value: Value,
    },
    /// `{"kind": "coin", "suit": "M", "value": "3", "face": "value"}`
    Coin {
        /// Its suit (on a top: effective suit).
        suit: Suit,
        /// Its value (on a top: effective value).
        value: Value,
        /// The face shown.
        face: CoinFace,
    },
    /// `{"kind": "pawn", "suit": "A"}`
    Pawn {
        /// Its suit.
        suit: Suit,
    },
}

impl PieceJson {
    fn as_placed(self) -> Placed {
        match self {
            PieceJson::Tile { suit, value } => Placed::Tile(Card::new(suit, value)),
            PieceJson::Coin { suit, value, face } => Placed::Coin(Card::new(suit, value), face),
            PieceJson::Pawn { .. } => Placed::Pawn,
        }
    }

    fn as_top(self) -> Top {
        match self {
            PieceJson::Tile { suit, value } | PieceJson::Coin { suit, value, .. } => {
                Top::Counts(Card::new(suit, value))
            }
            PieceJson::Pawn { .. } => Top::Pawn,
        }
    }
}

/// One input line of `stackyard speedy matches`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchQuery {
    /// The piece being placed.
    pub placed: PieceJson,
    /// The tower's top piece.
    pub top: PieceJson,
}

/// One output line of `stackyard speedy matches`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchAnswer {
    /// Whether the placement is legal by P7 (P8 for a pawn).
    pub legal: bool,
    /// What the placed piece counts as for the next placement onto it;
    /// `null` for the pawn and when illegal.
    pub effective: Option<Card>,
}

impl MatchQuery {
    /// The answer to this query.
    pub fn answer(&self) -> MatchAnswer {
        match judge(self.placed.as_placed(), self.top.as_top()) {
            Ok(effective) => MatchAnswer {
                legal: true,
                effective,
            },
            Err(_) => MatchAnswer {
                legal: false,
                effective: None,
            },
        }
    }
}
