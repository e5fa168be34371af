//! Round-robin Towers tournaments between [`PlayerSpec`]s: colours
//! alternated, seeded random openings shared by each pair of games, games
//! played in parallel, and standings with Elo estimates.
//!
//! Every game's seeds derive from the tournament seed and the game's
//! index, so with node budgets a tournament replays identically whatever
//! the thread count.

use stackyard_search::SearchGame;
use crate::ai::{BLACK, Board, Player, PlayerSpec, Rules, TMove};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;

/// What to play.
#[derive(Debug, Clone)]
pub struct Config {
    /// The entrants.
    pub players: Vec<PlayerSpec>,
    /// Games per pairing (colours alternate).
    pub games: usize,
    /// Board columns.
    pub cols: u8,
    /// Board rows.
    pub rows: u8,
    /// Variants.
    pub rules: Rules,
    /// Tournament seed.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
    /// Search threads per player.
    pub ai_threads: usize,
    /// Random plies played before the players take over (same for both
    /// games of a colour-swapped pair).
    pub opening_plies: usize,
}

/// One finished game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameResult {
    /// Game number.
    pub index: usize,
    /// Entrant index playing Black.
    pub black: usize,
    /// Entrant index playing White.
    pub white: usize,
    /// The seed of this game's opening and players.
    pub seed: u64,
    /// Every move, in T5 notation, oldest first (opening included).
    pub moves: Vec<String>,
    /// The side (0 Black, 1 White) that played each move.
    pub seats: Vec<u8>,
    /// Final Black score and White score (T15, T16).
    pub scores: [i32; 2],
}

impl GameResult {
    /// Black's points: 1 win, 0.5 draw, 0 loss.
    pub fn black_points(&self) -> f64 {
        match (self.scores[0] - self.scores[1]).signum() {
            1 => 1.0,
            0 => 0.5,
            _ => 0.0,
        }
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

/// Plays one game between two fresh players.
pub fn play_game(
    config: &Config,
    index: usize,
    black: usize,
    white: usize,
    seed: u64,
    opening_seed: u64,
) -> GameResult {
    let mut b = Board::new(config.cols, config.rows, config.rules).expect("validated board");
    let mut rng = Pcg64Mcg::seed_from_u64(opening_seed);
    let mut moves = Vec::new();
    let mut seats = Vec::new();
    let mut buf: Vec<TMove> = Vec::new();
    for _ in 0..config.opening_plies {
        buf.clear();
        b.moves(&mut buf);
        if buf.is_empty() {
            break;
        }
        let m = buf[(rng.next_u64() % buf.len() as u64) as usize];
        moves.push(b.move_name(m));
        seats.push(b.side_to_move());
        b = b.play(m);
    }
    let mut players = [
        Player::new(config.players[black], seed ^ 0xB1AC, config.ai_threads),
        Player::new(config.players[white], seed ^ 0x3417E, config.ai_threads),
    ];
    while let Some(c) = players[usize::from(b.side_to_move() != BLACK)].choose(&b) {
        moves.push(b.move_name(c.mv));
        seats.push(b.side_to_move());
        b = b.play(c.mv);
    }
    GameResult {
        index,
        black,
        white,
        seed,
        moves,
        seats,
        scores: b.scores(),
    }
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The schedule: (black, white, game seed, opening seed) per game.
pub fn schedule(config: &Config) -> Vec<(usize, usize, u64, u64)> {
    let mut out = Vec::new();
    let n = config.players.len();
    for i in 0..n {
        for j in i + 1..n {
            for g in 0..config.games {
                let k = out.len() as u64;
                let pair_game = (i * n + j) as u64 * 1_000_003 + (g / 2) as u64;
                let opening = mix(config.seed ^ mix(pair_game));
                let (b, w) = if g % 2 == 0 { (i, j) } else { (j, i) };
                out.push((b, w, mix(config.seed.wrapping_add(k) ^ 0x5EED), opening));
            }
        }
    }
    out
}

/// Plays the whole round robin, calling `done` after each game (from any
/// thread), and returns the games in schedule order.
pub fn run(config: &Config, done: impl Fn(&GameResult) + Sync) -> Vec<GameResult> {
    let games = schedule(config);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads.max(1))
        .build()
        .expect("thread pool");
    pool.install(|| {
        games
            .par_iter()
            .enumerate()
            .with_max_len(1)
            .map(|(i, &(b, w, seed, opening))| {
                let r = play_game(config, i, b, w, seed, opening);
                done(&r);
                r
            })
            .collect()
    })
}

/// The standings, in entrant order.
pub fn standings(config: &Config, games: &[GameResult]) -> Vec<Standing> {
    (0..config.players.len())
        .map(|p| {
            let mut points = Vec::new();
            let mut plies = 0usize;
            for g in games.iter().filter(|g| g.black == p || g.white == p) {
                let bp = g.black_points();
                points.push(if g.black == p { bp } else { 1.0 - bp });
                plies += g.moves.len();
            }
            let (elo, lo, hi) = elo_interval(&points);
            Standing {
                player: config.players[p].to_string(),
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
pub fn head_to_head(games: &[GameResult], a: usize, b: usize) -> (f64, usize) {
    let mut pts = 0.0;
    let mut n = 0;
    for g in games {
        if g.black == a && g.white == b {
            pts += g.black_points();
            n += 1;
        } else if g.black == b && g.white == a {
            pts += 1.0 - g.black_points();
            n += 1;
        }
    }
    (pts, n)
}

/// Black's points over all games: the first-player advantage measure.
pub fn black_share(games: &[GameResult]) -> (f64, usize) {
    (
        games.iter().map(GameResult::black_points).sum(),
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
        let config = Config {
            players: vec![PlayerSpec::Random, PlayerSpec::Random, PlayerSpec::Random],
            games: 4,
            cols: 4,
            rows: 4,
            rules: Rules::default(),
            seed: 9,
            threads: 1,
            ai_threads: 1,
            opening_plies: 2,
        };
        let s = schedule(&config);
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
