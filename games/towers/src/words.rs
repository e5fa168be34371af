//! Towers' events in a player's words ([`stackyard_core::words`]): each
//! move by its player's name and colour, towers knocked down or flattened,
//! and the end, each citing its rule apart from the sentence.

use crate::{Color, Event, Move, MoveError, NotationError, Position};
use stackyard_core::RuleError;
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

/// A refused move in the words of the player who tried it
/// ([`stackyard_core::RuleError::refusal`]): the rule it breaks is cited
/// apart, never in the sentence.
pub(crate) fn refusal(e: &MoveError) -> String {
    match e {
        MoveError::NotYourTurn { .. } => "It is not your turn.".to_string(),
        MoveError::GameOver => "The game is over: neither player has a legal move.".to_string(),
        MoveError::OffBoard { square, cols, rows } => {
            format!("Block {square} is off the {cols}×{rows} board.")
        }
        MoveError::Placing { mv, what, .. } => {
            format!("Players are still placing {what}, so {mv} cannot be played yet.")
        }
        MoveError::WrongPhase { mv, why, .. } => format!("You cannot play {mv} now: {why}."),
        MoveError::Occupied { square, .. } => format!("Block {square} is already occupied."),
        MoveError::NotOwnSingle { square } => format!(
            "A utility replaces one of your single-floor towers, and the tower on {square} is not one."
        ),
        MoveError::EmptyFrom { square } => format!("There is no tower on {square} to move."),
        MoveError::UtilityTop { square } => format!(
            "The tower on {square} has a utility on top: it belongs to nobody and never moves."
        ),
        MoveError::NotYours { square } => format!("The tower on {square} is not yours."),
        MoveError::NotStraight { .. } => {
            "Towers move in a straight line along a row or a column.".to_string()
        }
        MoveError::WrongLength { height, .. } => {
            format!("A tower moves exactly as many blocks as it is tall ({height} here).")
        }
        MoveError::EmptyTarget { .. } => {
            "A tower must land on another tower, not on an empty block.".to_string()
        }
        MoveError::Surrounded { .. } => {
            "That tower is hemmed in on all four sides and cannot move.".to_string()
        }
        MoveError::PassWithMoves { .. } => {
            "You may pass only when you have no legal move.".to_string()
        }
    }
}

/// Text that is not a move, in the words of the player who typed it.
pub(crate) fn notation_refusal(e: &NotationError) -> String {
    format!(
        "The move {:?} cannot be read ({}): moves look like c3-c5, pass, +c3 or *c3.",
        e.text, e.why
    )
}

/// The rule each refusal enforces, and the refusal itself in words: beside
/// the game's other words, so the error enum (MoveError) stays plain data.
impl RuleError for MoveError {
    fn rule(&self) -> Option<&'static str> {
        Some(match self {
            MoveError::GameOver => "T11",
            MoveError::NotYourTurn { .. } => "T7",
            MoveError::OffBoard { .. } => "T8",
            MoveError::Placing { rule, .. }
            | MoveError::WrongPhase { rule, .. }
            | MoveError::Occupied { rule, .. }
            | MoveError::PassWithMoves { rule } => rule,
            MoveError::NotOwnSingle { .. } => "T18",
            MoveError::UtilityTop { .. } => "T6",
            MoveError::Surrounded { .. } => "T9",
            MoveError::EmptyFrom { .. }
            | MoveError::NotYours { .. }
            | MoveError::NotStraight { .. }
            | MoveError::WrongLength { .. }
            | MoveError::EmptyTarget { .. } => "T8",
        })
    }

    fn refusal(&self) -> String {
        refusal(self)
    }
}

impl RuleError for NotationError {
    fn rule(&self) -> Option<&'static str> {
        Some("T5")
    }

    fn refusal(&self) -> String {
        notation_refusal(self)
    }
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

    /// T5-T19: every refusal is a player's sentence; the rule id it
    /// enforces travels apart (`RuleError::rule`), never in the words.
    #[test]
    fn every_refusal_is_a_sentence_without_rule_ids_t5_t19() {
        use stackyard_core::RuleError;
        use stackyard_core::words::refusal_fault;
        let (a1, a3) = (sq("a1"), sq("a3"));
        let mv = Move::Step { from: a1, to: a3 };
        let errors = [
            MoveError::NotYourTurn {
                seat: Seat(1),
                expected: "Black",
            },
            MoveError::GameOver,
            MoveError::OffBoard {
                square: sq("i9"),
                cols: 8,
                rows: 8,
            },
            MoveError::Placing {
                mv,
                what: "floors with +c3",
                rule: "T17",
            },
            MoveError::WrongPhase {
                mv: Move::Place(a1),
                why: "every block is occupied and towers move now",
                rule: "T17",
            },
            MoveError::Occupied {
                square: a1,
                rule: "T17",
            },
            MoveError::NotOwnSingle { square: a1 },
            MoveError::EmptyFrom { square: a1 },
            MoveError::UtilityTop { square: a1 },
            MoveError::NotYours { square: a1 },
            MoveError::NotStraight {
                from: a1,
                to: sq("b2"),
            },
            MoveError::WrongLength {
                from: a1,
                height: 2,
                distance: 3,
            },
            MoveError::EmptyTarget { to: a3 },
            MoveError::Surrounded { square: a1 },
            MoveError::PassWithMoves { rule: "T10" },
        ];
        // Every variant is listed: a new one fails to compile here.
        let mut seen = [false; 15];
        for e in &errors {
            let i = match e {
                MoveError::NotYourTurn { .. } => 0,
                MoveError::GameOver => 1,
                MoveError::OffBoard { .. } => 2,
                MoveError::Placing { .. } => 3,
                MoveError::WrongPhase { .. } => 4,
                MoveError::Occupied { .. } => 5,
                MoveError::NotOwnSingle { .. } => 6,
                MoveError::EmptyFrom { .. } => 7,
                MoveError::UtilityTop { .. } => 8,
                MoveError::NotYours { .. } => 9,
                MoveError::NotStraight { .. } => 10,
                MoveError::WrongLength { .. } => 11,
                MoveError::EmptyTarget { .. } => 12,
                MoveError::Surrounded { .. } => 13,
                MoveError::PassWithMoves { .. } => 14,
            };
            seen[i] = true;
            assert_eq!(refusal_fault(&e.refusal()), None, "{e:?}");
        }
        assert!(seen.iter().all(|&s| s), "every variant has a sample");
        let typed = crate::notation::parse_move("c3-").unwrap_err();
        assert_eq!(refusal_fault(&typed.refusal()), None, "{typed:?}");
    }

    /// T8, T9: the sentences players have read since the web worded them.
    #[test]
    fn moves_are_refused_in_the_words_players_know_t8_t9() {
        use stackyard_core::RuleError;
        let a1 = sq("a1");
        let said = |e: MoveError| e.refusal();
        assert_eq!(
            said(MoveError::WrongLength {
                from: a1,
                height: 2,
                distance: 3
            }),
            "A tower moves exactly as many blocks as it is tall (2 here)."
        );
        assert_eq!(
            said(MoveError::Surrounded { square: a1 }),
            "That tower is hemmed in on all four sides and cannot move."
        );
        assert_eq!(
            said(MoveError::NotYourTurn {
                seat: Seat(1),
                expected: "Black"
            }),
            "It is not your turn."
        );
    }
}
