//! The physics table as the game state owns it: [`World`] wraps a
//! `stackyard_physics::Table` (which clones through a snapshot and
//! continues bit-identically) and compares by pose bits; [`WorldSnapshot`]
//! is the plain-data copy a view carries.

use serde::{Deserialize, Serialize};
use stackyard_physics::{PieceId, Snapshot, Table};
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

impl PartialEq for World {
    /// Two worlds are equal when every piece's pose has the same bits.
    fn eq(&self, other: &World) -> bool {
        self.pose_bits() == other.pose_bits()
    }
}

/// A whole physics world as plain data, for views (a bot rebuilds the table
/// from it and simulates candidates on copies). Equality compares the pose
/// bits of every piece, which is what tells two worlds apart in practice.
///
/// On the wire it is `{"fingerprint": [[u32; 7], …], "state": "<JSON>"}`:
/// the simulation state as one JSON string, because it holds 128-bit
/// numbers that a JSON value (as hosts pass views around) cannot. Reading
/// it back checks the state against the fingerprint.
#[derive(Clone, Serialize, Deserialize)]
#[serde(try_from = "WireWorld", into = "WireWorld")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(as = "WireWorld"))]
pub struct WorldSnapshot {
    /// Every piece's pose bits (translation in rapier units, quaternion).
    pub fingerprint: Vec<[u32; 7]>,
    /// The full simulation state.
    pub snapshot: Snapshot,
}

/// [`WorldSnapshot`] as it travels.
#[derive(Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "WorldSnapshot"))]
struct WireWorld {
    fingerprint: Vec<[u32; 7]>,
    state: String,
}

impl From<WorldSnapshot> for WireWorld {
    fn from(w: WorldSnapshot) -> WireWorld {
        WireWorld {
            fingerprint: w.fingerprint,
            // Serialising plain data (no maps with non-string keys) cannot fail.
            state: serde_json::to_string(&w.snapshot).unwrap_or_default(),
        }
    }
}

impl TryFrom<WireWorld> for WorldSnapshot {
    type Error = String;

    fn try_from(w: WireWorld) -> Result<WorldSnapshot, String> {
        let snapshot: Snapshot = serde_json::from_str(&w.state)
            .map_err(|e| format!("the world's state does not parse: {e}"))?;
        let world = World(Table::from_snapshot(&snapshot));
        if world.pose_bits() != w.fingerprint {
            return Err("the world's state does not match its fingerprint".into());
        }
        Ok(WorldSnapshot {
            fingerprint: w.fingerprint,
            snapshot,
        })
    }
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
