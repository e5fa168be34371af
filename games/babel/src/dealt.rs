//! The fully dealt line packed in one `u128`, and the memo table of the
//! standard search (B10: search the dealt line, moves only).
//!
//! Five bits a stack, the leftmost stack in the most significant digit,
//! each digit `tile + 1` so that lines of different lengths never share a
//! key. A move (B5) is then a handful of shifts and masks instead of a copy
//! of the line plus a rehash, and the packed line is its own memo key.

/// The digit of tile `t`: `suit * 8 + value + 1`, so that suit and value
/// are separate bit fields (for matching many pairs at once) and no digit
/// is 0 (so lines of different lengths never share a key).
#[inline]
pub(crate) const fn digit(t: u8) -> u8 {
    (t / 6) * 8 + t % 6 + 1
}

/// The tile of a digit.
#[cfg(test)]
#[inline]
pub(crate) const fn tile_of(d: u8) -> u8 {
    (d >> 3) * 6 + (d & 7) - 1
}

/// `DMATCH[d]`: digits matching digit `d` (B5); 0 matches nothing.
#[cfg(test)]
pub(crate) const DMATCH: [u32; 32] = {
    let mut table = [0u32; 32];
    let mut a = 0;
    while a < 24 {
        let mut row = 0u32;
        let mut b = 0;
        while b < 24 {
            if crate::tile::MATCH[a] & (1 << b) != 0 {
                row |= 1 << digit(b as u8);
            }
            b += 1;
        }
        table[digit(a as u8) as usize] = row;
        a += 1;
    }
    table
};

/// An unsigned word holding a line of five-bit digits: `u128` for any
/// line (24 digits), `u64` for lines of at most 12, where most of the
/// search happens and every shift is one instruction instead of a branchy
/// sequence of them.
pub(crate) trait Word:
    Copy
    + Eq
    + std::fmt::Debug
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitXor<Output = Self>
    + std::ops::Not<Output = Self>
    + std::ops::Shl<usize, Output = Self>
    + std::ops::Shr<usize, Output = Self>
{
    /// How many digits fit.
    const FIELDS: usize;
    const ZERO: Self;
    /// Bit 0 of each field.
    const ONES: Self;
    fn from_digit(d: u8) -> Self;
    /// The low five bits.
    fn low_digit(self) -> u8;
    /// The low `fields` five-bit fields.
    fn low_fields(fields: usize) -> Self;
    /// Sums fields holding 0 or 1.
    fn count_fields(self) -> u32;
    fn trailing_zeros(self) -> u32;
    /// Clears the lowest set bit.
    fn clear_lowest(self) -> Self;
    fn wide(self) -> u128;
}

const fn ones(fields: usize) -> u128 {
    let mut x = 0u128;
    let mut r = 0;
    while r < fields {
        x |= 1 << (5 * r);
        r += 1;
    }
    x
}

/// The methods that read the same for every width.
macro_rules! word_basics {
    ($t:ty, $fields:expr) => {
        const FIELDS: usize = $fields;
        const ZERO: $t = 0;
        const ONES: $t = ones($fields) as $t;
        #[inline]
        fn from_digit(d: u8) -> $t {
            <$t>::from(d)
        }
        #[inline]
        fn low_digit(self) -> u8 {
            (self & 31) as u8
        }
        #[inline]
        fn low_fields(fields: usize) -> $t {
            (1 << (5 * fields)) - 1
        }
        #[inline]
        fn trailing_zeros(self) -> u32 {
            <$t>::trailing_zeros(self)
        }
        #[inline]
        fn clear_lowest(self) -> $t {
            self & self.wrapping_sub(1)
        }
        #[inline]
        fn wide(self) -> u128 {
            u128::from(self)
        }
    };
}

impl Word for u64 {
    word_basics!(u64, 12);
    #[inline]
    fn count_fields(self) -> u32 {
        // A multiply gathers the sum (at most 12, so no field overflows)
        // in the top field.
        ((self.wrapping_mul(Self::ONES) >> 55) & 31) as u32
    }
}

