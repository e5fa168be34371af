//! The Leaning Towers preview, called natively (the page calls the same
//! function compiled to WebAssembly): it is the game's own verdict with hand
//! noise off, agrees with the `judge` contract (`stackyard leaning judge`),
//! refuses what the rules refuse naming the rule, and answers bad input
//! with an error naming it.
#![cfg(feature = "physics")]

use serde_json::{Value, json};
use stackyard_core::{Driver, GameTime, Seat, Seed, ToAct, Viewer};
use stackyard_leaning::scenario::{
    JudgeScenario, OwnerName, PlacementInput, StructurePiece, judge,
};
use stackyard_leaning::{Action, Event, HandNoise, LeaningTowers, Settings, Size};
use stackyard_physics::Pose;
use stackyard_wasm::{ShellError, ask};

/// The page's preview: Leaning Towers' `preview` question.
fn preview_leaning(view: &str, placement: &str, settings: &str) -> Result<Value, ShellError> {
    ask("leaning", "preview", view, placement, settings)
}

/// The page's default settings for a seat count.
fn leaning_settings(seats: u8) -> Result<Value, ShellError> {
    stackyard_wasm::settings("leaning", seats)
}

fn quiet(seats: u8) -> Settings {
    let mut settings = Settings::new(seats);
    settings.hand_noise = HandNoise::OFF;
    settings
}

/// A game past its foundation, hand noise off.
fn leaning_game(seed: u64) -> Driver<LeaningTowers> {
    let mut driver = Driver::<LeaningTowers>::new(quiet(2), Seed(seed)).expect("2 seats");
    driver
        .act(Seat(0), Action::AutoFoundation, GameTime::ZERO)
        .expect("the foundation is automatic");
    assert_eq!(driver.game().pieces().len(), 2, "the foundation stands");
    driver
}

fn view_json(driver: &Driver<LeaningTowers>) -> String {
    serde_json::to_string(&driver.view(Viewer::Spectator)).expect("json")
}

fn kind(size: Size) -> &'static str {
    match size {
        Size::Small => "pyramid-small",
        Size::Medium => "pyramid-medium",
        Size::Large => "pyramid-large",
    }
}

/// Places the bot's choices and hand-made slips turn by turn: each is
/// previewed first, and the preview must be what the game then does.
#[test]
fn a_preview_is_the_games_own_verdict_with_noise_off() {
    let mut driver = leaning_game(5);
    let settings = serde_json::to_string(&quiet(2)).expect("json");
    let mut bots: Vec<_> = (0..2)
        .map(|s| {
            <LeaningTowers as stackyard_core::Bots>::bot("easy", Seat(s), Seed(7), &quiet(2))
                .expect("easy bot")
        })
        .collect();
    let (mut clean, mut slips, mut releases) = (0, 0, 0);
    for turn in 0..10 {
        let ToAct::Seat(seat) = driver.to_act() else {
            break;
        };
        // Every third turn a piece set flat on the open table: its four base
        // corners touch it, a slip (L6).
        let action = if turn % 3 == 2 {
            let view = driver.view(Viewer::Spectator);
            let hand = view.hands[seat.index()];
            let size = [Size::Small, Size::Medium, Size::Large]
                .into_iter()
                .find(|&s| {
                    hand.has(s)
                        && Some(s) != view.previous_size
                        && view.slipped.is_none_or(|x| x == s)
                })
                .expect("a size to place");
            Action::Place {
                size,
                pose: Pose::at(150.0, 150.0, 1.0),
            }
        } else {
            let view = driver.view(Viewer::Seat(seat));
            bots[seat.index()]
                .decide(&view, driver.now())
                .expect("a decision")
                .action
        };
        let Action::Place { size, pose } = action else {
            driver.act(seat, action, driver.now()).expect("a pass");
            continue;
        };
        let asked = json!({"kind": kind(size), "position": pose.position, "rotation_deg": pose.rotation_deg, "hold": false});
        let preview =
            preview_leaning(&view_json(&driver), &asked.to_string(), &settings).expect("a preview");
        let step = driver
            .act(seat, Action::Place { size, pose }, driver.now())
            .expect("a legal placement");
        let event = step
            .events
            .iter()
            .find(|e| matches!(e, Event::Placed { .. } | Event::Failed { .. }))
            .expect("the placement was judged");
        // L12: when the turn passes to a seat holding a piece, the game lets
        // that piece go in the same step, after the placement (its own
        // Placed/Failed event, `released`). The preview answers for the
        // placement alone, so the world after such a step is not its world.
        let released_after = step.events.iter().any(|e| {
            matches!(e, Event::Placed { released: true, .. })
                || matches!(e, Event::Failed { seat: s, .. } if *s != seat)
        });
        match event {
            Event::Placed {
                pose,
                level,
                table_corners,
                touching,
                points,
                piece,
                ..
            } => {
                clean += 1;
                assert_eq!(preview["verdict"], "clean", "turn {turn}: {preview}");
                assert_eq!(preview["rest_pose"], serde_json::to_value(pose).unwrap());
                assert_eq!(preview["level"], json!(level));
                assert_eq!(preview["table_corners"], json!(table_corners));
                assert_eq!(preview["touching"], json!(touching));
                assert_eq!(preview["points"], json!(points));
                assert_eq!(preview["piece"], json!(piece));
                // Every piece rests where the preview said, to the bit of
                // the view's rounding.
                let after = driver.view(Viewer::Spectator);
                let poses: Vec<Value> = after
                    .pieces
                    .iter()
                    .map(|p| serde_json::to_value(p.pose).unwrap())
                    .collect();
                if released_after {
                    releases += 1;
                } else {
                    assert_eq!(preview["poses"], json!(poses));
                }
            }
            Event::Failed {
                verdict,
                slip,
                disturbed,
                points,
                ..
            } => {
                if preview["verdict"] == "slip" {
                    slips += 1;
                }
                assert_eq!(preview["verdict"], json!(verdict), "turn {turn}: {preview}");
                assert_eq!(preview["slip"], json!(slip));
                assert_eq!(preview["disturbed"], json!(disturbed));
                assert_eq!(preview["points"], json!(points));
            }
            _ => unreachable!(),
        }
    }
    assert!(clean >= 2, "some clean placements were compared ({clean})");
    assert!(slips >= 1, "some slips were compared ({slips})");
    assert!(
        clean > releases,
        "some clean placements had every resting pose compared ({clean} clean, {releases} followed by a release)"
    );
}

