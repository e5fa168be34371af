//! Tower of Babel's events in a player's words ([`stackyard_core::words`]).
//! A solitaire: the one seat is always the reader's, so the lines need no
//! names. The outcome is said once, by the result screen; the log only says
//! the game ended.

use crate::{Babel, BabelError, Event};
use stackyard_core::RuleError;
use stackyard_core::words::{Line, LineKind, Told, plural};

/// Every event of one step, one line each.
pub(crate) fn narrate(events: &[Event], told: &Told<'_, Babel>) -> Vec<Line> {
    let mine = told.who.viewer.is_some();
    events
        .iter()
        .map(|e| {
            match e {
                Event::Drew { tile } => Line::new(
                    LineKind::Move,
                    format!("Drew the {}.", tile.name()),
                    Some("B4"),
                ),
                Event::Moved { from, to, tile } => Line::new(
                    LineKind::Move,
                    format!(
                        "Put stack {from} onto stack {to} (the {} on top).",
                        tile.name()
                    ),
                    Some("B5"),
                ),
                Event::Undone { from, count, .. } => Line::new(
                    LineKind::Move,
                    format!(
                        "Took back the move: {} back to stack {from}.",
                        plural(i64::from(*count), "tile")
                    ),
                    Some("B-8"),
                ),
                Event::Ended { stacks, .. } => Line::new(
                    LineKind::End,
                    format!(
                        "Every tile is out: {} left.",
                        plural(*stacks as i64, "stack")
                    ),
                    Some("B7"),
                ),
            }
            .mine(mine)
        })
        .collect()
}

/// A refused action in the player's words
/// ([`stackyard_core::RuleError::refusal`]): the rule it enforces is cited
/// apart, never in the sentence.
pub(crate) fn refusal(e: &BabelError) -> String {
    match e {
        BabelError::NoStack { from, stacks } => {
            format!(
                "There is no stack {from}: the line has {}.",
                plural(*stacks as i64, "stack")
            )
        }
        BabelError::NoTarget { from, gap } => {
            format!("Stack {from} has no stack {gap} places to its left.")
        }
        BabelError::BadGap(_) => {
            "A stack moves onto the stack next to it, or three places to its left.".to_string()
        }
        BabelError::NoMatch { .. } => {
            "Those two tiles do not match: they need the same suit or the same number.".to_string()
        }
        BabelError::NoTileLeft => "There is no tile left to draw.".to_string(),
        BabelError::MustMove(_) => {
            "In the Strict rules you may draw only when no move is possible, and there is one."
                .to_string()
        }
        BabelError::TilesRemain(_) => {
            "You can end the game only after the last tile is drawn.".to_string()
        }
        BabelError::GameOver => "The game is over.".to_string(),
        BabelError::UndoOff => "Moves cannot be taken back in this game.".to_string(),
        BabelError::NothingToUndo => {
            "There is no move to take back: a draw cannot be undone.".to_string()
        }
    }
}

/// The rule each refusal enforces, and the refusal itself in words: beside
/// the game's other words, so the error enum (BabelError) stays plain data.
impl RuleError for BabelError {
    fn rule(&self) -> Option<&'static str> {
        Some(match self {
            BabelError::NoStack { .. }
            | BabelError::NoTarget { .. }
            | BabelError::BadGap(_)
            | BabelError::NoMatch { .. } => "B5",
            BabelError::NoTileLeft | BabelError::TilesRemain(_) | BabelError::GameOver => "B6",
            BabelError::MustMove(_) => "B11",
            BabelError::UndoOff | BabelError::NothingToUndo => "B-8",
        })
    }

    fn refusal(&self) -> String {
        refusal(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Tile;
    use stackyard_core::{Game, Seat, Seed, Viewer};

    fn tell(events: &[Event]) -> Vec<Line> {
        let game = Babel::new(&Default::default(), Seed(1)).expect("the defaults");
        let view = game.view(Viewer::Seat(Seat(0)));
        narrate(events, &Told::from_view(&view, Some(Seat(0)), &[]))
    }

    /// B1: tiles by their names; B4, B5, B-8, B7 cited beside the words.
    #[test]
    fn draws_and_moves_name_their_tiles_b1_b4_b5() {
        let sun0: Tile = "Sn".parse().expect("a tile");
        let arms5: Tile = "A5".parse().expect("a tile");
        assert_eq!(sun0.name(), "null of Suns");
        assert_eq!(arms5.name(), "5 of Arms");
        let lines = tell(&[
            Event::Drew { tile: sun0 },
            Event::Moved {
                from: 3,
                to: 2,
                tile: arms5,
            },
            Event::Undone {
                from: 3,
                to: 2,
                count: 1,
            },
            Event::Ended {
                stacks: 2,
                result: crate::Result::PartialWin,
            },
        ]);
        let texts: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Drew the null of Suns.",
                "Put stack 3 onto stack 2 (the 5 of Arms on top).",
                "Took back the move: 1 tile back to stack 3.",
                "Every tile is out: 2 stacks left.",
            ]
        );
        let rules: Vec<Option<&str>> = lines.iter().map(|l| l.rule.as_deref()).collect();
        assert_eq!(rules, [Some("B4"), Some("B5"), Some("B-8"), Some("B7")]);
        assert!(lines.iter().all(|l| l.mine), "the one seat's own moves");
    }

    /// B5, B6, B11, B-8: every refusal is a player's sentence; the rule id
    /// it enforces travels apart (`RuleError::rule`), never in the words.
    #[test]
    fn every_refusal_is_a_sentence_without_rule_ids_b5_b6_b11_b8() {
        use stackyard_core::RuleError;
        use stackyard_core::words::refusal_fault;
        let errors = [
            BabelError::NoStack { from: 7, stacks: 5 },
            BabelError::NoTarget { from: 2, gap: 3 },
            BabelError::BadGap(2),
            BabelError::NoMatch {
                moving: "Crowns 3".into(),
                target: "Moons 4".into(),
            },
            BabelError::NoTileLeft,
            BabelError::MustMove("2 onto 1".into()),
            BabelError::TilesRemain(4),
            BabelError::GameOver,
            BabelError::UndoOff,
            BabelError::NothingToUndo,
        ];
        // Every variant is listed: a new one fails to compile here.
        let mut seen = [false; 10];
        for e in &errors {
            let i = match e {
                BabelError::NoStack { .. } => 0,
                BabelError::NoTarget { .. } => 1,
                BabelError::BadGap(_) => 2,
                BabelError::NoMatch { .. } => 3,
                BabelError::NoTileLeft => 4,
                BabelError::MustMove(_) => 5,
                BabelError::TilesRemain(_) => 6,
                BabelError::GameOver => 7,
                BabelError::UndoOff => 8,
                BabelError::NothingToUndo => 9,
            };
            seen[i] = true;
            assert_eq!(refusal_fault(&e.refusal()), None, "{e:?}");
        }
        assert!(seen.iter().all(|&s| s), "every variant has a sample");
        assert_eq!(
            BabelError::BadGap(2).refusal(),
            "A stack moves onto the stack next to it, or three places to its left."
        );
    }
}
