//! Pose arithmetic in millimetres and degrees: rotation matrices from the
//! interface's Rz·Ry·Rx angles and back, a pyramid's corners in the world,
//! and hand noise. Plain f64, independent of the physics engine's types, so
//! that the rules can reason about a pose before anything is simulated.

use crate::piece::Size;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use stackyard_physics::{PieceSettings, Pose};

/// A 3-vector (mm).
pub type Vec3 = [f64; 3];
/// A rotation matrix, rows.
pub type Mat3 = [[f64; 3]; 3];

/// The rotation Rz(rz)·Ry(ry)·Rx(rx) of a pose, as a matrix.
pub fn rotation(rotation_deg: Vec3) -> Mat3 {
    let [rx, ry, rz] = rotation_deg.map(f64::to_radians);
    let (sx, cx) = rx.sin_cos();
    let (sy, cy) = ry.sin_cos();
    let (sz, cz) = rz.sin_cos();
    [
        [cz * cy, cz * sy * sx - sz * cx, cz * sy * cx + sz * sx],
        [sz * cy, sz * sy * sx + cz * cx, sz * sy * cx - cz * sx],
        [-sy, cy * sx, cy * cx],
    ]
}

/// The Rz·Ry·Rx angles (degrees) of a rotation matrix.
pub fn angles(m: &Mat3) -> Vec3 {
    let ry = (-m[2][0]).clamp(-1.0, 1.0).asin();
    let rz = m[1][0].atan2(m[0][0]);
    let rx = m[2][1].atan2(m[2][2]);
    [rx, ry, rz].map(f64::to_degrees)
}

/// `a · b`.
pub fn mat_mul(a: &Mat3, b: &Mat3) -> Mat3 {
    let mut out = [[0.0; 3]; 3];
    for (i, row) in out.iter_mut().enumerate() {
        for (j, cell) in row.iter_mut().enumerate() {
            *cell = (0..3).map(|k| a[i][k] * b[k][j]).sum();
        }
    }
    out
}

/// `m · v`.
pub fn apply(m: &Mat3, v: Vec3) -> Vec3 {
    [0, 1, 2].map(|i| m[i][0] * v[0] + m[i][1] * v[1] + m[i][2] * v[2])
}

/// A pyramid's five corners in its own frame (four base corners, apex).
pub fn local_corners(size: Size, pieces: &PieceSettings) -> [Vec3; 5] {
    let spec = match size {
        Size::Small => &pieces.pyramid_small,
        Size::Medium => &pieces.pyramid_medium,
        Size::Large => &pieces.pyramid_large,
    };
    let h = spec.base / 2.0;
    [
        [-h, -h, 0.0],
        [h, -h, 0.0],
        [h, h, 0.0],
        [-h, h, 0.0],
        [0.0, 0.0, spec.height],
    ]
}

/// A pyramid's five corners in the world at `pose`.
pub fn world_corners(size: Size, pose: &Pose, pieces: &PieceSettings) -> [Vec3; 5] {
    let m = rotation(pose.rotation_deg);
    local_corners(size, pieces).map(|c| {
        let r = apply(&m, c);
        [0, 1, 2].map(|i| r[i] + pose.position[i])
    })
}

/// Height of a pyramid's lowest corner at `pose` (mm). The hull is convex,
/// so its lowest point is a corner.
pub fn lowest_corner_mm(size: Size, pose: &Pose, pieces: &PieceSettings) -> f64 {
    world_corners(size, pose, pieces)
        .iter()
        .map(|c| c[2])
        .fold(f64::INFINITY, f64::min)
}

/// The outward normal and centroid of face `face` of a pyramid at `pose`:
/// faces 0–3 are the sides (through base corners `face`, `face + 1` and the
/// apex), face 4 is the base.
pub fn face(size: Size, pose: &Pose, face: usize, pieces: &PieceSettings) -> (Vec3, Vec3) {
    let c = world_corners(size, pose, pieces);
    let (points, normal): (Vec<Vec3>, Vec3) = if face < 4 {
        let (a, b, apex) = (c[face], c[(face + 1) % 4], c[4]);
        (vec![a, b, apex], cross(sub(b, a), sub(apex, a)))
    } else {
        (
            vec![c[0], c[1], c[2], c[3]],
            cross(sub(c[2], c[0]), sub(c[1], c[0])),
        )
    };
    let k = points.len() as f64;
    let centroid = [0, 1, 2].map(|i| points.iter().map(|p| p[i]).sum::<f64>() / k);
    (normalize(normal), centroid)
}

