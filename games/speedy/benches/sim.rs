//! Placements refereed per second and four-seat bot games per second, with
//! baselines measured in the same run: setting up a table (the floor every
//! game pays) and one tile dropped on a bare foundation (the cheapest
//! physics run). The goal: a four-seat bot game in under a second of one
//! core; report it as a ratio to the one-placement baseline, and to the
//! same games with bots that see every step at once and decide again on
//! each (the schedule before issue #50).

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use stackyard_core::{Game, GameTime, Seat, Seed};
use stackyard_speedy::bots::{Bots, Profile, SpeedyBot, simulate};
use stackyard_speedy::{Action, Aim, Placing, Settings, SpeedyTowers, TakeBack, TowerId};
use std::hint::black_box;

/// A started two-seat table where seat 0 has a face-up tile that fits
/// some tower, and the tower it fits.
fn ready_to_place() -> (SpeedyTowers, Action) {
    for seed in 0.. {
        let mut g = SpeedyTowers::new(&Settings::new(2), Seed(seed)).unwrap();
        g.apply(Seat(0), &Action::Ready, GameTime::ZERO).unwrap();
        g.apply(Seat(1), &Action::Ready, GameTime::ZERO).unwrap();
        g.apply(Seat(0), &Action::Reveal, GameTime::ZERO).unwrap();
        for t in 0..2 {
            let a = Action::Place {
                piece: Placing::Tile,
                tower: TowerId(t),
                aim: Aim::CENTRE,
                take_back: TakeBack::PlacedFirst,
            };
            if g.clone().apply(Seat(0), &a, GameTime::ZERO).is_ok() {
                return (g, a);
            }
        }
    }
    unreachable!()
}

fn speedy(c: &mut Criterion) {
    let mut group = c.benchmark_group("speedy");
    group.sample_size(10);
    group.throughput(Throughput::Elements(1));
    group.bench_function("setup_4_seats", |b| {
        let s = Settings::new(4);
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            black_box(SpeedyTowers::new(&s, Seed(i)).unwrap())
        })
    });
    let (table, place) = ready_to_place();
    group.bench_function("one_placement_on_a_foundation", |b| {
        b.iter_batched(
            || table.clone(),
            |mut g| black_box(g.apply(Seat(0), &place, GameTime::ZERO).unwrap()),
            BatchSize::SmallInput,
        )
    });
    let s = Settings::new(4);
    group.bench_function("four_seat_bot_game", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            let seed = Seed(i % 8);
            let bots = ["hard", "medium", "medium", "easy"]
                .iter()
                .enumerate()
                .map(|(seat, l)| SpeedyTowers::bot(l, Seat(seat as u8), seed, &s).unwrap())
                .collect();
            black_box(simulate(&s, bots, seed, 3000).unwrap().placements)
        })
    });
    group.bench_function("four_seat_bot_game_seeing_at_once", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            let seed = Seed(i % 8);
            let bots = ["hard", "medium", "medium", "easy"]
                .iter()
                .enumerate()
                .map(|(seat, l)| {
                    let profile = Profile::parse(l).unwrap();
                    Box::new(SpeedyBot::instant(profile, Seat(seat as u8), seed, &s))
                        as Box<dyn stackyard_speedy::bots::Bot<SpeedyTowers>>
                })
                .collect();
            black_box(simulate(&s, bots, seed, 3000).unwrap().placements)
        })
    });
    group.finish();
}

criterion_group!(benches, speedy);
criterion_main!(benches);
