//! Every registered game, hosted through the type-erased contract alone:
//! created from JSON settings, played to the end by bots (in simulated real
//! time, so turnless games race), its record stored as JSON text and
//! replayed to the same outcome and the same final views.

use serde_json::Value;
use stackyard_core::host::{GameKind, HostedBot, HostedGame};
use stackyard_core::schedule::BotSchedule;
use stackyard_core::{Decision, GameTime, Seat, Seed, ToAct, Viewer};

/// Plays a hosted table with one bot per seat, knowing nothing of the
/// game but whether it is `turnless` (checked against who may act at every
/// moment: a host offers clocks by it), paced by the one bot schedule every
/// host uses ([`BotSchedule`]): timers fire at their deadlines first, then
/// the earliest action in flight arrives. Returns the number of accepted
/// actions.
fn play(table: &mut dyn HostedGame, bots: &mut [Box<dyn HostedBot>], turnless: bool) -> usize {
    let n = bots.len();
    let mut schedule: BotSchedule<Value> = BotSchedule::new(bots.iter().map(|_| true));
    let mut now = GameTime::ZERO;
    let mut accepted = 0;
    for _ in 0..200_000 {
        if table.to_act() == ToAct::Nobody {
            return accepted;
        }
        assert_eq!(
            table.to_act() == ToAct::AnySeat,
            turnless,
            "{}: Game::TURNLESS says {turnless}, but to_act is {:?}",
            table.name(),
            table.to_act()
        );
        for seat in schedule.to_look(now, table.to_act()) {
            let viewer = Viewer::Seat(seat);
            // Bots read the view a server writes out as text.
            let view: Value =
                serde_json::from_str(&table.view_text(viewer)).expect("a view written out is JSON");
            // Both through the same text and parser: serde_json's parser may
            // differ from the f64 it printed in the last bit.
            let reference: Value =
                serde_json::from_str(&table.view(viewer).to_string()).expect("a view is JSON");
            assert_eq!(view, reference, "view_text is the view");
            if table.views_are_public() {
                for other in Viewer::all(n) {
                    assert_eq!(
                        table.view_text(other),
                        table.view_text(viewer),
                        "{}: public views are the same for every viewer",
                        table.name()
                    );
                }
            }
            let decision = bots[seat.index()]
                .decide(&view, now)
                .expect("a bot reads its own view")
                .map(|d| Decision {
                    action: d.action,
                    think_ms: d.think_ms,
                });
            schedule.decided(seat, now, now, decision);
        }
        let due = schedule.next_due(table.to_act());
        let step = match (table.next_deadline(), due) {
            (Some(d), due) if due.is_none_or(|t| d <= t) => {
                now = d;
                table.advance_to(d)
            }
            (_, Some(t)) => {
                now = now.max(t);
                let Some((seat, at, action)) = schedule.take_due(now) else {
                    continue;
                };
                match table.act(seat, &action, at) {
                    Ok(step) => {
                        accepted += 1;
                        schedule.arrived(seat, at, false);
                        if table.views_are_public() {
                            for d in &step.deliveries {
                                assert_eq!(
                                    d.events,
                                    step.deliveries[0].events,
                                    "{}: public events are the same for every viewer",
                                    table.name()
                                );
                            }
                        }
                        step
                    }
                    Err(refusal) => {
                        // The player reads the game's own sentence, the
                        // rule apart; a log keeps the engine's account.
                        assert_eq!(
                            stackyard_core::words::refusal_fault(&refusal.error.message),
                            None,
                            "{}: {:?}",
                            table.name(),
                            refusal.error
                        );
                        assert!(!refusal.error.detail.is_empty());
                        schedule.arrived(seat, at, true);
                        refusal.timers
                    }
                }
            }
            (None, None) => panic!("{}: nobody can act and no timer is set", table.name()),
            (Some(_), None) => unreachable!("a timer with no seat waiting is handled above"),
        };
        schedule.stepped(table.now(), table.to_act(), |seat| {
            let bot = &mut bots[seat.index()];
            bot.wakes_on(step.for_viewer(Viewer::Seat(seat)))
                .then(|| bot.perception_ms())
        });
    }
    panic!("{}: no end after 200 000 steps", table.name());
}

