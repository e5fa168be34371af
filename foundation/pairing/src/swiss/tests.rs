//! The Swiss pairing's rules in game time: Dutch order, no rematch, colours
//! within one, byes that rotate, tie-breaks computed by hand; and a property
//! test over random tournaments, checked against an exhaustive search.

use super::*;
use crate::Outcome;
use proptest::prelude::*;

fn game(first: Entrant, second: Entrant, outcome: Outcome) -> Played {
    Played {
        pairing: Pairing { first, second },
        outcome,
    }
}

/// Plays `round` with the better-rated entrant winning every game.
fn play_by_rating(ratings: &[i32], round: &Round) -> RoundPlayed {
    RoundPlayed {
        games: round
            .pairings
            .iter()
            .map(|p| {
                let outcome = if ratings[p.first] >= ratings[p.second] {
                    Outcome::FirstWins
                } else {
                    Outcome::SecondWins
                };
                Played {
                    pairing: *p,
                    outcome,
                }
            })
            .collect(),
        bye: round.bye,
    }
}

#[test]
fn round_one_is_top_half_against_bottom_half_with_colours_alternating_by_board() {
    let ratings = [1500, 1900, 1700, 1600, 1800, 1400];
    let everyone: Vec<Entrant> = (0..6).collect();
    let round = pair_round(&ratings, &everyone, &[]).unwrap();
    // Ranked 1(1900) 4(1800) 2(1700) | 3(1600) 0(1500) 5(1400).
    assert_eq!(
        round.pairings,
        vec![
            Pairing {
                first: 1,
                second: 3
            },
            Pairing {
                first: 0,
                second: 4
            },
            Pairing {
                first: 2,
                second: 5
            },
        ]
    );
    assert_eq!(round.bye, None);
    assert!(!round.colours_relaxed);
}

#[test]
fn winners_meet_winners_and_nobody_meets_an_opponent_twice() {
    let ratings = [1500, 1900, 1700, 1600, 1800, 1400];
    let everyone: Vec<Entrant> = (0..6).collect();
    let r1 = pair_round(&ratings, &everyone, &[]).unwrap();
    let history = vec![play_by_rating(&ratings, &r1)];
    let r2 = pair_round(&ratings, &everyone, &history).unwrap();
    // Winners 1, 4, 2 (score 2) and losers 3, 0, 5 (score 0): 1 meets 4,
    // 2 floats down to 3 (its score group is left with one), then 0 meets 5.
    let met: Vec<(Entrant, Entrant)> = r2
        .pairings
        .iter()
        .map(|p| (p.first.min(p.second), p.first.max(p.second)))
        .collect();
    assert_eq!(met, vec![(1, 4), (2, 3), (0, 5)]);
    for p in &r2.pairings {
        for g in &history[0].games {
            let old = (g.pairing.first, g.pairing.second);
            assert!(old != (p.first, p.second) && old != (p.second, p.first));
        }
    }
}

#[test]
fn the_bye_goes_to_the_lowest_ranked_player_without_one_and_rotates() {
    let ratings = [1000, 1100, 1200, 1300, 1400];
    let everyone: Vec<Entrant> = (0..5).collect();
    let mut history = Vec::new();
    let mut byes = Vec::new();
    for _ in 0..4 {
        let round = pair_round(&ratings, &everyone, &history).unwrap();
        byes.push(round.bye.expect("five players: one sits out"));
        history.push(play_by_rating(&ratings, &round));
    }
    // Round 1: the lowest rated (0) sits out. It then ranks above the
    // losers, so the next bye is the lowest-ranked of those without one.
    assert_eq!(byes[0], 0);
    let mut sorted = byes.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(
        sorted.len(),
        4,
        "no second bye while others had none: {byes:?}"
    );
}

