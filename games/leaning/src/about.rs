//! What Leaning Towers says about itself to every shell (the registry's
//! listing).

use crate::LeaningTowers;
use crate::settings::SEATS;
use stackyard_core::Listed;
use stackyard_core::about::{About, Field, FieldKind, ScoreWords, SettingsForm};

impl Listed for LeaningTowers {
    const ABOUT: About = About {
        description: "Take turns leaning pyramids on a growing sculpture; the higher and \
                      riskier the placement, the more points, unless it falls.",
        seats: SEATS,
        length: "about 15 minutes",
        rules: include_str!("../../../docs/rules/leaning.md"),
        // The weakest level, `pass`, only passes: a test aid, not an opponent.
        first_bot: Some("easy"),
        // Players and the series target as fields; tolerances, hand noise
        // and physics as the game's JSON, under Advanced.
        ends_by: "L13",
        score: ScoreWords {
            unit: "point",
            left: false,
        },
        settings: SettingsForm::Object {
            fields: &[
                Field {
                    key: "seats",
                    name: "players",
                    label: "Players",
                    kind: FieldKind::Seats { start: 2 },
                },
                Field {
                    key: "target_score",
                    name: "target",
                    label: "Play until someone has",
                    kind: FieldKind::Number {
                        min: 1,
                        max: None,
                        scale: 1,
                        zero_is_none: false,
                        none_shows: 50,
                        hint: " points",
                    },
                },
            ],
            advanced: true,
        },
    };
}
