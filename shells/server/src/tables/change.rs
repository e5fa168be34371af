//! A change a table's core made, as it waits in the outbox
//! (`outbox.rs`): who asked for it and what everyone will be told of it,
//! written when it was made (the table may move on before it is stored).

use axum::extract::ws::Utf8Bytes;
use stackyard_core::Viewer;
use std::time::Instant;

/// Who asked for a change: answered with an acknowledgement once it is
/// stored, or with `failed` if it could not be.
pub(super) struct Asker {
    pub conn: u64,
    pub id: u64,
    /// When its connection read an action (for the action latency).
    pub received: Option<Instant>,
    /// What the asker reads if the change could not be stored.
    pub failed: &'static str,
}

/// Something the connections hear of a change, written when it was made.
pub(super) enum Said {
    /// A step's text for each kind of viewer there.
    Step(Vec<(Viewer, Utf8Bytes)>),
    /// One text for everyone (a draw offered or answered).
    All(Utf8Bytes),
}

/// A change the core made, on its way to the store and then to everyone.
pub(super) struct Change {
    /// Who asked for it, if anyone did (timers and bots ask nobody).
    pub asker: Option<Asker>,
    /// The table's version after it (what its acknowledgement names).
    pub version: u64,
    /// What the connections hear of it, in order.
    pub said: Vec<Said>,
    /// The connections there when it was made: one that came later was
    /// welcomed with a state that already holds it.
    pub recipients: Vec<u64>,
    /// Accepted actions in it (a person's or a bot's).
    pub actions: usize,
    /// It ended the game.
    pub finished: bool,
    /// The lobby's whole summary is refreshed after it, not only its
    /// counts (timers may change what a lobby lists).
    pub whole_summary: bool,
}
