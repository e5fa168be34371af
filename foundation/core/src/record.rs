//! Records: a game's seed, settings and timed actions; enough to replay it.

use crate::{Driver, Game, GameTime, Seat, Seed, SetupError};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The record format this build writes. A record of a later format is
/// refused rather than misread; earlier formats are read as they were.
pub const RECORD_FORMAT: u32 = 1;

fn first_format() -> u32 {
    1
}

/// One accepted action, with who took it and when it arrived.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Entry<A> {
    /// The seat that acted.
    pub seat: Seat,
    /// When the action arrived (turn-based games may leave every entry at 0).
    #[serde(default)]
    pub at: GameTime,
    /// What it did.
    pub action: A,
}

/// How a game ended, when it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Ending {
    /// By its own rules (the game's [`Game::outcome`] says how).
    Rules,
    /// The seat resigned.
    Resigned {
        /// Who.
        seat: Seat,
    },
    /// The seat's clock ran out.
    TimedOut {
        /// Who.
        seat: Seat,
    },
    /// The seat stayed away past the host's limit and forfeited.
    Abandoned {
        /// Who.
        seat: Seat,
    },
    /// The players agreed a draw (games with [`Game::HAS_DRAWS`]).
    DrawAgreed,
}

impl Ending {
    /// The seat that forfeited, for resignations, timeouts and abandonment.
    pub fn forfeiting(self) -> Option<Seat> {
        match self {
            Ending::Resigned { seat } | Ending::TimedOut { seat } | Ending::Abandoned { seat } => {
                Some(seat)
            }
            Ending::Rules | Ending::DrawAgreed => None,
        }
    }
}

/// Everything needed to reproduce a game: which game, its settings, its
/// seed, every accepted action in the order it was applied and, for games
/// with timers, the time the record ends (so timers that fired after the
/// last action fire again on replay), and how the game ended if it did.
///
/// Rejected actions are not recorded: by the [`Game`] contract they changed
/// nothing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "GameRecord"))]
pub struct Record<S, A> {
    /// The record format ([`RECORD_FORMAT`] when written by this build).
    #[serde(default = "first_format")]
    pub format: u32,
    /// The rules engine's version that wrote it ([`Game::ENGINE`]).
    #[serde(default)]
    pub engine: String,
    /// The game's [`Game::NAME`].
    pub game: String,
    /// The settings the game was created with.
    pub settings: S,
    /// The seed the game was created with.
    pub seed: Seed,
    /// The accepted actions, oldest first.
    pub actions: Vec<Entry<A>>,
    /// The time the record closes, if later than the last action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<GameTime>,
    /// How the game ended; absent while it goes on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<Ending>,
}

impl<S, A> Record<S, A> {
    /// An empty record for game `G`.
    pub fn new<G>(settings: S, seed: Seed) -> Self
    where
        G: Game<Settings = S, Action = A>,
    {
        Record {
            format: RECORD_FORMAT,
            engine: G::ENGINE.to_string(),
            game: G::NAME.to_string(),
            settings,
            seed,
            actions: Vec::new(),
            end: None,
            ending: None,
        }
    }

    /// Appends an accepted action.
    pub fn push(&mut self, seat: Seat, at: GameTime, action: A) {
        self.actions.push(Entry { seat, at, action });
    }
}

/// Why a record does not replay.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ReplayError<E: std::error::Error + 'static> {
    /// The record belongs to another game.
    #[error("this is a record of {found:?}, not of {expected:?}")]
    WrongGame {
        /// The game the replayer expected.
        expected: &'static str,
        /// The game named in the record.
        found: String,
    },
    /// Written by an engine whose games this build cannot promise to
    /// reproduce ([`Game::ENGINE`], [`Game::REPLAYS`]).
    #[error(
        "this record was played by engine {found:?}; this build runs {expected:?}, which may \
         not make the same game of its actions (engines it replays: {expected:?}{also})",
        also = replays.iter().map(|e| format!(", {e:?}")).collect::<String>()
    )]
    Engine {
        /// The record's engine.
        found: String,
        /// This build's engine.
        expected: &'static str,
        /// The earlier engines this build also replays.
        replays: &'static [&'static str],
    },
    /// Written by a later build in a format this one does not know.
    #[error("record format {found} is newer than this build reads ({RECORD_FORMAT})")]
    Format {
        /// The record's format.
        found: u32,
    },
    /// The settings do not make a game.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// Times must never go backwards.
    #[error("action {number} arrives at {at}, before the previous action at {previous}")]
    TimeWentBack {
        /// 1-based position of the action in the record.
        number: usize,
        /// Its arrival time.
        at: GameTime,
        /// The previous action's arrival time.
        previous: GameTime,
    },
    /// An action the rules reject.
    #[error("action {number} ({action}) was rejected: {source}")]
    Rejected {
        /// 1-based position of the action in the record.
        number: usize,
        /// The action, as debug text.
        action: String,
        /// The rules' reason.
        #[source]
        source: E,
    },
    /// An action no game could take: a seat the table does not have, or
    /// an action after the recorded game already ended.
    #[error("action {number} ({action}) was refused: {message}")]
    Refused {
        /// 1-based position of the action in the record.
        number: usize,
        /// The action, as debug text.
        action: String,
        /// Why.
        message: String,
    },
    /// The recorded ending cannot end this game (a draw in a game without
    /// draws, a seat that does not exist, a game already over).
    #[error("the record's ending does not fit: {0}")]
    Ending(String),
}

/// A replayed game: its final state and every event in order.
pub type Replayed<G> = (G, Vec<<G as Game>::Event>);

/// Rebuilds the game a record describes, returning the final state and
/// every event in order. (The work is [`Driver::replay`]'s; this keeps the
/// state only.)
pub fn replay<G: Game>(
    record: &Record<G::Settings, G::Action>,
) -> Result<Replayed<G>, ReplayError<G::Error>> {
    let (driver, events) = Driver::<G>::replay(record)?;
    Ok((driver.into_game(), events))
}
