//! T5 move notation: `c3-c5`, `pass`, `+c3` (Sprawl), `*c3` (Infrastructure),
//! and game records (moves separated by whitespace, oldest first).
//!
//! Parsing knows nothing about a particular board: `z26` parses, and
//! [`crate::Position::play`] rejects it on a smaller board (T1/T8). Only the
//! canonical form parses (lower-case, no leading zeros, no spaces inside a
//! move), so `parse(m.to_string()) == m` and `parse(s).to_string() == s`.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A block, by 0-based column and row (T3: `a1` is column 0, row 0).
/// On the wire it is its name, `"c3"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(type = "string"))]
pub struct Square {
    /// 0-based column: `a` is 0.
    pub col: u8,
    /// 0-based row: `1` is 0.
    pub row: u8,
}

impl Square {
    /// The block at 0-based `col`, `row`.
    pub const fn new(col: u8, row: u8) -> Square {
        Square { col, row }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.col),
            u32::from(self.row) + 1
        )
    }
}

/// One move in any phase. On the wire it is tagged like every action:
/// `{"type": "step", "from": "c3", "to": "c5"}`, `{"type": "place", "at":
/// "c3"}`, `{"type": "utility", "at": "c3"}`, `{"type": "pass"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "MoveWire", into = "MoveWire")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(as = "MoveWire"))]
pub enum Move {
    /// Move the tower on `from` onto the tower on `to` (T8).
    Step {
        /// Where the moving tower stands.
        from: Square,
        /// Where it lands.
        to: Square,
    },
    /// Sprawl: place one floor of the mover's colour on an empty block (T17).
    Place(Square),
    /// Infrastructure: place a utility floor (T18).
    Utility(Square),
    /// No legal move (T10).
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Step { from, to } => write!(f, "{from}-{to}"),
            Move::Place(s) => write!(f, "+{s}"),
            Move::Utility(s) => write!(f, "*{s}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl From<Square> for String {
    fn from(s: Square) -> String {
        s.to_string()
    }
}

impl TryFrom<String> for Square {
    type Error = NotationError;
    fn try_from(s: String) -> Result<Square, NotationError> {
        parse_square(&s)
    }
}

/// [`Move`] as it travels: every variant a tagged object.
#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "Move"))]
enum MoveWire {
    Step { from: Square, to: Square },
    Place { at: Square },
    Utility { at: Square },
    Pass,
}

impl From<MoveWire> for Move {
    fn from(m: MoveWire) -> Move {
        match m {
            MoveWire::Step { from, to } => Move::Step { from, to },
            MoveWire::Place { at } => Move::Place(at),
            MoveWire::Utility { at } => Move::Utility(at),
            MoveWire::Pass => Move::Pass,
        }
    }
}

impl From<Move> for MoveWire {
    fn from(m: Move) -> MoveWire {
        match m {
            Move::Step { from, to } => MoveWire::Step { from, to },
            Move::Place(at) => MoveWire::Place { at },
            Move::Utility(at) => MoveWire::Utility { at },
            Move::Pass => MoveWire::Pass,
        }
    }
}

/// Text that is not a move in T5 notation.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("malformed move {text:?}: {why} (T5: moves look like c3-c5, pass, +c3 or *c3)")]
pub struct NotationError {
    /// The text as given (cut to 40 characters).
    pub text: String,
    /// What is wrong with it.
    pub why: &'static str,
}

impl NotationError {
    fn new(text: &str, why: &'static str) -> NotationError {
        NotationError {
            text: text.chars().take(40).collect(),
            why,
        }
    }
}

/// Parses a square like `c3` (`a`..`z`, `1`..`26`).
pub fn parse_square(text: &str) -> Result<Square, NotationError> {
    let bytes = text.as_bytes();
    let Some((&letter, digits)) = bytes.split_first() else {
        return Err(NotationError::new(text, "empty square"));
    };
    if !letter.is_ascii_lowercase() {
        return Err(NotationError::new(
            text,
            "a square starts with a column letter a..z",
        ));
    }
    if digits.is_empty() || digits.len() > 2 || !digits.iter().all(u8::is_ascii_digit) {
        return Err(NotationError::new(
            text,
            "a square ends with a row number 1..26",
        ));
    }
    if digits[0] == b'0' {
        return Err(NotationError::new(
            text,
            "row numbers start at 1, without leading zeros",
        ));
    }
    let row = digits
        .iter()
        .fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
    if row > 26 {
        return Err(NotationError::new(text, "row numbers go up to 26"));
    }
    Ok(Square::new(letter - b'a', (row - 1) as u8))
}

/// Parses one move.
pub fn parse_move(text: &str) -> Result<Move, NotationError> {
    if text == "pass" {
        return Ok(Move::Pass);
    }
    if let Some(rest) = text.strip_prefix('+') {
        return parse_square(rest)
            .map(Move::Place)
            .map_err(|e| NotationError::new(text, e.why));
    }
    if let Some(rest) = text.strip_prefix('*') {
        return parse_square(rest)
            .map(Move::Utility)
            .map_err(|e| NotationError::new(text, e.why));
    }
    match text.split_once('-') {
        Some((from, to)) => Ok(Move::Step {
            from: parse_square(from).map_err(|e| NotationError::new(text, e.why))?,
            to: parse_square(to).map_err(|e| NotationError::new(text, e.why))?,
        }),
        None if text.is_empty() => Err(NotationError::new(text, "empty move")),
        None => Err(NotationError::new(
            text,
            "expected from-to, pass, +square or *square",
        )),
    }
}

/// Parses a game record: moves separated by whitespace, oldest first. The
/// error carries the 1-based number of the first malformed move.
pub fn parse_record(text: &str) -> Result<Vec<Move>, (usize, NotationError)> {
    text.split_whitespace()
        .enumerate()
        .map(|(i, m)| parse_move(m).map_err(|e| (i + 1, e)))
        .collect()
}

/// Writes a record in T5 notation, one space between moves.
pub fn write_record(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl FromStr for Square {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_square(s)
    }
}

impl FromStr for Move {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_move(s)
    }
}
