//! Poses to start an aim from: for the seat to act and a size, placements
//! that the preview ([`crate::preview::preview`], the game's own checks and
//! judge, hand noise off) finds clean, so a person's aim starts from
//! something that rests (issue 24) instead of a pose that slips (upright on
//! the table breaks L6).
//!
//! Each suggestion leans the piece on a face of a piece already standing
//! (one base edge or one corner on the table, tilted onto it, like the
//! bot's candidates, [`crate::bot::lean_against`]) or rests it flat on an
//! upward face of one. Candidates are tried in a fixed order (next to the
//! chosen piece first, when there is one), so the same view gives the same
//! suggestions; each found clean is tried again with the pose shifted by
//! about one hand-noise step in a few directions (L5's σ 1 mm and 1.5°) and
//! the suggestions clean under more of those shifts come first, so a
//! suggestion placed as it is usually stays clean under the real hand
//! noise. A budget of physics runs bounds the work (it runs in the browser
//! as WebAssembly).

use crate::bot::{Lean, lean_against, target_centre};
use crate::geometry::{face, pose_on_surface, rounded};
use crate::phase::Phase;
use crate::piece::{PieceStatus, Size};
use crate::preview::{Placement, PreviewError, preview};
use crate::scenario::JudgeVerdict;
use crate::settings::Settings;
use crate::view::View;
use crate::world::World;
use serde::{Deserialize, Serialize};
use stackyard_physics::{PieceId, Pose};

/// How a suggestion sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SuggestionHow"))]
pub enum How {
    /// Leaning from the table onto a face of the target piece.
    Lean,
    /// Resting flat on an upward face of the target piece.
    Rest,
}

/// One suggested placement (the `suggest` query answers a list of them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Suggestion {
    /// The size it is for.
    pub size: Size,
    /// The pose to let go at (mm, Rz·Ry·Rx degrees).
    pub pose: Pose,
    /// Leaning on, or resting on, the target.
    pub how: How,
    /// The piece it leans or rests on (by id, as the view's pieces).
    pub target: PieceId,
    /// The points the preview says it scores (L10).
    pub points: i64,
    /// Of the hand-noise shifts tried around it, how many stayed clean.
    pub steady: u32,
    /// How many shifts were tried.
    pub shifts: u32,
}

/// What to suggest for (the input of the `suggest` query).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SuggestionAsk"))]
pub struct Ask {
    /// The size to place.
    pub size: Size,
    /// Suggest next to this piece first (a piece the player chose).
    #[serde(default)]
    pub near: Option<PieceId>,
    /// At most this many suggestions (default 4, at most 8).
    #[serde(default = "default_max")]
    pub max: usize,
    /// At most this many physics runs in all (default 40, at most 200).
    #[serde(default = "default_budget")]
    pub budget: usize,
}

fn default_max() -> usize {
    4
}

fn default_budget() -> usize {
    40
}

/// Hand-noise shifts tried around a clean candidate: (dx, dy, droll, dtilt)
/// in mm and degrees, about L5's default σ.
const SHIFTS: [[f64; 4]; 4] = [
    [1.0, 0.0, 0.0, 1.5],
    [-1.0, 0.0, 0.0, -1.5],
    [0.0, 1.0, 1.5, 0.0],
    [0.0, -1.0, -1.5, 0.0],
];

/// Suggestions for the seat to act in `view` at a table with `settings`:
/// clean by the preview, steadiest first, at most `ask.max`. An empty list
/// when none was found within the budget (or the seat cannot place now).
pub fn suggest(
    view: &View,
    settings: &Settings,
    ask: &Ask,
) -> Result<Vec<Suggestion>, PreviewError> {
    let max = ask.max.clamp(1, 8);
    let mut budget = ask.budget.clamp(1, 200);
    if view.phase != Phase::Play || view.to_act.is_none() {
        return Ok(Vec::new());
    }
    let ps = &settings.physics.pieces;
    let mut world = World::from_snapshot(&view.world);
    let before = world.0.snapshot();
    let mut targets: Vec<&crate::view::PieceView> = view
        .pieces
        .iter()
        .filter(|p| p.status == PieceStatus::Standing || p.status == PieceStatus::Held)
        .collect();
    // The chosen piece first, then the others nearest to it (or by id).
    if let Some(near) = ask.near
        && let Some(n) = view.pieces.iter().find(|p| p.id == near)
    {
        let c = target_centre(n.size, &n.pose, ps);
        targets.sort_by(|a, b| {
            let d = |p: &crate::view::PieceView| {
                let t = target_centre(p.size, &p.pose, ps);
                (t[0] - c[0]).hypot(t[1] - c[1])
            };
            d(a).total_cmp(&d(b))
        });
    }
    let run = |pose: &Pose| -> Result<Option<i64>, PreviewError> {
        let p = preview(
            view,
            settings,
            &Placement {
                kind: ask.size.kind().to_string(),
                position: pose.position,
                rotation_deg: pose.rotation_deg,
                hold: false,
            },
        )?;
        Ok((p.verdict == JudgeVerdict::Clean).then_some(p.points))
    };
    let mut found: Vec<Suggestion> = Vec::new();
    // Candidates, target by target: leans from several sides, then rests.
    'targets: for t in &targets {
        let centre = target_centre(t.size, &t.pose, ps);
        let mut candidates: Vec<(How, Pose)> = Vec::new();
        for (yaw, tilt, roll) in [
            (270.0, 58.0, 0.0),
            (90.0, 58.0, 0.0),
            (0.0, 58.0, 0.0),
            (180.0, 58.0, 0.0),
            (315.0, 62.0, 25.0),
            (225.0, 62.0, 25.0),
        ] {
            let lean = Lean {
                towards: centre,
                yaw_deg: yaw,
                tilt_deg: tilt,
                roll_deg: roll,
                lateral_mm: 0.0,
                standoff_mm: 0.8,
            };
            if let Some(pose) = lean_against(&mut world, &before, ask.size, &lean, settings) {
                candidates.push((How::Lean, rounded(&pose)));
            }
        }
        for f in 0..5 {
            let (n, c) = face(t.size, &t.pose, f, ps);
            if n[2] > 0.6 {
                candidates.push((How::Rest, rounded(&pose_on_surface(c, n, 45.0, 0.3))));
            }
        }
        world.0.restore(&before);
        for (how, pose) in candidates {
            if budget == 0 {
                break 'targets;
            }
            budget -= 1;
            let Some(points) = run(&pose)? else {
                continue;
            };
            // Steadiness: the same pose nudged about one noise step.
            let mut steady = 0;
            let mut shifts = 0;
            for [dx, dy, droll, dtilt] in SHIFTS {
                if budget == 0 {
                    break;
                }
                budget -= 1;
                shifts += 1;
                let mut p = pose;
                p.position[0] += dx;
                p.position[1] += dy;
                p.rotation_deg[0] += droll;
                p.rotation_deg[1] += dtilt;
                if run(&p)?.is_some() {
                    steady += 1;
                }
            }
            found.push(Suggestion {
                size: ask.size,
                pose,
                how,
                target: t.id,
                points,
                steady,
                shifts,
            });
            if found.len() >= max {
                break 'targets;
            }
        }
    }
    // Steadiest first (as a share of the shifts tried), then by points;
    // the order found breaks ties (next to the chosen piece first).
    found.sort_by(|a, b| {
        let share = |s: &Suggestion| f64::from(s.steady) / f64::from(s.shifts.max(1));
        share(b).total_cmp(&share(a)).then(b.points.cmp(&a.points))
    });
    Ok(found)
}