impl Word for u128 {
    word_basics!(u128, 24);
    #[inline]
    fn count_fields(self) -> u32 {
        // Twelve fields per 60-bit half.
        let lo = (self as u64) & ((1 << 60) - 1);
        let hi = (self >> 60) as u64;
        lo.count_fields() + hi.count_fields()
    }
}

/// Fields where digits `gap` apart match (B5): field `r` compares digit
/// `r` with digit `r + gap` (that is, the stack `gap` to its left).
#[inline]
fn matches_at<W: Word>(key: W, gap: usize) -> W {
    let x = key ^ (key >> (5 * gap));
    let suit_differs = (x >> 3) | (x >> 4);
    let value_differs = x | (x >> 1) | (x >> 2);
    !(suit_differs & value_differs) & W::ONES
}

/// A line of top tiles as packed digits, and its length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Packed<W = u128> {
    pub(crate) key: W,
    pub(crate) len: u8,
}

impl Packed<u128> {
    pub(crate) fn from_tops(tops: &[u8]) -> Packed {
        let mut key = 0u128;
        for &t in tops {
            key = (key << 5) | u128::from(digit(t));
        }
        Packed {
            key,
            len: tops.len() as u8,
        }
    }
}

impl<W: Word> Packed<W> {
    /// The same line in a 64-bit word (at most 12 tops).
    #[inline]
    pub(crate) fn narrow(self) -> Packed<u64> {
        debug_assert!(self.len <= 12);
        Packed {
            key: self.key.wide() as u64,
            len: self.len,
        }
    }

    /// The same line in a 128-bit word.
    #[inline]
    pub(crate) fn widen(self) -> Packed {
        Packed {
            key: self.key.wide(),
            len: self.len,
        }
    }

    /// The digits left to right into `d`.
    #[cfg(test)]
    pub(crate) fn digits(&self, d: &mut [u8; 24]) {
        let n = usize::from(self.len);
        let mut x = self.key;
        for j in (0..n).rev() {
            d[j] = x.low_digit();
            x = x >> 5;
        }
    }

    /// The digit of stack `i` (0-based from the left).
    #[inline]
    pub(crate) fn digit_at(&self, i: usize) -> u8 {
        (self.key >> (5 * (usize::from(self.len) - 1 - i))).low_digit()
    }

    /// Legal moves as field masks for gap 1 and gap 3: field `r` is the
    /// stack `len - 1 - r`.
    #[inline]
    pub(crate) fn legal(&self) -> (W, W) {
        let n = usize::from(self.len);
        let m1 = matches_at(self.key, 1) & W::low_fields(n.saturating_sub(1));
        let m3 = matches_at(self.key, 3) & W::low_fields(n.saturating_sub(3));
        (m1, m3)
    }

    /// Legal moves, and tops that match none of the tops 1 or 3 away on
    /// either side (they can neither move nor be covered now).
    #[inline]
    pub(crate) fn mobility(&self) -> (u32, u32) {
        let (m1, m3) = self.legal();
        let touched = m1 | (m1 << 5) | m3 | (m3 << 15);
        let iso = !touched & W::ONES & W::low_fields(usize::from(self.len));
        (m1.count_fields() + m3.count_fields(), iso.count_fields())
    }

    /// B5: stack `i` (0-based) onto `i - gap`, the line closing up.
    #[inline]
    pub(crate) fn moved(&self, i: usize, gap: usize) -> Packed<W> {
        let n = usize::from(self.len);
        let si = 5 * (n - 1 - i);
        let sg = si + 5 * gap;
        let d = (self.key >> si) & W::from_digit(31);
        let k = (self.key & !(W::from_digit(31) << sg)) | (d << sg);
        let low = k & W::low_fields(n - 1 - i);
        let high = (k >> (si + 5)) << si;
        Packed {
            key: high | low,
            len: self.len - 1,
        }
    }

