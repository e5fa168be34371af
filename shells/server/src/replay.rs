//! `GET /api/v1/tables/{id}/replay`: a finished game as frames for the web
//! client's replay viewer. The server steps a fresh game through the
//! stored record with the real rules, so the browser never re-implements
//! one: frame 0 is the start, frame i the table after the record's i-th
//! action (timers fired on the way included), and a last frame for an
//! ending outside the rules (resignation, timeout, abandonment, agreed
//! draw). Views and events are the spectator's: the game is over, and a
//! replay is public, but what a spectator sees is what the game chose to
//! show anyone.

use serde::Serialize;
use serde_json::Value;
use stackyard_core::host::GameKind;
use stackyard_core::{Ending, GameTime, Seat, Seed, ToAct, Viewer};

/// One step of a replay.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Frame {
    /// 0 for the start.
    pub index: usize,
    /// Who acted (None: the start or an ending outside the rules).
    pub seat: Option<Seat>,
    /// The action, as recorded.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub action: Option<Value>,
    /// When it arrived, ms since the table opened.
    pub at_ms: u64,
    /// What a spectator was shown of it.
    #[cfg_attr(feature = "ts", ts(type = "Array<unknown>"))]
    pub events: Vec<Value>,
    /// The table as a spectator sees it afterwards.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub view: Value,
    /// Who may act afterwards.
    pub to_act: ToAct,
}

/// The frames of a stored record (`stackyard_core::Record` as JSON).
pub fn frames(kind: &dyn GameKind, record: &Value) -> Result<Vec<Frame>, String> {
    let settings = record.get("settings").cloned().unwrap_or(Value::Null);
    let seed: Seed = serde_json::from_value(record.get("seed").cloned().unwrap_or(Value::Null))
        .map_err(|e| format!("the record's seed: {e}"))?;
    let mut game = kind.create(&settings, seed).map_err(|e| e.to_string())?;
    let spectator = Viewer::Spectator;
    let mut out = vec![Frame {
        index: 0,
        seat: None,
        action: None,
        at_ms: 0,
        events: Vec::new(),
        view: game.view(spectator),
        to_act: game.to_act(),
    }];
    let entries = record
        .get("actions")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for (i, entry) in entries.iter().enumerate() {
        let seat: Seat = serde_json::from_value(entry.get("seat").cloned().unwrap_or(Value::Null))
            .map_err(|e| format!("action {}: seat: {e}", i + 1))?;
        let at: GameTime =
            serde_json::from_value(entry.get("at").cloned().unwrap_or(Value::from(0)))
                .map_err(|e| format!("action {}: time: {e}", i + 1))?;
        let action = entry.get("action").cloned().unwrap_or(Value::Null);
        let step = game
            .act(seat, &action, at)
            .map_err(|r| format!("action {} was refused on replay: {}", i + 1, r.error))?;
        out.push(Frame {
            index: i + 1,
            seat: Some(seat),
            action: Some(action),
            at_ms: at.as_millis(),
            events: step.for_viewer(spectator).to_vec(),
            view: game.view(spectator),
            to_act: game.to_act(),
        });
    }
    // Timers after the last action (a game timer ringing), then an ending
    // outside the rules, as the record says.
    let end: Option<GameTime> = record
        .get("end")
        .and_then(|v| serde_json::from_value(v.clone()).ok());
    let ending: Option<Ending> = record
        .get("ending")
        .and_then(|v| serde_json::from_value(v.clone()).ok());
    if let Some(end) = end {
        let mut events = game.advance_to(end).for_viewer(spectator).to_vec();
        if let Some(ending) = ending.filter(|e| *e != Ending::Rules)
            && game.ending().is_none()
            && let Ok(step) = game.finish(ending, end)
        {
            events.extend(step.for_viewer(spectator).iter().cloned());
        }
        if !events.is_empty()
            || (game.ending().is_some() && out.last().is_some_and(|f| f.to_act != ToAct::Nobody))
        {
            out.push(Frame {
                index: out.len(),
                seat: None,
                action: None,
                at_ms: end.as_millis(),
                events,
                view: game.view(spectator),
                to_act: game.to_act(),
            });
        }
    }
    Ok(out)
}

