//! The foundation (L4): two neutral medium or large pyramids, each touching
//! the table, that obey L6 and L7 once settled. Built by hand (both let go
//! together, L-1) or found automatically by a seeded search over leaning
//! pairs, each candidate simulated on a fresh table.

use crate::action::FoundationPiece;
use crate::geometry::noisy;
use crate::judge::contact_counts;
use crate::piece::Size;
use crate::settings::Settings;
use crate::world::World;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use stackyard_physics::{PieceId, Pose};

/// Candidates the automatic search simulates before it gives up (the first
/// seat may ask again; the stream has moved on, so it tries new poses).
pub const SEARCH_CANDIDATES: usize = 24;

/// Two pyramids leaning towards each other along the direction `yaw_deg`,
/// each standing on one base edge, tilted `tilt_deg`, their apexes `gap_mm`
/// short of the midpoint `centre` (so each tips the last bit onto the other).
pub fn leaning_pair(
    sizes: [Size; 2],
    tilt_deg: [f64; 2],
    yaw_deg: f64,
    centre: [f64; 2],
    gap_mm: f64,
    settings: &Settings,
) -> [FoundationPiece; 2] {
    let (uy, ux) = yaw_deg.to_radians().sin_cos();
    let piece = |i: usize| {
        let size = sizes[i];
        let spec = match size {
            Size::Small => &settings.physics.pieces.pyramid_small,
            Size::Medium => &settings.physics.pieces.pyramid_medium,
            Size::Large => &settings.physics.pieces.pyramid_large,
        };
        let tilt = tilt_deg[i].to_radians();
        let reach = spec.height * tilt.sin() + gap_mm;
        // The first piece stands on the −u side leaning towards +u (Ry(+t)
        // lowers its +x edge), the second mirrors it.
        let side = if i == 0 { -1.0 } else { 1.0 };
        let pose = Pose {
            position: [
                centre[0] + side * reach * ux,
                centre[1] + side * reach * uy,
                spec.base / 2.0 * tilt.sin() + 0.02,
            ],
            rotation_deg: [0.0, -side * tilt_deg[i], yaw_deg],
        };
        FoundationPiece { size, pose }
    };
    [piece(0), piece(1)]
}

/// Lets both pieces go on `world` (which should be empty), with hand noise
/// from `noise` when given, runs to rest and checks L4, L6 and L7. On an
/// error the world is left as the run ended; the caller starts afresh.
pub fn build(
    world: &mut World,
    pieces: &[FoundationPiece; 2],
    settings: &Settings,
    noise: Option<&mut ChaCha8Rng>,
) -> Result<[PieceId; 2], String> {
    let mut poses = [pieces[0].pose, pieces[1].pose];
    if let Some(rng) = noise {
        let n = &settings.hand_noise;
        for p in poses.iter_mut() {
            *p = noisy(p, n.position_mm, n.angle_deg, rng);
        }
    }
    let mut ids = [PieceId(0); 2];
    for i in 0..2 {
        let mut pose = poses[i];
        // As for any let-go (L-3): raised clear of what noise pushed it into.
        let mut placed = None;
        for _ in 0..=20 {
            match world.0.drop_piece(pieces[i].size.kind(), pose) {
                Ok(id) => {
                    placed = Some(id);
                    break;
                }
                Err(_) => pose.position[2] += 0.25,
            }
        }
        ids[i] = placed.ok_or_else(|| format!("foundation piece {i} had no room"))?;
    }
    let settled = world.0.settle();
    if !settled.rested {
        return Err("the foundation did not come to rest".into());
    }
    check(world, ids, settings)?;
    Ok(ids)
}

/// Whether two settled foundation pieces obey L4, L6 and L7.
pub fn check(world: &World, ids: [PieceId; 2], settings: &Settings) -> Result<(), String> {
    let _ = settings;
    let counts = contact_counts(world, &[], None);
    for (i, &id) in ids.iter().enumerate() {
        if !world.0.on_table(id) {
            return Err(format!(
                "foundation piece {i} does not touch the table (L4)"
            ));
        }
        let corners = world
            .0
            .table_corners(id)
            .map_or(0, |c| c.iter().filter(|&&b| b).count());
        if corners > 2 {
            return Err(format!(
                "foundation piece {i} has {corners} corners on the table (L6)"
            ));
        }
        let size = Size::of_kind(world.0.kind(id)).unwrap_or(Size::Small);
        if counts.get(id.0).copied().unwrap_or(0) > size.pips() {
            return Err(format!("foundation piece {i} touches too many pieces (L7)"));
        }
    }
    Ok(())
}

/// Searches leaning pairs (sizes, tilts, direction, centre drawn from `rng`;
/// the pair known to stand — two larges at 60° — first) and returns the
/// first that builds a legal foundation without hand noise: the world, the
/// poses and the ids. `None` when every candidate failed.
pub fn search(
    settings: &Settings,
    rng: &mut ChaCha8Rng,
) -> Option<(World, [FoundationPiece; 2], [PieceId; 2])> {
    for i in 0..SEARCH_CANDIDATES {
        let pair = if i == 0 {
            leaning_pair([Size::Large; 2], [60.0; 2], 0.0, [0.0; 2], 0.1, settings)
        } else {
            let size = |r: &mut ChaCha8Rng| {
                if r.random::<bool>() {
                    Size::Large
                } else {
                    Size::Medium
                }
            };
            let sizes = [size(rng), size(rng)];
            let tilt = 52.0 + 14.0 * rng.random::<f64>();
            let yaw = 360.0 * rng.random::<f64>();
            let centre = [
                40.0 * rng.random::<f64>() - 20.0,
                40.0 * rng.random::<f64>() - 20.0,
            ];
            leaning_pair(sizes, [tilt; 2], yaw, centre, 0.1, settings)
        };
        let mut world = World::new(settings.table_settings());
        if let Ok(ids) = build(&mut world, &pair, settings, None) {
            return Some((world, pair, ids));
        }
    }
    None
}
