//! The referee: lets one piece go (or holds it, or releases a held one),
//! runs the world until it rests, and reads the verdict of L9 from the
//! physics table's queries — corners on the table (L6), the contact graph
//! (L7), the motion of every other piece (disturbance) — together with the
//! level (L3) and the points (L10, L12) of a clean result.
//!
//! The world is left as the run ended; the caller keeps a snapshot from
//! before and restores it when the verdict is not clean.

// PieceStatus and PieceInfo live in piece.rs, below this file and hollow.rs
// (which reads them too); `judge::PieceInfo` and `judge::PieceStatus` stay.
pub use crate::piece::{PieceInfo, PieceStatus};

use crate::hollow::point_on_inside_point;
use crate::piece::Size;
use crate::settings::Settings;
use crate::world::World;
use serde::{Deserialize, Serialize};
use stackyard_physics::{PieceId, PlaceError, Pose};

/// The outcome of one run (L9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Verdict {
    /// Nothing else disturbed and the piece obeys L6 and L7.
    Clean,
    /// Nothing else disturbed, but the piece broke L6 or L7 or slid away.
    Slip,
    /// One or two other pieces disturbed.
    Break,
    /// Three or more other pieces disturbed.
    Wreck,
}

/// Why a run was a slip.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum SlipReason {
    /// More than two of its corners touch the table (L6).
    Corners,
    /// It touches more pieces than it has pips (L7).
    Contacts,
    /// It pushed another piece past that piece's pips (L7).
    PushedPastPips,
    /// It came to rest more than `slip_mm` from where it was let go (L9).
    SlidAway,
    /// The world did not rest within the time cap (L9).
    NeverRested,
    /// Even lifted a few millimetres, the noisy pose started inside
    /// another piece or the table (L-3).
    NoRoom,
    /// Its point touches the inside point of another piece, or another's
    /// point touches its inside point (L1).
    PointOnInsidePoint,
}

impl SlipReason {
    /// Every reason, in declaration order.
    pub const ALL: [SlipReason; 7] = [
        SlipReason::Corners,
        SlipReason::Contacts,
        SlipReason::PushedPastPips,
        SlipReason::SlidAway,
        SlipReason::NeverRested,
        SlipReason::NoRoom,
        SlipReason::PointOnInsidePoint,
    ];

    /// Why the piece slipped, in a player's words (no rule id: a client
    /// links [`SlipReason::rule`] beside it).
    pub fn words(self) -> &'static str {
        match self {
            SlipReason::Corners => "more than two corners on the table",
            SlipReason::Contacts => "it touches more pieces than its pips",
            SlipReason::PushedPastPips => "it pushed another piece past its pips",
            SlipReason::SlidAway => "it came to rest too far from where it was let go",
            SlipReason::NeverRested => "the table did not come to rest",
            SlipReason::NoRoom => "there was no room to let it go",
            SlipReason::PointOnInsidePoint => "its point touched the inside point of another piece",
        }
    }

    /// The rule that makes it a slip: L6 and L7 for corners and contacts,
    /// L-5 for crowding an old piece past its pips, L9 for sliding away,
    /// L-9 for a table that never rests, L-3 for no room, L-16 for a point
    /// on an inside point.
    pub fn rule(self) -> &'static str {
        match self {
            SlipReason::Corners => "L6",
            SlipReason::Contacts => "L7",
            SlipReason::PushedPastPips => "L-5",
            SlipReason::SlidAway => "L9",
            SlipReason::NeverRested => "L-9",
            SlipReason::NoRoom => "L-3",
            SlipReason::PointOnInsidePoint => "L-16",
        }
    }
}

