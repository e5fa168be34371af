//! The exports JavaScript calls (the module `web/src/rules/wasm.ts` loads):
//! each takes strings and answers with [`crate::envelope`]'s JSON text.
//! wasm-bindgen's generated glue builds under the workspace's
//! `unsafe_code = "forbid"` (checked by every build), so this crate needs no
//! lint of its own.

use wasm_bindgen::prelude::wasm_bindgen;

/// Every game this module knows, `[{name, title, engine}]`.
#[wasm_bindgen]
pub fn games() -> String {
    crate::envelope(Ok(crate::games()))
}

/// The frames of a record as a viewer sees them (see [`crate::replay`]).
#[wasm_bindgen]
pub fn replay(record_json: &str, viewer_json: &str) -> String {
    crate::envelope(crate::replay(record_json, viewer_json))
}

/// Every action IceTowers allows a seat now (see [`crate::ice_legal`]).
#[wasm_bindgen(js_name = iceLegal)]
pub fn ice_legal(view_json: &str, seat: u8) -> String {
    crate::envelope(crate::ice_legal(view_json, seat))
}

/// A Leaning Towers placement previewed, hand noise off (see
/// [`crate::preview_leaning`]).
#[cfg(feature = "physics")]
#[wasm_bindgen(js_name = previewLeaning)]
pub fn preview_leaning(view_json: &str, placement_json: &str, settings_json: &str) -> String {
    crate::envelope(crate::preview_leaning(
        view_json,
        placement_json,
        settings_json,
    ))
}

/// Suggested clean poses for the Leaning Towers seat to act (see
/// [`crate::suggest_leaning`]).
#[cfg(feature = "physics")]
#[wasm_bindgen(js_name = suggestLeaning)]
pub fn suggest_leaning(view_json: &str, ask_json: &str, settings_json: &str) -> String {
    crate::envelope(crate::suggest_leaning(view_json, ask_json, settings_json))
}

/// Default Leaning Towers settings for `seats` players.
#[cfg(feature = "physics")]
#[wasm_bindgen(js_name = leaningSettings)]
pub fn leaning_settings(seats: u8) -> String {
    crate::envelope(crate::leaning_settings(seats))
}
