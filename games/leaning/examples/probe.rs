//! Scratch probe for scenario geometry.
use stackyard_leaning::bot::{Lean, lean_against, target_centre};
use stackyard_leaning::geometry::*;
use stackyard_leaning::scenario::*;
use stackyard_leaning::{Settings, Size, World};
use stackyard_physics::{PieceSettings, Pose};

fn sp(id: &str, kind: &str, p: Pose, owner: OwnerName) -> StructurePiece {
    StructurePiece { id: id.into(), kind: kind.into(), position: p.position, rotation_deg: p.rotation_deg, held: false, owner, level: None }
}
fn foundation() -> Vec<StructurePiece> {
    vec![
        sp("left", "pyramid-large", Pose::at(-38.595, 0.0, 11.019).rotated(0.0, 60.0, 0.0), OwnerName::Name("neutral".into())),
        sp("right", "pyramid-large", Pose::at(38.595, 0.0, 11.019).rotated(0.0, -60.0, 0.0), OwnerName::Name("neutral".into())),
    ]
}
fn run(name: &str, pieces: Vec<StructurePiece>, kind: &str, pose: Pose) -> Option<JudgeReport> {
    let input = JudgeScenario { pieces, placement: PlacementInput { kind: kind.into(), position: pose.position, rotation_deg: pose.rotation_deg, hold: false, owner: None }, previous_kind: None, settings: None, rules: None };
    match judge(&input) {
        Ok(r) => { println!("{name}: {:?} {:?} dist={:?} corners={} touch={:?} lvl={} pts={} moved={:.1} pose={:?} rest={:?}", r.verdict, r.reason, r.disturbed, r.table_corners, r.touching, r.level, r.points, r.moved_mm, pose, r.rest_pose); Some(r) }
        Err(e) => { println!("{name}: ERR {e}"); None }
    }
}
fn world_of(pieces: &[StructurePiece]) -> World {
    let sc = stackyard_physics::scenario::Scenario { pieces: pieces.iter().map(|p| stackyard_physics::scenario::ScenarioPiece { id: p.id.clone(), kind: p.kind.clone(), position: p.position, rotation_deg: p.rotation_deg, held: p.held }).collect(), settings: Settings::default().table_settings() };
    let mut w = World(sc.build().unwrap());
    w.0.settle();
    w
}
fn main() {
    debug_hold();
    if std::env::args().count() < 2 { return; }
    let ps = PieceSettings::default();
    let s = Settings::default();
    let left = Pose::at(-38.595, 0.0, 11.019).rotated(0.0, 60.0, 0.0);
    let f = foundation();
    let mut w = world_of(&f);
    let before = w.0.snapshot();
    let _ = (&mut w, &before);
    let small = Pose { position: [-30.896034160356344, -31.940625, 6.287751510039813], rotation_deg: [0.0, 60.0, 90.0] };
    let mut f2 = f.clone();
    f2.push(sp("s", "pyramid-small", small, OwnerName::Seat(0)));
    let mut w2 = world_of(&f2);
    let b2 = w2.0.snapshot();
    let cs = target_centre(Size::Small, &w2.0.pose(stackyard_physics::PieceId(2)), &ps);
    for tilt in [55.0, 60.0, 65.0] {
        for (yaw, lat) in [(90.0, 0.0), (90.0, 3.0), (0.0, 0.0), (180.0, 0.0)] {
            let lean = Lean { towards: cs, yaw_deg: yaw, tilt_deg: tilt, roll_deg: 0.0, lateral_mm: lat, standoff_mm: 0.3 };
            if let Some(p) = lean_against(&mut w2, &b2, Size::Medium, &lean, &s) {
                run(&format!("medium vs s tilt {tilt} yaw {yaw} lat {lat}"), f2.clone(), "pyramid-medium", p);
            }
        }
    }
    // wreck: add a small on the right side too, then drop a medium on the apexes
    let mut f3 = f2.clone();
    f3.push(sp("t", "pyramid-small", Pose { position: [30.896034160356344, -31.940625, 6.287751510039813], rotation_deg: [0.0, 60.0, 90.0] }, OwnerName::Seat(1)));
    f3.push(sp("u", "pyramid-medium", Pose { position: [-71.27415916035633, 0.0, 8.69097200554163], rotation_deg: [0.0, 60.0, 0.0] }, OwnerName::Seat(0)));
    for z in [34.5, 40.0, 60.0] {
        run(&format!("large flat on apexes z {z}"), f3.clone(), "pyramid-large", Pose::at(0.0, 0.0, z));
        run(&format!("large side on apexes z {z}"), f3.clone(), "pyramid-large", Pose::at(0.0, 0.0, z + 13.0).rotated(90.0, 0.0, 0.0));
    }
    let (n, c) = face(Size::Large, &left, 3, &ps);
    for gap in [0.1, 0.2, 0.4, 1.0] {
        let input = JudgeScenario { pieces: f.clone(), placement: PlacementInput { kind: "pyramid-small".into(), position: pose_on_surface(c, n, 0.0, gap).position, rotation_deg: pose_on_surface(c, n, 0.0, gap).rotation_deg, hold: true, owner: None }, previous_kind: None, settings: None, rules: None };
        println!("hold gap {gap}: {:?}", judge(&input).map(|r| (r.verdict, r.touching, r.points)));
    }
}
#[allow(dead_code)]
fn debug_hold() {
    let ps = PieceSettings::default();
    let s = Settings::default();
    let left = Pose::at(-38.595, 0.0, 11.019).rotated(0.0, 60.0, 0.0);
    let f = foundation();
    let (n, c) = face(Size::Large, &left, 3, &ps);
    for gap in [0.0, 0.02, 0.1, 0.2] {
        let mut w = world_of(&f);
        let id = w.0.hold_piece(Size::Small.kind(), pose_on_surface(c, n, 0.0, gap)).unwrap();
        for i in 0..2 { w.0.hold(stackyard_physics::PieceId(i)); w.0.release(stackyard_physics::PieceId(i)); }
        w.0.step();
        let st = w.0.settle();
        println!("gap {gap}: id {id:?} steps {} c0.3 {:?} c1 {:?} c5 {:?} lowest {}", st.steps, w.0.contacts_filtered(0.3, 0.0), w.0.contacts_filtered(1.0, 0.0), w.0.contacts_filtered(5.0, 0.0), w.0.lowest_mm(id));
        let _ = &s;
    }
}