/// What one run showed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Judgement {
    /// Clean, slip, break or wreck.
    pub verdict: Verdict,
    /// For a slip, why.
    pub slip: Option<SlipReason>,
    /// The piece the run was about (None when it could not even be set down).
    pub piece: Option<PieceId>,
    /// Other pieces moved past `disturb_mm` / `disturb_deg`, ascending.
    pub disturbed: Vec<PieceId>,
    /// How many of the piece's five corners touch the table at the end.
    pub table_corners: usize,
    /// The pieces it touches at the end, ascending.
    pub touching: Vec<PieceId>,
    /// Its level (L3), meaningful when clean.
    pub level: u32,
    /// Points for the run when clean: L10 for a placement, L10 + 2 for a
    /// release (L12), minus one per extra touched piece for a hold (L12).
    pub points: i64,
    /// How far it came to rest from where it was let go (mm).
    pub moved_mm: f64,
    /// Where it came to rest.
    pub rest_pose: Pose,
    /// Whether everything rested before the cap (false after an early out).
    pub rested: bool,
    /// Physics steps the run took.
    pub steps: u64,
}

/// What is being judged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Attempt {
    /// A piece let go at a pose (L5).
    Drop {
        /// Its size.
        size: Size,
        /// Where it is let go (hand noise already added).
        pose: Pose,
    },
    /// A piece held fixed at a pose (L12).
    Hold {
        /// Its size.
        size: Size,
        /// Where it is held (hand noise already added).
        pose: Pose,
    },
    /// A held piece let go at the start of its seat's turn (L12).
    Release {
        /// The held piece.
        piece: PieceId,
    },
}

/// How far a noisy pose may be raised, 0.25 mm at a time, to clear what it
/// started inside (L-3).
const LIFT_STEP_MM: f64 = 0.25;
const LIFT_STEPS: usize = 20;

/// Steps between the early-out checks of a bot's run.
const EARLY_OUT_CHUNK: u64 = 12;

/// While a piece is held, the run rests once no free piece moved farther
/// than the physics' sleep speed allows, nor turned more than
/// [`QUIET_DEG`], in each of two windows of this length in a row (s, L12).
const QUIET_WINDOW_S: f64 = 0.05;
/// See [`QUIET_WINDOW_S`] (degrees per window).
const QUIET_DEG: f64 = 0.05;

/// Whether some piece is held fixed (held or frozen, L12, L-6).
fn any_held(world: &World) -> bool {
    (0..world.0.len()).any(|i| world.0.is_held(PieceId(i)) && !world.0.is_removed(PieceId(i)))
}

