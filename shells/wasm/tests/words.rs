//! `narrate`, called natively (the page calls the same function compiled to
//! WebAssembly): every registered game words every step of a bot game, from
//! each reader's side, with the rule each line cites kept out of the
//! sentence; bad input is an error naming it, never a panic.

use serde_json::{Value, json};
use stackyard_core::Seed;
use stackyard_wasm::narrate;

/// A rule id as the rules pages write them ("L12", "T-3", "I13c").
fn has_rule_id(text: &str) -> bool {
    let b = text.as_bytes();
    (0..b.len()).any(|i| {
        let starts = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        let mut j = i + 1;
        if j < b.len() && b[j] == b'-' {
            j += 1;
        }
        starts && b[i].is_ascii_uppercase() && j < b.len() && b[j].is_ascii_digit()
    })
}

#[test]
fn every_game_words_every_step_of_a_bot_game_from_each_side() {
    let registry = stackyard_registry::registry();
    for kind in registry.kinds() {
        let settings = kind.sim_settings();
        let seats = kind.about().seats.min.max(2).min(kind.about().seats.max);
        let mut settings_for = settings.clone();
        if let Some(obj) = settings_for.as_object_mut()
            && obj.contains_key("seats")
        {
            obj.insert("seats".into(), json!(seats));
        }
        let table = kind
            .create(&settings_for, Seed(3))
            .expect("the sim settings set up");
        let level = kind.bot_levels()[0].name.clone();
        let n = table.seat_count();
        let levels = vec![level.as_str(); n];
        let sim = kind
            .simulate(&settings_for, &levels, Seed(5), 40)
            .unwrap_or_else(|e| panic!("{}: {e}", kind.name()));
        let names: Vec<String> = (0..n).map(|s| format!("Name{s}")).collect();
        let record = sim.record;
        let mut worded = 0;
        for viewer in [
            json!({"type": "seat", "seat": 0}),
            json!({"type": "spectator"}),
        ] {
            let replay =
                stackyard_wasm::replay(&record, &viewer.to_string()).expect("the record replays");
            let frames = replay["frames"].as_array().expect("frames");
            let seat = viewer.get("seat").cloned().unwrap_or(Value::Null);
            for w in frames.windows(2) {
                let tell = json!({
                    "events": w[1]["events"], "view": w[1]["view"], "before": w[0]["view"],
                    "settings": settings_for, "viewer": seat, "names": names,
                });
                let lines = narrate(kind.name(), &tell.to_string())
                    .unwrap_or_else(|e| panic!("{}: {e}", kind.name()));
                for l in lines.as_array().expect("lines") {
                    let text = l["text"].as_str().expect("a text");
                    assert!(!text.is_empty(), "{}: an empty line", kind.name());
                    assert!(
                        !has_rule_id(text),
                        "{}: a rule id in the sentence: {text}",
                        kind.name()
                    );
                    assert!(
                        !text.contains("Name0") || seat.is_null(),
                        "{}: seat 0 reads its own seat as You: {text}",
                        kind.name()
                    );
                    if let Some(rule) = l["rule"].as_str() {
                        assert!(
                            has_rule_id(rule),
                            "{}: {rule:?} is not a rule id",
                            kind.name()
                        );
                    }
                    worded += 1;
                }
            }
        }
        assert!(worded > 0, "{} words none of its steps", kind.name());
    }
}

#[test]
fn bad_input_is_named_not_panicked_on() {
    let err = narrate("chess", "{}").expect_err("no such game");
    assert!(err.0.contains("no game is called \"chess\""), "{err}");
    let err = narrate("towers", "not json").expect_err("not JSON");
    assert!(err.0.starts_with("what to tell is not"), "{err}");
    let err = narrate("towers", r#"{"events": [{"type": "capped"}], "view": {}}"#)
        .expect_err("not Towers events");
    assert!(err.0.contains("these are not Towers events"), "{err}");
    let many: Vec<Value> = (0..300)
        .map(|_| json!({"type": "ended", "scores": [1, 2]}))
        .collect();
    let err =
        narrate("towers", &json!({"events": many, "view": {}}).to_string()).expect_err("too many");
    assert!(err.0.contains("at most 256 events"), "{err}");
}
