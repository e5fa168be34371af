//! Wire formats: actions, events and views round-trip through JSON with
//! their `"type"` tags, and the judge reads the documented scenario format.

mod common;

use common::*;
use stackyard_core::{Game, GameTime, Seat, Viewer};
use stackyard_leaning::scenario::{JudgeScenario, JudgeVerdict, judge};
use stackyard_leaning::{Action, Event, Size, View};

#[test]
fn actions_events_and_views_round_trip_with_type_tags() {
    let action = Action::Place {
        size: Size::Small,
        pose: SMALL_LEANING_ON_LEFT,
    };
    let json = serde_json::to_string(&action).unwrap();
    assert!(
        json.starts_with(r#"{"type":"place","size":"small""#),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), action);
    assert_eq!(
        serde_json::from_str::<Action>(r#"{"type":"pass"}"#).unwrap(),
        Action::Pass
    );

    let mut g = founded(2);
    let events = g.apply(Seat(0), &action, GameTime::ZERO).unwrap();
    let json = serde_json::to_string(&events).unwrap();
    assert!(json.contains(r#""type":"placed""#), "{json}");
    assert_eq!(serde_json::from_str::<Vec<Event>>(&json).unwrap(), events);

    let view = g.view(Viewer::Seat(Seat(1)));
    let json = serde_json::to_string(&view).unwrap();
    let back: View = serde_json::from_str(&json).unwrap();
    assert_eq!(back, view);
    // The world in the view is the game's, bit for bit.
    assert_eq!(
        stackyard_leaning::World::from_snapshot(&back.world).pose_bits(),
        g.world().pose_bits()
    );
}

#[test]
fn the_judge_reads_the_documented_format_and_explains_bad_input() {
    let text = r#"{
      "pieces": [
        {"id": "left", "kind": "pyramid-large", "position": [-38.595, 0, 11.019],
         "rotation_deg": [0, 60, 0], "owner": "neutral"},
        {"id": "right", "kind": "pyramid-large", "position": [38.595, 0, 11.019],
         "rotation_deg": [0, -60, 0], "owner": "neutral"}
      ],
      "placement": {"kind": "pyramid-small", "position": [0, 80, 7.2],
                    "rotation_deg": [90, 0, 0], "hold": false}
    }"#;
    let input: JudgeScenario = serde_json::from_str(text).unwrap();
    let report = judge(&input).unwrap();
    assert_eq!(report.verdict, JudgeVerdict::Slip);
    let json = serde_json::to_value(&report).unwrap();
    for key in [
        "verdict",
        "disturbed",
        "table_corners",
        "touching",
        "level",
        "points",
    ] {
        assert!(json.get(key).is_some(), "{key} missing from {json}");
    }
    assert_eq!(json["verdict"], "slip");

    let mut bad = input.clone();
    bad.pieces[0].kind = "tile".into();
    let err = judge(&bad).unwrap_err().to_string();
    assert!(err.contains("only pyramids"), "{err}");
    let mut bad = input.clone();
    bad.pieces[1].position = [-38.595, 0.0, 11.019];
    let err = judge(&bad).unwrap_err().to_string();
    assert!(err.contains("inside"), "{err}");
    let mut bad = input;
    bad.placement.kind = "pyramid-huge".into();
    assert!(
        judge(&bad)
            .unwrap_err()
            .to_string()
            .contains("pyramid-huge")
    );
}
