//! The physics table: rapier3d rigid bodies for piecepack pieces and Looney Pyramids.
//!
//! Millimetres and grams at the interface, z up, the table top at z = 0; a
//! piece's position is the centre of its base face (the face that rests on
//! the table when unrotated), and its rotation is Rz·Ry·Rx in degrees about
//! that point. Inside, rapier works in units of 10 cm (see `UNITS_PER_MM`) with
//! the stiff, finely stepped contacts that keep millimetre pieces faithful
//! (see [`SimSettings`]).
//!
//! Deterministic: rapier3d is pinned (`=0.36.1`, `enhanced-determinism`),
//! so the same settings and inputs give bit-identical poses, and a
//! [`Snapshot`] restored continues exactly as the original would have. What
//! travels is a [`TableState`], the explicit physical state: a table is
//! rebuilt from it ([`Table::from_state`]) the same way wherever it is
//! rebuilt, so that every holder of a state simulates the same future.

mod limits;
mod piece;
mod pose;
pub mod scenario;
mod settings;
mod specs;
mod state;
mod world;

/// Rapier's length units per millimetre: one unit is 10 cm. Pieces this
/// small simulated in metres rock and collapse in stacks (some tolerance in
/// rapier or parry is absolute: 17 mm boxes fall where 30 mm ones stand),
/// while the same world scaled ten times, gravity scaled with it (which
/// keeps every motion's timing: sqrt(length / g) is unchanged), stands.
pub(crate) const UNITS_PER_MM: f64 = 0.01;

/// Gravity in rapier's units per second squared.
pub(crate) const GRAVITY: f64 = 9810.0 * UNITS_PER_MM;

pub use limits::{MAX_ANGLE_DEG, MAX_COORD_MM};
pub use piece::{PieceKind, UnknownKind};
pub use pose::{Motion, Pose};
pub use settings::{ContactSettings, Settings, SimSettings};
pub use specs::{BoxSpec, CylinderSpec, PieceSettings, PyramidSpec};
pub use state::{BodyState, StateError, TableState};
pub use world::{
    Mark, MassProps, PieceId, PlaceError, SLEEP_STEPS, Settled, Snapshot, TABLE_HALF_MM, Table,
    Tower,
};
