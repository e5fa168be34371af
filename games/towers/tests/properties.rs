//! Property tests over random games in every variant: floors are never
//! created or lost, a rejected move changes nothing, generated moves and
//! accepted moves are the same set, records replay to the same state, and
//! a record never holds two passes in a row (T11). The fuzz targets in
//! `fuzz/` check the same invariants on arbitrary bytes.

use proptest::prelude::*;
use stackyard_core::{Game, GameTime, Record, Seed, replay};
use stackyard_towers::notation::{parse_record, write_record};
use stackyard_towers::{Move, Position, Square, Variant};

const VARIANTS: &[&str] = &[
    "2x2",
    "3x3",
    "4x4",
    "8x8",
    "5x7",
    "8x8+capture",
    "6x6+suburbs",
    "6x6+suburbs+capture",
    "8x8+infrastructure:4",
    "7x7+infrastructure:3+capture",
    "6x6+infrastructure:2+suburbs+capture",
    "4x4+sprawl",
    "5x5+sprawl+capture+suburbs",
    "6x4+sprawl+infrastructure:2+capture",
    "13x11",
];

/// Plays the moves chosen by `picks` (indices into the legal list) and
/// returns the moves played, stopping at the end of the game.
fn random_game(variant: &str, picks: &[u16]) -> (Position, Vec<Move>) {
    let mut p = Position::new(variant.parse().unwrap()).unwrap();
    let mut played = Vec::new();
    for &k in picks {
        let legal = p.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(k) % legal.len()];
        p.play(m).unwrap();
        played.push(m);
    }
    (p, played)
}

fn arbitrary_move() -> impl Strategy<Value = Move> {
    let sq = (0u8..15, 0u8..15).prop_map(|(c, r)| Square::new(c, r));
    prop_oneof![
        (sq.clone(), sq.clone()).prop_map(|(from, to)| Move::Step { from, to }),
        sq.clone().prop_map(Move::Place),
        sq.prop_map(Move::Utility),
        Just(Move::Pass),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn floors_are_never_created_or_lost(
        v in 0..VARIANTS.len(),
        picks in prop::collection::vec(any::<u16>(), 0..400),
    ) {
        let variant: Variant = VARIANTS[v].parse().unwrap();
        let mut p = Position::new(variant).unwrap();
        // Floors brought in, counted from the moves, not from the engine.
        let mut brought = if variant.sprawl { 0 } else { variant.blocks() as u32 };
        let mut replaced = 0;
        for &k in &picks {
            let legal = p.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[usize::from(k) % legal.len()];
            match m {
                Move::Place(_) => brought += 1,
                Move::Utility(_) => {
                    brought += 1;
                    if !variant.sprawl {
                        replaced += 1;
                    }
                }
                _ => {}
            }
            p.play(m).unwrap();
            // On the board + demolished/captured/flattened away = total.
            prop_assert_eq!(p.floors_on_board() + p.removed(), brought);
            let captured = p.captured(stackyard_towers::Color::Black)
                + p.captured(stackyard_towers::Color::White);
            if variant.capture {
                prop_assert_eq!(captured, p.removed() - replaced);
            } else {
                prop_assert_eq!(captured, 0);
            }
            // Owned floors never exceed the floors on the board.
            let owned = p.owned_floors(stackyard_towers::Color::Black)
                + p.owned_floors(stackyard_towers::Color::White);
            prop_assert!(owned <= p.floors_on_board());
        }
    }

    #[test]
    fn rejected_moves_change_nothing_and_accepted_moves_are_generated(
        v in 0..VARIANTS.len(),
        picks in prop::collection::vec(any::<u16>(), 0..200),
        tries in prop::collection::vec(arbitrary_move(), 1..40),
    ) {
        let (p, _) = random_game(VARIANTS[v], &picks);
        let legal = p.legal_moves();
        for m in tries.iter().copied().chain(legal.iter().copied()) {
            let mut q = p.clone();
            match q.play(m) {
                Ok(()) => prop_assert!(legal.contains(&m), "accepted but not generated: {}", m),
                Err(e) => {
                    prop_assert!(!legal.contains(&m), "generated but rejected: {} ({})", m, e);
                    prop_assert_eq!(&q, &p, "rejection changed the position");
                }
            }
        }
        prop_assert_eq!(p.count_moves(), legal.len());
    }

    #[test]
    fn records_replay_to_the_same_state(
        v in 0..VARIANTS.len(),
        picks in prop::collection::vec(any::<u16>(), 0..300),
    ) {
        let variant: Variant = VARIANTS[v].parse().unwrap();
        let (end, moves) = random_game(VARIANTS[v], &picks);
        // Through the core Game trait and its Record.
        let mut record = Record::new::<Position>(variant, Seed(9));
        let mut g = <Position as Game>::new(&variant, Seed(9)).unwrap();
        for m in &moves {
            let seat = g.turn().seat();
            g.apply(seat, m, GameTime::ZERO).unwrap();
            record.push(seat, GameTime::ZERO, *m);
        }
        prop_assert_eq!(&g, &end);
        let json = serde_json::to_string(&record).unwrap();
        let back: Record<Variant, Move> = serde_json::from_str(&json).unwrap();
        let (replayed, _) = replay::<Position>(&back).unwrap();
        prop_assert_eq!(&replayed, &end);
        // Through T5 text.
        let text = write_record(&moves);
        let mut again = Position::new(variant).unwrap();
        for m in parse_record(&text).unwrap() {
            again.play(m).unwrap();
        }
        prop_assert_eq!(&again, &end);
        // T11: never two passes in a row.
        prop_assert!(!moves.windows(2).any(|w| w == [Move::Pass, Move::Pass]));
    }
}

#[test]
fn random_step_draws_every_legal_step_and_nothing_else() {
    use rand::SeedableRng;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    for (k, v) in VARIANTS.iter().enumerate() {
        for g in 0..10u16 {
            let picks: Vec<u16> = (0..(g * 7 + k as u16))
                .map(|x| x.wrapping_mul(2654))
                .collect();
            let (p, _) = random_game(v, &picks);
            if p.phase() != stackyard_towers::Phase::Moves {
                continue;
            }
            let mut steps = Vec::new();
            p.visit_steps(p.turn(), |i, j| steps.push((i, j)));
            let mut seen = std::collections::HashSet::new();
            for _ in 0..steps.len() * 60 + 1 {
                match p.random_step(&mut rng) {
                    Some(s) => {
                        assert!(steps.contains(&s), "{v}: drew an illegal step {s:?}");
                        seen.insert(s);
                    }
                    None => assert!(steps.is_empty(), "{v}: no draw but steps exist"),
                }
            }
            assert_eq!(seen.len(), steps.len(), "{v}: every legal step gets drawn");
        }
    }
}
