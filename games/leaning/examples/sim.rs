//! Plays a few bot games and prints their counts (a stand-in for
//! `stackyard leaning sim` until the CLI is wired).
use stackyard_core::Bots;
use stackyard_core::{Seat, Seed};
use stackyard_leaning::{LeaningTowers, Settings};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2);
    let level = args.get(2).cloned().unwrap_or_else(|| "easy".into());
    let settings = Settings::new(2);
    for g in 0..games {
        let seed = Seed(7).child(g);
        let mut bots: Vec<_> = (0..2)
            .map(|s| {
                LeaningTowers::bot(&level, Seat(s), seed.child(100 + u64::from(s)), &settings)
                    .unwrap()
            })
            .collect();
        let t = Instant::now();
        let r = stackyard_leaning::sim::play_game(&settings, seed, &mut bots, 400).unwrap();
        println!(
            "game {g}: {:?} scores {:?} placed {:?} slips {:?} breaks {:?} wrecks {:?} passes {:?} rejected {} finished {} actions {}",
            t.elapsed(),
            r.scores,
            r.placements,
            r.slips,
            r.breaks,
            r.wrecks,
            r.passes,
            r.rejected,
            r.finished,
            r.record.actions.len()
        );
    }
}
