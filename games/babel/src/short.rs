//! Exact minimum stacks of short lines, shared across deals through the
//! suit × value relabelling symmetry.
//!
//! Whether two tops match (B5) depends only on whether their suits and
//! their values are equal, so renaming suits and values changes no move.
//! A short line is renamed to a canonical form (suits, then values,
//! numbered in order of first appearance) and its minimum is memoised on
//! that form. A line of 6 tops has at most ~38 000 forms (a line of 7 at
//! most ~600 000), against 24!/18! ≈ 9.6 × 10⁷ lines, so after a few
//! thousand deals nearly every short line the search meets is a lookup;
//! it is the leaves of the search, where most of its nodes are, that this
//! removes.

use crate::dealt::{Packed, moves_of};

/// The canonical renaming of `line`: suits and values numbered in order of
/// first appearance from the left. Lines equal up to renaming get the same
/// form, and a form is itself a line with the same moves.
#[inline]
pub(crate) fn canonical(line: Packed<u64>) -> Packed<u64> {
    let n = usize::from(line.len);
    let packed = line.key;
    let mut suits = [0u8; 4];
    let mut values = [0u8; 8];
    let (mut ns, mut nv) = (0u8, 0u8);
    let mut key = 0u64;
    for j in (0..n).rev() {
        let d = ((packed >> (5 * j)) & 31) as usize;
        let (s, v) = (d >> 3, d & 7);
        if suits[s] == 0 {
            ns += 1;
            suits[s] = ns;
        }
        if values[v] == 0 {
            nv += 1;
            values[v] = nv;
        }
        // Numbers start at 1: suit (n - 1), value n keeps the digit
        // layout `suit * 8 + value + 1`.
        key = (key << 5) | u64::from((suits[s] - 1) * 8 + values[v]);
    }
    Packed { key, len: line.len }
}

/// Minimum stacks of canonical short lines (open addressing, `key << 8 |
/// min` per slot, 0 empty).
pub(crate) struct ShortTable {
    slots: Vec<u64>,
    count: usize,
    /// Lines of at most this many tops are looked up (0: never).
    pub(crate) max_len: u8,
}

impl ShortTable {
    pub(crate) fn new(max_len: u8) -> ShortTable {
        assert!(
            max_len <= 10,
            "canonical keys of up to 10 tops fit in 56 bits"
        );
        ShortTable {
            slots: vec![0; 1 << 12],
            count: 0,
            max_len,
        }
    }

    #[inline]
    fn slot(key: u64, mask: usize) -> usize {
        let x = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((x ^ (x >> 29)) as usize) & mask
    }

    fn get(&self, key: u64) -> Option<u8> {
        let mask = self.slots.len() - 1;
        let mut s = Self::slot(key, mask);
        loop {
            let v = self.slots[s];
            if v == 0 {
                return None;
            }
            if v >> 8 == key {
                return Some(v as u8);
            }
            s = (s + 1) & mask;
        }
    }

    fn put(&mut self, key: u64, min: u8) {
        if 2 * (self.count + 1) > self.slots.len() {
            let size = 2 * self.slots.len();
            let old = std::mem::replace(&mut self.slots, vec![0; size]);
            self.count = 0;
            for v in old.into_iter().filter(|&v| v != 0) {
                self.put(v >> 8, v as u8);
            }
        }
        let mask = self.slots.len() - 1;
        let mut s = Self::slot(key, mask);
        while self.slots[s] != 0 {
            s = (s + 1) & mask;
        }
        self.slots[s] = (key << 8) | u64::from(min);
        self.count += 1;
    }

    /// The fewest stacks `line` (nothing left to draw) can reach.
    pub(crate) fn min_stacks(&mut self, line: Packed<u64>) -> u8 {
        let c = canonical(line);
        self.min_canonical(c)
    }

    fn min_canonical(&mut self, c: Packed<u64>) -> u8 {
        // Canonical keys of up to 10 tops fit in 50 bits.
        let key = c.key;
        if let Some(m) = self.get(key) {
            return m;
        }
        let mut best = c.len;
        let (m1, m3) = c.legal();
        let n = usize::from(c.len);
        for (r, gap) in moves_of(m1, m3) {
            best = best.min(self.min_stacks(c.moved(n - 1 - r, gap)));
            if best == 1 {
                break;
            }
        }
        self.put(key, best);
        best
    }

    /// A move from `line` that keeps its minimum, when it has moves that
    /// reach below its length: the way down to the minimum, one step.
    pub(crate) fn step_down(&mut self, line: Packed<u64>) -> Option<(usize, usize)> {
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

    #[test]
    fn short_minimum_equals_brute_force_and_respects_renaming() {
        let mut table = ShortTable::new(7);
        let mut x = 99u64;
        for _ in 0..3000 {
            let tiles = crate::dealt::shuffled_tiles(&mut x);
            let n = 1 + (x >> 40) as usize % 7;
            let tops = &tiles[..n];
            let p = Packed::from_tops(tops).narrow();
            let m = table.min_stacks(p);
            assert_eq!(m, brute(tops), "{tops:?}");
            // Renaming suits (rotate) and values (reverse) keeps the form.
            let renamed: Vec<u8> = tops
                .iter()
                .map(|&t| ((t / 6 + 1) % 4) * 6 + (5 - t % 6))
                .collect();
            assert_eq!(
                canonical(Packed::from_tops(&renamed).narrow()),
                canonical(p)
            );
            // Walking down by step_down reaches the minimum.
            let mut line = p;
            while let Some((i, gap)) = table.step_down(line) {
                line = line.moved(i, gap);
            }
            assert_eq!(line.len, m);
        }
    }
}
