//! Piece sizes, masses, friction and simulation parameters: every number the
//! table uses is a setting with a documented default (`docs/rules/`).

use serde::{Deserialize, Serialize};

/// A box-shaped piece (the piecepack tile), millimetres and grams.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BoxSpec {
    /// Extent along the piece's own x axis (mm).
    pub width: f64,
    /// Extent along the piece's own y axis (mm).
    pub depth: f64,
    /// Extent along the piece's own z axis, base to top (mm).
    pub height: f64,
    /// Mass (g).
    pub mass: f64,
    /// Coulomb friction coefficient.
    pub friction: f64,
}

/// A cylinder standing on one of its flat faces (coin, pawn).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CylinderSpec {
    /// Diameter (mm).
    pub diameter: f64,
    /// Height along the axis, base face to top face (mm).
    pub height: f64,
    /// Mass (g).
    pub mass: f64,
    /// Coulomb friction coefficient.
    pub friction: f64,
}

/// A square-based Looney Pyramid, simulated as the real piece is: a hollow
/// shell with an open base, four walls of even thickness meeting in a solid
/// tip (L1). Its cavity is the outer pyramid moved down by
/// `wall × slant / half-base`, so a piece of the same size nested on it
/// rises by that much.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PyramidSpec {
    /// Side of the square base (mm).
    pub base: f64,
    /// Height from the base to the apex (mm).
    pub height: f64,
    /// Thickness of each wall, across the wall (mm).
    pub wall: f64,
    /// Mass (g).
    pub mass: f64,
    /// Coulomb friction coefficient.
    pub friction: f64,
}

/// The pieces' dimensions. Defaults: the common reference piecepack and
/// Looney Pyramids (`docs/rules/`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PieceSettings {
    /// Tile: 50.8 × 50.8 × 6.35 mm, 11.5 g, friction 0.5 (wood on wood).
    /// An override may name only some fields (`{"mass": 20}`); the others
    /// keep these defaults, as in every piece below.
    #[serde(deserialize_with = "patch::tile")]
    pub tile: BoxSpec,
    /// Coin: ⌀ 19.05 × 3.175 mm, 0.8 g, friction 0.5.
    #[serde(deserialize_with = "patch::coin")]
    pub coin: CylinderSpec,
    /// Pawn (a plain cylinder): ⌀ 15.9 × 28.6 mm, 4 g, friction 0.5.
    #[serde(deserialize_with = "patch::pawn")]
    pub pawn: CylinderSpec,
    /// Small pyramid: base 14.29, height 25.40 mm, walls 2.6 mm, 1.4 g,
    /// friction 0.8.
    ///
    /// The walls: a nested small rises about 9.5 mm over the one below
    /// (two nested smalls are as tall as a medium, 34.93 − 25.40 = 9.53
    /// mm), and a cavity that is the outer pyramid moved down 9.5 mm leaves
    /// walls 9.53 × 7.145 / 26.39 = 2.58 mm thick (2.60 for a medium, 2.62
    /// for a large). The masses agree: shells of 2.6 mm hold 1.31, 2.82 and
    /// 4.93 cm³ of plastic, 1.07, 0.96 and 0.89 g/cm³ at 1.4, 2.7 and 4.4
    /// g, about polystyrene's 1.05; walls of 1.3 mm would need 1.7 g/cm³,
    /// heavier than any plastic the pieces could be made of.
    ///
    /// Friction 0.8: acrylic on acrylic, static (Engineering ToolBox,
    /// "Friction and Friction Coefficients for some Common Materials",
    /// which gives polystyrene on polystyrene 0.5). The pieces are taken to
    /// be a hard acrylic-like plastic; the simulation has one coefficient
    /// for static and sliding friction, and placements are judged at rest,
    /// where the static one counts. Rapier averages two surfaces'
    /// coefficients: 0.65 against the default table (0.5). Measured on the
    /// leaning pair (issue 25): a small let go 2 mm above the middle of a
    /// foundation piece's upper face broke the pair at 0.4 and 0.5 and
    /// rests cleanly at 0.8.
    #[serde(deserialize_with = "patch::pyramid_small")]
    pub pyramid_small: PyramidSpec,
    /// Medium pyramid: base 19.84, height 34.93 mm, walls 2.6 mm, 2.7 g,
    /// friction 0.8.
    #[serde(deserialize_with = "patch::pyramid_medium")]
    pub pyramid_medium: PyramidSpec,
    /// Large pyramid: base 25.40, height 44.45 mm, walls 2.6 mm, 4.4 g,
    /// friction 0.8.
    #[serde(deserialize_with = "patch::pyramid_large")]
    pub pyramid_large: PyramidSpec,
    /// Radius of the rounded edges of coins, pawns and pyramids, taken
    /// from inside their nominal size (mm, default 0.2; see `PieceKind`).
    pub edge_radius_mm: f64,
}

