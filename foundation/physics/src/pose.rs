//! Where a piece is: the centre of its base face (mm, z up, table top at
//! z = 0) and its rotation about that point, Rz·Ry·Rx in degrees.

use crate::UNITS_PER_MM;
use rapier3d::math::glamx::EulerRot;
use rapier3d::math::{Pose as RPose, Rotation, Vector};
use serde::{Deserialize, Serialize};

/// A piece's pose as the scenario format writes it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Pose {
    /// Centre of the base face (mm).
    pub position: [f64; 3],
    /// Rotation about `position`: Rz(rz)·Ry(ry)·Rx(rx), degrees.
    #[serde(default)]
    pub rotation_deg: [f64; 3],
}

impl Pose {
    /// An unrotated pose at `position`.
    pub fn at(x: f64, y: f64, z: f64) -> Pose {
        Pose {
            position: [x, y, z],
            rotation_deg: [0.0; 3],
        }
    }

    /// The same pose, rotated by (rx, ry, rz) degrees.
    pub fn rotated(self, rx: f64, ry: f64, rz: f64) -> Pose {
        Pose {
            rotation_deg: [rx, ry, rz],
            ..self
        }
    }

    /// Whether every number is finite.
    pub fn is_finite(&self) -> bool {
        self.position
            .iter()
            .chain(self.rotation_deg.iter())
            .all(|v| v.is_finite())
    }

    /// Whether the engine can take this pose: every coordinate within
    /// [`crate::MAX_COORD_MM`] and every angle within
    /// [`crate::MAX_ANGLE_DEG`] (finite numbers that would overflow or
    /// lose all precision in rapier's 32-bit floats are out).
    pub fn in_range(&self) -> bool {
        self.position
            .iter()
            .all(|v| v.is_finite() && v.abs() <= crate::limits::MAX_COORD_MM)
            && self
                .rotation_deg
                .iter()
                .all(|v| v.is_finite() && v.abs() <= crate::limits::MAX_ANGLE_DEG)
    }

    pub(crate) fn rotation(&self) -> Rotation {
        let [rx, ry, rz] = self.rotation_deg.map(f64::to_radians);
        Rotation::from_euler(EulerRot::ZYX, rz as f32, ry as f32, rx as f32)
    }

    /// The rapier pose, in rapier's units.
    pub(crate) fn to_rapier(self) -> RPose {
        let [x, y, z] = self.position.map(|v| (v * UNITS_PER_MM) as f32);
        RPose::from_parts(Vector::new(x, y, z), self.rotation())
    }

    /// The pose of a rapier body, back in millimetres and degrees.
    pub(crate) fn from_rapier(p: &RPose) -> Pose {
        let t = p.translation;
        let (rz, ry, rx) = p.rotation.to_euler(EulerRot::ZYX);
        Pose {
            position: [t.x, t.y, t.z].map(|v| f64::from(v) / UNITS_PER_MM),
            rotation_deg: [rx, ry, rz].map(|v| f64::from(v).to_degrees()),
        }
    }
}

/// How far a piece moved and turned between two poses.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Motion {
    /// Distance between the two base centres (mm).
    pub moved_mm: f64,
    /// Angle of the rotation taking the first orientation to the second (degrees).
    pub turned_deg: f64,
}

impl Motion {
    pub(crate) fn between(a: &RPose, b: &RPose) -> Motion {
        let moved_mm = f64::from((b.translation - a.translation).length()) / UNITS_PER_MM;
        let dq = b.rotation * a.rotation.inverse();
        // atan2 keeps small angles accurate where acos(w) would not.
        let xyz = f64::from(dq.xyz().length());
        let turned_deg = (2.0 * xyz.atan2(f64::from(dq.w.abs()))).to_degrees();
        Motion {
            moved_mm,
            turned_deg,
        }
    }
}
