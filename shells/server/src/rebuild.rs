//! Rebuilding an unfinished table after a restart with the same version
//! numbers it had: the record alone replays every action, but timers that
//! fired between two actions would then fire inside the later action's
//! step, and the table would count one step fewer. Clients resynchronise
//! from the last version they saw, so the server stores each timer step
//! (its version, the actions before it, its time) and fires it again at
//! the same place.

use crate::store::TimerStepRow;
use serde_json::Value;
use stackyard_core::host::{GameKind, HostedGame};
use stackyard_core::{GameTime, Seat, Seed};

/// The table `record` describes, with `steps` fired where they fired.
pub fn rebuild(
    kind: &dyn GameKind,
    record: &Value,
    steps: &[TimerStepRow],
) -> Result<Box<dyn HostedGame>, String> {
    if steps.is_empty() {
        return kind.replay(record).map_err(|e| e.to_string());
    }
    let settings = record.get("settings").cloned().unwrap_or(Value::Null);
    let seed: Seed = serde_json::from_value(record.get("seed").cloned().unwrap_or(Value::Null))
        .map_err(|e| format!("the record's seed: {e}"))?;
    let mut game = kind.create(&settings, seed).map_err(|e| e.to_string())?;
    let entries = record
        .get("actions")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    let mut pending = steps.iter().peekable();
    let mut fire_until = |game: &mut Box<dyn HostedGame>, actions: u64| {
        while let Some(step) = pending.next_if(|s| s.after_actions <= actions) {
            let fired = game.advance_to(GameTime::from_millis(step.at_ms));
            if fired.version != step.version {
                tracing::warn!(
                    stored = step.version,
                    rebuilt = fired.version,
                    "a timer step rebuilt at another version"
                );
            }
        }
    };
    for (i, entry) in entries.iter().enumerate() {
        fire_until(&mut game, i as u64);
        let seat: Seat = serde_json::from_value(entry.get("seat").cloned().unwrap_or(Value::Null))
            .map_err(|e| format!("action {}: seat: {e}", i + 1))?;
        let at: GameTime =
            serde_json::from_value(entry.get("at").cloned().unwrap_or(Value::from(0)))
                .map_err(|e| format!("action {}: time: {e}", i + 1))?;
        let action = entry.get("action").cloned().unwrap_or(Value::Null);
        game.act(seat, &action, at)
            .map_err(|r| format!("action {} was refused on resume: {}", i + 1, r.error))?;
    }
    fire_until(&mut game, u64::MAX);
    if let Some(end) = record.get("end").and_then(Value::as_u64) {
        game.advance_to(GameTime::from_millis(end));
    }
    Ok(game)
}
