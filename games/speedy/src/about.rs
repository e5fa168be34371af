//! What Speedy Towers says about itself to every shell (the registry's
//! listing).

use crate::settings::SEATS;
use crate::{EndReason, Event, SpeedyTowers};
use stackyard_core::Listed;
use stackyard_core::about::{About, Field, FieldKind, Knob, OnlineCost, ScoreWords, SettingsForm};

impl Listed for SpeedyTowers {
    /// Every placement runs the solver until the pieces settle: at most
    /// the physics table's own time cap or P9's settling cap, whichever is
    /// shorter.
    fn online_cost(settings: &crate::Settings) -> Option<OnlineCost> {
        let sim = &settings.physics.sim;
        Some(OnlineCost {
            step_hz: Knob {
                key: "physics.sim.step_hz",
                value: sim.step_hz,
            },
            substeps: Knob {
                key: "physics.sim.substeps",
                value: f64::from(sim.substeps),
            },
            simulated_s: vec![
                Knob {
                    key: "physics.sim.max_time_s",
                    value: sim.max_time_s,
                },
                Knob {
                    key: "settle_cap_s",
                    value: settings.settle_cap_s,
                },
            ],
        })
    }

    /// The pieces' default dimensions (`DEFAULT_PIECES`, the physics
    /// room's `pieces` at the game's default settings): the browser draws
    /// a table whose settings it does not know (a replay) with these, so it
    /// never restates the piecepack's sizes.
    fn wire_constants() -> Vec<(&'static str, serde_json::Value)> {
        let pieces = crate::settings::default_physics().pieces;
        // The suits' names and symbols (`SUITS`, by letter, P1): the
        // browser names and draws pieces with these, never its own copy.
        let suits: serde_json::Map<String, serde_json::Value> = crate::Suit::ALL
            .iter()
            .map(|s| {
                let letter = serde_json::to_value(s)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default();
                (
                    letter,
                    serde_json::json!({"name": s.name(), "symbol": s.symbol()}),
                )
            })
            .collect();
        vec![
            (
                "DEFAULT_PIECES",
                serde_json::to_value(pieces).unwrap_or(serde_json::Value::Null),
            ),
            ("SUITS", suits.into()),
        ]
    }

    /// The table as text: towers bottom to top, seats' piles as everyone
    /// sees them, what fell out (`words.rs`).
    fn describe(view: &crate::View) -> Option<String> {
        Some(crate::words::describe(view))
    }

    /// Each step in a player's words, a placement and how it settled as
    /// one line (`words.rs`).
    fn narrate(
        events: &[Event],
        told: &stackyard_core::words::Told<'_, Self>,
    ) -> Vec<stackyard_core::words::Line> {
        crate::words::narrate(events, told)
    }

    /// A bot-game summary counts placements, those that left something
    /// fallen (P10), and
    /// how each game ended: a pawn on a highest tower (P11) or nobody able
    /// to place (P12).
    fn tally(event: &Event) -> Vec<(&'static str, u64)> {
        match event {
            Event::Placed { .. } => vec![("placement", 1)],
            // A placement that left something fallen (P10) is one fall.
            Event::Settled { fallen, .. } => vec![("fall (P10)", u64::from(!fallen.is_empty()))],
            Event::Ended { reason, .. } => vec![match reason {
                EndReason::Pawn => ("pawn win (P11)", 1),
                EndReason::Stuck => ("fewest pieces (P12)", 1),
            }],
            _ => Vec::new(),
        }
    }

    const ABOUT: About = About {
        description: "Race to stack your tiles and coins on matching towers without knocking \
                      anything over; first to get rid of them all wins.",
        seats: SEATS,
        length: "about 5 minutes",
        rules: include_str!("../../../docs/rules/speedy.md"),
        // The beginner plays at a person's pace (issue 24).
        first_bot: Some("beginner"),
        // Two players to begin with, whatever the game's own default (a
        // newcomer should not find three bots at a first table); hand
        // noise, layout and physics keep their defaults.
        ends_by: "P11",
        score: ScoreWords {
            unit: "piece",
            left: true,
        },
        settings: SettingsForm::Object {
            fields: &[Field {
                key: "players",
                name: "players",
                label: "Players",
                kind: FieldKind::Seats { start: 2 },
            }],
            advanced: false,
        },
    };
}
