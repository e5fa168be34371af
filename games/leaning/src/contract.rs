//! A private mirror of the host contract's bot traits (`Decision`, `Bot`,
//! `BotLevel`, `Bots`) as `notes/contract.md` describes them, until
//! stackyard-core on main carries them; then this module is replaced by
//! re-exports of core's.

use stackyard_core::{Game, GameTime, Seat, Seed, SetupError};

/// What a bot decided: the action, and how long it thinks (ms) before the
/// action arrives.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision<A> {
    /// The action.
    pub action: A,
    /// Thinking time before it arrives (ms).
    pub think_ms: u64,
}

/// One bot interface for every game; it sees only its seat's view.
pub trait Bot<G: Game>: Send {
    /// Look at the table as this seat sees it and decide; None = nothing to do now.
    fn decide(&mut self, view: &G::View, now: GameTime) -> Option<Decision<G::Action>>;
    /// Whether these events are worth a new look by an idle bot.
    fn wakes_on(&self, events: &[G::Event]) -> bool {
        !events.is_empty()
    }
}

/// A bot a host may seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotLevel {
    /// Its name (`"easy"`).
    pub name: &'static str,
    /// One line about it.
    pub about: &'static str,
}

/// The bots a host may seat for a game.
pub trait Bots: Game {
    /// The levels, weakest first.
    fn bot_levels() -> Vec<BotLevel>;
    /// A bot of `level` for `seat`.
    fn bot(
        level: &str,
        seat: Seat,
        seed: Seed,
        settings: &Self::Settings,
    ) -> Result<Box<dyn Bot<Self>>, SetupError>;
}
