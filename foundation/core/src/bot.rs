//! One bot interface for every game: a bot sees what its seat may see.

use crate::{Game, GameTime, Seat, Seed, SetupError};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// The random stream a bot draws its perception delays
/// ([`Bot::perception_ms`]) from, beside the stream `rng` it decides with:
/// the same key on another ChaCha stream, so drawing perceptions leaves
/// the decisions' stream as it was.
pub fn sight_stream(rng: &ChaCha8Rng) -> ChaCha8Rng {
    let mut sight = rng.clone();
    sight.set_stream(rng.get_stream().wrapping_add(1));
    sight.set_word_pos(0);
    sight
}

/// What a bot decided: the action, and how long it thinks before the
/// action arrives. In turnless games the think time is its reaction time,
/// so a bot can lose a race the way a person does; in turn-based games a
/// host may use it to pace the bot.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision<A> {
    /// The action to take.
    pub action: A,
    /// Milliseconds between looking at the table and the action arriving.
    pub think_ms: u64,
}

/// A computer player for game `G`, bound to one seat when it was made.
///
/// It is given only its seat's [`Game::view`], never the state: whatever
/// the seat may not know, the bot cannot know either. (Tools that read the
/// whole state, such as Tower of Babel's open-deal solver, are analysis,
/// not bots, and are named so in their crates.) All its randomness comes
/// from the seed it was made with, so a game of bots replays exactly.
pub trait Bot<G: Game>: Send {
    /// Looks at the table as this seat sees it at `now` and decides; `None`
    /// when there is nothing to do now (it is asked again when the table
    /// changes, see [`Bot::wakes_on`]).
    fn decide(&mut self, view: &G::View, now: GameTime) -> Option<Decision<G::Action>>;

    /// Whether `events` (another seat's accepted action, or timers that
    /// fired) are worth a new look, for a bot that had nothing to do or
    /// whose last decision is still on its way (it may re-aim). A bot that
    /// keeps what it reaches for answers for what it cares about (the
    /// tower it reaches for, say), so that it does not redo its search for
    /// changes that cannot change its mind (issue #50).
    /// Default: anything that happened.
    fn wakes_on(&self, events: &[G::Event]) -> bool {
        !events.is_empty()
    }

    /// How long after a change this bot notices it, ms, asked once for
    /// each change [`Bot::wakes_on`] (and drawn from its seed, like its
    /// reaction time): the bot looks again that much later
    /// ([`crate::schedule::BotSchedule`]), so an action already on its way
    /// may arrive stale and lose the race, as a person's does. Default: 0,
    /// at once (turn-based games, where nobody races).
    fn perception_ms(&mut self) -> u64 {
        0
    }
}

/// A bot level a host may seat, as offered in a lobby.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotLevel {
    /// The name a host asks for (`"greedy"`, `"alphabeta:1s"`).
    pub name: String,
    /// What a player calls it ("Easy bot").
    pub title: String,
    /// One line for people: what it is like to play against.
    pub about: String,
}

impl BotLevel {
    /// A level with its title and description.
    pub fn new(
        name: impl Into<String>,
        title: impl Into<String>,
        about: impl Into<String>,
    ) -> Self {
        BotLevel {
            name: name.into(),
            title: title.into(),
            about: about.into(),
        }
    }
}

/// The bots a game offers. Every registered game implements it, so a host
/// can seat a computer player in any game knowing only its name.
pub trait Bots: Game {
    /// The levels, weakest first.
    fn bot_levels() -> Vec<BotLevel>;

    /// A bot of `level` for `seat` of a game with `settings`, its
    /// randomness drawn from `seed`. Unknown levels (and levels the
    /// settings do not allow, such as a search on a board too large for
    /// it) are a [`SetupError`] saying why.
    fn bot(
        level: &str,
        seat: Seat,
        seed: Seed,
        settings: &Self::Settings,
    ) -> Result<Box<dyn Bot<Self>>, SetupError>;

    /// How `seat` stands in the game `view` shows, by the evaluation the
    /// game's bots play by: what a bot answers a draw offer with
    /// ([`DrawAnswer::judged`]). `None` (the default, for games without
    /// draws) when the game cannot judge it.
    fn standing(view: &Self::View, seat: Seat) -> Option<Standing> {
        let _ = (view, seat);
        None
    }
}

/// How a seat stands by its bot's evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Standing {
    /// Better than level: a bot plays on.
    Ahead,
    /// Neither side better.
    Level,
    /// Worse than level.
    Behind,
}

/// A bot's answer to a draw offered to it, decided in one place for every
/// game with draws ([`crate::Game::HAS_DRAWS`]): it accepts when its
/// evaluation says the game is level or it is behind, and declines when it
/// is ahead or cannot judge (it plays on, as a person who cannot tell
/// would).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DrawAnswer {
    /// Whether the bot takes the draw.
    pub accepts: bool,
    /// How it judged its seat, when it could.
    pub standing: Option<Standing>,
}

impl DrawAnswer {
    /// The answer a bot gives standing as `standing`.
    pub fn judged(standing: Option<Standing>) -> DrawAnswer {
        DrawAnswer {
            accepts: matches!(standing, Some(Standing::Level | Standing::Behind)),
            standing,
        }
    }
}
