//! The exports JavaScript calls (the module `web/src/rules/wasm.ts` loads):
//! each takes strings and answers with [`crate::envelope`]'s JSON text.
//! wasm-bindgen's generated glue builds under the workspace's
//! `unsafe_code = "forbid"` (checked by every build), so this crate needs no
//! lint of its own.

use wasm_bindgen::prelude::wasm_bindgen;

/// Every game this module knows, `[{name, title, engine, queries}]`.
#[wasm_bindgen]
pub fn games() -> String {
    crate::envelope(Ok(crate::games()))
}

/// The frames of a record as a viewer sees them (see [`crate::replay`]).
#[wasm_bindgen]
pub fn replay(record_json: &str, viewer_json: &str) -> String {
    crate::envelope(crate::replay(record_json, viewer_json))
}

/// Answers one of a game's questions about a view (see [`crate::ask`]).
#[wasm_bindgen]
pub fn ask(
    game: &str,
    query: &str,
    view_json: &str,
    input_json: &str,
    settings_json: &str,
) -> String {
    crate::envelope(crate::ask(
        game,
        query,
        view_json,
        input_json,
        settings_json,
    ))
}

/// A game's default settings for `seats` players (see [`crate::settings`]).
#[wasm_bindgen]
pub fn settings(game: &str, seats: u8) -> String {
    crate::envelope(crate::settings(game, seats))
}

/// One step's events in a player's words (see [`crate::narrate`]).
#[wasm_bindgen]
pub fn narrate(game: &str, tell_json: &str) -> String {
    crate::envelope(crate::narrate(game, tell_json))
}
