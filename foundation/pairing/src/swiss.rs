//! Swiss tournaments: a set number of rounds, each paired from the rounds
//! before it.
//!
//! The pairing is Dutch-style: players are ranked by score, then rating;
//! within a score group the top half meets the bottom half (1 against
//! n/2 + 1, 2 against n/2 + 2, …), and a player left over floats down to
//! the next group. Two rules are never broken: nobody meets the same
//! opponent twice, and nobody plays twice in a round. A bye (one point, for
//! an odd count) goes to the lowest-ranked player who has not had one.
//! Colours are balanced within one: after every round each player has taken
//! the first seat at most once more, or less, than the second. When a round
//! is hard, the Dutch order gives way first, then the colour balance
//! (allowed to reach two, and the [`Round`] says so), then the bye's
//! rotation; when every pairing repeats a game, the Swiss ends, in words.
//!
//! Tie-breaks, in this order after the score: **Buchholz** (the sum of the
//! final scores of the opponents a player met; a bye adds nothing), then
//! **Sonneborn–Berger** (the sum of the scores of the opponents a player
//! beat, plus half of those it drew with), then rating.

use crate::{Entrant, HalfPoints, Pairing, PairingError, Played};
use serde::{Deserialize, Serialize};

/// The points a bye is worth: a win's.
pub const BYE: HalfPoints = 2;

/// How many steps one attempt at pairing a round may take before it is
/// counted as impossible: the search is exhaustive, and without a bound a
/// round that cannot be paired would take exponential time to prove so.
const STEP_BUDGET: u64 = 2_000_000;

/// A round as it was played: its games and its bye.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundPlayed {
    /// The finished games.
    pub games: Vec<Played>,
    /// Who had the bye, if anyone.
    pub bye: Option<Entrant>,
}

/// A round to play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The games, best-ranked board first.
    pub pairings: Vec<Pairing>,
    /// Who sits out with a point, when the count is odd.
    pub bye: Option<Entrant>,
    /// Whether colours had to go two apart for someone: no pairing of the
    /// round kept every player within one.
    pub colours_relaxed: bool,
}

/// One entrant's standing so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// Who.
    pub entrant: Entrant,
    /// Points so far, in halves (a win 2, a draw 1, a bye 2).
    pub score: HalfPoints,
    /// The opponents' scores summed, in halves.
    pub buchholz: HalfPoints,
    /// Beaten opponents' scores plus half the drawn ones', in quarters (so a
    /// half of a half-point stays whole).
    pub sonneborn_berger: u32,
    /// First seats taken minus second seats taken.
    pub colour_balance: i32,
    /// Whom it has met, in order.
    pub opponents: Vec<Entrant>,
    /// Whether it has had a bye.
    pub had_bye: bool,
}

/// What the pairing needs to know of each entrant, gathered from the
/// history once.
#[derive(Debug, Clone)]
struct Record {
    score: HalfPoints,
    balance: i32,
    /// The seat taken in the last game played: true for first.
    last_first: Option<bool>,
    opponents: Vec<Entrant>,
    had_bye: bool,
}

fn records(count: usize, history: &[RoundPlayed]) -> Result<Vec<Record>, PairingError> {
    let mut out = vec![
        Record {
            score: 0,
            balance: 0,
            last_first: None,
            opponents: Vec::new(),
            had_bye: false,
        };
        count
    ];
    let known = |e: Entrant| {
        if e < count {
            Ok(e)
        } else {
            Err(PairingError::UnknownEntrant { entrant: e, count })
        }
    };
    for round in history {
        for game in &round.games {
            let (a, b) = (known(game.pairing.first)?, known(game.pairing.second)?);
            let (pa, pb) = game.outcome.half_points();
            out[a].score += pa;
            out[a].balance += 1;
            out[a].last_first = Some(true);
            out[a].opponents.push(b);
            out[b].score += pb;
            out[b].balance -= 1;
            out[b].last_first = Some(false);
            out[b].opponents.push(a);
        }
        if let Some(bye) = round.bye {
            let bye = known(bye)?;
            out[bye].score += BYE;
            out[bye].had_bye = true;
        }
    }
    Ok(out)
}

