//! What the server sends a WebSocket client: [`ServerMessage`], its clocks,
//! and [`GameJson`], a game's view carried as the game wrote it.

use super::{ErrorKind, TableSummary};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use stackyard_core::{Ending, Outcome, Seat, Standing, ToAct, Viewer};

/// A game's JSON as the game wrote it (a view), carried verbatim: written
/// once per viewer kind, never rebuilt as a `Value` on its way out. Read
/// back (a client, a test) it is parsed like any JSON.
#[derive(Debug, Clone)]
pub struct GameJson(pub Box<serde_json::value::RawValue>);

impl GameJson {
    /// JSON text already written (by the game's own serialiser).
    pub fn from_text(text: String) -> Result<Self, serde_json::Error> {
        serde_json::value::RawValue::from_string(text).map(GameJson)
    }

    /// The text.
    pub fn get(&self) -> &str {
        self.0.get()
    }

    /// Parsed, for readers.
    pub fn value(&self) -> Value {
        serde_json::from_str(self.0.get()).unwrap_or(Value::Null)
    }
}

impl Serialize for GameJson {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de> Deserialize<'de> for GameJson {
    /// Through a `Value`: a raw value cannot be read from inside a tagged
    /// enum, whose content serde buffers first.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(d)?;
        serde_json::value::to_raw_value(&value)
            .map(GameJson)
            .map_err(serde::de::Error::custom)
    }
}

/// A message from the server to a WebSocket client, the only shapes the
/// server sends (`shells/server/src/tables/messages.rs` writes them; every
/// server test reads each message it receives as a `ServerMessage`). Game
/// payloads (views, events, actions) are the game's own JSON.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ServerMessage {
    /// The answer to `hello`: everything to draw the table from scratch.
    Welcome {
        /// [`super::PROTOCOL`].
        protocol: u32,
        /// The table.
        table: TableSummary,
        /// Who this connection is.
        viewer: Viewer,
        /// Steps so far.
        version: u64,
        /// The game's view for this viewer.
        #[cfg_attr(feature = "ts", ts(type = "unknown"))]
        view: GameJson,
        /// Who may act.
        to_act: ToAct,
        /// Each seat's clock, for tables with a clock.
        clocks: Option<Vec<ClockState>>,
        /// Game time now, ms since the table opened.
        now_ms: u64,
        /// The seat whose draw offer stands.
        draw_offered_by: Option<Seat>,
        /// How the game ended, once over.
        ended: Option<Ending>,
        /// The result, once over.
        outcome: Option<Outcome>,
        /// How long a seat may stay without a connection before the game
        /// ends as abandoned, ms (the server's setting; the client says it
        /// to a player whose opponent is away, and never restates it).
        abandon_after_ms: u64,
        /// Every earlier step's events as this viewer received them,
        /// oldest first (steps with none left out): a client draws what it
        /// keeps of the game's course (the last move, the move list) from
        /// them, so a reload shows the table as it was. Empty for a table
        /// finished before they were kept.
        #[serde(default)]
        past: Vec<PastStep>,
    },
    /// After every accepted action, fired timer and ending.
    Step {
        /// The version this step made.
        version: u64,
        /// The events this viewer may see.
        #[cfg_attr(feature = "ts", ts(type = "Array<unknown>"))]
        events: Vec<Value>,
        /// The game's view for this viewer afterwards.
        #[cfg_attr(feature = "ts", ts(type = "unknown"))]
        view: GameJson,
        /// Who may act now.
        to_act: ToAct,
        /// Each seat's clock, for tables with a clock.
        clocks: Option<Vec<ClockState>>,
        /// How the game ended, if this step ended it.
        ended: Option<Ending>,
        /// The result, once over.
        outcome: Option<Outcome>,
    },
    /// The request `id` is durably committed.
    Ack {
        /// The client's id.
        id: u64,
        /// The version it made.
        version: u64,
    },
    /// The request was refused; nothing changed.
    Error {
        /// The client's id, when the request had one.
        id: Option<u64>,
        /// What kind of error.
        kind: ErrorKind,
        /// The rule id, when the rules refused.
        rule: Option<String>,
        /// A sentence naming the problem.
        message: String,
    },
    /// A seat was taken, the game started, a rematch was opened, or a
    /// seat's holder came or went (its `connected`).
    Table {
        /// The table now.
        table: TableSummary,
    },
    /// A seat offered a draw.
    DrawOffered {
        /// Who.
        seat: Seat,
    },
    /// A bot answered the draw offered to it, at once (T-8): accepted
    /// (the step ending the game follows) or declined (the offer is gone).
    DrawAnswered {
        /// The bot's seat.
        seat: Seat,
        /// The seat that offered it.
        offered_by: Seat,
        /// Whether it accepted.
        accepts: bool,
        /// How it judged its seat, when it could.
        standing: Option<Standing>,
    },
    /// The answer to `hint`.
    Hint {
        /// The client's id.
        id: u64,
        /// The suggested action (the game's action JSON), if any.
        #[cfg_attr(feature = "ts", ts(type = "unknown"))]
        action: Option<Value>,
        /// A sentence for people.
        text: String,
    },
    /// The answer to `ping`.
    Pong {
        /// The client's id.
        id: u64,
    },
}

/// One earlier step in a `welcome`: its version and the events this
/// viewer received with it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PastStep {
    /// The version the step made.
    pub version: u64,
    /// The events this viewer may see.
    #[cfg_attr(feature = "ts", ts(type = "Array<unknown>"))]
    pub events: Vec<Value>,
}

/// One seat's clock in `welcome` and `step`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ClockState {
    /// Time left, ms.
    pub remaining_ms: i64,
    /// Whether it is running down now.
    pub running: bool,
}
