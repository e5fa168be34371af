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
//!
//! // Onto a coin top, `underneath` names the nearest tile below that coin.
//! // Here a suit-up Suns coin counts as S4 over tile M4; a value-up 2
//! // takes the suit of that tile, Moons, not the top coin's Suns: 2 is
//! // not higher than 4, so it does not fit (P7).
//! let q: MatchQuery = serde_json::from_str(
//!     r#"{"placed": {"kind": "coin", "suit": "C", "value": "2", "face": "value"},
//!         "top": {"kind": "coin", "suit": "S", "value": "4", "face": "suit"},
//!         "underneath": {"suit": "M", "value": "4"}}"#).unwrap();
//! assert_eq!(serde_json::to_string(&q.answer()).unwrap(),
//!            r#"{"legal":false,"effective":null}"#);
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
    /// A tile or a coin.
    Counts {
        /// What the top counts as: a tile itself, a coin its effective
        /// suit and value (P7).
        card: Card,
        /// The nearest tile at or below the top: the top itself when it is
        /// a tile (a foundation included), else the nearest tile under the
        /// coins. A coin placed here takes its hidden property from it (P7).
        underneath: Card,
    },
    /// A pawn: nothing may be placed on a pawn (decision P-3).
    Pawn,
}

impl Top {
    /// A tile on top: it is also the tile underneath whatever goes on it.
    pub const fn tile(card: Card) -> Top {
        Top::Counts {
            card,
            underneath: card,
        }
    }

    /// A coin on top, counting as `effective`, with `underneath` the
    /// nearest tile below it.
    pub const fn coin(effective: Card, underneath: Card) -> Top {
        Top::Counts {
            card: effective,
            underneath,
        }
    }

    /// What the top counts as for matching; `None` for a pawn.
    pub const fn card(self) -> Option<Card> {
        match self {
            Top::Counts { card, .. } => Some(card),
            Top::Pawn => None,
        }
    }
}

/// Why a placement does not match (P7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mismatch {
    /// A tile with neither a higher value, nor the same suit, nor a Null.
    Tile,
    /// A coin that, counted with its hidden property from the tile
    /// underneath (`counts_as`), has neither a higher value, nor the same
    /// suit, nor a Null.
    Coin {
        /// The coin's shown face with the hidden property filled in.
        counts_as: Card,
    },
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

/// P7's three clauses, for a piece counting as `placed` onto a top
/// counting as `top`.
fn fits(placed: Card, top: Card) -> bool {
    value_fits(placed.value, top.value) || placed.suit == top.suit
}

/// What a coin counts as once placed (P7): its shown face, and for
/// the hidden property that of the nearest tile below it.
pub fn coin_counts_as(coin: Card, face: CoinFace, underneath: Card) -> Card {
    match face {
        CoinFace::Value => Card::new(underneath.suit, coin.value),
        CoinFace::Suit => Card::new(coin.suit, underneath.value),
    }
}

/// Judges a placement (P7, P8): `Ok(effective)` when legal, where
/// `effective` is what the placed piece counts as for the next placement
/// onto it (`None` for the pawn), or the reason it does not match.
///
/// - A tile fits when its value is higher, the suits are the same, or
///   either value is Null; it counts as itself.
/// - A coin shows one face; its hidden property "is considered to be the
///   same as the tile underneath", the nearest tile below it (P7 as revised
///   2026-11-26). It is then matched on both, by the tile's three clauses,
///   and counts as both for the next placement. So a value-up coin
///   placed straight onto a tile always fits by suit, and a suit-up coin
///   onto a tile needs its suit or a Null there (its value equals the
///   tile's, never higher).
/// - The pawn ignores matching (P8); whether it may go now is P8's other
///   half, checked by the engine.
pub fn judge(placed: Placed, top: Top) -> Result<Option<Card>, Mismatch> {
    let (top_card, underneath) = match (placed, top) {
        (Placed::Pawn, _) => return Ok(None),
        (_, Top::Pawn) => return Err(Mismatch::OntoPawn),
        (_, Top::Counts { card, underneath }) => (card, underneath),
    };
    match placed {
        Placed::Tile(card) => {
            if fits(card, top_card) {
                Ok(Some(card))
            } else {
                Err(Mismatch::Tile)
            }
        }
        Placed::Coin(coin, face) => {
            let counts_as = coin_counts_as(coin, face, underneath);
            if fits(counts_as, top_card) {
                Ok(Some(counts_as))
            } else {
                Err(Mismatch::Coin { counts_as })
            }
        }
        Placed::Pawn => Ok(None),
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

    /// This piece as a tower's top, a coin with `underneath` the nearest
    /// tile below it (when the query leaves it out, the coin's own
    /// effective suit and value stand in: see [`MatchQuery::underneath`]).
    fn as_top(self, underneath: Option<Card>) -> Top {
        match self {
            PieceJson::Tile { suit, value } => Top::tile(Card::new(suit, value)),
            PieceJson::Coin { suit, value, .. } => {
                let effective = Card::new(suit, value);
                Top::coin(effective, underneath.unwrap_or(effective))
            }
            PieceJson::Pawn { .. } => Top::Pawn,
        }
    }
}

/// One input line of `stackyard speedy matches`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "QueryFields")]
pub struct MatchQuery {
    /// The piece being placed.
    pub placed: PieceJson,
    /// The tower's top piece.
    pub top: PieceJson,
    /// Only with a coin top: the nearest tile below that coin, which a
    /// coin placed on it takes its hidden property from (P7). When left
    /// out, the top coin's effective suit and value stand in for it: right
    /// for the property the top coin took from that tile (a value-up
    /// coin's suit, a suit-up coin's value), its shown face for the other.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub underneath: Option<Card>,
}

/// A query as read, before [`MatchQuery`]'s checks.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct QueryFields {
    placed: PieceJson,
    top: PieceJson,
    #[serde(default)]
    underneath: Option<Card>,
}

impl TryFrom<QueryFields> for MatchQuery {
    type Error = String;

    /// `underneath` goes only with a coin top, and must agree with it: a
    /// coin's hidden property is the tile's (P7).
    fn try_from(q: QueryFields) -> Result<MatchQuery, String> {
        if let Some(tile) = q.underneath {
            match q.top {
                PieceJson::Coin {
                    suit, value, face, ..
                } => {
                    let (agrees, shown, hidden) = match face {
                        CoinFace::Value => (suit == tile.suit, "value", "suit"),
                        CoinFace::Suit => (value == tile.value, "suit", "value"),
                    };
                    if !agrees {
                        return Err(format!(
                            "a top coin counting as {} with its {shown} up took its {hidden} \
                             from the tile underneath, so that tile cannot be {tile}",
                            Card::new(suit, value)
                        ));
                    }
                }
                _ => {
                    return Err(
                        "\"underneath\" is the nearest tile below a coin top; a tile top is its own, and nothing goes on a pawn"
                            .into(),
                    );
                }
            }
        }
        Ok(MatchQuery {
            placed: q.placed,
            top: q.top,
            underneath: q.underneath,
        })
    }
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
        match judge(self.placed.as_placed(), self.top.as_top(self.underneath)) {
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
