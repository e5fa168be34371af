//! Online play (`stackyard play --server URL`): the lobby of a running
//! `stackyard serve`, a Towers seat on the same board as the local game,
//! and any table of any game watched in the game's own words.
//!
//! - `client.rs`: the server's HTTP side (ureq, blocking, each call
//!   bounded), the wire types read as the server's own
//!   (`stackyard_server::protocol`).
//! - `link.rs`: a table's WebSocket on a thread of its own, so the screen
//!   never waits on the network.
//! - `table.rs`: a table as the client keeps it ([`TableFeed`]): view,
//!   turn, clocks, ending and the story, narrated by the game's crate.
//! - `lobby.rs`: the lobby screen ([`Lobby`]); `watch.rs`: watching a
//!   table ([`WatchScreen`]).

mod client;
mod link;
mod lobby;
mod table;
mod watch;

pub use crate::games::PLAYED_ONLINE;
pub use client::{OnlineError, Server};
pub use lobby::{Lobby, LobbyAfter};
pub use table::TableFeed;
pub use watch::{WatchScreen, clock_text};