    /// Whether any move is legal.
    pub(crate) fn any_move(&self) -> bool {
        let (m1, m3) = self.legal();
        m1 | m3 != W::ZERO
    }
}

/// The moves of a line, lowest field first and gap 3 before gap 1 within
/// a field: `(r, gap)` moves stack `len - 1 - r` onto the stack `gap` to
/// its left.
#[inline]
pub(crate) fn moves_of<W: Word>(m1: W, m3: W) -> impl Iterator<Item = (usize, usize)> {
    // Gap 3 in bit 0 of a field, gap 1 in bit 1.
    let mut bits = m3 | (m1 << 1);
    std::iter::from_fn(move || {
        if bits == W::ZERO {
            return None;
        }
        let b = bits.trailing_zeros() as usize;
        bits = bits.clear_lowest();
        Some((b / 5, if b.is_multiple_of(5) { 3 } else { 1 }))
    })
}

/// Sets of packed lines with O(1) clearing: each slot holds a key tagged
/// with the generation that wrote it (keys use 120 bits, the tag the top 8),
/// and a slot of another generation counts as empty. Open addressing with
/// linear probing; slots are never removed within a generation, so a probe
/// can stop at the first empty slot.
pub(crate) struct Table {
    slots: Vec<u128>,
    count: usize,
    tag: u128,
}

/// Slots of a fresh table: 256 KiB, enough for most solves (the median
/// solve visits a few hundred lines); larger searches grow it.
const BASE_SLOTS: usize = 1 << 14;

impl Default for Table {
    fn default() -> Table {
        Table {
            slots: vec![0; BASE_SLOTS],
            count: 0,
            tag: 1,
        }
    }
}

