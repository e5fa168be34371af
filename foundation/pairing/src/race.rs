//! Tower of Babel races: a solitaire raced by everyone on the same seeded
//! deals, in the same order. Ranked by the stacks left over every deal
//! (fewer is better; a deal given up counts the stacks its tiles would make
//! laid out unmoved, B-10), then by the time taken, then by who finished
//! first.

use crate::Entrant;
use serde::{Deserialize, Serialize};

/// One deal as an entrant finished it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    /// Stacks left (B-10's standing for a deal given up).
    pub stacks: u32,
    /// Time taken, in milliseconds of game time.
    pub millis: u64,
}

/// An entrant's race so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Runner {
    /// Who.
    pub entrant: Entrant,
    /// Its finished deals, in the race's order.
    pub deals: Vec<Deal>,
    /// When it finished its last deal, in milliseconds since the race began.
    pub finished_at: u64,
}

/// A line of the race's standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// Who.
    pub entrant: Entrant,
    /// Deals finished.
    pub deals: usize,
    /// Stacks left over them.
    pub stacks: u32,
    /// Time taken over them.
    pub millis: u64,
}

/// The standings, best first: more deals finished, then fewer stacks, then
/// less time, then who finished first.
pub fn standings(runners: &[Runner]) -> Vec<Line> {
    let mut order: Vec<&Runner> = runners.iter().collect();
    let key = |r: &Runner| {
        (
            std::cmp::Reverse(r.deals.len()),
            r.deals.iter().map(|d| d.stacks).sum::<u32>(),
            r.deals.iter().map(|d| d.millis).sum::<u64>(),
            r.finished_at,
            r.entrant,
        )
    };
    order.sort_by_key(|r| key(r));
    order
        .into_iter()
        .map(|r| Line {
            entrant: r.entrant,
            deals: r.deals.len(),
            stacks: r.deals.iter().map(|d| d.stacks).sum(),
            millis: r.deals.iter().map(|d| d.millis).sum(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runner(entrant: Entrant, deals: &[(u32, u64)], finished_at: u64) -> Runner {
        Runner {
            entrant,
            deals: deals
                .iter()
                .map(|&(stacks, millis)| Deal { stacks, millis })
                .collect(),
            finished_at,
        }
    }

    #[test]
    fn fewer_stacks_rank_first_then_less_time_then_more_deals_first_of_all() {
        let table = standings(&[
            runner(0, &[(3, 60_000), (1, 90_000)], 150_000),
            runner(1, &[(2, 80_000), (2, 50_000)], 130_000),
            runner(2, &[(1, 10_000)], 10_000),
            runner(3, &[(1, 100_000), (3, 100_000)], 200_000),
        ]);
        let order: Vec<Entrant> = table.iter().map(|l| l.entrant).collect();
        // 0, 1 and 3 each left 4 stacks over two deals: 1 took 130 s, 0
        // took 150 s, 3 took 200 s; 2 has finished one deal only.
        assert_eq!(order, vec![1, 0, 3, 2]);
        assert_eq!(
            (table[0].stacks, table[0].millis, table[0].deals),
            (4, 130_000, 2)
        );
    }

    #[test]
    fn a_dead_heat_goes_to_who_finished_first() {
        let table = standings(&[runner(0, &[(2, 1000)], 9000), runner(1, &[(2, 1000)], 5000)]);
        assert_eq!(table[0].entrant, 1);
    }
}
