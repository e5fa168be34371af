//! The T5 notation and T20 variant parsers never panic, and every move they
//! accept prints back to exactly the text it came from.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stackyard_towers::notation::{parse_move, parse_record, write_record};
use stackyard_towers::Variant;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(m) = parse_move(text) {
        assert_eq!(m.to_string(), text, "canonical text round-trips");
        assert_eq!(parse_move(&m.to_string()), Ok(m));
    }
    if let Ok(moves) = parse_record(text) {
        assert_eq!(parse_record(&write_record(&moves)).ok(), Some(moves));
    }
    if let Ok(v) = text.parse::<Variant>() {
        assert_eq!(v.to_string().parse::<Variant>().ok(), Some(v));
    }
});
