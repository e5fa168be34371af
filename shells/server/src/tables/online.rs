//! What an online table may ask the server to compute, checked where the
//! numbers are read (table creation) and again where a stored table comes
//! back (a restart): a clock's start and increment, a bot's level (only
//! the levels the game lists), and a physics game's solver settings (a
//! placement's simulated work is capped tighter online than a local
//! simulation's, since every placement of a table costs the server's
//! cores, not the player's).

use crate::protocol::{ApiError, ClockSpec, ErrorKind};
use serde_json::Value;
use stackyard_core::host::GameKind;

/// The longest a clock may start with: a day.
pub const MAX_CLOCK_INITIAL_MS: u64 = 24 * 3600 * 1000;
/// The most a clock may gain per move: an hour.
pub const MAX_CLOCK_INCREMENT_MS: u64 = 3600 * 1000;

/// Physics solver steps per simulated second an online table may ask for.
pub const MAX_ONLINE_STEP_HZ: f64 = 480.0;
/// Solver substeps per step an online table may ask for.
pub const MAX_ONLINE_SUBSTEPS: u64 = 32;
/// The longest one placement may be simulated online, seconds.
pub const MAX_ONLINE_SETTLE_S: f64 = 10.0;

/// A clock both of whose numbers are in range.
pub fn check_clock(clock: &ClockSpec) -> Result<(), ApiError> {
    if clock.initial_ms == 0 || clock.initial_ms > MAX_CLOCK_INITIAL_MS {
        return Err(ApiError::new(
            ErrorKind::ClockOutOfRange,
            format!(
                "a clock starts with between 1 ms and 24 hours, not {} ms",
                clock.initial_ms
            ),
        ));
    }
    if clock.increment_ms > MAX_CLOCK_INCREMENT_MS {
        return Err(ApiError::new(
            ErrorKind::ClockOutOfRange,
            format!(
                "a clock gains at most one hour a move, not {} ms",
                clock.increment_ms
            ),
        ));
    }
    Ok(())
}

/// Whether `level` is one of those `kind` lists.
pub fn level_is_listed(kind: &dyn GameKind, level: &str) -> bool {
    kind.bot_levels().iter().any(|l| l.name == level)
}

/// Refuses a bot level the game does not list: a free-text level could
/// ask for any budget (`mcts:999999s`).
pub fn check_bot_level(kind: &dyn GameKind, level: &str) -> Result<(), ApiError> {
    if level_is_listed(kind, level) {
        return Ok(());
    }
    let names: Vec<String> = kind.bot_levels().into_iter().map(|l| l.name).collect();
    Err(ApiError::new(
        ErrorKind::UnknownBotLevel,
        format!(
            "{} has no bot level {:?} here; choose one of {}",
            kind.title(),
            shorten(level),
            names.join(", ")
        ),
    ))
}

/// Whether a level's budget is wall time (`alphabeta:1s`, `mcts:500ms`):
/// its work depends on the machine, so hints use a counted budget.
fn is_timed(level: &str) -> bool {
    let Some((_, budget)) = level.rsplit_once(':') else {
        return false;
    };
    let digits = budget
        .strip_suffix("ms")
        .or_else(|| budget.strip_suffix('s'));
    digits.is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
}

/// The strongest listed level whose search has a counted budget (nodes,
/// playouts), not a wall-clock one: the level hints use, and the level a
/// stored bot of an unlisted level plays at instead.
pub fn bounded_level(kind: &dyn GameKind) -> Option<String> {
    let levels = kind.bot_levels();
    levels
        .iter()
        .rev()
        .find(|l| !is_timed(&l.name))
        .or(levels.last())
        .map(|l| l.name.clone())
}

/// Refuses a physics game's settings whose placements would cost more
/// than an online table may: `settings` is the full settings object (the
/// game's record has every default filled in). The game reads its own
/// settings and names each number ([`stackyard_core::about::OnlineCost`]);
/// this only bounds them.
pub fn check_online_settings(kind: &dyn GameKind, settings: &Value) -> Result<(), ApiError> {
    let refuse = |what: String| {
        Err(ApiError::new(
            ErrorKind::SettingsOutOfRange,
            format!("{} online: {what}", kind.title()),
        ))
    };
    let cost = match kind.online_cost(settings) {
        Ok(Some(cost)) => cost,
        Ok(None) => return Ok(()),
        Err(e) => return refuse(e.to_string()),
    };
    let bounds = [
        (&cost.step_hz, MAX_ONLINE_STEP_HZ),
        (&cost.substeps, MAX_ONLINE_SUBSTEPS as f64),
    ]
    .into_iter()
    .chain(cost.simulated_s.iter().map(|k| (k, MAX_ONLINE_SETTLE_S)));
    for (knob, most) in bounds {
        // NaN is out of range too.
        if knob.value.is_nan() || knob.value > most {
            return refuse(format!(
                "{} is at most {most}, not {}",
                knob.key, knob.value
            ));
        }
    }
    // Together: no placement may cost more than the game's own defaults'
    // longest one.
    let work = cost.placement_work();
    let budget = kind
        .online_cost(&kind.default_settings())
        .ok()
        .flatten()
        .map_or(0.0, |c| c.placement_work());
    if work.is_nan() || work > budget {
        return refuse(format!(
            "step_hz × substeps × the longest simulated placement is at most \
             {budget} solver substeps (the default settings' longest placement), not {work}"
        ));
    }
    Ok(())
}

/// A typed string, cut short enough to quote in a message.
fn shorten(text: &str) -> String {
    text.chars().take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wall_clock_budgets_are_told_apart_from_counted_ones() {
        assert!(is_timed("alphabeta:1s"));
        assert!(is_timed("mcts:500ms"));
        assert!(!is_timed("alphabeta:n20000"));
        assert!(!is_timed("mcts:n2000"));
        assert!(!is_timed("greedy"));
        assert!(!is_timed("greedy:300"));
    }

    #[test]
    fn every_hosted_game_has_a_bounded_level_from_its_list() {
        let registry = stackyard_registry::registry();
        for kind in registry.kinds() {
            let level = bounded_level(kind).expect("every game lists a bot");
            assert!(level_is_listed(kind, &level));
            assert!(!is_timed(&level), "{}: {level}", kind.name());
        }
    }
}
