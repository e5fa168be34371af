//! The kinds of piece and the rigid shape each one becomes.

use crate::specs::{PieceSettings, PyramidSpec};
use rapier3d::math::{Pose as RPose, Rotation, Vector};
use rapier3d::prelude::{ColliderBuilder, SharedShape};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A kind of piece on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum PieceKind {
    /// Piecepack tile: a box.
    Tile,
    /// Piecepack coin: a flat cylinder.
    Coin,
    /// Piecepack pawn: a tall cylinder.
    Pawn,
    /// One-pip Looney Pyramid.
    PyramidSmall,
    /// Two-pip Looney Pyramid.
    PyramidMedium,
    /// Three-pip Looney Pyramid.
    PyramidLarge,
}

impl PieceKind {
    /// Every kind, in the order of the scenario format's documentation.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Tile,
        PieceKind::Coin,
        PieceKind::Pawn,
        PieceKind::PyramidSmall,
        PieceKind::PyramidMedium,
        PieceKind::PyramidLarge,
    ];

    /// The name used in scenarios (`tile`, `pyramid-small`, …).
    pub fn name(self) -> &'static str {
        match self {
            PieceKind::Tile => "tile",
            PieceKind::Coin => "coin",
            PieceKind::Pawn => "pawn",
            PieceKind::PyramidSmall => "pyramid-small",
            PieceKind::PyramidMedium => "pyramid-medium",
            PieceKind::PyramidLarge => "pyramid-large",
        }
    }

    /// Whether this is a Looney Pyramid (it has five corners to report).
    pub fn is_pyramid(self) -> bool {
        matches!(
            self,
            PieceKind::PyramidSmall | PieceKind::PyramidMedium | PieceKind::PyramidLarge
        )
    }

    /// Height from the base face to the top (mm), unrotated.
    pub fn height_mm(self, s: &PieceSettings) -> f64 {
        match self {
            PieceKind::Tile => s.tile.height,
            PieceKind::Coin => s.coin.height,
            PieceKind::Pawn => s.pawn.height,
            PieceKind::PyramidSmall => s.pyramid_small.height,
            PieceKind::PyramidMedium => s.pyramid_medium.height,
            PieceKind::PyramidLarge => s.pyramid_large.height,
        }
    }

    /// (mass g, friction) of this kind.
    pub fn mass_and_friction(self, s: &PieceSettings) -> (f64, f64) {
        match self {
            PieceKind::Tile => (s.tile.mass, s.tile.friction),
            PieceKind::Coin => (s.coin.mass, s.coin.friction),
            PieceKind::Pawn => (s.pawn.mass, s.pawn.friction),
            PieceKind::PyramidSmall => (s.pyramid_small.mass, s.pyramid_small.friction),
            PieceKind::PyramidMedium => (s.pyramid_medium.mass, s.pyramid_medium.friction),
            PieceKind::PyramidLarge => (s.pyramid_large.mass, s.pyramid_large.friction),
        }
    }

    /// A pyramid's five corners in its own frame (mm): the four base corners
    /// then the apex. Empty for other kinds.
    pub fn corners_mm(self, s: &PieceSettings) -> Vec<[f64; 3]> {
        let Some(spec) = self.pyramid_spec(s) else {
            return Vec::new();
        };
        let h = spec.base / 2.0;
        vec![
            [-h, -h, 0.0],
            [h, -h, 0.0],
            [h, h, 0.0],
            [-h, h, 0.0],
            [0.0, 0.0, spec.height],
        ]
    }

    /// The collider in the body's frame, whose origin is the centre of the
    /// base face; lengths in rapier's units.
    pub(crate) fn collider(self, s: &PieceSettings) -> ColliderBuilder {
        let (shape, local) = self.shape(s, 0.0, s.edge_radius_mm);
        ColliderBuilder::new(shape).position(local)
    }

    /// The piece's shape and its pose in the body's frame (rapier's units), every
    /// face moved `shrink_mm` inwards, edges rounded by `round_mm` (inside
    /// the nominal size).
    ///
    /// The simulation rounds coins, pawns and pyramids: parry gives two
    /// exactly flat cylinder faces a single contact point, and two sharp
    /// hulls none at all, so stacks of them fall through each other;
    /// rounded shapes get full contact manifolds. Overlap checks use sharp,
    /// slightly shrunk shapes, because parry's penetration depth between
    /// cylinders is unreliable while its intersection test is not.
    pub(crate) fn shape(
        self,
        s: &PieceSettings,
        shrink_mm: f64,
        round_mm: f64,
    ) -> (SharedShape, RPose) {
        self.try_shape(s, shrink_mm, round_mm)
            .expect("validated settings give every piece a shape")
    }

    /// [`PieceKind::shape`], or `None` when the sizes span no solid (the
    /// settings check calls this, so validated settings always give one).
    pub(crate) fn try_shape(
        self,
        s: &PieceSettings,
        shrink_mm: f64,
        round_mm: f64,
    ) -> Option<(SharedShape, RPose)> {
        let f = |x: f64| (x * crate::UNITS_PER_MM) as f32;
        let lift = |h: f64| RPose::from_translation(Vector::new(0.0, 0.0, f(h / 2.0)));
        let e = shrink_mm;
        match self {
            PieceKind::Tile => {
                let half = [s.tile.width, s.tile.depth, s.tile.height].map(|v| v / 2.0 - e);
                if half.iter().any(|&h| !(h > 0.0 && f(h).is_finite())) {
                    return None;
                }
                Some((
                    SharedShape::cuboid(f(half[0]), f(half[1]), f(half[2])),
                    lift(s.tile.height),
                ))
            }
            PieceKind::Coin | PieceKind::Pawn => {
                let c = if self == PieceKind::Coin {
                    &s.coin
                } else {
                    &s.pawn
                };
                let (hh, rad) = (c.height / 2.0 - e, c.diameter / 2.0 - e);
                if !(hh > 0.0 && rad > 0.0 && f(hh).is_finite() && f(rad).is_finite()) {
                    return None;
                }
                let r = round_mm.min(hh / 2.0).min(rad / 2.0);
                let shape = if r > 0.0 {
                    SharedShape::round_cylinder(f(hh - r), f(rad - r), f(r))
                } else {
                    SharedShape::cylinder(f(hh), f(rad))
                };
                // Parry's cylinders stand on y; a quarter turn about x stands them on z.
                let turn = Rotation::from_rotation_x(std::f32::consts::FRAC_PI_2);
                Some((shape, RPose::from_parts(lift(c.height).translation, turn)))
            }
            _ => {
                let spec = self.pyramid_spec(s)?;
                let parts = shell_walls(spec, e + round_mm.max(0.0))?;
                let r = round_mm.max(0.0);
                let mut walls = Vec::with_capacity(4);
                for points in parts {
                    let points: Vec<Vector> = points
                        .iter()
                        .map(|p| Vector::new(f(p[0]), f(p[1]), f(p[2])))
                        .collect();
                    let wall = if r > 0.0 {
                        SharedShape::round_convex_hull(&points, f(r))
                    } else {
                        SharedShape::convex_hull(&points)
                    };
                    walls.push((RPose::IDENTITY, wall?));
                }
                Some((SharedShape::compound(walls), RPose::IDENTITY))
            }
        }
    }

    /// A pyramid's apex and the inside point of its hollow (the cavity's
    /// top) in its own frame (mm), nominal sizes; `None` for other kinds.
    pub fn apex_and_inside_point_mm(self, s: &PieceSettings) -> Option<([f64; 3], [f64; 3])> {
        let spec = self.pyramid_spec(s)?;
        Some((
            [0.0, 0.0, spec.height],
            [0.0, 0.0, spec.height - nest_rise_mm(spec)],
        ))
    }

    /// A pyramid shell's centre of mass height above its base (mm) and its
    /// principal moments of inertia about it (g·mm²: about the horizontal
    /// axes, about the vertical one), for its mass; `None` for other kinds.
    ///
    /// The shell is the solid pyramid less its cavity, so both follow from
    /// a solid's (side a, height h, volume a²h/3: centre h/4, and per unit
    /// of volume a²/20 + h²/10 about a horizontal axis through the centre
    /// of the base, a²/10 about the vertical axis). Computed here rather
    /// than by rapier from the walls: parry 0.31 combines the four convex
    /// walls of the compound as if their principal axes were all the
    /// compound's (its square shell came out with unequal moments about x
    /// and y, the smaller 40 % of the true one).
    pub fn shell_mass_properties(self, s: &PieceSettings) -> Option<(f64, [f64; 3])> {
        let spec = self.pyramid_spec(s)?;
        let (a, h) = (spec.base, spec.height);
        let rise = nest_rise_mm(spec);
        let (ac, hc) = (a * (1.0 - rise / h), h - rise);
        let (vo, vc) = (a * a * h / 3.0, ac * ac * hc / 3.0);
        let volume = vo - vc;
        let centre = (vo * h / 4.0 - vc * hc / 4.0) / volume;
        let horizontal =
            (vo * (a * a / 20.0 + h * h / 10.0) - vc * (ac * ac / 20.0 + hc * hc / 10.0)) / volume;
        let vertical = (vo * a * a / 10.0 - vc * ac * ac / 10.0) / volume;
        let m = spec.mass;
        let about_centre = m * (horizontal - centre * centre);
        Some((centre, [about_centre, about_centre, m * vertical]))
    }

    /// How far the cavity is moved down from the outer surface (mm): the
    /// rise of a piece of the same size nested on this one.
    pub fn nest_rise_mm(self, s: &PieceSettings) -> Option<f64> {
        self.pyramid_spec(s).map(nest_rise_mm)
    }

    fn pyramid_spec(self, s: &PieceSettings) -> Option<&PyramidSpec> {
        match self {
            PieceKind::PyramidSmall => Some(&s.pyramid_small),
            PieceKind::PyramidMedium => Some(&s.pyramid_medium),
            PieceKind::PyramidLarge => Some(&s.pyramid_large),
            _ => None,
        }
    }
}