fn host_one(kind: &dyn GameKind, level: &str, seed: Seed) {
    let settings = kind.default_settings();
    // Settings travel as text, like everything a host stores.
    let settings: Value = serde_json::from_str(&serde_json::to_string(&settings).unwrap()).unwrap();
    let mut table = kind
        .create(&settings, seed)
        .expect("default settings make a game");
    let seats = table.seat_count();
    let mut bots: Vec<Box<dyn HostedBot>> = (0..seats)
        .map(|s| {
            kind.bot(level, Seat(s as u8), seed.child(s as u64), &settings)
                .unwrap_or_else(|e| panic!("{} has no bot {level:?}: {e}", kind.name()))
        })
        .collect();
    let actions = play(table.as_mut(), &mut bots, kind.turnless());
    let outcome = table.outcome().expect("the game ended");
    assert_eq!(
        outcome.scores.len(),
        seats,
        "{}: one score per seat",
        kind.name()
    );
    assert_eq!(
        table.actions(),
        actions,
        "{}: every accepted action recorded",
        kind.name()
    );

    let text = serde_json::to_string(&table.record()).unwrap();
    let record: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(record["game"], kind.name());
    assert_eq!(record["format"], 1);
    assert_eq!(record["engine"], kind.engine());
    // A record from an engine this build does not know is refused, named.
    let mut foreign = record.clone();
    foreign["engine"] = "an-engine-from-elsewhere".into();
    let refusal = kind
        .replay(&foreign)
        .err()
        .unwrap_or_else(|| panic!("{}: a foreign engine's record replayed", kind.name()))
        .to_string();
    assert!(
        refusal.contains("an-engine-from-elsewhere") && refusal.contains(kind.engine()),
        "{}: {refusal}",
        kind.name()
    );
    let again = kind.replay(&record).expect("the record replays");
    assert_eq!(
        again.outcome(),
        Some(outcome),
        "{}: same outcome",
        kind.name()
    );
    assert_eq!(again.ending(), table.ending());
    for viewer in Viewer::all(seats) {
        let written: Value = serde_json::from_str(&table.view_text(viewer)).unwrap();
        let reference: Value = serde_json::from_str(&table.view(viewer).to_string()).unwrap();
        assert_eq!(written, reference, "{}: view_text", kind.name());
        assert_eq!(
            again.view(viewer),
            table.view(viewer),
            "{}: same view",
            kind.name()
        );
    }
}

/// The cheapest bot level each game offers that is not "random" (random
/// IceTowers players may wander until the timer).
fn quick_level(kind: &dyn GameKind) -> String {
    let levels = kind.bot_levels();
    assert!(!levels.is_empty(), "{} offers no bots", kind.name());
    levels
        .iter()
        .find(|l| l.name == "greedy")
        .unwrap_or(&levels[0])
        .name
        .clone()
}

#[test]
fn every_registered_game_is_hosted_through_json_alone() {
    let registry = stackyard_registry::registry();
    assert!(registry.names().len() >= 3);
    for kind in registry.kinds() {
        let level = quick_level(kind);
        for seed in [1, 2, 3] {
            host_one(kind, &level, Seed(seed));
        }
    }
}

#[test]
fn every_bot_level_is_offered_and_makes_a_bot() {
    let registry = stackyard_registry::registry();
    for kind in registry.kinds() {
        let settings = kind.default_settings();
        for level in kind.bot_levels() {
            assert!(!level.about.is_empty());
            kind.bot(&level.name, Seat(0), Seed(1), &settings)
                .unwrap_or_else(|e| panic!("{} {}: {e}", kind.name(), level.name));
        }
        assert!(
            kind.bot("no-such-level", Seat(0), Seed(1), &settings)
                .is_err()
        );
    }
}