#[test]
fn colours_stay_within_one_over_a_whole_swiss() {
    let ratings: Vec<i32> = (0..8).map(|i| 1200 + 50 * i).collect();
    let everyone: Vec<Entrant> = (0..8).collect();
    let mut history = Vec::new();
    for _ in 0..5 {
        let round = pair_round(&ratings, &everyone, &history).unwrap();
        assert!(!round.colours_relaxed);
        history.push(play_by_rating(&ratings, &round));
        for s in standings(&ratings, &history).unwrap() {
            assert!(s.colour_balance.abs() <= 1, "{s:?}");
        }
    }
}

#[test]
fn tie_breaks_are_buchholz_then_sonneborn_berger_as_computed_by_hand() {
    // Four players, two rounds:
    //   round 1: 0 beats 1, 2 draws with 3;
    //   round 2: 0 draws with 2, 3 beats 1.
    // Scores (half-points): 0: 3, 1: 0, 2: 2, 3: 3.
    // Buchholz: 0 met 1 and 2 → 0 + 2 = 2; 3 met 2 and 1 → 2 + 0 = 2;
    //           2 met 3 and 0 → 3 + 3 = 6; 1 met 0 and 3 → 6.
    // Sonneborn–Berger (quarters): 0 beat 1 (2·0) and drew 2 (1·2) → 2;
    //           3 drew 2 (1·2) and beat 1 (2·0) → 2; 2 drew 3 and 0 → 3 + 3 = 6.
    let history = vec![
        RoundPlayed {
            games: vec![game(0, 1, Outcome::FirstWins), game(2, 3, Outcome::Draw)],
            bye: None,
        },
        RoundPlayed {
            games: vec![game(0, 2, Outcome::Draw), game(3, 1, Outcome::FirstWins)],
            bye: None,
        },
    ];
    let ratings = [1500, 1500, 1500, 1600];
    let table = standings(&ratings, &history).unwrap();
    let row = |e: Entrant| table.iter().find(|s| s.entrant == e).unwrap().clone();
    assert_eq!(
        (row(0).score, row(0).buchholz, row(0).sonneborn_berger),
        (3, 2, 2)
    );
    assert_eq!(
        (row(3).score, row(3).buchholz, row(3).sonneborn_berger),
        (3, 2, 2)
    );
    assert_eq!(
        (row(2).score, row(2).buchholz, row(2).sonneborn_berger),
        (2, 6, 6)
    );
    assert_eq!(
        (row(1).score, row(1).buchholz, row(1).sonneborn_berger),
        (0, 6, 0)
    );
    // 0 and 3 tie on everything but rating: 3 is rated higher.
    let order: Vec<Entrant> = table.iter().map(|s| s.entrant).collect();
    assert_eq!(order, vec![3, 0, 2, 1]);
}

#[test]
fn a_swiss_that_runs_out_of_new_opponents_ends_in_words() {
    // Two players who have met: no second round without a rematch.
    let history = vec![RoundPlayed {
        games: vec![game(0, 1, Outcome::Draw)],
        bye: None,
    }];
    let err = pair_round(&[1500, 1500], &[0, 1], &history).unwrap_err();
    assert_eq!(err, PairingError::NoPairingWithoutRematch { round: 2 });
    assert!(err.to_string().contains("ends after round 1"), "{err}");
}

#[test]
fn unknown_entrants_and_too_few_players_are_refused() {
    assert!(matches!(
        pair_round(&[1500, 1500], &[0, 7], &[]),
        Err(PairingError::UnknownEntrant {
            entrant: 7,
            count: 2
        })
    ));
    assert!(matches!(
        pair_round(&[1500, 1500], &[1, 1], &[]),
        Err(PairingError::TooFewPlayers { present: 1, .. })
    ));
    let bad = vec![RoundPlayed {
        games: vec![game(0, 9, Outcome::Draw)],
        bye: None,
    }];
    assert!(standings(&[1500, 1500], &bad).is_err());
}

