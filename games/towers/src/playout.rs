//! Random playouts: play uniformly random legal moves to the end, the
//! workhorse of Monte Carlo search and of the playout benchmark.

use crate::notation::Move;
use crate::position::{Phase, Position, Status};
use rand::RngExt;

/// Plays uniformly random legal moves from `position` until the game is
/// over; returns the number of moves played (passes included).
pub fn random_playout<R: RngExt + ?Sized>(position: &mut Position, rng: &mut R) -> u32 {
    let mut plies = 0;
    let mut moves: Vec<Move> = Vec::new();
    let mut steps: Vec<(u16, u16)> = Vec::with_capacity(128);
    loop {
        if position.phase() != Phase::Moves {
            moves.clear();
            position.legal_moves_into(&mut moves);
            let m = moves[rng.random_range(0..moves.len())];
            position.play_unchecked(m);
            plies += 1;
            continue;
        }
        steps.clear();
        let me = position.turn();
        position.visit_steps(me, |i, j| steps.push((i as u16, j as u16)));
        if steps.is_empty() {
            match position.status() {
                Status::Over => return plies,
                _ => position.pass_unchecked(),
            }
        } else {
            let (i, j) = steps[rng.random_range(0..steps.len())];
            position.step(usize::from(i), usize::from(j));
        }
        plies += 1;
    }
}
