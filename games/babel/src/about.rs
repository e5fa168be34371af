//! What Tower of Babel says about itself to every shell (the registry's
//! listing).

use crate::Babel;
use stackyard_core::Listed;
use stackyard_core::about::{About, Choice, Field, FieldKind, ScoreWords, Seats, SettingsForm};

impl Listed for Babel {
    /// Each draw and move in a player's words (`words.rs`).
    fn narrate(
        events: &[crate::Event],
        told: &stackyard_core::words::Told<'_, Self>,
    ) -> Vec<stackyard_core::words::Line> {
        crate::words::narrate(events, told)
    }

    /// The suits' and values' names and symbols (`SUITS`: letter to
    /// `{name, symbol}`; `VALUES`: letter to name), so the browser names
    /// tiles from the rules' own words (B1).
    fn wire_constants() -> Vec<(&'static str, serde_json::Value)> {
        let suits: serde_json::Map<String, serde_json::Value> = crate::SUITS
            .iter()
            .zip(crate::SUIT_NAMES.iter().zip(crate::SUIT_SYMBOLS))
            .map(|(l, (name, symbol))| {
                (
                    l.to_string(),
                    serde_json::json!({"name": name, "symbol": symbol}),
                )
            })
            .collect();
        let values: serde_json::Map<String, serde_json::Value> = crate::VALUES
            .iter()
            .zip(crate::VALUE_NAMES)
            .map(|(l, name)| (l.to_string(), serde_json::Value::from(name)))
            .collect();
        vec![("SUITS", suits.into()), ("VALUES", values.into())]
    }

    const ABOUT: About = About {
        description: "A patience game: lay tiles in a line and pile matching ones together \
                      until as few stacks as possible are left.",
        seats: Seats::exactly(1),
        length: "about 5 minutes",
        rules: include_str!("../../../docs/rules/babel.md"),
        first_bot: None,
        ends_by: "B7",
        score: ScoreWords {
            unit: "stack",
            left: true,
        },
        settings: SettingsForm::Object {
            fields: &[
                Field {
                    key: "variant",
                    name: "variant",
                    label: "Rules",
                    kind: FieldKind::Choice {
                        options: &[
                            Choice {
                                value: "standard",
                                label: "Standard: draw whenever you like",
                            },
                            Choice {
                                value: "strict",
                                label: "Strict: draw only when no move is possible",
                            },
                        ],
                    },
                },
                // B-8: taking moves back is a setting, off by default in the
                // rules and offered on in a lobby.
                Field {
                    key: "undo",
                    name: "undo",
                    label: "Allow taking moves back",
                    kind: FieldKind::Flag { start: Some(true) },
                },
            ],
            advanced: false,
        },
    };
}
