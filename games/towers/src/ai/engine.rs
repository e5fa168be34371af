//! The bridge to the rules engine (`stackyard-towers`): its variants,
//! positions and moves to and from the search representation.

use super::board::{BLACK, Board, BoardError, Phase, Rules, TMove, WHITE};
use crate::{Color, Floor, Move, Position, Square, Variant, parse_board};

/// The engine's variant for a board and a variant list (T1, T20).
pub fn parse_variant(board: &str, variant: &str) -> Result<Variant, BoardError> {
    let (cols, rows) = parse_board(board.trim()).map_err(|e| BoardError(e.to_string()))?;
    Variant::with_variants(cols, rows, variant.trim()).map_err(|e| BoardError(e.to_string()))
}

/// The search representation's rules for an engine variant; boards over
/// 64 blocks are refused.
pub fn rules_of(v: &Variant) -> Result<Rules, BoardError> {
    // Every field named: a new variant added to the rules fails to compile
    // here until the search board learns it, instead of being ignored.
    let Variant {
        cols,
        rows,
        sprawl,
        infrastructure,
        capture,
        suburbs,
    } = *v;
    if usize::from(cols) * usize::from(rows) > 64 {
        return Err(BoardError(format!(
            "the AI plays boards up to 64 blocks (8x8), not {cols}x{rows}"
        )));
    }
    let utilities = match infrastructure {
        None => None,
        Some(u) => Some(
            u8::try_from(u)
                .map_err(|_| BoardError(format!("the AI plays at most 255 utilities, not {u}")))?,
        ),
    };
    Ok(Rules {
        capture,
        suburbs,
        sprawl,
        utilities,
    })
}

/// The search representation of an engine position.
pub fn board_from_position(p: &Position) -> Result<Board, BoardError> {
    let v = p.variant();
    let rules = rules_of(v)?;
    let towers: Vec<(usize, u8, u8, bool)> = p
        .cells()
        .iter()
        .enumerate()
        .filter(|(_, t)| t.height > 0)
        .map(|(i, t)| {
            let top = match t.top {
                Floor::Black => BLACK,
                Floor::White => WHITE,
                Floor::Utility => 2,
            };
            (i, t.height.min(255) as u8, top, t.utility)
        })
        .collect();
    let phase = match p.phase() {
        crate::Phase::Utilities => Phase::Utilities(p.utilities_left() as u8),
        crate::Phase::Sprawl => Phase::Sprawl,
        crate::Phase::Moves => Phase::Moves,
    };
    let side = if p.turn() == Color::Black {
        BLACK
    } else {
        WHITE
    };
    let captured = [
        p.captured(Color::Black) as u16,
        p.captured(Color::White) as u16,
    ];
    Board::from_parts_in(v.cols, v.rows, rules, &towers, side, captured, phase)
}

fn square(b: &Board, i: u8) -> Square {
    let cols = b.cols();
    Square::new(i % cols, i / cols)
}

/// The engine's move for a search move on `b`.
pub fn to_engine_move(b: &Board, m: TMove) -> Move {
    match m {
        TMove::Step { from, to } => Move::Step {
            from: square(b, from),
            to: square(b, to),
        },
        TMove::Pass => Move::Pass,
        TMove::Place(i) => Move::Place(square(b, i)),
        TMove::Utility(i) => Move::Utility(square(b, i)),
    }
}

/// The search move for an engine move on `b`, if its squares are on the
/// board.
pub fn from_engine_move(b: &Board, m: Move) -> Option<TMove> {
    let idx = |s: Square| (s.col < b.cols() && s.row < b.rows()).then(|| s.row * b.cols() + s.col);
    Some(match m {
        Move::Step { from, to } => TMove::Step {
            from: idx(from)?,
            to: idx(to)?,
        },
        Move::Pass => TMove::Pass,
        Move::Place(s) => TMove::Place(idx(s)?),
        Move::Utility(s) => TMove::Utility(idx(s)?),
    })
}
