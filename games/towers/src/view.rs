//! What a viewer sees of a Towers game: the whole position as plain data.
//!
//! Towers hides nothing, so every seat and every spectator gets the same
//! [`View`]; it is complete enough that [`Position::from_view`] rebuilds
//! the identical position (the bots play from it, never from the state).

use crate::notation::Move;
use crate::position::{Color, Floor, Phase, Position, Tower};
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use stackyard_core::SetupError;

/// One block as drawn: empty, or a tower.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Block {
    /// Floors (T2); 0 for an empty block.
    pub height: u16,
    /// The top floor, whose colour owns the tower (T6); absent when empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub top: Option<Floor>,
    /// Whether a utility floor is inside (T14, T-1); absent when not (a
    /// board's 64 `"utility":false` were a quarter of every Towers
    /// message, docs/benchmarks.md).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub utility: bool,
}

/// A Towers game as anyone sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct View {
    /// Board and variants (T20), e.g. `"8x8+capture"`.
    pub variant: Variant,
    /// Columns.
    pub cols: u8,
    /// Rows.
    pub rows: u8,
    /// Every block, row by row from row 1 (index `row * cols + col`).
    pub blocks: Vec<Block>,
    /// Whose turn it is (T7).
    pub turn: Color,
    /// Utility placement, sprawl, or moves (T17, T18).
    pub phase: Phase,
    /// Utilities still to place (T18).
    pub utilities_left: u16,
    /// Black's and White's scores now (T15, T16).
    pub scores: [u32; 2],
    /// Floors each side has captured (T16).
    pub captured: [u32; 2],
    /// Floors that have left the game, and floors supplied to it (for the
    /// conservation check: on board + removed = supplied).
    pub removed: u32,
    /// Floors brought into the game so far.
    pub supplied: u32,
    /// The legal moves of the side to move, in T5 order.
    pub legal: Vec<Move>,
    /// Whether the game is over (T11).
    pub over: bool,
}

impl Position {
    /// The position as plain data.
    pub fn to_view(&self) -> View {
        let v = self.variant();
        View {
            variant: *v,
            cols: v.cols,
            rows: v.rows,
            blocks: self
                .cells()
                .iter()
                .map(|t| Block {
                    height: t.height,
                    top: (!t.is_empty()).then_some(t.top),
                    utility: t.utility,
                })
                .collect(),
            turn: self.turn(),
            phase: self.phase(),
            utilities_left: self.utilities_left(),
            scores: self.scores(),
            captured: [self.captured(Color::Black), self.captured(Color::White)],
            removed: self.removed(),
            supplied: self.supplied(),
            legal: self.legal_moves(),
            over: self.is_over(),
        }
    }

    /// Rebuilds the position a view shows; errors say which part is not a
    /// position (a wrong block count, a utility top without a utility).
    pub fn from_view(view: &View) -> Result<Position, SetupError> {
        let towers: Vec<Tower> = view
            .blocks
            .iter()
            .map(|b| match b.top {
                Some(top) if b.height > 0 => Ok(Tower {
                    height: b.height,
                    top,
                    utility: b.utility,
                }),
                None if b.height == 0 => Ok(Tower::EMPTY),
                _ => Err(SetupError::new(
                    "a block has floors but no top, or a top but no floors",
                )),
            })
            .collect::<Result<_, _>>()?;
        let mut p = Position::setup(view.variant, &towers, view.turn)?;
        p.restore_counters(
            view.phase,
            view.utilities_left,
            view.captured,
            view.removed,
            view.supplied,
        );
        Ok(p)
    }
}
