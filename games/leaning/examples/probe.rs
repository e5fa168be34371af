//! Scratch probe for scenario geometry.
use stackyard_leaning::geometry::*;
use stackyard_leaning::scenario::*;
use stackyard_leaning::Size;
use stackyard_physics::{PieceSettings, Pose};
use std::time::Instant;

fn sp(id: &str, kind: &str, p: Pose, owner: OwnerName) -> StructurePiece {
    StructurePiece { id: id.into(), kind: kind.into(), position: p.position, rotation_deg: p.rotation_deg, held: false, owner, level: None }
}
fn foundation() -> Vec<StructurePiece> {
    vec![
        sp("left", "pyramid-large", Pose::at(-38.595, 0.0, 11.019).rotated(0.0, 60.0, 0.0), OwnerName::Name("neutral".into())),
        sp("right", "pyramid-large", Pose::at(38.595, 0.0, 11.019).rotated(0.0, -60.0, 0.0), OwnerName::Name("neutral".into())),
    ]
}
fn run(name: &str, pieces: Vec<StructurePiece>, kind: &str, pose: Pose) {
    let input = JudgeScenario { pieces, placement: PlacementInput { kind: kind.into(), position: pose.position, rotation_deg: pose.rotation_deg, hold: false, owner: None }, previous_kind: None, settings: None, rules: None };
    let t = Instant::now();
    let r = judge(&input);
    match r {
        Ok(r) => println!("{name}: {:?} {:?} dist={:?} corners={} touch={:?} lvl={} pts={} moved={:.1} rest={:?} ({:?})", r.verdict, r.reason, r.disturbed, r.table_corners, r.touching, r.level, r.points, r.moved_mm, r.rest_pose, t.elapsed()),
        Err(e) => println!("{name}: ERR {e}"),
    }
}
fn main() {
    let ps = PieceSettings::default();
    let left = Pose::at(-38.595, 0.0, 11.019).rotated(0.0, 60.0, 0.0);
    let right = Pose::at(38.595, 0.0, 11.019).rotated(0.0, -60.0, 0.0);
    for x in [-70.0, -68.0, -66.0, -64.0, -62.0, -60.0] {
        run(&format!("small lean {x}"), foundation(), "pyramid-small", leaning_pose(Size::Small, [x, 0.0], 60.0, 0.0, 0.0, 0.1, &ps));
        run(&format!("small corner lean {x}"), foundation(), "pyramid-small", leaning_pose(Size::Small, [x, 0.0], 50.0, 25.0, 0.0, 0.1, &ps));
        run(&format!("medium lean {x}"), foundation(), "pyramid-medium", leaning_pose(Size::Medium, [x - 5.0, 0.0], 60.0, 0.0, 0.0, 0.1, &ps));
    }
    let (n, c) = face(Size::Large, &left, 3, &ps);
    let (n2, c2) = face(Size::Large, &right, 3, &ps);
    println!("left face3 pose {:?}", pose_on_surface(c, n, 0.0, 0.3));
    println!("right face3 pose {:?}", pose_on_surface(c2, n2, 0.0, 0.3));
    let mut f4 = foundation();
    f4.push(sp("s1", "pyramid-small", pose_on_surface(c, n, 0.0, 0.3), OwnerName::Seat(0)));
    f4.push(sp("s2", "pyramid-small", pose_on_surface(c2, n2, 0.0, 0.3), OwnerName::Seat(1)));
    run("medium on apexes of 4", f4.clone(), "pyramid-medium", Pose::at(0.0, 0.0, 34.5));
    run("large on apexes of 4", f4.clone(), "pyramid-large", Pose::at(0.0, 0.0, 34.5));
}
