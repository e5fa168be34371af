//! What each game says about itself holds for the game itself: the seat
//! range takes the default settings, the settings form names real keys and
//! makes tables at both ends of the seat range, the first bot is a listed
//! level, the rules page is the game's.

use serde_json::Value;
use stackyard_core::Seed;
use stackyard_core::about::{FieldKind, SettingsForm};

#[test]
fn every_games_about_matches_its_rules() {
    for kind in stackyard_registry::registry().kinds() {
        let about = kind.about();
        let name = kind.name();
        assert!(
            about.seats.min >= 1 && about.seats.min <= about.seats.max,
            "{name}"
        );
        assert!(about.description.ends_with('.'), "{name}: one sentence");
        assert!(
            about.rules.starts_with('#'),
            "{name}: the rules page is Markdown"
        );
        assert!(
            about.rules.contains(kind.title()),
            "{name}: its own rules page"
        );
        let defaults = kind.default_settings();
        let table = kind.create(&defaults, Seed(1)).unwrap();
        assert!(
            about.seats.allows(table.seat_count() as u8),
            "{name}: the default settings seat {} players",
            table.seat_count()
        );
        let levels = kind.bot_levels();
        for level in &levels {
            assert!(
                !level.title.is_empty() && !level.about.is_empty(),
                "{name} {}",
                level.name
            );
        }
        match about.first_bot {
            Some(first) => assert!(
                levels.iter().any(|l| l.name == first),
                "{name}: first bot {first} is not listed"
            ),
            None => assert_eq!(
                about.seats.max, 1,
                "{name}: a game with opponents names a first bot"
            ),
        }
        match about.settings {
            SettingsForm::Object { fields, .. } => {
                let object = defaults.as_object().expect("object settings");
                for f in fields {
                    if !object.contains_key(f.key) {
                        // A tick box the settings leave out while it is off
                        // (Babel's undo, B-8: so records from before it
                        // replay as they were): ticked, the game keeps it,
                        // so the key is a real setting and not a typo.
                        assert!(
                            matches!(f.kind, FieldKind::Flag { .. }),
                            "{name}: no settings key {:?}",
                            f.key
                        );
                        let mut s = defaults.clone();
                        s[f.key] = Value::Bool(true);
                        let made = kind.create(&s, Seed(1)).unwrap();
                        assert_eq!(
                            made.record()["settings"][f.key],
                            Value::Bool(true),
                            "{name}: the tick box {:?} is not a setting the game keeps",
                            f.key
                        );
                    }
                    if let FieldKind::Seats { start } = f.kind {
                        assert!(about.seats.allows(start), "{name}");
                        // Both ends of the range make a table of that size; one
                        // past either end is refused.
                        for n in [about.seats.min, about.seats.max] {
                            let mut s = defaults.clone();
                            s[f.key] = Value::from(n);
                            let t = kind.create(&s, Seed(1)).unwrap();
                            assert_eq!(t.seat_count(), n as usize, "{name}");
                        }
                        for n in [about.seats.min - 1, about.seats.max + 1] {
                            let mut s = defaults.clone();
                            s[f.key] = Value::from(n);
                            assert!(kind.create(&s, Seed(1)).is_err(), "{name}: {n} seats");
                        }
                    }
                    if let FieldKind::Choice { options } = f.kind {
                        for o in options {
                            let mut s = defaults.clone();
                            s[f.key] = Value::from(o.value);
                            kind.create(&s, Seed(1)).unwrap();
                        }
                    }
                }
            }
            SettingsForm::Text { base, parts, .. } => {
                assert_eq!(
                    defaults.as_str(),
                    Some(base[0].value),
                    "{name}: the default base first"
                );
                for b in base {
                    for p in parts {
                        let text = format!("{}+{}", b.value, p.value);
                        kind.create(&Value::from(text), Seed(1)).unwrap();
                    }
                }
            }
        }
    }
}

/// Every game's settings refuse what they do not know, naming it: an
/// unknown key of an object (a misspelt option is never silently the
/// default), an unknown part of a text; the defaults still make a table.
#[test]
fn every_games_settings_refuse_an_unknown_key_naming_it() {
    for kind in stackyard_registry::registry().kinds() {
        let name = kind.name();
        let mut settings = kind.default_settings();
        let wrong = match &mut settings {
            Value::Object(map) => {
                map.insert("no_such_key".into(), Value::from(1));
                "no_such_key"
            }
            Value::String(text) => {
                text.push_str("+no_such_part");
                "no_such_part"
            }
            other => panic!("{name}: settings of an unexpected shape {other}"),
        };
        let refused = match kind.create(&settings, Seed(1)) {
            Ok(_) => panic!("{name}: {settings} was taken"),
            Err(e) => e.to_string(),
        };
        assert!(refused.contains(wrong), "{name}: {refused}");
        assert!(
            kind.create(&kind.default_settings(), Seed(1)).is_ok(),
            "{name}"
        );
    }
}
