//! Tower of Babel (Mark A. Biggar): the piecepack solitaire engine, its
//! open-deal solver and policies for the Strict variant.
//!
//! The binding rules are `docs/rules/babel.md` (B1–B11); rule
//! ids are cited in code and tests. Decisions the rules leave open are in
//! `docs/rules-decisions.md` (B-1, B-2, …).
//!
//! - [`Tile`] (B1 codes `Sn`, `Ma`, `C3`, `A5`), [`parse_order`] (B2).
//! - [`Action`]: `draw`, `i<1`, `i<3`, `end`.
//! - [`Babel`]: the engine, both modes (hidden order from a seed, B8; open
//!   deal, B9) and both [`Variant`]s (standard, Strict B11); implements
//!   [`stackyard_core::Game`] with one seat.
//! - [`solver`]: the open-deal solver (minimum stacks, full win, a solution).
//! - [`strict`]: policies for Strict play with the order hidden.
//! - [`bots`]: bots that see only the view (the undrawn set, never the
//!   order).
//! - [`hunt`]: local search for the hardest deals.
//!
//! [`solver`], [`hunt`] and the `open` policy of [`strict`] are *analysis*:
//! they read the whole deal, hidden order included, and never play for a
//! seat.

mod about;
mod action;
pub mod bots;
mod dealt;
mod error;
mod game;
pub mod hunt;
mod short;
pub mod solver;
mod stats;
pub mod strict;
mod tile;
mod words;

pub use action::{Action, ActionParseError};
pub use error::BabelError;
pub use game::{Babel, Event, Result, Settings, Variant, View, deal_from_seed, tops_text};
pub use stats::wilson95;
pub use tile::{
    DealError, SUIT_NAMES, SUIT_SYMBOLS, SUITS, TILE_COUNT, Tile, TileCodeError, VALUE_NAMES,
    VALUES, check_order, order_text, parse_order, tiles_match,
};
