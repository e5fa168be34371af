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
            fields: &[Field {
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
            }],
            advanced: false,
        },
    };
}