/// A pose that sets a pyramid's base flat on a surface with outward
/// `normal` at `point`, `gap_mm` off it, turned `spin_deg` about the normal.
pub fn pose_on_surface(point: Vec3, normal: Vec3, spin_deg: f64, gap_mm: f64) -> Pose {
    let n = normalize(normal);
    let helper = if n[2].abs() < 0.9 {
        [0.0, 0.0, 1.0]
    } else {
        [1.0, 0.0, 0.0]
    };
    let t = normalize(cross(helper, n));
    let b = cross(n, t);
    let (s, c) = spin_deg.to_radians().sin_cos();
    let x = [0, 1, 2].map(|i| c * t[i] + s * b[i]);
    let y = cross(n, x);
    let m = [[x[0], y[0], n[0]], [x[1], y[1], n[1]], [x[2], y[2], n[2]]];
    Pose {
        position: [0, 1, 2].map(|i| point[i] + gap_mm * n[i]),
        rotation_deg: angles(&m),
    }
}

/// A pyramid standing on the table on one base edge (`roll_deg` = 0) or on
/// one base corner (`roll_deg` ≠ 0), tilted `tilt_deg` towards the
/// horizontal direction `yaw_deg`, its lowest point `gap_mm` above the table
/// and its base centre over `at`.
pub fn leaning_pose(
    size: Size,
    at: [f64; 2],
    tilt_deg: f64,
    roll_deg: f64,
    yaw_deg: f64,
    gap_mm: f64,
    pieces: &PieceSettings,
) -> Pose {
    let mut pose = Pose {
        position: [at[0], at[1], 0.0],
        rotation_deg: [roll_deg, tilt_deg, yaw_deg],
    };
    pose.position[2] = gap_mm - lowest_corner_mm(size, &pose, pieces);
    pose
}

/// `a - b`.
pub fn sub(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// `a × b`.
pub fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// `v` scaled to length 1 (a zero vector stays zero).
pub fn normalize(v: Vec3) -> Vec3 {
    let len = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    if len > 0.0 { v.map(|x| x / len) } else { v }
}

/// `pose` rounded to a micrometre and a micro-degree, for views and events:
/// short decimals survive any JSON reader exactly (17-digit ones need not),
/// so what a client sends back is what it was shown. The world itself keeps
/// every bit.
pub fn rounded(pose: &Pose) -> Pose {
    let r = |v: f64| (v * 1e6).round() / 1e6 + 0.0;
    Pose {
        position: pose.position.map(r),
        rotation_deg: pose.rotation_deg.map(r),
    }
}

/// Largest angle a pose may give (degrees): ten turns is plenty, and keeps
/// every angle well inside what the engine's single precision represents.
pub const MAX_ANGLE_DEG: f64 = 3600.0;

/// Whether every number of `pose` is finite, positions within `max_mm` of
/// the origin and angles within [`MAX_ANGLE_DEG`].
pub fn sane(pose: &Pose, max_mm: f64) -> bool {
    pose.is_finite()
        && pose.position.iter().all(|v| v.abs() <= max_mm)
        && pose.rotation_deg.iter().all(|a| a.abs() <= MAX_ANGLE_DEG)
}

/// One standard normal sample (Box–Muller), from the game's seeded stream.
fn normal(rng: &mut ChaCha8Rng) -> f64 {
    // 1 - u keeps the logarithm's argument in (0, 1].
    let u: f64 = 1.0 - rng.random::<f64>();
    let v: f64 = rng.random::<f64>();
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// `pose` with seeded hand noise added: σ `position_mm` on each coordinate
/// and σ `angle_deg` on each angle. Always draws six samples, so the stream
/// advances the same way whatever the sigmas.
pub fn noisy(pose: &Pose, position_mm: f64, angle_deg: f64, rng: &mut ChaCha8Rng) -> Pose {
    let mut out = *pose;
    for p in out.position.iter_mut() {
        *p += position_mm * normal(rng);
    }
    for a in out.rotation_deg.iter_mut() {
        *a += angle_deg * normal(rng);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn angles_round_trip_through_the_matrix() {
        for r in [
            [10.0, 20.0, 30.0],
            [-45.0, 60.0, 170.0],
            [0.0, -80.0, -90.0],
        ] {
            let back = angles(&rotation(r));
            for i in 0..3 {
                assert!((back[i] - r[i]).abs() < 1e-9, "{r:?} -> {back:?}");
            }
        }
    }

    #[test]
    fn a_pose_on_a_surface_points_the_base_into_it() {
        let n = normalize([0.3, -0.2, 1.0]);
        let pose = pose_on_surface([1.0, 2.0, 3.0], n, 30.0, 0.0);
        let s = PieceSettings::default();
        let (normal, _) = face(Size::Small, &pose, 4, &s);
        for i in 0..3 {
            assert!((normal[i] + n[i]).abs() < 1e-9, "{normal:?} {n:?}");
        }
    }

    #[test]
    fn a_tilted_pyramid_lowers_the_edge_it_leans_over() {
        let s = PieceSettings::default();
        let pose = Pose::at(0.0, 0.0, 0.0).rotated(0.0, 60.0, 0.0);
        let c = world_corners(Size::Large, &pose, &s);
        // Ry(+60°) lowers the +x edge and carries the apex towards +x.
        assert!(c[1][2] < 0.0 && c[2][2] < 0.0 && c[0][2] > 0.0);
        assert!(c[4][0] > 0.0);
    }
}
