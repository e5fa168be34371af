//! Simulated bot games per second: four greedy bots (the goal: ≥ 1,000
//! games/s on one core) against baselines in the same run: four random
//! bots, setting up a table (the floor every game pays), and four greedy
//! bots that see every play at once and decide again on each (the
//! schedule before issue #50, `simulate_instant`); and one strong bot
//! with three greedy ones, for the strong bot's cost.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use stackyard_core::Seed;
use stackyard_icetowers::bots::{BotSpec, Policy, simulate, simulate_instant};
use stackyard_icetowers::{IceTowers, Settings};
use std::hint::black_box;

fn settings() -> Settings {
    Settings {
        game_timer_ms: Some(300_000),
        ..Settings::new(4)
    }
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("icetowers_4_seat_game");
    group.throughput(Throughput::Elements(1));
    let s = settings();
    group.bench_function("setup_only", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            black_box(IceTowers::new(&s, Seed(i)).unwrap())
        })
    });
    for policy in [Policy::Random, Policy::Greedy] {
        let bots = vec![BotSpec::new(policy); 4];
        group.bench_function(format!("{policy}_bots"), |b| {
            let mut i = 0u64;
            b.iter(|| {
                i += 1;
                black_box(simulate(&s, &bots, Seed(i)).unwrap().actions)
            })
        });
    }
    let greedy = vec![BotSpec::new(Policy::Greedy); 4];
    group.bench_function("greedy_bots_seeing_at_once", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            black_box(simulate_instant(&s, &greedy, Seed(i)).unwrap().actions)
        })
    });
    // The strong bot's cost: one strong seat among three greedy ones (its
    // rollouts dominate the time; compare with four greedy bots).
    let bots = vec![
        BotSpec::new(Policy::Strong),
        BotSpec::new(Policy::Greedy),
        BotSpec::new(Policy::Greedy),
        BotSpec::new(Policy::Greedy),
    ];
    group.bench_function("strong_and_3_greedy_bots", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            black_box(simulate(&s, &bots, Seed(i)).unwrap().actions)
        })
    });
    group.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
