//! Leaning Towers (Geoffrey Globus): a 3-D dexterity game for 2–10
//! players, refereed by physics.
//!
//! Every piece is a rigid Looney Pyramid in a deterministic physics world
//! ([`stackyard_physics::Table`]) that the game state owns. A seat lets a
//! piece go at a full 3-D pose (plus seeded hand noise); the world runs
//! until it rests, and the referee ([`judge`]) reads the verdict from the
//! table: how many corners touch the table (L6), who touches whom (L7), and
//! how far every other piece moved (clean, slip, break or wreck, L9).
//! Rules ids L1–L13 are those of `shared/rules/leaning-towers.md`; the
//! decisions L-1… where those rules are silent are listed in [`state`].
//!
//! - [`LeaningTowers`] implements [`stackyard_core::Game`].
//! - [`scenario`] is the outside `judge` contract: one placement on a given
//!   structure, typed input and output.
//! - [`preview`] predicts a placement from a view, hand noise off (the
//!   browser's preview, through the WebAssembly shell).
//! - [`foundation`] builds the foundation automatically (a seeded search).
//! - [`bot`] searches placements by simulating candidates; [`sim`] plays
//!   bot games; [`series`] adds games up to a target (L13).
//!
//! ```
//! use stackyard_core::{Game, GameTime, Seat, Seed, ToAct};
//! use stackyard_leaning::{Action, LeaningTowers, Settings};
//!
//! let mut game = LeaningTowers::new(&Settings::new(2), Seed(1)).unwrap();
//! // Seat 0 builds the foundation automatically (L4) ...
//! game.apply(Seat(0), &Action::AutoFoundation, GameTime::ZERO).unwrap();
//! assert_eq!(game.pieces().len(), 2);
//! // ... and may then place a piece or pass.
//! game.apply(Seat(0), &Action::Pass, GameTime::ZERO).unwrap();
//! assert_eq!(game.to_act(), ToAct::Seat(Seat(1)));
//! // Out of turn is refused, naming the rule.
//! assert!(game.apply(Seat(0), &Action::Pass, GameTime::ZERO).is_err());
//! ```

mod about;
pub mod action;
pub mod bot;
pub mod error;
pub mod foundation;
pub mod geometry;
pub mod hollow;
pub mod judge;
mod phase;
pub mod piece;
pub mod preview;
pub mod scenario;
pub mod series;
pub mod settings;
pub mod sim;
pub mod state;
pub mod suggest;
pub mod view;
mod words;
pub mod world;

pub use action::{Action, EndReason, Event, FoundationPiece};
pub use error::LeaningError;
pub use judge::{Judgement, SlipReason, Verdict};
pub use phase::Phase;
pub use piece::{Hand, Owner, PieceInfo, PieceStatus, Size};
pub use settings::{HandNoise, Settings};
pub use state::LeaningTowers;
pub use view::{Dimensions, PieceView, TurnOptions, View};
pub use world::{World, WorldSnapshot};