/// Sets the piece of `attempt` on the table, runs the world to rest (at most
/// the settings' time cap) and judges it. `pieces` describes every piece
/// already in the world. With `early_out` the run stops as soon as another
/// piece is disturbed or the piece has slid past `slip_mm` (a bot's preview,
/// never the game's verdict: a break may be reported with fewer disturbed
/// pieces than the full run would find, and a piece sliding away may yet
/// knock others, which the early slip does not show).
pub fn attempt(
    world: &mut World,
    pieces: &[PieceInfo],
    attempt: Attempt,
    settings: &Settings,
    early_out: bool,
) -> Judgement {
    let before_counts = contact_counts(world, pieces, None);
    let (piece, size, released) = match attempt {
        Attempt::Drop { size, pose } | Attempt::Hold { size, pose } => {
            let hold = matches!(attempt, Attempt::Hold { .. });
            match insert(world, size, pose, hold, settings) {
                Some(id) => (id, size, false),
                None => return no_room(pose),
            }
        }
        Attempt::Release { piece } => {
            let Some(info) = pieces.get(piece.0) else {
                return no_room(Pose::default());
            };
            world.0.release(piece);
            (piece, info.size, true)
        }
    };
    let hold = matches!(attempt, Attempt::Hold { .. });
    if hold {
        // Rapier computes no contacts between a fixed (kinematic) body and
        // sleeping ones: wake every standing piece (holding and releasing a
        // piece wakes it without moving it) so the hold's contacts count.
        for (i, p) in pieces.iter().enumerate() {
            if p.status == PieceStatus::Standing {
                world.0.hold(PieceId(i));
                world.0.release(PieceId(i));
            }
        }
    }
    let start = world.0.mark();
    let let_go = world.0.pose(piece);
    // One step whatever happens: a held piece among sleeping ones would
    // otherwise never have its contacts computed.
    world.0.step();
    let cap = (settings.physics.sim.max_time_s * settings.physics.sim.step_hz).ceil() as u64;
    let mut steps = 1;
    // L12: a piece resting on a held one is never put to sleep by rapier
    // (a kinematic neighbour keeps it awake), so while anything is held the
    // run also rests by a quiet rule. What it judged at rest is left awake:
    // putting it to sleep against a held piece lets it sink into that piece.
    let quiet_rule = any_held(world);
    let window = if quiet_rule {
        ((QUIET_WINDOW_S * settings.physics.sim.step_hz).ceil() as u64).max(1)
    } else if early_out {
        EARLY_OUT_CHUNK
    } else {
        cap
    };
    let quiet_mm = settings.physics.sim.sleep_speed_mm_s * QUIET_WINDOW_S;
    let mut quiet_windows = 0;
    let mut rested = world.0.at_rest();
    while steps < cap && !rested {
        let run = world.0.settle_for(window.min(cap - steps));
        steps += run.steps;
        if quiet_rule {
            let quiet = (0..run.motions.len()).all(|i| {
                world.0.is_held(PieceId(i))
                    || (run.motions[i].moved_mm <= quiet_mm
                        && run.motions[i].turned_deg <= QUIET_DEG)
            });
            quiet_windows = if quiet { quiet_windows + 1 } else { 0 };
        }
        rested = world.0.at_rest() || quiet_windows >= 2;
        if early_out {
            let motions = world.0.motions_since(&start);
            let disturbed = (0..motions.len())
                .any(|i| i != piece.0 && is_disturbed(&motions[i], settings, pieces.get(i)));
            if disturbed || motions[piece.0].moved_mm > settings.slip_mm {
                break;
            }
        }
    }
    let motions = world.0.motions_since(&start);
    let disturbed: Vec<PieceId> = (0..pieces.len())
        .filter(|&i| i != piece.0 && is_disturbed(&motions[i], settings, pieces.get(i)))
        .map(PieceId)
        .collect();
    let rest_pose = world.0.pose(piece);
    let moved_mm = distance(&let_go.position, &rest_pose.position);
    let table_corners = world
        .0
        .table_corners(piece)
        .map_or(0, |c| c.iter().filter(|&&b| b).count());
    let after_counts = contact_counts(world, pieces, Some(piece));
    let touching = touching(world, pieces, piece);
    let level = if world.0.on_table(piece) {
        0
    } else {
        touching
            .iter()
            .filter_map(|t| pieces.get(t.0))
            .map(|p| p.level.saturating_add(1))
            .min()
            .unwrap_or(1)
    };
    let pushed_past_pips = (0..pieces.len()).any(|i| {
        let p = &pieces[i];
        i != piece.0
            && p.status == PieceStatus::Standing
            && after_counts[i] > p.size.pips()
            && after_counts[i] > before_counts.get(i).copied().unwrap_or(0)
    });
    let own_contacts_ok = hold || released || touching.len() <= size.pips();
    let (verdict, slip) = if disturbed.len() >= 3 {
        (Verdict::Wreck, None)
    } else if !disturbed.is_empty() {
        (Verdict::Break, None)
    } else if table_corners > 2 {
        (Verdict::Slip, Some(SlipReason::Corners))
    } else if point_on_inside_point(world, pieces, piece).is_some() {
        (Verdict::Slip, Some(SlipReason::PointOnInsidePoint))
    } else if !own_contacts_ok {
        (Verdict::Slip, Some(SlipReason::Contacts))
    } else if pushed_past_pips {
        (Verdict::Slip, Some(SlipReason::PushedPastPips))
    } else if moved_mm > settings.slip_mm {
        (Verdict::Slip, Some(SlipReason::SlidAway))
    } else if !rested {
        (Verdict::Slip, Some(SlipReason::NeverRested))
    } else {
        (Verdict::Clean, None)
    };
    let points = if hold {
        -(touching.len().saturating_sub(size.pips()) as i64)
    } else {
        placement_points(level, table_corners, touching.len()) + if released { 2 } else { 0 }
    };
    Judgement {
        verdict,
        slip,
        piece: Some(piece),
        disturbed,
        table_corners,
        touching,
        level,
        points,
        moved_mm,
        rest_pose,
        rested,
        steps,
    }
}

