//! The physics table as the game state owns it: [`World`] wraps a
//! `stackyard_physics::Table` and compares by pose bits; [`WorldSnapshot`]
//! is the plain-data copy a view carries, the table's explicit physical
//! state ([`TableState`]).
//!
//! Between two actions the game's world is always the table rebuilt from
//! its own state ([`World::canonicalise`]), which is exactly the table a
//! bot or a preview rebuilds from the view's copy: every simulation of the
//! next action, wherever it runs, starts from the same table, and a
//! replay, the live game and a view read back from JSON agree bit for bit.

use serde::{Deserialize, Serialize};
use stackyard_physics::{PieceId, Table, TableState};
use std::fmt;

/// The game's physics world. Cloning copies the whole simulation state, so
/// a clone continues bit-identically to the original.
#[derive(Clone, Debug)]
pub struct World(pub Table);

impl World {
    /// An empty table.
    pub fn new(settings: stackyard_physics::Settings) -> World {
        World(Table::new(settings))
    }

    /// Every piece's exact pose bits, in drop order: the world's fingerprint
    /// for determinism checks.
    pub fn pose_bits(&self) -> Vec<[u32; 7]> {
        (0..self.0.len())
            .map(|i| self.0.pose_bits(PieceId(i)))
            .collect()
    }

    /// A plain-data copy of the world: its explicit physical state.
    pub fn snapshot(&self) -> WorldSnapshot {
        WorldSnapshot(self.0.state())
    }

    /// The world rebuilt from `snapshot` (checked when it was read).
    pub fn from_snapshot(snapshot: &WorldSnapshot) -> World {
        World(Table::from_state(&snapshot.0).unwrap_or_else(|_| {
            // A WorldSnapshot is checked when it is made or read, so this
            // is never reached; an empty table of valid settings is the
            // harmless answer.
            Table::new(stackyard_physics::Settings::default())
        }))
    }

    /// Replaces the world by the table rebuilt from its own state, which
    /// is what anyone given [`World::snapshot`] rebuilds. The game does
    /// this after every action that changed the world, so that it
    /// simulates the next one from exactly the table a view describes.
    pub fn canonicalise(&mut self) {
        self.0 = self.0.rebuilt();
    }
}

impl PartialEq for World {
    /// Two worlds are equal when every piece's pose has the same bits.
    fn eq(&self, other: &World) -> bool {
        self.pose_bits() == other.pose_bits()
    }
}

/// A whole physics world as plain data, for views (a bot rebuilds the table
/// from it and simulates candidates on copies): the table's explicit state,
/// every piece's kind, pose and velocities as exact f32 bits, and whether
/// it is held or removed. Reading it checks that a table can be
/// rebuilt from it. Equality is equality of the states.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "TableState", into = "TableState")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(as = "TableState"))]
pub struct WorldSnapshot(TableState);

impl WorldSnapshot {
    /// The explicit state.
    pub fn state(&self) -> &TableState {
        &self.0
    }
}

impl From<WorldSnapshot> for TableState {
    fn from(w: WorldSnapshot) -> TableState {
        w.0
    }
}

impl TryFrom<TableState> for WorldSnapshot {
    type Error = String;

    fn try_from(state: TableState) -> Result<WorldSnapshot, String> {
        state
            .validate()
            .map_err(|e| format!("the world's state is not a table: {e}"))?;
        Ok(WorldSnapshot(state))
    }
}

impl fmt::Debug for WorldSnapshot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WorldSnapshot")
            .field("pieces", &self.0.pieces.len())
            .finish()
    }
}
