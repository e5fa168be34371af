//! Babel deals and lines: the tile-code and order parsers never panic;
//! an accepted full order holds the 24 tiles once each and prints back to
//! codes that parse to the same order; along a byte-driven line of actions
//! (parsed from text), an accepted action's text parses back to it, a
//! rejected one leaves the game untouched, and tiles are conserved.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stackyard_babel::{Action, Babel, Variant, order_text, parse_order};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (deal, line) = text.split_once('\n').unwrap_or((text, ""));
    let codes: Vec<&str> = deal.split_whitespace().collect();
    let strict = codes.len() % 2 == 1;
    for full in [true, false] {
        let Ok(order) = parse_order(&codes, full) else {
            continue;
        };
        assert_eq!(order.len(), codes.len());
        let mut seen = [false; 24];
        for t in &order {
            let i = usize::from(t.index());
            assert!(i < 24 && !seen[i], "tile {t} twice or out of range");
            seen[i] = true;
        }
        if full {
            assert_eq!(order.len(), 24);
        }
        let again: Vec<String> = order_text(&order).split_whitespace().map(String::from).collect();
        assert_eq!(parse_order(&again, full).unwrap(), order, "order text round trip");
    }
    let Ok(order) = parse_order(&codes, true) else {
        return;
    };
    let variant = if strict { Variant::Strict } else { Variant::Standard };
    let mut game = Babel::with_order(&order, variant).expect("a checked order deals");
    for word in line.split_whitespace() {
        let Ok(action) = word.parse::<Action>() else {
            continue;
        };
        assert_eq!(action.to_string().parse::<Action>().unwrap(), action);
        let before = game.clone();
        match game.play(action) {
            Ok(_) => assert!(before.legal_actions().contains(&action) || action == Action::End),
            Err(_) => assert_eq!(game, before, "a rejected action changed the game"),
        }
        assert_eq!(game.tile_count(), 24, "tiles are conserved");
    }
});
