//! The Towers evaluation: a linear model over a few features, whose
//! weights are fitted by logistic regression on self-play outcomes
//! ([`crate::ai::tune`]), not guessed.
//!
//! `w · features` estimates the log-odds that Black wins; the evaluation
//! is that, times 100, from Black's point of view.

use super::board::{BLACK, Board, WHITE};

/// Number of features.
pub const FEATURES: usize = 6;

/// Feature values of a position, each Black's minus White's except tempo.
pub type Features = [f64; FEATURES];

/// Feature names, in order, for reports.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "material", "tallest", "mobility", "movable", "stuck", "tempo",
];

/// The features of `b`:
/// 0. material: score now (floors owned, T15, plus captures, T16);
/// 1. tallest: floors in the tallest towers (T13 anchors);
/// 2. mobility: step moves available;
/// 3. movable: towers that may move;
/// 4. stuck: floors in towers that cannot move (surrounded, T9);
/// 5. tempo: +1 when Black is to move, -1 when White is.
pub fn features(b: &Board) -> Features {
    let s = b.scores();
    let hmax = b.max_height();
    let mut tallest = [0.0; 2];
    let mut stuck = [0.0; 2];
    for colour in [BLACK, WHITE] {
        let movable = b.movable(colour);
        let mut t = b.towers_of(colour);
        while t != 0 {
            let i = t.trailing_zeros() as usize;
            t &= t - 1;
            let h = f64::from(b.height(i));
            if b.height(i) == hmax {
                tallest[usize::from(colour)] += h;
            }
            if movable & (1u64 << i) == 0 {
                stuck[usize::from(colour)] += h;
            }
        }
    }
    [
        f64::from(s[0] - s[1]),
        tallest[0] - tallest[1],
        f64::from(b.mobility(BLACK)) - f64::from(b.mobility(WHITE)),
        f64::from(b.movable(BLACK).count_ones()) - f64::from(b.movable(WHITE).count_ones()),
        stuck[0] - stuck[1],
        if b.side_to_move() == BLACK { 1.0 } else { -1.0 },
    ]
}

/// Weights of the linear model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weights(pub Features);

/// The checked-in weights, produced by
/// `stackyard towers tune --games 4000 --seed 1 --board 8x8`
/// (the test `checked_in_weights_match_the_tuning_command` re-runs it).
pub const TUNED: Weights = Weights([0.1186, 0.0323, 0.0179, -0.1475, -0.0532, 0.1627]);

impl Weights {
    /// `w · f`: the estimated log-odds that Black wins.
    pub fn logit(&self, f: &Features) -> f64 {
        self.0.iter().zip(f).map(|(w, x)| w * x).sum()
    }

    /// The evaluation in hundredths of a logit, Black's view.
    pub fn evaluate(&self, b: &Board) -> i32 {
        (self.logit(&features(b)) * 100.0)
            .round()
            .clamp(-400_000.0, 400_000.0) as i32
    }
}

impl stackyard_search::Evaluator<Board> for Weights {
    fn evaluate(&self, b: &Board) -> i32 {
        Weights::evaluate(self, b)
    }
}
