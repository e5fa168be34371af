//! What would happen if the seat to act let a piece go here, with hand noise
//! off: the verdict and the resting poses the physics predicts, read from a
//! view's own physics world. A client shows it before the seat commits (the
//! browser runs it as WebAssembly); the game itself adds the seat's hand
//! noise, so the real run can differ by that much.
//!
//! It checks the placement with the game's own code ([`crate::state`]'s
//! checks: L5, L8, L9's traded slip, L12, L-4) and judges it with
//! [`judge::attempt`], on the exact world the view carries, so with noise
//! off it is the game's verdict bit for bit. `stackyard leaning judge` runs
//! the same judge on a structure rebuilt from poses, and agrees with it
//! (tested in `shells/wasm`).

use crate::LeaningError;
use crate::bot::infos;
use crate::geometry::rounded;
use crate::judge::{self, Attempt, SlipReason, Verdict};
use crate::phase::Phase;
use crate::piece::Size;
use crate::scenario::{JudgeVerdict, slip_name};
use crate::settings::Settings;
use crate::state::Turn;
use crate::view::View;
use crate::world::World;
use serde::{Deserialize, Serialize};
use stackyard_core::RuleError;
use stackyard_physics::{PieceId, PieceKind, Pose};

/// The placement to preview, as the `judge` contract writes it (the input
/// of the `preview` query; the browser's type is generated from this one).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PreviewPlacement"))]
pub struct Placement {
    /// `pyramid-small`, `pyramid-medium` or `pyramid-large` (any other
    /// piece kind is refused with [`PreviewError::Kind`]).
    #[cfg_attr(feature = "ts", ts(as = "PieceKind"))]
    pub kind: String,
    /// Where it is let go: centre of the base face (mm).
    pub position: [f64; 3],
    /// Rotation Rz·Ry·Rx (degrees).
    #[serde(default)]
    pub rotation_deg: [f64; 3],
    /// Hold instead of letting go (L12).
    #[serde(default)]
    pub hold: bool,
}

/// What the physics predicts (the answer of the `preview` query).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Preview {
    /// Clean, slip, break, wreck, or refused before any physics.
    pub verdict: JudgeVerdict,
    /// For a refusal, the rule id (null for a pose inside another piece).
    pub rule: Option<String>,
    /// For a refusal, the refusal in the placing player's words
    /// (`RuleError::refusal`, as the server says it); for a slip, its reason
    /// in words.
    pub reason: Option<String>,
    /// For a slip, its reason.
    pub slip: Option<SlipReason>,
    /// The new piece's id in the world (none when refused or with no room).
    pub piece: Option<PieceId>,
    /// Ids of the other pieces disturbed.
    pub disturbed: Vec<PieceId>,
    /// Corners of the placed piece on the table.
    pub table_corners: usize,
    /// Ids of the pieces it touches at the end.
    pub touching: Vec<PieceId>,
    /// Its level (L3).
    pub level: u32,
    /// What the placing seat would gain or lose: L10 (or L12's hold) when
    /// clean, 0 for a slip, −2 per disturbed piece for a break, −(15 −
    /// pieces left) for a wreck (L-8).
    pub points: i64,
    /// How far it came to rest from where it was let go (mm).
    pub moved_mm: f64,
    /// Where it came to rest.
    pub rest_pose: Pose,
    /// Whether the world came to rest within the time cap.
    pub rested: bool,
    /// Every piece's pose when the run ended, by id; the new piece last.
    /// (The game puts the world back after anything but a clean run.)
    pub poses: Vec<Pose>,
}

/// Why a preview cannot be made at all.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PreviewError {
    /// The placement's kind is not a pyramid.
    #[error("the placement's kind {0:?} is not pyramid-small, pyramid-medium or pyramid-large")]
    Kind(String),
    /// The settings do not fit the view.
    #[error("{0}")]
    Settings(String),
    /// The view does not hold together.
    #[error("{0}")]
    View(String),
}

