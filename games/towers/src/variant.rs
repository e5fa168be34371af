//! Board size and variant set, written like `8x8+sprawl+infrastructure:4+capture`
//! (T20).

use serde::{Deserialize, Serialize};
use stackyard_core::SetupError;
use std::fmt;
use std::str::FromStr;

/// The smallest and largest board side (T1).
pub const SIDES: std::ops::RangeInclusive<u8> = 2..=26;

/// Everything chosen before a game of Towers starts: the board (T1) and the
/// variants (T17–T19), in any combination. This is the game's `Settings`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(type = "string"))]
pub struct Variant {
    /// Columns, 2..=26.
    pub cols: u8,
    /// Rows, 2..=26.
    pub rows: u8,
    /// T17: the board starts empty and players place floors.
    pub sprawl: bool,
    /// T18: the number of utility floors, if playing Infrastructure.
    pub infrastructure: Option<u16>,
    /// T16: demolished floors count for the player who demolished them.
    pub capture: bool,
    /// T19: demolished towers are flattened, towns are examined one by one.
    pub suburbs: bool,
}

impl Default for Variant {
    fn default() -> Self {
        Variant::standard(8, 8)
    }
}

impl Variant {
    /// The standard game on a `cols × rows` board (unchecked; see
    /// [`Variant::check`]).
    pub const fn standard(cols: u8, rows: u8) -> Variant {
        Variant {
            cols,
            rows,
            sprawl: false,
            infrastructure: None,
            capture: false,
            suburbs: false,
        }
    }

    /// Number of blocks.
    pub fn blocks(&self) -> usize {
        usize::from(self.cols) * usize::from(self.rows)
    }

    /// The default number of utilities for this board (T18, decision T-2):
    /// 4 on an even number of blocks (2 below 16 blocks), 3 on an odd number.
    pub fn default_utilities(cols: u8, rows: u8) -> u16 {
        let n = u16::from(cols) * u16::from(rows);
        match (n % 2 == 0, n >= 16) {
            (true, true) => 4,
            (true, false) => 2,
            (false, _) => 3,
        }
    }

    /// Checks T1 (board size) and T18 (utility count parity and supply).
    pub fn check(&self) -> Result<(), SetupError> {
        if !SIDES.contains(&self.cols) || !SIDES.contains(&self.rows) {
            return Err(SetupError::new(format!(
                "board {}x{} is outside 2x2..26x26 (T1)",
                self.cols, self.rows
            )));
        }
        if let Some(u) = self.infrastructure {
            let n = self.blocks();
            let u = usize::from(u);
            if u == 0 {
                return Err(SetupError::new(
                    "infrastructure needs at least one utility (T18)",
                ));
            }
            if u % 2 != n % 2 {
                return Err(SetupError::new(format!(
                    "{u} utilities on {n} blocks: the count must be {} on this board (T18)",
                    if n.is_multiple_of(2) { "even" } else { "odd" }
                )));
            }
            // Standard start: each side replaces its own towers, so each
            // side's share must fit its towers; Sprawl needs one empty block
            // left for a floor of each colour (decision T-2).
            let limit = if self.sprawl { n - 2 } else { n };
            if u > limit {
                return Err(SetupError::new(format!(
                    "{u} utilities do not fit on {n} blocks (T18)"
                )));
            }
        }
        Ok(())
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.cols, self.rows)?;
        if self.sprawl {
            f.write_str("+sprawl")?;
        }
        if let Some(u) = self.infrastructure {
            write!(f, "+infrastructure:{u}")?;
        }
        if self.capture {
            f.write_str("+capture")?;
        }
        if self.suburbs {
            f.write_str("+suburbs")?;
        }
        Ok(())
    }
}

/// Parses a board like `8x8`.
pub fn parse_board(text: &str) -> Result<(u8, u8), SetupError> {
    let bad = || SetupError::new(format!("board {text:?} is not COLSxROWS like 8x8 (T1)"));
    let (c, r) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let side = |s: &str| -> Result<u8, SetupError> {
        if s.is_empty() || s.len() > 3 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse::<u8>().map_err(|_| bad())
    };
    Ok((side(c)?, side(r)?))
}

impl Variant {
    /// Parses variant names (`sprawl+infrastructure:4+capture+suburbs`,
    /// `standard`, or empty) on top of a given board.
    pub fn with_variants(cols: u8, rows: u8, text: &str) -> Result<Variant, SetupError> {
        let mut v = Variant::standard(cols, rows);
        for part in text.split('+').filter(|p| !p.is_empty()) {
            let (name, arg) = match part.split_once(':') {
                Some((n, a)) => (n, Some(a)),
                None => (part, None),
            };
            let no_arg = |v: &mut bool| {
                if arg.is_some() {
                    return Err(SetupError::new(format!(
                        "variant {name} takes no argument (T20)"
                    )));
                }
                *v = true;
                Ok(())
            };
            match name {
                "standard" | "downtown" => no_arg(&mut false)?,
                "sprawl" => no_arg(&mut v.sprawl)?,
                "capture" => no_arg(&mut v.capture)?,
                "suburbs" => no_arg(&mut v.suburbs)?,
                "infrastructure" => {
                    let u = match arg {
                        None => Variant::default_utilities(cols, rows),
                        Some(a) => a.parse::<u16>().map_err(|_| {
                            SetupError::new(format!(
                                "infrastructure:{a}: the utility count must be a number (T20)"
                            ))
                        })?,
                    };
                    v.infrastructure = Some(u);
                }
                other => {
                    return Err(SetupError::new(format!(
                        "unknown variant {other:?} (T20: sprawl, infrastructure[:N], capture, suburbs)"
                    )));
                }
            }
        }
        v.check()?;
        Ok(v)
    }
}

impl FromStr for Variant {
    type Err = SetupError;
    /// Parses the full T20 form: `8x8+sprawl+infrastructure:4+capture`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (board, rest) = s.split_once('+').unwrap_or((s, ""));
        let (cols, rows) = parse_board(board)?;
        Variant::with_variants(cols, rows, rest)
    }
}

impl TryFrom<String> for Variant {
    type Error = SetupError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Variant> for String {
    fn from(v: Variant) -> String {
        v.to_string()
    }
}