/// The standings after `history`, best first: score, then Buchholz, then
/// Sonneborn–Berger, then rating (`ratings[i]` is entrant i's), then the
/// entrant's number.
pub fn standings(ratings: &[i32], history: &[RoundPlayed]) -> Result<Vec<Standing>, PairingError> {
    let recs = records(ratings.len(), history)?;
    let mut out: Vec<Standing> = recs
        .iter()
        .enumerate()
        .map(|(entrant, r)| Standing {
            entrant,
            score: r.score,
            buchholz: r.opponents.iter().map(|&o| recs[o].score).sum(),
            sonneborn_berger: 0,
            colour_balance: r.balance,
            opponents: r.opponents.clone(),
            had_bye: r.had_bye,
        })
        .collect();
    for round in history {
        for game in &round.games {
            let (a, b) = (game.pairing.first, game.pairing.second);
            let (pa, pb) = game.outcome.half_points();
            out[a].sonneborn_berger += pa * recs[b].score;
            out[b].sonneborn_berger += pb * recs[a].score;
        }
    }
    out.sort_by(|x, y| {
        y.score
            .cmp(&x.score)
            .then(y.buchholz.cmp(&x.buchholz))
            .then(y.sonneborn_berger.cmp(&x.sonneborn_berger))
            .then(ratings[y.entrant].cmp(&ratings[x.entrant]))
            .then(x.entrant.cmp(&y.entrant))
    });
    Ok(out)
}

/// Pairs the next round for the entrants `present` (the others have
/// withdrawn or not joined), given every round so far. `ratings[i]` is
/// entrant i's rating; only its order matters.
pub fn pair_round(
    ratings: &[i32],
    present: &[Entrant],
    history: &[RoundPlayed],
) -> Result<Round, PairingError> {
    let count = ratings.len();
    let recs = records(count, history)?;
    let mut ranked: Vec<Entrant> = Vec::with_capacity(present.len());
    for &p in present {
        if p >= count {
            return Err(PairingError::UnknownEntrant { entrant: p, count });
        }
        if !ranked.contains(&p) {
            ranked.push(p);
        }
    }
    if ranked.len() < 2 {
        return Err(PairingError::TooFewPlayers {
            needed: 2,
            present: ranked.len(),
        });
    }
    ranked.sort_by(|&x, &y| {
        recs[y]
            .score
            .cmp(&recs[x].score)
            .then(ratings[y].cmp(&ratings[x]))
            .then(x.cmp(&y))
    });
    // The bye goes to the lowest-ranked player without one; among those,
    // the first whose absence leaves a round that can be paired. What gives
    // way first when a round is hard: the Dutch order, then the colour
    // balance, then the bye's rotation; never the rule against rematches.
    let bye_groups: Vec<Vec<Option<Entrant>>> = if ranked.len() % 2 == 1 {
        let lowest_first = |had: bool| -> Vec<Option<Entrant>> {
            ranked
                .iter()
                .rev()
                .copied()
                .filter(|&p| recs[p].had_bye == had)
                .map(Some)
                .collect()
        };
        vec![lowest_first(false), lowest_first(true)]
    } else {
        vec![vec![None]]
    };
    for group in &bye_groups {
        for colour_bound in [1, 2] {
            for &bye in group {
                let players: Vec<Entrant> =
                    ranked.iter().copied().filter(|&p| Some(p) != bye).collect();
                let mut search = Search {
                    recs: &recs,
                    colour_bound,
                    steps: 0,
                };
                if let Some(pairs) = search.pair(&players) {
                    let pairings = pairs
                        .iter()
                        .enumerate()
                        .map(|(board, &(a, b))| seat(&recs, a, b, board, colour_bound))
                        .collect();
                    return Ok(Round {
                        pairings,
                        bye,
                        colours_relaxed: colour_bound > 1,
                    });
                }
            }
        }
    }
    Err(PairingError::NoPairingWithoutRematch {
        round: history.len() + 1,
    })
}