#[test]
fn malformed_json_is_refused_and_changes_nothing() {
    let registry = stackyard_registry::registry();
    for kind in registry.kinds() {
        assert!(
            kind.create(&serde_json::json!({"nonsense": [1, 2]}), Seed(1))
                .is_err(),
            "{} took nonsense settings",
            kind.name()
        );
        let mut table = kind.create(&kind.default_settings(), Seed(1)).unwrap();
        let before = table.view(Viewer::Spectator);
        let version = table.version();
        for bad in [
            serde_json::json!(null),
            serde_json::json!("pass"),
            serde_json::json!({"type": "no_such_action"}),
            serde_json::json!({"type": 7}),
        ] {
            let err = table.act(Seat(0), &bad, GameTime::ZERO).unwrap_err();
            assert_eq!(
                err.error.kind,
                stackyard_core::host::HostErrorKind::Malformed
            );
            assert!(!err.error.message.is_empty());
        }
        let err = table
            .act(
                Seat(200),
                &serde_json::json!({"type": "pass"}),
                GameTime::ZERO,
            )
            .unwrap_err();
        assert!(!err.error.message.is_empty());
        assert_eq!(table.view(Viewer::Spectator), before);
        assert_eq!(table.version(), version);
        assert!(
            kind.replay(&serde_json::json!({"game": kind.name()}))
                .is_err()
        );
        assert!(kind.replay(&serde_json::json!([1, 2, 3])).is_err());
    }
}

#[test]
fn a_resignation_ends_the_game_and_survives_the_record() {
    let registry = stackyard_registry::registry();
    let towers = registry.get("towers").unwrap();
    let mut table = towers.create(&towers.default_settings(), Seed(4)).unwrap();
    let step = table
        .finish(
            stackyard_core::Ending::Resigned { seat: Seat(0) },
            GameTime::from_secs(3),
        )
        .unwrap();
    assert_eq!(
        step.ended,
        Some(stackyard_core::Ending::Resigned { seat: Seat(0) })
    );
    assert_eq!(table.to_act(), ToAct::Nobody);
    assert_eq!(table.outcome().unwrap().winners, vec![Seat(1)]);
    let refused = table
        .act(
            Seat(1),
            &serde_json::json!({"type": "pass"}),
            GameTime::from_secs(4),
        )
        .unwrap_err();
    assert_eq!(
        refused.error.kind,
        stackyard_core::host::HostErrorKind::Over
    );
    assert_eq!(refused.error.message, "The game is over.");
    let again = towers.replay(&table.record()).unwrap();
    assert_eq!(again.outcome(), table.outcome());
    assert_eq!(again.ending(), table.ending());
    // Babel has no draws; Towers does.
    let babel = registry.get("babel").unwrap();
    let mut solo = babel.create(&babel.default_settings(), Seed(4)).unwrap();
    assert!(
        solo.finish(stackyard_core::Ending::DrawAgreed, GameTime::ZERO)
            .is_err()
    );
    let mut t2 = towers.create(&towers.default_settings(), Seed(4)).unwrap();
    t2.finish(stackyard_core::Ending::DrawAgreed, GameTime::ZERO)
        .unwrap();
    assert!(t2.outcome().unwrap().winners.is_empty());
}

#[test]
fn a_bot_decides_the_same_from_its_view_as_text_and_refuses_text_that_is_no_view() {
    let registry = stackyard_registry::registry();
    for kind in registry.kinds() {
        let settings = kind.default_settings();
        let level = quick_level(kind);
        let table = kind.create(&settings, Seed(5)).unwrap();
        for s in 0..table.seat_count() {
            let seat = Seat(s as u8);
            let text = table.view_text(Viewer::Seat(seat));
            let view: Value = serde_json::from_str(&text).unwrap();
            // Two bots from one seed: each decision comes from the same state.
            let bot = || kind.bot(&level, seat, Seed(9), &settings).unwrap();
            let (mut from_value, mut from_text) = (bot(), bot());
            let at = GameTime::from_millis(1_000);
            let by_value = from_value
                .decide(&view, at)
                .expect("the bot reads its view");
            let by_text = from_text
                .decide_json(&text, at)
                .expect("the bot reads its view as text");
            assert_eq!(by_text, by_value, "{} seat {s}", kind.name());
            for bad in ["", "{", "[1, 2]", "\"pass\""] {
                let refused = from_text.decide_json(bad, at);
                assert!(refused.is_err(), "{} read {bad:?} as a view", kind.name());
            }
        }
    }
}

#[test]
fn the_games_without_physics_are_hosted_and_come_first() {
    let registry = stackyard_registry::registry();
    let lite = stackyard_registry::names_without_physics();
    assert!(!lite.is_empty());
    // The lobby's order: the games without physics first, then the rest.
    assert_eq!(&registry.names()[..lite.len()], &lite[..]);
}
