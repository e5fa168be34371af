//! Towers bots behind the one bot interface ([`stackyard_core::Bot`]):
//! each decides from its seat's [`View`] alone, rebuilding the position
//! from it (Towers hides nothing, so the view is the whole position).
//!
//! Levels: `random` and `greedy` play on any board (T1); `alphabeta:BUDGET`
//! and `mcts:BUDGET` search the compact [`Board`], so they refuse boards
//! over 64 blocks when they are made, not at their first move.

use super::engine::{board_from_position, rules_of, to_engine_move};
use super::players::{Player, PlayerSpec};
use super::{Board, TMove};
use crate::{Move, Position, Variant, View};
use rand::RngExt;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rand_pcg::Pcg64Mcg;
use stackyard_core::{Bot, BotLevel, Bots, Decision, GameTime, Seat, Seed, SetupError, Standing};
use stackyard_search::SearchGame;

/// Uniformly random legal moves (in the engine's order), on any board.
pub struct RandomBot {
    rng: ChaCha8Rng,
}

/// The move that leaves the best score difference for the mover (T15,
/// T16), ties broken at random, on any board.
pub struct GreedyBot {
    rng: ChaCha8Rng,
}

/// A searching player (alpha-beta or MCTS, or the search board's random
/// player), keeping its state between moves (MCTS reuses its tree).
pub struct SearchBot {
    player: Player,
}

/// Random moves drawn the way tournament openings have always been drawn
/// (a PCG stream over the search board's move order), so a seeded
/// tournament opens with the same moves as before.
pub struct OpeningBot {
    rng: Pcg64Mcg,
}

impl SearchBot {
    /// A search bot for `spec`, seeded with `seed`, searching on `threads`
    /// threads.
    pub fn new(spec: PlayerSpec, seed: u64, threads: usize) -> SearchBot {
        SearchBot {
            player: Player::new(spec, seed, threads),
        }
    }
}

impl OpeningBot {
    /// An opening bot seeded with `seed`.
    pub fn new(seed: u64) -> OpeningBot {
        OpeningBot {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }
}

/// The position a view shows. A view this crate made always rebuilds; a
/// view that does not is a bot given someone else's data, and it passes.
fn position(view: &View) -> Option<Position> {
    Position::from_view(view).ok()
}

fn search_board(view: &View) -> Option<Board> {
    board_from_position(&position(view)?).ok()
}

fn decided(action: Move) -> Option<Decision<Move>> {
    Some(Decision {
        action,
        think_ms: 0,
    })
}

impl Bot<Position> for RandomBot {
    fn decide(&mut self, view: &View, _now: GameTime) -> Option<Decision<Move>> {
        if view.legal.is_empty() {
            return None;
        }
        decided(view.legal[self.rng.random_range(0..view.legal.len())])
    }
}

impl Bot<Position> for GreedyBot {
    fn decide(&mut self, view: &View, _now: GameTime) -> Option<Decision<Move>> {
        let p = position(view)?;
        let me = p.turn();
        let mut best = Vec::new();
        let mut best_value = i64::MIN;
        for &m in &view.legal {
            let mut child = p.clone();
            child.play_unchecked(m);
            let value = i64::from(child.score(me)) - i64::from(child.score(me.other()));
            if value > best_value {
                best_value = value;
                best.clear();
            }
            if value == best_value {
                best.push(m);
            }
        }
        if best.is_empty() {
            return None;
        }
        decided(best[self.rng.random_range(0..best.len())])
    }
}

impl Bot<Position> for SearchBot {
    fn decide(&mut self, view: &View, _now: GameTime) -> Option<Decision<Move>> {
        let board = search_board(view)?;
        let choice = self.player.choose(&board)?;
        decided(to_engine_move(&board, choice.mv))
    }
}

impl Bot<Position> for OpeningBot {
    fn decide(&mut self, view: &View, _now: GameTime) -> Option<Decision<Move>> {
        let board = search_board(view)?;
        let mut moves: Vec<TMove> = Vec::new();
        board.moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let m = moves[(self.rng.next_u64() % moves.len() as u64) as usize];
        decided(to_engine_move(&board, m))
    }
}

/// Checks that `spec` can play on `variant`: every [`PlayerSpec`] plays on
/// the search board, which holds at most 64 blocks.
pub fn check_search_board(spec: PlayerSpec, variant: &Variant) -> Result<(), SetupError> {
    rules_of(variant).map(|_| ()).map_err(|e| {
        SetupError::new(format!(
            "{spec} cannot play a {}x{} board: {}",
            variant.cols, variant.rows, e.0
        ))
    })
}

impl Bots for Position {
    fn bot_levels() -> Vec<BotLevel> {
        vec![
            BotLevel::new(
                "random",
                "Random bot",
                "plays any legal move, without a plan",
            ),
            BotLevel::new(
                "greedy",
                "Easy bot",
                "takes the most floors it can right now, never looks ahead",
            ),
            BotLevel::new(
                "mcts:n2000",
                "Medium bot",
                "tries out many games in its head before each move (2000 playouts)",
            ),
            BotLevel::new(
                "alphabeta:n20000",
                "Hard bot",
                "looks several moves ahead (alpha-beta, 20 000 nodes a move)",
            ),
            BotLevel::new(
                "alphabeta:1s",
                "Strongest bot",
                "thinks for a second before each move, looking far ahead",
            ),
        ]
    }

    fn bot(
        level: &str,
        seat: Seat,
        seed: Seed,
        settings: &Variant,
    ) -> Result<Box<dyn Bot<Position>>, SetupError> {
        // One stream per bot; a host gives each seat its own seed. (The
        // purpose is the one the terminal opponent always used, so seeded
        // games against it play as they did.)
        let rng = seed.rng("towers opponent");
        match level {
            "random" => Ok(Box::new(RandomBot { rng })),
            "greedy" => Ok(Box::new(GreedyBot { rng })),
            other => {
                let spec: PlayerSpec = other.parse().map_err(|e: super::SpecError| {
                    SetupError::new(format!(
                        "{e} (Towers bots: random, greedy, alphabeta:BUDGET, mcts:BUDGET)"
                    ))
                })?;
                check_search_board(spec, settings)?;
                Ok(Box::new(SearchBot::new(
                    spec,
                    seed.child(u64::from(seat.0)).0,
                    1,
                )))
            }
        }
    }

    /// The tuned evaluation's log-odds for `seat` (T-8): level within
    /// [`LEVEL_LOGIT`] either way. Boards too large for the search board
    /// are judged by the evaluation's material and tempo terms alone.
    fn standing(view: &View, seat: Seat) -> Option<Standing> {
        let p = position(view)?;
        let black = match board_from_position(&p) {
            Ok(board) => super::TUNED.logit(&super::features(&board)),
            Err(_) => {
                let [m, .., tempo] = super::TUNED.0;
                let s = p.scores();
                let to_move = if p.turn() == crate::Color::Black {
                    1.0
                } else {
                    -1.0
                };
                m * (f64::from(s[0]) - f64::from(s[1])) + tempo * to_move
            }
        };
        let mine = if seat.0 == 0 { black } else { -black };
        Some(if mine > LEVEL_LOGIT {
            Standing::Ahead
        } else if mine < -LEVEL_LOGIT {
            Standing::Behind
        } else {
            Standing::Level
        })
    }
}

/// How far from even a bot still calls the game level when a draw is
/// offered (T-8): log-odds of 0.25, a win chance between 44 % and 56 %.
pub const LEVEL_LOGIT: f64 = 0.25;
