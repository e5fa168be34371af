//! A computer's answer in a Towers game in the terminal: shared by the
//! terminal opponent (`towers.rs`) and the AI players (`towers_ai.rs`), so
//! neither module needs the other's.

use stackyard_towers::Move;

/// A computer's move and, when asked for, what it thinks of the game.
pub struct Reply {
    /// The move.
    pub mv: Move,
    /// The evaluation in words, and the AI's details.
    pub eval: Option<String>,
}
