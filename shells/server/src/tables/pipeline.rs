//! A table's actions in flight: several commits handed to the writer at
//! once, everyone told of each only once it is stored.
//!
//! A table used to wait for each action's commit before it read the next
//! command. In a game without turns two seats act at once, and the second
//! action then waited for the first one's commit and for its own: two
//! group commits in a row, the slowest acknowledgements of a load test.
//! Now an accepted action is applied, handed to the writer on the table's
//! [`CommitLine`] and queued here; the next action of the same table can
//! join the same group commit. What anyone hears still follows the
//! store: each entry's acknowledgement and step leave when its commit has
//! answered, in the order the actions were applied, and a refusal made
//! meanwhile waits behind them (it may be one only because of an action
//! not yet stored). Every other command (a join, a connection, a bot's
//! decision, a timer) first waits until nothing is in flight, so it sees
//! and shows only what is stored.
//!
//! This file is the queue; `in_flight.rs` is what the table does with it.
//!
//! [`CommitLine`]: crate::store::CommitLine

use crate::protocol::ApiError;
use crate::store::StoreError;
use axum::extract::ws::Utf8Bytes;
use stackyard_core::Viewer;
use std::collections::VecDeque;
use std::time::Instant;
use tokio::sync::oneshot;

/// Most actions a table keeps in flight; past it, it waits for the oldest
/// before it reads its inbox again.
pub(super) const MOST_IN_FLIGHT: usize = 64;

/// What waits for a commit.
pub(super) struct InFlight {
    /// The commit's answer; `None` for a refusal queued behind commits.
    pub done: Option<oneshot::Receiver<Result<(), StoreError>>>,
    /// What is said once it has answered.
    pub then: Then,
}

/// What is said once the entry's commit has answered.
pub(super) enum Then {
    /// An accepted action: acknowledge it to its sender, tell everyone.
    Action(Box<Told>),
    /// A refusal, said to the connection that asked.
    Refusal { conn: u64, id: u64, error: ApiError },
}

/// An accepted action's messages, written when it was applied (the table
/// may have moved on by the time it is stored).
pub(super) struct Told {
    /// Who sent it, and the id of their request.
    pub conn: u64,
    pub id: u64,
    /// The table's version after it.
    pub version: u64,
    /// When its connection read it.
    pub received: Instant,
    /// The step's text for each kind of viewer.
    pub texts: Vec<(Viewer, Utf8Bytes)>,
    /// The connections there when it was applied: a connection that came
    /// later was welcomed with a state that already holds it.
    pub recipients: Vec<u64>,
    /// It ended the game.
    pub finished: bool,
}

/// The entries in flight, oldest first.
#[derive(Default)]
pub(super) struct Pipeline(VecDeque<InFlight>);

impl Pipeline {
    /// Queues an entry behind the others.
    pub fn push(&mut self, entry: InFlight) {
        self.0.push_back(entry);
    }

    /// Takes the oldest entry.
    pub fn pop(&mut self) -> Option<InFlight> {
        self.0.pop_front()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn is_full(&self) -> bool {
        self.0.len() >= MOST_IN_FLIGHT
    }

    /// The oldest entry's answer (at once for a refusal). Pending forever
    /// when nothing is in flight, so that it can stand in a `select!`.
    pub async fn oldest_answered(&mut self) -> Result<(), StoreError> {
        match self.0.front_mut() {
            None => std::future::pending().await,
            Some(InFlight { done: None, .. }) => Ok(()),
            Some(InFlight {
                done: Some(answer), ..
            }) => answer.await.unwrap_or(Err(StoreError::WriterGone)),
        }
    }
}