impl Default for PieceSettings {
    fn default() -> Self {
        let pyramid = |base, height, mass| PyramidSpec {
            base,
            height,
            wall: 2.6,
            mass,
            friction: 0.8,
        };
        PieceSettings {
            tile: BoxSpec {
                width: 50.8,
                depth: 50.8,
                height: 6.35,
                mass: 11.5,
                friction: 0.5,
            },
            coin: CylinderSpec {
                diameter: 19.05,
                height: 3.175,
                mass: 0.8,
                friction: 0.5,
            },
            pawn: CylinderSpec {
                diameter: 15.9,
                height: 28.6,
                mass: 4.0,
                friction: 0.5,
            },
            pyramid_small: pyramid(14.29, 25.40, 1.4),
            pyramid_medium: pyramid(19.84, 34.93, 2.7),
            pyramid_large: pyramid(25.40, 44.45, 4.4),
            edge_radius_mm: 0.2,
        }
    }
}

/// Piece overrides that name only some fields: each missing field keeps
/// its default for that piece (a coin's and a pawn's defaults differ, so a
/// plain `#[serde(default)]` on the spec types could not do this).
mod patch {
    use super::{BoxSpec, CylinderSpec, PieceSettings, PyramidSpec};
    use serde::{Deserialize, Deserializer};

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct BoxPatch {
        width: Option<f64>,
        depth: Option<f64>,
        height: Option<f64>,
        mass: Option<f64>,
        friction: Option<f64>,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct CylinderPatch {
        diameter: Option<f64>,
        height: Option<f64>,
        mass: Option<f64>,
        friction: Option<f64>,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct PyramidPatch {
        base: Option<f64>,
        height: Option<f64>,
        wall: Option<f64>,
        mass: Option<f64>,
        friction: Option<f64>,
    }

    pub fn tile<'de, D: Deserializer<'de>>(d: D) -> Result<BoxSpec, D::Error> {
        let p = BoxPatch::deserialize(d)?;
        let b = PieceSettings::default().tile;
        Ok(BoxSpec {
            width: p.width.unwrap_or(b.width),
            depth: p.depth.unwrap_or(b.depth),
            height: p.height.unwrap_or(b.height),
            mass: p.mass.unwrap_or(b.mass),
            friction: p.friction.unwrap_or(b.friction),
        })
    }

    fn cylinder<'de, D: Deserializer<'de>>(
        d: D,
        b: CylinderSpec,
    ) -> Result<CylinderSpec, D::Error> {
        let p = CylinderPatch::deserialize(d)?;
        Ok(CylinderSpec {
            diameter: p.diameter.unwrap_or(b.diameter),
            height: p.height.unwrap_or(b.height),
            mass: p.mass.unwrap_or(b.mass),
            friction: p.friction.unwrap_or(b.friction),
        })
    }

    pub fn coin<'de, D: Deserializer<'de>>(d: D) -> Result<CylinderSpec, D::Error> {
        cylinder(d, PieceSettings::default().coin)
    }

    pub fn pawn<'de, D: Deserializer<'de>>(d: D) -> Result<CylinderSpec, D::Error> {
        cylinder(d, PieceSettings::default().pawn)
    }

    fn pyramid<'de, D: Deserializer<'de>>(d: D, b: PyramidSpec) -> Result<PyramidSpec, D::Error> {
        let p = PyramidPatch::deserialize(d)?;
        Ok(PyramidSpec {
            base: p.base.unwrap_or(b.base),
            height: p.height.unwrap_or(b.height),
            wall: p.wall.unwrap_or(b.wall),
            mass: p.mass.unwrap_or(b.mass),
            friction: p.friction.unwrap_or(b.friction),
        })
    }

    pub fn pyramid_small<'de, D: Deserializer<'de>>(d: D) -> Result<PyramidSpec, D::Error> {
        pyramid(d, PieceSettings::default().pyramid_small)
    }

    pub fn pyramid_medium<'de, D: Deserializer<'de>>(d: D) -> Result<PyramidSpec, D::Error> {
        pyramid(d, PieceSettings::default().pyramid_medium)
    }

    pub fn pyramid_large<'de, D: Deserializer<'de>>(d: D) -> Result<PyramidSpec, D::Error> {
        pyramid(d, PieceSettings::default().pyramid_large)
    }
}

/// How the solver is run. The defaults are the measured ones that keep
/// millimetre pieces faithful (`docs/rules/`): rapier's own
/// defaults (1/60 s, soft 30 Hz contacts) let a 24-tile column sink.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SimSettings {
    /// Steps per simulated second (default 240).
    pub step_hz: f64,
    /// Solver substeps per step (default 16).
    pub substeps: u32,
    /// Natural frequency of piece–piece contacts in Hz (default 600).
    pub contact_hz: f64,
    /// Natural frequency of piece–table contacts in Hz (default 1200).
    pub table_contact_hz: f64,
    /// Damping ratio of contacts (default 10, rapier's: high damping lets piles rest).
    pub contact_damping: f64,
    /// Rapier's length unit in metres: the scale of its internal tolerances
    /// (default 0.01, a centimetre, the size of the pieces).
    pub length_unit_m: f64,
    /// Friction of the table top (default 0.5).
    pub table_friction: f64,
    /// Restitution of every piece (default 0). Published coefficients of
    /// restitution for hard plastics (0.5–0.8 for acrylic or polystyrene
    /// balls) are for solid bodies at impact speeds of metres per second; a
    /// thin shell let go a few millimetres above a face lands at 0.1–0.2
    /// m/s, on an edge or a corner, and its walls flex: the assumption is
    /// that it lands without a bounce, and bounces only delay rest.
    pub restitution: f64,
    /// Angular damping of every piece (1/s, default 0).
    pub angular_damping: f64,
    /// Linear damping of every piece (1/s, default 0).
    pub linear_damping: f64,
    /// A piece may fall asleep when its fastest point moves slower than this
    /// (mm/s, default 3).
    pub sleep_speed_mm_s: f64,
    /// ... for this long (s, default 0.03: enough to see a piece start to tip).
    pub sleep_time_s: f64,
    /// A run stops at this much simulated time even if pieces still move
    /// (s, default 10).
    pub max_time_s: f64,
    /// Continuous collision detection (default off: pieces are placed, not
    /// thrown, and move far less than their thickness per step).
    pub ccd: bool,
}

impl Default for SimSettings {
    fn default() -> Self {
        SimSettings {
            step_hz: 240.0,
            substeps: 16,
            contact_hz: 600.0,
            table_contact_hz: 1200.0,
            contact_damping: 10.0,
            length_unit_m: 0.01,
            table_friction: 0.5,
            restitution: 0.0,
            angular_damping: 0.0,
            linear_damping: 0.0,
            sleep_speed_mm_s: 3.0,
            sleep_time_s: 0.03,
            max_time_s: 10.0,
            ccd: false,
        }
    }
}

/// When two pieces count as touching, and when a corner counts as on the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ContactSettings {
    /// A contact point counts when the surfaces are at most this far apart
    /// (mm, default 0.25; negative distances are penetrations and count).
    pub max_distance_mm: f64,
    /// ... and the pair's solver pushed with at least this normal impulse
    /// (N·s, default 0: any pair the solver did not ignore).
    pub min_impulse: f64,
    /// A corner or piece is on the table when its lowest point is at most this
    /// high (mm, default 0.3).
    pub table_tolerance_mm: f64,
}

