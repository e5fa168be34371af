//! The outside `judge` contract (`stackyard leaning judge SCENARIO.json`):
//! one placement on a given, settled structure, judged with hand noise off.
//!
//! # Input
//!
//! ```json
//! {
//!   "pieces": [
//!     {"id": "left", "kind": "pyramid-large", "position": [-38.6, 0, 11.02],
//!      "rotation_deg": [0, 60, 0], "owner": "neutral"},
//!     {"id": "right", "kind": "pyramid-large", "position": [38.6, 0, 11.02],
//!      "rotation_deg": [0, -60, 0], "owner": "neutral"}
//!   ],
//!   "placement": {"kind": "pyramid-small", "position": [0, 30, 0],
//!                 "rotation_deg": [0, 0, 0], "hold": false}
//! }
//! ```
//!
//! `pieces` are in the `stackyard physics run` format (id, kind, position,
//! rotation_deg, held), in the order they were placed, each with an `owner`
//! (`"neutral"` for the foundation, or a seat number or player name) and
//! optionally its `level` (L3; computed from the contact graph otherwise).
//! Only pyramids. The placement may name its `owner` (then L5, pieces left, and the wreck
//! penalty count that player's pieces). `previous_kind` overrides the
//! previous placement of L8, which is otherwise the last piece not owned by
//! `"neutral"`. `settings` are physics settings as in `physics run` (time
//! cap 5 s unless given); `rules` may override the referee's thresholds
//! ([`Settings`], its `physics` replaced by `settings`).
//!
//! # Output
//!
//! ```json
//! {"verdict": "slip", "rule": null, "reason": "corners", "disturbed": [],
//!  "table_corners": 4, "touching": [], "level": 0, "points": 0, …}
//! ```
//!
//! `verdict` is `clean`, `slip`, `break`, `wreck`, or `refused` (with the
//! `rule` id, and `reason`) for a placement the rules forbid before any
//! physics (L5, L8, L12, or a pose inside another piece). `points` are
//! what the placing seat gains or loses: L10 when clean (a hold: −1 per
//! touched piece beyond its pips), 0 for a slip, −2 per disturbed piece for
//! a break, −(15 − pieces left) for a wreck.

use crate::error::LeaningError;
use crate::geometry::lowest_corner_mm;
use crate::judge::{self, Attempt, SlipReason, Verdict};
use crate::piece::{Owner, PieceInfo, PieceStatus, Size};
use crate::settings::{HandNoise, Settings};
use crate::world::World;
use serde::{Deserialize, Serialize};
use stackyard_core::{RuleError, Seat};
use stackyard_physics::scenario::{Scenario, ScenarioPiece};
use stackyard_physics::{PieceId, PieceKind, Pose};
use std::collections::HashMap;

/// Who owns a piece: a seat number, or a name (`"neutral"` is the foundation).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OwnerName {
    /// A seat number.
    Seat(u8),
    /// `"neutral"`, or a player's name.
    Name(String),
}

impl OwnerName {
    fn is_neutral(&self) -> bool {
        matches!(self, OwnerName::Name(n) if n == "neutral" || n == "foundation")
    }
}

/// One piece of the structure.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StructurePiece {
    /// A name unique within the scenario.
    pub id: String,
    /// `pyramid-small`, `pyramid-medium` or `pyramid-large`.
    pub kind: String,
    /// Centre of the base face (mm).
    pub position: [f64; 3],
    /// Rotation Rz·Ry·Rx about `position` (degrees).
    #[serde(default)]
    pub rotation_deg: [f64; 3],
    /// Held by its owner (L12).
    #[serde(default)]
    pub held: bool,
    /// Whose piece it is.
    pub owner: OwnerName,
    /// Its level (L3); computed from the contacts when omitted.
    #[serde(default)]
    pub level: Option<u32>,
}

/// The placement to judge.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacementInput {
    /// `pyramid-small`, `pyramid-medium` or `pyramid-large`.
    pub kind: String,
    /// Where it is let go: centre of the base face (mm).
    pub position: [f64; 3],
    /// Rotation Rz·Ry·Rx (degrees).
    #[serde(default)]
    pub rotation_deg: [f64; 3],
    /// Hold instead of letting go (L12).
    #[serde(default)]
    pub hold: bool,
    /// Who places it (optional).
    #[serde(default)]
    pub owner: Option<OwnerName>,
}

