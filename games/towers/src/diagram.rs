//! The board as a text diagram, row 1 at the bottom like a chess diagram.
//!
//! Each block shows its top floor and height: `B3` (Black owns 3 floors),
//! `W1`, `U1` (a utility on top); a trailing `u` marks
//! a tower with a utility inside, `.` an empty block.

use crate::position::{Floor, Position, Tower};
use std::fmt;

impl Tower {
    /// The block's token in a diagram: `B3`, `W1`, `U1`, `B2u` (a utility
    /// inside), `.` for an empty block.
    pub fn token(&self) -> String {
        if self.is_empty() {
            return ".".to_string();
        }
        let top = match self.top {
            Floor::Black => 'B',
            Floor::White => 'W',
            Floor::Utility => 'U',
        };
        let inside = if self.utility && self.top != Floor::Utility {
            "u"
        } else {
            ""
        };
        format!("{top}{}{inside}", self.height)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (cols, rows) = (self.cols(), self.rows());
        for r in (0..rows).rev() {
            write!(f, "{:>2} ", r + 1)?;
            for c in 0..cols {
                write!(f, "{:>5}", self.cells()[r * cols + c].token())?;
            }
            writeln!(f)?;
        }
        write!(f, "   ")?;
        for c in 0..cols {
            write!(f, "{:>5}", char::from(b'a' + c as u8))?;
        }
        writeln!(f)
    }
}
