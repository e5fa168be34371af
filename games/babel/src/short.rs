//! Exact minimum stacks of short lines, shared across deals, solvers and
//! threads through the suit × value relabelling symmetry.
//!
//! Whether two tops match (B5) depends only on whether their suits and
//! their values are equal, so renaming suits and values changes no move.
//! A short line's *form* is its renaming with suits, then values, numbered
//! in order of first appearance from the left, and lines of one form have
//! the same minimum. There are few forms: 12 657 of 6 tops, 162 148 of 7,
//! 2 220 204 of 8 (against 24!/16! ≈ 2.9 × 10¹⁰ lines of 8), so every form
//! gets a dense number, its *rank*, and the minima live in one byte array
//! of 2.4 MB indexed by rank, filled on first use and shared by the whole
//! process: no hashing, no probing, and it stays in the processor's cache.
//! It is the leaves of the search, where most of its nodes are, that this
//! removes.

use crate::dealt::{Packed, moves_of};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

/// The longest lines with a form in the table.
pub(crate) const MAX_SHORT: usize = 8;

/// `COMPLETIONS[n][d][s][v]`: the ways to extend a form's first `d` tops,
/// which use `s` suits and `v` values, to a form of `n` tops. A next top is
/// an unused (suit, value) pair of those seen (`s·v − d` ways), a new suit
/// with a seen value (`v` ways), a seen suit with a new value (`s` ways), or
/// both new (1 way); the count depends on nothing else.
static COMPLETIONS: [[[[u64; 7]; 5]; MAX_SHORT + 1]; MAX_SHORT + 1] = {
    let mut c = [[[[0u64; 7]; 5]; MAX_SHORT + 1]; MAX_SHORT + 1];
    let mut n = 0;
    while n <= MAX_SHORT {
        let mut s = 0;
        while s <= 4 {
            let mut v = 0;
            while v <= 6 {
                c[n][n][s][v] = 1;
                v += 1;
            }
            s += 1;
        }
        let mut d = n;
        while d > 0 {
            d -= 1;
            let mut s: usize = 0;
            while s <= 4 {
                let mut v: usize = 0;
                while v <= 6 {
                    let old = (s * v).saturating_sub(d) as u64;
                    let mut total = old * c[n][d + 1][s][v];
                    if s < 4 {
                        total += v as u64 * c[n][d + 1][s + 1][v];
                    }
                    if v < 6 {
                        total += s as u64 * c[n][d + 1][s][v + 1];
                    }
                    if s < 4 && v < 6 {
                        total += c[n][d + 1][s + 1][v + 1];
                    }
                    c[n][d][s][v] = total;
                    v += 1;
                }
                s += 1;
            }
        }
        n += 1;
    }
    c
};

/// `OFFSET[n]`: the first rank of a form of `n` tops (forms of fewer tops
/// come first); `OFFSET[MAX_SHORT + 1]` is the table's size.
const OFFSET: [usize; MAX_SHORT + 2] = {
    let mut o = [0usize; MAX_SHORT + 2];
    let mut n = 0;
    while n <= MAX_SHORT {
        o[n + 1] = o[n] + COMPLETIONS[n][0][0][0] as usize;
        n += 1;
    }
    o
};

/// The rank of `line`'s form: forms of one length are numbered in the
/// order of their tops, each top ordered as an unused seen pair (by suit,
/// then value), a new suit (by value), a new value (by suit), both new.
#[inline]
pub(crate) fn rank(line: Packed<u64>) -> usize {
    let n = usize::from(line.len);
    debug_assert!(n <= MAX_SHORT);
    // Form labels plus one, 0 while unseen.
    let mut suits = [0u8; 4];
    let mut values = [0u8; 8];
    let (mut ns, mut nv) = (0usize, 0usize);
    // Pairs of the form used so far, bit `suit * 8 + value`.
    let mut used = 0u32;
    let mut r = OFFSET[n];
    for d in 0..n {
        let digit = ((line.key >> (5 * (n - 1 - d))) & 31) as usize;
        let (raw_s, raw_v) = (digit >> 3, digit & 7);
        let c = &COMPLETIONS[n][d + 1];
        let old = ns * nv - d;
        let s = usize::from(suits[raw_s]);
        let v = usize::from(values[raw_v]);
        let (s, v) = match (s, v) {
            (0, 0) => {
                r += old * c[ns][nv] as usize;
                if ns < 4 {
                    r += nv * c[ns + 1][nv] as usize;
                }
                if nv < 6 {
                    r += ns * c[ns][nv + 1] as usize;
                }
                (ns, nv)
            }
            (0, v) => {
                r += old * c[ns][nv] as usize + (v - 1) * c[ns + 1][nv] as usize;
                (ns, v - 1)
            }
            (s, 0) => {
                r += old * c[ns][nv] as usize;
                if ns < 4 {
                    r += nv * c[ns + 1][nv] as usize;
                }
                r += (s - 1) * c[ns][nv + 1] as usize;
                (s - 1, nv)
            }
            (s, v) => {
                let (s, v) = (s - 1, v - 1);
                let cell = s * 8 + v;
                let before = s * nv + v - (used & ((1 << cell) - 1)).count_ones() as usize;
                r += before * c[ns][nv] as usize;
                (s, v)
            }
        };
        if s == ns {
            ns += 1;
            suits[raw_s] = ns as u8;
        }
        if v == nv {
            nv += 1;
            values[raw_v] = nv as u8;
        }
        used |= 1 << (s * 8 + v);
    }
    r
}

/// Minimum stacks by rank, 0 while unknown. Entries are facts about forms,
/// so threads may fill them in any order: a race writes the same value.
static MINIMA: OnceLock<Box<[AtomicU8]>> = OnceLock::new();