/// A judge scenario: a structure and one placement.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JudgeScenario {
    /// The structure, in placement order.
    pub pieces: Vec<StructurePiece>,
    /// The placement.
    pub placement: PlacementInput,
    /// The previous placement's kind (L8), when not the last owned piece.
    #[serde(default)]
    pub previous_kind: Option<String>,
    /// Physics settings, as in `physics run`.
    #[serde(default)]
    pub settings: Option<stackyard_physics::Settings>,
    /// The referee's thresholds.
    #[serde(default)]
    pub rules: Option<Settings>,
}

/// The verdict of the judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum JudgeVerdict {
    /// Clean (L9).
    Clean,
    /// Slip (L9).
    Slip,
    /// Break (L9).
    Break,
    /// Wreck (L9).
    Wreck,
    /// Forbidden before any physics.
    Refused,
}

/// What the judge reports.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JudgeReport {
    /// The verdict.
    pub verdict: JudgeVerdict,
    /// For a refusal, the rule id (null for a pose inside another piece).
    pub rule: Option<String>,
    /// For a refusal, the refusal in the placing player's words
    /// (`RuleError::refusal`); for a slip, its reason.
    pub reason: Option<String>,
    /// Ids of the other pieces disturbed.
    pub disturbed: Vec<String>,
    /// Corners of the placed piece on the table.
    pub table_corners: usize,
    /// Ids of the pieces it touches at the end.
    pub touching: Vec<String>,
    /// Its level (L3).
    pub level: u32,
    /// Points for the placing seat.
    pub points: i64,
    /// How far it came to rest from where it was let go (mm).
    pub moved_mm: f64,
    /// Where it came to rest.
    pub rest_pose: Pose,
    /// Whether the world came to rest within the cap.
    pub rested: bool,
    /// How far the structure itself moved while it settled before the
    /// placement (mm; large values mean the input was not a settled structure).
    pub structure_moved_mm: f64,
}

/// Why a scenario cannot be judged.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum JudgeError {
    /// The structure does not build (unknown kind, overlap, bad settings, …).
    #[error("{0}")]
    Structure(String),
    /// A kind other than a pyramid.
    #[error(
        "piece {0:?}: Leaning Towers uses only pyramids (pyramid-small, pyramid-medium, pyramid-large)"
    )]
    NotAPyramid(String),
    /// The rule settings are invalid.
    #[error("{0}")]
    Rules(String),
}

fn size_of(id: &str, kind: &str) -> Result<Size, JudgeError> {
    let k: PieceKind = kind.parse().map_err(|e: stackyard_physics::UnknownKind| {
        JudgeError::Structure(format!("piece {id:?}: {e}"))
    })?;
    Size::of_kind(k).ok_or_else(|| JudgeError::NotAPyramid(id.to_string()))
}

