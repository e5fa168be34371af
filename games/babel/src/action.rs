//! The player's actions, written as in records: `draw`, `i<1`, `i<3`, `end`.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One action (B4–B6). Its text form is `draw`, `2<1`, `5<3`, `end`; on the
/// wire it is tagged like every action: `{"type": "draw"}`, `{"type":
/// "move", "from": 5, "gap": 3}`, `{"type": "end"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Action {
    /// B4: the next tile becomes a new stack at the right end.
    Draw,
    /// B5: the stack at 1-based position `from` goes onto the stack `gap`
    /// (1 or 3) positions to its left.
    Move {
        /// 1-based position of the stack that moves.
        from: u8,
        /// How far left it goes: 1 or 3.
        gap: u8,
    },
    /// B6: the player declares the end once no tile remains.
    End,
    /// B-8: takes back the last move since the last draw, in a game whose
    /// settings allow it (`undo`); a draw is never taken back.
    Undo,
}

impl Action {
    /// `i<1`.
    pub fn onto_left(from: u8) -> Action {
        Action::Move { from, gap: 1 }
    }

    /// `i<3`.
    pub fn onto_third(from: u8) -> Action {
        Action::Move { from, gap: 3 }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Draw => f.write_str("draw"),
            Action::Move { from, gap } => write!(f, "{from}<{gap}"),
            Action::End => f.write_str("end"),
            Action::Undo => f.write_str("undo"),
        }
    }
}

/// Why an action's text does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not an action (expected draw, end, undo, or a move like 4<1 or 5<3)")]
pub struct ActionParseError(pub String);

impl FromStr for Action {
    type Err = ActionParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        match t {
            "draw" => return Ok(Action::Draw),
            "end" => return Ok(Action::End),
            "undo" => return Ok(Action::Undo),
            _ => {}
        }
        let bad = || ActionParseError(s.to_string());
        let (from, gap) = t.split_once('<').ok_or_else(bad)?;
        let from: u8 = from.trim().parse().map_err(|_| bad())?;
        let gap: u8 = gap.trim().parse().map_err(|_| bad())?;
        if from == 0 || !(gap == 1 || gap == 3) {
            return Err(bad());
        }
        Ok(Action::Move { from, gap })
    }
}
