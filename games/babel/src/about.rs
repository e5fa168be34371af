//! What Tower of Babel says about itself to every shell (the registry's
//! listing).

use crate::Babel;
use stackyard_core::Listed;
use stackyard_core::about::{About, Choice, Field, FieldKind, ScoreWords, Seats, SettingsForm};

impl Listed for Babel {
    /// The line of stacks as text, left to right with each stack's top
    /// tile and height, and how many tiles are left to draw (B1, B3): what
    /// a terminal watching the table and a screen reader show.
    fn describe(view: &crate::View) -> Option<String> {
        let stacks: Vec<String> = view
            .line
            .iter()
            .enumerate()
            .filter_map(|(i, stack)| {
                let top = stack.last()?;
                Some(match stack.len() {
                    1 => format!("{}: {}", i + 1, top.name()),
                    n => format!("{}: {} on {} tiles", i + 1, top.name(), n),
                })
            })
            .collect();
        let state = if view.over {
            "The game is over."
        } else {
            "In play."
        };
        Some(format!(
            "{state} {} left to draw; the line has {}{}.\n{}\n",
            stackyard_core::words::plural(view.undrawn as i64, "tile"),
            stackyard_core::words::plural(view.line.len() as i64, "stack"),
            match view.variant {
                crate::Variant::Standard => "",
                crate::Variant::Strict => " (strict: no draw while a move is legal)",
            },
            if stacks.is_empty() {
                "No tile is drawn yet.".to_string()
            } else {
                stacks.join("\n")
            }
        ))
    }

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

#[cfg(test)]
mod describe_tests {
    use crate::{Action, Babel, Settings};
    use stackyard_core::{Game, GameTime, Listed, Seat, Seed, Viewer};

    /// B1, B3: the line left to right with its tops, and what is left to
    /// draw.
    #[test]
    fn the_line_in_text_b1_b3() {
        let mut g = Babel::new(&Settings::default(), Seed(4)).expect("a deal");
        let text = Babel::describe(&g.view(Viewer::Seat(Seat(0)))).unwrap();
        assert!(
            text.starts_with("In play. 24 tiles left to draw"),
            "B1: {text}"
        );
        assert!(text.contains("No tile is drawn yet."), "{text}");
        for _ in 0..3 {
            g.apply(Seat(0), &Action::Draw, GameTime::ZERO).unwrap();
        }
        let view = g.view(Viewer::Seat(Seat(0)));
        let text = Babel::describe(&view).unwrap();
        assert!(text.contains("21 tiles left to draw"), "{text}");
        let first = view.line[0].last().unwrap().name();
        assert!(text.contains(&format!("1: {first}")), "{text}");
    }
}