impl Default for ContactSettings {
    fn default() -> Self {
        ContactSettings {
            max_distance_mm: 0.25,
            min_impulse: 0.0,
            table_tolerance_mm: 0.3,
        }
    }
}

/// Everything the table needs to know; every field has a default, so
/// `{}` is a valid settings object.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "PhysicsSettings"))]
pub struct Settings {
    /// Sizes, masses and friction of the pieces.
    pub pieces: PieceSettings,
    /// Solver parameters.
    pub sim: SimSettings,
    /// Touching thresholds.
    pub contacts: ContactSettings,
}

impl Settings {
    /// Checks that every number is finite and in its range (bounds sane
    /// for pieces a hand can hold and runs a person can wait for, and every
    /// number representable in the 32-bit floats rapier computes in),
    /// naming the first that is not; then that every piece has a solid shape.
    pub fn validate(&self) -> Result<(), String> {
        let mut checks: Vec<(String, f64, f64, f64)> = Vec::new();
        let p = &self.pieces;
        let mut piece = |name: &str, dims: &[(&str, f64)], mass: f64, friction: f64| {
            for (d, v) in dims {
                checks.push((format!("pieces.{name}.{d}"), *v, 1.0, 1000.0));
            }
            checks.push((format!("pieces.{name}.mass"), mass, 1e-3, 1e6));
            checks.push((format!("pieces.{name}.friction"), friction, 0.0, 100.0));
        };
        piece(
            "tile",
            &[
                ("width", p.tile.width),
                ("depth", p.tile.depth),
                ("height", p.tile.height),
            ],
            p.tile.mass,
            p.tile.friction,
        );
        for (name, c) in [("coin", &p.coin), ("pawn", &p.pawn)] {
            piece(
                name,
                &[("diameter", c.diameter), ("height", c.height)],
                c.mass,
                c.friction,
            );
        }
        for (name, y) in [
            ("pyramid_small", &p.pyramid_small),
            ("pyramid_medium", &p.pyramid_medium),
            ("pyramid_large", &p.pyramid_large),
        ] {
            piece(
                name,
                &[("base", y.base), ("height", y.height)],
                y.mass,
                y.friction,
            );
        }
        for (name, y) in [
            ("pyramid_small", &p.pyramid_small),
            ("pyramid_medium", &p.pyramid_medium),
            ("pyramid_large", &p.pyramid_large),
        ] {
            // Thinner walls than this are not a piece a hand could hold;
            // too thick for the height is caught by the shape check below.
            checks.push((format!("pieces.{name}.wall"), y.wall, 0.5, 1000.0));
        }
        checks.push(("pieces.edge_radius_mm".into(), p.edge_radius_mm, 0.0, 10.0));
        let s = &self.sim;
        checks.push(("sim.step_hz".into(), s.step_hz, 1.0, 10_000.0));
        checks.push(("sim.contact_hz".into(), s.contact_hz, 1e-3, 1e6));
        checks.push(("sim.table_contact_hz".into(), s.table_contact_hz, 1e-3, 1e6));
        checks.push(("sim.contact_damping".into(), s.contact_damping, 0.0, 1e4));
        checks.push(("sim.length_unit_m".into(), s.length_unit_m, 1e-6, 100.0));
        checks.push(("sim.table_friction".into(), s.table_friction, 0.0, 100.0));
        checks.push(("sim.restitution".into(), s.restitution, 0.0, 1.0));
        checks.push(("sim.angular_damping".into(), s.angular_damping, 0.0, 1e4));
        checks.push(("sim.linear_damping".into(), s.linear_damping, 0.0, 1e4));
        checks.push(("sim.sleep_speed_mm_s".into(), s.sleep_speed_mm_s, 0.0, 1e6));
        checks.push(("sim.sleep_time_s".into(), s.sleep_time_s, 0.0, 600.0));
        checks.push(("sim.max_time_s".into(), s.max_time_s, 0.0, 600.0));
        let c = &self.contacts;
        checks.push(("contacts.min_impulse".into(), c.min_impulse, 0.0, 1e6));
        checks.push((
            "contacts.table_tolerance_mm".into(),
            c.table_tolerance_mm,
            0.0,
            100.0,
        ));
        checks.push((
            "contacts.max_distance_mm".into(),
            c.max_distance_mm,
            -100.0,
            100.0,
        ));
        for (name, value, min, max) in checks {
            if !value.is_finite() {
                return Err(format!("settings.{name} is not a finite number"));
            }
            if value < min {
                return Err(format!(
                    "settings.{name} = {value} is below its minimum {min}"
                ));
            }
            if value > max {
                return Err(format!(
                    "settings.{name} = {value} is above its maximum {max}"
                ));
            }
        }
        // A run's length in steps: bounded, whatever the two numbers.
        if s.max_time_s * s.step_hz > 1_000_000.0 {
            return Err(format!(
                "settings.sim.max_time_s × settings.sim.step_hz = {} steps: a run takes at most 1000000",
                s.max_time_s * s.step_hz
            ));
        }
        if s.substeps == 0 || s.substeps > 64 {
            return Err(format!(
                "settings.sim.substeps = {} is not in 1..=64",
                s.substeps
            ));
        }
        for kind in crate::piece::PieceKind::ALL {
            for (shrink, round) in [
                (crate::world::START_TOLERANCE_MM, 0.0),
                (0.0, p.edge_radius_mm),
            ] {
                if kind.try_shape(p, shrink, round).is_none() {
                    return Err(format!(
                        "settings.pieces: the {kind} sizes do not make a solid piece"
                    ));
                }
            }
        }
        Ok(())
    }
}
