//! perft counts from `tests/data/perft.txt` (computed by the engine, the
//! small boards also by the slow reference) recomputed, and the perft
//! definition's special cases (game over, forced pass).

use stackyard_towers::{Color, Floor, Position, Tower, Variant, perft};

/// Lines above this count are left to the release-mode check in
/// `examples/perft.rs` (and the benchmark, for 8x8 depth 5), to keep the
/// test suite fast.
const LIMIT: u64 = 3_000_000;

#[test]
fn perft_data_file_matches_the_engine() {
    let text = include_str!("data/perft.txt");
    let mut checked = 0;
    let mut seen_8x8_5 = false;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f.len(), 3, "{line}");
        let v: Variant = f[0].parse().unwrap();
        let depth: u32 = f[1].parse().unwrap();
        let want: u64 = f[2].parse().unwrap();
        seen_8x8_5 |= f[0] == "8x8" && depth == 5;
        if want <= LIMIT {
            assert_eq!(perft(&Position::new(v).unwrap(), depth), want, "{line}");
            checked += 1;
        }
    }
    assert!(seen_8x8_5, "the data covers 8x8 to depth 5");
    assert!(checked >= 70, "only {checked} lines checked");
}

#[test]
fn perft_of_a_finished_game_is_one() {
    let v: Variant = "3x3".parse().unwrap();
    let mut towers = vec![Tower::EMPTY; 9];
    towers[0] = Tower::single(Floor::Black);
    towers[8] = Tower::single(Floor::White);
    let p = Position::setup(v, &towers, Color::Black).unwrap();
    assert!(p.is_over());
    for d in 0..4 {
        assert_eq!(perft(&p, d), 1);
    }
}

#[test]
fn perft_passes_without_using_a_move() {
    // White's only tower (b2) is surrounded: White must pass (T10).
    let v: Variant = "3x3".parse().unwrap();
    let mut towers = vec![Tower::EMPTY; 9];
    for i in [1, 3, 5, 7] {
        towers[i] = Tower::single(Floor::Black);
    }
    towers[4] = Tower::single(Floor::White);
    let p = Position::setup(v, &towers, Color::White).unwrap();
    assert_eq!(p.legal_moves(), vec![stackyard_towers::Move::Pass]);
    let mut after = p.clone();
    after.pass_unchecked();
    // Each Black tower moves one block, only onto b2 (the corners are empty).
    assert_eq!(after.legal_moves().len(), 4);
    assert_eq!(perft(&p, 1), 1);
    assert_eq!(perft(&p, 2), 4);
    assert_eq!(perft(&p, 3), perft(&after, 2));
}
