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

#[test]
fn a_hosted_game_is_played_by_bots_through_json_alone() {
    use stackyard_core::host::Registry;
    use stackyard_core::{Seed, ToAct};
    let registry = Registry::new().with::<stackyard_leaning::LeaningTowers>();
    let kind = registry.get("leaning").unwrap();
    let mut settings = kind.default_settings();
    settings["seats"] = serde_json::json!(2);
    let mut table = kind.create(&settings, Seed(5)).unwrap();
    let mut bots: Vec<_> = (0..2)
        .map(|s| {
            kind.bot("easy", Seat(s), Seed(s.into()), &settings)
                .unwrap()
        })
        .collect();
    let mut placed = 0;
    for _ in 0..12 {
        let ToAct::Seat(seat) = table.to_act() else {
            break;
        };
        let view = table.view(Viewer::Seat(seat));
        let decision = bots[seat.index()]
            .decide(&view, GameTime::ZERO)
            .unwrap()
            .unwrap();
        let step = table.act(seat, &decision.action, GameTime::ZERO).unwrap();
        let text = serde_json::to_string(step.for_viewer(Viewer::Seat(seat))).unwrap();
        placed += text.matches(r#""type":"placed""#).count();
    }
    assert!(placed > 0, "bots placed nothing");
}

/// The view says what the seat to act may use, so that no client works out
/// L8 or L-10 itself: every size at first, then not the size just placed
/// (L8), and after a slip only the slipped size (L-10).
#[test]
fn the_view_lists_the_sizes_the_seat_to_act_may_use_l8_l10() {
    let mut g = founded(2);
    let sizes = |g: &stackyard_leaning::LeaningTowers| view(g).turn.unwrap().sizes;
    assert_eq!(sizes(&g), vec![Size::Small, Size::Medium, Size::Large]);
    let place = |size, pose| Action::Place { size, pose };
    g.apply(
        Seat(0),
        &place(Size::Small, SMALL_LEANING_ON_LEFT),
        GameTime::ZERO,
    )
    .unwrap();
    assert_eq!(sizes(&g), vec![Size::Medium, Size::Large], "L8");
    // A large on its side, clear of the table: it falls onto a face, three
    // corners down (L6), a slip.
    let lying = stackyard_physics::Pose {
        position: [0.0, 80.0, 13.0],
        rotation_deg: [90.0, 0.0, 0.0],
    };
    let events = g
        .apply(Seat(1), &place(Size::Large, lying), GameTime::ZERO)
        .unwrap();
    assert!(matches!(events[0], Event::Failed { .. }), "{events:?}");
    assert_eq!(sizes(&g), vec![Size::Large], "L-10");
    assert!(view(&g).turn.unwrap().hold, "L12: seat 1 holds nothing");
    let dims = view(&g).dimensions;
    assert_eq!(dims.pyramids_mm[0], [14.29, 25.4]);
    assert_eq!(dims.table_half_mm, 300.0);
    let json = serde_json::to_value(view(&g)).unwrap();
    assert_eq!(json["turn"]["sizes"], serde_json::json!(["large"]));
}

/// The browser says why a piece slipped from the game's own list
/// (`SLIP_REASONS`, written by typegen): every reason is in it, with words
/// that name no rule and a rule id the rules page defines (L6, L7, L9, L-3,
/// L-5, L-9, L-16).
#[test]
fn every_slip_reason_has_words_and_a_rule_the_rules_page_defines() {
    use stackyard_core::Listed;
    use stackyard_leaning::{LeaningTowers, SlipReason};
    let page = include_str!("../../../docs/rules/leaning.md");
    // Exhaustive: a new reason fails to compile here until ALL lists it.
    let listed = |r: SlipReason| match r {
        SlipReason::Corners
        | SlipReason::Contacts
        | SlipReason::PushedPastPips
        | SlipReason::SlidAway
        | SlipReason::NeverRested
        | SlipReason::NoRoom
        | SlipReason::PointOnInsidePoint => SlipReason::ALL.contains(&r),
    };
    let constants = LeaningTowers::wire_constants();
    let (_, table) = constants
        .iter()
        .find(|(name, _)| *name == "SLIP_REASONS")
        .expect("Leaning declares SLIP_REASONS");
    assert_eq!(table.as_object().unwrap().len(), SlipReason::ALL.len());
    for r in SlipReason::ALL {
        assert!(listed(r));
        let key = serde_json::to_value(r).unwrap();
        let entry = &table[key.as_str().unwrap()];
        assert_eq!(entry["words"], r.words(), "{r:?}");
        assert_eq!(entry["rule"], r.rule(), "{r:?}");
        assert!(!r.words().contains("(L"), "{r:?}: words name no rule id");
        assert!(
            page.contains(&format!("**{}**", r.rule())),
            "{r:?}: rule {} is not defined on docs/rules/leaning.md",
            r.rule()
        );
    }
}
