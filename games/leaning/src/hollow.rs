//! L1: the pyramids are hollow, and "the point of one piece cannot touch
//! the inside point of another piece". A piece may cover another's point
//! (rest over it, in its hollow) when it rests on the other's faces or on
//! its own rim; it may not rest with one point in the other's inside point.
//!
//! The check reads the physics table as the run left it: the two pieces
//! touch (L2), and the point of one is where the inside point (the top of
//! the hollow) of the other is, within [`POINT_TOUCH_MM`]. Both are the
//! nominal sharp points of the pieces' poses. A piece nested on one of its
//! own size fits point into inside point, its faces along the other's.
//! A smaller piece covering a larger one's point rests on its rim, the
//! faces not quite touching above it (the sizes' slopes differ a little),
//! and its inside point 0.15 mm (a small on a medium, a medium on a large)
//! to 0.25 mm (a small on a large) above the larger's point: covering, not
//! touching. A larger piece over a smaller one's point reaches the table
//! first.

use crate::piece::PieceInfo;
use crate::world::World;
use stackyard_physics::PieceId;

/// How near a point must be to an inside point to touch it (mm): nested
/// pieces of one size end within a few hundredths of a millimetre (the
/// solver's give), a smaller piece covering a larger one's point 0.15 mm
/// or more away.
pub const POINT_TOUCH_MM: f64 = 0.1;

/// The first in-play piece whose inside point `piece`'s point touches, or
/// whose point touches `piece`'s inside point (L1), if any.
pub fn point_on_inside_point(
    world: &World,
    pieces: &[PieceInfo],
    piece: PieceId,
) -> Option<PieceId> {
    let table = &world.0;
    let eps = table.settings().contacts.max_distance_mm;
    let piece_settings = &table.settings().pieces;
    let ends = |id: PieceId| {
        table
            .kind(id)
            .apex_and_inside_point_mm(piece_settings)
            .map(|(apex, inside)| (table.to_world_mm(id, apex), table.to_world_mm(id, inside)))
    };
    let (apex, inside) = ends(piece)?;
    (0..table.len()).map(PieceId).find(|&other| {
        if other == piece
            || table.is_removed(other)
            || !pieces.get(other.0).is_none_or(PieceInfo::in_play)
        {
            return false;
        }
        let Some((other_apex, other_inside)) = ends(other) else {
            return false;
        };
        let touching = !table.contact_points(piece, other, eps).is_empty();
        touching
            && (distance(&apex, &other_inside) <= POINT_TOUCH_MM
                || distance(&other_apex, &inside) <= POINT_TOUCH_MM)
    })
}

fn distance(a: &[f64; 3], b: &[f64; 3]) -> f64 {
    (0..3).map(|i| (a[i] - b[i]).powi(2)).sum::<f64>().sqrt()
}
