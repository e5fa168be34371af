//! Towers (Dale Emery): the rules engine, every variant, T5 notation.
//!
//! The binding rules are `docs/rules/towers.md` (T1–T20); rule ids are
//! cited in the code and tests. Decisions the rules leave open are in
//! `docs/rules-decisions.md` (T-1, T-2, …).
//!
//! # The API in one page
//!
//! - [`Variant`]: board size (2×2..26×26, T1) plus variants (Sprawl,
//!   Infrastructure, Capture, Suburbs), written and parsed as
//!   `8x8+sprawl+infrastructure:4+capture` (T20). It is the game's settings.
//! - [`Position`]: the whole game state. `Clone + Eq + Hash`, cheap to copy.
//!   - [`Position::new`] / [`Position::standard`]: the start (T4, T17, T18).
//!   - [`Position::turn`], [`Position::phase`], [`Position::status`],
//!     [`Position::is_over`].
//!   - [`Position::legal_moves`] / [`Position::legal_moves_into`] (a
//!     buffer you reuse), [`Position::count_moves`].
//!   - [`Position::play`] (checked: a [`MoveError`] naming the rule, and the
//!     position untouched), [`Position::check`], [`Position::played`] (a
//!     checked copy), [`Position::play_unchecked`] (fast, for search).
//!   - Allocation-free search path: [`Position::visit_steps`] gives tower
//!     moves as block indices, [`Position::step`] plays one,
//!     [`Position::pass_unchecked`] passes.
//!   - Per block: [`Position::cells`] (index `row * cols + col`, each a
//!     [`Tower`] with height, top floor, utility flag), [`Position::tower`],
//!     [`Position::index`] / [`Position::square`]; bitboards
//!     [`Position::occupied`], [`Position::owned_by`].
//!   - Scores: [`Position::score`], [`Position::scores`] (T15, T16),
//!     [`Position::owned_floors`], [`Position::captured`].
//! - [`notation`]: [`Move`] and [`Square`] with `Display`/`FromStr` in T5
//!   notation (`c3-c5`, `pass`, `+c3`, `*c3`), and whole records.
//! - [`perft`]: exactly as the issue defines it.
//! - [`random_playout`]: random legal moves to the end;
//!   [`Position::random_step`] draws one uniformly random tower move.
//! - [`Position::setup`]: a move-phase position from any towers (puzzles,
//!   analysis, tests).
//! - `Position` implements [`stackyard_core::Game`]: Black is seat 0,
//!   White seat 1, `ToAct::Seat` on every turn.
//!
//! ```
//! use stackyard_towers::{Position, Variant, perft, notation::Move};
//!
//! let mut p = Position::new("4x4".parse::<Variant>().unwrap()).unwrap();
//! assert_eq!(p.legal_moves().len(), perft(&p, 1) as usize);
//! let m: Move = "a1-b1".parse().unwrap();
//! p.play(m).unwrap();
//! assert!(p.play("a1-a2".parse().unwrap()).is_err()); // a1 is empty now (T8)
//! ```

mod about;
pub mod ai;
mod bits;
mod diagram;
mod error;
mod game;
pub mod notation;
mod perft;
mod playout;
mod position;
mod stuck;
mod variant;
mod view;
mod words;

pub use bits::{Bits, Geometry, WORDS};
pub use error::MoveError;
pub use game::Event;
pub use notation::{Move, NotationError, Square};
pub use perft::perft;
pub use playout::random_playout;
pub use position::{Color, Floor, Phase, Position, Status, Tower};
pub use stuck::{Stuck, stuck};
pub use variant::{SIDES, Variant, parse_board};
pub use view::{Block, View};
