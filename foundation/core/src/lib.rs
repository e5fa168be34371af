//! What every Stackyard game shares, and nothing else.
//!
//! A rules crate (`stackyard-towers`, `stackyard-babel`, …) implements
//! [`Game`] for its state type. Everything around the rules — the command
//! line, the AI, the server, replays — talks to a game only through this
//! trait and the plain-data types here:
//!
//! - [`Seat`] and [`Viewer`]: who acts, and who is looking.
//! - [`Seed`]: every game's randomness comes from one seed.
//! - [`GameTime`]: time is an *input* (milliseconds since the table opened),
//!   never a wall clock read inside the rules.
//! - [`Record`]: settings + seed + timed actions; [`replay`] rebuilds the
//!   identical game from it.
//! - [`RuleError`]: every rejection names the rule it enforces.
//!
//! ```
//! use stackyard_core::{Seed, GameTime};
//! use rand::RngExt;
//!
//! let mut a = Seed(7).rng("deal");
//! let mut b = Seed(7).rng("deal");
//! assert_eq!(a.random::<u64>(), b.random::<u64>());
//! assert!(GameTime::from_millis(1500) < GameTime::from_secs(2));
//! ```

mod error;
mod game;
mod record;
mod seat;
mod seed;
mod time;

pub use error::{RuleError, SetupError};
pub use game::{Game, Outcome, ToAct};
pub use record::{Entry, Record, ReplayError, replay};
pub use seat::{Seat, Viewer};
pub use seed::Seed;
pub use time::GameTime;