#[inline]
fn slot_of(key: u128, mask: usize) -> usize {
    let x = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let x = (x ^ (x >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    ((x ^ (x >> 32)) as usize) & mask
}

impl Table {
    /// Forgets every key. A table grown by a large search shrinks back, so
    /// that the next, typically small, search stays in cache.
    pub(crate) fn clear(&mut self) {
        self.count = 0;
        if self.slots.len() > BASE_SLOTS {
            self.slots = vec![0; BASE_SLOTS];
            self.tag = 1;
            return;
        }
        self.tag += 1;
        if self.tag == 256 {
            self.slots.fill(0);
            self.tag = 1;
        }
    }

    /// Adds `key`; false when it was already there.
    #[inline]
    pub(crate) fn insert(&mut self, key: u128) -> bool {
        let tagged = key | (self.tag << 120);
        let mask = self.slots.len() - 1;
        let mut s = slot_of(key, mask);
        loop {
            let v = self.slots[s];
            if v == tagged {
                return false;
            }
            if v >> 120 != self.tag {
                self.slots[s] = tagged;
                self.count += 1;
                if 2 * self.count > self.slots.len() {
                    self.grow();
                }
                return true;
            }
            s = (s + 1) & mask;
        }
    }

    /// Takes `key` out again (it must be there): the slot keeps a marker
    /// no key equals, so probes still pass it.
    pub(crate) fn remove(&mut self, key: u128) {
        let tagged = key | (self.tag << 120);
        let mask = self.slots.len() - 1;
        let mut s = slot_of(key, mask);
        while self.slots[s] != tagged {
            debug_assert!(self.slots[s] >> 120 == self.tag, "removing a missing key");
            s = (s + 1) & mask;
        }
        self.slots[s] = (self.tag << 120) | ((1u128 << 120) - 1);
    }

    fn grow(&mut self) {
        let size = 2 * self.slots.len();
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        let mask = self.slots.len() - 1;
        for v in old {
            if v >> 120 == self.tag && v != (self.tag << 120) | ((1u128 << 120) - 1) {
                let mut s = slot_of(v & ((1u128 << 120) - 1), mask);
                while self.slots[s] != 0 {
                    s = (s + 1) & mask;
                }
                self.slots[s] = v;
            }
        }
    }
}

/// The 24 tile indices in an order drawn from the plain LCG `x` (advanced
/// in place), for tests that need many reproducible lines without a
/// random-number crate.
#[cfg(test)]
pub(crate) fn shuffled_tiles(x: &mut u64) -> Vec<u8> {
    let mut tiles: Vec<u8> = (0..24).collect();
    for i in (1..24).rev() {
        *x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        tiles.swap(i, (*x >> 33) as usize % (i + 1));
    }
    tiles
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unpacked(p: Packed) -> Vec<u8> {
        let mut d = [0u8; 24];
        p.digits(&mut d);
        d[..usize::from(p.len)]
            .iter()
            .map(|&x| tile_of(x))
            .collect()
    }

    fn legal_list(tops: &[u8], i: usize, gap: usize) -> bool {
        i >= gap && crate::tiles_match(tops[i], tops[i - gap])
    }

    #[test]
    fn b5_packed_moves_match_moves_on_the_list() {
        // Every legal move of many lines, packed and on a plain list.
        let mut x = 12345u64;
        for _ in 0..300 {
            let tiles = shuffled_tiles(&mut x);
            let n = 1 + (x >> 40) as usize % 24;
            let tops = &tiles[..n];
            let p = Packed::from_tops(tops);
            assert_eq!(unpacked(p), tops);
            let (m1, m3) = p.legal();
            let mut count = 0;
            let mut iso = 0;
            for i in 0..n {
                assert_eq!(tile_of(p.digit_at(i)), tops[i]);
                let touched = (1..=3)
                    .step_by(2)
                    .any(|g| legal_list(tops, i, g) || (i + g < n && legal_list(tops, i + g, g)));
                iso += u32::from(!touched);
                for gap in [1, 3] {
                    let legal = legal_list(tops, i, gap);
                    let mask = if gap == 1 { m1 } else { m3 };
                    let r = n - 1 - i;
                    assert_eq!(mask >> (5 * r) & 1 == 1, legal, "{tops:?} {i} {gap}");
                    count += u32::from(legal);
                    if legal {
                        let mut l = tops.to_vec();
                        l[i - gap] = l[i];
                        l.remove(i);
                        let m = p.moved(i, gap);
                        assert_eq!(unpacked(m), l);
                        assert_eq!(m, Packed::from_tops(&l));
                    }
                }
            }
            assert_eq!(p.mobility(), (count, iso), "{tops:?}");
            assert_eq!(p.any_move(), count > 0);
            let all: Vec<_> = moves_of(p.legal().0, p.legal().1).collect();
            assert_eq!(all.len() as u32, count);
            if n <= 12 {
                // The 64-bit word the search switches to at 12 tops: the
                // same moves, children and scores as the 128-bit one.
                let q = p.narrow();
                assert_eq!(q.widen(), p);
                assert_eq!(q.mobility(), p.mobility());
                assert_eq!(moves_of(q.legal().0, q.legal().1).collect::<Vec<_>>(), all);
                for &(r, gap) in &all {
                    assert_eq!(q.moved(n - 1 - r, gap).widen(), p.moved(n - 1 - r, gap));
                }
            }
        }
    }

    #[test]
    fn digits_round_trip_and_dmatch_is_b5() {
        for a in 0..24u8 {
            assert_eq!(tile_of(digit(a)), a);
            for b in 0..24u8 {
                let m = DMATCH[usize::from(digit(a))] >> digit(b) & 1 == 1;
                assert_eq!(m, crate::tiles_match(a, b));
            }
        }
    }

    #[test]
    fn table_keeps_keys_across_growth_and_forgets_them_on_clear() {
        let mut t = Table::default();
        let keys: Vec<u128> = (0..20_000u128).map(|k| k * 0x1_0000_0001 + 7).collect();
        for &k in &keys {
            assert!(t.insert(k));
        }
        for &k in &keys {
            assert!(!t.insert(k));
        }
        for round in 0..300 {
            t.clear();
            for &k in &keys[..50] {
                assert!(t.insert(k), "round {round}");
                assert!(!t.insert(k));
            }
        }
    }
}