/// How far the cavity is moved down from the outer surface (mm): each wall
/// face moved in by `wall` across it is the same plane moved down by
/// `wall / cos`, the cosine of the face's tilt from the vertical being
/// half-base / slant.
fn nest_rise_mm(spec: &PyramidSpec) -> f64 {
    let b = spec.base / 2.0;
    spec.wall * (b * b + spec.height * spec.height).sqrt() / b
}

/// The four walls of a pyramid shell (mm, the piece's own frame), each the
/// six corners of a convex slab: the outer face's triangle and the
/// cavity's, every surface moved `inset` into the material (the margin a
/// rounded edge or an overlap check takes). The walls meet on the two
/// vertical diagonal planes, where both surfaces have their corner edges,
/// so they tile the shell without overlapping (the mass properties add up)
/// and share the solid tip above the cavity. `None` when the walls are too
/// thick for the inset or the height.
fn shell_walls(spec: &PyramidSpec, inset: f64) -> Option<[[[f64; 3]; 6]; 4]> {
    let (b, h) = (spec.base / 2.0, spec.height);
    let slant_over_half_base = (b * b + h * h).sqrt() / b;
    // A face moved in by `inset` is the outer pyramid moved down by this.
    let down = inset * slant_over_half_base;
    let rise = nest_rise_mm(spec);
    let (outer_down, cavity_down) = (down, rise - down);
    // Half-width at height z of the outer pyramid moved down by `t`.
    let half_width = |t: f64, z: f64| b * (1.0 - (z + t) / h);
    let floor = inset;
    let (wo, wi) = (
        half_width(outer_down, floor),
        half_width(cavity_down, floor),
    );
    let ok = |v: f64| v.is_finite() && v > 0.0;
    if !(ok(wi) && ok(wo - wi) && ok(cavity_down - outer_down) && ok(h - outer_down - floor)) {
        return None;
    }
    let signs = [[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]];
    let corner = |i: usize, w: f64| [signs[i % 4][0] * w, signs[i % 4][1] * w, floor];
    let outer_apex = [0.0, 0.0, h - outer_down];
    let cavity_apex = [0.0, 0.0, h - cavity_down];
    Some(std::array::from_fn(|i| {
        [
            corner(i, wo),
            corner(i + 1, wo),
            outer_apex,
            corner(i, wi),
            corner(i + 1, wi),
            cavity_apex,
        ]
    }))
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a piece kind.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown piece kind {0:?} (expected one of tile, coin, pawn, pyramid-small, pyramid-medium, pyramid-large)"
)]
pub struct UnknownKind(pub String);

impl FromStr for PieceKind {
    type Err = UnknownKind;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        PieceKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| {
                // Quoted in messages: at most 40 characters.
                let mut c = s.chars();
                let head: String = c.by_ref().take(40).collect();
                UnknownKind(if c.next().is_some() {
                    format!("{head}…")
                } else {
                    head
                })
            })
    }
}
