//! A simulation counts what happened as the game is played
//! (`GameKind::simulate`, through `play::simulate_realtime_watched` and
//! `play::play_turns_watched`), not by replaying its record afterwards,
//! which cost a physics game twice (issue #50). Its counts must be the
//! counts of the record's replay: the same events, as a spectator sees
//! them, in the game's words.

use stackyard_core::host::GameKind;
use stackyard_core::stepper::RecordStepper;
use stackyard_core::{ErasedRecord, Seed, Viewer};
use std::collections::BTreeMap;

/// The spectator's events of the record, stepped through a fresh table,
/// tallied in the game's words.
fn replayed_counts(kind: &dyn GameKind, record: &ErasedRecord) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    let mut tally = |events: &[serde_json::Value]| {
        for e in events {
            for (words, n) in kind.tally(e) {
                *counts.entry(words).or_insert(0) += n as usize;
            }
        }
    };
    let mut stepper = RecordStepper::start(kind, record).expect("the record starts");
    while let Some(stepped) = stepper.next() {
        let stepped = stepped.expect("the record replays");
        tally(stepped.step.for_viewer(Viewer::Spectator));
    }
    for step in stepper.close().expect("the record closes") {
        tally(step.for_viewer(Viewer::Spectator));
    }
    counts
}

fn same_counts_as_the_replay(name: &str, seeds: &[u64]) {
    let registry = stackyard_registry::registry();
    let kind = registry.get(name).expect("a registered game");
    let settings = kind.sim_settings();
    let seats = kind
        .create(&settings, Seed(1))
        .expect("the sim settings make a table")
        .seat_count();
    // The Easy bot where there is one (Leaning's first level never places).
    let levels = kind.bot_levels();
    let level = levels
        .iter()
        .find(|l| l.name == "easy")
        .unwrap_or(&levels[0])
        .name
        .clone();
    let levels: Vec<&str> = (0..seats).map(|_| level.as_str()).collect();
    for &seed in seeds {
        let simulated = kind
            .simulate(&settings, &levels, Seed(seed), 20_000)
            .expect("a bot game");
        assert!(simulated.actions > 3, "{name} seed {seed}: a real game");
        assert!(!simulated.events.is_empty(), "{name} seed {seed}: counted");
        let record: serde_json::Value =
            serde_json::from_str(&simulated.record).expect("the record is JSON");
        let record = ErasedRecord::parse(&record).expect("a record");
        assert_eq!(
            simulated.events,
            replayed_counts(kind, &record),
            "{name} seed {seed}: counted as played, counted on replay"
        );
    }
}

#[test]
fn turn_based_games_count_as_their_replay() {
    same_counts_as_the_replay("towers", &[1, 2]);
    same_counts_as_the_replay("babel", &[1, 2, 3]);
}

#[test]
fn turnless_games_count_as_their_replay() {
    same_counts_as_the_replay("icetowers", &[1, 2]);
    same_counts_as_the_replay("speedy", &[1]);
}

#[test]
fn leaning_towers_counts_as_its_replay() {
    same_counts_as_the_replay("leaning", &[1]);
}
