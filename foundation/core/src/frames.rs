//! A record as frames, for replay viewers: the server's replay endpoint and
//! the browser's offline viewer (the WebAssembly shell) both step a fresh
//! game through a stored record with the real rules here, so neither
//! re-implements one. Frame 0 is the start, frame i the table after the
//! record's i-th action (timers fired on the way included), and a last
//! frame for an ending outside the rules (resignation, timeout,
//! abandonment, agreed draw). Views and events are those of one chosen
//! viewer. The record is walked by [`RecordStepper`], so a record of
//! another engine is refused as [`crate::Driver::replay`] refuses it.

use crate::host::GameKind;
use crate::stepper::RecordStepper;
use crate::{ErasedRecord, Seat, ToAct, Viewer};
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
/// not replay (not a record, another engine, an action the rules refuse, …).
pub fn frames(kind: &dyn GameKind, record: &Value, viewer: Viewer) -> Result<Vec<Frame>, String> {
    let record = ErasedRecord::parse(record).map_err(|e| e.to_string())?;
    record_frames(kind, &record, viewer)
}

/// [`frames`] of a record already read.
pub fn record_frames(
    kind: &dyn GameKind,
    record: &ErasedRecord,
    viewer: Viewer,
) -> Result<Vec<Frame>, String> {
    let mut stepper = RecordStepper::start(kind, record).map_err(|e| e.to_string())?;
    if let Viewer::Seat(seat) = viewer
        && seat.index() >= stepper.game().seat_count()
    {
        return Err(format!(
            "there is no seat {} at this table ({} seats)",
            seat.0,
            stepper.game().seat_count()
        ));
    }
    let frame = |index, seat, action, at_ms, events, game: &dyn crate::host::HostedGame| Frame {
        index,
        seat,
        action,
        at_ms,
        events,
        view: game.view(viewer),
        to_act: game.to_act(),
    };
    let mut out = vec![frame(0, None, None, 0, Vec::new(), stepper.game())];
    while let Some(stepped) = stepper.next() {
        let stepped = stepped.map_err(|e| e.to_string())?;
        out.push(frame(
            stepped.number,
            Some(stepped.entry.seat),
            Some(stepped.entry.action.clone()),
            stepped.entry.at.as_millis(),
            stepped.step.for_viewer(viewer).to_vec(),
            stepper.game(),
        ));
    }
    // Timers after the last action (a game timer ringing), then an ending
    // outside the rules, as the record says: one last frame when either
    // shows something.
    let closing = stepper.close().map_err(|e| e.to_string())?;
    let events: Vec<Value> = closing
        .iter()
        .flat_map(|step| step.for_viewer(viewer).iter().cloned())
        .collect();
    let game = stepper.game();
    if let Some(end) = record.end
        && (!events.is_empty()
            || (game.ending().is_some() && out.last().is_some_and(|f| f.to_act != ToAct::Nobody)))
    {
        out.push(frame(out.len(), None, None, end.as_millis(), events, game));
    }
    Ok(out)
}
