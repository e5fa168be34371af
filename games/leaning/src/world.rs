//! The physics table as a game state can own it: [`World`] is a
//! `stackyard_physics::Table` that is `Clone` (through a snapshot) and
//! `Debug`, and [`WorldSnapshot`] is the plain-data copy a view carries.

use serde::{Deserialize, Serialize};
use stackyard_physics::{PieceId, Snapshot, Table};
use std::fmt;

/// The game's physics world. Cloning copies the whole simulation state, so
/// a clone continues bit-identically to the original.
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

    /// A plain-data copy of the world.
    pub fn snapshot(&self) -> WorldSnapshot {
        WorldSnapshot {
            fingerprint: self.pose_bits(),
            snapshot: self.0.snapshot(),
        }
    }

    /// A world in the state of `snapshot`.
    pub fn from_snapshot(snapshot: &WorldSnapshot) -> World {
        World(Table::from_snapshot(&snapshot.snapshot))
    }
}

impl Clone for World {
    fn clone(&self) -> World {
        World(Table::from_snapshot(&self.0.snapshot()))
    }
}

impl fmt::Debug for World {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("World")
            .field("pieces", &self.0.len())
            .field("time_s", &self.0.time_s())
            .finish()
    }
}

impl PartialEq for World {
    /// Two worlds are equal when every piece's pose has the same bits.
    fn eq(&self, other: &World) -> bool {
        self.pose_bits() == other.pose_bits()
    }
}

/// A whole physics world as plain data, for views (a bot rebuilds the table
/// from it and simulates candidates on copies). Equality compares the pose
/// bits of every piece, which is what tells two worlds apart in practice.
#[derive(Clone, Serialize, Deserialize)]
pub struct WorldSnapshot {
    /// Every piece's pose bits (translation in rapier units, quaternion).
    pub fingerprint: Vec<[u32; 7]>,
    /// The full simulation state.
    pub snapshot: Snapshot,
}

impl PartialEq for WorldSnapshot {
    fn eq(&self, other: &WorldSnapshot) -> bool {
        self.fingerprint == other.fingerprint
    }
}

impl fmt::Debug for WorldSnapshot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WorldSnapshot")
            .field("pieces", &self.fingerprint.len())
            .finish()
    }
}