/// `GET /api/v1/tables/{id}/replay`: `{table: {id, game, title}, record,
/// frames}`, once the game is over (403 before, like the record).
pub async fn table_replay(
    axum::extract::State(hub): axum::extract::State<std::sync::Arc<crate::tables::Hub>>,
    axum::extract::Path(id): axum::extract::Path<String>,
) -> Result<axum::Json<Value>, crate::protocol::ApiError> {
    use crate::protocol::{ApiError, ErrorKind};
    let stored = hub
        .store
        .record(&id)
        .await
        .map_err(|e| ApiError::new(ErrorKind::Storage, e.to_string()))?;
    let Some(text) = stored else {
        return Err(if hub.table(&id).is_some() {
            ApiError::new(
                ErrorKind::Forbidden,
                "the replay is served once the game is over (its record holds hidden information)",
            )
        } else {
            ApiError::new(ErrorKind::NoSuchTable, format!("there is no table {id:?}"))
        });
    };
    let record: Value = serde_json::from_str(&text).map_err(|e| {
        ApiError::new(
            ErrorKind::Storage,
            format!("a stored record does not parse: {e}"),
        )
    })?;
    let game = record
        .get("game")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let title = hub.registry.get(&game).map(|k| k.title()).ok_or_else(|| {
        ApiError::new(
            ErrorKind::Storage,
            format!("this server does not host {game:?}"),
        )
    })?;
    // Stepping a long record is CPU work: keep it off the async workers.
    let worker = hub.clone();
    let (record, frames) = tokio::task::spawn_blocking(move || {
        let kind = worker.registry.get(&game).expect("looked up above");
        let frames = frames(kind, &record);
        (record, frames)
    })
    .await
    .map_err(|e| ApiError::new(ErrorKind::Storage, e.to_string()))?;
    let frames = frames.map_err(|e| {
        ApiError::new(
            ErrorKind::Storage,
            format!("the record does not replay: {e}"),
        )
    })?;
    Ok(axum::Json(serde_json::json!({
        "table": {"id": id, "game": record.get("game"), "title": title},
        "record": record,
        "frames": frames,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_towers_record_gives_one_frame_per_action_plus_the_start() {
        let registry = stackyard_registry::registry();
        let kind = registry.get("towers").expect("towers is hosted");
        let record = json!({
            "format": 1, "engine": "test", "game": "towers", "settings": "3x3", "seed": 0,
            "actions": [
                {"seat": 0, "at": 0, "action": {"type": "step", "from": "a1", "to": "a2"}},
            ],
            "end": 5, "ending": {"type": "resigned", "seat": 1},
        });
        let frames = frames(kind, &record).expect("the record replays");
        // Start, the move, and the resignation (an ending outside the rules).
        assert_eq!(frames.len(), 3);
        assert_eq!(frames[0].action, None);
        assert_eq!(frames[1].seat, Some(Seat(0)));
        assert_eq!(frames[1].events[0]["type"], "played");
        assert_ne!(frames[0].view, frames[1].view);
        assert_eq!(frames[2].to_act, ToAct::Nobody);
    }

    #[test]
    fn an_illegal_recorded_action_is_reported_not_shown() {
        let registry = stackyard_registry::registry();
        let kind = registry.get("towers").expect("towers is hosted");
        let record = json!({
            "game": "towers", "settings": "3x3", "seed": 0,
            "actions": [{"seat": 1, "at": 0, "action": {"type": "step", "from": "a1", "to": "a2"}}],
        });
        assert!(frames(kind, &record).unwrap_err().contains("action 1"));
    }
}
