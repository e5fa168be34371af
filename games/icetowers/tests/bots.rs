//! Bot policies on small positions where the right play is known.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use stackyard_core::{Seat, Seed};
use stackyard_icetowers::bots::{Policy, decide};
use stackyard_icetowers::{Action, Colour, IceTowers, PieceId, Settings};

fn p(colour: u8, pips: u8, n: u8) -> PieceId {
    PieceId::new(Colour(colour), (pips - 1) * 5 + n)
}

#[test]
fn greedy_and_strong_take_the_tallest_tower() {
    // Yellow tops a 9-pip tower; everything else is a free-stander.
    let tall = vec![p(1, 3, 0), p(1, 3, 1), p(1, 3, 2)];
    let g = IceTowers::arranged(&Settings::new(2), &[tall], Seed(1)).unwrap();
    let target = g.towers().iter().find(|t| t.pieces.len() == 3).unwrap().id;
    for policy in [Policy::Greedy, Policy::Strong] {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let a = decide(policy, &g, Seat(0), &mut rng).unwrap();
        let Action::Cap { onto, .. } = a else {
            panic!("{policy}: {a:?}")
        };
        assert_eq!(onto, target, "{policy}");
    }
}

#[test]
fn bots_say_ready_then_done_when_nothing_gains() {
    let g = IceTowers::new(&Settings::new(2), Seed(1)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for policy in [Policy::Random, Policy::Greedy, Policy::Strong] {
        assert_eq!(decide(policy, &g, Seat(1), &mut rng), Some(Action::Ready));
    }
    // Red tops every tower and has no free-standers left: greedy is done.
    let stacks: Vec<Vec<PieceId>> = (0..15)
        .map(|k| vec![PieceId::new(Colour(1), k), PieceId::new(Colour(0), k)])
        .collect();
    let g = IceTowers::arranged(&Settings::new(2), &stacks, Seed(1)).unwrap();
    assert_eq!(
        decide(Policy::Greedy, &g, Seat(0), &mut rng),
        Some(Action::Done)
    );
}

#[test]
fn bots_move_the_ghost_against_the_leader() {
    // Two players and the ghost. Yellow leads with a tall tower red cannot
    // reach (red has only large free-standers left... none: all red pieces
    // are buried), so red's only gain is capping it with a ghost piece.
    let mut tall = vec![p(1, 3, 0), p(1, 3, 1)];
    for k in 0..15 {
        tall.insert(0, PieceId::new(Colour(0), k));
    }
    let g = IceTowers::arranged(
        &Settings {
            ghost: true,
            ..Settings::new(2)
        },
        &[tall],
        Seed(1),
    )
    .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let a = decide(Policy::Greedy, &g, Seat(0), &mut rng).unwrap();
    match a {
        Action::Cap { piece, .. } => assert_eq!(piece.colour(), Colour(2), "{a:?}"),
        Action::Mine { piece, .. } => assert_eq!(piece.colour(), Colour(0), "{a:?}"),
        other => panic!("{other:?}"),
    }
}
