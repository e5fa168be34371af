//! Game-generic search for the Stackyard games: it knows no game.
//!
//! Small modules over one trait,
//! [`SearchGame`]: [`AlphaBeta`] (iterative deepening, transposition
//! table, killer/history ordering, deterministic root split over threads),
//! [`Mcts`] (UCT, seeded random rollouts, root-parallel, tree reuse) and
//! the exact [`Solver`] (MTD(f) on exact margins, threads sharing a
//! lock-free table; resumable from a [`SolveState`], which
//! [`checkpoint`] writes to and reads from a byte stream). Each game adapts itself to [`SearchGame`] in its
//! own crate (Towers: `stackyard_towers::ai`). Every search is
//! deterministic for a given seed and node budget.
//!
//! ```
//! use stackyard_search::{AlphaBeta, Budget, SearchGame};
//!
//! /// Take 1 or 2 from a pile; who takes the last wins.
//! #[derive(Clone)]
//! struct Nim { pile: u32, side: usize }
//! impl SearchGame for Nim {
//!     type Move = u32;
//!     const MOVE_IDS: usize = 3;
//!     fn moves(&self, out: &mut Vec<u32>) { out.extend((1..=2).filter(|&t| t <= self.pile)) }
//!     fn play(&self, t: u32) -> Self { Nim { pile: self.pile - t, side: 1 - self.side } }
//!     fn side(&self) -> usize { self.side }
//!     fn terminal_value(&self) -> Option<i32> {
//!         // The side that just moved took the last one.
//!         (self.pile == 0).then(|| if self.side == 1 { 1 } else { -1 })
//!     }
//!     fn hash(&self) -> u64 { u64::from(self.pile) * 2 + self.side as u64 }
//!     fn move_id(&self, t: u32) -> usize { t as usize }
//! }
//! let ab = AlphaBeta::new(|_: &Nim| 0).threads(1);
//! // From 7, take 1 to leave a multiple of 3.
//! let r = ab.search(&Nim { pile: 7, side: 0 }, Budget::Depth(10));
//! assert_eq!(r.best, Some(1));
//! ```

mod alphabeta;
pub mod checkpoint;
mod game;
mod mcts;
mod solve;
pub mod tournament;

pub use alphabeta::{AlphaBeta, terminal_score};
pub use game::{Budget, Evaluator, SearchGame, SearchResult, WIN};
pub use mcts::Mcts;
pub use solve::{Progress, Solution, SolveState, Solver, Unfinished, minimax};
