//! What Tower of Babel says about itself to every shell (the registry's
//! listing).

use crate::Babel;
use stackyard_core::Listed;
use stackyard_core::about::{About, Choice, Field, FieldKind, ScoreWords, Seats, SettingsForm};

impl Listed for Babel {
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
