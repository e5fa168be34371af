//! Strict-variant policies and exact expectimax, checked against full
//! enumeration of the undrawn orders on small positions.

use stackyard_babel::solver::Solver;
use stackyard_babel::strict::{Exact, Player, Policy};
use stackyard_babel::{Tile, Variant, deal_from_seed};
use stackyard_core::Seed;

fn permutations(items: &[Tile]) -> Vec<Vec<Tile>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, first);
            out.push(p);
        }
    }
    out
}

/// A small position: the first `drawn` tiles of a seeded deal as the line,
/// the next `k` as the undrawn set.
fn position(seed: u64, drawn: usize, k: usize) -> (Vec<Tile>, Vec<Tile>) {
    let d = deal_from_seed(Seed(seed));
    (d[..drawn].to_vec(), d[drawn..drawn + k].to_vec())
}

/// B11 greedy, written independently of the engine: first move by
/// position (gap 1 before 3), draw only when none is legal.
fn greedy_wins(tops: &[Tile], order: &[Tile]) -> bool {
    let mut line = tops.to_vec();
    let mut next = order.iter();
    loop {
        let mv = (1..line.len())
            .flat_map(|i| [(i, 1), (i, 3)])
            .find(|&(i, g)| i >= g && line[i].matches(line[i - g]));
        match mv {
            Some((i, g)) => {
                let t = line.remove(i);
                line[i - g] = t;
            }
            None => match next.next() {
                Some(&t) => line.push(t),
                None => return line.len() == 1,
            },
        }
    }
}

#[test]
fn b10_standard_exact_value_is_the_fraction_of_winnable_orders() {
    let mut exact = Exact::new();
    let mut solver = Solver::new();
    for seed in 0..12 {
        let (tops, rest) = position(seed, 5, 4);
        let perms = permutations(&rest);
        let wins = perms
            .iter()
            .filter(|p| {
                solver
                    .solve_position(&tops, p, Variant::Standard, 1)
                    .full_win
            })
            .count();
        let v = exact.value(&tops, &rest, Variant::Standard);
        assert!(
            (v - wins as f64 / perms.len() as f64).abs() < 1e-12,
            "seed {seed}"
        );
    }
}

#[test]
fn b11_strict_exact_value_lies_between_a_fixed_policy_and_open_play() {
    let mut exact = Exact::new();
    let mut solver = Solver::new();
    let mut strictly_below_open = 0;
    for seed in 0..40 {
        let (tops, rest) = position(100 + seed, 4, 5);
        let perms = permutations(&rest);
        let n = perms.len() as f64;
        let open = perms
            .iter()
            .filter(|p| solver.solve_position(&tops, p, Variant::Strict, 1).full_win)
            .count() as f64
            / n;
        // Greedy (always the first legal move) over every order.
        let greedy = perms.iter().filter(|p| greedy_wins(&tops, p)).count() as f64 / n;
        let v = exact.value(&tops, &rest, Variant::Strict);
        assert!(v <= open + 1e-12, "seed {seed}: exact {v} > open {open}");
        assert!(
            v >= greedy - 1e-12,
            "seed {seed}: exact {v} < greedy {greedy}"
        );
        if v < open - 1e-12 {
            strictly_below_open += 1;
        }
    }
    // Not knowing the order costs something somewhere (B11).
    assert!(strictly_below_open > 0);
}

#[test]
fn policies_parse_and_play_legal_games() {
    for text in [
        "greedy",
        "heuristic",
        "sampling:4",
        "expectimax:5",
        "hybrid:4:5",
        "open",
    ] {
        let p: Policy = text.parse().unwrap();
        assert_eq!(p.to_string(), text);
        let mut player = Player::new(p, Seed(1));
        for g in 0..5 {
            let stacks = player.play(Seed(3).child(g), Variant::Strict);
            assert!((1..=24).contains(&stacks));
        }
    }
    assert!("nonsense".parse::<Policy>().is_err());
    assert!("sampling:0".parse::<Policy>().is_err());
    assert!("hybridx".parse::<Policy>().is_err());
    assert_eq!(
        "hybrid".parse::<Policy>().unwrap().to_string(),
        "hybrid:32:7"
    );
}

#[test]
fn open_policy_reaches_the_open_optimum() {
    let mut player = Player::new(Policy::Open, Seed(0));
    let mut solver = Solver::new();
    for g in 0..30 {
        let seed = Seed(8).child(g);
        let stacks = player.play(seed, Variant::Strict);
        let best = solver.solve(&deal_from_seed(seed), Variant::Strict);
        if best.full_win {
            assert_eq!(stacks, 1);
        }
        assert!(stacks >= best.min_stacks);
    }
}
