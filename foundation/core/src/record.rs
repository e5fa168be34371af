//! Records: a game's seed, settings and timed actions; enough to replay it.

use crate::{Game, GameTime, Seat, Seed, SetupError};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One accepted action, with who took it and when it arrived.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry<A> {
    /// The seat that acted.
    pub seat: Seat,
    /// When the action arrived (turn-based games may leave every entry at 0).
    #[serde(default)]
    pub at: GameTime,
    /// What it did.
    pub action: A,
}

/// Everything needed to reproduce a game: which game, its settings, its
/// seed, every accepted action in the order it was applied and, for games
/// with timers, the time the record ends (so timers that fired after the
/// last action fire again on replay).
///
/// Rejected actions are not recorded: by the [`Game`] contract they changed
/// nothing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record<S, A> {
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
}

impl<S, A> Record<S, A> {
    /// An empty record for game `G`.
    pub fn new<G>(settings: S, seed: Seed) -> Self
    where
        G: Game<Settings = S, Action = A>,
    {
        Record {
            game: G::NAME.to_string(),
            settings,
            seed,
            actions: Vec::new(),
            end: None,
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
}

/// A replayed game: its final state and every event in order.
pub type Replayed<G> = (G, Vec<<G as Game>::Event>);

/// Rebuilds the game a record describes, returning the final state and
/// every event in order.
pub fn replay<G: Game>(
    record: &Record<G::Settings, G::Action>,
) -> Result<Replayed<G>, ReplayError<G::Error>> {
    if record.game != G::NAME {
        return Err(ReplayError::WrongGame {
            expected: G::NAME,
            found: record.game.clone(),
        });
    }
    let mut game = G::new(&record.settings, record.seed)?;
    let mut events = Vec::new();
    let mut previous = GameTime::ZERO;
    for (i, entry) in record.actions.iter().enumerate() {
        if entry.at < previous {
            return Err(ReplayError::TimeWentBack {
                number: i + 1,
                at: entry.at,
                previous,
            });
        }
        previous = entry.at;
        events.extend(game.advance_to(entry.at));
        let applied = game.apply(entry.seat, &entry.action, entry.at);
        events.extend(applied.map_err(|source| ReplayError::Rejected {
            number: i + 1,
            action: format!("{:?}", entry.action),
            source,
        })?);
    }
    if let Some(end) = record.end {
        events.extend(game.advance_to(end.max(previous)));
    }
    Ok((game, events))
}
