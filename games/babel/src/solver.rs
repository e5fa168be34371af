//! The open-deal solver (B9): for a known draw order, the minimum number of
//! stacks reachable, whether a full win is, and an action list reaching it.
//!
//! Standard variant: by B10 every move can be deferred until all tiles are
//! drawn, so the search starts from the fully dealt line and tries moves
//! only. Strict variant (B11): draws are forced exactly when no move is
//! legal, so the search runs over (tiles drawn, line) pairs.
//!
//! The search is a depth-first walk over lines of top tiles (B3: nothing
//! else matters), each packed 5 bits a tile in a `u128`, or a `u64` once at
//! most 12 tops are left, with a memo of lines already seen, an exit as
//! soon as the goal is reached, and a lower bound for pruning: stacks whose
//! tops are in different components of the match graph can never merge (a
//! move only removes a top), so the number of components bounds the stacks
//! from below. Lines of at most 8 tops are not searched but looked up in
//! the process-wide table of exact minima (`short`). Budgeted restarts with
//! shuffled ties cut the heavy tail of deals whose first choices go wrong;
//! the last run has no budget, so every answer is exact.

use crate::dealt::{Packed, Table, Word, digit, moves_of};
use crate::short::ShortTable;
use crate::tile::MATCH;
use crate::{Action, Tile, Variant};
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// What the solver found for one order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The fewest stacks any play reaches (B7).
    pub min_stacks: usize,
    /// Whether one stack is reachable.
    pub full_win: bool,
    /// Actions from the start reaching `min_stacks` and ending the game
    /// (the last action is `end` when a move would still be legal).
    pub actions: Vec<Action>,
    /// Lines examined, a measure of the deal's difficulty.
    pub nodes: u64,
}

/// A multiplicative hash for packed lines; std's SipHash is several times
/// slower here and the keys are not adversarial.
#[derive(Default)]
pub(crate) struct PackHasher(u64);

