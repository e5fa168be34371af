//! Rebuilding an unfinished table after a restart with the same version
//! numbers it had: the record alone replays every action, but timers that
//! fired between two actions would then fire inside the later action's
//! step, and the table would count one step fewer. Clients resynchronise
//! from the last version they saw, so the server stores each timer step
//! (its version, the actions before it, its time) and fires it again at
//! the same place. The record is walked by core's one checked replay path
//! (`RecordStepper`): a record of an engine this build does not replay is
//! refused, naming both engines, and the table keeps its record's engine.

use crate::store::TimerStepRow;
use serde_json::Value;
use stackyard_core::host::{GameKind, HostStep, HostedGame};
use stackyard_core::stepper::RecordStepper;
use stackyard_core::{ErasedRecord, GameTime};

/// The table `record` describes, with `steps` fired where they fired.
pub fn rebuild(
    kind: &dyn GameKind,
    record: &Value,
    steps: &[TimerStepRow],
) -> Result<Box<dyn HostedGame>, String> {
    rebuild_with_past(kind, record, steps).map(|(game, _)| game)
}

/// As [`rebuild`], with every step the rebuild took, in order: the steps
/// the table had taken, which its welcome tells (`tables/past.rs`).
pub fn rebuild_with_past(
    kind: &dyn GameKind,
    record: &Value,
    steps: &[TimerStepRow],
) -> Result<(Box<dyn HostedGame>, Vec<HostStep>), String> {
    let record = ErasedRecord::parse(record).map_err(|e| e.to_string())?;
    let mut stepper = RecordStepper::start(kind, &record).map_err(|e| e.to_string())?;
    let mut pending = steps.iter().peekable();
    let mut past: Vec<HostStep> = Vec::new();
    let mut fire_until = |game: &mut dyn HostedGame, actions: u64, past: &mut Vec<HostStep>| {
        while let Some(step) = pending.next_if(|s| s.after_actions <= actions) {
            let fired = game.advance_to(GameTime::from_millis(step.at_ms));
            if fired.version != step.version {
                tracing::warn!(
                    stored = step.version,
                    rebuilt = fired.version,
                    "a timer step rebuilt at another version"
                );
            }
            past.push(fired);
        }
    };
    loop {
        let applied = stepper.applied() as u64;
        fire_until(stepper.game_mut(), applied, &mut past);
        match stepper.next() {
            None => break,
            Some(stepped) => {
                past.push(stepped.map_err(|e| format!("on resume: {e}"))?.step);
            }
        }
    }
    fire_until(stepper.game_mut(), u64::MAX, &mut past);
    // An unfinished table's record has no ending; `close` fires the timers
    // up to the record's end.
    past.extend(stepper.close().map_err(|e| e.to_string())?);
    Ok((stepper.into_game(), past))
}

#[cfg(test)]
mod tests {
    use super::*;
    use stackyard_core::Seed;

    /// A fresh IceTowers table's record (a game with timers), as stored.
    fn icetowers_record(engine: &str) -> Value {
        let registry = stackyard_registry::registry();
        let kind = registry.get("icetowers").expect("icetowers is hosted");
        let game = kind
            .create(&kind.default_settings(), Seed(3))
            .expect("default settings make a game");
        let mut record = game.record();
        record["engine"] = engine.into();
        record
    }

    #[test]
    fn a_restart_refuses_a_record_of_another_engine_naming_both() {
        let registry = stackyard_registry::registry();
        let kind = registry.get("icetowers").unwrap();
        let steps = [TimerStepRow {
            version: 1,
            after_actions: 0,
            at_ms: 1000,
        }];
        for steps in [&steps[..], &[]] {
            let error = rebuild(kind, &icetowers_record("icetowers-0"), steps)
                .err()
                .expect("another engine's record is refused");
            assert!(
                error.contains("\"icetowers-0\"")
                    && error.contains(&format!("{:?}", kind.engine())),
                "{error}"
            );
        }
    }

    #[test]
    fn a_table_resumed_with_timer_steps_keeps_its_records_engine() {
        // Before one replay path, a table with stored timer steps was
        // rebuilt from a fresh game and relabelled with this build's engine.
        let registry = stackyard_registry::registry();
        let kind = registry.get("icetowers").unwrap();
        let older = kind.provenance().replays[0];
        let steps = [TimerStepRow {
            version: 1,
            after_actions: 0,
            at_ms: 1000,
        }];
        let game = rebuild(kind, &icetowers_record(older), &steps).expect("it resumes");
        assert_eq!(game.record()["engine"], older);
    }
}
