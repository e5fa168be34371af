//! Bitboards over any board up to 26×26, and the board's geometry.
//!
//! A board of `cols × rows` blocks maps block (col, row) to bit
//! `row * cols + col`. Boards up to 8×8 fit one word; the rest use as many of
//! the [`WORDS`] words as they need, and every operation touches only those,
//! so small boards pay for one word.

use serde::{Deserialize, Serialize};

/// Words in a bitboard: enough for 26 × 26 = 676 blocks.
pub const WORDS: usize = 11;

/// A set of blocks. Bits past the board's last block are always zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Bits(pub [u64; WORDS]);

impl Bits {
    /// The empty set.
    pub const EMPTY: Bits = Bits([0; WORDS]);

    /// Whether block `i` is in the set.
    #[inline]
    pub fn has(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    /// Adds block `i`.
    #[inline]
    pub fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Removes block `i`.
    #[inline]
    pub fn clear(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// Whether the set is empty (only the first `nw` words can be non-zero).
    #[inline]
    pub fn is_empty(&self, nw: usize) -> bool {
        self.0[..nw].iter().all(|&w| w == 0)
    }

    /// Number of blocks in the set.
    pub fn count(&self, nw: usize) -> u32 {
        self.0[..nw].iter().map(|w| w.count_ones()).sum()
    }

    /// Calls `f` with every block in the set, lowest first.
    #[inline]
    pub fn for_each(&self, nw: usize, mut f: impl FnMut(usize)) {
        for (k, &word) in self.0[..nw].iter().enumerate() {
            let mut w = word;
            while w != 0 {
                f(k * 64 + w.trailing_zeros() as usize);
                w &= w - 1;
            }
        }
    }
}

/// The shape of a board and the masks its bit tricks need.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Geometry {
    /// Columns (`a`..).
    pub cols: usize,
    /// Rows (`1`..).
    pub rows: usize,
    /// Words in use.
    pub nw: usize,
    /// Every block of the board.
    pub all: Bits,
    /// Blocks not in the first column (where an eastward shift may land).
    pub not_first_col: Bits,
    /// Blocks not in the last column (where a westward shift may land).
    pub not_last_col: Bits,
    /// Column and row of each block, for boards up to 64 blocks (saves a
    /// division in the hot loops).
    pub col_row: [(u8, u8); 64],
}

impl Geometry {
    /// The geometry of a `cols × rows` board (both 1..=26; callers check T1).
    pub fn new(cols: usize, rows: usize) -> Geometry {
        let n = cols * rows;
        let nw = n.div_ceil(64);
        let mut all = Bits::EMPTY;
        let mut not_first_col = Bits::EMPTY;
        let mut not_last_col = Bits::EMPTY;
        for i in 0..n {
            all.set(i);
            if i % cols != 0 {
                not_first_col.set(i);
            }
            if i % cols != cols - 1 {
                not_last_col.set(i);
            }
        }
        let mut col_row = [(0, 0); 64];
        for (i, cr) in col_row.iter_mut().enumerate().take(n.min(64)) {
            *cr = ((i % cols) as u8, (i / cols) as u8);
        }
        Geometry {
            col_row,
            cols,
            rows,
            nw,
            all,
            not_first_col,
            not_last_col,
        }
    }

    /// The shared geometry of a `cols × rows` board (both 2..=26), built
    /// once for all sizes so positions carry a pointer, not the masks.
    pub fn get(cols: usize, rows: usize) -> &'static Geometry {
        static TABLE: std::sync::OnceLock<Vec<Geometry>> = std::sync::OnceLock::new();
        let table = TABLE.get_or_init(|| {
            (0..25 * 25)
                .map(|k| Geometry::new(k / 25 + 2, k % 25 + 2))
                .collect()
        });
        &table[(cols - 2) * 25 + (rows - 2)]
    }

    /// Number of blocks.
    pub fn len(&self) -> usize {
        self.cols * self.rows
    }

