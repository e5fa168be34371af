//! The physics table: rapier3d rigid bodies for piecepack pieces and Looney Pyramids.
//!
//! Millimetres and grams at the interface, z up, the table top at z = 0; a
//! piece's position is the centre of its base face (the face that rests on
//! the table when unrotated), and its rotation is Rz·Ry·Rx in degrees about
//! that point. Inside, rapier works in metres with the stiff, finely stepped
//! contacts that keep millimetre pieces faithful (see [`SimSettings`]).
//!
//! Deterministic: rapier3d is pinned (`=0.36.1`, `enhanced-determinism`),
//! so the same settings and inputs give bit-identical poses, and a
//! [`Snapshot`] restored continues exactly as the original would have.

mod piece;
mod pose;
pub mod scenario;
mod settings;
mod world;

pub use piece::{PieceKind, UnknownKind};
pub use pose::{Motion, Pose};
pub use settings::{
    BoxSpec, ContactSettings, CylinderSpec, PieceSettings, PyramidSpec, Settings, SimSettings,
};
pub use world::{Mark, PieceId, PlaceError, Settled, Snapshot, Table, Tower};
