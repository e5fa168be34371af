//! Stand-ins for the bot interface of the host contract
//! (`stackyard_core::{Bot, Bots, BotLevel, Decision}`), with exactly its
//! shapes, until this branch merges the core that defines them; then these
//! become re-exports of core's.

use stackyard_core::{Game, GameTime, Seat, Seed, SetupError};

/// What a bot decided: the action, and how long it thinks (ms) before the
/// action arrives (its reaction time, so it can lose races).
#[derive(Debug, Clone, PartialEq)]
pub struct Decision<A> {
    /// The action.
    pub action: A,
    /// Milliseconds until it arrives.
    pub think_ms: u64,
}

/// One bot interface for every game. It sees ONLY its seat's view.
pub trait Bot<G: Game>: Send {
    /// Look at the table as this seat sees it and decide; `None` = nothing
    /// to do now (it is asked again when the table changes).
    fn decide(&mut self, view: &G::View, now: GameTime) -> Option<Decision<G::Action>>;
    /// Whether these events are worth a new look by an idle bot.
    fn wakes_on(&self, events: &[G::Event]) -> bool {
        !events.is_empty()
    }
}

/// A bot a host may seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotLevel {
    /// Its name (`easy`).
    pub name: &'static str,
    /// One line about it.
    pub about: &'static str,
}

/// The bots a host may seat for a game.
pub trait Bots: Game {
    /// The levels, weakest first.
    fn bot_levels() -> Vec<BotLevel>;
    /// A bot of `level` for `seat`.
    fn bot(level: &str, seat: Seat, seed: Seed, settings: &Self::Settings)
    -> Result<Box<dyn Bot<Self>>, SetupError>;
}
