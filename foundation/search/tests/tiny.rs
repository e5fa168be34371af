//! The generic searches on tiny games whose values are known by hand or by
//! plain minimax: tic-tac-toe (a draw), take-away Nim, and a scored
//! take-away game with transpositions.

use stackyard_search::{AlphaBeta, Budget, Mcts, SearchGame, Solver, minimax, terminal_score};

/// Tic-tac-toe; side 0 is X. Value +1 if X wins, -1 if O wins.
#[derive(Clone, Debug)]
struct Ttt {
    cells: [u8; 9],
    side: usize,
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl Ttt {
    fn start() -> Self {
        Ttt {
            cells: [0; 9],
            side: 0,
        }
    }
    fn winner(&self) -> Option<u8> {
        LINES
            .iter()
            .find(|l| self.cells[l[0]] != 0 && l.iter().all(|&i| self.cells[i] == self.cells[l[0]]))
            .map(|l| self.cells[l[0]])
    }
}

impl SearchGame for Ttt {
    type Move = u8;
    const MOVE_IDS: usize = 9;
    fn moves(&self, out: &mut Vec<u8>) {
        if self.terminal_value().is_none() {
            out.extend((0..9u8).filter(|&i| self.cells[i as usize] == 0));
        }
    }
    fn play(&self, m: u8) -> Self {
        let mut n = self.clone();
        n.cells[m as usize] = self.side as u8 + 1;
        n.side = 1 - self.side;
        n
    }
    fn side(&self) -> usize {
        self.side
    }
    fn terminal_value(&self) -> Option<i32> {
        match self.winner() {
            Some(1) => Some(1),
            Some(_) => Some(-1),
            None if self.cells.iter().all(|&c| c != 0) => Some(0),
            None => None,
        }
    }
    fn hash(&self) -> u64 {
        self.cells
            .iter()
            .fold(self.side as u64, |h, &c| h * 3 + u64::from(c))
    }
    fn move_id(&self, m: u8) -> usize {
        m as usize
    }
}

/// Take 1..=3 from a pile; the mover gains points depending on the pile
/// and the take; value = side 0's points minus side 1's when the pile is
/// empty. Different orders reach the same (pile, diff, side): transpositions.
#[derive(Clone, Debug)]
struct Scored {
    pile: u32,
    diff: i32,
    side: usize,
}

impl SearchGame for Scored {
    type Move = u32;
    const MOVE_IDS: usize = 4;
    fn moves(&self, out: &mut Vec<u32>) {
        out.extend((1..=3).filter(|&k| k <= self.pile));
    }
    fn play(&self, k: u32) -> Self {
        let gain = ((self.pile * 7 + k * 3) % 5) as i32 - 1;
        let signed = if self.side == 0 { gain } else { -gain };
        Scored {
            pile: self.pile - k,
            diff: self.diff + signed,
            side: 1 - self.side,
        }
    }
    fn side(&self) -> usize {
        self.side
    }
    fn terminal_value(&self) -> Option<i32> {
        (self.pile == 0).then_some(self.diff)
    }
    fn hash(&self) -> u64 {
        (u64::from(self.pile) << 40) ^ ((self.diff as i64 as u64) << 2) ^ self.side as u64
    }
    fn move_id(&self, k: u32) -> usize {
        k as usize
    }
}

fn scored(pile: u32) -> Scored {
    Scored {
        pile,
        diff: 0,
        side: 0,
    }
}

#[test]
fn tic_tac_toe_is_a_draw() {
    assert_eq!(minimax(&Ttt::start()), 0);
    let s = Solver::new(16).solve(&Ttt::start());
    assert_eq!(s.value, 0);
    // Every first move draws in tic-tac-toe.
    assert_eq!(s.best.len(), 9);
}

#[test]
fn solver_finds_the_only_winning_move() {
    // X: a1 b2, O: c1 c2. X to move must... X wins at once with 8 (a1-b2-c3
    // diagonal: cells 0,4,8).
    let mut p = Ttt::start();
    for m in [0, 2, 4, 5] {
        p = p.play(m);
    }
    let s = Solver::new(10).solve(&p);
    assert_eq!(s.value, 1);
    assert!(s.best.contains(&8));
    let r = AlphaBeta::new(|_: &Ttt| 0)
        .threads(2)
        .search(&p, Budget::Depth(9));
    assert_eq!(r.score, terminal_score(1, 0));
}

#[test]
fn solver_agrees_with_plain_minimax_on_scored_piles() {
    let mut solver = Solver::new(12);
    for pile in 1..=16 {
        let pos = scored(pile);
        let exact = minimax(&pos);
        let s = solver.solve(&pos);
        assert_eq!(s.value, exact, "pile {pile}");
        // The best moves are exactly the moves whose child keeps the value.
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        let expected: Vec<u32> = moves
            .into_iter()
            .filter(|&m| minimax(&pos.play(m)) == exact)
            .collect();
        assert_eq!(s.best, expected, "pile {pile}");
        // From side 1's turn too.
        let p1 = Scored {
            pile,
            diff: 2,
            side: 1,
        };
        assert_eq!(solver.solve(&p1).value, minimax(&p1), "pile {pile}, side 1");
    }
}

#[test]
fn full_depth_alpha_beta_matches_minimax() {
    for pile in 1..=14 {
        for threads in [1, 2] {
            let pos = scored(pile);
            let r = AlphaBeta::new(|_: &Scored| 0)
                .threads(threads)
                .search(&pos, Budget::Depth(20));
            assert_eq!(r.score, terminal_score(minimax(&pos), 0), "pile {pile}");
            let best = r.best.expect("a move");
            // The chosen move really achieves the value.
            assert_eq!(minimax(&pos.play(best)), minimax(&pos), "pile {pile}");
            assert_eq!(r.pv.first(), Some(&best));
        }
    }
}

#[test]
fn alpha_beta_is_deterministic_under_a_node_budget() {
    let ab = AlphaBeta::new(|p: &Scored| p.diff * 100).threads(2);
    let a = ab.search(&scored(40), Budget::Nodes(3000));
    let b = ab.search(&scored(40), Budget::Nodes(3000));
    assert_eq!(a, b);
    assert!(a.nodes <= 3000 + 2, "spent {}", a.nodes);
    assert!(a.depth >= 2);
}

/// Nim with takes 1..=3: who takes the last stone wins; multiples of 4
/// lose for the mover.
#[derive(Clone, Debug)]
struct Nim {
    pile: u32,
    side: usize,
}

impl SearchGame for Nim {
    type Move = u32;
    const MOVE_IDS: usize = 4;
    fn moves(&self, out: &mut Vec<u32>) {
        out.extend((1..=3).filter(|&k| k <= self.pile));
    }
    fn play(&self, k: u32) -> Self {
        Nim {
            pile: self.pile - k,
            side: 1 - self.side,
        }
    }
    fn side(&self) -> usize {
        self.side
    }
    fn terminal_value(&self) -> Option<i32> {
        (self.pile == 0).then_some(if self.side == 1 { 1 } else { -1 })
    }
    fn hash(&self) -> u64 {
        u64::from(self.pile) * 2 + self.side as u64
    }
    fn move_id(&self, k: u32) -> usize {
        k as usize
    }
}

#[test]
fn nim_values_are_known_by_hand() {
    for pile in 1..=20 {
        let v = Solver::new(8).solve(&Nim { pile, side: 0 }).value;
        assert_eq!(v, if pile % 4 == 0 { -1 } else { 1 }, "pile {pile}");
    }
}

#[test]
fn mcts_finds_the_winning_nim_move_and_is_deterministic() {
    for pile in [5u32, 6, 7, 9, 10, 11] {
        let mut a = Mcts::new(7).threads(2);
        let ra = a.search(&Nim { pile, side: 0 }, Budget::Nodes(4000));
        assert_eq!(ra.best, Some(pile % 4), "pile {pile}");
        let mut b = Mcts::new(7).threads(2);
        let rb = b.search(&Nim { pile, side: 0 }, Budget::Nodes(4000));
        assert_eq!(ra, rb);
        assert_eq!(ra.nodes, 4000);
    }
}

#[test]
fn mcts_tree_reuse_keeps_playing_well() {
    // Play a whole game of Nim from 13 as side 0 against a perfect
    // opponent that cannot win: MCTS must win with its tree carried over.
    let mut mcts = Mcts::new(3).threads(2);
    let mut pos = Nim { pile: 13, side: 0 };
    while pos.terminal_value().is_none() {
        let m = if pos.side == 0 {
            mcts.search(&pos, Budget::Nodes(2000)).best.expect("a move")
        } else {
            1
        };
        pos = pos.play(m);
    }
    assert_eq!(pos.terminal_value(), Some(1));
}

#[test]
fn mcts_draws_or_better_at_tic_tac_toe_against_perfect_play() {
    let mut mcts = Mcts::new(11).threads(2);
    let mut pos = Ttt::start();
    let mut solver = Solver::new(14);
    while pos.terminal_value().is_none() {
        let m = if pos.side == 0 {
            mcts.search(&pos, Budget::Nodes(6000)).best.expect("a move")
        } else {
            solver.solve(&pos).best[0]
        };
        pos = pos.play(m);
    }
    assert_eq!(pos.terminal_value(), Some(0));
}

#[test]
fn budgets_parse() {
    use std::time::Duration;
    assert_eq!(
        Budget::parse("2s"),
        Some(Budget::Time(Duration::from_secs(2)))
    );
    assert_eq!(
        Budget::parse("500ms"),
        Some(Budget::Time(Duration::from_millis(500)))
    );
    assert_eq!(Budget::parse("n20000"), Some(Budget::Nodes(20000)));
    assert_eq!(Budget::parse("d4"), Some(Budget::Depth(4)));
    assert_eq!(Budget::parse("fast"), None);
    assert_eq!(Budget::parse("n0"), None);
    assert_eq!(
        Budget::parse("1s").map(|b| b.to_string()),
        Some("1s".into())
    );
}