/// Judges one placement on a structure (hand noise off).
pub fn judge(input: &JudgeScenario) -> Result<JudgeReport, JudgeError> {
    let mut rules = input.rules.clone().unwrap_or_default();
    rules.hand_noise = HandNoise::OFF;
    if let Some(physics) = &input.settings {
        rules.physics = physics.clone();
    }
    rules
        .validate()
        .map_err(|e| JudgeError::Rules(e.to_string()))?;
    let sizes = input
        .pieces
        .iter()
        .map(|p| size_of(&p.id, &p.kind))
        .collect::<Result<Vec<_>, _>>()?;
    let size = size_of("placement", &input.placement.kind)?;
    // Numbers the engine's single precision cannot hold would poison the
    // world; a table two metres across is the physics table's own extent.
    for p in &input.pieces {
        let pose = Pose {
            position: p.position,
            rotation_deg: p.rotation_deg,
        };
        if !crate::geometry::sane(&pose, 2000.0) {
            return Err(JudgeError::Structure(format!(
                "piece {:?}: positions must be finite and within 2000 mm, angles within ±3600°",
                p.id
            )));
        }
    }
    let scenario = Scenario {
        pieces: input
            .pieces
            .iter()
            .map(|p| ScenarioPiece {
                id: p.id.clone(),
                kind: p.kind.clone(),
                position: p.position,
                rotation_deg: p.rotation_deg,
                held: p.held,
            })
            .collect(),
        settings: rules.table_settings(),
    };
    let table = scenario
        .build()
        .map_err(|e| JudgeError::Structure(e.to_string()))?;
    let mut world = World(table);
    let settled = world.0.settle();
    // As in a game, the placement is simulated from the table rebuilt
    // from the structure's state (`World::canonicalise`).
    world.canonicalise();
    let structure_moved_mm = settled
        .motions
        .iter()
        .map(|m| m.moved_mm)
        .fold(0.0, f64::max);

    // Owners: "neutral", else seat numbers as given and names numbered in
    // order of appearance after the highest number.
    let mut names: HashMap<String, u8> = HashMap::new();
    let mut next_seat = input
        .pieces
        .iter()
        .filter_map(|p| match p.owner {
            OwnerName::Seat(s) => Some(s.saturating_add(1)),
            OwnerName::Name(_) => None,
        })
        .max()
        .unwrap_or(0);
    let mut owner_of = |o: &OwnerName| -> Owner {
        match o {
            _ if o.is_neutral() => Owner::Neutral,
            OwnerName::Seat(s) => Owner::Seat { seat: Seat(*s) },
            OwnerName::Name(n) => {
                let seat = *names.entry(n.clone()).or_insert_with(|| {
                    next_seat = next_seat.saturating_add(1);
                    next_seat - 1
                });
                Owner::Seat { seat: Seat(seat) }
            }
        }
    };
    let owners: Vec<Owner> = input.pieces.iter().map(|p| owner_of(&p.owner)).collect();
    let placer = input.placement.owner.as_ref().map(&mut owner_of);
    let levels = levels(&world, &input.pieces);
    let pieces: Vec<PieceInfo> = (0..input.pieces.len())
        .map(|i| PieceInfo {
            owner: owners[i],
            size: sizes[i],
            level: levels[i],
            status: if input.pieces[i].held {
                PieceStatus::Held
            } else {
                PieceStatus::Standing
            },
        })
        .collect();
    let pose = Pose {
        position: input.placement.position,
        rotation_deg: input.placement.rotation_deg,
    };
    let owned = |size: Option<Size>| {
        pieces
            .iter()
            .filter(|p| placer.is_some_and(|o| o == p.owner && o != Owner::Neutral))
            .filter(|p| size.is_none_or(|s| p.size == s))
            .count()
    };
    let previous = match &input.previous_kind {
        Some(k) => Some(size_of("previous_kind", k)?),
        None => pieces
            .iter()
            .rev()
            .find(|p| p.owner != Owner::Neutral)
            .map(|p| p.size),
    };
    let refusal = if owned(Some(size)) >= 5 {
        Some(LeaningError::NoPieceLeft {
            seat: placer
                .and_then(|o| match o {
                    Owner::Seat { seat } => Some(seat),
                    Owner::Neutral => None,
                })
                .unwrap_or(Seat(0)),
            size,
        })
    } else if previous == Some(size) {
        Some(LeaningError::SameSize(size))
    } else if !pose.is_finite() {
        Some(LeaningError::NotFinite)
    } else if pose
        .rotation_deg
        .iter()
        .any(|a| a.abs() > crate::geometry::MAX_ANGLE_DEG)
    {
        Some(LeaningError::AngleOutOfRange)
    } else if pose.position[0].abs() > rules.table_half_mm
        || pose.position[1].abs() > rules.table_half_mm
        || pose.position[2] > rules.max_height_mm
    {
        Some(LeaningError::OffTable {
            half_mm: rules.table_half_mm,
            max_height_mm: rules.max_height_mm,
        })
    } else if input.placement.hold
        && lowest_corner_mm(size, &pose, &rules.physics.pieces) <= rules.corner_eps_mm
    {
        Some(LeaningError::HoldTouchesTable)
    } else {
        let mut probe = world.clone();
        let placed = if input.placement.hold {
            probe.0.hold_piece(size.kind(), pose)
        } else {
            probe.0.drop_piece(size.kind(), pose)
        };
        match placed {
            Ok(_) => None,
            Err(stackyard_physics::PlaceError::Overlap { other }) => Some(LeaningError::Blocked(
                format!("piece {:?}", input.pieces[other].id),
            )),
            Err(stackyard_physics::PlaceError::BelowTable { .. }) => {
                Some(LeaningError::Blocked("the table".into()))
            }
            Err(stackyard_physics::PlaceError::NotFinite) => Some(LeaningError::NotFinite),
        }
    };
    if let Some(e) = refusal {
        return Ok(JudgeReport {
            verdict: JudgeVerdict::Refused,
            rule: e.rule().map(str::to_string),
            reason: Some(e.refusal()),
            disturbed: Vec::new(),
            table_corners: 0,
            touching: Vec::new(),
            level: 0,
            points: 0,
            moved_mm: 0.0,
            rest_pose: pose,
            rested: true,
            structure_moved_mm,
        });
    }
    let attempt = if input.placement.hold {
        Attempt::Hold { size, pose }
    } else {
        Attempt::Drop { size, pose }
    };
    let j = judge::attempt(&mut world, &pieces, attempt, &rules, false);
    let name = |id: PieceId| {
        input
            .pieces
            .get(id.0)
            .map_or_else(|| "placement".to_string(), |p| p.id.clone())
    };
    let left = 15i64 - 1 - owned(None) as i64;
    let points = match j.verdict {
        Verdict::Clean => j.points,
        Verdict::Slip => 0,
        Verdict::Break => -2 * j.disturbed.len() as i64,
        Verdict::Wreck => -(15 - left.max(0)),
    };
    Ok(JudgeReport {
        verdict: match j.verdict {
            Verdict::Clean => JudgeVerdict::Clean,
            Verdict::Slip => JudgeVerdict::Slip,
            Verdict::Break => JudgeVerdict::Break,
            Verdict::Wreck => JudgeVerdict::Wreck,
        },
        rule: None,
        reason: j.slip.map(slip_name),
        disturbed: j.disturbed.iter().map(|&id| name(id)).collect(),
        table_corners: j.table_corners,
        touching: j.touching.iter().map(|&id| name(id)).collect(),
        level: j.level,
        points,
        moved_mm: j.moved_mm,
        rest_pose: crate::geometry::rounded(&j.rest_pose),
        rested: j.rested,
        structure_moved_mm,
    })
}

