//! Hand-made structures shared by the rules tests: the leaning pair of
//! large pyramids as foundation, and poses found to rest on it.

#![allow(dead_code)]

use stackyard_core::{Game, GameTime, Seat, Seed, Viewer};
use stackyard_leaning::scenario::{JudgeScenario, OwnerName, PlacementInput, StructurePiece};
use stackyard_leaning::{Action, FoundationPiece, HandNoise, LeaningTowers, Settings, Size};
use stackyard_physics::Pose;

/// The foundation's left large: on its +x base edge, tilted 60° towards x = 0.
pub const LEFT: Pose = Pose {
    position: [-38.595, 0.0, 11.019],
    rotation_deg: [0.0, 60.0, 0.0],
};
/// Its mirror image.
pub const RIGHT: Pose = Pose {
    position: [38.595, 0.0, 11.019],
    rotation_deg: [0.0, -60.0, 0.0],
};
/// A small leaning from −y on the left large's side face (clean, level 0,
/// two corners down, touching the left large only).
pub const SMALL_LEANING_ON_LEFT: Pose = Pose {
    position: [-30.896034160356344, -31.940625, 6.287751510039813],
    rotation_deg: [0.0, 60.0, 90.0],
};
/// A medium leaning from −y on that small (it touches only the small, so
/// the small would touch two pieces: one more than its pip).
pub const MEDIUM_LEANING_ON_SMALL: Pose = Pose {
    position: [-30.886423346426124, -52.89443397439345, 8.69097200554163],
    rotation_deg: [0.0, 60.0, 90.0],
};
/// A medium leaning from −x on the left large (clean, level 0).
pub const MEDIUM_LEANING_ON_LEFT: Pose = Pose {
    position: [-71.27415916035633, 0.0, 8.69097200554163],
    rotation_deg: [0.0, 60.0, 0.0],
};
/// A small lying on its side far from everything: it rolls onto a face,
/// two base corners and the apex on the table.
pub const SMALL_LYING: Pose = Pose {
    position: [0.0, 80.0, 7.2],
    rotation_deg: [90.0, 0.0, 0.0],
};
/// Above the point where the foundation's apexes meet.
pub fn above_apexes(z: f64) -> Pose {
    Pose::at(0.0, 0.0, z)
}

/// The left large's upward side face (face 3): its outward normal and centroid.
pub fn left_top_face() -> ([f64; 3], [f64; 3]) {
    stackyard_leaning::geometry::face(
        Size::Large,
        &LEFT,
        3,
        &stackyard_physics::PieceSettings::default(),
    )
}

/// A small flat on the left large's upward face, `gap_mm` off it.
pub fn small_on_left_face(gap_mm: f64) -> Pose {
    let (n, c) = left_top_face();
    stackyard_leaning::geometry::pose_on_surface(c, n, 0.0, gap_mm)
}

/// Settings with hand noise off, `seats` players.
pub fn quiet(seats: u8) -> Settings {
    let mut s = Settings::new(seats);
    s.hand_noise = HandNoise::OFF;
    s
}

/// A game whose foundation (the leaning pair) seat 0 has just built by hand.
pub fn founded(seats: u8) -> LeaningTowers {
    let mut g = LeaningTowers::new(&quiet(seats), Seed(1)).unwrap();
    let pieces = [
        FoundationPiece {
            size: Size::Large,
            pose: LEFT,
        },
        FoundationPiece {
            size: Size::Large,
            pose: RIGHT,
        },
    ];
    g.apply(Seat(0), &Action::Foundation { pieces }, GameTime::ZERO)
        .unwrap();
    assert_eq!(g.pieces().len(), 2, "the leaning pair stands");
    g
}

/// A structure piece for the judge.
pub fn piece(id: &str, kind: &str, pose: Pose, owner: OwnerName) -> StructurePiece {
    StructurePiece {
        id: id.into(),
        kind: kind.into(),
        position: pose.position,
        rotation_deg: pose.rotation_deg,
        held: false,
        owner,
        level: None,
    }
}

/// The foundation as judge input.
pub fn foundation_pieces() -> Vec<StructurePiece> {
    let neutral = || OwnerName::Name("neutral".into());
    vec![
        piece("left", "pyramid-large", LEFT, neutral()),
        piece("right", "pyramid-large", RIGHT, neutral()),
    ]
}

/// A judge scenario: `pieces` and one placement.
pub fn scenario(pieces: Vec<StructurePiece>, kind: &str, pose: Pose, hold: bool) -> JudgeScenario {
    JudgeScenario {
        pieces,
        placement: PlacementInput {
            kind: kind.into(),
            position: pose.position,
            rotation_deg: pose.rotation_deg,
            hold,
            owner: None,
        },
        previous_kind: None,
        settings: None,
        rules: None,
    }
}

/// Every piece's pose bits.
pub fn bits(g: &LeaningTowers) -> Vec<[u32; 7]> {
    g.world().pose_bits()
}

/// A spectator's view.
pub fn view(g: &LeaningTowers) -> stackyard_leaning::View {
    g.view(Viewer::Spectator)
}
