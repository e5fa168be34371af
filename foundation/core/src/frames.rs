//! A record as frames, for replay viewers: the server's replay endpoint and
//! the browser's offline viewer (the WebAssembly shell) both step a fresh
//! game through a stored record with the real rules here, so neither
//! re-implements one. Frame 0 is the start, frame i the table after the
//! record's i-th action (timers fired on the way included), and a last
//! frame for an ending outside the rules (resignation, timeout,
//! abandonment, agreed draw). Views and events are those of one chosen
//! viewer.

use crate::host::GameKind;
use crate::{Ending, GameTime, Seat, Seed, ToAct, Viewer};
use serde::Serialize;
use serde_json::Value;

/// One step of a replay.
#[derive(Debug, Clone, PartialEq, Serialize)]
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
    /// What the viewer was shown of it.
    #[cfg_attr(feature = "ts", ts(type = "Array<unknown>"))]
    pub events: Vec<Value>,
    /// The table as the viewer sees it afterwards.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub view: Value,
    /// Who may act afterwards.
    pub to_act: ToAct,
}

/// The frames of a record (`stackyard_core::Record` as JSON) of game
/// `kind`, as `viewer` sees them. An error names the first thing that does
/// not replay (a missing seed, an action the rules refuse, …).
pub fn frames(kind: &dyn GameKind, record: &Value, viewer: Viewer) -> Result<Vec<Frame>, String> {
    if !record.is_object() {
        return Err("a record is a JSON object".into());
    }
    let settings = record.get("settings").cloned().unwrap_or(Value::Null);
    let seed: Seed = serde_json::from_value(record.get("seed").cloned().unwrap_or(Value::Null))
        .map_err(|e| format!("the record's seed: {e}"))?;
    let mut game = kind.create(&settings, seed).map_err(|e| e.to_string())?;
    if let Viewer::Seat(seat) = viewer
        && seat.index() >= game.seat_count()
    {
        return Err(format!(
            "there is no seat {} at this table ({} seats)",
            seat.0,
            game.seat_count()
        ));
    }
    let mut out = vec![Frame {
        index: 0,
        seat: None,
        action: None,
        at_ms: 0,
        events: Vec::new(),
        view: game.view(viewer),
        to_act: game.to_act(),
    }];
    let entries = match record.get("actions") {
        None => &Vec::new(),
        Some(Value::Array(entries)) => entries,
        Some(_) => return Err("the record's actions are not a list".into()),
    };
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
            events: step.for_viewer(viewer).to_vec(),
            view: game.view(viewer),
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
        let mut events = game.advance_to(end).for_viewer(viewer).to_vec();
        if let Some(ending) = ending.filter(|e| *e != Ending::Rules)
            && game.ending().is_none()
            && let Ok(step) = game.finish(ending, end)
        {
            events.extend(step.for_viewer(viewer).iter().cloned());
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
                view: game.view(viewer),
                to_act: game.to_act(),
            });
        }
    }
    Ok(out)
}
