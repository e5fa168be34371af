//! Physics scenarios: any text either is refused with a `ScenarioError` or
//! builds a table holding every piece, each starting on or above the table
//! with finite poses; a few steps keep every pose finite.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stackyard_physics::PieceId;
use stackyard_physics::scenario::Scenario;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(scenario) = Scenario::from_json(text) else {
        return;
    };
    // Keep runs short: the sizes are checked by `build`, the steps here.
    if scenario.pieces.len() > 16 {
        return;
    }
    let Ok(mut table) = scenario.build() else {
        return;
    };
    assert_eq!(table.len(), scenario.pieces.len());
    for i in 0..table.len() {
        let pose = table.pose(PieceId(i));
        assert!(pose.is_finite(), "piece {i} starts at {pose:?}");
        assert!(table.lowest_mm(PieceId(i)) > -0.1, "piece {i} starts inside the table");
    }
    table.settle_for(8);
    for i in 0..table.len() {
        assert!(table.pose(PieceId(i)).is_finite(), "piece {i} left the numbers");
    }
});
