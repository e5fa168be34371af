//! Towers' events in a player's words ([`stackyard_core::words`]): each
//! move by its player's name and colour, towers knocked down or flattened,
//! and the end, each citing its rule apart from the sentence.

use crate::{Color, Event, Move, Position};
use stackyard_core::Seat;
use stackyard_core::words::{Line, LineKind, Told, Who, plural};

fn seat(c: Color) -> Seat {
    Seat(c.index() as u8)
}

fn colour(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// "You (Black)", "Bea (White)".
fn player(who: &Who<'_>, c: Color) -> String {
    format!("{} ({})", who.name(seat(c)), colour(c))
}

fn squares(list: &[crate::Square]) -> String {
    list.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every event of one step, one line each.
pub(crate) fn narrate(events: &[Event], told: &Told<'_, Position>) -> Vec<Line> {
    let who = &told.who;
    events
        .iter()
        .map(|e| match e {
            Event::Played { by, mv } => {
                let name = player(who, *by);
                let (text, rule) = match mv {
                    Move::Step { from, to } => {
                        (format!("{name} moved the tower on {from} onto {to}."), "T8")
                    }
                    Move::Place(at) => (format!("{name} placed a floor on {at}."), "T17"),
                    Move::Utility(at) => (format!("{name} placed a utility on {at}."), "T18"),
                    Move::Pass => (format!("{name} passed: no move was possible."), "T10"),
                };
                // A plain move cites nothing; variants' moves and a pass do.
                let rule = if matches!(mv, Move::Step { .. }) {
                    None
                } else {
                    Some(rule)
                };
                Line::new(LineKind::Move, text, rule).mine(who.is_me(seat(*by)))
            }
            Event::Demolished {
                squares: at,
                floors,
            } => Line::new(
                LineKind::Fell,
                format!(
                    "{} cut off from the tallest building came down ({}): {} gone.",
                    plural(at.len() as i64, "tower"),
                    squares(at),
                    plural(i64::from(*floors), "floor")
                ),
                Some("T13"),
            ),
            Event::Flattened {
                squares: at,
                floors,
            } => Line::new(
                LineKind::Fell,
                format!(
                    "Flattened to one floor: {} ({} left the game).",
                    squares(at),
                    plural(i64::from(*floors), "floor")
                ),
                Some("T19"),
            ),
            Event::Ended { scores } => Line::new(
                LineKind::End,
                format!(
                    "No more moves: {} {} {}, {} {}.",
                    player(who, Color::Black),
                    who.pick(seat(Color::Black), "have", "has"),
                    plural(i64::from(scores[0]), "floor"),
                    player(who, Color::White),
                    plural(i64::from(scores[1]), "floor"),
                ),
                Some("T11"),
            ),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use stackyard_core::{Game, Seed, Viewer};

    fn tell(events: &[Event], viewer: Option<u8>) -> Vec<Line> {
        let game =
            <Position as Game>::new(&Default::default(), Seed(1)).expect("the default board");
        let view = game.view(Viewer::Spectator);
        let names = vec!["Ada".to_string(), "Easy bot".to_string()];
        narrate(events, &Told::from_view(&view, viewer.map(Seat), &names))
    }

    fn sq(s: &str) -> crate::Square {
        s.parse().expect("a square")
    }

    /// T8: a move reads "You (Black)" for its player, the name for others.
    #[test]
    fn a_move_reads_from_each_side_t8() {
        let e = [Event::Played {
            by: Color::Black,
            mv: Move::Step {
                from: sq("a1"),
                to: sq("a3"),
            },
        }];
        let own = &tell(&e, Some(0))[0];
        assert_eq!(own.text, "You (Black) moved the tower on a1 onto a3.");
        assert!(own.mine);
        assert_eq!(
            tell(&e, Some(1))[0].text,
            "Ada (Black) moved the tower on a1 onto a3."
        );
        assert_eq!(
            tell(&e, None)[0].text,
            "Ada (Black) moved the tower on a1 onto a3."
        );
        let pass = [Event::Played {
            by: Color::White,
            mv: Move::Pass,
        }];
        assert_eq!(
            tell(&pass, Some(1))[0].text,
            "You (White) passed: no move was possible."
        );
        assert_eq!(tell(&pass, Some(1))[0].rule.as_deref(), Some("T10"));
    }

    /// T13, T19, T11: what fell and the end cite their rules, not in words.
    #[test]
    fn falls_and_the_end_cite_t13_t19_t11() {
        let lines = tell(
            &[
                Event::Demolished {
                    squares: vec![sq("b2")],
                    floors: 3,
                },
                Event::Flattened {
                    squares: vec![sq("c3"), sq("d4")],
                    floors: 1,
                },
                Event::Ended { scores: [5, 1] },
            ],
            Some(0),
        );
        assert_eq!(
            lines[0].text,
            "1 tower cut off from the tallest building came down (b2): 3 floors gone."
        );
        assert_eq!(lines[0].rule.as_deref(), Some("T13"));
        assert_eq!(
            lines[1].text,
            "Flattened to one floor: c3, d4 (1 floor left the game)."
        );
        assert_eq!(lines[1].rule.as_deref(), Some("T19"));
        assert_eq!(
            lines[2].text,
            "No more moves: You (Black) have 5 floors, Easy bot (White) 1 floor."
        );
        assert_eq!(lines[2].kind, LineKind::End);
        assert_eq!(
            tell(&[Event::Ended { scores: [5, 1] }], None)[0].text,
            "No more moves: Ada (Black) has 5 floors, Easy bot (White) 1 floor."
        );
        for l in &lines {
            assert!(!l.text.contains("T1"), "no rule id in {}", l.text);
        }
    }
}
