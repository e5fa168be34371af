//! The shell's replay functions, called natively (the page calls the same
//! ones compiled to WebAssembly): offline replays give the frames the server
//! serves, one per action, and bad input of every kind is answered with an
//! error naming it. (`preview.rs` has the Leaning Towers preview.)

use serde_json::{Value, json};
use stackyard_core::{Seat, Seed, ToAct, Viewer};
use stackyard_wasm::{ask, envelope, games, replay, settings};

/// A finished Towers game between two random bots, through the host contract.
fn finished_towers_record() -> Value {
    let registry = stackyard_registry::registry();
    let kind = registry.get("towers").expect("towers is registered");
    let settings = json!("4x4");
    let mut table = kind.create(&settings, Seed(11)).expect("4x4 towers");
    let mut bots: Vec<_> = (0..2)
        .map(|s| {
            kind.bot("random", Seat(s), Seed(20 + u64::from(s)), &settings)
                .expect("random bot")
        })
        .collect();
    for _ in 0..500 {
        let ToAct::Seat(seat) = table.to_act() else {
            break;
        };
        let view = table.view(Viewer::Seat(seat));
        let decision = bots[seat.index()]
            .decide(&view, table.now())
            .expect("a view")
            .expect("a move");
        table
            .act(seat, &decision.action, table.now())
            .expect("the bot's move is legal");
    }
    assert!(table.ending().is_some(), "the game finished");
    table.record()
}

#[test]
fn games_lists_every_registered_game() {
    let names: Vec<String> = games()
        .as_array()
        .expect("a list")
        .iter()
        .map(|g| g["name"].as_str().expect("a name").to_string())
        .collect();
    let mut expected = vec!["towers", "babel", "icetowers"];
    if cfg!(feature = "physics") {
        expected.extend(["speedy", "leaning"]);
    }
    assert_eq!(names, expected);
}

#[test]
fn a_finished_record_replays_offline_one_frame_per_action() {
    let record = finished_towers_record();
    let actions = record["actions"].as_array().expect("actions").len();
    let spectator = r#"{"type":"spectator"}"#;
    let replayed = replay(&record.to_string(), spectator).expect("the record replays");
    assert_eq!(replayed["game"], "towers");
    assert_eq!(replayed["title"], "Towers");
    let frames = replayed["frames"].as_array().expect("frames");
    assert_eq!(frames.len(), actions + 1, "the start, then one per action");
    for (i, frame) in frames.iter().enumerate().skip(1) {
        assert_eq!(frame["action"], record["actions"][i - 1]["action"]);
        assert_ne!(
            frame["view"],
            frames[i - 1]["view"],
            "frame {i} changed the board"
        );
    }
    assert_eq!(
        frames.last().expect("a last frame")["to_act"]["type"],
        "nobody"
    );
    // The same frames the server's replay endpoint serves (the same code).
    let registry = stackyard_registry::registry();
    let served = stackyard_core::frames::frames(
        registry.get("towers").expect("towers"),
        &record,
        Viewer::Spectator,
    )
    .expect("frames");
    assert_eq!(
        replayed["frames"],
        serde_json::to_value(&served).expect("json")
    );
}

