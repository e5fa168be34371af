//! The board as a text diagram, row 1 at the bottom like a chess diagram.
//!
//! Each block shows its top floor and height: `B3` (Black owns 3 floors),
//! `W1`, `U1` (a utility on top); a trailing `u` marks
//! a tower with a utility inside, `.` an empty block.

use crate::position::{Floor, Position};
use std::fmt;

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (cols, rows) = (self.cols(), self.rows());
        for r in (0..rows).rev() {
            write!(f, "{:>2} ", r + 1)?;
            for c in 0..cols {
                let t = self.cells()[r * cols + c];
                let text = if t.is_empty() {
                    ".".to_string()
                } else {
                    let top = match t.top {
                        Floor::Black => 'B',
                        Floor::White => 'W',
                        Floor::Utility => 'U',
                    };
                    let inside = if t.utility && t.top != Floor::Utility {
                        "u"
                    } else {
                        ""
                    };
                    format!("{top}{}{inside}", t.height)
                };
                write!(f, "{text:>5}")?;
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