/// The leaning pair of large pyramids the rules tests use as foundation
/// (`games/leaning/tests/common`): let go at these poses, they lean on each
/// other.
const LEFT: Pose = Pose {
    position: [-38.595, 0.0, 11.019],
    rotation_deg: [0.0, 60.0, 0.0],
};
const RIGHT: Pose = Pose {
    position: [38.595, 0.0, 11.019],
    rotation_deg: [0.0, -60.0, 0.0],
};

/// Placements on that foundation, with what the rules tests found them to
/// do: a small and a medium leaning on the left large (clean), a small
/// lying on its side on the open table (a slip, L6), a small let go above
/// the apexes.
fn placements_on_the_pair() -> Vec<(Size, Pose)> {
    vec![
        (
            Size::Small,
            Pose {
                position: [-30.896034160356344, -31.940625, 6.287751510039813],
                rotation_deg: [0.0, 60.0, 90.0],
            },
        ),
        (
            Size::Medium,
            Pose {
                position: [-71.27415916035633, 0.0, 8.69097200554163],
                rotation_deg: [0.0, 60.0, 0.0],
            },
        ),
        (
            Size::Small,
            Pose {
                position: [0.0, 80.0, 7.2],
                rotation_deg: [90.0, 0.0, 0.0],
            },
        ),
        (Size::Small, Pose::at(0.0, 0.0, 60.0)),
    ]
}

/// A game whose seat 0 has just built the leaning pair by hand, noise off.
fn on_the_pair() -> Driver<LeaningTowers> {
    let mut driver = Driver::<LeaningTowers>::new(quiet(2), Seed(1)).unwrap();
    let pieces = [LEFT, RIGHT].map(|pose| stackyard_leaning::FoundationPiece {
        size: Size::Large,
        pose,
    });
    driver
        .act(Seat(0), Action::Foundation { pieces }, GameTime::ZERO)
        .expect("the leaning pair stands");
    driver
}

