//! The open-deal solver against the engine (every solution replays to its
//! claimed result) and against a plain brute force on short orders.

use stackyard_babel::solver::{Solver, solve};
use stackyard_babel::{Action, Babel, Tile, Variant, deal_from_seed};
use stackyard_core::Seed;

/// Plays `actions` in the engine from the start of `order`; returns the
/// finished game (asserting every action is legal and the game ends).
fn replay(order: &[Tile], variant: Variant, actions: &[Action]) -> Babel {
    let mut g = Babel::with_order(order, variant).unwrap();
    for a in actions {
        g.play(*a).unwrap_or_else(|e| panic!("{a}: {e}"));
    }
    assert!(g.is_finished(), "solution must end the game");
    g
}

/// Every legal action sequence, no memo: the fewest stacks at any end.
fn brute(g: &Babel) -> usize {
    if g.is_finished() {
        return g.stacks();
    }
    g.legal_actions()
        .into_iter()
        .map(|a| {
            let mut next = g.clone();
            next.play(a).unwrap();
            brute(&next)
        })
        .min()
        .unwrap()
}

#[test]
fn b9_solutions_replay_to_the_minimum_on_full_deals() {
    let mut solver = Solver::new();
    for i in 0..40 {
        let order = deal_from_seed(Seed(5).child(i));
        for variant in [Variant::Standard, Variant::Strict] {
            let s = solver.solve(&order, variant);
            let g = replay(&order, variant, &s.actions);
            assert_eq!(g.stacks(), s.min_stacks, "deal {i} {variant:?}");
            assert_eq!(s.full_win, s.min_stacks == 1);
        }
    }
}

#[test]
fn solver_agrees_with_brute_force_on_short_orders() {
    let mut solver = Solver::new();
    solver.full_line = false;
    let mut full_line = Solver::new();
    let mut differ = 0;
    for i in 0..150 {
        let len = 3 + (i % 5) as usize; // 3..=7 tiles
        let order = deal_from_seed(Seed(9).child(i))[..len].to_vec();
        for variant in [Variant::Standard, Variant::Strict] {
            let start = Babel::with_order(&order, variant).unwrap();
            let expect = brute(&start);
            let s = solver.solve(&order, variant);
            assert_eq!(s.min_stacks, expect, "{order:?} {variant:?}");
            let g = replay(&order, variant, &s.actions);
            assert_eq!(g.stacks(), expect);
            if variant == Variant::Standard {
                // B10: deferring every move to the end loses nothing.
                assert_eq!(full_line.solve(&order, variant).min_stacks, expect);
            } else if expect != solver.solve(&order, Variant::Standard).min_stacks {
                differ += 1;
            }
        }
    }
    // B11 is a real restriction: on some orders Strict does worse.
    assert!(differ > 0);
}

#[test]
fn b10_interleaved_best_equals_dealt_line_best_on_full_deals() {
    let mut a = Solver::new();
    a.full_line = false;
    let mut b = Solver::new();
    for i in 0..30 {
        let order = deal_from_seed(Seed(77).child(i));
        let x = a.solve(&order, Variant::Standard);
        let y = b.solve(&order, Variant::Standard);
        assert_eq!(x.min_stacks, y.min_stacks);
        replay(&order, Variant::Standard, &y.actions);
    }
}

#[test]
fn empty_and_single_orders() {
    assert_eq!(solve(&[], Variant::Standard).min_stacks, 0);
    let one = [Tile::from_index(3).unwrap()];
    let s = solve(&one, Variant::Strict);
    assert_eq!((s.min_stacks, s.full_win), (1, true));
    assert_eq!(s.actions, vec![Action::Draw]);
}

