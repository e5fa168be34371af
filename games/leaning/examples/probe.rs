//! Scratch timing probe.
use stackyard_core::{Game, GameTime, Seat, Seed};
use stackyard_leaning::*;
use stackyard_physics::Pose;
use std::time::Instant;
fn main() {
    let mut s = Settings::new(2);
    s.hand_noise = HandNoise::OFF;
    let mut g = LeaningTowers::new(&s, Seed(1)).unwrap();
    let t = Instant::now();
    let ev = g.apply(Seat(0), &Action::AutoFoundation, GameTime::ZERO).unwrap();
    println!("foundation {:?} {:?}", t.elapsed(), ev);
    for v in g.view(stackyard_core::Viewer::Spectator).pieces { println!("{:?}", v); }
    // a small resting on top of the two apexes? try dropping a small flat on top near apex
    for (i, pose) in [Pose::at(0.0, 30.0, 0.0).rotated(0.0, 0.0, 0.0), Pose::at(0.0, 0.0, 45.0), Pose::at(0.0, 25.0, 7.0).rotated(-60.0, 0.0, 0.0)].iter().enumerate() {
        let mut h = g.clone();
        let t = Instant::now();
        let r = h.apply(Seat(0), &Action::Place { size: Size::Small, pose: *pose }, GameTime::ZERO);
        println!("{i}: {:?} {:?}", t.elapsed(), r);
    }
}