/// L10: +1 for the piece, + its level, +1 for exactly one corner on the
/// table, −1 above level 0 when touching more than one other piece.
pub fn placement_points(level: u32, table_corners: usize, touching: usize) -> i64 {
    let mut points = 1 + i64::from(level);
    if table_corners == 1 {
        points += 1;
    }
    if level > 0 && touching > 1 {
        points -= 1;
    }
    points
}

fn no_room(pose: Pose) -> Judgement {
    Judgement {
        verdict: Verdict::Slip,
        slip: Some(SlipReason::NoRoom),
        piece: None,
        disturbed: Vec::new(),
        table_corners: 0,
        touching: Vec::new(),
        level: 0,
        points: 0,
        moved_mm: 0.0,
        rest_pose: pose,
        rested: true,
        steps: 0,
    }
}

fn is_disturbed(
    motion: &stackyard_physics::Motion,
    settings: &Settings,
    info: Option<&PieceInfo>,
) -> bool {
    info.is_some_and(PieceInfo::in_play)
        && (motion.moved_mm > settings.disturb_mm || motion.turned_deg > settings.disturb_deg)
}

fn distance(a: &[f64; 3], b: &[f64; 3]) -> f64 {
    (0..3).map(|i| (a[i] - b[i]).powi(2)).sum::<f64>().sqrt()
}

/// How far above what it would land on a let-go counts as a hand laying
/// the piece down (L-17): closer than this, the piece is lowered until it
/// touches and let go there, at rest.
pub const LAY_DOWN_MM: f64 = 3.0;

/// L-17: `pose` lowered straight down until the piece touches what is
/// under it, when that is at most [`LAY_DOWN_MM`] below; otherwise None
/// (a drop from higher up falls from `pose` itself). "Touches" is judged on the
/// nominal (sharp) outlines, which the simulated rounded ones lie within,
/// exactly (a shape cast): the piece is let go neither pressed into what
/// it touches nor falling onto it. On the outer part of a foundation face
/// even a fall of 0.02 mm brings the pair down (`tests/hollow.rs`).
fn lowered_into_contact(world: &World, size: Size, pose: Pose) -> Option<Pose> {
    let room = world.0.room_below_mm(size.kind(), pose, LAY_DOWN_MM)?;
    Some(Pose {
        position: [pose.position[0], pose.position[1], pose.position[2] - room],
        ..pose
    })
}

/// L-18: the pose a hand lets go of when it aims a placement at `aim` and
/// its unsteadiness (L5) makes that `noisy`. Whether the hand lays the
/// piece down (L-17) is decided where it aimed, moved across by the noise
/// (the noise's height is no matter to a hand lowering a piece until it
/// touches). A piece laid down is set down flush, as fingers feel a face
/// and let the piece settle against it before they open: at the noisy
/// place across, the aimed height (then lowered) and the aimed tilt. A
/// piece let go from higher up keeps the whole noise. The noise is drawn
/// either way, so the seeded stream advances alike.
/// (Issue 25: with the noisy tilt, a small laid on the outer half of a
/// foundation face brought the pair down about one time in two;
/// `tests/hollow.rs`, and `docs/rules/leaning.md`.)
pub fn let_go_pose(world: &World, size: Size, aim: &Pose, noisy: Pose) -> Pose {
    let flush = Pose {
        position: [noisy.position[0], noisy.position[1], aim.position[2]],
        rotation_deg: aim.rotation_deg,
    };
    if laid_down(world, size, flush) {
        flush
    } else {
        noisy
    }
}

