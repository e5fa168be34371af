//! Plays the benchmark's four-seat bot games (hard, medium, medium, easy;
//! seeds 0–7) with the physics' simulation settings overridden by a JSON
//! object, and prints the time a game takes, the games' shape, and how
//! long placements take to settle (P9, P-12), to try a setting before
//! changing it (then the physics tests decide whether it may stay).
//! On Linux it also gives the CPU time the games took (the machine may be
//! shared, which stretches the wall time but not the CPU time).
//!
//! ```sh
//! cargo run --release -p stackyard-speedy --example tune -- '{"substeps": 12}'
//! ```

use stackyard_core::{Seat, Seed};
use stackyard_speedy::bots::{Bots, simulate};
use stackyard_speedy::{Settings, SpeedyTowers};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut settings = Settings::new(4);
    if let Some(patch) = std::env::args().nth(1) {
        let patch: serde_json::Value = serde_json::from_str(&patch)?;
        let mut sim = serde_json::to_value(&settings.physics.sim)?;
        for (k, v) in patch.as_object().ok_or("the overrides are a JSON object")? {
            if sim.get(k).is_none() {
                return Err(format!("the simulation settings have no {k:?}").into());
            }
            sim[k] = v.clone();
        }
        settings.physics.sim = serde_json::from_value(sim)?;
    }
    let games = 8u64;
    let (mut placements, mut falls, mut seconds, mut physics_s) = (0u32, 0u32, 0.0, 0.0);
    // Only the games are timed, not the replays that count their settles.
    let mut playing = 0.0;
    let mut playing_cpu = Some(0.0);
    // Settle times in tenths of a second (the last: hit the cap).
    let mut settles = [0u32; 10];
    let (mut long, mut total) = (0.0, 0.0);
    for g in 0..games {
        let seed = Seed(g);
        let bots = ["hard", "medium", "medium", "easy"]
            .iter()
            .enumerate()
            .map(|(seat, l)| SpeedyTowers::bot(l, Seat(seat as u8), seed, &settings))
            .collect::<Result<_, _>>()?;
        let (simulating, cpu_before) = (Instant::now(), thread_cpu_s());
        let r = simulate(&settings, bots, seed, 3000)?;
        playing += simulating.elapsed().as_secs_f64();
        playing_cpu = match (playing_cpu, cpu_before, thread_cpu_s()) {
            (Some(sum), Some(a), Some(b)) => Some(sum + b - a),
            _ => None,
        };
        placements += r.placements;
        falls += r.falls;
        seconds += r.end.as_millis() as f64 / 1000.0;
        let (game, events) = stackyard_core::replay::<SpeedyTowers>(&r.record)?;
        physics_s += game.table().inner().time_s();
        for e in &events {
            if let stackyard_speedy::Event::Settled { time_s, rested, .. } = e {
                let bucket = if !rested {
                    9
                } else if *time_s < 0.8 {
                    (time_s * 10.0) as usize
                } else {
                    8
                };
                long += if *rested && *time_s >= 0.8 {
                    *time_s
                } else {
                    0.0
                };
                total += time_s;
                settles[bucket] += 1;
            }
        }
    }
    let n = games as f64;
    if let Some(cpu) = playing_cpu {
        println!("{:.3} s of CPU a game", cpu / n);
    }
    println!(
        "{:.3} s a game; {:.1} placements, {:.1} falls, {:.1} simulated s a game, {:.0} ms of physics a placement",
        playing / n,
        placements as f64 / n,
        falls as f64 / n,
        seconds / n,
        1000.0 * physics_s / placements.max(1) as f64
    );
    println!(
        "settles by tenth of a second (last: capped): {settles:?}; {long:.1} of {total:.1} s in settles of 0.8 s or more"
    );
    Ok(())
}

/// CPU time this thread has used (s), from Linux's scheduler statistics.
fn thread_cpu_s() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}