#[test]
fn a_seat_replay_shows_that_seats_view() {
    let record = finished_towers_record();
    let seat = replay(&record.to_string(), r#"{"type":"seat","seat":1}"#).expect("replays");
    let registry = stackyard_registry::registry();
    let towers = registry.get("towers").expect("towers");
    let as_seat =
        stackyard_core::frames::frames(towers, &record, Viewer::Seat(Seat(1))).expect("frames");
    assert_eq!(
        seat["frames"],
        serde_json::to_value(&as_seat).expect("json")
    );
    // Seat 1's view is its own: the table says so.
    let first = towers
        .create(&record["settings"], Seed(0))
        .expect("a table");
    assert_eq!(seat["frames"][0]["view"], first.view(Viewer::Seat(Seat(1))));
}

#[test]
fn bad_records_and_viewers_are_named_not_panicked_on() {
    let spectator = r#"{"type":"spectator"}"#;
    let record = finished_towers_record();
    let cases: Vec<(String, &str, &str)> = vec![
        ("not json".into(), spectator, "the record is not JSON"),
        ("[1, 2]".into(), spectator, "a record is a JSON object"),
        (
            r#"{"game": 7}"#.into(),
            spectator,
            "the record's game: invalid type",
        ),
        (
            r#"{"seed": 7}"#.into(),
            spectator,
            "the record's game is missing",
        ),
        (
            r#"{"game": "chess", "seed": 1}"#.into(),
            spectator,
            "no game is called \"chess\" (these are: towers, babel",
        ),
        (
            r#"{"game": "towers", "settings": "4x4"}"#.into(),
            spectator,
            "the record's seed",
        ),
        (
            r#"{"game": "towers", "settings": "99x99", "seed": 1}"#.into(),
            spectator,
            "Towers record does not replay",
        ),
        (
            r#"{"game": "towers", "settings": "4x4", "seed": 1, "actions": 3}"#.into(),
            spectator,
            "the record's actions: invalid type",
        ),
        (
            // Seat 1 may not open (T-rules: Black moves first).
            r#"{"game": "towers", "settings": "4x4", "seed": 1,
                "actions": [{"seat": 1, "at": 0, "action": {"type": "pass"}}]}"#
                .into(),
            spectator,
            "action 1 was refused on replay",
        ),
        (
            r#"{"game": "towers", "settings": "4x4", "seed": 1,
                "actions": [{"seat": 0, "at": 0, "action": {"type": "fly"}}]}"#
                .into(),
            spectator,
            "action 1 was refused on replay: not a Towers action",
        ),
        (record.to_string(), "spectator", "the viewer is not"),
        (
            record.to_string(),
            r#"{"type":"seat","seat":2}"#,
            "there is no seat 2 at this table (2 seats)",
        ),
    ];
    for (record, viewer, expected) in cases {
        let error = replay(&record, viewer).expect_err(&record).0;
        assert!(
            error.contains(expected),
            "{record:?} as {viewer}: {error:?} should say {expected:?}"
        );
    }
    // A long bad name is quoted short.
    let long = format!(r#"{{"game": "{}"}}"#, "x".repeat(500));
    let error = replay(&long, spectator).expect_err("no such game").0;
    assert!(error.len() < 200, "{error}");
}