/// Whether a drop at `pose` would be laid down (L-17), after the lift of
/// L-3: the same search as [`insert`]'s, without adding the piece.
fn laid_down(world: &World, size: Size, pose: Pose) -> bool {
    let mut pose = pose;
    for _ in 0..=LIFT_STEPS {
        let lowered = lowered_into_contact(world, size, pose);
        match world.0.fits(size.kind(), lowered.unwrap_or(pose)) {
            Ok(()) => return lowered.is_some(),
            Err(PlaceError::NotFinite) => return false,
            Err(_) => pose.position[2] += LIFT_STEP_MM,
        }
    }
    false
}

/// Drops or holds a piece at `pose`, raising it up to 5 mm when the pose
/// starts inside another piece or the table (a hand lets go just clear of
/// what it touches, L-3). A hold is also raised until no corner touches the
/// table (L12). None when even 5 mm higher it starts inside something.
pub fn insert(
    world: &mut World,
    size: Size,
    pose: Pose,
    hold: bool,
    settings: &Settings,
) -> Option<PieceId> {
    let mut pose = pose;
    if hold {
        let low = crate::geometry::lowest_corner_mm(size, &pose, &settings.physics.pieces);
        let clear = settings.corner_eps_mm + 0.05;
        if low < clear {
            pose.position[2] += clear - low;
        }
    }
    for _ in 0..=LIFT_STEPS {
        let placed = if hold {
            world.0.hold_piece(size.kind(), pose)
        } else {
            let lowered = lowered_into_contact(world, size, pose);
            world.0.drop_piece(size.kind(), lowered.unwrap_or(pose))
        };
        match placed {
            Ok(id) => return Some(id),
            Err(PlaceError::NotFinite) => return None,
            Err(_) => pose.position[2] += LIFT_STEP_MM,
        }
    }
    None
}

/// The pieces in contact (L2), each pair `(low, high)` once, ascending:
/// the physics' contacts, and those between two held (or frozen) pieces.
/// Rapier computes no contact between two fixed bodies, so each held piece
/// near another is let go on a copy of the world for one step, whose
/// contacts are computed where the pieces stand (a step detects before it
/// moves anything).
pub fn contacts(world: &World) -> Vec<(PieceId, PieceId)> {
    let mut pairs = world.0.contacts();
    let held: Vec<PieceId> = (0..world.0.len())
        .map(PieceId)
        .filter(|&id| world.0.is_held(id) && !world.0.is_removed(id))
        .collect();
    for (k, &a) in held.iter().enumerate() {
        let others = &held[k + 1..];
        if others.is_empty() {
            continue;
        }
        let mut probe = world.clone();
        probe.0.release(a);
        probe.0.step();
        pairs.extend(
            probe.0.contacts().into_iter().filter(|&(x, y)| {
                (x == a && others.contains(&y)) || (y == a && others.contains(&x))
            }),
        );
    }
    pairs.sort();
    pairs.dedup();
    pairs
}

/// How many in-play pieces each piece touches (L2), by [`PieceId`];
/// `extra` is a piece not yet in `pieces` (the one being judged).
pub fn contact_counts(world: &World, pieces: &[PieceInfo], extra: Option<PieceId>) -> Vec<usize> {
    let n = world.0.len();
    let mut counts = vec![0; n];
    let in_play = |i: usize| {
        pieces
            .get(i)
            .map_or(Some(PieceId(i)) == extra, PieceInfo::in_play)
    };
    for (a, b) in contacts(world) {
        if a.0 < n && b.0 < n && in_play(a.0) && in_play(b.0) {
            counts[a.0] += 1;
            counts[b.0] += 1;
        }
    }
    counts
}

/// The in-play pieces `piece` touches (L2), ascending.
pub fn touching(world: &World, pieces: &[PieceInfo], piece: PieceId) -> Vec<PieceId> {
    let in_play = |id: PieceId| pieces.get(id.0).is_none_or(PieceInfo::in_play);
    let mut out: Vec<PieceId> = contacts(world)
        .into_iter()
        .filter_map(|(a, b)| {
            if a == piece {
                Some(b)
            } else if b == piece {
                Some(a)
            } else {
                None
            }
        })
        .filter(|&id| in_play(id))
        .collect();
    out.sort();
    out.dedup();
    out
}
