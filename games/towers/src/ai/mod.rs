//! Towers for the searches: a compact position ([`Board`]), its
//! [`SearchGame`] implementation, the tuned evaluation, the tuning
//! procedure and the players the CLI and tournaments use.

mod board;
pub mod bots;
mod engine;
mod eval;
mod players;
mod tune;

pub use board::{BLACK, Board, BoardError, Phase, Rules, TMove, WHITE};
pub use engine::{board_from_position, from_engine_move, parse_variant, rules_of, to_engine_move};
pub use eval::{FEATURE_NAMES, FEATURES, Features, TUNED, Weights, features};
pub use players::{Choice, Player, PlayerSpec, SpecError};
pub use tune::{TuneReport, tune};

use stackyard_search::SearchGame;

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

    fn canonical_hash(&self) -> u64 {
        Board::canonical_hash(self)
    }

    fn order_hint(&self) -> i32 {
        self.margin()
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
/// empty for none), as the rules engine reads them, into the search
/// representation's settings.
pub fn parse_setup(board: &str, variant: &str) -> Result<(u8, u8, Rules), BoardError> {
    let v = parse_variant(board, variant)?;
    let rules = rules_of(&v)?;
    Board::new(v.cols, v.rows, rules)?;
    Ok((v.cols, v.rows, rules))
}