/// Previews `placement` by the seat to act in `view`, at a table with
/// `settings` (hand noise is ignored: it is off here).
pub fn preview(
    view: &View,
    settings: &Settings,
    placement: &Placement,
) -> Result<Preview, PreviewError> {
    settings
        .validate()
        .map_err(|e| PreviewError::Settings(e.to_string()))?;
    if settings.seats != view.seats {
        return Err(PreviewError::Settings(format!(
            "the settings are for {} seats, the view for {}",
            settings.seats, view.seats
        )));
    }
    let size = placement
        .kind
        .parse::<PieceKind>()
        .ok()
        .and_then(Size::of_kind)
        .ok_or_else(|| PreviewError::Kind(placement.kind.chars().take(40).collect()))?;
    let world = World::from_snapshot(&view.world);
    if world.0.len() != view.pieces.len() {
        return Err(PreviewError::View(format!(
            "the view lists {} pieces but its world holds {}",
            view.pieces.len(),
            world.0.len()
        )));
    }
    let pose = Pose {
        position: placement.position,
        rotation_deg: placement.rotation_deg,
    };
    let turn = match (view.phase, view.to_act) {
        (Phase::Over { .. }, _) | (_, None) => Err(LeaningError::GameOver),
        (Phase::Foundation, _) => Err(LeaningError::FoundationFirst),
        (Phase::Play, Some(seat)) => {
            let s = seat.index();
            match (view.hands.get(s), view.held.get(s)) {
                (Some(hand), Some(held)) => Ok((seat, *hand, held.is_some())),
                _ => {
                    return Err(PreviewError::View(format!(
                        "the view has no hand for seat {}",
                        seat.0
                    )));
                }
            }
        }
    };
    let refused = turn.and_then(|(seat, hand, holding)| {
        Turn {
            settings,
            world: &world,
            seat,
            hand,
            slipped: view.slipped,
            previous_size: view.previous_size,
            holding,
            release_due: view.turn.as_ref().is_some_and(|t| t.release),
        }
        .check_placement(size, &pose, placement.hold)
        .map(|()| hand)
    });
    let hand = match refused {
        Ok(hand) => hand,
        Err(e) => {
            return Ok(Preview {
                verdict: JudgeVerdict::Refused,
                rule: e.rule().map(str::to_string),
                reason: Some(e.refusal()),
                slip: None,
                piece: None,
                disturbed: Vec::new(),
                table_corners: 0,
                touching: Vec::new(),
                level: 0,
                points: 0,
                moved_mm: 0.0,
                rest_pose: pose,
                rested: true,
                poses: view.pieces.iter().map(|p| p.pose).collect(),
            });
        }
    };
    let attempt = if placement.hold {
        Attempt::Hold { size, pose }
    } else {
        Attempt::Drop { size, pose }
    };
    let mut world = world;
    let j = judge::attempt(&mut world, &infos(view), attempt, settings, false);
    let left_after = i64::from(hand.total()) - 1;
    let points = match j.verdict {
        Verdict::Clean => j.points,
        Verdict::Slip => 0,
        Verdict::Break => -2 * j.disturbed.len() as i64,
        Verdict::Wreck => -(15 - left_after.max(0)),
    };
    Ok(Preview {
        verdict: match j.verdict {
            Verdict::Clean => JudgeVerdict::Clean,
            Verdict::Slip => JudgeVerdict::Slip,
            Verdict::Break => JudgeVerdict::Break,
            Verdict::Wreck => JudgeVerdict::Wreck,
        },
        rule: None,
        reason: j.slip.map(slip_name),
        slip: j.slip,
        piece: j.piece,
        disturbed: j.disturbed,
        table_corners: j.table_corners,
        touching: j.touching,
        level: j.level,
        points,
        moved_mm: j.moved_mm,
        rest_pose: rounded(&j.rest_pose),
        rested: j.rested,
        poses: (0..world.0.len())
            .map(|i| rounded(&world.0.pose(PieceId(i))))
            .collect(),
    })
}
