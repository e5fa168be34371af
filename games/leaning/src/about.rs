//! What Leaning Towers says about itself to every shell (the registry's
//! listing).

use crate::judge::SlipReason;
use crate::preview::Placement;
use crate::settings::SEATS;
use crate::suggest::Ask;
use crate::{Event, LeaningTowers, Settings, Verdict, View};
use stackyard_core::Listed;
use stackyard_core::about::{About, Field, FieldKind, Knob, OnlineCost, ScoreWords, SettingsForm};
use stackyard_core::query::{Asked, Query, answer};

impl Listed for LeaningTowers {
    /// Every placement runs the solver until the pieces settle, at most
    /// the physics table's time cap (5 simulated seconds by default, L9).
    fn online_cost(settings: &Settings) -> Option<OnlineCost> {
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
            simulated_s: vec![Knob {
                key: "physics.sim.max_time_s",
                value: sim.max_time_s,
            }],
        })
    }

    /// The browser's preview of a placement and its suggested poses, both
    /// the game's own physics with hand noise off.
    /// A bot-game summary counts placements by verdict (L9): clean ones,
    /// releases of held pieces (L12), slips, breaks and wrecks, and passes.
    /// The table as text, the 3-D picture's alternative: seats, hands and
    /// every piece by level (`words.rs`).
    fn describe(view: &View) -> Option<String> {
        Some(crate::words::describe(view))
    }

    /// Each event in a player's words, from the reader's side (`words.rs`).
    fn narrate(
        events: &[Event],
        told: &stackyard_core::words::Told<'_, Self>,
    ) -> Vec<stackyard_core::words::Line> {
        crate::words::narrate(events, told)
    }

    fn tally(event: &Event) -> Vec<(&'static str, u64)> {
        let words = match event {
            Event::Placed { released: true, .. } => "release",
            Event::Placed { .. } => "clean placement",
            Event::Failed { verdict, .. } => match verdict {
                Verdict::Slip => "slip",
                Verdict::Break => "break",
                Verdict::Wreck => "wreck",
                Verdict::Clean => return Vec::new(),
            },
            Event::Passed { .. } => "pass",
            _ => return Vec::new(),
        };
        vec![(words, 1)]
    }

    /// The `preview` query's placement and answer, the `suggest` query's
    /// request and answers: the browser's types for them are generated.
    #[cfg(feature = "ts")]
    fn visit_query_types<V: ts_rs::TypeVisitor>(v: &mut V) {
        v.visit::<Placement>();
        v.visit::<crate::preview::Preview>();
        v.visit::<Ask>();
        v.visit::<crate::suggest::Suggestion>();
    }

    /// Each slip reason's words and rule (`SLIP_REASONS`, keyed by the
    /// reason as the wire writes it): the browser says why a piece slipped
    /// from these instead of restating L6, L7, L9, L-3, L-5, L-9 and L-16.
    fn wire_constants() -> Vec<(&'static str, serde_json::Value)> {
        let reasons: serde_json::Map<String, serde_json::Value> = SlipReason::ALL
            .iter()
            .map(|r| {
                let key = serde_json::to_value(r)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default();
                (
                    key,
                    serde_json::json!({ "words": r.words(), "rule": r.rule() }),
                )
            })
            .collect();
        vec![("SLIP_REASONS", serde_json::Value::Object(reasons))]
    }

    const QUERIES: &'static [Query] = &[
        Query {
            name: "preview",
            about: "What the physics predicts for a placement by the seat to act \
                    (`{kind, position, rotation_deg, hold}`), hand noise off.",
            answer: preview,
        },
        Query {
            name: "suggest",
            about: "Clean poses for the seat to act (`{size, near, max, budget}`), \
                    steadiest first.",
            answer: suggest,
        },
    ];

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

/// The view and the table's settings of a question (the defaults for the
/// view's seats when none are given).
fn view_and_settings(asked: &Asked<'_>) -> Result<(View, Settings), String> {
    let view: View = asked.view("this is not a Leaning Towers view")?;
    let settings = asked
        .settings("these are not Leaning Towers settings")?
        .unwrap_or_else(|| Settings::new(view.seats));
    Ok((view, settings))
}

/// `preview`: [`crate::preview::preview`] of the asked placement.
fn preview(asked: &Asked<'_>) -> Result<serde_json::Value, String> {
    let (view, settings) = view_and_settings(asked)?;
    let placement: Placement =
        asked.input("the placement is not {kind, position, rotation_deg, hold}")?;
    crate::preview::preview(&view, &settings, &placement)
        .map(|p| answer(&p))
        .map_err(|e| e.to_string())
}

/// `suggest`: [`crate::suggest::suggest`] for the asked size.
fn suggest(asked: &Asked<'_>) -> Result<serde_json::Value, String> {
    let (view, settings) = view_and_settings(asked)?;
    let ask: Ask = asked.input("the request is not {size, near, max, budget}")?;
    crate::suggest::suggest(&view, &settings, &ask)
        .map(|s| answer(&s))
        .map_err(|e| e.to_string())
}
