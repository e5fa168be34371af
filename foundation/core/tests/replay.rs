//! The Game contract and replay, checked on a tiny game with a timer.

use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use stackyard_core::*;

/// A counting game: seat 0 adds, seat 1 subtracts, turns alternate, and
/// an alarm set by `Arm` adds 100 when it rings. Enough to exercise turns,
/// timers, rejection and replay.
#[derive(Debug, Clone, PartialEq)]
struct Counter {
    value: i64,
    next: Seat,
    alarm: Option<GameTime>,
    moves: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
enum Act {
    Step(i64),
    Arm(u64),
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
enum Nope {
    #[error("not your turn")]
    NotYourTurn,
    #[error("steps are 1 to 3")]
    BadStep,
}

impl RuleError for Nope {
    fn rule(&self) -> Option<&'static str> {
        Some(match self {
            Nope::NotYourTurn => "C1",
            Nope::BadStep => "C2",
        })
    }

    fn refusal(&self) -> String {
        match self {
            Nope::NotYourTurn => "It is not your turn.",
            Nope::BadStep => "A step counts 1, 2 or 3.",
        }
        .to_string()
    }
}

impl Game for Counter {
    const NAME: &'static str = "counter";
    const TITLE: &'static str = "Counter";
    const ENGINE: &'static str = "test";
    const REPLAYS: &'static [&'static str] = &["test-0"];
    type Settings = u32;
    type Action = Act;
    type Event = i64;
    type View = i64;
    type Error = Nope;

    fn new(limit: &u32, _seed: Seed) -> Result<Self, SetupError> {
        if *limit == 0 {
            return Err(SetupError::new("limit must be positive"));
        }
        Ok(Counter {
            value: 0,
            next: Seat(0),
            alarm: None,
            moves: 0,
        })
    }
    fn settings(&self) -> &u32 {
        &10
    }
    fn seat_count(&self) -> usize {
        2
    }
    fn to_act(&self) -> ToAct {
        if self.moves >= 10 {
            ToAct::Nobody
        } else {
            ToAct::Seat(self.next)
        }
    }
    fn apply(&mut self, seat: Seat, action: &Act, now: GameTime) -> Result<Vec<i64>, Nope> {
        if seat != self.next {
            return Err(Nope::NotYourTurn);
        }
        match *action {
            Act::Step(n) if (1..=3).contains(&n) => {
                self.value += if seat == Seat(0) { n } else { -n };
            }
            Act::Step(_) => return Err(Nope::BadStep),
            Act::Arm(ms) => self.alarm = Some(now + ms),
        }
        self.moves += 1;
        self.next = Seat(1 - self.next.0);
        Ok(vec![self.value])
    }
    fn advance_to(&mut self, now: GameTime) -> Vec<i64> {
        match self.alarm {
            Some(t) if t <= now => {
                self.alarm = None;
                self.value += 100;
                vec![self.value]
            }
            _ => vec![],
        }
    }
    fn next_deadline(&self) -> Option<GameTime> {
        self.alarm
    }
    fn view(&self, _viewer: Viewer) -> i64 {
        self.value
    }
    fn scores(&self) -> Vec<i64> {
        vec![self.value, -self.value]
    }
    fn outcome(&self) -> Option<Outcome> {
        self.is_over().then(|| Outcome {
            scores: vec![self.value, -self.value],
            winners: vec![],
        })
    }
}

/// Plays `actions` live through the driver, as a host would (each arriving
/// `dt` ms after the last), checking that every refused action changed
/// nothing; returns the final state and the driver's record.
fn drive(actions: &[(u8, Act, u64)]) -> (Counter, Record<u32, Act>) {
    let mut driver = Driver::<Counter>::new(10, Seed(3)).unwrap();
    let mut t = GameTime::ZERO;
    for (seat, action, dt) in actions {
        t = t + *dt;
        driver.advance_to(t);
        let before = driver.game().clone();
        let version = driver.version();
        if driver.act(Seat(*seat), action.clone(), t).is_err() {
            assert_eq!(driver.game(), &before, "a rejected action changed the game");
            assert_eq!(
                driver.version(),
                version,
                "a rejected action counted as a step"
            );
        }
    }
    driver.advance_to(t + 1_000_000);
    let mut record = driver.record().clone();
    record.end = Some(t + 1_000_000);
    (driver.into_game(), record)
}

fn act() -> impl Strategy<Value = (u8, Act, u64)> {
    (
        0u8..2,
        prop_oneof![
            (-1i64..5).prop_map(Act::Step),
            (0u64..500).prop_map(Act::Arm)
        ],
        0u64..300,
    )
}

