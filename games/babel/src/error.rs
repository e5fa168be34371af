//! Rejected actions, each naming the rule it enforces.

use thiserror::Error;

/// Why an action was rejected. The game is unchanged after any of these.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BabelError {
    /// B5: no stack at the moving position.
    #[error("B5: there is no stack {from} (the line has {stacks})")]
    NoStack {
        /// The position named.
        from: u8,
        /// How many stacks the line has.
        stacks: usize,
    },
    /// B5: no stack `gap` positions to the left.
    #[error("B5: stack {from} has no stack {gap} to its left")]
    NoTarget {
        /// The position named.
        from: u8,
        /// 1 or 3.
        gap: u8,
    },
    /// B5: moves go 1 or 3 to the left only.
    #[error("B5: a stack moves 1 or 3 positions left, not {0}")]
    BadGap(u8),
    /// B5: the two top tiles share neither suit nor value.
    #[error("B5: {moving} does not match {target} (same suit or same value needed)")]
    NoMatch {
        /// The moving stack's top.
        moving: String,
        /// The target stack's top.
        target: String,
    },
    /// B6: no tile left to draw.
    #[error("B6: no tile is left to draw")]
    NoTileLeft,
    /// B11: in the Strict variant a draw waits until no move is legal.
    #[error("B11: Strict variant: a move is legal ({0}), so you may not draw")]
    MustMove(String),
    /// B6: the end is declared only once every tile is drawn.
    #[error("B6: {0} tiles are still to draw; the end comes after the last draw")]
    TilesRemain(usize),
    /// B6: the game is over.
    #[error("B6: the game is over")]
    GameOver,
    /// B-8: this game's settings do not allow taking moves back.
    #[error("B-8: moves cannot be taken back in this game")]
    UndoOff,
    /// B-8: no move since the last draw to take back.
    #[error("B-8: there is no move since the last draw to take back")]
    NothingToUndo,
}