/// The process's table of short-line minima, and how long a line a solver
/// looks up in it.
pub(crate) struct ShortTable {
    minima: &'static [AtomicU8],
    /// Lines of at most this many tops are looked up (0: never).
    pub(crate) max_len: u8,
}

impl ShortTable {
    pub(crate) fn new(max_len: u8) -> ShortTable {
        assert!(
            usize::from(max_len) <= MAX_SHORT,
            "short lines have at most {MAX_SHORT} tops"
        );
        let minima = MINIMA.get_or_init(|| {
            (0..OFFSET[MAX_SHORT + 1])
                .map(|_| AtomicU8::new(0))
                .collect()
        });
        ShortTable { minima, max_len }
    }

    /// The fewest stacks `line` (nothing left to draw, at most
    /// [`MAX_SHORT`] tops) can reach.
    pub(crate) fn min_stacks(&self, line: Packed<u64>) -> u8 {
        if line.len <= 1 {
            return line.len;
        }
        let slot = &self.minima[rank(line)];
        let known = slot.load(Ordering::Relaxed);
        if known != 0 {
            return known;
        }
        let mut best = line.len;
        let (m1, m3) = line.legal();
        let n = usize::from(line.len);
        for (r, gap) in moves_of(m1, m3) {
            best = best.min(self.min_stacks(line.moved(n - 1 - r, gap)));
            if best == 1 {
                break;
            }
        }
        slot.store(best, Ordering::Relaxed);
        best
    }

    /// A move from `line` that keeps its minimum, when it has moves that
    /// reach below its length: the way down to the minimum, one step.
    pub(crate) fn step_down(&self, line: Packed<u64>) -> Option<(usize, usize)> {
        let target = self.min_stacks(line);
        if target == line.len {
            return None;
        }
        let (m1, m3) = line.legal();
        let n = usize::from(line.len);
        for (r, gap) in moves_of(m1, m3) {
            if self.min_stacks(line.moved(n - 1 - r, gap)) == target {
                return Some((n - 1 - r, gap));
            }
        }
        unreachable!("a line's minimum below its length is reached through a child")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain exhaustive minimum on a list of tiles.
    fn brute(tops: &[u8]) -> u8 {
        let mut best = tops.len() as u8;
        for i in 1..tops.len() {
            for gap in [1, 3] {
                if i >= gap && crate::tiles_match(tops[i], tops[i - gap]) {
                    let mut l = tops.to_vec();
                    l[i - gap] = l[i];
                    l.remove(i);
                    best = best.min(brute(&l));
                }
            }
        }
        best
    }

    /// Every form of `n` tops, as tiles (suit label * 6 + value label).
    fn forms(n: usize) -> Vec<Vec<u8>> {
        fn grow(prefix: &mut Vec<u8>, n: usize, out: &mut Vec<Vec<u8>>) {
            if prefix.len() == n {
                out.push(prefix.clone());
                return;
            }
            let ns = prefix.iter().map(|t| t / 6 + 1).max().unwrap_or(0);
            let nv = prefix.iter().map(|t| t % 6 + 1).max().unwrap_or(0);
            for s in 0..(ns + 1).min(4) {
                for v in 0..(nv + 1).min(6) {
                    let t = s * 6 + v;
                    if !prefix.contains(&t) {
                        prefix.push(t);
                        grow(prefix, n, out);
                        prefix.pop();
                    }
                }
            }
        }
        let mut out = Vec::new();
        grow(&mut Vec::new(), n, &mut out);
        out
    }

    #[test]
    fn ranks_number_the_forms_densely() {
        // The counts of forms by length, and each form of up to 6 tops
        // gets its own rank inside its length's block, none left over.
        let counts: Vec<usize> = (0..=MAX_SHORT).map(|n| OFFSET[n + 1] - OFFSET[n]).collect();
        assert_eq!(counts, [1, 1, 3, 15, 113, 1101, 12657, 162148, 2220204]);
        for n in 1..=6 {
            let all = forms(n);
            assert_eq!(all.len(), counts[n]);
            let mut ranks: Vec<usize> = all
                .iter()
                .map(|f| rank(Packed::from_tops(f).narrow()))
                .collect();
            ranks.sort_unstable();
            let expected: Vec<usize> = (OFFSET[n]..OFFSET[n + 1]).collect();
            assert_eq!(ranks, expected, "forms of {n} tops");
        }
    }

    #[test]
    fn short_minimum_equals_brute_force_and_respects_renaming() {
        let table = ShortTable::new(MAX_SHORT as u8);
        let mut x = 99u64;
        for _ in 0..3000 {
            let tiles = crate::dealt::shuffled_tiles(&mut x);
            let n = 1 + (x >> 40) as usize % MAX_SHORT;
            let tops = &tiles[..n];
            let p = Packed::from_tops(tops).narrow();
            let m = table.min_stacks(p);
            assert_eq!(m, brute(tops), "{tops:?}");
            assert!(rank(p) < OFFSET[n + 1] && rank(p) >= OFFSET[n]);
            // Renaming suits (rotate) and values (reverse) keeps the form.
            let renamed: Vec<u8> = tops
                .iter()
                .map(|&t| ((t / 6 + 1) % 4) * 6 + (5 - t % 6))
                .collect();
            assert_eq!(rank(Packed::from_tops(&renamed).narrow()), rank(p));
            // Walking down by step_down reaches the minimum.
            let mut line = p;
            while let Some((i, gap)) = table.step_down(line) {
                line = line.moved(i, gap);
            }
            assert_eq!(line.len, m);
        }
    }
}
