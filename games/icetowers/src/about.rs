//! What IceTowers says about itself to every shell (the registry's listing).

use crate::IceTowers;
use crate::settings::SEATS;
use stackyard_core::Listed;
use stackyard_core::about::{About, Field, FieldKind, ScoreWords, SettingsForm};

impl Listed for IceTowers {
    const ABOUT: About = About {
        description: "Everyone plays at once: cap towers of pyramids with your own colour to \
                      own them, and steal pieces from the others.",
        seats: SEATS,
        length: "about 5 minutes",
        rules: include_str!("../../../docs/rules/icetowers.md"),
        // A race: the greedy bot plays sensibly, and at 2.5 s a play (its
        // spec's reaction time) a newcomer can keep up with it.
        first_bot: Some("greedy:2500"),
        ends_by: "I13",
        score: ScoreWords {
            unit: "point",
            left: false,
        },
        settings: SettingsForm::Object {
            fields: &[
                Field {
                    key: "players",
                    name: "players",
                    label: "Players",
                    kind: FieldKind::Seats { start: 2 },
                },
                Field {
                    key: "ghost",
                    name: "ghost",
                    label: "Add a ghost: a white colour nobody owns that anyone may play",
                    kind: FieldKind::Flag,
                },
                Field {
                    key: "hold_limit_ms",
                    name: "hold",
                    label: "Seconds you may hold a piece",
                    kind: FieldKind::Number {
                        min: 1,
                        max: None,
                        scale: 1000,
                        zero_is_none: false,
                        none_shows: 10,
                        hint: "",
                    },
                },
                Field {
                    key: "game_timer_ms",
                    name: "timer",
                    label: "Game length in seconds",
                    // A first game ends on its own (I13) even if nobody says "done".
                    kind: FieldKind::Number {
                        min: 0,
                        max: None,
                        scale: 1000,
                        zero_is_none: true,
                        none_shows: 300,
                        hint: " (0: until everyone says done)",
                    },
                },
            ],
            advanced: false,
        },
    };
}
