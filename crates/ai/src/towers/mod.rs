//! Towers for the searches: a compact position ([`Board`]), its
//! [`SearchGame`] implementation, the tuned evaluation, the tuning
//! procedure and the players the CLI and tournaments use.

mod board;
mod eval;
mod players;
mod tune;

pub use board::{BLACK, Board, BoardError, Rules, TMove, WHITE};
pub use eval::{FEATURE_NAMES, FEATURES, Features, TUNED, Weights, features};
pub use players::{Choice, Player, PlayerSpec, SpecError};
pub use tune::{TuneReport, tune};

use crate::game::SearchGame;

impl SearchGame for Board {
    type Move = TMove;
    const MOVE_IDS: usize = 4096 + 1 + 64 + 64;

    fn moves(&self, out: &mut Vec<TMove>) {
        self.legal_moves(out);
    }

    fn play(&self, m: TMove) -> Self {
        Board::play(self, m)
    }

    fn side(&self) -> usize {
        usize::from(self.side_to_move())
    }

    fn terminal_value(&self) -> Option<i32> {
        self.is_over().then(|| self.margin())
    }

    fn hash(&self) -> u64 {
        Board::hash(self)
    }

    fn move_id(&self, m: TMove) -> usize {
        match m {
            TMove::Step { from, to } => usize::from(from) * 64 + usize::from(to),
            TMove::Pass => 4096,
            TMove::Place(i) => 4097 + usize::from(i),
            TMove::Utility(i) => 4161 + usize::from(i),
        }
    }
}

/// Reads a board size (`4x4`, T1) and a variant list (`capture`,
/// `suburbs+capture`, `infrastructure:2`, `sprawl`, T20; `standard` or
/// empty for none) into the search representation's settings.
pub fn parse_setup(board: &str, variant: &str) -> Result<(u8, u8, Rules), BoardError> {
    let bad = |m: String| BoardError(m);
    let (c, r) = board
        .trim()
        .split_once(['x', 'X'])
        .ok_or_else(|| bad(format!("bad board {board:?}: expected COLSxROWS like 4x4")))?;
    let cols: u8 = c
        .parse()
        .map_err(|_| bad(format!("bad board {board:?}: {c:?} is not a number")))?;
    let rows: u8 = r
        .parse()
        .map_err(|_| bad(format!("bad board {board:?}: {r:?} is not a number")))?;
    let mut rules = Rules::default();
    for part in variant.split('+').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, arg) = part.split_once(':').unwrap_or((part, ""));
        match (name, arg) {
            ("standard" | "downtown", "") => {}
            ("capture", "") => rules.capture = true,
            ("suburbs", "") => rules.suburbs = true,
            ("sprawl", "") => rules.sprawl = true,
            ("infrastructure", a) => {
                let n = u32::from(cols) * u32::from(rows);
                // T18: default 4 on 8x8; elsewhere the smallest count of the
                // right parity that is at least 2.
                let u = if a.is_empty() {
                    if n % 2 == 0 { 4.min(n as u8) } else { 3 }
                } else {
                    a.parse()
                        .map_err(|_| bad(format!("bad utility count {a:?} in {part:?}")))?
                };
                rules.utilities = Some(u);
            }
            _ => {
                return Err(bad(format!(
                    "unknown variant {part:?}: use capture, suburbs, sprawl, infrastructure[:N], joined with +"
                )));
            }
        }
    }
    Board::new(cols, rows, rules)?;
    Ok((cols, rows, rules))
}