    /// Always false: a board has at least one block.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Every block with at least one orthogonal neighbour in `b`, or in `b`
    /// itself. Off-board neighbours never count.
    #[inline]
    pub fn grow(&self, b: &Bits) -> Bits {
        let c = self.cols as u32;
        if self.nw == 1 {
            let w = b.0[0];
            let mut out = Bits::EMPTY;
            out.0[0] = (w
                | ((w << 1) & self.not_first_col.0[0])
                | ((w >> 1) & self.not_last_col.0[0])
                | (w << c)
                | (w >> c))
                & self.all.0[0];
            return out;
        }
        let up1 = shl(b, 1, self.nw);
        let dn1 = shr(b, 1, self.nw);
        let upc = shl(b, c, self.nw);
        let dnc = shr(b, c, self.nw);
        let mut out = Bits::EMPTY;
        for k in 0..self.nw {
            out.0[k] = (b.0[k]
                | (up1.0[k] & self.not_first_col.0[k])
                | (dn1.0[k] & self.not_last_col.0[k])
                | upc.0[k]
                | dnc.0[k])
                & self.all.0[k];
        }
        out
    }

    /// Blocks of `occ` reachable from `seeds` by orthogonal steps through
    /// `occ` (T12). Seeds outside `occ` are ignored.
    #[inline]
    pub fn flood(&self, seeds: &Bits, occ: &Bits) -> Bits {
        if self.nw == 1 {
            let c = self.cols as u32;
            let (nf, nl, o) = (self.not_first_col.0[0], self.not_last_col.0[0], occ.0[0]);
            let mut f = seeds.0[0] & o;
            loop {
                let next = (f | ((f << 1) & nf) | ((f >> 1) & nl) | (f << c) | (f >> c)) & o;
                if next == f {
                    let mut out = Bits::EMPTY;
                    out.0[0] = f;
                    return out;
                }
                f = next;
            }
        }
        let mut f = and(seeds, occ, self.nw);
        loop {
            let next = and(&self.grow(&f), occ, self.nw);
            if next == f {
                return f;
            }
            f = next;
        }
    }

    /// Occupied blocks whose four neighbours are all on the board and
    /// occupied (T9): off-board counts as unoccupied, so edges never are.
    #[inline]
    pub fn surrounded(&self, occ: &Bits) -> Bits {
        let c = self.cols as u32;
        if self.nw == 1 {
            let o = occ.0[0];
            let mut out = Bits::EMPTY;
            out.0[0] = o
                & ((o << 1) & self.not_first_col.0[0])
                & ((o >> 1) & self.not_last_col.0[0])
                & (o << c)
                & (o >> c);
            return out;
        }
        let up1 = shl(occ, 1, self.nw);
        let dn1 = shr(occ, 1, self.nw);
        let upc = shl(occ, c, self.nw);
        let dnc = shr(occ, c, self.nw);
        let mut out = Bits::EMPTY;
        for k in 0..self.nw {
            out.0[k] = occ.0[k]
                & up1.0[k]
                & self.not_first_col.0[k]
                & dn1.0[k]
                & self.not_last_col.0[k]
                & upc.0[k]
                & dnc.0[k]
                & self.all.0[k];
        }
        out
    }
}

/// `a & b` over the first `nw` words.
#[inline]
pub fn and(a: &Bits, b: &Bits, nw: usize) -> Bits {
    let mut out = Bits::EMPTY;
    for k in 0..nw {
        out.0[k] = a.0[k] & b.0[k];
    }
    out
}

/// `a & !b` over the first `nw` words.
#[inline]
pub fn and_not(a: &Bits, b: &Bits, nw: usize) -> Bits {
    let mut out = Bits::EMPTY;
    for k in 0..nw {
        out.0[k] = a.0[k] & !b.0[k];
    }
    out
}

/// Shifts toward higher indices by `s` (< 64) blocks.
#[inline]
fn shl(b: &Bits, s: u32, nw: usize) -> Bits {
    let mut out = Bits::EMPTY;
    for k in (0..nw).rev() {
        let lower = if k > 0 { b.0[k - 1] >> (64 - s) } else { 0 };
        out.0[k] = (b.0[k] << s) | lower;
    }
    out
}

/// Shifts toward lower indices by `s` (< 64) blocks.
#[inline]
fn shr(b: &Bits, s: u32, nw: usize) -> Bits {
    let mut out = Bits::EMPTY;
    for k in 0..nw {
        let upper = if k + 1 < nw {
            b.0[k + 1] << (64 - s)
        } else {
            0
        };
        out.0[k] = (b.0[k] >> s) | upper;
    }
    out
}
