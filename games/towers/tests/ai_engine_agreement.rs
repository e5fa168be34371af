//! The search representation (`stackyard_towers::ai::Board`) against the
//! rules engine (`stackyard_towers::Position`): on random games over many
//! boards and every variant, both must agree on the legal moves, every
//! block, the scores, whose turn it is and when the game ends.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stackyard_search::SearchGame;
use stackyard_towers::ai::{
    Board, board_from_position, from_engine_move, parse_variant, rules_of, to_engine_move,
};
use stackyard_towers::{Color, Position};

fn same(b: &Board, p: &Position, ctx: &str) {
    for (i, t) in p.cells().iter().enumerate() {
        assert_eq!(
            u16::from(b.height(i)),
            t.height,
            "{ctx}: height of block {i}\n{b}"
        );
        if t.height > 0 {
            let owner = t.owner().map(|c| if c == Color::Black { 0 } else { 1 });
            assert_eq!(b.owner(i), owner, "{ctx}: owner of block {i}\n{b}");
            assert_eq!(b.holds_utility(i), t.utility, "{ctx}: utility on block {i}");
        }
    }
    let s = p.scores();
    assert_eq!(b.scores(), [s[0] as i32, s[1] as i32], "{ctx}: scores\n{b}");
    assert_eq!(b.is_over(), p.is_over(), "{ctx}: over\n{b}");
    if !p.is_over() {
        assert_eq!(
            b.side_to_move(),
            if p.turn() == Color::Black { 0 } else { 1 },
            "{ctx}: turn"
        );
    }
    let mut ours: Vec<String> = Vec::new();
    let mut mv = Vec::new();
    b.moves(&mut mv);
    ours.extend(mv.iter().map(|&m| to_engine_move(b, m).to_string()));
    let mut theirs: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    ours.sort();
    theirs.sort();
    assert_eq!(ours, theirs, "{ctx}: legal moves\n{b}");
    // Converting the engine position gives the same search position.
    let c = board_from_position(p).unwrap();
    assert_eq!(
        c.hash(),
        b.hash(),
        "{ctx}: converted position differs\n{b}\n{c}"
    );
}

#[test]
fn random_games_agree_with_the_rules_engine() {
    let boards = ["2x2", "3x3", "4x4", "3x5", "5x5", "6x4", "8x8"];
    let variants = [
        "standard",
        "capture",
        "suburbs",
        "suburbs+capture",
        "infrastructure",
        "infrastructure+capture",
        "infrastructure+suburbs",
        "sprawl",
        "sprawl+capture",
        "sprawl+infrastructure",
        "sprawl+suburbs",
    ];
    let mut rng = Pcg64Mcg::seed_from_u64(42);
    let (mut combos, mut plies) = (0, 0);
    for board in boards {
        for variant in variants {
            let Ok(v) = parse_variant(board, variant) else {
                continue;
            };
            combos += 1;
            for game in 0..6 {
                let ctx0 = format!("{board} {variant} game {game}");
                let mut p = Position::new(v).unwrap();
                let mut b = Board::new(v.cols, v.rows, rules_of(&v).unwrap()).unwrap();
                let mut history = Vec::new();
                loop {
                    let ctx = format!("{ctx0} after {}", history.join(" "));
                    same(&b, &p, &ctx);
                    let mut mv = Vec::new();
                    b.moves(&mut mv);
                    if mv.is_empty() {
                        break;
                    }
                    let m = mv[(rng.next_u64() % mv.len() as u64) as usize];
                    let em = to_engine_move(&b, m);
                    assert_eq!(from_engine_move(&b, em), Some(m));
                    history.push(em.to_string());
                    p.play(em)
                        .unwrap_or_else(|e| panic!("{ctx}: engine rejects {em}: {e}"));
                    b = b.play(m);
                    plies += 1;
                }
            }
        }
    }
    // Every board takes every variant here (2x2 infrastructure has 2
    // utilities, decision T-2).
    assert_eq!(combos, boards.len() * variants.len(), "combinations tried");
    assert!(plies > 3000, "{plies} plies");
}
