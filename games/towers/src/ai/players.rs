//! The Towers players the CLI and tournaments pit against each other,
//! named by specs like `alphabeta:1s`, `mcts:n20000`, `random`.

use super::board::{Board, TMove};
use super::eval::{TUNED, Weights};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stackyard_search::{AlphaBeta, Mcts};
use stackyard_search::{Budget, SearchGame};
use std::fmt;
use std::str::FromStr;

/// Which player, with which budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerSpec {
    /// Alpha-beta with the tuned evaluation: `alphabeta:2s`, `alphabeta:n20000`, `alphabeta:d4`.
    AlphaBeta(Budget),
    /// MCTS: `mcts:1s`, `mcts:n5000`.
    Mcts(Budget),
    /// Uniformly random legal moves: `random`.
    Random,
}

/// A spec that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SpecError(pub String);

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<Self, SpecError> {
        let s = s.trim();
        if s == "random" {
            return Ok(PlayerSpec::Random);
        }
        let (kind, budget) = s.split_once(':').unwrap_or((s, "1s"));
        let parsed = Budget::parse(budget).ok_or_else(|| {
            SpecError(format!(
                "bad budget {budget:?} in player {s:?}: use a time (2s, 500ms) or nodes (n20000) or depth (d4)"
            ))
        })?;
        match kind {
            "alphabeta" | "ab" => Ok(PlayerSpec::AlphaBeta(parsed)),
            "mcts" => Ok(PlayerSpec::Mcts(parsed)),
            _ => Err(SpecError(format!(
                "unknown player {s:?}: expected alphabeta:<budget>, mcts:<budget> or random"
            ))),
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::AlphaBeta(b) => write!(f, "alphabeta:{b}"),
            PlayerSpec::Mcts(b) => write!(f, "mcts:{b}"),
            PlayerSpec::Random => f.write_str("random"),
        }
    }
}

/// What a player chose, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The move.
    pub mv: TMove,
    /// The searcher's score for the mover (see [`stackyard_search::SearchResult`]).
    pub score: i32,
    /// Depth completed (alpha-beta).
    pub depth: u32,
    /// Nodes or playouts spent.
    pub nodes: u64,
    /// Principal variation.
    pub pv: Vec<TMove>,
}

enum Kind {
    AlphaBeta(AlphaBeta<Weights>, Budget),
    Mcts(Box<Mcts<Board>>, Budget),
    Random,
}

/// A Towers player with its own state (MCTS keeps its tree between moves).
pub struct Player {
    spec: PlayerSpec,
    kind: Kind,
    rng: Pcg64Mcg,
}

impl Player {
    /// A player for `spec`, seeded with `seed`, using `threads` threads.
    pub fn new(spec: PlayerSpec, seed: u64, threads: usize) -> Player {
        let kind = match spec {
            PlayerSpec::AlphaBeta(b) => {
                Kind::AlphaBeta(AlphaBeta::new(TUNED).threads(threads).tt_bits(18), b)
            }
            PlayerSpec::Mcts(b) => Kind::Mcts(Box::new(Mcts::new(seed).threads(threads)), b),
            PlayerSpec::Random => Kind::Random,
        };
        Player {
            spec,
            kind,
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }

    /// The spec this player was built from.
    pub fn spec(&self) -> PlayerSpec {
        self.spec
    }

    /// Chooses a move in `b`; `None` when the game is over.
    pub fn choose(&mut self, b: &Board) -> Option<Choice> {
        let mut moves = Vec::new();
        b.moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let r = match &mut self.kind {
            Kind::AlphaBeta(ab, budget) => ab.search(b, *budget),
            Kind::Mcts(m, budget) => m.search(b, *budget),
            Kind::Random => {
                let mv = moves[(self.rng.next_u64() % moves.len() as u64) as usize];
                stackyard_search::SearchResult {
                    best: Some(mv),
                    score: 0,
                    depth: 0,
                    nodes: 0,
                    pv: vec![mv],
                }
            }
        };
        Some(Choice {
            mv: r.best?,
            score: r.score,
            depth: r.depth,
            nodes: r.nodes,
            pv: r.pv,
        })
    }
}
