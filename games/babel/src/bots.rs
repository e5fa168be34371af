//! Tower of Babel bots behind the one bot interface ([`stackyard_core::Bot`]).
//!
//! A bot is given the seat's [`View`]: the line and the *set* of undrawn
//! tiles, never their order (B8). It rebuilds a game from that
//! ([`Babel::from_view`]) and plays from it. Contrast the open-deal
//! [`crate::solver`], an analysis tool that reads the whole order.

use crate::strict::{Player, Policy};
use crate::{Action, Babel, Settings, Variant, View};
use stackyard_core::{Bot, BotLevel, Bots, Decision, GameTime, Seat, Seed, SetupError};

/// How a bot plays.
enum Plan {
    /// Standard play (B10): every move can wait, so draw every tile, then
    /// play the exact solution of the full line, which nothing hides any
    /// more. As good as knowing the deal.
    DrawThenSolve,
    /// A Strict-variant policy (B11), also usable in Standard play (moves
    /// first, draw when none is left).
    Policy(Box<Player>),
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
            ("best", Variant::Strict) => Plan::Policy(Box::new(Player::new(
                Policy::Hybrid { samples: 16, k: 7 },
                seed,
            ))),
            (other, _) => {
                let policy: Policy = other.parse().map_err(|e| {
                    SetupError::new(format!(
                        "{e} (Tower of Babel bots: greedy, heuristic, best, sampling:N, \
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
