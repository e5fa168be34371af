//! A series (L13): games until a seat's total reaches the target score. The
//! first seat moves round by one each game and each game has its own child
//! seed (L-13).

use crate::settings::Settings;
use serde::{Deserialize, Serialize};
use stackyard_core::{Seat, Seed};

/// A series in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Series {
    /// The room's settings (the first seat of game 0).
    pub settings: Settings,
    /// The series' seed; game k uses `seed.child(k)`.
    pub seed: Seed,
    /// Totals by seat.
    pub totals: Vec<i64>,
    /// Games finished.
    pub games: u64,
}

impl Series {
    /// A new series.
    pub fn new(settings: Settings, seed: Seed) -> Series {
        let n = usize::from(settings.seats);
        Series {
            settings,
            seed,
            totals: vec![0; n],
            games: 0,
        }
    }

    /// The settings and seed of the next game.
    pub fn next_game(&self) -> (Settings, Seed) {
        let mut s = self.settings.clone();
        let n = u64::from(s.seats.max(1));
        s.first_seat = ((u64::from(s.first_seat) + self.games) % n) as u8;
        (s, self.seed.child(self.games))
    }

    /// Adds a finished game's scores.
    pub fn add(&mut self, scores: &[i64]) {
        for (t, s) in self.totals.iter_mut().zip(scores) {
            *t += s;
        }
        self.games += 1;
    }

    /// Whether some seat has reached the target.
    pub fn is_over(&self) -> bool {
        self.totals.iter().any(|&t| t >= self.settings.target_score)
    }

    /// The seats with the highest total, once the series is over.
    pub fn winners(&self) -> Vec<Seat> {
        if !self.is_over() {
            return Vec::new();
        }
        let best = self.totals.iter().copied().max().unwrap_or(0);
        (0..self.totals.len())
            .filter(|&i| self.totals[i] == best)
            .map(|i| Seat(i as u8))
            .collect()
    }
}