proptest! {
    #[test]
    fn replay_reproduces_the_final_state(actions in proptest::collection::vec(act(), 0..30)) {
        let (live, record) = drive(&actions);
        let (replayed, _) = replay::<Counter>(&record).unwrap();
        prop_assert_eq!(live, replayed);
    }

    #[test]
    fn records_survive_json(actions in proptest::collection::vec(act(), 0..30)) {
        let (_, record) = drive(&actions);
        let text = serde_json::to_string(&record).unwrap();
        let back: Record<u32, Act> = serde_json::from_str(&text).unwrap();
        prop_assert_eq!(record, back);
    }
}

#[test]
fn replay_names_the_rejected_action_and_rule() {
    let mut record = Record::new::<Counter>(10, Seed(0));
    record.push(Seat(0), GameTime::ZERO, Act::Step(2));
    record.push(Seat(1), GameTime::ZERO, Act::Step(9));
    let err = replay::<Counter>(&record).unwrap_err();
    assert!(
        matches!(
            err,
            ReplayError::Rejected {
                number: 2,
                source: Nope::BadStep,
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("action 2"), "{err}");
}

#[test]
fn replay_rejects_other_games_bad_settings_and_time_travel() {
    let mut record = Record::new::<Counter>(10, Seed(0));
    record.game = "towers".into();
    assert!(matches!(
        replay::<Counter>(&record),
        Err(ReplayError::Provenance(ProvenanceError::WrongGame { .. }))
    ));

    let record = Record::new::<Counter>(0, Seed(0));
    assert!(matches!(
        replay::<Counter>(&record),
        Err(ReplayError::Setup(_))
    ));

    let mut record = Record::new::<Counter>(10, Seed(0));
    record.push(Seat(0), GameTime::from_secs(2), Act::Step(1));
    record.push(Seat(1), GameTime::from_secs(1), Act::Step(1));
    assert!(matches!(
        replay::<Counter>(&record),
        Err(ReplayError::TimeWentBack { number: 2, .. })
    ));
}

#[test]
fn timers_fire_at_their_deadline_during_replay() {
    let mut record = Record::new::<Counter>(10, Seed(0));
    record.push(Seat(0), GameTime::ZERO, Act::Arm(500));
    record.push(Seat(1), GameTime::from_millis(400), Act::Step(1));
    let (game, _) = replay::<Counter>(&record).unwrap();
    assert_eq!(game.value, -1, "the alarm has not rung at 400 ms");
    record.end = Some(GameTime::from_millis(500));
    let (game, events) = replay::<Counter>(&record).unwrap();
    assert_eq!(game.value, 99);
    assert_eq!(events.last(), Some(&99));
}

#[test]
fn a_finished_game_is_frozen_and_timers_stop() {
    let mut driver = Driver::<Counter>::new(10, Seed(0)).unwrap();
    driver.act(Seat(0), Act::Arm(500), GameTime::ZERO).unwrap();
    for i in 1..10u8 {
        driver
            .act(Seat(i % 2), Act::Step(1), GameTime::from_millis(10))
            .unwrap();
    }
    assert!(driver.is_over());
    assert_eq!(driver.ending(), Some(Ending::Rules));
    assert_eq!(
        driver.next_deadline(),
        None,
        "no wake-ups for a finished game"
    );
    let step = driver.advance_to(GameTime::from_secs(5));
    assert!(step.events.is_empty());
    assert_eq!(driver.record().ending, Some(Ending::Rules));
}

#[test]
fn resignation_timeout_and_abandonment_end_the_game_for_the_others() {
    for ending in [
        Ending::Resigned { seat: Seat(1) },
        Ending::TimedOut { seat: Seat(1) },
        Ending::Abandoned { seat: Seat(1) },
    ] {
        let mut driver = Driver::<Counter>::new(10, Seed(0)).unwrap();
        driver.act(Seat(0), Act::Step(3), GameTime::ZERO).unwrap();
        let v = driver.version();
        let step = driver.finish(ending, GameTime::from_secs(1)).unwrap();
        assert_eq!(step.ended, Some(ending));
        assert_eq!(driver.version(), v + 1);
        assert_eq!(driver.to_act(), ToAct::Nobody);
        let outcome = driver.outcome().unwrap();
        assert_eq!(outcome.winners, vec![Seat(0)]);
        assert_eq!(outcome.scores, vec![3, -3]);
        let refused = driver.act(Seat(0), Act::Step(1), GameTime::from_secs(2));
        assert!(matches!(refused, Err(Rejected { error: ActError::Over(e), .. }) if e == ending));
        assert_eq!(
            driver.finish(ending, GameTime::from_secs(3)),
            Err(FinishError::AlreadyOver)
        );
        // The ending is part of the record and replays.
        let (again, _) = Driver::<Counter>::replay(driver.record()).unwrap();
        assert_eq!(again.outcome(), driver.outcome());
        assert_eq!(again.ending(), Some(ending));
    }
    let mut driver = Driver::<Counter>::new(10, Seed(0)).unwrap();
    assert_eq!(
        driver.finish(Ending::DrawAgreed, GameTime::ZERO),
        Err(FinishError::NoDraws),
        "Counter has no draws"
    );
    assert_eq!(
        driver.finish(Ending::Resigned { seat: Seat(7) }, GameTime::ZERO),
        Err(FinishError::NoSuchSeat(Seat(7)))
    );
    assert_eq!(
        driver.finish(Ending::Rules, GameTime::ZERO),
        Err(FinishError::NotTheRules)
    );
    assert!(!driver.is_over(), "refused endings change nothing");
}

#[test]
fn the_driver_refuses_unknown_seats_and_records_what_it_accepts() {
    let mut driver = Driver::<Counter>::new(10, Seed(0)).unwrap();
    let refused = driver
        .act(Seat(5), Act::Step(1), GameTime::ZERO)
        .unwrap_err();
    assert!(matches!(
        refused.error,
        ActError::NoSuchSeat { seats: 2, .. }
    ));
    let step = driver
        .act(Seat(0), Act::Step(2), GameTime::from_millis(7))
        .unwrap();
    assert_eq!(step.events, vec![2]);
    assert_eq!(step.version, 1);
    assert_eq!(driver.record().actions.len(), 1);
    assert_eq!(driver.record().actions[0].at, GameTime::from_millis(7));
    assert_eq!(driver.record().format, RECORD_FORMAT);
    assert_eq!(driver.record().engine, "test");
    // Time never goes back: a late-stamped arrival is taken at the clock.
    driver
        .act(Seat(1), Act::Step(1), GameTime::from_millis(3))
        .unwrap();
    assert_eq!(driver.record().actions[1].at, GameTime::from_millis(7));
}

#[test]
fn a_record_from_a_later_format_is_refused() {
    let mut record = Record::new::<Counter>(10, Seed(0));
    record.format = RECORD_FORMAT + 1;
    assert!(matches!(
        replay::<Counter>(&record),
        Err(ReplayError::Provenance(ProvenanceError::Format { .. }))
    ));
}

#[test]
fn a_record_from_another_engine_is_refused_unless_this_one_replays_it() {
    let mut driver = Driver::<Counter>::new(10, Seed(0)).unwrap();
    driver
        .act(Seat(0), Act::Step(2), GameTime::from_millis(1))
        .unwrap();
    let written = driver.record().clone();
    assert_eq!(written.engine, "test");
    let mut other = written.clone();
    other.engine = "test-9".into();
    let error = replay::<Counter>(&other).unwrap_err();
    assert!(
        matches!(&error, ReplayError::Provenance(ProvenanceError::Engine { found, expected: "test", .. }) if found == "test-9"),
        "{error:?}"
    );
    let message = error.to_string();
    assert!(
        message.contains("\"test-9\"") && message.contains("\"test-0\""),
        "{message}"
    );
    // An engine this one replays, and a record that names none, replay
    // to the same game; the record keeps the engine it was written by.
    for engine in ["test-0", ""] {
        let mut older = written.clone();
        older.engine = engine.into();
        let (replayed, _) = Driver::<Counter>::replay(&older).expect("replays");
        assert_eq!(replayed.game(), driver.game());
        assert_eq!(replayed.record().engine, engine);
    }
}

impl Listed for Counter {
    const ABOUT: About = About {
        description: "Counts to a target.",
        seats: Seats::exactly(1),
        length: "a moment",
        rules: "# Counter",
        first_bot: None,
        ends_by: "C1",
        score: stackyard_core::about::ScoreWords {
            unit: "point",
            left: false,
        },
        settings: stackyard_core::about::SettingsForm::Object {
            fields: &[],
            advanced: true,
        },
    };
}

impl Bots for Counter {
    fn bot_levels() -> Vec<BotLevel> {
        Vec::new()
    }
    fn bot(
        level: &str,
        _seat: Seat,
        _seed: Seed,
        _settings: &u32,
    ) -> Result<Box<dyn Bot<Self>>, SetupError> {
        Err(SetupError::new(format!("no bot {level:?}")))
    }
}

/// A finished Counter record as JSON, with an alarm that rings after the
/// last action (so the record has an `end`) and a resignation.
fn erased_counter_record() -> serde_json::Value {
    let mut driver = Driver::<Counter>::new(10, Seed(0)).unwrap();
    driver
        .act(Seat(0), Act::Arm(5), GameTime::from_millis(1))
        .unwrap();
    driver
        .act(Seat(1), Act::Step(2), GameTime::from_millis(2))
        .unwrap();
    driver.advance_to(GameTime::from_millis(9));
    driver
        .finish(Ending::Resigned { seat: Seat(1) }, GameTime::from_millis(9))
        .unwrap();
    serde_json::to_value(driver.record()).unwrap()
}

#[test]
fn every_erased_replay_path_refuses_another_engine_naming_both() {
    let registry = host::Registry::new().with::<Counter>();
    let kind = registry.get("counter").unwrap();
    let mut record = erased_counter_record();
    record["engine"] = "test-9".into();
    let erased = ErasedRecord::parse(&record).unwrap();
    let by_frames = frames::frames(kind, &record, Viewer::Spectator).unwrap_err();
    let by_stepper = stepper::RecordStepper::start(kind, &erased)
        .unwrap_err()
        .to_string();
    let by_kind = kind.replay(&record).err().unwrap().to_string();
    for message in [&by_frames, &by_stepper, &by_kind] {
        assert!(
            message.contains("\"test-9\"") && message.contains("\"test\""),
            "{message}"
        );
    }
    // Another game's record is refused before any action is tried.
    record["engine"] = "test".into();
    record["game"] = "towers".into();
    let error = frames::frames(kind, &record, Viewer::Spectator).unwrap_err();
    assert!(error.contains("\"towers\""), "{error}");
}

#[test]
fn the_stepper_keeps_the_records_engine_and_replays_like_the_driver() {
    let registry = host::Registry::new().with::<Counter>();
    let kind = registry.get("counter").unwrap();
    let mut record = erased_counter_record();
    record["engine"] = "test-0".into();
    let erased = ErasedRecord::parse(&record).unwrap();
    let mut stepper = stepper::RecordStepper::start(kind, &erased).unwrap();
    let mut numbers = Vec::new();
    while let Some(stepped) = stepper.next() {
        numbers.push(stepped.unwrap().number);
    }
    assert_eq!(numbers, [1, 2]);
    let closing = stepper.close().unwrap();
    // The alarm rings at 6 ms (armed at 1 for 5), then the resignation.
    assert_eq!(closing.len(), 2);
    assert_eq!(
        closing[0].for_viewer(Viewer::Spectator),
        [serde_json::json!(98)]
    );
    assert_eq!(closing[1].ended, Some(Ending::Resigned { seat: Seat(1) }));
    let game = stepper.into_game();
    let typed = kind.replay(&record).unwrap();
    assert_eq!(game.record(), typed.record());
    assert_eq!(game.record()["engine"], "test-0");
    assert_eq!(game.view(Viewer::Spectator), typed.view(Viewer::Spectator));

    let frames = frames::frames(kind, &record, Viewer::Spectator).unwrap();
    // The start, two actions, and the closing frame (alarm and ending).
    assert_eq!(frames.len(), 4);
    assert_eq!(frames[3].events, [serde_json::json!(98)]);
    assert_eq!(frames[3].to_act, ToAct::Nobody);
}

#[test]
fn the_stepper_refuses_time_going_back_and_names_the_action() {
    let registry = host::Registry::new().with::<Counter>();
    let kind = registry.get("counter").unwrap();
    let mut record = erased_counter_record();
    record["actions"][1]["at"] = 0.into();
    let erased = ErasedRecord::parse(&record).unwrap();
    let mut stepper = stepper::RecordStepper::start(kind, &erased).unwrap();
    assert!(stepper.next().unwrap().is_ok());
    let error = stepper.next().unwrap().unwrap_err().to_string();
    assert!(error.contains("action 2"), "{error}");
    assert_eq!(stepper.applied(), 1);
    // Not a record at all: said so, with serde's reason.
    let error = ErasedRecord::parse(&serde_json::json!({"game": "counter"})).unwrap_err();
    assert!(
        error.to_string().contains("the record's seed is missing"),
        "{error}"
    );
}
