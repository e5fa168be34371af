//! Tournament pairing and standings, as pure functions of what has been
//! played: no clock, no store, no randomness. A tournament's next round is
//! decided entirely by its entrants and its finished games, so a server that
//! restarts, or a second node, pairs the same round again (issue #44).
//!
//! - [`swiss`]: a set number of rounds, Dutch-style pairing within score
//!   groups, no rematch, colours balanced within one, byes that rotate, and
//!   the Buchholz and Sonneborn–Berger tie-breaks.
//! - [`arena`]: a fixed duration, players paired again as soon as their game
//!   ends, by score then rating; win 2, draw 1, loss 0, doubled on a streak
//!   (lichess's "fire").
//! - [`tables`]: multi-seat games (IceTowers, Speedy Towers, Leaning Towers)
//!   seated at tables of three or four by score, with points by finishing
//!   place.
//! - [`race`]: Tower of Babel, a solitaire, raced over the same seeded deals.
//!
//! Entrants are numbered `0..n` (an index into the caller's list); points are
//! counted in half-points ([`HalfPoints`]) so a draw is exact.

pub mod arena;
pub mod race;
pub mod swiss;
pub mod tables;

use serde::{Deserialize, Serialize};

/// An entrant: an index into the tournament's list of players.
pub type Entrant = usize;

/// Points counted in halves: a win is 2, a draw 1 (Swiss), so no score is
/// ever a fraction.
pub type HalfPoints = u32;

/// How a two-seat game ended, from the first seat's side (Towers' Black,
/// who moves first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// The first seat won.
    FirstWins,
    /// The second seat won.
    SecondWins,
    /// Neither did.
    Draw,
}

impl Outcome {
    /// The half-points the first seat and the second seat take from it.
    pub fn half_points(self) -> (HalfPoints, HalfPoints) {
        match self {
            Outcome::FirstWins => (2, 0),
            Outcome::SecondWins => (0, 2),
            Outcome::Draw => (1, 1),
        }
    }
}

/// Two entrants to play each other: `first` takes the first seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pairing {
    /// Takes the first seat (moves first).
    pub first: Entrant,
    /// Takes the second seat.
    pub second: Entrant,
}

/// A finished game between two entrants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Played {
    /// Who sat where.
    pub pairing: Pairing,
    /// How it ended.
    pub outcome: Outcome,
}

/// Why no pairing could be made: said to the organiser in words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// Fewer players than a game needs.
    #[error("a round needs at least {needed} players; {present} are here")]
    TooFewPlayers {
        /// How many a round needs.
        needed: usize,
        /// How many are present.
        present: usize,
    },
    /// Every way of pairing the round repeats a game already played: the
    /// Swiss has run out of new opponents and ends.
    #[error(
        "every pairing of round {round} repeats a game already played: the Swiss ends after round {}",
        round - 1
    )]
    NoPairingWithoutRematch {
        /// The round that could not be paired (1-based).
        round: usize,
    },
    /// An entrant named in the history is not in the list of entrants.
    #[error("the history names entrant {entrant}, but there are only {count} entrants")]
    UnknownEntrant {
        /// The index named.
        entrant: Entrant,
        /// How many entrants there are.
        count: usize,
    },
    /// A table's seat count range is empty or below two.
    #[error("tables of {min} to {max} seats cannot be set")]
    BadTableSize {
        /// The fewest seats asked for.
        min: usize,
        /// The most seats asked for.
        max: usize,
    },
}