/// The `judge` scenario (`stackyard leaning judge`) of the same foundation,
/// let go at the same poses, and a placement by seat 0.
fn scenario_on_the_pair(settings: &Settings, size: Size, pose: Pose) -> JudgeScenario {
    let large = |id: &str, pose: Pose| StructurePiece {
        id: id.into(),
        kind: kind(Size::Large).into(),
        position: pose.position,
        rotation_deg: pose.rotation_deg,
        held: false,
        owner: OwnerName::Name("neutral".into()),
        level: None,
    };
    JudgeScenario {
        pieces: vec![large("p0", LEFT), large("p1", RIGHT)],
        placement: PlacementInput {
            kind: kind(size).into(),
            position: pose.position,
            rotation_deg: pose.rotation_deg,
            hold: false,
            owner: Some(OwnerName::Seat(0)),
        },
        previous_kind: None,
        settings: Some(settings.physics.clone()),
        rules: Some(settings.clone()),
    }
}

/// The preview and the judge contract (the CLI's reference) agree exactly:
/// the judge builds the same foundation from the same let-go poses and
/// settles it as the game did, then runs the same referee.
#[test]
fn a_preview_agrees_with_the_judge_contract() {
    let driver = on_the_pair();
    let settings = quiet(2);
    let view = serde_json::to_string(&driver.view(Viewer::Spectator)).unwrap();
    let mut verdicts = Vec::new();
    for (size, pose) in placements_on_the_pair() {
        let asked = json!({"kind": kind(size), "position": pose.position, "rotation_deg": pose.rotation_deg});
        let preview = preview_leaning(
            &view,
            &asked.to_string(),
            &serde_json::to_string(&settings).unwrap(),
        )
        .expect("a preview");
        let report = judge(&scenario_on_the_pair(&settings, size, pose)).expect("judged");
        let report = serde_json::to_value(&report).unwrap();
        for field in [
            "verdict",
            "rule",
            "reason",
            "table_corners",
            "level",
            "points",
            "rest_pose",
            "moved_mm",
            "rested",
        ] {
            assert_eq!(
                preview[field], report[field],
                "{field}: {preview} vs {report}"
            );
        }
        let named = |ids: &Value| -> Vec<String> {
            ids.as_array()
                .unwrap()
                .iter()
                .map(|id| format!("p{id}"))
                .collect()
        };
        assert_eq!(json!(named(&preview["touching"])), report["touching"]);
        assert_eq!(json!(named(&preview["disturbed"])), report["disturbed"]);
        verdicts.push(preview["verdict"].as_str().unwrap().to_string());
    }
    assert_eq!(verdicts[0], "clean", "a small leaning on the left large");
    assert_eq!(verdicts[1], "clean", "a medium leaning on the left large");
    assert_eq!(verdicts[2], "slip", "a small lying on the table (L6)");
}

#[test]
fn the_rules_refuse_before_any_physics_and_say_which_rule() {
    let driver = leaning_game(5);
    let view = driver.view(Viewer::Spectator);
    let json_view = serde_json::to_string(&view).unwrap();
    let at = |kind: &str, x: f64| json!({"kind": kind, "position": [x, 0.0, 200.0]}).to_string();
    // Off the playing area (L5, L-4).
    let far = preview_leaning(&json_view, &at("pyramid-small", 5000.0), "").expect("a preview");
    assert_eq!(far["verdict"], "refused");
    assert_eq!(far["rule"], "L5");
    // Inside a foundation piece (L-4): refused, no rule id.
    let inside = view.pieces[0].pose;
    let blocked = preview_leaning(
        &json_view,
        &json!({"kind": "pyramid-large", "position": inside.position, "rotation_deg": inside.rotation_deg}).to_string(),
        "",
    )
    .expect("a preview");
    assert_eq!(blocked["verdict"], "refused", "{blocked}");
    assert_eq!(blocked["rule"], Value::Null);
    // Before the foundation stands (L4).
    let fresh = Driver::<LeaningTowers>::new(quiet(2), Seed(1)).unwrap();
    let early = preview_leaning(&view_json(&fresh), &at("pyramid-small", 0.0), "").unwrap();
    assert_eq!(early["rule"], "L4");
    // The same size as the previous placement (L8), after a clean small.
    let mut driver = on_the_pair();
    let (size, pose) = placements_on_the_pair()[0];
    driver
        .act(Seat(0), Action::Place { size, pose }, driver.now())
        .expect("a legal placement");
    let after = driver.view(Viewer::Spectator);
    assert_eq!(after.previous_size, Some(Size::Small), "the small stood");
    let same = preview_leaning(&view_json(&driver), &at("pyramid-small", 0.0), "").unwrap();
    assert_eq!(same["verdict"], "refused");
    assert_eq!(same["rule"], "L8", "{same}");
    let other = preview_leaning(&view_json(&driver), &at("pyramid-medium", 0.0), "").unwrap();
    assert_ne!(other["verdict"], "refused", "{other}");
}

