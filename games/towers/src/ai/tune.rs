//! Tuning the evaluation: logistic regression of self-play outcomes on
//! the [`features`](super::features) of the positions those games passed
//! through.
//!
//! The games are played by a cheap, noisy policy (one-ply greedy on the
//! current score with random moves mixed in) so that they cover many kinds
//! of positions; the fit is Newton's method with a small ridge term, so
//! the same games, seed and settings always give the same weights.

use super::board::{BLACK, Board, Rules};
use super::eval::{FEATURES, Features, Weights, features};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use stackyard_search::SearchGame;

/// What a tuning run produced.
#[derive(Debug, Clone, PartialEq)]
pub struct TuneReport {
    /// The fitted weights.
    pub weights: Weights,
    /// Games played.
    pub games: usize,
    /// Positions fitted.
    pub positions: usize,
    /// Black wins, draws, White wins in the self-play games.
    pub results: [usize; 3],
    /// Mean log-loss of the fit.
    pub log_loss: f64,
    /// Mean log-loss of the constant (no-feature) model, for comparison.
    pub baseline_log_loss: f64,
}

fn self_play(cols: u8, rows: u8, rules: Rules, seed: u64) -> (Vec<Features>, f64) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut b = Board::new(cols, rows, rules).expect("valid board");
    let mut seen = Vec::new();
    let mut moves = Vec::new();
    while !b.is_over() {
        seen.push(features(&b));
        moves.clear();
        b.moves(&mut moves);
        let explore = rng.next_u64() % 100 < 35;
        let m = if explore {
            moves[(rng.next_u64() % moves.len() as u64) as usize]
        } else {
            // Greedy on the mover's score after the move, random tie-break.
            let sign = if b.side_to_move() == BLACK { 1 } else { -1 };
            let mut best = moves[0];
            let mut best_v = i64::MIN;
            for &m in &moves {
                let v =
                    i64::from(sign * b.play(m).margin()) * 1024 + (rng.next_u64() % 1024) as i64;
                if v > best_v {
                    best_v = v;
                    best = m;
                }
            }
            best
        };
        b = b.play(m);
    }
    let result = match b.margin().signum() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    };
    (seen, result)
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Plays `games` self-play games on a `cols × rows` board under `rules`
/// from `seed` (game `i` uses its own derived seed, so threads do not
/// change the result) and fits the weights.
pub fn tune(cols: u8, rows: u8, rules: Rules, games: usize, seed: u64) -> TuneReport {
    let played: Vec<(Vec<Features>, f64)> = (0..games)
        .into_par_iter()
        .map(|g| {
            self_play(
                cols,
                rows,
                rules,
                seed ^ (g as u64)
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    .rotate_left(17),
            )
        })
        .collect();
    let mut results = [0; 3];
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    for (pos, y) in &played {
        results[if *y == 1.0 {
            0
        } else if *y == 0.5 {
            1
        } else {
            2
        }] += 1;
        for f in pos {
            xs.push(*f);
            ys.push(*y);
        }
    }
    let mut w = [0.0; FEATURES];
    let ridge = 1e-3 * xs.len().max(1) as f64;
    for _ in 0..25 {
        let mut grad = [0.0; FEATURES];
        let mut hess = [[0.0; FEATURES]; FEATURES];
        for (x, &y) in xs.iter().zip(&ys) {
            let p = sigmoid(Weights(w).logit(x));
            let s = p * (1.0 - p);
            for i in 0..FEATURES {
                grad[i] += (p - y) * x[i];
                for j in 0..FEATURES {
                    hess[i][j] += s * x[i] * x[j];
                }
            }
        }
        for i in 0..FEATURES {
            grad[i] += ridge * w[i];
            hess[i][i] += ridge;
        }
        let step = solve_linear(hess, grad);
        let mut moved = 0.0f64;
        for i in 0..FEATURES {
            w[i] -= step[i];
            moved = moved.max(step[i].abs());
        }
        if moved < 1e-9 {
            break;
        }
    }
    let loss = |wt: &[f64; FEATURES]| -> f64 {
        let n = xs.len().max(1) as f64;
        xs.iter()
            .zip(&ys)
            .map(|(x, &y)| {
                let p = sigmoid(Weights(*wt).logit(x)).clamp(1e-12, 1.0 - 1e-12);
                -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
            })
            .sum::<f64>()
            / n
    };
    // Rounded so the checked-in constants read cleanly and reproduce.
    let weights = Weights(w.map(|v| (v * 10_000.0).round() / 10_000.0));
    TuneReport {
        weights,
        games,
        positions: xs.len(),
        results,
        log_loss: loss(&weights.0),
        baseline_log_loss: loss(&[0.0; FEATURES]),
    }
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
// Index loops read two rows of `a` at once; iterators would obscure that.
#[allow(clippy::needless_range_loop)]
fn solve_linear(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> [f64; FEATURES] {
    for col in 0..FEATURES {
        let pivot = (col..FEATURES)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        if a[col][col].abs() < 1e-12 {
            continue;
        }
        for row in col + 1..FEATURES {
            let f = a[row][col] / a[col][col];
            for k in col..FEATURES {
                a[row][k] -= f * a[col][k];
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0.0; FEATURES];
    for row in (0..FEATURES).rev() {
        let mut s = b[row];
        for k in row + 1..FEATURES {
            s -= a[row][k] * x[k];
        }
        x[row] = if a[row][row].abs() < 1e-12 {
            0.0
        } else {
            s / a[row][row]
        };
    }
    x
}
