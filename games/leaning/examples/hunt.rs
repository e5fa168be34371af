//! Scratch: hunts candidate poses with given judgements for the rules tests.
use stackyard_core::{Game, GameTime, Seat, Seed, Viewer};
use stackyard_leaning::bot::{infos, sample_candidate};
use stackyard_leaning::judge::{attempt, Attempt};
use stackyard_leaning::*;
use stackyard_physics::Pose;

fn main() {
    let mut s = Settings::new(2);
    s.hand_noise = HandNoise::OFF;
    let mut g = LeaningTowers::new(&s, Seed(1)).unwrap();
    let left = Pose::at(-38.595, 0.0, 11.019).rotated(0.0, 60.0, 0.0);
    let right = Pose::at(38.595, 0.0, 11.019).rotated(0.0, -60.0, 0.0);
    println!("{:?}", g.apply(Seat(0), &Action::Foundation { pieces: [FoundationPiece { size: Size::Large, pose: left }, FoundationPiece { size: Size::Large, pose: right }] }, GameTime::ZERO));
    let small = Pose { position: [-30.896034160356344, -31.940625, 6.287751510039813], rotation_deg: [0.0, 60.0, 90.0] };
    println!("{:?}", g.apply(Seat(0), &Action::Place { size: Size::Small, pose: small }, GameTime::ZERO));
    let view = g.view(Viewer::Spectator);
    let pieces = infos(&view);
    let mut world = World::from_snapshot(&view.world);
    let before = world.0.snapshot();
    let mut rng = Seed(5).rng("hunt");
    let mut found = [0; 4];
    let mut hist = std::collections::BTreeMap::new();
    for i in 0..600 {
        let size = [Size::Small, Size::Medium, Size::Large][i % 3];
        let Some(c) = sample_candidate(&mut world, &before, &view, size, &s, &mut rng) else { continue };
        world.0.restore(&before);
        let j = attempt(&mut world, &pieces, Attempt::Drop { size, pose: c.pose }, &s, false);
        *hist.entry(format!("{size:?} {:?} {:?} c{} t{} l{}", j.verdict, j.slip, j.table_corners, j.touching.len(), j.level)).or_insert(0) += 1;
        let cat = if j.slip == Some(SlipReason::Contacts) && size == Size::Small { 0 }
            else if j.verdict == Verdict::Clean && j.table_corners == 1 { 1 }
            else if j.verdict == Verdict::Clean && j.level >= 1 && j.touching.len() >= 2 { 2 }
            else if j.verdict == Verdict::Clean && j.level >= 2 { 3 }
            else { continue };
        if found[cat] < 3 {
            found[cat] += 1;
            println!("cat {cat} {size:?} pose {:?} -> {:?} {:?} corners {} touch {:?} level {} points {}", c.pose, j.verdict, j.slip, j.table_corners, j.touching, j.level, j.points);
        }
    }
    for (k, v) in hist { println!("{k}: {v}"); }
}
