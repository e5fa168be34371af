//! Records: a game's seed, settings and timed actions; enough to replay it.

use crate::{Game, GameTime, Seat, Seed, SetupError};
use serde::{Deserialize, Serialize};
use serde_json::Value;
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

/// A record of any game with its settings and actions left as JSON: how a
/// host holds a record before it knows the game's types (a stored table, a
/// file, a download). Read one with [`ErasedRecord::parse`] and check it
/// against a game with [`Provenance::check`]; nothing outside this module
/// reads a record by key.
pub type ErasedRecord = Record<Value, Value>;

/// Why a JSON value is not a record at all.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct NotARecord(pub String);

impl ErasedRecord {
    /// The record in `value`, with every field of the right type (settings
    /// and actions are left as JSON for the game to read). An error names
    /// the field that is wrong.
    pub fn parse(value: &Value) -> Result<ErasedRecord, NotARecord> {
        let Value::Object(fields) = value else {
            return Err(NotARecord("a record is a JSON object".into()));
        };
        fn field<T: serde::de::DeserializeOwned>(
            fields: &serde_json::Map<String, Value>,
            name: &str,
            missing: Option<T>,
        ) -> Result<T, NotARecord> {
            match (fields.get(name), missing) {
                (None | Some(Value::Null), Some(default)) => Ok(default),
                (None, None) => Err(NotARecord(format!("the record's {name} is missing"))),
                (Some(value), _) => T::deserialize(value)
                    .map_err(|e| NotARecord(format!("the record's {name}: {e}"))),
            }
        }
        Ok(Record {
            format: field(fields, "format", Some(first_format()))?,
            engine: field(fields, "engine", Some(String::new()))?,
            game: field(fields, "game", None)?,
            settings: fields.get("settings").cloned().unwrap_or(Value::Null),
            seed: field(fields, "seed", None)?,
            actions: field(fields, "actions", Some(Vec::new()))?,
            end: field(fields, "end", Some(None))?,
            ending: field(fields, "ending", Some(None))?,
        })
    }

    /// The record as JSON, as it is stored and served.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("a record of JSON values serialises")
    }
}

/// Which records a build replays as the game they were played as: the
/// game's name, the engine it runs and the earlier engines known to make
/// the same game of the same actions ([`Game::ENGINE`], [`Game::REPLAYS`]).
/// Every path that steps a record through the rules (a typed replay, the
/// frames of a replay viewer, a table rebuilt after a restart) makes this
/// one check first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Provenance {
    /// [`Game::NAME`].
    pub game: &'static str,
    /// [`Game::ENGINE`].
    pub engine: &'static str,
    /// [`Game::REPLAYS`].
    pub replays: &'static [&'static str],
}

/// Why a record is not one this build may replay.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProvenanceError {
    /// The record belongs to another game.
    #[error("this is a record of {found:?}, not of {expected:?}")]
    WrongGame {
        /// The game the replayer expected.
        expected: &'static str,
        /// The game named in the record.
        found: String,
    },
    /// Written by an engine whose games this build cannot promise to
    /// reproduce.
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
}

impl Provenance {
    /// The provenance game `G` replays.
    pub fn of<G: Game>() -> Provenance {
        Provenance {
            game: G::NAME,
            engine: G::ENGINE,
            replays: G::REPLAYS,
        }
    }

    /// Whether `record` may be replayed as this game: its game, its engine
    /// (a record naming none is taken as this engine's, as the earliest
    /// records were written) and its format.
    pub fn check<S, A>(&self, record: &Record<S, A>) -> Result<(), ProvenanceError> {
        if record.game != self.game {
            return Err(ProvenanceError::WrongGame {
                expected: self.game,
                found: record.game.clone(),
            });
        }
        let engine = record.engine.as_str();
        if !engine.is_empty() && engine != self.engine && !self.replays.contains(&engine) {
            return Err(ProvenanceError::Engine {
                found: record.engine.clone(),
                expected: self.engine,
                replays: self.replays,
            });
        }
        if record.format > RECORD_FORMAT {
            return Err(ProvenanceError::Format {
                found: record.format,
            });
        }
        Ok(())
    }
}

/// Why a record does not replay.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ReplayError<E: std::error::Error + 'static> {
    /// The record is not one of this game and engine ([`Provenance`]).
    #[error(transparent)]
    Provenance(#[from] ProvenanceError),
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