pub(crate) fn slip_name(reason: SlipReason) -> String {
    // Short names for the judge's one-line answers; the rule id is the one
    // `SlipReason::rule` declares for every shell.
    let short = match reason {
        SlipReason::Corners => "corners",
        SlipReason::Contacts => "contacts",
        SlipReason::PushedPastPips => "pushed another piece past its pips",
        SlipReason::SlidAway => "slid away",
        SlipReason::NeverRested => "never rested",
        SlipReason::NoRoom => "no room",
        SlipReason::PointOnInsidePoint => "point on an inside point",
    };
    format!("{short} ({})", reason.rule())
}

/// Levels of a settled structure (L3): given ones kept, the rest by
/// breadth-first distance from the table over the contact graph (a piece
/// that reaches the table through nothing counts as level 1).
fn levels(world: &World, pieces: &[StructurePiece]) -> Vec<u32> {
    let n = pieces.len();
    let mut level: Vec<Option<u32>> = (0..n)
        .map(|i| {
            pieces[i]
                .level
                .or_else(|| world.0.on_table(PieceId(i)).then_some(0))
        })
        .collect();
    let contacts = crate::judge::contacts(world);
    loop {
        let mut changed = false;
        for &(a, b) in &contacts {
            for (x, y) in [(a.0, b.0), (b.0, a.0)] {
                if x >= n || y >= n || pieces[y].level.is_some() {
                    continue;
                }
                if let Some(lx) = level[x]
                    && level[y].is_none_or(|ly| ly > lx.saturating_add(1))
                {
                    level[y] = Some(lx.saturating_add(1));
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    level.into_iter().map(|l| l.unwrap_or(1)).collect()
}
