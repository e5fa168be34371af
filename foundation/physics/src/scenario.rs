//! The scenario format: pieces at poses on the table, run until they rest,
//! reported as JSON (the contract of `stackyard physics run`).
//!
//! # Input
//!
//! ```json
//! {
//!   "pieces": [
//!     {"id": "base", "kind": "tile", "position": [0, 0, 0]},
//!     {"id": "top", "kind": "tile", "position": [10, 0, 6.35], "rotation_deg": [0, 0, 45]}
//!   ],
//!   "settings": {"sim": {"max_time_s": 5}}
//! }
//! ```
//!
//! Millimetres, z up, the table top at z = 0: the table is a 4 m × 4 m
//! square centred on the origin ([`crate::TABLE_HALF_MM`] = 2000 mm each way); a
//! piece that leaves it falls past its edge and is not `on_table`.
//! Coordinates may go to ±[`MAX_COORD_MM`] (10 m) and angles to
//! ±[`MAX_ANGLE_DEG`]: the engine computes in 32-bit floats, so a finite
//! number beyond those is refused, not silently rounded to infinity. At
//! most [`MAX_PIECES`] pieces. `position` is the centre of
//! the piece's base (the face that rests on the table when unrotated; a
//! pyramid's square base); `rotation_deg` = [rx, ry, rz] rotates about that
//! point by Rz(rz)·Ry(ry)·Rx(rx) and may be omitted. `"held": true` keeps a
//! piece fixed where it is (a hand holding it). Kinds: `tile`, `coin`,
//! `pawn`, `pyramid-small`, `pyramid-medium`, `pyramid-large`. `settings`
//! may be omitted; any field of [`Settings`] may be given, the rest keep
//! their defaults, down to a single field of one piece
//! (`{"pieces": {"coin": {"mass": 1.2}}}`). Every setting has a range
//! ([`Settings::validate`]). Pieces may not start inside the table or each
//! other; the check sorts out far-apart pairs by their bounding boxes
//! before the exact test, so it scales to hundreds of pieces.
//!
//! # Output
//!
//! ```json
//! {"pieces": [{"id": "base", "kind": "tile", "position": [0, 0, 0],
//!              "rotation_deg": [0, 0, 0], "on_table": true,
//!              "moved_mm": 0.003, "turned_deg": 0.001}, …],
//!  "contacts": [["base", "top"]], "rest_time_s": 0.6, "rested": true,
//!  "towers": [{"pieces": ["base", "top"], "top_mm": 12.7}]}
//! ```
//!
//! Pyramids also report `table_corners`, how many of their five corners
//! (four base corners and the apex) touch the table. `contacts` lists the
//! touching pairs of pieces (not the table), each in input order; `moved_mm`
//! and `turned_deg` compare the final pose with the start.
//!
//! ```
//! use stackyard_physics::scenario::{Scenario, run};
//! let scenario = Scenario::from_json(r#"{"pieces": [
//!     {"id": "a", "kind": "tile", "position": [0, 0, 0]},
//!     {"id": "b", "kind": "tile", "position": [0, 0, 6.35]}]}"#).unwrap();
//! let report = run(&scenario).unwrap();
//! assert!(report.rested);
//! assert_eq!(report.contacts, vec![["a".to_string(), "b".to_string()]]);
//! assert!(report.pieces.iter().all(|p| p.moved_mm < 0.5));
//! ```

use crate::limits::{MAX_ANGLE_DEG, MAX_COORD_MM};
use crate::piece::PieceKind;
use crate::pose::Pose;
use crate::settings::Settings;
use crate::world::{PieceId, PlaceError, Table};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// One piece of a scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioPiece {
    /// A name unique within the scenario.
    pub id: String,
    /// The kind, by its scenario name.
    pub kind: String,
    /// Centre of the base face (mm).
    pub position: [f64; 3],
    /// Rotation Rz·Ry·Rx about `position` (degrees); zero when omitted.
    #[serde(default)]
    pub rotation_deg: [f64; 3],
    /// Held fixed where it is (a hand holding it; others may rest on it);
    /// false when omitted.
    #[serde(default)]
    pub held: bool,
}

/// A scenario: pieces and settings.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// The pieces, dropped in this order.
    pub pieces: Vec<ScenarioPiece>,
    /// Settings; omitted fields keep their defaults.
    #[serde(default)]
    pub settings: Settings,
}

/// What is wrong with a scenario.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ScenarioError {
    /// Not JSON, or not the shape of a scenario.
    #[error("malformed scenario: {0}")]
    Malformed(String),
    /// A setting out of range.
    #[error("invalid setting: {0}")]
    Settings(String),
    /// A kind that does not exist.
    #[error("piece {id:?}: {source}")]
    UnknownKind {
        /// The piece.
        id: String,
        /// The unknown name.
        source: crate::piece::UnknownKind,
    },
    /// Two pieces share an id.
    #[error("duplicate piece id {0:?}")]
    DuplicateId(String),
    /// A position or angle is NaN or infinite.
    #[error("piece {0:?}: position and rotation must be finite numbers")]
    NotFinite(String),
    /// A position or angle is finite but beyond what the engine takes.
    #[error(
        "piece {0:?}: coordinates go to ±{MAX_COORD_MM} mm and angles to ±{MAX_ANGLE_DEG} degrees \
         (the engine computes in 32-bit floats)"
    )]
    OutOfRange(String),
    /// More pieces than a scenario may hold.
    #[error("{0} pieces: a scenario holds at most {MAX_PIECES}")]
    TooManyPieces(usize),
    /// The piece starts below the table top.
    #[error("piece {id:?} starts below the table top (its lowest point is at {lowest_mm:.3} mm)")]
    BelowTable {
        /// The piece.
        id: String,
        /// Its lowest point (mm).
        lowest_mm: f64,
    },
    /// The piece starts inside another.
    #[error("piece {id:?} starts inside piece {other:?}")]
    Overlap {
        /// The piece.
        id: String,
        /// The piece it overlaps.
        other: String,
    },
}

