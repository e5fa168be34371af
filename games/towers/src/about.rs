//! What Towers says about itself to every shell (the registry's listing).

use crate::Position;
use stackyard_core::Listed;
use stackyard_core::about::{About, Choice, ScoreWords, Seats, SettingsForm};

impl Listed for Position {
    /// The board as text, row by row from the top with each block's owner
    /// and height (`B3`, `W1`, `.` empty, as the diagram writes them), the
    /// scores (T15) and whose turn it is (T7), or the end (T11).
    fn describe(view: &crate::View) -> Option<String> {
        let p = crate::Position::from_view(view).ok()?;
        let [black, white] = view.scores;
        let state = if view.over {
            "The game is over.".to_string()
        } else {
            let who = match view.turn {
                crate::Color::Black => "Black",
                crate::Color::White => "White",
            };
            format!("{who} to move.")
        };
        Some(format!("{p}Black {black}, White {white}. {state}\n"))
    }

    /// Each move and what it knocked down, from the reader's side (`words.rs`).
    fn narrate(
        events: &[crate::Event],
        told: &stackyard_core::words::Told<'_, Self>,
    ) -> Vec<stackyard_core::words::Line> {
        crate::words::narrate(events, told)
    }

    /// Why a tower of the mover's cannot move (T8, T9), for the browser to
    /// say when a player clicks one (`stuck.rs`).
    const QUERIES: &'static [stackyard_core::query::Query] = &[stackyard_core::query::Query {
        name: "stuck",
        about: "Why the tower on the square (\"c3\") cannot move, in the player's words \
                with the rule (T8 or T9); null when it may move or is not the mover's.",
        answer: crate::stuck::ask,
    }];

    #[cfg(feature = "ts")]
    fn visit_query_types<V: ts_rs::TypeVisitor>(v: &mut V) {
        v.visit::<crate::Stuck>();
    }

    const ABOUT: About = About {
        description: "Pick up one of your towers and drop it on another to build higher; \
                      whoever owns the most floors at the end wins.",
        seats: Seats::exactly(2),
        length: "about 10 minutes",
        rules: include_str!("../../../docs/rules/towers.md"),
        first_bot: Some("greedy"),
        // The settings are the variant text (T20): a board, then variants
        // joined with `+`.
        ends_by: "T11",
        score: ScoreWords {
            unit: "floor",
            left: false,
        },
        settings: SettingsForm::Text {
            name: "variant",
            base_name: "board",
            base_label: "Board",
            base: &[
                Choice {
                    value: "8x8",
                    label: "8 by 8 blocks",
                },
                Choice {
                    value: "6x6",
                    label: "6 by 6 blocks",
                },
                Choice {
                    value: "10x10",
                    label: "10 by 10 blocks",
                },
            ],
            parts: &[
                Choice {
                    value: "sprawl",
                    label: "Sprawl: start by placing single floors on an empty board",
                },
                Choice {
                    value: "infrastructure:4",
                    label: "Infrastructure: start with four utilities nobody owns",
                },
                Choice {
                    value: "capture",
                    label: "Capture: floors you knock down count for you",
                },
            ],
            hint: "for example 8x8+sprawl",
        },
    };
}

#[cfg(test)]
mod describe_tests {
    use crate::{Move, Position, Variant};
    use stackyard_core::{Game, Listed, Viewer};

    /// T4, T7, T15: the start reads as the diagram, the scores and who moves.
    #[test]
    fn the_board_in_text_t4_t7_t15() {
        let mut p = Position::new(Variant::default()).expect("the standard board");
        let text = Position::describe(&p.view(Viewer::Spectator)).expect("words");
        let rows: Vec<&str> = text.lines().collect();
        assert!(rows[0].starts_with(" 8 "), "row 8 first: {text}");
        assert!(
            rows[7].starts_with(" 1 ") && rows[7].contains("B1"),
            "T4: {text}"
        );
        assert!(
            text.ends_with("Black 32, White 32. Black to move.\n"),
            "{text}"
        );
        p.play_with_events("a1-b1".parse::<Move>().unwrap())
            .unwrap();
        let text = Position::describe(&p.view(Viewer::Spectator)).unwrap();
        assert!(
            text.contains("B2") && text.contains("White to move."),
            "T7: {text}"
        );
    }
}
