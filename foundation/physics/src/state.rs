//! The explicit physical state of a table: what a [`crate::Table`] is
//! rebuilt from, plain data that serialises exactly.
//!
//! Rapier keeps far more than the physics: contact caches (parry keys a
//! compound shape's by pairs of its parts), islands, a broad-phase tree,
//! warm-start impulses. None of it is written down here. A table is rebuilt
//! from the pieces alone (kind, pose, velocities, held, removed),
//! always the same way ([`crate::Table::from_state`]), and whoever simulates
//! from a state (a game between two actions, a bot or a preview given a
//! view, a replay) starts from that rebuilt table, so all of them compute
//! bit-identical results from the same state.
//!
//! Sleep is not part of the state: rapier wakes whatever its first
//! collision detection finds touching, and a body put back to sleep by
//! hand before rapier takes it out of its active set falls free of its
//! contacts. A rebuilt table is awake, and rapier puts its pieces to sleep
//! again once they rest.

use crate::UNITS_PER_MM;
use crate::limits::MAX_COORD_MM;
use crate::piece::PieceKind;
use crate::settings::Settings;
use serde::{Deserialize, Serialize};

/// One piece as the physics knows it between two steps. Numbers are the
/// exact 32-bit floats rapier computes with, as their bits
/// ([`f32::to_bits`]), so that a state read back from text is the same
/// state: translation in rapier's units (10 cm) then the rotation
/// quaternion (x, y, z, w); velocities in rapier's units per second and
/// radians per second. A piece's pose in millimetres and degrees is
/// [`crate::Table::pose`] of the rebuilt table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BodyState {
    /// What piece it is.
    pub kind: PieceKind,
    /// Its pose: translation then quaternion (x, y, z, w), as f32 bits.
    pub pose_bits: [u32; 7],
    /// Its linear velocity, as f32 bits.
    pub linvel_bits: [u32; 3],
    /// Its angular velocity, as f32 bits.
    pub angvel_bits: [u32; 3],
    /// Held fixed by a hand (kinematic) until released.
    pub held: bool,
    /// Taken out of the world for good ([`crate::Table::remove`]).
    pub removed: bool,
}

/// A whole table as plain data: the settings, the simulated time, and every
/// piece in drop order (a piece's index is its [`crate::PieceId`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TableState {
    /// The settings the table was made with.
    pub settings: Settings,
    /// Steps simulated since the table was made.
    pub steps: u64,
    /// Every piece, in drop order.
    pub pieces: Vec<BodyState>,
}

/// Why a state cannot be a table.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum StateError {
    /// The settings are out of range.
    #[error("the table's settings are invalid: {0}")]
    Settings(String),
    /// A pose or velocity is not a finite number in range.
    #[error("piece {piece} has a pose or velocity that is not a finite number in range")]
    NotFinite {
        /// The piece, by drop order.
        piece: usize,
    },
    /// A rotation is not a unit quaternion.
    #[error("piece {piece} has a rotation that is not a unit quaternion")]
    NotARotation {
        /// The piece, by drop order.
        piece: usize,
    },
}

impl TableState {
    /// Checks that a table can be rebuilt from this state: valid settings,
    /// finite numbers, positions within [`MAX_COORD_MM`], unit rotations.
    pub fn validate(&self) -> Result<(), StateError> {
        self.settings.validate().map_err(StateError::Settings)?;
        let limit = (MAX_COORD_MM * UNITS_PER_MM) as f32;
        for (piece, b) in self.pieces.iter().enumerate() {
            let pose = b.pose_bits.map(f32::from_bits);
            let finite = pose
                .iter()
                .chain(&b.linvel_bits.map(f32::from_bits))
                .chain(&b.angvel_bits.map(f32::from_bits))
                .all(|v| v.is_finite());
            if !finite || pose[..3].iter().any(|v| v.abs() > limit) {
                return Err(StateError::NotFinite { piece });
            }
            let norm2: f32 = pose[3..].iter().map(|v| v * v).sum();
            if (norm2 - 1.0).abs() > 1e-4 {
                return Err(StateError::NotARotation { piece });
            }
        }
        Ok(())
    }
}
