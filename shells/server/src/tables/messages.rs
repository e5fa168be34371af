//! What a table says to its connections, as the typed
//! [`ServerMessage`]: each message is serialised once per kind of viewer
//! (once for all when the game's views are public) and shared by every
//! connection of that viewer; views go in as the game wrote them
//! ([`GameJson`], a raw JSON value), never rebuilt.

use super::core::TableCore;
use crate::protocol::{
    ApiError, ClockState, GameJson, PROTOCOL, PastStep, ServerMessage, TableSummary,
};
use axum::extract::ws::Utf8Bytes;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use stackyard_core::host::HostStep;
use stackyard_core::{DrawAnswer, Ending, GameTime, Outcome, Seat, ToAct, Viewer};

/// Writes a message out. Server messages are plain data: serialising one
/// cannot fail.
pub fn text(message: &ServerMessage) -> Utf8Bytes {
    serde_json::to_string(message)
        .expect("server messages serialise to JSON")
        .into()
}

/// The welcome's fields but the table, the viewer and the view: what is
/// stored of a finished table to welcome its late comers (`final_state`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Head {
    /// Steps so far.
    pub version: u64,
    /// Who may act.
    pub to_act: ToAct,
    /// Each seat's clock, for tables with a clock.
    pub clocks: Option<Vec<ClockState>>,
    /// Game time now, ms.
    pub now_ms: u64,
    /// The seat whose draw offer stands.
    pub draw_offered_by: Option<Seat>,
    /// How the game ended, once over.
    pub ended: Option<Ending>,
    /// The result, once over.
    pub outcome: Option<Outcome>,
    /// How long a seat may stay away before the game ends as abandoned, ms
    /// (0 in a final state stored before it was kept: that game is over).
    #[serde(default)]
    pub abandon_after_ms: u64,
}

impl Head {
    /// The table's head at `now`.
    pub fn of(core: &TableCore, now: GameTime) -> Head {
        let game = core.game();
        Head {
            version: game.version(),
            to_act: game.to_act(),
            clocks: core.clock_states(now),
            now_ms: now.as_millis(),
            draw_offered_by: core.draw_offer(),
            ended: game.ending(),
            outcome: game.outcome(),
            abandon_after_ms: core.abandon_after_ms(),
        }
    }

    /// The welcome for `viewer` of `table`, with its `view` and what it
    /// received of the steps so far.
    pub fn welcome(
        self,
        table: TableSummary,
        viewer: Viewer,
        view: GameJson,
        past: Vec<PastStep>,
    ) -> ServerMessage {
        ServerMessage::Welcome {
            protocol: PROTOCOL,
            table,
            viewer,
            version: self.version,
            view,
            to_act: self.to_act,
            clocks: self.clocks,
            now_ms: self.now_ms,
            draw_offered_by: self.draw_offered_by,
            ended: self.ended,
            outcome: self.outcome,
            abandon_after_ms: self.abandon_after_ms,
            past,
        }
    }
}

/// `viewer`'s welcome to a live table at `now`.
pub fn welcome(core: &TableCore, table: TableSummary, viewer: Viewer, now: GameTime) -> Utf8Bytes {
    let view = GameJson(core.game().view_raw(viewer));
    let past = core.past().for_viewer(viewer);
    text(&Head::of(core, now).welcome(table, viewer, view, past))
}

/// One step's message for each kind of viewer in `viewers` (each written
/// once; with public views, one message for everyone).
pub fn step_texts(
    core: &TableCore,
    step: &HostStep,
    now: GameTime,
    viewers: impl IntoIterator<Item = Viewer>,
) -> Vec<(Viewer, Utf8Bytes)> {
    let game = core.game();
    let public = game.views_are_public();
    let clocks = core.clock_states(now);
    let mut texts: Vec<(Viewer, Utf8Bytes)> = Vec::new();
    for viewer in viewers {
        if texts.iter().any(|(v, _)| public || *v == viewer) {
            continue;
        }
        let message = ServerMessage::Step {
            version: step.version,
            events: step.for_viewer(viewer).to_vec(),
            view: GameJson(game.view_raw(viewer)),
            to_act: game.to_act(),
            clocks: clocks.clone(),
            ended: step.ended,
            outcome: game.outcome(),
        };
        texts.push((viewer, text(&message)));
    }
    texts
}

/// The request `id` is committed at `version`.
pub fn ack(id: u64, version: u64) -> Utf8Bytes {
    text(&ServerMessage::Ack { id, version })
}

/// The request `id` (if any) is refused.
pub fn error(id: Option<u64>, error: &ApiError) -> Utf8Bytes {
    text(&ServerMessage::Error {
        id,
        kind: error.kind,
        rule: error.rule.map(str::to_string),
        message: error.message.clone(),
    })
}

/// The table changed (a seat taken, the game started, a seat's holder
/// came or went).
pub fn table(summary: TableSummary) -> Utf8Bytes {
    text(&ServerMessage::Table { table: summary })
}

/// `seat` offered a draw.
pub fn draw_offered(seat: Seat) -> Utf8Bytes {
    text(&ServerMessage::DrawOffered { seat })
}

/// The bot at `seat` answered the draw `offered_by` offered.
pub fn draw_answered(seat: Seat, offered_by: Seat, answer: DrawAnswer) -> Utf8Bytes {
    text(&ServerMessage::DrawAnswered {
        seat,
        offered_by,
        accepts: answer.accepts,
        standing: answer.standing,
    })
}

/// The answer to hint `id`.
pub fn hint(id: u64, action: Option<Value>) -> Utf8Bytes {
    let text_for_people = if action.is_some() {
        "the server's strongest bot would play this"
    } else {
        "no suggestion"
    };
    text(&ServerMessage::Hint {
        id,
        action,
        text: text_for_people.to_string(),
    })
}

/// The answer to ping `id`.
pub fn pong(id: u64) -> Utf8Bytes {
    text(&ServerMessage::Pong { id })
}