#[test]
fn bad_previews_are_named_not_panicked_on() {
    let driver = leaning_game(5);
    let view = view_json(&driver);
    let good = r#"{"kind": "pyramid-small", "position": [0, 0, 200]}"#;
    let cases: Vec<(String, String, String, &str)> = vec![
        (
            "{".into(),
            good.into(),
            String::new(),
            "this is not a Leaning Towers view",
        ),
        (
            r#"{"seats": 2}"#.into(),
            good.into(),
            String::new(),
            "this is not a Leaning Towers view",
        ),
        (
            view.clone(),
            "[]".into(),
            String::new(),
            "the placement is not",
        ),
        (
            view.clone(),
            r#"{"kind": "pyramid-small", "position": [0, 0]}"#.into(),
            String::new(),
            "the placement is not",
        ),
        (
            view.clone(),
            r#"{"kind": "pyramid-small", "position": [0, 0, 1], "colour": 3}"#.into(),
            String::new(),
            "unknown field",
        ),
        (
            view.clone(),
            r#"{"kind": "coin", "position": [0, 0, 1]}"#.into(),
            String::new(),
            "\"coin\" is not pyramid-small",
        ),
        (
            view.clone(),
            r#"{"kind": "tile", "position": [0, 0, 1]}"#.into(),
            String::new(),
            "is not pyramid-small",
        ),
        (
            view.clone(),
            good.into(),
            r#"{"seats": 3}"#.into(),
            "the settings are for 3 seats, the view for 2",
        ),
        (view.clone(), good.into(), r#"{"seats": 1}"#.into(), "seats"),
        (
            view.clone(),
            good.into(),
            r#"{"slip_mm": -1}"#.into(),
            "slip_mm",
        ),
        (
            view.clone(),
            good.into(),
            "nonsense".into(),
            "these are not Leaning Towers settings",
        ),
    ];
    for (view, placement, settings, expected) in cases {
        let error = preview_leaning(&view, &placement, &settings)
            .expect_err(&placement)
            .0;
        assert!(
            error.contains(expected),
            "{placement} / {settings}: {error:?} should say {expected:?}"
        );
    }
    // A view whose world is not a table is refused: a rotation that is not
    // one, a position that is not a number.
    for (k, bits, expected) in [
        (3, 0x3f80_0000u32, "rotation"),
        (0, 0x7fc0_0000u32, "not a finite number"),
    ] {
        let mut tampered: Value = serde_json::from_str(&view).unwrap();
        tampered["world"]["pieces"][0]["pose_bits"][k] = json!(bits);
        let error = preview_leaning(&tampered.to_string(), good, "")
            .expect_err("tampered")
            .0;
        assert!(error.contains(expected), "{error}");
    }
}

#[test]
fn leaning_settings_are_the_games_defaults_and_refuse_bad_seat_counts() {
    let three = leaning_settings(3).expect("3 seats");
    assert_eq!(three, serde_json::to_value(Settings::new(3)).unwrap());
    for seats in [0, 1, 11, 255] {
        let error = leaning_settings(seats).expect_err("L1: 2 to 10").0;
        assert!(
            error.contains("2–10 players") && error.contains(&seats.to_string()),
            "{seats} seats: {error}"
        );
    }
}

/// The suggestions the page asks for are clean by the same preview.
#[test]
fn suggestions_are_clean_by_the_preview() {
    let driver = leaning_game(5);
    let view = view_json(&driver);
    let found = ask(
        "leaning",
        "suggest",
        &view,
        r#"{"size": "small", "max": 2, "budget": 20}"#,
        "",
    )
    .expect("suggestions");
    let found = found.as_array().expect("a list");
    for s in found {
        let placement = json!({
            "kind": "pyramid-small",
            "position": s["pose"]["position"],
            "rotation_deg": s["pose"]["rotation_deg"],
        });
        let p = preview_leaning(&view, &placement.to_string(), "").expect("a preview");
        assert_eq!(p["verdict"], "clean", "{s} previews {p}");
    }
    let error = ask("leaning", "suggest", &view, r#"{"size": "huge"}"#, "")
        .expect_err("no such size")
        .0;
    assert!(error.contains("the request is not"), "{error}");
}
