//! Random playouts: play uniformly random legal moves to the end, the
//! workhorse of Monte Carlo search and of the playout benchmark.

use crate::notation::Move;
use crate::position::{Phase, Position, Status};
use rand::RngExt;

/// The `k`-th lowest set bit of `w` (which has more than `k` bits set).
#[inline]
fn select(mut w: u64, k: u32) -> usize {
    for _ in 0..k {
        w &= w - 1;
    }
    w.trailing_zeros() as usize
}

impl Position {
    /// A uniformly random tower move `(from, to)` (block indices) for the
    /// side to move, or `None` when it has none. On boards up to 64 blocks
    /// single floors' moves are counted and picked with bit tricks, without
    /// listing them.
    pub fn random_step<R: RngExt + ?Sized>(&self, rng: &mut R) -> Option<(usize, usize)> {
        let g = self.geometry();
        let me = self.turn();
        if g.nw != 1 {
            let mut steps = Vec::new();
            self.visit_steps(me, |i, j| steps.push((i, j)));
            return (!steps.is_empty()).then(|| steps[rng.random_range(0..steps.len())]);
        }
        let movable = self.movable(me).0[0];
        let o = self.occupied().0[0];
        let c = g.cols as u32;
        let m1 = movable & self.single_floors().0[0];
        // Landing blocks of single floors, per direction, and the offset
        // from landing block back to the mover.
        let dirs = [
            ((m1 << 1) & g.not_first_col.0[0] & o, -1i64),
            ((m1 >> 1) & g.not_last_col.0[0] & o, 1),
            ((m1 << c) & o, -i64::from(c)),
            ((m1 >> c) & o, i64::from(c)),
        ];
        // Counted once: without a popcount instruction in the target, each
        // count is a dozen instructions.
        let counts = dirs.map(|d| d.0.count_ones());
        let singles: u32 = counts.iter().sum();
        // Taller towers: few, each with its own jump length; their moves
        // go to a small buffer (a list only if it overflows).
        let (cols, rows) = (g.cols as u32, g.rows as u32);
        let cells = self.cells();
        let mut buf = [0u32; 64];
        let mut n = 0usize;
        let mut spill: Vec<u32> = Vec::new();
        let mut rest = movable & !m1;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            let h = u32::from(cells[i as usize].height);
            let (col, row) = g.col_row[i as usize];
            let (col, row) = (u32::from(col), u32::from(row));
            for (ok, j) in [
                (col + h < cols, i + h),
                (col >= h, i.wrapping_sub(h)),
                (row + h < rows, i + h * cols),
                (row >= h, i.wrapping_sub(h * cols)),
            ] {
                if ok && o >> j & 1 != 0 {
                    if n < buf.len() {
                        buf[n] = i | j << 16;
                    } else {
                        spill.push(i | j << 16);
                    }
                    n += 1;
                }
            }
        }
        let total = singles + n as u32;
        if total == 0 {
            return None;
        }
        let mut k = rng.random_range(0..total);
        for ((targets, back), count) in dirs.into_iter().zip(counts) {
            if k < count {
                let j = select(targets, k);
                return Some(((j as i64 + back) as usize, j));
            }
            k -= count;
        }
        let k = k as usize;
        let packed = if k < buf.len() {
            buf[k]
        } else {
            spill[k - buf.len()]
        };
        Some(((packed & 0xffff) as usize, (packed >> 16) as usize))
    }
}

/// Plays uniformly random legal moves from `position` until the game is
/// over; returns the number of moves played (passes included).
pub fn random_playout<R: RngExt + ?Sized>(position: &mut Position, rng: &mut R) -> u32 {
    let mut plies = 0;
    let mut moves: Vec<Move> = Vec::new();
    loop {
        if position.phase() != Phase::Moves {
            moves.clear();
            position.legal_moves_into(&mut moves);
            let m = moves[rng.random_range(0..moves.len())];
            position.play_unchecked(m);
            plies += 1;
            continue;
        }
        match position.random_step(rng) {
            Some((i, j)) => position.step(i, j),
            None => match position.status() {
                Status::Over => return plies,
                _ => position.pass_unchecked(),
            },
        }
        plies += 1;
    }
}
