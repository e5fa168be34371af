//! Piece sizes, masses, friction and simulation parameters: every number the
//! table uses is a setting with a documented default (`docs/rules/`). The
//! pieces' own numbers are in `specs.rs`, below `piece.rs`, which turns them
//! into shapes; the settings check here asks `piece.rs` for those shapes.

use crate::limits::START_TOLERANCE_MM;
use crate::piece::PieceKind;
use crate::specs::PieceSettings;
use serde::{Deserialize, Serialize};

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
        for kind in PieceKind::ALL {
            for (shrink, round) in [(START_TOLERANCE_MM, 0.0), (0.0, p.edge_radius_mm)] {
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
