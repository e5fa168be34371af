//! The interface every search here needs from a game, and search budgets.

use std::fmt::Debug;
use std::time::Duration;

/// A deterministic two-player, zero-sum, perfect-information game as the
/// searches see it: a value type, moved by copying.
///
/// Sides are numbered 0 (first player) and 1. Values are always from side
/// 0's point of view; the searches negate them as needed.
pub trait SearchGame: Clone + Send + Sync {
    /// One move. Small and `Copy`, so tables and trees can hold it.
    type Move: Copy + Eq + Debug + Send + Sync;

    /// Appends the legal moves of the side to move to `out` (which the
    /// caller has cleared). Empty exactly when the game is over; a forced
    /// pass is a move.
    fn moves(&self, out: &mut Vec<Self::Move>);

    /// The position after `m`, which must be legal here.
    fn play(&self, m: Self::Move) -> Self;

    /// The side to move, 0 or 1.
    fn side(&self) -> usize;

    /// The final margin from side 0's point of view once the game is over
    /// (positive: side 0 won), `None` while it goes on.
    fn terminal_value(&self) -> Option<i32>;

    /// A 64-bit hash of the whole position (side to move included), for
    /// transposition tables and tree reuse.
    fn hash(&self) -> u64;

    /// A small dense index of the move, below [`Self::MOVE_IDS`], for
    /// history tables.
    fn move_id(&self, m: Self::Move) -> usize;

    /// The bound on [`SearchGame::move_id`].
    const MOVE_IDS: usize;

    /// A hash shared by positions known to have the same value (mirror
    /// images, say); the exact solver keys its table with it. Defaults to
    /// [`SearchGame::hash`].
    fn canonical_hash(&self) -> u64 {
        self.hash()
    }

    /// A cheap static guess of the value from side 0's view, used only to
    /// order moves in the exact solver (say, the score so far).
    fn order_hint(&self) -> i32 {
        0
    }
}

/// A heuristic value of a non-final position, from side 0's point of view,
/// in hundredths of a floor (or any unit well below [`WIN`]).
pub trait Evaluator<G>: Sync {
    /// The estimate.
    fn evaluate(&self, position: &G) -> i32;
}

/// Any `Fn(&G) -> i32` is an evaluator.
impl<G, F: Fn(&G) -> i32 + Sync> Evaluator<G> for F {
    fn evaluate(&self, position: &G) -> i32 {
        self(position)
    }
}

/// The score a won game gets in the playing searches, before its margin is
/// added: a win by any margin beats every heuristic value.
pub const WIN: i32 = 1_000_000;

/// How much a search may spend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// Wall-clock time; results may vary from run to run.
    Time(Duration),
    /// Nodes (alpha-beta) or playouts (MCTS), over all threads;
    /// deterministic for a given seed.
    Nodes(u64),
    /// Alpha-beta only: a fixed nominal depth (MCTS reads it as playouts
    /// × 1000). Deterministic.
    Depth(u32),
}

impl Budget {
    /// Parses `2s`, `500ms`, `n20000`, `d6`.
    pub fn parse(text: &str) -> Option<Budget> {
        let t = text.trim();
        if let Some(n) = t.strip_prefix('n') {
            return n.parse().ok().filter(|&n| n > 0).map(Budget::Nodes);
        }
        if let Some(d) = t.strip_prefix('d') {
            return d.parse().ok().filter(|&d| d > 0).map(Budget::Depth);
        }
        if let Some(ms) = t.strip_suffix("ms") {
            return ms
                .parse()
                .ok()
                .filter(|&m| m > 0)
                .map(|m| Budget::Time(Duration::from_millis(m)));
        }
        if let Some(s) = t.strip_suffix('s') {
            let s: f64 = s.parse().ok()?;
            return (s > 0.0 && s < 1e6).then(|| Budget::Time(Duration::from_secs_f64(s)));
        }
        None
    }
}

impl std::fmt::Display for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Budget::Time(d) if d.subsec_millis() == 0 => write!(f, "{}s", d.as_secs()),
            Budget::Time(d) => write!(f, "{}ms", d.as_millis()),
            Budget::Nodes(n) => write!(f, "n{n}"),
            Budget::Depth(d) => write!(f, "d{d}"),
        }
    }
}

/// What a playing search found.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchResult<M> {
    /// The move to play; `None` when the game is over.
    pub best: Option<M>,
    /// Its score from the mover's point of view (alpha-beta: hundredths of
    /// a floor, or beyond ±[`WIN`] for a proven result; MCTS: expected
    /// result × 1000, 0 a loss, 1000 a win).
    pub score: i32,
    /// Deepest iteration completed by every thread (MCTS: 0).
    pub depth: u32,
    /// Nodes or playouts spent, over all threads.
    pub nodes: u64,
    /// Principal variation, starting with `best`.
    pub pv: Vec<M>,
}
