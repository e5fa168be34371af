//! The rules in the browser: every registered game's host contract
//! ([`stackyard_core::host`], [`stackyard_registry::registry`]) as plain
//! functions of JSON text, which `src/bindings.rs` exports to JavaScript
//! through wasm-bindgen. The same functions are called natively by the
//! tests, so what the page runs is what `cargo test` checks.
//!
//! It names no game: [`games`] lists what the registry holds, [`replay`]
//! steps any game's record, and [`ask`] answers the questions each game
//! declares about a view (`stackyard_core::query`). With the `physics`
//! feature (default) it holds every game; without, the games the registry
//! holds without physics (the browser's small module for their replays).
//!
//! Every function takes JSON text and returns a JSON value, or a
//! [`ShellError`] naming what was wrong with the input; nothing here panics
//! on bad input (in WebAssembly a panic is a trap that kills the module).

mod bindings;

use serde::Serialize;
use serde_json::{Value, json};
use stackyard_core::frames::{Frame, record_frames};
use stackyard_core::{ErasedRecord, Viewer};

/// Bad input, in a sentence that names what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ShellError(pub String);

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

/// One game this build knows, as [`games`] lists it (the browser's type for
/// it is generated from this one by `shells/typegen`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RulesGame {
    /// The game's name on the wire (`towers`).
    pub name: String,
    /// Its title for people (`Towers`).
    pub title: String,
    /// The rules engine's name and version (`towers-1`).
    pub engine: String,
    /// The questions [`ask`] answers for it.
    pub queries: Vec<String>,
}

/// A record stepped through offline, as [`replay`] answers.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OfflineReplay {
    /// The record's game (its name on the wire).
    pub game: String,
    /// Its title for people.
    pub title: String,
    /// Frame 0 is the start, frame i the table after action i.
    pub frames: Vec<Frame>,
}

/// Every game this build knows: `[{name, title, engine, queries}]`
/// ([`RulesGame`]), in lobby order; `queries` names the questions [`ask`]
/// answers for it.
pub fn games() -> Value {
    let games: Vec<RulesGame> = stackyard_registry::registry()
        .kinds()
        .map(|k| RulesGame {
            name: k.name().to_string(),
            title: k.title().to_string(),
            engine: k.engine().to_string(),
            queries: k.queries().iter().map(|q| q.name.to_string()).collect(),
        })
        .collect();
    to_value(&games)
}

/// A replay, offline: `{game, title, frames}` ([`OfflineReplay`]) where frame 0 is the start and
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
    let kind = kind(&registry, &record.game)?;
    let frames: Vec<Frame> = record_frames(kind, &record, viewer)
        .map_err(|e| ShellError(format!("this {} record does not replay: {e}", kind.title())))?;
    Ok(to_value(&OfflineReplay {
        game: kind.name().to_string(),
        title: kind.title().to_string(),
        frames,
    }))
}

/// Answers the question called `query` that the game called `game` takes
/// about a view (`stackyard_core::query`: a placement's preview, a seat's
/// legal actions), from its view, the question's input and the table's
/// settings (empty: the defaults for the view), each JSON text. Each game
/// declares its questions itself ([`stackyard_core::Listed::QUERIES`]);
/// [`games`] lists them.
pub fn ask(
    game: &str,
    query: &str,
    view_json: &str,
    input_json: &str,
    settings_json: &str,
) -> Result<Value, ShellError> {
    let registry = stackyard_registry::registry();
    let kind = kind(&registry, game)?;
    let asked = stackyard_core::query::Asked {
        view: view_json,
        input: input_json,
        settings: settings_json,
    };
    kind.ask(query, &asked).map_err(ShellError)
}

/// One step's events of the game called `game` in a player's words, from
/// the reader's side: `tell_json` is a [`stackyard_core::words::Tell`]
/// (`{events, view, before?, settings?, viewer?, names}`) and the answer is
/// the game's lines (`[{text, kind, rule, mine}]`,
/// [`stackyard_core::words::Line`]), each citing its rule apart from its
/// sentence. Each game declares its words itself
/// ([`stackyard_core::Listed::narrate`]); nothing here names one.
pub fn narrate(game: &str, tell_json: &str) -> Result<Value, ShellError> {
    let registry = stackyard_registry::registry();
    let kind = kind(&registry, game)?;
    let tell: stackyard_core::words::Tell = parse(
        "what to tell is not {events, view, before?, settings?, viewer?, names}",
        tell_json,
    )?;
    kind.narrate(&tell)
        .map(|lines| to_value(&lines))
        .map_err(ShellError)
}

/// The default settings of the game called `game` for `seats` players (in
/// its seat range), so a page without the table's settings can still ask
/// its questions; checked by setting up a table with them.
pub fn settings(game: &str, seats: u8) -> Result<Value, ShellError> {
    use stackyard_core::about::{FieldKind, SettingsForm};
    let registry = stackyard_registry::registry();
    let kind = kind(&registry, game)?;
    let about = kind.about();
    if !about.seats.allows(seats) {
        return Err(ShellError(format!(
            "{} is played by {}, not {seats}",
            kind.title(),
            about.seats.words()
        )));
    }
    let mut settings = kind.default_settings();
    if let SettingsForm::Object { fields, .. } = about.settings
        && let Some(field) = fields
            .iter()
            .find(|f| matches!(f.kind, FieldKind::Seats { .. }))
    {
        settings[field.key] = Value::from(seats);
    }
    kind.create(&settings, stackyard_core::Seed(0))
        .map_err(|e| ShellError(e.to_string()))?;
    Ok(settings)
}

fn kind<'r>(
    registry: &'r stackyard_core::host::Registry,
    game: &str,
) -> Result<&'r dyn stackyard_core::host::GameKind, ShellError> {
    registry.get(game).ok_or_else(|| {
        ShellError(format!(
            "no game is called {} (these are: {})",
            quoted(game),
            registry.names().join(", ")
        ))
    })
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