/// Every way to split `players` into pairs (and a bye when odd) that keeps
/// every player within `bound` colours and repeats no game: the exhaustive
/// answer the pairing's own search is checked against.
fn some_pairing_exists(recs: &[Record], players: &[Entrant], bound: i32) -> bool {
    // The bye, when there is one, goes to someone without one if anyone
    // present has none: the pairing never trades that for colours.
    let byes: Vec<Entrant> = if players.iter().any(|&p| !recs[p].had_bye) {
        players
            .iter()
            .copied()
            .filter(|&p| !recs[p].had_bye)
            .collect()
    } else {
        players.to_vec()
    };
    let search = Search {
        recs,
        colour_bound: bound,
        steps: 0,
    };
    fn go(search: &Search, left: &[Entrant]) -> bool {
        match left {
            [] => true,
            [first, rest @ ..] => rest.iter().enumerate().any(|(i, &q)| {
                if !search.may_meet(*first, q) {
                    return false;
                }
                let mut others: Vec<Entrant> = rest.to_vec();
                others.remove(i);
                go(search, &others)
            }),
        }
    }
    if players.len().is_multiple_of(2) {
        go(&search, players)
    } else {
        byes.iter().any(|&bye| {
            let rest: Vec<Entrant> = players.iter().copied().filter(|&p| p != bye).collect();
            go(&search, &rest)
        })
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Over random Swisses (random ratings, results and withdrawals): every
    /// round is a valid matching of the players present (each exactly once,
    /// in a game or as the bye), nobody meets an opponent twice, nobody has a
    /// second bye while a present player has none, colours stay within one
    /// unless the round says otherwise and an exhaustive search agrees that
    /// it had to, and a Swiss that ends early could not have gone on.
    #[test]
    fn every_round_is_a_valid_matching(
        ratings in prop::collection::vec(1000i32..2000, 2..11),
        results in prop::collection::vec(0u8..3, 64),
        absent in prop::collection::vec(any::<bool>(), 11),
        rounds in 1usize..9,
    ) {
        let n = ratings.len();
        let present: Vec<Entrant> = (0..n).filter(|&i| n <= 3 || !absent[i] || i % 3 != 0).collect();
        prop_assume!(present.len() >= 2);
        let mut history: Vec<RoundPlayed> = Vec::new();
        let mut next = results.iter().cycle();
        for _ in 0..rounds {
            let recs = records(n, &history).unwrap();
            match pair_round(&ratings, &present, &history) {
                Ok(round) => {
                    let mut seen: Vec<Entrant> = round.pairings.iter()
                        .flat_map(|p| [p.first, p.second])
                        .chain(round.bye)
                        .collect();
                    seen.sort();
                    let mut want = present.clone();
                    want.sort();
                    prop_assert_eq!(&seen, &want, "each present player once");
                    for p in &round.pairings {
                        prop_assert_ne!(p.first, p.second);
                        prop_assert!(!recs[p.first].opponents.contains(&p.second), "a rematch");
                    }
                    if let Some(bye) = round.bye
                        && recs[bye].had_bye
                        && present.iter().any(|&p| !recs[p].had_bye)
                    {
                        prop_assert!(!some_pairing_exists(&recs, &present, 2),
                            "a second bye though giving it to someone without one could be paired");
                    }
                    if round.colours_relaxed {
                        prop_assert!(!some_pairing_exists(&recs, &present, 1),
                            "colours relaxed though a pairing within one existed");
                    }
                    let bound = if round.colours_relaxed { 2 } else { 1 };
                    for p in &round.pairings {
                        prop_assert!(recs[p.first].balance < bound);
                        prop_assert!(recs[p.second].balance > -bound);
                    }
                    let games = round.pairings.iter().map(|&pairing| {
                        let outcome = match next.next().unwrap() {
                            0 => Outcome::FirstWins,
                            1 => Outcome::SecondWins,
                            _ => Outcome::Draw,
                        };
                        Played { pairing, outcome }
                    }).collect();
                    history.push(RoundPlayed { games, bye: round.bye });
                }
                Err(PairingError::NoPairingWithoutRematch { .. }) => {
                    prop_assert!(!some_pairing_exists(&recs, &present, 2),
                        "the Swiss ended though a round could be paired");
                    break;
                }
                Err(e) => prop_assert!(false, "unexpected: {e}"),
            }
        }
    }
}
