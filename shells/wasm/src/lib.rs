//! The rules in the browser: every registered game's host contract
//! ([`stackyard_core::host`], [`stackyard_registry::registry`]) as plain
//! functions of JSON text, which `src/bindings.rs` exports to JavaScript
//! through wasm-bindgen. The same functions are called natively by the
//! tests, so what the page runs is what `cargo test` checks.
//!
//! With the `physics` feature (default) it holds every game and the Leaning
//! Towers preview; without, Towers, Tower of Babel and IceTowers only (the
//! browser's small module for their replays).
//!
//! Every function takes JSON text and returns a JSON value, or a
//! [`ShellError`] naming what was wrong with the input; nothing here panics
//! on bad input (in WebAssembly a panic is a trap that kills the module).

mod bindings;

use serde::Serialize;
use serde_json::{Value, json};
use stackyard_core::frames::{Frame, record_frames};
use stackyard_core::{ErasedRecord, Viewer};
use std::fmt;

/// Bad input, in a sentence that names what was wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShellError(pub String);

impl fmt::Display for ShellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ShellError {}

/// Longest piece of the user's input quoted back in a message.
const QUOTE_MAX: usize = 40;

fn quoted(text: &str) -> String {
    let short: String = text.chars().take(QUOTE_MAX).collect();
    if short.len() < text.len() {
        format!("{short:?}…")
    } else {
        format!("{short:?}")
    }
}

fn parse<T: serde::de::DeserializeOwned>(what: &str, text: &str) -> Result<T, ShellError> {
    serde_json::from_str(text).map_err(|e| ShellError(format!("{what}: {e}")))
}

/// Every game this build knows: `[{name, title, engine}]`, in lobby order.
pub fn games() -> Value {
    Value::Array(
        stackyard_registry::registry()
            .kinds()
            .map(|k| json!({"name": k.name(), "title": k.title(), "engine": k.engine()}))
            .collect(),
    )
}

/// A replay, offline: `{game, title, frames}` where frame 0 is the start and
/// frame i the table after the record's i-th action, as `viewer` sees it
/// (`{"type": "spectator"}` or `{"type": "seat", "seat": N}`). The frames
/// are those the server's `/api/v1/tables/{id}/replay` serves (the same
/// code, `stackyard_core::frames`).
pub fn replay(record_json: &str, viewer_json: &str) -> Result<Value, ShellError> {
    let record: Value = parse("the record is not JSON", record_json)?;
    let viewer: Viewer = parse(
        "the viewer is not {\"type\": \"spectator\"} or {\"type\": \"seat\", \"seat\": N}",
        viewer_json,
    )?;
    let record = ErasedRecord::parse(&record).map_err(|e| ShellError(e.to_string()))?;
    let registry = stackyard_registry::registry();
    let kind = registry.get(&record.game).ok_or_else(|| {
        ShellError(format!(
            "no game is called {} (these are: {})",
            quoted(&record.game),
            registry.names().join(", ")
        ))
    })?;
    let frames: Vec<Frame> = record_frames(kind, &record, viewer)
        .map_err(|e| ShellError(format!("this {} record does not replay: {e}", kind.title())))?;
    Ok(json!({"game": kind.name(), "title": kind.title(), "frames": to_value(&frames)}))
}

/// Every action IceTowers allows `seat` now in `view_json` (a view as the
/// server sends it; IceTowers hides nothing, so the view rebuilds the
/// table): `[Action]`, the same list the server's referee checks against
/// (`IceTowers::legal_actions`). The browser highlights legal caps and
/// mines from it instead of re-typing I6–I11.
pub fn ice_legal(view_json: &str, seat: u8) -> Result<Value, ShellError> {
    use stackyard_icetowers::{IceTowers, View as IceView};
    let view: IceView = parse("this is not an IceTowers view", view_json)?;
    if usize::from(seat) >= view.seats.len() {
        return Err(ShellError(format!(
            "there is no seat {seat} at this {}-seat table",
            view.seats.len()
        )));
    }
    let game = IceTowers::from_view(&view)
        .map_err(|e| ShellError(format!("this IceTowers view does not rebuild a table: {e}")))?;
    Ok(to_value(&game.legal_actions(stackyard_core::Seat(seat))))
}

/// What the physics predicts for a Leaning Towers placement by the seat to
/// act in `view_json` (a view as the server sends it), hand noise off:
/// [`Preview`] as JSON. `settings_json` is the table's settings, or empty
/// for the defaults of the view's number of seats.
#[cfg(feature = "physics")]
pub fn preview_leaning(
    view_json: &str,
    placement_json: &str,
    settings_json: &str,
) -> Result<Value, ShellError> {
    use stackyard_leaning::preview::{Placement, Preview, preview};
    use stackyard_leaning::{Settings as LeaningSettings, View as LeaningView};
    let view: LeaningView = parse("this is not a Leaning Towers view", view_json)?;
    let placement: Placement = parse(
        "the placement is not {kind, position, rotation_deg, hold}",
        placement_json,
    )?;
    let settings = if settings_json.trim().is_empty() {
        LeaningSettings::new(view.seats)
    } else {
        parse("these are not Leaning Towers settings", settings_json)?
    };
    let result: Preview =
        preview(&view, &settings, &placement).map_err(|e| ShellError(e.to_string()))?;
    Ok(to_value(&result))
}

/// Suggested poses for the Leaning Towers seat to act in `view_json`:
/// `ask_json` is `{size, near?, max?, budget?}`
/// (`stackyard_leaning::suggest::Ask`); the answer is the clean
/// suggestions, steadiest first (`[Suggestion]`), each judged by the same
/// preview. `settings_json` as for [`preview_leaning`].
#[cfg(feature = "physics")]
pub fn suggest_leaning(
    view_json: &str,
    ask_json: &str,
    settings_json: &str,
) -> Result<Value, ShellError> {
    use stackyard_leaning::suggest::{Ask, suggest};
    use stackyard_leaning::{Settings as LeaningSettings, View as LeaningView};
    let view: LeaningView = parse("this is not a Leaning Towers view", view_json)?;
    let ask: Ask = parse("the request is not {size, near, max, budget}", ask_json)?;
    let settings = if settings_json.trim().is_empty() {
        LeaningSettings::new(view.seats)
    } else {
        parse("these are not Leaning Towers settings", settings_json)?
    };
    let found = suggest(&view, &settings, &ask).map_err(|e| ShellError(e.to_string()))?;
    Ok(to_value(&found))
}

/// The default settings of Leaning Towers for `seats` players (2–10, L1),
/// so a page without the table's settings can still preview.
#[cfg(feature = "physics")]
pub fn leaning_settings(seats: u8) -> Result<Value, ShellError> {
    use stackyard_core::Game;
    use stackyard_leaning::{LeaningTowers, Settings as LeaningSettings};
    let settings = LeaningSettings::new(seats);
    LeaningTowers::new(&settings, stackyard_core::Seed(0))
        .map_err(|e| ShellError(e.to_string()))?;
    Ok(to_value(&settings))
}

/// Wire types are plain data: serialising one cannot fail (no maps with
/// non-string keys; the physics keeps its floats finite).
fn to_value<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// The envelope every exported function answers with: `{"ok": VALUE}` or
/// `{"error": "…"}`, so JavaScript gets bad input as a value, not a throw.
pub fn envelope(result: Result<Value, ShellError>) -> String {
    match result {
        Ok(value) => json!({"ok": value}),
        Err(e) => json!({"error": e.0}),
    }
    .to_string()
}
