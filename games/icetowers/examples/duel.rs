//! Quick strength check: `cargo run --release -p stackyard-icetowers
//! --example duel -- strong:600 greedy:600 200` plays two bots, each in
//! two of four seats (rotating), and prints their win rates.

use stackyard_core::Seed;
use stackyard_icetowers::Settings;
use stackyard_icetowers::bots::{BotSpec, simulate};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let a: BotSpec = args.get(1).map_or("strong", |s| s).parse().expect("bot a");
    let b: BotSpec = args.get(2).map_or("greedy", |s| s).parse().expect("bot b");
    let games: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(100);
    let settings = Settings {
        game_timer_ms: Some(300_000),
        ..Settings::new(4)
    };
    let (mut wins, mut score) = ([0u32; 2], [0i64; 2]);
    for i in 0..games {
        let seats: Vec<BotSpec> = (0..4)
            .map(|s| if (s + i) % 2 == 0 { a } else { b })
            .collect();
        let r = simulate(&settings, &seats, Seed(1).child(i)).unwrap();
        let o = r.outcome.unwrap();
        for (s, seat) in seats.iter().enumerate() {
            let k = usize::from(*seat != a);
            score[k] += o.scores[s];
            wins[k] += u32::from(o.winners.iter().any(|w| w.index() == s));
        }
    }
    for (k, bot) in [a, b].iter().enumerate() {
        println!(
            "{bot}: wins {} of {} seat-games, avg score {:.2}",
            wins[k],
            2 * games,
            score[k] as f64 / (2 * games) as f64
        );
    }
}
