//! Round-robin tournaments for any two-seat game: seats alternated, seeded
//! random openings shared by each pair of games, games played in parallel
//! through the rules engine ([`Driver`] and [`play_turns`]), and standings
//! with Elo estimates.
//!
//! Every game's seeds derive from the tournament seed and the game's
//! index, so with node budgets a tournament replays identically whatever
//! the thread count. Each game is a replayable [`Record`].

use rayon::prelude::*;
use stackyard_core::play::play_turns;
use stackyard_core::{Bot, Driver, Game, Record, Seat, Seed, ToAct, Viewer, splitmix64};

/// Makes an entrant's bot for one game: given the seat it plays and the
/// game's seed.
pub type BotMaker<G> = Box<dyn Fn(Seat, u64) -> Box<dyn Bot<G>> + Send + Sync>;

/// One entrant: a name for the table and a way to make its bot.
pub struct Entrant<G: Game> {
    /// Shown in the standings (`alphabeta:1s`).
    pub name: String,
    /// Makes the bot for a game.
    pub make: BotMaker<G>,
}

/// What to play.
pub struct Config<G: Game> {
    /// The entrants.
    pub entrants: Vec<Entrant<G>>,
    /// Games per pairing (seats alternate).
    pub games: usize,
    /// The game's settings, the same for every game.
    pub settings: G::Settings,
    /// Tournament seed.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
    /// Plies played by the opening bot before the entrants take over (the
    /// same opening for both games of a seat-swapped pair).
    pub opening_plies: usize,
    /// The opening bot, made from the opening's seed.
    pub opening: Option<OpeningBot<G>>,
}

/// Makes the opening bot from an opening's seed.
pub type OpeningBot<G> = Box<dyn Fn(u64) -> Box<dyn Bot<G>> + Send + Sync>;

/// One finished game.
#[derive(Debug, Clone)]
pub struct GameResult<G: Game> {
    /// Game number.
    pub index: usize,
    /// Entrant index in seat 0.
    pub first: usize,
    /// Entrant index in seat 1.
    pub second: usize,
    /// The seed of this game and its bots.
    pub seed: u64,
    /// The replayable record (opening included).
    pub record: Record<G::Settings, G::Action>,
    /// Final scores by seat.
    pub scores: Vec<i64>,
    /// Seats that won (none: a draw, or a game left unfinished).
    pub winners: Vec<Seat>,
}

impl<G: Game> GameResult<G> {
    /// Seat 0's points: 1 win, 0.5 draw, 0 loss.
    pub fn first_points(&self) -> f64 {
        match (
            self.winners.contains(&Seat(0)),
            self.winners.contains(&Seat(1)),
        ) {
            (true, false) => 1.0,
            (false, true) => 0.0,
            _ => 0.5,
        }
    }

    /// Plies played.
    pub fn plies(&self) -> usize {
        self.record.actions.len()
    }
}

/// One entrant's line in the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// The entrant.
    pub player: String,
    /// Games, wins, draws, losses.
    pub games: usize,
    /// Wins.
    pub wins: usize,
    /// Draws.
    pub draws: usize,
    /// Losses.
    pub losses: usize,
    /// Elo against the average opponent in this field, with a 95% interval.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub elo_low: f64,
    /// Upper end of the 95% interval.
    pub elo_high: f64,
    /// Average plies in its games.
    pub avg_plies: f64,
}

/// Elo difference for a score fraction `p` (clamped away from 0 and 1).
pub fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / p - 1.0).log10()
}

/// Elo estimate and 95% interval from per-game points (1, 0.5, 0). A
/// perfect or zero score is shrunk by half a game so it stays finite.
pub fn elo_interval(points: &[f64]) -> (f64, f64, f64) {
    let n = points.len() as f64;
    if points.is_empty() {
        return (0.0, f64::NEG_INFINITY, f64::INFINITY);
    }
    let mean = points.iter().sum::<f64>() / n;
    let var = points.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n;
    let p = (mean * n + 0.5) / (n + 1.0);
    // All results equal: fall back to the binomial variance of the shrunk score.
    let var = if var > 0.0 { var } else { p * (1.0 - p) };
    let se = (var / n).sqrt();
    (elo(p), elo(p - 1.96 * se), elo(p + 1.96 * se))
}

/// Plays one game between two fresh bots.
pub fn play_game<G: Game>(
    config: &Config<G>,
    index: usize,
    first: usize,
    second: usize,
    seed: u64,
    opening_seed: u64,
) -> Result<GameResult<G>, stackyard_core::SetupError> {
    let mut driver = Driver::<G>::new(config.settings.clone(), Seed(seed))?;
    if let Some(make_opening) = &config.opening {
        let mut opening = make_opening(opening_seed);
        for _ in 0..config.opening_plies {
            let ToAct::Seat(seat) = driver.to_act() else {
                break;
            };
            let view = driver.view(Viewer::Seat(seat));
            let Some(d) = opening.decide(&view, driver.now()) else {
                break;
            };
            if driver.act(seat, d.action, driver.now()).is_err() {
                break;
            }
        }
    }
    let mut bots = [
        (config.entrants[first].make)(Seat(0), seed),
        (config.entrants[second].make)(Seat(1), seed),
    ];
    let played = play_turns(driver, &mut bots, usize::MAX);
    let driver = played.driver;
    let (scores, winners) = match driver.outcome() {
        Some(o) => (o.scores, o.winners),
        None => (driver.game().scores(), Vec::new()),
    };
    Ok(GameResult {
        index,
        first,
        second,
        seed,
        record: driver.into_record(),
        scores,
        winners,
    })
}