impl Hasher for PackHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_u128(&mut self, k: u128) {
        let x = (k as u64) ^ ((k >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = (x ^ (x >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        self.0 ^= self.0 >> 32;
    }
}

pub(crate) type PackSet = HashSet<u128, BuildHasherDefault<PackHasher>>;

/// A line of top tiles, left to right, as small integers.
#[derive(Clone, Copy)]
pub(crate) struct Line {
    pub(crate) tops: [u8; 24],
    pub(crate) len: u8,
}

impl Line {
    pub(crate) fn new() -> Line {
        Line {
            tops: [0; 24],
            len: 0,
        }
    }

    pub(crate) fn from_tiles(tiles: &[Tile]) -> Line {
        let mut l = Line::new();
        for t in tiles {
            l.push(t.index());
        }
        l
    }

    #[inline]
    pub(crate) fn push(&mut self, t: u8) {
        self.tops[usize::from(self.len)] = t;
        self.len += 1;
    }

    #[inline]
    pub(crate) fn key(&self) -> u128 {
        let mut k = 0u128;
        for &t in &self.tops[..usize::from(self.len)] {
            k = (k << 5) | u128::from(t + 1);
        }
        k
    }

    /// B5 on tops: stack `i` (0-based) onto `i - gap`, closing up.
    #[inline]
    pub(crate) fn moved(&self, i: usize, gap: usize) -> Line {
        let mut l = *self;
        let n = usize::from(self.len);
        l.tops[i - gap] = self.tops[i];
        l.tops.copy_within(i + 1..n, i);
        l.len -= 1;
        l
    }

    #[inline]
    pub(crate) fn can_move(&self, i: usize, gap: usize) -> bool {
        i >= gap && MATCH[usize::from(self.tops[i])] & (1 << self.tops[i - gap]) != 0
    }

    pub(crate) fn any_move(&self) -> bool {
        (1..usize::from(self.len)).any(|i| self.can_move(i, 1) || self.can_move(i, 3))
    }

    /// The tops as a set (bits as [`top_bit`]).
    pub(crate) fn mask(&self) -> u32 {
        let mut m = 0u32;
        for &t in &self.tops[..usize::from(self.len)] {
            m |= top_bit(t);
        }
        m
    }
}

/// The bit of tile `t` in a set of tops: `suit * 8 + value`, one byte a
/// suit, so that whole rows and columns of the suit × value grid are a few
/// word operations.
#[inline]
pub(crate) const fn top_bit(t: u8) -> u32 {
    1 << (digit(t) - 1)
}

/// The suit pairs, in the order of the edge bits of [`SUIT_COMPONENTS`].
const SUIT_PAIRS: [(usize, usize); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];

/// Connected components of a graph on the 4 suits, indexed by the suits
/// present (low 4 bits) and the pairs joined (6 bits, [`SUIT_PAIRS`]).
const SUIT_COMPONENTS: [u8; 1024] = {
    let mut table = [0u8; 1024];
    let mut index = 0;
    while index < 1024 {
        let mut label = [0usize, 1, 2, 3];
        // Three rounds of relabelling join any path on 4 vertices.
        let mut round = 0;
        while round < 3 {
            let mut e = 0;
            while e < 6 {
                if index >> (4 + e) & 1 == 1 {
                    let (a, b) = SUIT_PAIRS[e];
                    let low = if label[a] < label[b] {
                        label[a]
                    } else {
                        label[b]
                    };
                    label[a] = low;
                    label[b] = low;
                }
                e += 1;
            }
            round += 1;
        }
        let mut count = 0;
        let mut s = 0;
        while s < 4 {
            if index >> s & 1 == 1 && label[s] == s {
                count += 1;
            }
            s += 1;
        }
        table[index] = count;
        index += 1;
    }
    table
};

/// Components of the match graph on a set of tops (bits as [`top_bit`]).
/// Tiles match within a row (suit) or a column (value) of the 4 × 6 grid,
/// so the components are those of the suits present, two suits joined
/// when they share a value.
#[inline]
pub(crate) fn components(tops: u32) -> u8 {
    let rows = [
        tops & 63,
        (tops >> 8) & 63,
        (tops >> 16) & 63,
        (tops >> 24) & 63,
    ];
    let mut index = 0;
    for (s, &row) in rows.iter().enumerate() {
        index |= usize::from(row != 0) << s;
    }
    for (e, &(a, b)) in SUIT_PAIRS.iter().enumerate() {
        index |= usize::from(rows[a] & rows[b] != 0) << (4 + e);
    }
    SUIT_COMPONENTS[index]
}

/// Lines of at most this many tops are looked up in the process-wide
/// table of short-line minima (`short`).
const SHORT_LEN: u8 = crate::short::MAX_SHORT as u8;

/// Budgeted runs before the final, unbudgeted one (standard variant).
const RESTARTS: u64 = 9;

fn mix(salt: u64, key: u128) -> u64 {
    let x = (key as u64) ^ ((key >> 64) as u64) ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let x = (x ^ (x >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^ (x >> 29)
}

/// Reusable search state: keep one per thread and call it for many deals.
pub struct Solver {
    seen: PackSet,
    table: Table,
    short: ShortTable,
    best_packed: Option<Packed>,
    path: Vec<Action>,
    best_path: Vec<Action>,
    best: u8,
    best_line: Option<Line>,
    nodes: u64,
    goal: u8,
    rest_masks: Vec<u32>,
    strict_rule: bool,
    budget: u64,
    cut: bool,
    salt: u64,
    /// Node budget of the first restart (doubling each time).
    #[doc(hidden)]
    pub first_budget: u64,
    /// Budgeted runs before the unbudgeted one.
    #[doc(hidden)]
    pub restarts: u64,
    /// Keep lines refuted by a budgeted run for the next runs.
    #[doc(hidden)]
    pub keep_dead: bool,
    /// Standard variant: search the fully dealt line (B10; the default)
    /// instead of interleaving draws and moves.
    pub full_line: bool,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver {
            seen: PackSet::default(),
            table: Table::default(),
            short: ShortTable::new(SHORT_LEN),
            best_packed: None,
            path: Vec::new(),
            best_path: Vec::new(),
            best: u8::MAX,
            best_line: None,
            nodes: 0,
            goal: 1,
            rest_masks: Vec::new(),
            strict_rule: false,
            budget: u64::MAX,
            cut: false,
            salt: 0,
            full_line: true,
            first_budget: 50,
            restarts: RESTARTS,
            keep_dead: true,
        }
    }
}

impl Solver {
    /// A solver with empty tables (standard variant: fully dealt line).
    pub fn new() -> Solver {
        Solver::default()
    }

    /// Lines of at most `len` tops are looked up in the table of canonical
    /// short lines (0: never; at most 8).
    #[doc(hidden)]
    pub fn set_short_len(&mut self, len: u8) {
        self.short = ShortTable::new(len);
    }

    /// Solves `order` (any list of distinct tiles: a full deal, or a
    /// partial one with nothing else to come) for `variant`.
    pub fn solve(&mut self, order: &[Tile], variant: Variant) -> Solution {
        self.run(order, variant, 1)
    }

    /// Whether `order` can end in one stack; stops at the first win.
    pub fn full_win(&mut self, order: &[Tile], variant: Variant) -> bool {
        self.run(order, variant, 1).full_win
    }

    /// Whether `order` can end in at most `stacks` stacks; stops as soon
    /// as it finds such an end.
    pub fn reaches(&mut self, order: &[Tile], variant: Variant, stacks: usize) -> Solution {
        self.run(order, variant, stacks.min(24) as u8)
    }

    /// Solves a position mid-game: the line's top tiles `tops` (left to
    /// right) with `rest` still to draw in that order. With `goal` > 1 the
    /// search stops at the first end with at most `goal` stacks.
    pub fn solve_position(
        &mut self,
        tops: &[Tile],
        rest: &[Tile],
        variant: Variant,
        goal: usize,
    ) -> Solution {
        self.seen.clear();
        self.path.clear();
        self.best_path.clear();
        self.nodes = 0;
        self.goal = goal.clamp(1, 24) as u8;
        self.best = u8::MAX;
        self.best_line = None;
        self.best_packed = None;
        let tiles: Vec<u8> = rest.iter().map(|t| t.index()).collect();
        let start = Line::from_tiles(tops);
        if tiles.is_empty() && tops.is_empty() {
            return Solution {
                min_stacks: 0,
                full_win: false,
                actions: Vec::new(),
                nodes: 0,
            };
        }
        match variant {
            Variant::Standard if self.full_line => {
                let mut line = start;
                for &t in &tiles {
                    line.push(t);
                }
                let packed = Packed::from_tops(&line.tops[..usize::from(line.len)]);
                self.path
                    .extend(std::iter::repeat_n(Action::Draw, tiles.len()));
                // Restarts with growing node budgets and shuffled ties cut
                // the heavy tail of first-win search; the last run has no
                // budget, so the answer stays exact.
                let mask = line.mask();
                let mut budget = self.first_budget;
                self.table.clear();
                // Whether the table holds only this run's lines.
                let mut clean = true;
                for restart in 0..=self.restarts {
                    if !self.keep_dead {
                        self.table.clear();
                        clean = true;
                    }
                    self.salt = restart;
                    self.budget = if restart == self.restarts {
                        u64::MAX
                    } else {
                        self.nodes + budget
                    };
                    self.cut = false;
                    if self.search_line(packed, mask) && !self.cut {
                        break;
                    }
                    if !self.cut {
                        // No win. Lines refuted by earlier runs were only
                        // shown unable to reach the goal, not unable to
                        // beat `best`, so the minimum needs a clean run.
                        if !clean {
                            self.table.clear();
                            self.salt = 0;
                            self.search_line(packed, mask);
                        }
                        break;
                    }
                    clean = false;
                    budget *= 2;
                }
            }
            _ => {
                self.strict_rule = variant == Variant::Strict;
                self.rest_masks.clear();
                self.rest_masks.resize(tiles.len() + 1, 0);
                for p in (0..tiles.len()).rev() {
                    self.rest_masks[p] = self.rest_masks[p + 1] | top_bit(tiles[p]);
                }
                self.strict(&tiles, 0, start);
            }
        }
        let mut actions = std::mem::take(&mut self.best_path);
        if self.best_line.is_some_and(|l| l.any_move())
            || self.best_packed.is_some_and(|l| l.any_move())
        {
            actions.push(Action::End);
        }
        Solution {
            min_stacks: usize::from(self.best),
            full_win: self.best == 1,
            actions,
            nodes: self.nodes,
        }
    }

    /// Whether a line of tops (nothing left to draw) can become one stack.
    pub fn full_win_position(&mut self, tops: &[Tile]) -> bool {
        self.solve_position(tops, &[], Variant::Standard, 1)
            .full_win
    }

    fn run(&mut self, order: &[Tile], variant: Variant, goal: u8) -> Solution {
        self.solve_position(&[], order, variant, usize::from(goal))
    }

    fn record(&mut self, line: &Line) {
        if line.len < self.best {
            self.best = line.len;
            self.best_line = Some(*line);
            self.best_path.clear();
            self.best_path.extend_from_slice(&self.path);
        }
    }

    fn record_packed<W: Word>(&mut self, line: Packed<W>) {
        if line.len < self.best {
            self.best = line.len;
            self.best_packed = Some(line.widen());
            self.best_path.clear();
            self.best_path.extend_from_slice(&self.path);
        }
    }

    /// A short line: its exact minimum from the shared table, and the way
    /// down to it when that improves on the best so far.
    fn short_line(&mut self, line: Packed<u64>) {
        if self.short.min_stacks(line) < self.best {
            let depth = self.path.len();
            let mut l = line;
            while let Some((i, gap)) = self.short.step_down(l) {
                self.path.push(Action::Move {
                    from: i as u8 + 1,
                    gap: gap as u8,
                });
                l = l.moved(i, gap);
            }
            self.record_packed(l);
            self.path.truncate(depth);
        }
    }

    /// [`Solver::standard`] in the narrowest word that holds `line`.
    #[inline]
    fn search_line<W: Word>(&mut self, line: Packed<W>, mask: u32) -> bool {
        if W::FIELDS > u64::FIELDS && usize::from(line.len) <= u64::FIELDS {
            self.standard(line.narrow(), mask)
        } else {
            self.standard(line, mask)
        }
    }

    /// Returns true to stop the whole search (goal reached). `mask`: the
    /// tops (bits as [`top_bit`]), for the component bound.
    fn standard<W: Word>(&mut self, line: Packed<W>, mask: u32) -> bool {
        self.nodes += 1;
        self.record_packed(line);
        if self.best <= self.goal {
            return true;
        }
        if self.nodes >= self.budget {
            self.cut = true;
            return true;
        }
        if line.len > 3 && components(mask) >= self.best {
            return false;
        }
        if line.len <= self.short.max_len {
            self.short_line(line.narrow());
            return self.best <= self.goal;
        }
        // Children in order of a score: more legal moves, fewer isolated
        // tops, plus noise from the restart's salt to vary ties. Children
        // that are short lines are exact lookups: their order hardly
        // matters, so they go in generation order.
        let (m1, m3) = line.legal();
        let n = usize::from(line.len);
        let plain = line.len == self.short.max_len + 1;
        let mut kids = [0u32; 48];
        let mut nk = 0;
        for (r, gap) in moves_of(m1, m3) {
            let i = n - 1 - r;
            let next = line.moved(i, gap);
            let score = if plain {
                0
            } else {
                let noise = if self.salt == 0 {
                    0
                } else {
                    (mix(self.salt, next.key.wide()) & 7) as i32
                };
                let (mv, iso) = next.mobility();
                2 * mv as i32 - 16 * iso as i32 + noise
            };
            // Score, then generation order, then the move itself.
            kids[nk] = (((score + 1024) as u32) << 12)
                | ((63 - nk as u32) << 6)
                | ((i as u32) << 1)
                | u32::from(gap == 3);
            nk += 1;
        }
        let kids = &mut kids[..nk];
        if !plain {
            // Insertion sort, highest first (few children).
            for a in 1..kids.len() {
                let k = kids[a];
                let mut b = a;
                while b > 0 && kids[b - 1] < k {
                    kids[b] = kids[b - 1];
                    b -= 1;
                }
                kids[b] = k;
            }
        }
        for &k in kids.iter() {
            let i = ((k >> 1) & 31) as usize;
            let gap = if k & 1 == 1 { 3 } else { 1 };
            let next = line.moved(i, gap);
            let key = next.key.wide();
            if self.table.insert(key) {
                self.path.push(Action::Move {
                    from: i as u8 + 1,
                    gap: gap as u8,
                });
                let covered = mask & !(1 << (line.digit_at(i - gap) - 1));
                let stop = self.search_line(next, covered);
                self.path.pop();
                if stop && self.cut {
                    // Cut by the budget, not refuted: later runs must
                    // search it again.
                    self.table.remove(key);
                }
                if stop {
                    return true;
                }
            }
        }
        false
    }

    fn strict(&mut self, order: &[u8], mut pos: usize, mut line: Line) -> bool {
        // B11: draws are forced exactly when no move is legal.
        let pushed = self.path.len();
        while pos < order.len() && !line.any_move() {
            line.push(order[pos]);
            pos += 1;
            self.path.push(Action::Draw);
        }
        let stop = self.strict_node(order, pos, &line);
        self.path.truncate(pushed);
        stop
    }

    fn strict_node(&mut self, order: &[u8], pos: usize, line: &Line) -> bool {
        self.nodes += 1;
        if pos == order.len() {
            self.record(line);
            if self.best <= self.goal {
                return true;
            }
        }
        // Future tops come from the current tops and the tiles to come, so
        // the components of their union bound the final stacks.
        if line.len > 3 && components(line.mask() | self.rest_masks[pos]) >= self.best {
            return false;
        }
        let n = usize::from(line.len);
        let mut cands = [(0usize, 0usize); 48];
        let mut nc = 0;
        for i in (1..n).rev() {
            for gap in [3, 1] {
                if line.can_move(i, gap) {
                    cands[nc] = (i, gap);
                    nc += 1;
                }
            }
        }
        for &(i, gap) in &cands[..nc] {
            {
                {
                    let next = line.moved(i, gap);
                    let key = (next.key() << 5) | pos as u128;
                    if self.seen.insert(key) {
                        self.path.push(Action::Move {
                            from: (i + 1) as u8,
                            gap: gap as u8,
                        });
                        let stop = self.strict(order, pos, next);
                        self.path.pop();
                        if stop {
                            return true;
                        }
                    }
                }
            }
        }
        // Standard (B6): drawing is allowed even while moves are legal.
        if !self.strict_rule && pos < order.len() {
            let mut next = *line;
            next.push(order[pos]);
            let key = (next.key() << 5) | (pos + 1) as u128;
            if self.seen.insert(key) {
                self.path.push(Action::Draw);
                let stop = self.strict(order, pos + 1, next);
                self.path.pop();
                if stop {
                    return true;
                }
            }
        }
        false
    }
}

/// One-off solve with a fresh [`Solver`].
pub fn solve(order: &[Tile], variant: Variant) -> Solution {
    Solver::new().solve(order, variant)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_by_rows_and_columns_equal_a_tile_by_tile_search() {
        let mut x = 7u64;
        for _ in 0..20_000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let tiles = ((x >> 20) as u32) & ((1 << 24) - 1) & ((x >> 8) as u32);
            let mask = (0..24u8)
                .filter(|&t| tiles >> t & 1 == 1)
                .fold(0, |m, t| m | top_bit(t));
            let mut rest = tiles;
            let mut count = 0;
            while rest != 0 {
                count += 1;
                let mut frontier = rest & rest.wrapping_neg();
                rest &= !frontier;
                while frontier != 0 {
                    let t = frontier.trailing_zeros();
                    frontier &= frontier - 1;
                    let next = MATCH[t as usize] & rest;
                    rest &= !next;
                    frontier |= next;
                }
            }
            assert_eq!(components(mask), count, "{tiles:024b}");
        }
    }
}
