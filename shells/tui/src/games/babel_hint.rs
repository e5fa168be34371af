//! Tower of Babel's hint in words: the best action, why, and what is known
//! of the chance of a full win. Shared by the full-screen client and the
//! line-based `stackyard babel play`, so both give the same advice.

use stackyard_babel::solver::Solver;
use stackyard_babel::strict::{Exact, Player, Policy};
use stackyard_babel::{Action, Babel, Variant, wilson95};
use stackyard_core::Seed;

/// The best action, why, and what is known of the chance of a full win:
/// exact when few tiles remain, otherwise sampled over orders of the
/// undrawn tiles (the hint never looks at the hidden order).
pub fn hint(game: &Babel, seed: Seed) -> String {
    if game.is_finished() {
        return "the game is over: undo to go back, quit to leave.".into();
    }
    let variant = game.variant();
    let undrawn = game.undrawn_tiles();
    let exact_limit = match variant {
        Variant::Standard => 6,
        Variant::Strict => 9,
    };
    let moves = game.legal_moves();
    let mut solver = Solver::new();
    if undrawn.is_empty() {
        // Nothing hidden is left: the solver knows the best ending.
        let s = solver.solve_position(&game.tops(), &[], variant, 1);
        let best = s.actions.first().copied().unwrap_or(Action::End);
        let result = match s.min_stacks {
            1 => "a full win",
            2 | 3 => "a partial win",
            _ => "a loss whatever you do",
        };
        return format!(
            "hint: {best}. Nothing is left to draw: best play ends with {} stack{} ({result}).",
            s.min_stacks,
            if s.min_stacks == 1 { "" } else { "s" }
        );
    }
    let (best, why) = match variant {
        // B10: drawing first never hurts.
        Variant::Standard => (
            Action::Draw,
            "any move can wait (B10): what you can stack now you can still stack after a draw"
                .to_string(),
        ),
        Variant::Strict if moves.is_empty() => (
            Action::Draw,
            "no move is possible, so you draw (B11)".into(),
        ),
        Variant::Strict if undrawn.len() <= exact_limit => {
            let m = Exact::new().best_move(game).map_or(moves[0], |(m, _)| m);
            (
                m,
                "the best of the moves you must choose from (B11), by exact expectation".into(),
            )
        }
        Variant::Strict => (
            Player::new(Policy::Sampling { samples: 64 }, seed).choose(game),
            "the best of the moves you must choose from (B11), judged on 64 sampled orders".into(),
        ),
    };
    let mut after = game.clone();
    if matches!(best, Action::Move { .. }) && after.play(best).is_err() {
        after = game.clone();
    }
    let n = undrawn.len();
    let tiles = format!(
        "the {n} tile{} still to come",
        if n == 1 { "" } else { "s" }
    );
    if n <= exact_limit {
        let v = Exact::new().value(&after.tops(), &undrawn, variant);
        let known = if v >= 1.0 - 1e-12 {
            format!(
                "the deal is still winnable whatever the order of {tiles}: a full win is certain with best play (exact)"
            )
        } else if v <= 1e-12 {
            format!(
                "no order of {tiles} gives a full win any more: aim for 3 stacks or fewer (exact)"
            )
        } else {
            format!(
                "the deal is still winnable: a full win in {:.1}% of the orders of {tiles}, with best play (exact)",
                100.0 * v
            )
        };
        return format!("hint: {best}. Why: {why}. What is known: {known}.");
    }
    let mut rng = seed.rng("hint");
    let samples = 400u64;
    let mut wins = 0;
    for _ in 0..samples {
        let mut order = undrawn.clone();
        rand::seq::SliceRandom::shuffle(order.as_mut_slice(), &mut rng);
        wins += u64::from(
            solver
                .solve_position(&after.tops(), &order, variant, 1)
                .full_win,
        );
    }
    let (lo, hi) = wilson95(wins, samples);
    let how = match variant {
        Variant::Standard => "with best play",
        Variant::Strict => "if you could see the order (an upper bound in Strict)",
    };
    let known = if wins == 0 {
        format!("none of {samples} sampled orders of {tiles} gives a full win {how}")
    } else if wins == samples {
        format!(
            "the deal is still winnable: every one of {samples} sampled orders of {tiles} gives a full win {how}"
        )
    } else {
        format!(
            "the deal is still winnable: about {:.0}% of sampled orders of {tiles} give a full win {how} \
             ({samples} samples, 95% CI {:.0}%..{:.0}%)",
            100.0 * wins as f64 / samples as f64,
            100.0 * lo,
            100.0 * hi
        )
    };
    format!("hint: {best}. Why: {why}. What is known: {known}.")
}
