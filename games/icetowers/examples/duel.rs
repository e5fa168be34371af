//! Quick strength check: `cargo run --release -p stackyard-icetowers
//! --example duel -- strong:600 greedy:600 400 [seed] [players] [ghost]`
//! plays two bots, each in half of the seats (alternating, rotating from
//! game to game), and prints their wins and the difference with a 95 %
//! interval. With `2 ghost` it plays two seats and the ghost.

use stackyard_core::Seed;
use stackyard_icetowers::Settings;
use stackyard_icetowers::bots::{BotSpec, simulate};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let a: BotSpec = args.get(1).map_or("strong", |s| s).parse().expect("bot a");
    let b: BotSpec = args.get(2).map_or("greedy", |s| s).parse().expect("bot b");
    let games: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(100);
    let seed: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1);
    let players: u8 = args.get(5).and_then(|s| s.parse().ok()).unwrap_or(4);
    let ghost = args.get(6).is_some_and(|s| s == "ghost");
    let settings = Settings {
        ghost,
        game_timer_ms: Some(300_000),
        ..Settings::new(players)
    };
    let n = usize::from(players);
    let (mut wins, mut score, mut seat_games) = ([0u32; 2], [0i64; 2], [0u32; 2]);
    // Per game: a's win rate per seat minus b's, for the interval.
    let mut diffs: Vec<f64> = Vec::new();
    for i in 0..games {
        let seats: Vec<BotSpec> = (0..n)
            .map(|s| {
                if (s as u64 + i).is_multiple_of(2) {
                    a
                } else {
                    b
                }
            })
            .collect();
        let r = simulate(&settings, &seats, Seed(seed).child(i)).unwrap();
        let o = r.outcome.unwrap();
        let mut w = [0f64; 2];
        let mut k_seats = [0f64; 2];
        for (s, seat) in seats.iter().enumerate() {
            let k = usize::from(*seat != a);
            let won = o.winners.iter().any(|w| w.index() == s);
            score[k] += o.scores[s];
            wins[k] += u32::from(won);
            seat_games[k] += 1;
            w[k] += f64::from(u8::from(won));
            k_seats[k] += 1.0;
        }
        diffs.push(w[0] / k_seats[0] - w[1] / k_seats[1]);
    }
    for (k, bot) in [a, b].iter().enumerate() {
        println!(
            "{bot}: wins {} of {} seat-games ({:.1} %), avg score {:.2}",
            wins[k],
            seat_games[k],
            100.0 * f64::from(wins[k]) / f64::from(seat_games[k]),
            score[k] as f64 / f64::from(seat_games[k])
        );
    }
    let m = diffs.iter().sum::<f64>() / diffs.len() as f64;
    let var = diffs.iter().map(|d| (d - m) * (d - m)).sum::<f64>() / (diffs.len() as f64 - 1.0);
    let half = 1.96 * (var / diffs.len() as f64).sqrt();
    println!(
        "win-rate difference {a} − {b}: {:+.1} points per seat-game, 95 % interval {:+.1} to {:+.1}",
        100.0 * m,
        100.0 * (m - half),
        100.0 * (m + half)
    );
}
