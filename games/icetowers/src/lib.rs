//! IceTowers (Andrew Looney): the turnless real-time rules engine and its bots.
//!
//! The rules are `docs/rules/icetowers.md` (I1–I15). There are no
//! turns: [`IceTowers`] answers [`ToAct::AnySeat`], every action carries its
//! arrival time, and the two timers (the hold limit, I10, and the optional
//! game timer, I13c) fire in [`Game::advance_to`] at their own deadlines.
//!
//! - [`piece`]: colours and pyramids (I1).
//! - [`table`]: towers, ids, positions, placement of new towers (I2, I3).
//! - [`state`]: the rules (I4–I15).
//! - [`bots`]: random, greedy and lookahead bots, and the headless
//!   simulator that plays them in simulated time.
//!
//! ```
//! use stackyard_core::{Game, GameTime, Seat, Seed};
//! use stackyard_icetowers::{Action, IceTowers, Settings};
//!
//! let mut g = IceTowers::new(&Settings::new(2), Seed(1)).unwrap();
//! g.apply(Seat(0), &Action::Ready, GameTime::ZERO).unwrap();
//! g.apply(Seat(1), &Action::Ready, GameTime::from_millis(300)).unwrap();
//! assert!(g.started().is_some());
//! ```

mod about;
pub mod action;
pub mod bots;
pub mod error;
pub mod piece;
pub mod settings;
pub mod state;
pub mod table;
pub mod view;
mod words;

pub use action::{Action, EndReason, Event};
pub use error::IceError;
pub use piece::{Colour, PieceId};
pub use settings::Settings;
pub use state::{Ending, Held, IceTowers};
pub use table::{Pos, Tower, TowerId};
pub use view::View;

use stackyard_core::{Game, GameTime, Outcome, Seat, Seed, SetupError, ToAct, Viewer};

/// A record of an IceTowers game.
pub type IceRecord = stackyard_core::Record<Settings, Action>;

impl Game for IceTowers {
    const NAME: &'static str = "icetowers";
    const TITLE: &'static str = "IceTowers";
    const ENGINE: &'static str = "icetowers-1";
    /// Records from before engines had names ("0.1.0") replay the same.
    const REPLAYS: &'static [&'static str] = &["0.1.0"];
    /// Played without turns: every seat acts whenever it likes.
    const TURNLESS: bool = true;
    /// Nothing is hidden and nothing is said to one seat only (I-rules have
    /// no secret), so one view and one set of events serve everyone.
    const PUBLIC_VIEWS: bool = true;
    type Settings = Settings;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Error = IceError;

    fn new(settings: &Settings, seed: Seed) -> Result<Self, SetupError> {
        IceTowers::new(settings, seed)
    }

    fn settings(&self) -> &Settings {
        IceTowers::settings(self)
    }

    fn seat_count(&self) -> usize {
        self.seats()
    }

    fn to_act(&self) -> ToAct {
        if self.ending().is_some() {
            ToAct::Nobody
        } else {
            ToAct::AnySeat
        }
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: &Action,
        now: GameTime,
    ) -> Result<Vec<Event>, IceError> {
        self.play(seat, action, now)
    }

    fn advance_to(&mut self, now: GameTime) -> Vec<Event> {
        self.advance(now)
    }

    fn next_deadline(&self) -> Option<GameTime> {
        IceTowers::next_deadline(self)
    }

    fn view(&self, _viewer: Viewer) -> View {
        self.public_view()
    }

    /// I15: each seat's pips controlled now (the ghost's are not a seat's).
    fn scores(&self) -> Vec<i64> {
        let mut scores = self.scores_by_colour();
        scores.truncate(self.seats());
        scores
    }

    /// I15: highest score wins; equal top scores share the win; if the
    /// ghost alone scores highest, no seat wins (I-3).
    fn outcome(&self) -> Option<Outcome> {
        self.ending()?;
        let mut scores = self.scores_by_colour();
        let ghost = self.ghost().map(|_| scores.pop().expect("ghost score"));
        let best = scores.iter().copied().max().unwrap_or(0);
        let winners = if ghost.is_some_and(|g| g > best) {
            Vec::new()
        } else {
            (0..scores.len())
                .filter(|&s| scores[s] == best)
                .map(|s| Seat(s as u8))
                .collect()
        };
        Some(Outcome { scores, winners })
    }
}
