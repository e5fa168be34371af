//! Every generated move is accepted and every accepted move is generated;
//! a rejected move leaves the position untouched; floors are conserved.
//! The bytes pick a variant, then alternately a legal move to play and an
//! arbitrary move to try.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stackyard_towers::{Move, Position, Square, Variant};

const VARIANTS: &[&str] = &[
    "8x8",
    "3x3",
    "5x4+capture",
    "6x6+suburbs",
    "8x8+infrastructure:4",
    "5x5+sprawl+infrastructure:3+capture+suburbs",
    "4x4+sprawl",
    "11x12+suburbs+capture",
];

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let variant: Variant = VARIANTS[usize::from(first) % VARIANTS.len()].parse().unwrap();
    let mut p = Position::new(variant).unwrap();
    for chunk in rest.chunks(4) {
        let legal = p.legal_moves();
        for &m in &legal {
            assert!(p.check(m).is_ok(), "generated but rejected: {m}");
        }
        let b = |k: usize| chunk.get(k).copied().unwrap_or(0);
        let sq = |x: u8| Square::new(x % 16, (x / 16) % 16);
        let tried = match b(0) % 4 {
            0 => Move::Step { from: sq(b(1)), to: sq(b(2)) },
            1 => Move::Place(sq(b(1))),
            2 => Move::Utility(sq(b(1))),
            _ => Move::Pass,
        };
        let mut q = p.clone();
        match q.play(tried) {
            Ok(()) => assert!(legal.contains(&tried), "accepted but not generated: {tried}"),
            Err(_) => assert_eq!(q, p, "a rejected move changed the position"),
        }
        if legal.is_empty() {
            break;
        }
        p.play(legal[usize::from(b(3)) % legal.len()]).unwrap();
        assert_eq!(p.floors_on_board() + p.removed(), p.supplied());
    }
});
