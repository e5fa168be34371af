//! The wire types of the host contract, for every registered game: any
//! JSON either is refused or is a record that replays, and replaying that
//! game's own record gives the same views and record again; any JSON given
//! as an action is refused without changing the table (view, version,
//! record), or accepted and recorded.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use stackyard_core::{GameTime, Seat, Seed, Viewer};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(value) = serde_json::from_slice::<Value>(rest) else {
        return;
    };
    let games = stackyard_registry::registry();
    let kinds: Vec<_> = games.kinds().collect();
    let kind = kinds[usize::from(pick) % kinds.len()];
    if pick & 0x80 != 0 {
        // As a record.
        let Some(n) = value.get("actions").and_then(Value::as_array).map(Vec::len) else {
            return;
        };
        if n > 500 {
            return;
        }
        let Ok(game) = kind.replay(&value) else {
            return;
        };
        let again = kind
            .replay(&game.record())
            .expect("a game's own record replays");
        assert_eq!(game.view(Viewer::Spectator), again.view(Viewer::Spectator));
        assert_eq!(game.record(), again.record());
        assert_eq!(game.actions(), again.actions());
    } else {
        // As actions, one per element (or the value itself), from seat 0.
        let mut table = kind
            .create(&kind.default_settings(), Seed(u64::from(pick)))
            .expect("default settings create a table");
        let actions = match value {
            Value::Array(a) => a,
            v => vec![v],
        };
        for (i, action) in actions.iter().take(64).enumerate() {
            let seat = Seat((i % table.seat_count().max(1)) as u8);
            let now = GameTime::from_millis(i as u64 * 10);
            let (view, record) = (table.view(Viewer::Spectator), table.record());
            let (count, then) = (table.actions(), table.now());
            match table.act(seat, action, now) {
                Ok(_) => assert_eq!(table.actions(), count + 1, "an accepted action is recorded"),
                Err(rejection) => {
                    // Only the clock may move (and timers due fire).
                    if rejection.timers.is_empty() && table.now() == then {
                        assert_eq!(table.view(Viewer::Spectator), view, "a rejection changed the table");
                        assert_eq!(table.record(), record);
                    }
                    assert_eq!(table.actions(), count);
                }
            }
        }
    }
});
