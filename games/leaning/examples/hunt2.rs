//! Scratch: inverted (apex-down) leaning pieces and the held V trough.
use stackyard_core::{Game, GameTime, Seat, Seed, Viewer};
use stackyard_leaning::bot::infos;
use stackyard_leaning::judge::{attempt, Attempt};
use stackyard_leaning::*;
use stackyard_physics::Pose;

fn main() {
    let mut s = Settings::new(2);
    s.hand_noise = HandNoise::OFF;
    let mut g = LeaningTowers::new(&s, Seed(1)).unwrap();
    let left = Pose::at(-38.595, 0.0, 11.019).rotated(0.0, 60.0, 0.0);
    let right = Pose::at(38.595, 0.0, 11.019).rotated(0.0, -60.0, 0.0);
    g.apply(Seat(0), &Action::Foundation { pieces: [FoundationPiece { size: Size::Large, pose: left }, FoundationPiece { size: Size::Large, pose: right }] }, GameTime::ZERO).unwrap();
    let view = g.view(Viewer::Spectator);
    let pieces = infos(&view);
    let mut world = World::from_snapshot(&view.world);
    let before = world.0.snapshot();
    let ps = &s.physics.pieces;
    for size in [Size::Small, Size::Medium] {
        for tilt in [-40.0, -30.0, -20.0, 20.0, 30.0, 40.0] {
            for (yaw, cx) in [(90.0, -30.9), (0.0, -30.9)] {
                let lean = stackyard_leaning::bot::Lean { towards: [cx, 0.0], yaw_deg: yaw, tilt_deg: tilt, roll_deg: 180.0, lateral_mm: 0.0, standoff_mm: 0.3 };
                let Some(pose) = stackyard_leaning::bot::lean_against(&mut world, &before, size, &lean, &s) else { continue };
                world.0.restore(&before);
                let j = attempt(&mut world, &pieces, Attempt::Drop { size, pose }, &s, false);
                println!("{size:?} tilt {tilt} yaw {yaw}: {:?} {:?} corners {} touch {:?} level {} points {} moved {:.1} pose {:?}", j.verdict, j.slip, j.table_corners, j.touching, j.level, j.points, j.moved_mm, pose);
            }
        }
    }
    let _ = ps;
}
