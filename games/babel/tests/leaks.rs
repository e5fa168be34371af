//! No hidden identity leaks (B8): over many random games, played through
//! the driver, nothing a viewer receives — views or events — names an
//! undrawn tile's place in the order. Undrawn tiles appear only as the
//! public, sorted set; every other tile a viewer is told of is already in
//! the line.

use proptest::prelude::*;
use serde_json::Value;
use stackyard_babel::{Babel, Settings, Tile, Variant};
use stackyard_core::{Bots, Driver, GameTime, Seat, Seed, Viewer};

/// Every tile code named anywhere in `json`, except under the key `skip`.
fn tiles_in(json: &Value, skip: &str, out: &mut Vec<Tile>) {
    match json {
        Value::String(s) => {
            if let Ok(t) = s.parse::<Tile>() {
                out.push(t);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| tiles_in(v, skip, out)),
        Value::Object(map) => {
            for (k, v) in map {
                if k != skip {
                    tiles_in(v, skip, out);
                }
            }
        }
        _ => {}
    }
}

fn check_no_leak(driver: &Driver<Babel>, delivered: &[Value], viewer: Viewer) {
    let game = driver.game();
    let in_line: Vec<Tile> = game.line().iter().flatten().copied().collect();
    let mut named = Vec::new();
    for event in delivered {
        tiles_in(event, "", &mut named);
    }
    let view = serde_json::to_value(driver.view(viewer)).unwrap();
    tiles_in(&view, "undrawn_tiles", &mut named);
    for t in named {
        assert!(
            in_line.contains(&t),
            "{viewer:?} was told of {t}, which is not drawn yet"
        );
    }
    // The undrawn tiles are shown only as a set, in index order.
    let shown: Vec<Tile> = serde_json::from_value(view["undrawn_tiles"].clone()).unwrap();
    let mut sorted = shown.clone();
    sorted.sort();
    assert_eq!(shown, sorted, "the undrawn set must not reveal the order");
    assert_eq!(shown, game.undrawn_tiles());
}

fn play_and_watch(seed: u64, variant: Variant, level: &str) {
    let settings = Settings {
        variant,
        deal: None,
        undo: false,
    };
    let mut driver = Driver::<Babel>::new(settings.clone(), Seed(seed)).unwrap();
    let mut bot = Babel::bot(level, Seat(0), Seed(seed), &settings).unwrap();
    for viewer in Viewer::all(1) {
        check_no_leak(&driver, &[], viewer);
    }
    let mut now = GameTime::ZERO;
    while !driver.is_over() {
        let view = driver.view(Viewer::Seat(Seat(0)));
        let d = bot
            .decide(&view, now)
            .expect("a bot always acts in solitaire");
        now = now + 1;
        let step = driver
            .act(Seat(0), d.action, now)
            .expect("bots play legal actions");
        for viewer in Viewer::all(1) {
            let delivered: Vec<Value> = driver
                .events_for(&step, viewer)
                .iter()
                .map(|e| serde_json::to_value(e).unwrap())
                .collect();
            check_no_leak(&driver, &delivered, viewer);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn no_view_or_event_names_an_undrawn_tile(seed in any::<u64>(), strict in any::<bool>()) {
        let variant = if strict { Variant::Strict } else { Variant::Standard };
        play_and_watch(seed, variant, "greedy");
    }
}

#[test]
fn the_best_bot_leaks_nothing_either() {
    for seed in 0..5 {
        play_and_watch(seed, Variant::Standard, "best");
        play_and_watch(seed, Variant::Strict, "heuristic");
    }
}
