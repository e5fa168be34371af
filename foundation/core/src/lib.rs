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
//! - [`Driver`]: the one live driver. It owns a game and its record and
//!   does the whole step (advance the clock, apply, append, say what each
//!   viewer may see); replays, simulators, tournaments, the command line
//!   and the server all run games through it ([`play`] has the bot loops).
//! - [`Bot`] and [`Bots`]: one bot interface for every game, fed only its
//!   seat's view.
//! - [`host`]: any game by name. [`host::Registry`] maps stable names to
//!   [`host::GameKind`]s; a [`host::HostedGame`] takes and gives JSON, so a
//!   server never names a game type.
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

pub mod about;
mod bot;
mod driver;
mod error;
pub mod frames;
mod game;
pub mod host;
pub mod play;
pub mod query;
mod record;
pub mod schedule;
mod seat;
mod seed;
pub mod stepper;
mod time;
pub mod words;

pub use about::{About, Listed, Seats};
pub use bot::{Bot, BotLevel, Bots, Decision, DrawAnswer, Standing, sight_stream};
pub use driver::{ActError, Driver, FinishError, Rejected, Replayed, Step, replay};
pub use error::{RuleError, SetupError};
pub use game::{Game, Outcome, ToAct, Wire, WireTypes};
pub use record::{
    Ending, Entry, ErasedRecord, NotARecord, Provenance, ProvenanceError, RECORD_FORMAT, Record,
    ReplayError,
};
pub use seat::{Seat, Viewer};
pub use seed::{Seed, splitmix64};
pub use time::GameTime;
