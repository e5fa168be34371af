//! Multi-seat games in a tournament (IceTowers, Speedy Towers, Leaning
//! Towers): each round seats the players at tables by score, and each table
//! scores like a small round-robin.
//!
//! Seating: players ranked by score then rating fill the tables in order,
//! best first, with as few tables as the largest size allows and sizes at
//! most one apart. When the count cannot be seated within the sizes (two
//! players for tables of three or more), the lowest-ranked who have sat out
//! least sit out this round.
//!
//! Points: one for every player at the table a player finished ahead of,
//! half for every one it tied with. A table of four thus gives 3, 2, 1, 0,
//! and a winner at a table of three takes 2; since a round's tables differ
//! by at most one seat, so do its best scores.

use crate::{Entrant, HalfPoints, PairingError};
use serde::{Deserialize, Serialize};

/// A player to seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seatable {
    /// Who.
    pub entrant: Entrant,
    /// Its score so far, in half-points.
    pub score: HalfPoints,
    /// Its rating; only the order matters.
    pub rating: i32,
    /// How many rounds it has sat out.
    pub sat_out: u32,
}

/// A round's seating.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seating {
    /// The tables, best-ranked first, each in rank order.
    pub tables: Vec<Vec<Entrant>>,
    /// Who sits this round out.
    pub sitting_out: Vec<Entrant>,
}

/// Seats `players` at tables of `min..=max` seats.
pub fn seat(players: &[Seatable], min: usize, max: usize) -> Result<Seating, PairingError> {
    if min < 2 || max < min {
        return Err(PairingError::BadTableSize { min, max });
    }
    if players.len() < min {
        return Err(PairingError::TooFewPlayers {
            needed: min,
            present: players.len(),
        });
    }
    let n = players.len();
    let mut tables = n.div_ceil(max);
    while tables * min > n {
        tables -= 1;
    }
    let seated = n.min(tables * max);
    let mut ranked: Vec<&Seatable> = players.iter().collect();
    ranked.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then(b.rating.cmp(&a.rating))
            .then(a.entrant.cmp(&b.entrant))
    });
    // Who sits out: those who have sat out least, lowest-ranked first.
    let mut out_order: Vec<usize> = (0..n).rev().collect();
    out_order.sort_by_key(|&i| ranked[i].sat_out);
    let out: Vec<usize> = out_order.into_iter().take(n - seated).collect();
    let sitting_out: Vec<Entrant> = out.iter().map(|&i| ranked[i].entrant).collect();
    let mut playing = (0..n)
        .filter(|i| !out.contains(i))
        .map(|i| ranked[i].entrant);
    let (base, extra) = (seated / tables, seated % tables);
    let tables = (0..tables)
        .map(|t| {
            playing
                .by_ref()
                .take(base + usize::from(t < extra))
                .collect()
        })
        .collect();
    Ok(Seating {
        tables,
        sitting_out,
    })
}

/// The half-points each player of a finished table takes, from its
/// finishing places (`places[i]` is player i's: 1 for first; equal places
/// are ties).
pub fn place_points(places: &[u32]) -> Vec<HalfPoints> {
    places
        .iter()
        .map(|&mine| {
            places
                .iter()
                .map(|&theirs| match mine.cmp(&theirs) {
                    std::cmp::Ordering::Less => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Greater => 0,
                })
                .sum::<HalfPoints>()
                - 1 // oneself, counted as a tie
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn players(n: usize) -> Vec<Seatable> {
        (0..n)
            .map(|i| Seatable {
                entrant: i,
                score: 0,
                rating: 2000 - i as i32,
                sat_out: 0,
            })
            .collect()
    }

    #[test]
    fn ten_players_sit_at_tables_of_four_three_and_three_in_rank_order() {
        let s = seat(&players(10), 3, 4).unwrap();
        assert_eq!(
            s.tables,
            vec![vec![0, 1, 2, 3], vec![4, 5, 6], vec![7, 8, 9]]
        );
        assert!(s.sitting_out.is_empty());
    }

    #[test]
    fn five_players_at_tables_of_three_leave_two_out_and_they_rotate() {
        let mut list = players(5);
        let s = seat(&list, 3, 3).unwrap();
        assert_eq!(s.sitting_out, vec![4, 3]);
        for e in &s.sitting_out {
            list[*e].sat_out += 1;
        }
        let s = seat(&list, 3, 3).unwrap();
        assert_eq!(s.sitting_out, vec![2, 1]);
        assert_eq!(s.tables, vec![vec![0, 3, 4]]);
    }

    #[test]
    fn a_table_scores_like_a_small_round_robin() {
        assert_eq!(place_points(&[1, 2, 3, 4]), vec![6, 4, 2, 0]);
        assert_eq!(place_points(&[2, 1, 2]), vec![1, 4, 1]);
    }

    #[test]
    fn impossible_sizes_are_refused() {
        assert!(seat(&players(5), 1, 4).is_err());
        assert!(seat(&players(5), 4, 3).is_err());
        assert!(matches!(
            seat(&players(2), 3, 4),
            Err(PairingError::TooFewPlayers {
                needed: 3,
                present: 2
            })
        ));
    }

    proptest! {
        /// Everyone is seated once or sits out; every table is within the
        /// sizes; sizes differ by at most one; no more sit out than must.
        #[test]
        fn everyone_is_seated_once(n in 0usize..40, min in 2usize..5, extra in 0usize..3) {
            let max = min + extra;
            match seat(&players(n), min, max) {
                Ok(s) => {
                    let mut seen: Vec<Entrant> = s.tables.iter().flatten().copied()
                        .chain(s.sitting_out.iter().copied()).collect();
                    seen.sort();
                    prop_assert_eq!(seen, (0..n).collect::<Vec<_>>());
                    let sizes: Vec<usize> = s.tables.iter().map(Vec::len).collect();
                    prop_assert!(sizes.iter().all(|&k| (min..=max).contains(&k)));
                    prop_assert!(sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1);
                    prop_assert!(s.sitting_out.is_empty() || s.tables.len() * max == sizes.iter().sum::<usize>(),
                        "someone sits out while a seat is free");
                }
                Err(_) => prop_assert!(n < min),
            }
        }

        /// A table's points sum to what a round-robin of its players gives.
        #[test]
        fn place_points_sum_to_a_round_robin(places in prop::collection::vec(1u32..6, 1..8)) {
            let k = places.len() as u32;
            prop_assert_eq!(place_points(&places).iter().sum::<u32>(), k * (k - 1));
        }
    }
}
