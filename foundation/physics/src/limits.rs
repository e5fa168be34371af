//! The limits of a pose and of a start overlap, below every module that
//! checks them (`settings.rs`, `state.rs`, `pose.rs`, `world.rs`).

/// How much overlap a starting pose may have: rounding in a stack of
/// exactly touching pieces, not real interpenetration.
pub(crate) const START_TOLERANCE_MM: f64 = 0.05;

/// How far from the origin a piece may be placed (mm, each coordinate):
/// 10 m, where 32-bit floats still resolve a hundredth of a millimetre.
pub const MAX_COORD_MM: f64 = 10_000.0;

/// The largest rotation angle a pose may give (degrees, each angle).
pub const MAX_ANGLE_DEG: f64 = 36_000.0;
