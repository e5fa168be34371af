//! The exact solver in pieces (issue 45): a solve stopped by a node budget
//! and resumed from its state, written to a checkpoint file's bytes and
//! read back every time, reaches the same value and best first moves as a
//! solve never stopped (T7: Black first; T15: the margin), with a fresh
//! table each time so only what the checkpoint carries survives. The
//! history ordering of tied moves changes neither.

use stackyard_search::checkpoint::{read_state, write_state};
use stackyard_search::{SearchGame, Solution, SolveState, Solver};
use stackyard_towers::ai::{Board, Rules, TMove};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const NAME: &str = "towers test board";

fn cases() -> Vec<(u8, u8, Rules)> {
    let capture = Rules {
        capture: true,
        ..Rules::default()
    };
    let suburbs = Rules {
        suburbs: true,
        capture: true,
        ..Rules::default()
    };
    vec![
        (4, 4, Rules::default()),
        (3, 4, Rules::default()),
        (4, 3, capture),
        (3, 3, suburbs),
    ]
}

/// Through the checkpoint format and back.
fn on_disk(state: &SolveState) -> SolveState {
    let mut bytes = Vec::new();
    write_state(&mut bytes, NAME, state).unwrap();
    read_state(&bytes[..], NAME).unwrap()
}

/// Solves `b` in runs of about `piece` nodes, each a new solver resumed
/// from the last one's state; returns the solution and the number of runs.
fn in_pieces(b: &Board, piece: u64, min_work: u8, threads: usize) -> (Solution<TMove>, usize) {
    let mut state: Option<SolveState> = None;
    for runs in 1..=2000 {
        let mut solver = Solver::<Board>::new(16)
            .threads(threads)
            .node_limit(piece)
            .checkpoint_work(min_work);
        if let Some(s) = state.take() {
            solver.resume(s);
        }
        match solver.try_solve(b) {
            Ok(s) => return (s, runs),
            Err(u) => {
                assert!(u.lower <= u.upper);
                state = Some(on_disk(&solver.state()));
            }
        }
    }
    panic!("no answer after 2000 runs of {piece} nodes");
}

#[test]
fn a_solve_in_pieces_agrees_with_one_never_stopped() {
    for (cols, rows, rules) in cases() {
        let b = Board::new(cols, rows, rules).unwrap();
        let whole = Solver::<Board>::new(16).threads(1).solve(&b);
        // Everything kept, and only the costly proofs kept (the default).
        for (piece, min_work) in [(5_000, 0), (20_000, 8)] {
            let (s, runs) = in_pieces(&b, piece, min_work, 1);
            let what = format!("{cols}x{rows} {rules:?} in pieces of {piece}, work >= {min_work}");
            assert_eq!(s.value, whole.value, "{what}");
            assert_eq!(s.best, whole.best, "{what}");
            if whole.nodes > 2 * piece {
                assert!(runs > 1, "{what}: never stopped ({} nodes)", whole.nodes);
            }
            // The count goes on across runs.
            assert!(s.nodes >= whole.nodes / 2, "{what}: {} nodes", s.nodes);
        }
    }
}

#[test]
fn two_threads_in_pieces_agree_too() {
    let b = Board::new(4, 4, Rules::default()).unwrap();
    let whole = Solver::<Board>::new(16).threads(1).solve(&b);
    let (s, _) = in_pieces(&b, 10_000, 4, 2);
    assert_eq!((s.value, s.best), (whole.value, whole.best));
}

#[test]
fn a_checkpoint_taken_mid_search_resumes_to_the_same_answer() {
    // The periodic checkpoints come from inside a search (the bounds
    // proved before it, the table as it is): each one resumes correctly.
    let b = Board::new(4, 4, Rules::default()).unwrap();
    let whole = Solver::<Board>::new(16).threads(1).solve(&b);
    let saved: Arc<Mutex<Vec<SolveState>>> = Arc::default();
    let sink = saved.clone();
    let mut solver = Solver::<Board>::new(16)
        .threads(1)
        .on_checkpoint(Duration::ZERO, move |s| {
            sink.lock().unwrap().push(s.clone())
        });
    let done = solver.try_solve(&b).unwrap();
    assert_eq!(done.value, whole.value);
    let states = std::mem::take(&mut *saved.lock().unwrap());
    assert!(states.len() >= 3, "{} checkpoints", states.len());
    for s in states.iter().step_by(states.len() / 3) {
        let mut again = Solver::<Board>::new(16).threads(1);
        again.resume(on_disk(s));
        let r = again.solve(&b);
        assert_eq!((r.value, &r.best), (whole.value, &whole.best));
        assert!(
            r.nodes >= s.nodes,
            "the count goes on from the checkpoint's"
        );
    }
}

#[test]
fn a_finished_solve_s_state_resumes_to_its_answer_at_once() {
    let b = Board::new(3, 4, Rules::default()).unwrap();
    let mut solver = Solver::<Board>::new(16).threads(1);
    let whole = solver.try_solve(&b).unwrap();
    let state = solver.state();
    assert_eq!((state.lower, state.upper), (whole.value, whole.value));
    let mut again = Solver::<Board>::new(10).threads(1);
    again.resume(on_disk(&state));
    let r = again.try_solve(&b).unwrap();
    assert_eq!((r.value, &r.best), (whole.value, &whole.best));
    assert_eq!(r.nodes, whole.nodes, "nothing searched again");
}

#[test]
fn history_ordering_changes_neither_value_nor_best_moves() {
    for (cols, rows, rules) in cases() {
        let b = Board::new(cols, rows, rules).unwrap();
        let with = Solver::<Board>::new(16).threads(1).solve(&b);
        let without = Solver::<Board>::new(16).threads(1).history(false).solve(&b);
        assert_eq!(with.value, without.value, "{cols}x{rows} {rules:?}");
        assert_eq!(with.best, without.best, "{cols}x{rows} {rules:?}");
        // And both agree with the moves' own values (the first is legal).
        let mut moves = Vec::new();
        b.moves(&mut moves);
        assert!(with.best.iter().all(|m| moves.contains(m)));
    }
}