/// The most pieces one scenario may hold.
pub const MAX_PIECES: usize = 2000;

/// An id as messages quote it: at most 40 characters.
fn short(id: &str) -> String {
    let mut c = id.chars();
    let head: String = c.by_ref().take(40).collect();
    if c.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

impl Scenario {
    /// Parses a scenario from JSON (no checks beyond the shape).
    pub fn from_json(text: &str) -> Result<Scenario, ScenarioError> {
        serde_json::from_str(text).map_err(|e| ScenarioError::Malformed(e.to_string()))
    }

    /// Checks the scenario and sets its pieces on a new table.
    pub fn build(&self) -> Result<Table, ScenarioError> {
        self.settings.validate().map_err(ScenarioError::Settings)?;
        if self.pieces.len() > MAX_PIECES {
            return Err(ScenarioError::TooManyPieces(self.pieces.len()));
        }
        let mut seen = HashSet::new();
        for p in &self.pieces {
            if !seen.insert(p.id.as_str()) {
                return Err(ScenarioError::DuplicateId(short(&p.id)));
            }
            let pose = Pose {
                position: p.position,
                rotation_deg: p.rotation_deg,
            };
            if !pose.is_finite() {
                return Err(ScenarioError::NotFinite(short(&p.id)));
            }
            if !pose.in_range() {
                return Err(ScenarioError::OutOfRange(short(&p.id)));
            }
        }
        let mut table = Table::new(self.settings.clone());
        for p in &self.pieces {
            let kind: PieceKind = p.kind.parse().map_err(|e| ScenarioError::UnknownKind {
                id: short(&p.id),
                source: e,
            })?;
            let pose = Pose {
                position: p.position,
                rotation_deg: p.rotation_deg,
            };
            let placed = if p.held {
                table.hold_piece(kind, pose)
            } else {
                table.drop_piece(kind, pose)
            };
            placed.map_err(|e| match e {
                PlaceError::NotFinite => ScenarioError::OutOfRange(short(&p.id)),
                PlaceError::BelowTable { lowest_mm } => ScenarioError::BelowTable {
                    id: short(&p.id),
                    lowest_mm,
                },
                PlaceError::Overlap { other } => ScenarioError::Overlap {
                    id: short(&p.id),
                    other: short(&self.pieces[other].id),
                },
            })?;
        }
        Ok(table)
    }
}

/// One piece in a report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PieceReport {
    /// The piece's id.
    pub id: String,
    /// Its kind.
    pub kind: PieceKind,
    /// Final centre of the base face (mm).
    pub position: [f64; 3],
    /// Final rotation, Rz·Ry·Rx (degrees).
    pub rotation_deg: [f64; 3],
    /// Whether it touches the table.
    pub on_table: bool,
    /// Pyramids only: how many of the five corners touch the table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table_corners: Option<usize>,
    /// Distance between start and final base centre (mm).
    pub moved_mm: f64,
    /// Angle between start and final orientation (degrees).
    pub turned_deg: f64,
}

/// A group of touching pieces and its height.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TowerReport {
    /// The pieces' ids, in input order.
    pub pieces: Vec<String>,
    /// Highest point above the table (mm).
    pub top_mm: f64,
}

/// The result of running a scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Every piece, in input order.
    pub pieces: Vec<PieceReport>,
    /// Touching pairs of pieces, each pair and the list in input order.
    pub contacts: Vec<[String; 2]>,
    /// Simulated time until everything rested, or the time cap (s).
    pub rest_time_s: f64,
    /// Whether everything rested before the time cap.
    pub rested: bool,
    /// Groups of touching pieces with the height of their tops.
    pub towers: Vec<TowerReport>,
}

/// Checks, runs until rest (or the time cap) and reports a scenario.
pub fn run(scenario: &Scenario) -> Result<Report, ScenarioError> {
    let mut table = scenario.build()?;
    let settled = table.settle();
    let name = |id: PieceId| scenario.pieces[id.0].id.clone();
    let pieces = (0..table.len())
        .map(|i| {
            let id = PieceId(i);
            let pose = table.pose(id);
            let m = settled.motions[i];
            PieceReport {
                id: name(id),
                kind: table.kind(id),
                // Adding 0.0 turns -0.0 into 0.0 for readers of the JSON.
                position: pose.position.map(|v| v + 0.0),
                rotation_deg: pose.rotation_deg.map(|v| v + 0.0),
                on_table: table.on_table(id),
                table_corners: table
                    .table_corners(id)
                    .map(|c| c.iter().filter(|&&b| b).count()),
                moved_mm: m.moved_mm,
                turned_deg: m.turned_deg,
            }
        })
        .collect();
    let contacts = table
        .contacts()
        .into_iter()
        .map(|(a, b)| [name(a), name(b)])
        .collect();
    let towers = table
        .towers()
        .into_iter()
        .map(|t| TowerReport {
            pieces: t.pieces.into_iter().map(name).collect(),
            top_mm: t.top_mm,
        })
        .collect();
    Ok(Report {
        pieces,
        contacts,
        rest_time_s: settled.time_s,
        rested: settled.rested,
        towers,
    })
}
