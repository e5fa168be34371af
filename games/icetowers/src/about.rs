//! What IceTowers says about itself to every shell (the registry's listing).

use crate::piece::{COLOUR_NAMES, GHOST_NAME, PieceId, STASH};
use crate::settings::SEATS;
use crate::{EndReason, Event, IceTowers, Settings, View};
use stackyard_core::about::{About, Field, FieldKind, ScoreWords, SettingsForm};
use stackyard_core::query::{Asked, Query, answer};
use stackyard_core::{Game, Listed};
use std::fmt::Write;

impl Listed for IceTowers {
    /// Each play in a player's words, from the reader's side (`words.rs`).
    fn narrate(
        events: &[crate::Event],
        told: &stackyard_core::words::Told<'_, Self>,
    ) -> Vec<stackyard_core::words::Line> {
        crate::words::narrate(events, told)
    }

    /// A bot-game summary counts how each game ended (I13a–c) and the
    /// ghost's points (I14): with them, the summary says how often the
    /// timer decided and how the ghost fared.
    fn tally(event: &Event) -> Vec<(&'static str, u64)> {
        match event {
            Event::Ended { reason, ghost, .. } => {
                let mut counts = vec![(end_words(*reason), 1)];
                if let Some(points) = ghost {
                    counts.push(("ghost point", u64::try_from(*points).unwrap_or(0)));
                }
                counts
            }
            _ => Vec::new(),
        }
    }

    /// Four seats and a 300 s timer (I13c): without a timer, bots can mine
    /// and recapture forever.
    fn sim_settings() -> Settings {
        Settings {
            game_timer_ms: Some(300_000),
            ..Settings::new(4)
        }
    }

    /// The towers (position, controlling colour, pips, pieces bottom to
    /// top), each colour's score with the winners marked (I15), and how
    /// the game ended.
    fn describe(view: &View) -> Option<String> {
        let game = IceTowers::from_view(view).ok()?;
        Some(describe(&game))
    }

    /// What a seat may do now, by the referee's own list: the browser
    /// highlights legal caps and mines from it instead of re-typing I6–I11.
    const QUERIES: &'static [Query] = &[Query {
        name: "legal",
        about: "Every action the seat (a number) may take now, as the referee \
                checks them (IceTowers hides nothing, so the view rebuilds the table).",
        answer: legal,
    }];

    /// Each piece id's colour and size in pips (I1: fifteen a stash, five
    /// of each size), for every colour a table may hold (the seats and the
    /// ghost), and the colours' names: the browser decodes ids with these.
    fn wire_constants() -> Vec<(&'static str, serde_json::Value)> {
        let colours = SEATS.max as usize + 1;
        let pieces: Vec<serde_json::Value> = (0..colours * STASH)
            .map(|id| {
                let p = PieceId(id as u8);
                serde_json::json!({ "colour": p.colour().0, "pips": p.pips() })
            })
            .collect();
        let mut names: Vec<&str> = COLOUR_NAMES.to_vec();
        names.push(GHOST_NAME);
        vec![
            ("PIECES", serde_json::Value::from(pieces)),
            ("COLOUR_NAMES", serde_json::json!(names)),
            (
                "NOTHING_HERE",
                serde_json::json!({
                    "words": crate::words::NOTHING_HERE.0,
                    "rule": crate::words::NOTHING_HERE.1,
                }),
            ),
        ]
    }

    const ABOUT: About = About {
        description: "Everyone plays at once: cap towers of pyramids with your own colour to \
                      own them, and steal pieces from the others.",
        seats: SEATS,
        length: "about 5 minutes",
        rules: include_str!("../../../docs/rules/icetowers.md"),
        // A race: the beginner plays sensibly at a newcomer's pace (one
        // play every 8 to 10 s, its own reaction time, issues 24 and 49).
        first_bot: Some("beginner"),
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
                    kind: FieldKind::Flag { start: None },
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

/// `legal`: [`IceTowers::legal_actions`] of the asked seat at the table
/// the view rebuilds.
fn legal(asked: &Asked<'_>) -> Result<serde_json::Value, String> {
    let view: crate::View = asked.view("this is not an IceTowers view")?;
    let seat: u8 = asked.input("the seat is not a number 0–255")?;
    if usize::from(seat) >= view.seats.len() {
        return Err(format!(
            "there is no seat {seat} at this {}-seat table",
            view.seats.len()
        ));
    }
    let game = IceTowers::from_view(&view)
        .map_err(|e| format!("this IceTowers view does not rebuild a table: {e}"))?;
    Ok(answer(&game.legal_actions(stackyard_core::Seat(seat))))
}

/// How a game ended, in words with its rule.
fn end_words(reason: EndReason) -> &'static str {
    match reason {
        EndReason::AllDone => "ended: everyone done (I13a)",
        EndReason::NoPlays => "ended: no plays left (I13b)",
        EndReason::Timer => "ended: the timer (I13c)",
    }
}

/// The name of colour `c` at a table of `players` seats (the ghost's
/// after the seats').
fn colour_name(c: usize, players: usize) -> &'static str {
    if c == players {
        GHOST_NAME
    } else {
        COLOUR_NAMES.get(c).copied().unwrap_or("?")
    }
}

/// [`Listed::describe`] of a table.
fn describe(game: &IceTowers) -> String {
    let n = game.seats();
    let mut text = String::new();
    let mut line = |args: std::fmt::Arguments<'_>| {
        let _ = text.write_fmt(args);
        text.push('\n');
    };
    match game.ending() {
        Some(e) => line(format_args!("{} at {}", end_words(e.reason), e.at)),
        None => line(format_args!("not over (last time {})", game.now())),
    }
    line(format_args!(
        "{:<6} {:>11}  {:<8} {:>4}  pieces (bottom to top)",
        "tower", "position", "control", "pips"
    ));
    for t in game.towers() {
        let pieces: Vec<String> = t
            .pieces
            .iter()
            .map(|p| format!("{}{}", colour_name(p.colour().index(), n), p.pips()))
            .collect();
        line(format_args!(
            "{:<6} {:>11}  {:<8} {:>4}  {}",
            t.id.to_string(),
            format!("({},{})", t.pos.x, t.pos.y),
            colour_name(t.controller().index(), n),
            t.pips(),
            pieces.join(" ")
        ));
    }
    let winners = Game::outcome(game).map(|o| o.winners).unwrap_or_default();
    for (c, score) in game.scores_by_colour().iter().enumerate() {
        let who = if c == n {
            "ghost".to_string()
        } else {
            format!("seat {c}")
        };
        let seat_won = c < n && winners.iter().any(|w| w.index() == c);
        let ghost_won = c == n && game.is_over() && winners.is_empty();
        let won = if seat_won || ghost_won {
            "  winner"
        } else {
            ""
        };
        line(format_args!(
            "{who:<8} {:<7} {score:>4}{won}",
            colour_name(c, n)
        ));
    }
    text
}
