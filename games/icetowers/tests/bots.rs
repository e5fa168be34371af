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

/// The tower a cap goes onto, and the capping piece's size.
fn cap(a: Action) -> (stackyard_icetowers::TowerId, u8) {
    match a {
        Action::Cap { piece, onto } => (onto, piece.pips()),
        other => panic!("expected a cap, got {other:?}"),
    }
}

#[test]
fn strong_keeps_its_small_where_a_large_takes_a_tower() {
    // I6: a tower topped by a small can only be taken with a small. Tower A
    // (7 pips, yellow small on top) is worth a little more than tower B
    // (5 pips, yellow large on top). Greedy spends a small on A; the strong
    // bot takes B with a bigger piece and keeps the small for later.
    let a = vec![p(1, 3, 0), p(1, 3, 1), p(1, 1, 0)];
    let b = vec![p(1, 2, 0), p(1, 3, 2)];
    let g = IceTowers::arranged(&Settings::new(2), &[a, b], Seed(1)).unwrap();
    let id = |pips: u32| g.towers().iter().find(|t| t.pips() == pips).unwrap().id;
    let (ta, tb) = (id(7), id(5));
    for seed in 0..4 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        assert_eq!(
            cap(decide(Policy::Greedy, &g, Seat(0), &mut rng).unwrap()),
            (ta, 1)
        );
        let (onto, pips) = cap(decide(Policy::Strong, &g, Seat(0), &mut rng).unwrap());
        assert_eq!(onto, tb, "seed {seed}");
        assert!(pips >= 2, "seed {seed}: spent a small");
    }
}

#[test]
fn strong_denies_the_tower_another_seat_is_about_to_take() {
    // Three seats. Green controls a 44-pip tower T (yellow's and green's
    // larges, three mediums of yellow and four of green) topped by a
    // green medium; yellow's greedy play is to cap it with a medium.
    // Yellow's and green's smalls are buried under red larges.
    // Colours alternate in T, so there is nothing to split (I11).
    let mut t: Vec<PieceId> = vec![PieceId::new(Colour(2), 8)];
    for k in (10..15).chain(5..8) {
        t.push(PieceId::new(Colour(1), k));
        t.push(PieceId::new(Colour(2), k));
    }
    let mut stacks = vec![t];
    for k in 0..5 {
        stacks.push(vec![p(1, 1, k), p(2, 1, k), p(0, 3, k)]);
    }
    let g = IceTowers::arranged(&Settings::new(3), &stacks, Seed(1)).unwrap();
    let tall = g.towers().iter().find(|t| t.pips() == 44).unwrap().id;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let yellow = decide(Policy::Greedy, &g, Seat(1), &mut rng).unwrap();
    assert_eq!(cap(yellow).0, tall, "yellow is about to take T");
    let now = g.now();
    // Whether yellow's committed play still lands after red's `play`.
    let lands_after = |play: Action| {
        let mut g = g.clone();
        g.play(Seat(0), &play, now).unwrap();
        g.play(Seat(1), &yellow, now).is_ok()
    };
    for seed in 0..4 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // Greedy caps T with its biggest piece, a medium, which yellow's
        // medium then covers (I6: same size or larger underneath).
        let greedy = decide(Policy::Greedy, &g, Seat(0), &mut rng).unwrap();
        assert_eq!(cap(greedy), (tall, 2));
        assert!(lands_after(greedy));
        // The strong bot's play makes yellow's committed cap fail (I4):
        // either a small on T, or capping the very piece yellow would use.
        let strong = decide(Policy::Strong, &g, Seat(0), &mut rng).unwrap();
        assert!(!lands_after(strong), "seed {seed}: {strong:?}");
    }
}
