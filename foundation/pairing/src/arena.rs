//! Arenas: a fixed duration in which a player whose game ends is paired
//! again at once, as lichess runs them.
//!
//! Scoring: a win is worth 2, a draw 1, a loss 0. Two wins in a row put a
//! player on a streak ("on fire"): from the next game on, a win is worth 4
//! and a draw 2, until the player fails to win (a draw or a loss ends the
//! streak, the draw still scoring double).
//!
//! Pairing: the players waiting are ranked by score, then rating, and paired
//! down the list, each with the nearest below it whom it did not just play
//! (so two players are never paired twice in a row while anyone else is
//! waiting). The one further behind on first seats takes the first seat.

use crate::{Entrant, Pairing};
use serde::{Deserialize, Serialize};

/// A game's result from one player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerResult {
    /// It won.
    Win,
    /// A draw.
    Draw,
    /// It lost.
    Loss,
}

/// One player's arena so far: its results in order and what they scored.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    /// The results, oldest first.
    pub results: Vec<PlayerResult>,
    /// What each result scored, in the same order.
    pub points: Vec<u32>,
    /// First seats taken minus second seats taken.
    pub colour_balance: i32,
    /// Whom it played last.
    pub last_opponent: Option<Entrant>,
}

impl Sheet {
    /// Whether its next game scores double: its last two results are wins.
    pub fn on_fire(&self) -> bool {
        let n = self.results.len();
        n >= 2
            && self.results[n - 2..]
                .iter()
                .all(|r| *r == PlayerResult::Win)
    }

    /// Adds a finished game and returns what it scored.
    pub fn add(&mut self, result: PlayerResult, opponent: Entrant, took_first: bool) -> u32 {
        let base = match result {
            PlayerResult::Win => 2,
            PlayerResult::Draw => 1,
            PlayerResult::Loss => 0,
        };
        let points = if self.on_fire() { base * 2 } else { base };
        self.results.push(result);
        self.points.push(points);
        self.colour_balance += if took_first { 1 } else { -1 };
        self.last_opponent = Some(opponent);
        points
    }

    /// Its score.
    pub fn score(&self) -> u32 {
        self.points.iter().sum()
    }
}

/// A player waiting for a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    /// Who.
    pub entrant: Entrant,
    /// Its rating; only the order matters.
    pub rating: i32,
    /// Its sheet so far.
    pub sheet: Sheet,
}

/// Pairs the players waiting: the pairings, best-ranked first, and whoever
/// is left to wait for the next game to end.
pub fn pair_waiting(waiting: &[Waiting]) -> (Vec<Pairing>, Option<Entrant>) {
    let mut ranked: Vec<&Waiting> = waiting.iter().collect();
    ranked.sort_by(|a, b| {
        b.sheet
            .score()
            .cmp(&a.sheet.score())
            .then(b.rating.cmp(&a.rating))
            .then(a.entrant.cmp(&b.entrant))
    });
    let mut pairings = Vec::with_capacity(ranked.len() / 2);
    while ranked.len() >= 2 {
        let top = ranked.remove(0);
        let pick = ranked
            .iter()
            .position(|w| top.sheet.last_opponent != Some(w.entrant))
            .unwrap_or(0);
        let other = ranked.remove(pick);
        let top_first = match top.sheet.colour_balance.cmp(&other.sheet.colour_balance) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => pairings.len() % 2 == 0,
        };
        pairings.push(if top_first {
            Pairing {
                first: top.entrant,
                second: other.entrant,
            }
        } else {
            Pairing {
                first: other.entrant,
                second: top.entrant,
            }
        });
    }
    (pairings, ranked.first().map(|w| w.entrant))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn two_wins_in_a_row_double_the_next_games_until_one_is_not_won() {
        let mut sheet = Sheet::default();
        assert_eq!(sheet.add(PlayerResult::Win, 1, true), 2);
        assert_eq!(sheet.add(PlayerResult::Win, 2, false), 2);
        assert!(sheet.on_fire());
        assert_eq!(sheet.add(PlayerResult::Win, 3, true), 4);
        assert_eq!(
            sheet.add(PlayerResult::Draw, 4, false),
            2,
            "a draw on fire scores double"
        );
        assert!(!sheet.on_fire(), "and ends the streak");
        assert_eq!(sheet.add(PlayerResult::Win, 5, true), 2);
        assert_eq!(sheet.add(PlayerResult::Loss, 6, false), 0);
        assert_eq!(sheet.score(), 12);
        assert_eq!(sheet.colour_balance, 0);
    }

    fn waiting(entrant: Entrant, rating: i32, wins: usize, last: Option<Entrant>) -> Waiting {
        let mut sheet = Sheet::default();
        for _ in 0..wins {
            sheet.add(PlayerResult::Win, 99, true);
        }
        sheet.last_opponent = last;
        Waiting {
            entrant,
            rating,
            sheet,
        }
    }

    #[test]
    fn waiting_players_are_paired_by_score_then_rating_never_twice_in_a_row_when_avoidable() {
        let list = vec![
            waiting(0, 1500, 0, None),
            waiting(1, 1400, 2, Some(2)),
            waiting(2, 1800, 2, Some(1)),
            waiting(3, 1600, 0, None),
            waiting(4, 1700, 1, None),
        ];
        let (pairs, left) = pair_waiting(&list);
        let met: Vec<(Entrant, Entrant)> = pairs
            .iter()
            .map(|p| (p.first.min(p.second), p.first.max(p.second)))
            .collect();
        // Ranked 2, 1 (score 6; 2 is rated higher), 4, 3, 0. 2 just played
        // 1, so 2 meets 4; 1 meets 3; 0 waits.
        assert_eq!(met, vec![(2, 4), (1, 3)]);
        assert_eq!(left, Some(0));
    }

    #[test]
    fn two_players_alone_may_meet_again() {
        let list = vec![waiting(0, 1500, 1, Some(1)), waiting(1, 1500, 0, Some(0))];
        let (pairs, left) = pair_waiting(&list);
        assert_eq!(pairs.len(), 1);
        assert_eq!(left, None);
    }

    #[test]
    fn the_player_behind_on_first_seats_takes_the_first() {
        let mut a = waiting(0, 1900, 0, None);
        a.sheet.colour_balance = 1;
        let b = waiting(1, 1000, 0, None);
        let (pairs, _) = pair_waiting(&[a, b]);
        assert_eq!(
            pairs,
            vec![Pairing {
                first: 1,
                second: 0
            }]
        );
    }

    proptest! {
        /// Every waiting player is paired once or left to wait, and at most
        /// one waits.
        #[test]
        fn every_waiting_player_is_paired_once(
            ratings in prop::collection::vec(1000i32..2000, 0..30),
            wins in prop::collection::vec(0usize..4, 30),
        ) {
            let list: Vec<Waiting> = ratings.iter().enumerate()
                .map(|(i, &r)| waiting(i, r, wins[i], (i > 0).then(|| i - 1)))
                .collect();
            let (pairs, left) = pair_waiting(&list);
            let mut seen: Vec<Entrant> = pairs.iter().flat_map(|p| [p.first, p.second]).chain(left).collect();
            seen.sort();
            prop_assert_eq!(seen, (0..list.len()).collect::<Vec<_>>());
            prop_assert_eq!(left.is_some(), list.len() % 2 == 1);
        }
    }
}
