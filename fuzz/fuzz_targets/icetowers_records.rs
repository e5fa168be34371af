//! IceTowers records: any JSON either fails to parse, fails to replay with
//! an error, or replays; a record that replays replays to the same final
//! state twice, and survives a JSON round trip unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stackyard_core::replay;
use stackyard_icetowers::{IceRecord, IceTowers};

fuzz_target!(|data: &[u8]| {
    let Ok(record) = serde_json::from_slice::<IceRecord>(data) else {
        return;
    };
    // Bound the work a fuzzed record can ask for.
    if record.actions.len() > 2_000 {
        return;
    }
    let text = serde_json::to_string(&record).expect("a parsed record serialises");
    let back: IceRecord = serde_json::from_str(&text).expect("its own JSON parses");
    assert_eq!(serde_json::to_string(&back).unwrap(), text, "JSON round trip");
    let first = replay::<IceTowers>(&record);
    let second = replay::<IceTowers>(&back);
    match (first, second) {
        (Ok((a, ea)), Ok((b, eb))) => {
            assert_eq!(a, b, "the same record replays to the same state");
            assert_eq!(ea, eb);
        }
        (Err(_), Err(_)) => {}
        _ => panic!("a record and its round trip disagree on replaying"),
    }
});
