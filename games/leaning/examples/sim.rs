//! Plays bot games and prints each game's counts and the averages (a
//! stand-in for `stackyard leaning sim` until the CLI is wired):
//! `cargo run --release --example sim -p stackyard-leaning -- GAMES PLAYERS LEVEL...`
use stackyard_core::{Bots, Seat, Seed};
use stackyard_leaning::{LeaningTowers, Settings};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2);
    let players: u8 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(2);
    let levels: Vec<String> = if args.len() > 3 {
        args[3..].to_vec()
    } else {
        vec!["easy".into()]
    };
    let settings = Settings::new(players);
    let n = usize::from(players);
    let mut totals = vec![0i64; n];
    let (mut placed, mut slips, mut breaks, mut wrecks) = (0u32, 0u32, 0u32, 0u32);
    let start = Instant::now();
    for g in 0..games {
        let seed = Seed(7).child(g);
        let mut bots: Vec<_> = (0..players)
            .map(|s| {
                let level = &levels[usize::from(s) % levels.len()];
                LeaningTowers::bot(level, Seat(s), seed.child(100 + u64::from(s)), &settings)
                    .unwrap()
            })
            .collect();
        let t = Instant::now();
        let r = stackyard_leaning::sim::play_game(&settings, seed, &mut bots, 1000).unwrap();
        println!(
            "game {g}: {:.2?} scores {:?} placed {:?} slips {:?} breaks {:?} wrecks {:?} passes {:?} rejected {} finished {}",
            t.elapsed(),
            r.scores,
            r.placements,
            r.slips,
            r.breaks,
            r.wrecks,
            r.passes,
            r.rejected,
            r.finished
        );
        for (t, s) in totals.iter_mut().zip(&r.scores) {
            *t += s;
        }
        placed += r.placements.iter().sum::<u32>();
        slips += r.slips.iter().sum::<u32>();
        breaks += r.breaks.iter().sum::<u32>();
        wrecks += r.wrecks.iter().sum::<u32>();
    }
    let g = games as f64;
    println!(
        "{games} games, {players} players, bots {levels:?}: mean score by seat {:?}; per game {:.1} clean placements, {:.1} slips, {:.1} breaks, {:.1} wrecks; {:.2?} per game",
        totals.iter().map(|t| *t as f64 / g).collect::<Vec<_>>(),
        placed as f64 / g,
        slips as f64 / g,
        breaks as f64 / g,
        wrecks as f64 / g,
        start.elapsed() / games.max(1) as u32
    );
}
