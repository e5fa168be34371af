//! Issue #50: bots that see the table at a person's speed lose races, in
//! game time, through `play::simulate_realtime` and a game's own rules.
//! The game here is the smallest turnless race there is: two pyramids, and
//! any seat may take any pyramid still on the table, at any moment; one
//! already taken is refused ("someone else got there first", the rule
//! IceTowers I4 states and every turnless game shares).

use serde::{Deserialize, Serialize};
use stackyard_core::play::simulate_realtime;
use stackyard_core::*;

/// Two pyramids on the table; any seat takes one at any moment.
#[derive(Debug, Clone, PartialEq)]
struct Grab {
    taken: [Option<Seat>; 2],
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
struct Take(usize);

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
struct Taken {
    seat: u8,
    pyramid: usize,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("already taken")]
struct AlreadyTaken;

impl RuleError for AlreadyTaken {
    fn rule(&self) -> Option<&'static str> {
        Some("I4")
    }

    fn refusal(&self) -> String {
        "Someone else got there first.".to_string()
    }
}

impl Game for Grab {
    const NAME: &'static str = "grab";
    const TITLE: &'static str = "Grab";
    const ENGINE: &'static str = "test";
    const TURNLESS: bool = true;
    type Settings = u32;
    type Action = Take;
    type Event = Taken;
    type View = Vec<bool>;
    type Error = AlreadyTaken;

    fn new(_settings: &u32, _seed: Seed) -> Result<Self, SetupError> {
        Ok(Grab { taken: [None; 2] })
    }
    fn settings(&self) -> &u32 {
        &0
    }
    fn seat_count(&self) -> usize {
        2
    }
    fn to_act(&self) -> ToAct {
        if self.taken.iter().all(Option::is_some) {
            ToAct::Nobody
        } else {
            ToAct::AnySeat
        }
    }
    fn apply(
        &mut self,
        seat: Seat,
        action: &Take,
        _now: GameTime,
    ) -> Result<Vec<Taken>, AlreadyTaken> {
        let slot = self.taken.get_mut(action.0).ok_or(AlreadyTaken)?;
        if slot.is_some() {
            return Err(AlreadyTaken);
        }
        *slot = Some(seat);
        Ok(vec![Taken {
            seat: seat.0,
            pyramid: action.0,
        }])
    }
    fn view(&self, _viewer: Viewer) -> Vec<bool> {
        self.taken.iter().map(Option::is_some).collect()
    }
    fn scores(&self) -> Vec<i64> {
        (0..2)
            .map(|s| self.taken.iter().filter(|t| **t == Some(Seat(s))).count() as i64)
            .collect()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.is_over().then(|| Outcome {
            scores: self.scores(),
            winners: vec![],
        })
    }
}

/// Reaches for the first pyramid of `wants` still on the table, its
/// action arriving `think_ms` after it looked; notices only a change to the
/// pyramid it reaches for, `perception_ms` after it happened.
struct Reacher {
    wants: Vec<usize>,
    think_ms: u64,
    perception_ms: u64,
    aim: Option<usize>,
}

impl Bot<Grab> for Reacher {
    fn decide(&mut self, view: &Vec<bool>, _now: GameTime) -> Option<Decision<Take>> {
        self.aim = self.wants.iter().copied().find(|&p| !view[p]);
        Some(Decision {
            action: Take(self.aim?),
            think_ms: self.think_ms,
        })
    }
    fn wakes_on(&self, events: &[Taken]) -> bool {
        events
            .iter()
            .any(|e| self.aim.is_none_or(|a| a == e.pyramid))
    }
    fn perception_ms(&mut self) -> u64 {
        self.perception_ms
    }
}

/// Seat 0 reaches for pyramid 0 (then 1) in 600 ms; seat 1, quicker,
/// takes pyramid 0 at 400 ms. Seat 0 notices `perception_ms` later.
fn race(perception_ms: u64) -> (usize, Vec<(Seat, u64, Take)>) {
    let driver = Driver::<Grab>::new(0, Seed(1)).unwrap();
    let mut bots: Vec<Box<dyn Bot<Grab>>> = vec![
        Box::new(Reacher {
            wants: vec![0, 1],
            think_ms: 600,
            perception_ms,
            aim: None,
        }),
        Box::new(Reacher {
            wants: vec![0],
            think_ms: 400,
            perception_ms: 1,
            aim: None,
        }),
    ];
    let played = simulate_realtime(driver, &mut bots, 100);
    assert!(played.driver.is_over(), "both pyramids taken");
    let actions = played
        .driver
        .record()
        .actions
        .iter()
        .map(|e| (e.seat, e.at.as_millis(), e.action.clone()))
        .collect();
    (played.rejected, actions)
}

#[test]
fn a_bot_whose_target_is_taken_during_its_perception_delay_arrives_and_is_refused() {
    // I4: taken at 400, noticed at 700, but its take lands at 600 as it was
    // and the rules refuse it (a lost race). It looks again RETRY_MS later
    // and its next take, decided at 700, lands at 1300.
    let (rejected, actions) = race(300);
    assert_eq!(rejected, 1, "one lost race");
    assert_eq!(
        actions,
        vec![
            (Seat(1), 400, Take(0)),
            (Seat(0), 600 + schedule::RETRY_MS + 600, Take(1)),
        ]
    );
}

#[test]
fn a_bot_that_notices_before_its_action_lands_re_aims_and_keeps_its_time() {
    // I4: taken at 400, noticed at 550: it re-aims at pyramid 1 and that
    // take lands when its first would have, at 600. Nothing refused.
    let (rejected, actions) = race(150);
    assert_eq!(rejected, 0);
    assert_eq!(
        actions,
        vec![(Seat(1), 400, Take(0)), (Seat(0), 600, Take(1))]
    );
}
