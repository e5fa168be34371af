//! Tower of Babel bots behind the one bot interface ([`stackyard_core::Bot`]).
//!
//! A bot is given the seat's [`View`]: the line and the *set* of undrawn
//! tiles, never their order (B8). It rebuilds a game from that
//! ([`Babel::from_view`]) and plays from it. Contrast the open-deal
//! [`crate::solver`], an analysis tool that reads the whole order.

use crate::strict::{Player, Policy};
use crate::{Action, Babel, Settings, Tile, Variant, View};
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use stackyard_core::{Bot, BotLevel, Bots, Decision, GameTime, Seat, Seed, SetupError};

/// How many futures the coach samples before it calls a move safe.
const COACH_SAMPLES: usize = 200;

/// How a bot plays.
enum Plan {
    /// Standard play (B10): every move can wait, so draw every tile, then
    /// play the exact solution of the full line, which nothing hides any
    /// more. As good as knowing the deal.
    DrawThenSolve,
    /// A Strict-variant policy (B11), also usable in Standard play (moves
    /// first, draw when none is left).
    Policy(Box<Player>),
    /// Standard play for a person's hint (B-9): like `DrawThenSolve`, but
    /// it names a move as soon as the move costs nothing: in every sampled
    /// order of the tiles still to come, the fewest stacks reachable after
    /// the move equal the fewest reachable without it. Otherwise it draws.
    Coach(Box<ChaCha8Rng>),
}

/// A Tower of Babel bot.
pub struct BabelBot {
    plan: Plan,
    solver: crate::solver::Solver,
}

impl Bot<Babel> for BabelBot {
    fn decide(&mut self, view: &View, _now: GameTime) -> Option<Decision<Action>> {
        if view.over {
            return None;
        }
        let game = Babel::from_view(view).ok()?;
        let legal = game.legal_moves();
        let action = match &mut self.plan {
            Plan::DrawThenSolve if game.undrawn_count() > 0 => Action::Draw,
            Plan::DrawThenSolve => {
                let s = self
                    .solver
                    .solve_position(&game.tops(), &[], game.variant(), 1);
                s.actions.first().copied().unwrap_or(Action::End)
            }
            Plan::Coach(_) if game.undrawn_count() == 0 || legal.is_empty() => {
                if game.undrawn_count() > 0 {
                    Action::Draw
                } else {
                    let s = self
                        .solver
                        .solve_position(&game.tops(), &[], game.variant(), 1);
                    s.actions.first().copied().unwrap_or(Action::End)
                }
            }
            Plan::Coach(rng) => {
                safe_move(&game, &legal, rng, &mut self.solver).unwrap_or(Action::Draw)
            }
            Plan::Policy(player) if !legal.is_empty() => player.choose(&game),
            Plan::Policy(_) if game.undrawn_count() > 0 => Action::Draw,
            Plan::Policy(_) => Action::End,
        };
        Some(Decision {
            action,
            think_ms: 0,
        })
    }
}

impl Bots for Babel {
    fn bot_levels() -> Vec<BotLevel> {
        vec![
            BotLevel::new(
                "greedy",
                "Simple bot",
                "always plays the first move it sees",
            ),
            BotLevel::new(
                "heuristic",
                "Careful bot",
                "plays the move that keeps the most chances open",
            ),
            // Standard: draws everything, then plays the exact solution;
            // Strict: sampling, exact over the last 7 tiles.
            BotLevel::new("best", "Best bot", "the strongest play there is"),
            // As strong as best, but plays a move as soon as no sampled
            // future makes it cost a stack (hints use it, B-9).
            BotLevel::new(
                "coach",
                "Coach bot",
                "as strong as the best bot, and quicker: plays a move as soon as it is sure the move costs no stack",
            ),
        ]
    }

    fn bot(
        level: &str,
        _seat: Seat,
        seed: Seed,
        settings: &Settings,
    ) -> Result<Box<dyn Bot<Babel>>, SetupError> {
        let plan = match (level, settings.variant) {
            ("best", Variant::Standard) => Plan::DrawThenSolve,
            ("coach", Variant::Standard) => Plan::Coach(Box::new(seed.rng("coach"))),
            ("coach", Variant::Strict) => Plan::Policy(Box::new(Player::new(
                Policy::Hybrid { samples: 16, k: 7 },
                seed,
            ))),
            ("best", Variant::Strict) => Plan::Policy(Box::new(Player::new(
                Policy::Hybrid { samples: 16, k: 7 },
                seed,
            ))),
            (other, _) => {
                let policy: Policy = other.parse().map_err(|e| {
                    SetupError::new(format!(
                        "{e} (Tower of Babel bots: greedy, heuristic, best, coach, sampling:N, \
                         expectimax:K, hybrid:N:K)"
                    ))
                })?;
                if policy == Policy::Open {
                    // The open policy reads the hidden order: analysis, not a bot.
                    return Err(SetupError::new(
                        "\"open\" sees the hidden order (B8): it is an analysis bound, not a bot",
                    ));
                }
                Plan::Policy(Box::new(Player::new(policy, seed)))
            }
        };
        Ok(Box::new(BabelBot {
            plan,
            solver: crate::solver::Solver::new(),
        }))
    }
}

/// The first of `moves` that loses nothing in any of [`COACH_SAMPLES`]
/// sampled orders of the undrawn tiles (B8: the seat knows the set, not the
/// order), or `None` when each costs a stack in some sampled future.
fn safe_move(
    game: &Babel,
    moves: &[Action],
    rng: &mut ChaCha8Rng,
    solver: &mut crate::solver::Solver,
) -> Option<Action> {
    let tops = game.tops();
    let mut rest: Vec<Tile> = game.undrawn_tiles();
    let mut safe: Vec<bool> = vec![true; moves.len()];
    let after: Vec<Vec<Tile>> = moves
        .iter()
        .map(|m| {
            let mut g = game.clone();
            g.play(*m).expect("a legal move");
            g.tops()
        })
        .collect();
    for _ in 0..COACH_SAMPLES {
        rest.shuffle(rng);
        let best = solver
            .solve_position(&tops, &rest, Variant::Standard, 1)
            .min_stacks;
        for (i, tops_after) in after.iter().enumerate() {
            if safe[i] {
                let with = solver
                    .solve_position(tops_after, &rest, Variant::Standard, 1)
                    .min_stacks;
                safe[i] = with <= best;
            }
        }
        if !safe.contains(&true) {
            return None;
        }
    }
    safe.iter().position(|&s| s).map(|i| moves[i])
}
