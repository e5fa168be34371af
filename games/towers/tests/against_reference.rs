//! The engine against the slow reference implementation in
//! `tests/reference/`: perft counts on small boards, and move lists,
//! boards and scores along seeded random games in every variant.

mod reference;

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use reference::{F, Ref};
use stackyard_towers::{Floor, Position, Variant, perft};

fn both(text: &str) -> (Position, Ref) {
    let v: Variant = text.parse().unwrap();
    let p = Position::new(v).unwrap();
    let r = Ref::new(
        usize::from(v.cols),
        usize::from(v.rows),
        v.sprawl,
        v.infrastructure.map(usize::from),
        v.capture,
        v.suburbs,
    );
    (p, r)
}

fn same_board(p: &Position, r: &Ref, context: &str) {
    for row in 0..r.rows {
        for col in 0..r.cols {
            let t = p.cells()[row * r.cols + col];
            let s = &r.grid[row][col];
            assert_eq!(
                usize::from(t.height),
                s.len(),
                "{context}: height at {col},{row}"
            );
            if let Some(top) = s.last() {
                let want = match top {
                    F::B => Floor::Black,
                    F::W => Floor::White,
                    F::U => Floor::Utility,
                };
                assert_eq!(t.top, want, "{context}: top at {col},{row}");
                assert_eq!(
                    t.utility,
                    s.contains(&F::U),
                    "{context}: utility at {col},{row}"
                );
            }
        }
    }
    assert_eq!(p.scores(), r.scores(), "{context}: scores");
    assert_eq!(p.turn().index(), r.turn, "{context}: turn");
}

#[test]
fn perft_agrees_with_reference_on_small_boards() {
    for (v, depth) in [
        ("2x2", 6),
        ("3x3", 6),
        ("4x4", 5),
        ("5x5", 4),
        ("6x6", 3),
        ("3x5", 5),
        ("4x4+capture", 4),
        ("4x4+suburbs", 5),
        ("4x4+infrastructure:2", 4),
        ("3x3+infrastructure:1+suburbs", 5),
        ("3x3+sprawl", 4),
        ("2x3+sprawl+infrastructure:2+capture+suburbs", 6),
    ] {
        let (p, r) = both(v);
        for d in 0..=depth {
            assert_eq!(perft(&p, d), r.perft(d), "{v} depth {d}");
        }
    }
}

#[test]
fn random_games_agree_with_reference_in_every_variant() {
    let variants = [
        "2x2",
        "3x3",
        "4x4",
        "5x4",
        "8x8",
        "9x7",
        "8x8+capture",
        "8x8+suburbs",
        "6x6+suburbs+capture",
        "8x8+infrastructure:4",
        "7x7+infrastructure:3+capture",
        "6x6+infrastructure:2+suburbs",
        "5x5+sprawl",
        "6x4+sprawl+infrastructure:2",
        "5x5+sprawl+infrastructure:3+capture+suburbs",
        "11x13+suburbs",
        "12x12+infrastructure:6",
        "26x26",
    ];
    for (k, v) in variants.iter().enumerate() {
        let games = if v.starts_with("26") { 2 } else { 12 };
        for g in 0..games {
            let mut rng = Pcg64::seed_from_u64((k * 100 + g) as u64);
            let (mut p, mut r) = both(v);
            for ply in 0.. {
                let context = format!("{v} game {g} ply {ply}");
                let mut mine: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
                let mut theirs = r.moves();
                mine.sort();
                theirs.sort();
                assert_eq!(mine, theirs, "{context}: legal moves");
                assert_eq!(p.is_over(), r.over(), "{context}: over");
                if theirs.is_empty() {
                    break;
                }
                let m = &theirs[rng.random_range(0..theirs.len())];
                p.play(m.parse().unwrap()).unwrap();
                r.play(m);
                same_board(&p, &r, &context);
            }
        }
    }
}
