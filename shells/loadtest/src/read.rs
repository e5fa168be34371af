//! Reading a server message without building its game payloads.
//!
//! The load test reads every message the server sends (a spectator's
//! included), so how it reads one is most of its cost. Read as the typed
//! [`ServerMessage`] (a tagged enum), serde first buffers the message's
//! whole content, building every view and event as a tree, then writes the
//! view back out as text: 1.8 times the CPU of the generator before it
//! (`docs/benchmarks.md`). [`read`] reads the same fields, typed by the
//! same definitions ([`ToAct`], [`Outcome`], [`ErrorKind`],
//! [`TableSummary`]), from one plain struct: the view is borrowed as raw
//! JSON text (checked, never built), the events and clocks are skipped
//! unbuilt. The tests below hold it to [`ServerMessage`]: every variant
//! the server writes reads the same through both.
//!
//! [`ServerMessage`]: stackyard_server::protocol::ServerMessage

use serde::Deserialize;
use serde_json::value::RawValue;
use stackyard_core::{Outcome, ToAct};
use stackyard_server::protocol::{ErrorKind, TableSummary};
use std::borrow::Cow;

/// The fields of a `ServerMessage` the load test acts on, as one plain
/// struct (a field a variant lacks is `None`; unknown fields are skipped
/// without being built).
#[derive(Deserialize)]
struct Fields<'a> {
    #[serde(rename = "type", borrow)]
    message_type: Cow<'a, str>,
    id: Option<u64>,
    version: Option<u64>,
    #[serde(borrow)]
    view: Option<&'a RawValue>,
    to_act: Option<ToAct>,
    outcome: Option<Outcome>,
    table: Option<TableSummary>,
    kind: Option<ErrorKind>,
}

/// A server message as the load test reads it.
#[derive(Debug)]
pub(crate) enum Read<'a> {
    /// `welcome`.
    Welcome {
        table: TableSummary,
        view: &'a RawValue,
        to_act: ToAct,
        over: bool,
    },
    /// `step`; `over` when it ended the game.
    Step {
        view: &'a RawValue,
        to_act: ToAct,
        over: bool,
    },
    /// `ack` of request `id` (its version checked present).
    Ack { id: u64 },
    /// `error`.
    Error { kind: ErrorKind },
    /// `table`.
    Table { table: TableSummary },
    /// `draw_offered`, `hint`, `pong`: nothing the load test acts on.
    Other,
}