#[test]
fn the_envelope_carries_values_and_errors() {
    let ok: Value = serde_json::from_str(&envelope(Ok(json!([1])))).expect("json");
    assert_eq!(ok, json!({"ok": [1]}));
    let err: Value =
        serde_json::from_str(&envelope(replay("{", "{}").map(|_| Value::Null))).expect("json");
    assert!(
        err["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("the record is not JSON"))
    );
}

#[test]
fn a_record_of_another_engine_is_refused_naming_both_engines() {
    // The offline viewer steps records through core's one checked path, so
    // an older engine's game is never shown as this engine would play it.
    let mut record = finished_towers_record();
    let engine = record["engine"].as_str().expect("an engine").to_string();
    record["engine"] = json!("towers-0");
    let error = replay(&record.to_string(), r#"{"type":"spectator"}"#)
        .expect_err("another engine's record")
        .0;
    assert!(
        error.contains("\"towers-0\"") && error.contains(&format!("{engine:?}")),
        "{error}"
    );
}

/// IceTowers' legal actions in the browser (`iceLegal`) are the referee's:
/// each cap and mine it lists is accepted by the host table, a cap it
/// leaves out is refused (I6), and bad input is an error, not a trap.
#[test]
fn ice_legal_lists_what_the_referee_accepts() {
    let ice_legal = |view: &str, seat: u8| ask("icetowers", "legal", view, &seat.to_string(), "");
    let registry = stackyard_registry::registry();
    let kind = registry.get("icetowers").expect("icetowers is registered");
    let settings = json!({"players": 2});
    let fresh = || {
        let mut t = kind.create(&settings, Seed(5)).expect("a 2-seat table");
        for s in 0..2 {
            t.act(Seat(s), &json!({"type": "ready"}), t.now())
                .expect("ready");
        }
        t
    };
    let table = fresh();
    let view = table.view(Viewer::Seat(Seat(0)));
    let legal = ice_legal(&view.to_string(), 0).expect("a view");
    let legal = legal.as_array().expect("a list");
    assert!(legal.contains(&json!({"type": "done"})), "{legal:?}");
    let caps: Vec<&Value> = legal.iter().filter(|a| a["type"] == "cap").collect();
    assert!(!caps.is_empty(), "free-standers can cap at the start (I6)");
    for a in &caps {
        let mut t = fresh();
        t.act(Seat(0), a, t.now())
            .unwrap_or_else(|e| panic!("{a} refused: {e:?}"));
    }
    // Some cap of one of seat 0's free-standers that is not listed: refused.
    let piece = &caps[0]["piece"];
    let towers: Vec<Value> = view["towers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].clone())
        .collect();
    let missing = towers
        .iter()
        .map(|onto| json!({"type": "cap", "piece": piece, "onto": onto}))
        .find(|a| !legal.contains(a))
        .expect("not every tower takes that pyramid");
    let mut t = fresh();
    assert!(
        t.act(Seat(0), &missing, t.now()).is_err(),
        "{missing} is illegal"
    );
    // Bad input.
    assert!(ice_legal("{}", 0).is_err());
    assert!(
        ice_legal(&view.to_string(), 7)
            .unwrap_err()
            .0
            .contains("no seat 7")
    );
    let answer: Value = serde_json::from_str(&envelope(ice_legal("nope", 0))).unwrap();
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("not an IceTowers view")
    );
}

/// Every game's questions are listed with it, answered by name through one
/// `ask`, and an unknown game or question is named with what there is.
#[test]
fn questions_are_asked_by_game_and_name() {
    let listed = games();
    for g in listed.as_array().expect("a list") {
        assert!(g["queries"].is_array(), "{g}");
    }
    let ice = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "icetowers")
        .expect("icetowers");
    assert_eq!(ice["queries"], json!(["legal"]));
    let error = ask("chess", "legal", "{}", "0", "")
        .expect_err("no chess")
        .0;
    assert!(
        error.contains("\"chess\"") && error.contains("icetowers"),
        "{error}"
    );
    let error = ask("icetowers", "preview", "{}", "0", "")
        .expect_err("no preview")
        .0;
    assert!(
        error.contains("\"preview\"") && error.contains("legal"),
        "{error}"
    );
    // Towers answers one question (why a tower is stuck, #49.7), not IceTowers'.
    let towers = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "towers")
        .expect("towers");
    assert_eq!(towers["queries"], json!(["stuck"]));
    let error = ask("towers", "legal", "{}", "0", "")
        .expect_err("towers has no legal question")
        .0;
    assert!(
        error.contains("\"legal\"") && error.contains("stuck"),
        "{error}"
    );
    let long = "x".repeat(100_000);
    let error = ask("icetowers", &long, "{}", "0", "")
        .expect_err("no such question")
        .0;
    assert!(error.len() < 200, "the name is cut when quoted: {error}");
}

/// A game's default settings for each seat count of its range set up a
/// table; outside the range they are refused in words.
#[test]
fn settings_for_every_seat_count_of_every_game() {
    let registry = stackyard_registry::registry();
    for kind in registry.kinds() {
        let seats = kind.about().seats;
        for n in 0..=seats.max.saturating_add(1) {
            let answer = settings(kind.name(), n);
            if seats.allows(n) {
                let s = answer.unwrap_or_else(|e| panic!("{} with {n}: {e}", kind.name()));
                let table = kind.create(&s, Seed(1)).expect("sets up");
                assert_eq!(table.seat_count(), usize::from(n), "{}", kind.name());
            } else {
                let e = answer.expect_err("out of range").0;
                assert!(e.contains(&seats.words()), "{e}");
            }
        }
    }
    assert!(settings("nope", 2).is_err());
}
