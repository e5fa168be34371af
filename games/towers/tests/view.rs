//! The view is the whole position as plain data: through JSON and back it
//! rebuilds the identical position, in every variant and phase, so bots
//! that play from their view play the same game as the engine.

use proptest::prelude::*;
use stackyard_core::{Game, Viewer};
use stackyard_towers::{Position, View};

const VARIANTS: &[&str] = &[
    "2x2",
    "8x8",
    "5x7",
    "8x8+capture",
    "6x6+suburbs+capture",
    "8x8+infrastructure:4",
    "7x7+infrastructure:3+capture",
    "5x5+sprawl+capture+suburbs",
    "6x4+sprawl+infrastructure:2+capture",
    "13x11",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn a_view_rebuilds_the_identical_position(
        variant in prop::sample::select(VARIANTS),
        picks in prop::collection::vec(any::<u16>(), 0..120),
    ) {
        let mut p = Position::new(variant.parse().unwrap()).unwrap();
        for &k in &picks {
            let view = p.view(Viewer::Spectator);
            let text = serde_json::to_string(&view).unwrap();
            let back: View = serde_json::from_str(&text).unwrap();
            prop_assert_eq!(&back, &view);
            prop_assert_eq!(Position::from_view(&back).unwrap(), p.clone());
            let legal = p.legal_moves();
            if legal.is_empty() {
                break;
            }
            p.play(legal[usize::from(k) % legal.len()]).unwrap();
        }
    }
}

#[test]
fn a_view_that_is_not_a_position_is_refused() {
    let p = Position::standard();
    let mut view = p.view(Viewer::Seat(stackyard_core::Seat(0)));
    view.blocks.pop();
    assert!(Position::from_view(&view).is_err(), "a block missing");
    let mut view = p.view(Viewer::Spectator);
    view.blocks[0].top = None;
    assert!(Position::from_view(&view).is_err(), "floors without a top");
}

#[test]
fn moves_travel_as_tagged_objects() {
    let m: stackyard_towers::Move = "c3-c5".parse().unwrap();
    assert_eq!(
        serde_json::to_string(&m).unwrap(),
        r#"{"type":"step","from":"c3","to":"c5"}"#
    );
    for text in ["c3-c5", "pass", "+c3", "*z26"] {
        let m: stackyard_towers::Move = text.parse().unwrap();
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(
            serde_json::from_str::<stackyard_towers::Move>(&json).unwrap(),
            m
        );
    }
    assert!(
        serde_json::from_str::<stackyard_towers::Move>(r#"{"type":"step","from":"c0","to":"c5"}"#)
            .is_err()
    );
}

/// A block says only what it has: `utility` only when a utility is inside
/// (T14), `top` only on a tower (T6). Every Towers message carries 64 of
/// them, so the keys left out are most of a message's size.
#[test]
fn a_block_leaves_out_what_it_does_not_have() {
    let mut p: Position = "8x8+infrastructure:2"
        .parse::<stackyard_towers::Variant>()
        .map(|v| Position::new(v).unwrap())
        .unwrap();
    let view = p.view(Viewer::Spectator);
    let text = serde_json::to_string(&view.blocks[0]).unwrap();
    assert_eq!(text, r#"{"height":1,"top":"black"}"#);
    let utility = p.legal_moves()[0];
    p.play(utility).unwrap();
    let view = p.view(Viewer::Spectator);
    let with_utility: Vec<String> = view
        .blocks
        .iter()
        .filter(|b| b.utility)
        .map(|b| serde_json::to_string(b).unwrap())
        .collect();
    assert_eq!(with_utility.len(), 1, "{utility:?} placed one utility");
    assert!(with_utility[0].contains(r#""utility":true"#));
}
