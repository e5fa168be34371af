//! Ratings per game: Glicko-2 for two-player tables, Weng-Lin for
//! free-for-all tables of three or more (from the `skillratings` crate).
//! Only rated tables whose seats all have names count; a bot plays under
//! the name `bot:<level>`.

use crate::store::{RatingRow, Store, StoreError, Write};
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use skillratings::{MultiTeamOutcome, Outcomes};

/// Updates the ratings of every seat of a finished rated table.
pub async fn record_result(store: &Store, facts: &FinishedFacts) -> Result<(), StoreError> {
    let Some(outcome) = &facts.outcome else {
        return Ok(());
    };
    let Some(names) = facts.names.iter().cloned().collect::<Option<Vec<String>>>() else {
        return Ok(()); // an anonymous seat: nothing to rate
    };
    if names.len() < 2 || outcome.scores.len() != names.len() {
        return Ok(());
    }
    let mut current = Vec::with_capacity(names.len());
    for name in &names {
        current.push(store.rating(facts.game, name).await?);
    }
    let games: Vec<i64> = current
        .iter()
        .map(|r| r.as_ref().map_or(0, |r| r.games) + 1)
        .collect();
    let won = |s: usize| outcome.winners.iter().any(|w| w.index() == s);
    let new: Vec<(f64, f64, f64)> = if names.len() == 2 {
        let g = |r: &Option<RatingRow>| match r {
            Some(r) => Glicko2Rating {
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
            },
            None => Glicko2Rating::new(),
        };
        let result = match (won(0), won(1)) {
            (true, false) => Outcomes::WIN,
            (false, true) => Outcomes::LOSS,
            _ => Outcomes::DRAW,
        };
        let (a, b) = glicko2(
            &g(&current[0]),
            &g(&current[1]),
            &result,
            &Glicko2Config::new(),
        );
        vec![
            (a.rating, a.deviation, a.volatility),
            (b.rating, b.deviation, b.volatility),
        ]
    } else {
        let w: Vec<WengLinRating> = current
            .iter()
            .map(|r| match r {
                Some(r) => WengLinRating {
                    rating: r.rating,
                    uncertainty: r.deviation,
                },
                None => WengLinRating::new(),
            })
            .collect();
        // Rank 1 for the winners, then by score (higher is better).
        let rank = |s: usize| {
            if won(s) {
                1
            } else {
                2 + outcome
                    .scores
                    .iter()
                    .enumerate()
                    .filter(|&(o, &sc)| !won(o) && sc > outcome.scores[s])
                    .count()
            }
        };
        let teams: Vec<[WengLinRating; 1]> = w.iter().map(|r| [*r]).collect();
        let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
            .iter()
            .enumerate()
            .map(|(s, t)| (&t[..], MultiTeamOutcome::new(rank(s))))
            .collect();
        weng_lin_multi_team(&input, &WengLinConfig::new())
            .into_iter()
            .map(|t| {
                t.first()
                    .map_or((0.0, 0.0, 0.0), |r| (r.rating, r.uncertainty, 0.0))
            })
            .collect()
    };
    let writes = names
        .into_iter()
        .zip(new)
        .zip(games)
        .map(
            |((name, (rating, deviation, volatility)), games)| Write::Rating {
                game: facts.game.to_string(),
                name,
                rating,
                deviation,
                volatility,
                games,
            },
        )
        .collect();
    store.commit(writes).await
}

/// What ratings need of a finished table.
#[derive(Debug, Clone)]
pub struct FinishedFacts {
    /// Game name.
    pub game: &'static str,
    /// Seat names (named persons) or `None` (bots, anonymous).
    pub names: Vec<Option<String>>,
    /// The outcome.
    pub outcome: Option<stackyard_core::Outcome>,
    /// Rated?
    pub rated: bool,
}
