//! What a client's bot pays to read its view off the wire (issue #26: the
//! load generator's seats): the text parsed into a `serde_json::Value` and
//! then read as the game's view (`HostedBot::decide`), against the text read
//! straight into the game's view (`HostedBot::decide_json`). The games of
//! the load test (those refereed without physics), each at its start, with
//! the bot the load test plays.
//!
//! cargo bench -p stackyard-registry --bench bot_reads_view

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::Value;
use stackyard_core::{GameTime, Seat, Seed, Viewer};
use std::hint::black_box;

fn reads(c: &mut Criterion) {
    let registry = stackyard_registry::registry();
    let mut group = c.benchmark_group("bot_reads_view");
    // The games refereed without physics: the games of the load test.
    for game in stackyard_registry::names_without_physics() {
        let kind = registry.get(game).expect("a game of the load test");
        let settings = kind.default_settings();
        let table = kind.create(&settings, Seed(3)).expect("default settings");
        let text = table.view_text(Viewer::Seat(Seat(0)));
        // The level the load generator plays (shells/loadtest, `quick_level`).
        let levels = kind.bot_levels();
        let level = ["greedy:300", "greedy"]
            .into_iter()
            .find(|w| levels.iter().any(|l| l.name == *w))
            .map_or_else(|| levels[0].name.clone(), str::to_string);
        let mut bot = kind
            .bot(&level, Seat(0), Seed(3), &settings)
            .expect("a bot");
        let at = GameTime::from_millis(1_000);
        group.bench_function(format!("{game}/through_value"), |b| {
            b.iter(|| {
                let view: Value = serde_json::from_str(black_box(&text)).expect("JSON");
                bot.decide(&view, at).expect("a view")
            })
        });
        group.bench_function(format!("{game}/from_text"), |b| {
            b.iter(|| bot.decide_json(black_box(&text), at).expect("a view"))
        });
    }
    group.finish();
}

criterion_group!(benches, reads);
criterion_main!(benches);
