//! Why a tower of the mover's cannot move, asked by the browser when a
//! player clicks one (the `stuck` question, [`stackyard_core::Listed::QUERIES`]):
//! the rules answer in the player's words with the rule apart, so the
//! client never re-types T8 or T9.

use crate::{Move, Phase, Position, Square, View};
use serde::Serialize;
use stackyard_core::query::{Asked, answer};
use stackyard_core::words::plural;

/// Why the tower cannot move: a sentence for the player who clicked it,
/// and the rule it rests on, apart from the sentence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Stuck {
    /// The reason, in the player's words.
    pub text: String,
    /// The rule id (T8 or T9).
    pub rule: &'static str,
}

/// Why the tower on `from` cannot move now, or `None` when it can (or
/// when moving it is not the question: no tower of the mover's there, or
/// not the move phase; a move then gets the engine's own refusal).
pub fn stuck(p: &Position, from: Square) -> Option<Stuck> {
    let i = p.index(from)?;
    let t = p.tower(from);
    if p.phase() != Phase::Moves || p.is_over() || t.owner() != Some(p.turn()) {
        return None;
    }
    if p.geometry().surrounded(p.occupied()).has(i) {
        // T9: the four orthogonal neighbours are all occupied blocks.
        return Some(Stuck {
            text: format!("The tower on {from} cannot move: it is hemmed in on all four sides."),
            rule: "T9",
        });
    }
    let h = i32::from(t.height);
    let landings = [(h, 0), (-h, 0), (0, h), (0, -h)]
        .into_iter()
        .filter_map(|(dc, dr)| {
            let col = u8::try_from(i32::from(from.col) + dc).ok()?;
            let row = u8::try_from(i32::from(from.row) + dr).ok()?;
            Some(Square { col, row })
        });
    if landings
        .into_iter()
        .any(|to| p.check(Move::Step { from, to }).is_ok())
    {
        return None;
    }
    // T8: exactly `height` blocks in a straight line, onto an occupied block.
    let blocks = plural(i64::from(h), "block");
    Some(Stuck {
        text: format!(
            "The tower on {from} cannot move: it is {} tall, so it moves exactly {blocks}, \
             and {blocks} away along its row and its column there is no tower to land on.",
            plural(i64::from(h), "floor"),
        ),
        rule: "T8",
    })
}

/// `stuck`: the question as the browser asks it (the view, and the
/// square as `"c3"`); `null` when the tower may move.
pub(crate) fn ask(asked: &Asked<'_>) -> Result<serde_json::Value, String> {
    let view: View = asked.view("this is not a Towers view")?;
    let from: Square = asked.input("the square is not written like \"c3\"")?;
    let p = Position::from_view(&view)
        .map_err(|e| format!("this Towers view does not rebuild a position: {e}"))?;
    if p.index(from).is_none() {
        return Err(format!("{from} is off the {}×{} board", p.cols(), p.rows()));
    }
    Ok(answer(&stuck(&p, from)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Tower, Variant};

    fn sq(s: &str) -> Square {
        s.parse().expect("a square")
    }

    fn one(h: u16, top: Color) -> Tower {
        Tower {
            height: h,
            top: top.floor(),
            utility: false,
        }
    }

    /// T9: the standard start's b2 is hemmed in on all four sides.
    #[test]
    fn t9_a_surrounded_tower_says_it_is_hemmed_in() {
        let p = Position::standard();
        let got = stuck(&p, sq("b2")).expect("b2 is surrounded");
        assert_eq!(got.rule, "T9");
        assert!(
            got.text.contains("b2") && got.text.contains("hemmed in"),
            "{}",
            got.text
        );
        // An edge tower is never surrounded, and a1 may move.
        assert_eq!(stuck(&p, sq("a1")), None);
    }

    /// T8: a tower of 3 on a 3×3 corner with nothing 3 blocks away.
    #[test]
    fn t8_no_tower_at_its_distance_says_so() {
        let v: Variant = "4x4".parse().unwrap();
        let mut towers = vec![Tower::EMPTY; 16];
        towers[0] = one(3, Color::Black); // a1
        towers[1] = one(1, Color::White); // b1
        towers[4] = one(1, Color::White); // a2
        let p = Position::setup(v, &towers, Color::Black).unwrap();
        let got = stuck(&p, sq("a1")).expect("nothing on d1 or a4");
        assert_eq!(got.rule, "T8");
        assert!(
            got.text.contains("3 floors tall") && got.text.contains("exactly 3 blocks"),
            "{}",
            got.text
        );
        // Not the mover's tower: not this question's business.
        assert_eq!(stuck(&p, sq("b1")), None);
    }
}
