//! Tables: one tokio task per table around a pure table core.
//!
//! - `core`: the table as a state machine in game time (seats and tokens,
//!   clocks, draw offers, abandonment, the bot schedule); no I/O.
//! - `seats`, `clocks`: the parts of the core that are data; `past` the
//!   steps so far (for the welcome), `applied` a step the core took, `refused` a refused request, `draws`
//!   a bot's answer to a draw offer.
//! - `task`: the tokio task, a thin shell around the core (inbox, timers,
//!   bots' thinking); `requests` answers a seat's requests and joins,
//!   `outbox` is the one tail of every change the core makes (stores it,
//!   then acknowledges, fans out, finishes and rates), `change` what
//!   waits there, `pipeline` the queue of changes in flight to the
//!   writer, `writes` what each step stores, `fanout` tells the
//!   connections, `hints` the hint searches,
//!   `messages` what connections are sent (the typed `ServerMessage`).
//! - `hub`: what the tables and front ends share, every table in memory;
//!   `open`: table creation and resumption; `commands`: what the front
//!   ends send a table; `archive` and `finished`: finished tables served
//!   from the store; `online`: what an online table allows; `mirror`: a
//!   read-only mirror of a table another node owns, for this node's
//!   spectators (issue #28).
//!
//! It knows games only through `stackyard_core::host`.

mod applied;
mod archive;
mod change;
mod clocks;
pub(crate) mod commands;
pub mod core;
mod draws;
mod fanout;
mod finished;
mod hints;
mod hub;
mod messages;
mod mirror;
pub mod online;
mod open;
mod outbox;
mod outlet;
mod past;
mod pipeline;
mod refused;
mod requests;
pub mod seats;
mod task;
mod writes;

pub use commands::{Command, ConnHandle, Kick, MirrorHandle, Request, TableHandle, deliver};
pub use hub::{Hub, HubParts};
pub use outlet::{Offer, Outlet};

/// How often a mirror tells the owner it watches (the owner hints for
/// three times as long).
pub fn mirror_watch_every() -> std::time::Duration {
    mirror::WATCH_EVERY
}
pub use messages::{error as error_message, pong};
pub use open::{MoreWrites, PrivateTable};

#[cfg(test)]
mod core_tests;
#[cfg(test)]
mod outbox_tests;