struct Search<'a> {
    recs: &'a [Record],
    colour_bound: i32,
    steps: u64,
}

impl Search<'_> {
    /// Whether `a` and `b` may meet: never again, and with a seating that
    /// keeps both within the colour bound.
    fn may_meet(&self, a: Entrant, b: Entrant) -> bool {
        let (ra, rb) = (&self.recs[a], &self.recs[b]);
        if ra.opponents.contains(&b) {
            return false;
        }
        seating_fits(ra, rb, self.colour_bound) || seating_fits(rb, ra, self.colour_bound)
    }

    /// Pairs every player of `players` (in rank order), Dutch order first,
    /// or `None` when no pairing exists within the budget.
    fn pair(&mut self, players: &[Entrant]) -> Option<Vec<(Entrant, Entrant)>> {
        let mut pairs = Vec::with_capacity(players.len() / 2);
        self.extend(players, &mut pairs).then_some(pairs)
    }

    fn extend(&mut self, left: &[Entrant], pairs: &mut Vec<(Entrant, Entrant)>) -> bool {
        if left.is_empty() {
            return true;
        }
        self.steps += 1;
        if self.steps > STEP_BUDGET {
            return false;
        }
        // Forward check: someone with no possible partner left ends this
        // branch at once.
        for (i, &p) in left.iter().enumerate() {
            if !left
                .iter()
                .enumerate()
                .any(|(j, &q)| i != j && self.may_meet(p, q))
            {
                return false;
            }
        }
        let top = left[0];
        for candidate in self.dutch_order(left) {
            if !self.may_meet(top, candidate) {
                continue;
            }
            let rest: Vec<Entrant> = left[1..]
                .iter()
                .copied()
                .filter(|&p| p != candidate)
                .collect();
            pairs.push((top, candidate));
            if self.extend(&rest, pairs) {
                return true;
            }
            pairs.pop();
        }
        false
    }

    /// The opponents of `left[0]` in the order the Dutch system prefers
    /// them: its score group's bottom half from the middle down, then the
    /// group's top half from the bottom up, then lower groups in rank order.
    fn dutch_order(&self, left: &[Entrant]) -> Vec<Entrant> {
        let score = self.recs[left[0]].score;
        let group: Vec<Entrant> = left
            .iter()
            .copied()
            .take_while(|&p| self.recs[p].score == score)
            .collect();
        let half = group.len() / 2;
        let mut order: Vec<Entrant> = group[half.max(1)..].to_vec();
        order.extend(group[1..half.max(1)].iter().rev());
        order.extend(&left[group.len()..]);
        order
    }
}

/// Whether `first` taking the first seat and `second` the second keeps both
/// within `bound` of an even share of first seats.
fn seating_fits(first: &Record, second: &Record, bound: i32) -> bool {
    first.balance < bound && second.balance > -bound
}

/// Seats a chosen pair (`a` ranked above `b`): the one further behind on
/// first seats takes it; when even, each takes the seat it did not have
/// last; in the first round, boards alternate (the better-ranked player
/// first on board 1, second on board 2, …).
fn seat(recs: &[Record], a: Entrant, b: Entrant, board: usize, bound: i32) -> Pairing {
    let (ra, rb) = (&recs[a], &recs[b]);
    let a_first = if ra.balance != rb.balance {
        ra.balance < rb.balance
    } else {
        match (ra.last_first, rb.last_first) {
            (Some(x), Some(y)) if x != y => !x,
            (Some(x), _) => !x,
            (None, Some(y)) => y,
            (None, None) => board.is_multiple_of(2),
        }
    };
    let a_first = if a_first {
        seating_fits(ra, rb, bound)
    } else {
        !seating_fits(rb, ra, bound)
    };
    if a_first {
        Pairing {
            first: a,
            second: b,
        }
    } else {
        Pairing {
            first: b,
            second: a,
        }
    }
}

#[cfg(test)]
mod tests;