/// The schedule of `entrants` meeting `games` times per pairing:
/// (seat 0, seat 1, game seed, opening seed) per game.
pub fn schedule(entrants: usize, games: usize, seed: u64) -> Vec<(usize, usize, u64, u64)> {
    let mut out = Vec::new();
    let n = entrants;
    for i in 0..n {
        for j in i + 1..n {
            for g in 0..games {
                let k = out.len() as u64;
                let pair_game = (i * n + j) as u64 * 1_000_003 + (g / 2) as u64;
                let opening = splitmix64(seed ^ splitmix64(pair_game));
                let (b, w) = if g % 2 == 0 { (i, j) } else { (j, i) };
                out.push((b, w, splitmix64(seed.wrapping_add(k) ^ 0x5EED), opening));
            }
        }
    }
    out
}

/// Plays the whole round robin, calling `done` after each game (from any
/// thread), and returns the games in schedule order.
pub fn run<G: Game>(
    config: &Config<G>,
    done: impl Fn(&GameResult<G>) + Sync,
) -> Result<Vec<GameResult<G>>, stackyard_core::SetupError>
where
    G::Settings: Sync,
{
    let games = schedule(config.entrants.len(), config.games, config.seed);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads.max(1))
        .build()
        .map_err(|e| stackyard_core::SetupError::new(format!("no thread pool: {e}")))?;
    pool.install(|| {
        games
            .par_iter()
            .enumerate()
            .with_max_len(1)
            .map(|(i, &(b, w, seed, opening))| {
                let r = play_game(config, i, b, w, seed, opening)?;
                done(&r);
                Ok(r)
            })
            .collect()
    })
}

/// The standings, in entrant order.
pub fn standings<G: Game>(config: &Config<G>, games: &[GameResult<G>]) -> Vec<Standing> {
    (0..config.entrants.len())
        .map(|p| {
            let mut points = Vec::new();
            let mut plies = 0usize;
            for g in games.iter().filter(|g| g.first == p || g.second == p) {
                let fp = g.first_points();
                points.push(if g.first == p { fp } else { 1.0 - fp });
                plies += g.plies();
            }
            let (elo, lo, hi) = elo_interval(&points);
            Standing {
                player: config.entrants[p].name.clone(),
                games: points.len(),
                wins: points.iter().filter(|&&x| x == 1.0).count(),
                draws: points.iter().filter(|&&x| x == 0.5).count(),
                losses: points.iter().filter(|&&x| x == 0.0).count(),
                elo,
                elo_low: lo,
                elo_high: hi,
                avg_plies: plies as f64 / points.len().max(1) as f64,
            }
        })
        .collect()
}

/// Head-to-head points of entrant `a` against `b` and games played.
pub fn head_to_head<G: Game>(games: &[GameResult<G>], a: usize, b: usize) -> (f64, usize) {
    let mut pts = 0.0;
    let mut n = 0;
    for g in games {
        if g.first == a && g.second == b {
            pts += g.first_points();
            n += 1;
        } else if g.first == b && g.second == a {
            pts += 1.0 - g.first_points();
            n += 1;
        }
    }
    (pts, n)
}

/// Seat 0's points over all games: the first-player advantage measure.
pub fn first_share<G: Game>(games: &[GameResult<G>]) -> (f64, usize) {
    (
        games.iter().map(GameResult::first_points).sum(),
        games.len(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_known_scores() {
        assert!(elo(0.5).abs() < 1e-9);
        // 75% is +190.8 Elo; 25% its mirror.
        assert!((elo(0.75) - 190.85).abs() < 0.1);
        assert!((elo(0.25) + 190.85).abs() < 0.1);
        let (e, lo, hi) = elo_interval(&[1.0, 0.0, 0.5, 1.0]);
        assert!(lo < e && e < hi);
        // A perfect score stays finite and positive.
        let (e, lo, _) = elo_interval(&[1.0; 10]);
        assert!(e.is_finite() && e > 300.0 && lo > 0.0);
    }

    #[test]
    fn schedule_alternates_colours_and_shares_openings() {
        let s = schedule(3, 4, 9);
        assert_eq!(s.len(), 3 * 4);
        for pair in s.chunks(2) {
            assert_eq!((pair[0].0, pair[0].1), (pair[1].1, pair[1].0));
            assert_eq!(
                pair[0].3, pair[1].3,
                "same opening for the colour-swapped pair"
            );
        }
    }
}