#[test]
fn unmatched_tiles_cannot_merge() {
    // Sn, Ma, C2, A3: no two share suit or value.
    let order: Vec<Tile> = ["Sn", "Ma", "C2", "A3"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    let s = solve(&order, Variant::Standard);
    assert_eq!(s.min_stacks, 4);
    assert!(!s.full_win);
}

#[test]
fn hunt_never_returns_an_easier_deal_than_its_start() {
    let mut solver = Solver::new();
    let start = deal_from_seed(Seed(4));
    let s0 = solver.solve(&start, Variant::Standard);
    let found = stackyard_babel::hunt::hunt(Seed(4), 30, Variant::Standard, &mut solver);
    assert!((found.min_stacks, found.nodes) >= (s0.min_stacks, s0.nodes));
    // The reported figures are the deal's own.
    let again = solver.solve(&found.order, Variant::Standard);
    assert_eq!(
        (again.min_stacks, again.nodes),
        (found.min_stacks, found.nodes)
    );
    let mut sorted = found.order.clone();
    sorted.sort();
    assert_eq!(sorted, Tile::all().collect::<Vec<_>>());
}

/// Found by `stackyard babel solve --deals 1000000 --seed 3` (deal 237276)
/// and confirmed by an independent brute force: only 43 lines are
/// reachable from the dealt line, and none has fewer than 19 stacks.
const UNWINNABLE: &str = "Mn Ma A4 S5 A3 Sa C3 M5 An M2 Aa M4 C4 Sn C2 M3 A5 S3 Ca S4 C5 Cn A2 S2";

/// Parses the deal `text`, checks it is deal `deal` of `seed`, and that
/// its best result is `stacks`: by the solver, by replaying its solution
/// in the engine, and by the interleaved search (draws and moves mixed,
/// B10). Returns the deal.
fn assert_unwinnable(text: &str, seed: Seed, deal: u64, stacks: usize) -> Vec<Tile> {
    let order: Vec<Tile> = text
        .split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect();
    assert_eq!(order, deal_from_seed(seed.child(deal)));
    let s = solve(&order, Variant::Standard);
    assert_eq!((s.min_stacks, s.full_win), (stacks, false));
    assert_eq!(
        replay(&order, Variant::Standard, &s.actions).stacks(),
        stacks
    );
    let mut interleaved = Solver::new();
    interleaved.full_line = false;
    assert_eq!(
        interleaved.solve(&order, Variant::Standard).min_stacks,
        stacks
    );
    order
}

#[test]
fn b7_an_unwinnable_deal_ends_in_19_stacks_at_best() {
    let order = assert_unwinnable(UNWINNABLE, Seed(3), 237_276, 19);
    // Exhaustive count of the lines reachable from the dealt line.
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![order.clone()];
    let mut fewest = order.len();
    while let Some(line) = stack.pop() {
        fewest = fewest.min(line.len());
        for i in 1..line.len() {
            for g in [1, 3] {
                if i >= g && line[i].matches(line[i - g]) {
                    let mut next = line.clone();
                    next[i - g] = line[i];
                    next.remove(i);
                    if seen.insert(next.clone()) {
                        stack.push(next);
                    }
                }
            }
        }
    }
    assert_eq!((seen.len(), fewest), (43, 19));
}

/// The dealt-line search (packed lines, restarts keeping refuted lines,
/// the shared table of canonical short lines) against the independent
/// interleaved search, on partial orders where the minimum is often above
/// one stack; every solution replays to its claimed minimum.
#[test]
fn b10_fast_search_agrees_with_interleaved_search_on_partial_orders() {
    let mut fast = Solver::new();
    let mut reference = Solver::new();
    reference.full_line = false;
    let mut above_one = 0;
    for i in 0..400u64 {
        let len = 8 + (i % 9) as usize; // 8..=16 tiles
        let order = deal_from_seed(Seed(31).child(i))[..len].to_vec();
        let s = fast.solve(&order, Variant::Standard);
        let r = reference.solve(&order, Variant::Standard);
        assert_eq!(s.min_stacks, r.min_stacks, "{order:?}");
        assert_eq!(s.full_win, s.min_stacks == 1);
        let g = replay(&order, Variant::Standard, &s.actions);
        assert_eq!(g.stacks(), s.min_stacks);
        above_one += usize::from(s.min_stacks > 1);
        // A goal above one stops at the first end that meets it.
        let goal = 1 + (i % 4) as usize;
        let reach = fast.reaches(&order, Variant::Standard, goal);
        assert_eq!(reach.min_stacks <= goal, r.min_stacks <= goal, "{order:?}");
        let g = replay(&order, Variant::Standard, &reach.actions);
        assert_eq!(g.stacks(), reach.min_stacks);
    }
    assert!(above_one > 50, "only {above_one} orders without a full win");
}

#[test]
fn b7_a_blocked_deal_ends_in_24_stacks() {
    // B5: no tile matches the tiles 1 and 3 before it, so no move is ever
    // legal and every play ends with 24 stacks.
    let order = stackyard_babel::hunt::blocked_deal(Seed(1), 1_000_000).expect("found");
    let mut sorted = order.clone();
    sorted.sort();
    assert_eq!(sorted, Tile::all().collect::<Vec<_>>());
    let s = solve(&order, Variant::Standard);
    assert_eq!(s.min_stacks, 24);
    let mut g = Babel::with_order(&order, Variant::Standard).unwrap();
    while !g.is_finished() {
        assert_eq!(g.legal_actions(), vec![Action::Draw]);
        g.play(Action::Draw).unwrap();
    }
    assert_eq!(g.stacks(), 24);
}

#[test]
fn walking_from_an_unwinnable_deal_stays_among_unwinnable_deals() {
    let start: Vec<Tile> = UNWINNABLE.split(' ').map(|c| c.parse().unwrap()).collect();
    let mut solver = Solver::new();
    let found = stackyard_babel::hunt::walk_unwinnable(&start, 40, Seed(2), &mut solver);
    assert_eq!(found[0], (start.clone(), 19));
    for (order, m) in &found {
        assert!(*m >= 19);
        assert_eq!(solver.solve(order, Variant::Standard).min_stacks, *m);
    }
}

/// Found by `stackyard babel solve --deals 1000000 --seed 11` (deal
/// 519261): the second loss seen in 17 million random deals.
#[test]
fn b7_a_second_unwinnable_deal_ends_in_18_stacks_at_best() {
    assert_unwinnable(
        "C3 C5 Sn A2 S4 C2 Ma Aa M5 An S3 C4 S2 Ca A3 A5 Mn S5 M4 Sa A4 M3 M2 Cn",
        Seed(11),
        519_261,
        18,
    );
}

#[test]
fn threads_sharing_the_short_line_table_get_the_answers_of_a_search_without_it() {
    // The table of short-line minima is one per process, filled by
    // whichever thread meets a line first; answers must not depend on it.
    // The reference searches every line itself (no table). Partial orders
    // of 9–14 tiles keep results varied (deals of 24 are all full wins).
    let orders: Vec<Vec<Tile>> = (0..400)
        .map(|i| {
            let order = deal_from_seed(Seed(77).child(i));
            order[..9 + (i as usize % 6)].to_vec()
        })
        .collect();
    let results: Vec<Vec<(usize, stackyard_babel::solver::Solution)>> =
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..4)
                .map(|t| {
                    let orders = &orders;
                    scope.spawn(move || {
                        let mut solver = Solver::new();
                        // Each thread walks the orders from a different start.
                        (0..orders.len())
                            .map(|k| {
                                let i = (k + 100 * t) % orders.len();
                                (i, solver.solve(&orders[i], Variant::Standard))
                            })
                            .collect()
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().unwrap()).collect()
        });
    let mut plain = Solver::new();
    plain.set_short_len(0);
    let expected: Vec<_> = orders
        .iter()
        .map(|o| plain.solve(o, Variant::Standard))
        .collect();
    assert!(
        expected.iter().any(|s| s.min_stacks > 1) && expected.iter().any(|s| s.full_win),
        "the orders should give varied results"
    );
    for (i, got) in results.into_iter().flatten() {
        assert_eq!(got.min_stacks, expected[i].min_stacks, "order {i}");
        let end = replay(&orders[i], Variant::Standard, &got.actions);
        assert_eq!(end.stacks(), got.min_stacks, "order {i}");
    }
}
