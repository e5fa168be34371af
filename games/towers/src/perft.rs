//! perft: the number of move sequences of a given length, the standard
//! check that move generation and making moves are right.

use crate::position::{Phase, Position};

/// perft(P, 0) = 1; perft(P, d) = 1 when the game is over at P; when the
/// side to move must pass, perft(P after the pass, d − 1); otherwise the sum
/// of perft(child, d − 1) over the legal moves. Placements (Sprawl,
/// Infrastructure) are moves like any other.
pub fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if position.phase() != Phase::Moves {
        let moves = position.legal_moves();
        return moves
            .into_iter()
            .map(|m| {
                let mut child = position.clone();
                child.play_unchecked(m);
                perft(&child, depth - 1)
            })
            .sum();
    }
    // One scratch position per ply, reused so the search never allocates.
    let mut scratch = vec![position.clone(); depth as usize];
    steps(position, depth, &mut scratch)
}

/// The move phase, with the side to move's tower moves enumerated straight
/// off the bitboards and the last ply counted without being made.
fn steps(position: &Position, depth: u32, scratch: &mut [Position]) -> u64 {
    let me = position.turn();
    if depth == 1 {
        let n = position.count_steps(me) as u64;
        // No move: a pass (1 sequence) or the end (1 by definition).
        return n.max(1);
    }
    let mut pairs = [(0u16, 0u16); 512];
    let mut n = 0;
    let mut overflow = Vec::new();
    position.visit_steps(me, |i, j| {
        if n < pairs.len() {
            pairs[n] = (i as u16, j as u16);
            n += 1;
        } else {
            overflow.push((i as u16, j as u16));
        }
    });
    let (child, rest) = scratch
        .split_first_mut()
        .expect("one scratch position per ply");
    if n == 0 {
        if position.has_step(me.other()) {
            child.clone_from(position);
            child.pass_unchecked();
            return steps(child, depth - 1, rest);
        }
        return 1;
    }
    let mut total = 0;
    for &(i, j) in pairs[..n].iter().chain(overflow.iter()) {
        child.clone_from(position);
        child.step(usize::from(i), usize::from(j));
        total += steps(child, depth - 1, rest);
    }
    total
}
