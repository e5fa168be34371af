//! A table's changes in flight: several commits handed to the writer at
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
//! Every change goes through this queue, not only actions (`outbox.rs`,
//! the one tail): a resignation or a timer's step waits its turn behind
//! the actions before it, and is told only once stored like them.
//!
//! This file is the queue; `outbox.rs` is what the table does with it.
//!
//! [`CommitLine`]: crate::store::CommitLine

use super::change::Change;
use crate::protocol::ApiError;
use crate::store::StoreError;
use std::collections::VecDeque;
use tokio::sync::oneshot;

/// Most changes a table keeps in flight; past it, it waits for the oldest
/// before it reads its inbox again.
pub(super) const MOST_IN_FLIGHT: usize = 64;

/// What waits for a commit.
pub(super) struct InFlight {
    /// The commit's answer; `None` for what stores nothing (a refusal, a
    /// draw a bot declined) queued behind commits.
    pub done: Option<oneshot::Receiver<Result<(), StoreError>>>,
    /// What is said once it has answered.
    pub then: Then,
}

/// What is said once the entry's commit has answered.
pub(super) enum Then {
    /// A change: acknowledge it to its asker, tell everyone
    /// (`outbox.rs`).
    Change(Box<Change>),
    /// A refusal, said to the connection that asked.
    Refusal { conn: u64, id: u64, error: ApiError },
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