/// Reads a server message; `None` if it is not one the server sends (an
/// unknown type, or a variant without a field it always has).
pub(crate) fn read(text: &str) -> Option<Read<'_>> {
    let f: Fields = serde_json::from_str(text).ok()?;
    Some(match f.message_type.as_ref() {
        "welcome" => Read::Welcome {
            table: f.table?,
            view: f.view?,
            to_act: f.to_act?,
            over: f.outcome.is_some(),
        },
        "step" => Read::Step {
            view: f.view?,
            to_act: f.to_act?,
            over: f.outcome.is_some(),
        },
        "ack" => {
            f.version?;
            Read::Ack { id: f.id? }
        }
        "error" => Read::Error { kind: f.kind? },
        "table" => Read::Table { table: f.table? },
        "draw_offered" | "hint" | "pong" => Read::Other,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use stackyard_core::{Ending, Seat, Viewer};
    use stackyard_server::protocol::{ClockState, GameJson, ServerMessage};

    fn summary() -> TableSummary {
        serde_json::from_value(json!({
            "id": "t1", "game": "towers", "title": "Towers", "status": "playing",
            "settings": "8x8", "seats": [], "created_at": 1, "version": 3,
            "actions": 3, "rated": false
        }))
        .unwrap_or_else(|e| panic!("a table summary for the test: {e}"))
    }

    fn view() -> GameJson {
        GameJson::from_text(r#"{"board":[[1,2],[3,{"x":"é\"s"}]],"n":null}"#.into()).unwrap()
    }

    /// Every variant the server writes, written as the server writes it.
    fn every_message() -> Vec<ServerMessage> {
        let outcome = Outcome {
            scores: vec![1, 0],
            winners: vec![Seat(0)],
        };
        let clocks = Some(vec![ClockState {
            remaining_ms: 5,
            running: true,
        }]);
        vec![
            ServerMessage::Welcome {
                protocol: 1,
                table: summary(),
                viewer: Viewer::Seat(Seat(1)),
                version: 3,
                view: view(),
                to_act: ToAct::Seat(Seat(1)),
                clocks: clocks.clone(),
                now_ms: 10,
                draw_offered_by: None,
                ended: None,
                outcome: None,
                abandon_after_ms: 60_000,
                past: vec![],
            },
            ServerMessage::Welcome {
                protocol: 1,
                table: summary(),
                viewer: Viewer::Spectator,
                version: 9,
                view: view(),
                to_act: ToAct::Nobody,
                clocks: None,
                now_ms: 10,
                draw_offered_by: Some(Seat(0)),
                ended: Some(Ending::Rules),
                outcome: Some(outcome.clone()),
                abandon_after_ms: 0,
                past: vec![stackyard_server::protocol::PastStep {
                    version: 2,
                    events: vec![json!({"moved": [0, 1]})],
                }],
            },
            ServerMessage::Step {
                version: 4,
                events: vec![json!({"moved": [1, 2]}), json!("x")],
                view: view(),
                to_act: ToAct::AnySeat,
                clocks: clocks.clone(),
                ended: None,
                outcome: None,
            },
            ServerMessage::Step {
                version: 5,
                events: vec![],
                view: view(),
                to_act: ToAct::Nobody,
                clocks,
                ended: Some(Ending::Rules),
                outcome: Some(outcome),
            },
            ServerMessage::Ack { id: 7, version: 4 },
            ServerMessage::Error {
                id: Some(7),
                kind: ErrorKind::Rule,
                rule: Some("T7".into()),
                message: "that tower is not yours".into(),
            },
            ServerMessage::Error {
                id: None,
                kind: ErrorKind::Protocol,
                rule: None,
                message: "say hello first".into(),
            },
            ServerMessage::Table { table: summary() },
            ServerMessage::DrawOffered { seat: Seat(1) },
            ServerMessage::Hint {
                id: 2,
                action: Some(json!({"from": 1})),
                text: "a hint".into(),
            },
            ServerMessage::Pong { id: 3 },
        ]
    }

    fn same_view(raw: &RawValue, typed: &GameJson) -> bool {
        serde_json::from_str::<serde_json::Value>(raw.get()).ok() == Some(typed.value())
    }

    #[test]
    fn reads_every_server_message_as_the_typed_enum_does() {
        for message in every_message() {
            let text = serde_json::to_string(&message).unwrap();
            let typed: ServerMessage = serde_json::from_str(&text).unwrap();
            let read = read(&text).unwrap_or_else(|| panic!("unreadable: {text}"));
            let ok = match (&typed, &read) {
                (
                    ServerMessage::Welcome {
                        table,
                        view,
                        to_act,
                        outcome,
                        ..
                    },
                    Read::Welcome {
                        table: t,
                        view: v,
                        to_act: a,
                        over,
                    },
                ) => {
                    t.id == table.id
                        && t.status == table.status
                        && same_view(v, view)
                        && a == to_act
                        && *over == outcome.is_some()
                }
                (
                    ServerMessage::Step {
                        view,
                        to_act,
                        outcome,
                        ..
                    },
                    Read::Step {
                        view: v,
                        to_act: a,
                        over,
                    },
                ) => same_view(v, view) && a == to_act && *over == outcome.is_some(),
                (ServerMessage::Ack { id, .. }, Read::Ack { id: i }) => i == id,
                (ServerMessage::Error { kind, .. }, Read::Error { kind: k }) => k == kind,
                (ServerMessage::Table { table }, Read::Table { table: t }) => {
                    t.id == table.id && t.seats.len() == table.seats.len()
                }
                (
                    ServerMessage::DrawOffered { .. }
                    | ServerMessage::Hint { .. }
                    | ServerMessage::Pong { .. },
                    Read::Other,
                ) => true,
                _ => false,
            };
            assert!(ok, "{text} read as {read:?}");
        }
    }

    #[test]
    fn refuses_what_the_server_never_sends() {
        for text in [
            r#"{"type":"sneeze"}"#,
            r#"{"type":"step","version":1,"to_act":{"type":"nobody"}}"#,
            r#"{"type":"ack","id":1}"#,
            r#"{"type":"error","message":"no kind"}"#,
            r#"{"type":"step","version":1,"view":{"a":,"to_act":{"type":"nobody"}}"#,
            r#"{"id":1,"version":2}"#,
            "not json",
        ] {
            assert!(read(text).is_none(), "{text} was read");
        }
    }
}
