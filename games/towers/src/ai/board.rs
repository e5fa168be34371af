//! A compact Towers position for search: bitboards for up to 64 blocks,
//! one height byte per block, and an incrementally kept Zobrist hash.
//!
//! Only what the rules ever look at is kept: a tower's height, its top
//! (Black, White or Utility, T6) and whether it holds a Utility floor
//! (T14). Lower floor colours never matter: T15 gives every floor to the
//! owner of the top, and Suburbs flattening keeps only the top (T19).
//! This representation is checked against the rules engine
//! (`stackyard-towers`) move for move in the tests.

use std::fmt;

/// Black (side 0, moves first, T7) or White (side 1).
pub const BLACK: u8 = 0;
/// White.
pub const WHITE: u8 = 1;

/// The variants the search representation knows (T16–T19).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rules {
    /// T16: demolished floors go to the mover.
    pub capture: bool,
    /// T19: demolished towers are flattened, town by town.
    pub suburbs: bool,
    /// T17: the board starts empty and is filled by placements.
    pub sprawl: bool,
    /// T18: this many utilities are placed before the move phase.
    pub utilities: Option<u8>,
}

/// One Towers move (T5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TMove {
    /// `c3-c5`: the tower on `from` moves onto `to` (T8).
    Step {
        /// Block index (row-major, `a1` = 0).
        from: u8,
        /// Block index.
        to: u8,
    },
    /// `pass` (T10).
    Pass,
    /// `+c3`: a Sprawl placement of the mover's colour (T17).
    Place(u8),
    /// `*c3`: an Infrastructure utility (T18).
    Utility(u8),
}

/// The phase of the game (T17, T18).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Utilities are being placed; this many are left.
    Utilities(u8),
    /// Sprawl placements.
    Sprawl,
    /// Towers move.
    Moves,
}

/// Board geometry and its edge masks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Geo {
    cols: u8,
    rows: u8,
    full: u64,
    not_first_col: u64,
    not_last_col: u64,
}

impl Geo {
    fn new(cols: u8, rows: u8) -> Geo {
        let n = u32::from(cols) * u32::from(rows);
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut first = 0u64;
        let mut last = 0u64;
        for r in 0..rows {
            first |= 1u64 << (u32::from(r) * u32::from(cols));
            last |= 1u64 << (u32::from(r) * u32::from(cols) + u32::from(cols) - 1);
        }
        Geo {
            cols,
            rows,
            full,
            not_first_col: full & !first,
            not_last_col: full & !last,
        }
    }

    fn neighbours(&self, b: u64) -> u64 {
        let c = u32::from(self.cols);
        ((b << 1) & self.not_first_col)
            | ((b >> 1) & self.not_last_col)
            | ((b << c) & self.full)
            | (b >> c)
    }

    fn flood(&self, seed: u64, occ: u64) -> u64 {
        let mut reach = seed & occ;
        loop {
            let next = (reach | self.neighbours(reach)) & occ;
            if next == reach {
                return reach;
            }
            reach = next;
        }
    }

    /// Blocks whose four neighbours all exist and are occupied (T9).
    fn surrounded(&self, occ: u64) -> u64 {
        let c = u32::from(self.cols);
        let east = (occ >> 1) & self.not_last_col;
        let west = (occ << 1) & self.not_first_col;
        let north = occ >> c;
        let south = (occ << c) & self.full;
        occ & east & west & north & south
    }
}

/// A Towers position for search.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    geo: Geo,
    rules: Rules,
    height: [u8; 64],
    occ: u64,
    black: u64,
    white: u64,
    util_top: u64,
    has_util: u64,
    captured: [u16; 2],
    /// Floors of the towers each colour tops, kept by [`Board::set`] so
    /// the score (T15) costs nothing in the solver's move ordering.
    floors: [u16; 2],
    side: u8,
    phase: Phase,
    over: bool,
    hash: u64,
    /// Cell hashes of the board seen through each symmetry (T1 boards are
    /// rectangles: 4 symmetries, 8 when square); index 0 is the identity.
    sym: [u64; 8],
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Zobrist keys: block (< 64) × height (≤ 64 floors on ≤ 64 blocks) ×
/// kind (top Black/White/Utility, × holds a utility).
fn zobrist(i: usize, h: u8, kind: usize) -> u64 {
    zobrist_table()[(i * 65 + usize::from(h.min(64))) * 6 + kind]
}

fn zobrist_table() -> &'static [u64] {
    static TABLE: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0..64 * 65 * 6)
            .map(|k| mix(0x70AE_5000 + k as u64))
            .collect()
    })
}

/// For each block, its image under each symmetry of a `cols × rows`
/// board: identity, the two mirrors, the half turn, and on square boards
/// the four transposes. Cached per board size: this runs on every change
/// of every block in the solver.
fn sym_images(cols: u8, rows: u8) -> &'static [[u8; 8]; 64] {
    type Images = [[u8; 8]; 64];
    static CACHE: std::sync::OnceLock<Vec<std::sync::OnceLock<Images>>> =
        std::sync::OnceLock::new();
    let cache = CACHE.get_or_init(|| (0..33 * 33).map(|_| std::sync::OnceLock::new()).collect());
    cache[usize::from(cols) * 33 + usize::from(rows)].get_or_init(|| {
        let (cols, rows) = (usize::from(cols), usize::from(rows));
        let mut images = [[0u8; 8]; 64];
        for (i, img) in images.iter_mut().enumerate().take(cols * rows) {
            let (c, r) = (i % cols, i / cols);
            let (fc, fr) = (cols - 1 - c, rows - 1 - r);
            let mut v = [i, r * cols + fc, fr * cols + c, fr * cols + fc, 0, 0, 0, 0];
            if cols == rows {
                v[4] = c * cols + r;
                v[5] = c * cols + fr;
                v[6] = fc * cols + r;
                v[7] = fc * cols + fr;
            }
            for (k, &j) in v.iter().enumerate() {
                img[k] = j as u8;
            }
        }
        images
    })
}

/// Why a board cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BoardError(pub String);

impl Board {
    /// The start position of a `cols × rows` board under `rules` (T4, T17,
    /// T18). The search representation holds at most 64 blocks.
    pub fn new(cols: u8, rows: u8, rules: Rules) -> Result<Board, BoardError> {
        if cols < 2 || rows < 2 || u32::from(cols) * u32::from(rows) > 64 {
            return Err(BoardError(format!(
                "the AI plays boards from 2x2 up to 64 blocks (8x8), not {cols}x{rows}"
            )));
        }
        let n = u32::from(cols) * u32::from(rows);
        let mut rules = rules;
        rules.utilities = rules.utilities.filter(|&u| u > 0);
        if let Some(u) = rules.utilities {
            // T18: u even on an even board, odd on an odd board.
            if u32::from(u) % 2 != n % 2 || u32::from(u) > n {
                return Err(BoardError(format!(
                    "{u} utilities do not fit a {cols}x{rows} board (T18)"
                )));
            }
        }
        let geo = Geo::new(cols, rows);
        let mut b = Board {
            geo,
            rules,
            height: [0; 64],
            occ: 0,
            black: 0,
            white: 0,
            util_top: 0,
            has_util: 0,
            captured: [0; 2],
            floors: [0; 2],
            side: BLACK,
            phase: Phase::Moves,
            over: false,
            hash: 0,
            sym: [0; 8],
        };
        if !rules.sprawl {
            for r in 0..rows {
                for c in 0..cols {
                    let i = usize::from(r) * usize::from(cols) + usize::from(c);
                    let colour = if (c + r) % 2 == 0 { BLACK } else { WHITE };
                    b.set(i, 1, colour, false);
                }
            }
        }
        match (rules.utilities.filter(|&u| u > 0), rules.sprawl) {
            (Some(u), true) => {
                b.phase = Phase::Utilities(u);
                b.side = WHITE;
            }
            (Some(u), false) => {
                b.phase = Phase::Utilities(u);
                b.side = if n % 2 == 0 { WHITE } else { BLACK };
            }
            (None, true) => {
                b.phase = Phase::Sprawl;
                b.side = WHITE;
            }
            (None, false) => {}
        }
        b.hash ^= b.state_key();
        b.settle();
        Ok(b)
    }

    /// A move-phase position from its towers: `(block, height, top, holds
    /// utility)` with `top` [`BLACK`], [`WHITE`] or 2 for a utility; the
    /// side to move and the captures so far (T16).
    pub fn from_parts(
        cols: u8,
        rows: u8,
        rules: Rules,
        towers: &[(usize, u8, u8, bool)],
        side: u8,
        captured: [u16; 2],
    ) -> Result<Board, BoardError> {
        Board::from_parts_in(cols, rows, rules, towers, side, captured, Phase::Moves)
    }

    /// Like [`Board::from_parts`], in any phase.
    pub fn from_parts_in(
        cols: u8,
        rows: u8,
        rules: Rules,
        towers: &[(usize, u8, u8, bool)],
        side: u8,
        captured: [u16; 2],
        phase: Phase,
    ) -> Result<Board, BoardError> {
        let mut plain = rules;
        plain.sprawl = true;
        plain.utilities = None;
        let mut b = Board::new(cols, rows, plain)?;
        b.rules = rules;
        b.rules.utilities = rules.utilities.filter(|&u| u > 0);
        b.hash ^= b.state_key();
        b.phase = phase;
        b.side = side.min(1);
        b.captured = captured;
        for &(i, h, top, util) in towers {
            if i >= b.blocks() || h == 0 || top > 2 || (top == 2 && !util) {
                return Err(BoardError(format!("bad tower ({i}, {h}, {top}, {util})")));
            }
            b.set(i, h, top, util);
        }
        b.hash ^= b.state_key();
        b.settle();
        Ok(b)
    }

    #[cfg(test)]
    fn fresh_hash(&self) -> u64 {
        (0..self.blocks()).fold(self.state_key(), |h, i| h ^ self.cell_key(i))
    }

    fn state_key(&self) -> u64 {
        let phase = match self.phase {
            Phase::Utilities(u) => 100 + u64::from(u),
            Phase::Sprawl => 1,
            Phase::Moves => 0,
        };
        mix(0xABCD
            ^ (u64::from(self.side) << 8)
            ^ (phase << 16)
            ^ (u64::from(self.captured[0]) << 32)
            ^ (u64::from(self.captured[1]) << 48))
    }

    fn kind(&self, i: usize) -> usize {
        let bit = 1u64 << i;
        let top = if self.black & bit != 0 {
            0
        } else if self.white & bit != 0 {
            1
        } else {
            2
        };
        top + if self.has_util & bit != 0 { 3 } else { 0 }
    }

    fn cell_key(&self, i: usize) -> u64 {
        let h = self.height[i];
        if h == 0 {
            return 0;
        }
        zobrist(i, h, self.kind(i))
    }

    fn sym_count(&self) -> usize {
        if self.geo.cols == self.geo.rows { 8 } else { 4 }
    }

    fn sym_keys(&mut self, i: usize) {
        let h = self.height[i];
        if h == 0 {
            return;
        }
        let kind = self.kind(i);
        let table = zobrist_table();
        let base = usize::from(h.min(64)) * 6 + kind;
        let images = &sym_images(self.geo.cols, self.geo.rows)[i];
        for (s, &j) in images[..self.sym_count()].iter().enumerate() {
            self.sym[s] ^= table[usize::from(j) * 65 * 6 + base];
        }
    }

    /// A hash shared by every position that is a mirror image or rotation
    /// of this one (same value under perfect play), for the exact solver.
    pub fn canonical_hash(&self) -> u64 {
        let m = self.sym[..self.sym_count()]
            .iter()
            .copied()
            .min()
            .unwrap_or(0);
        m ^ self.state_key()
    }

    /// Puts a tower of `h` floors topped by `top` (BLACK, WHITE, or 2 for a
    /// utility) on block `i`, or clears it when `h` is 0.
    fn set(&mut self, i: usize, h: u8, top: u8, util: bool) {
        self.sym_keys(i);
        self.hash ^= self.cell_key(i);
        let bit = 1u64 << i;
        if let Some(o) = self.owner(i) {
            self.floors[usize::from(o)] -= u16::from(self.height[i]);
        }
        if h > 0 && top < 2 {
            self.floors[usize::from(top)] += u16::from(h);
        }
        self.height[i] = h;
        self.occ &= !bit;
        self.black &= !bit;
        self.white &= !bit;
        self.util_top &= !bit;
        self.has_util &= !bit;
        if h > 0 {
            self.occ |= bit;
            match top {
                BLACK => self.black |= bit,
                WHITE => self.white |= bit,
                _ => self.util_top |= bit,
            }
            if util {
                self.has_util |= bit;
            }
        }
        self.hash ^= self.cell_key(i);
        self.sym_keys(i);
    }

    fn top(&self, i: usize) -> u8 {
        let bit = 1u64 << i;
        if self.black & bit != 0 {
            BLACK
        } else if self.white & bit != 0 {
            WHITE
        } else {
            2
        }
    }

    /// Columns.
    pub fn cols(&self) -> u8 {
        self.geo.cols
    }

    /// Rows.
    pub fn rows(&self) -> u8 {
        self.geo.rows
    }

    /// The variants in play.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The side to move: [`BLACK`] or [`WHITE`].
    pub fn side_to_move(&self) -> u8 {
        self.side
    }

    /// Whether the game is over (T11).
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Whether the move phase has begun (no placements left).
    pub fn in_move_phase(&self) -> bool {
        self.phase == Phase::Moves
    }

    /// Height of the tower on block `i` (0 if empty).
    pub fn height(&self, i: usize) -> u8 {
        self.height[i]
    }

    /// Owner of the tower on block `i`: `Some(BLACK)`, `Some(WHITE)`, or
    /// `None` for an empty block or a utility top (T6).
    pub fn owner(&self, i: usize) -> Option<u8> {
        let bit = 1u64 << i;
        if self.black & bit != 0 {
            Some(BLACK)
        } else if self.white & bit != 0 {
            Some(WHITE)
        } else {
            None
        }
    }

    /// Whether the tower on block `i` holds a utility floor.
    pub fn holds_utility(&self, i: usize) -> bool {
        self.has_util & (1u64 << i) != 0
    }

    /// Number of blocks.
    pub fn blocks(&self) -> usize {
        usize::from(self.geo.cols) * usize::from(self.geo.rows)
    }

    /// Occupied blocks as a bitboard.
    pub fn occupied(&self) -> u64 {
        self.occ
    }

    /// Towers topped by `colour`, as a bitboard.
    pub fn towers_of(&self, colour: u8) -> u64 {
        if colour == BLACK {
            self.black
        } else {
            self.white
        }
    }

    /// Towers of `colour` that may move: not surrounded (T9), owned (T6).
    pub fn movable(&self, colour: u8) -> u64 {
        self.towers_of(colour) & !self.geo.surrounded(self.occ)
    }

    /// Current score of each side: floors owned (T15) plus captures (T16).
    pub fn scores(&self) -> [i32; 2] {
        [
            i32::from(self.captured[0]) + i32::from(self.floors[0]),
            i32::from(self.captured[1]) + i32::from(self.floors[1]),
        ]
    }

    /// The scores counted tower by tower, to check the kept totals.
    #[cfg(test)]
    fn counted_scores(&self) -> [i32; 2] {
        let mut s = [i32::from(self.captured[0]), i32::from(self.captured[1])];
        let mut b = self.black | self.white;
        while b != 0 {
            let i = b.trailing_zeros() as usize;
            b &= b - 1;
            s[usize::from(self.top(i))] += i32::from(self.height[i]);
        }
        s
    }

    /// Black's score minus White's.
    pub fn margin(&self) -> i32 {
        let s = self.scores();
        s[0] - s[1]
    }

    /// Greatest height on the board.
    pub fn max_height(&self) -> u8 {
        let mut b = self.occ;
        let mut h = 0;
        while b != 0 {
            let i = b.trailing_zeros() as usize;
            b &= b - 1;
            h = h.max(self.height[i]);
        }
        h
    }

    /// The 64-bit Zobrist-style hash of the position.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    fn step_moves(&self, colour: u8, out: &mut Vec<TMove>) {
        let cols = i32::from(self.geo.cols);
        let rows = i32::from(self.geo.rows);
        let mut b = self.movable(colour);
        while b != 0 {
            let i = b.trailing_zeros() as usize;
            b &= b - 1;
            let h = i32::from(self.height[i]);
            let (c, r) = (i as i32 % cols, i as i32 / cols);
            for (dc, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                let (tc, tr) = (c + dc * h, r + dr * h);
                if tc < 0 || tr < 0 || tc >= cols || tr >= rows {
                    continue;
                }
                let t = (tr * cols + tc) as usize;
                if self.occ & (1u64 << t) != 0 {
                    out.push(TMove::Step {
                        from: i as u8,
                        to: t as u8,
                    });
                }
            }
        }
    }

    fn has_step(&self, colour: u8) -> bool {
        let cols = i32::from(self.geo.cols);
        let rows = i32::from(self.geo.rows);
        let mut b = self.movable(colour);
        while b != 0 {
            let i = b.trailing_zeros() as usize;
            b &= b - 1;
            let h = i32::from(self.height[i]);
            let (c, r) = (i as i32 % cols, i as i32 / cols);
            for (dc, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                let (tc, tr) = (c + dc * h, r + dr * h);
                if tc >= 0
                    && tr >= 0
                    && tc < cols
                    && tr < rows
                    && self.occ & (1u64 << (tr * cols + tc)) != 0
                {
                    return true;
                }
            }
        }
        false
    }

    /// Number of step moves `colour` would have if it were to move.
    pub fn mobility(&self, colour: u8) -> u32 {
        let cols = i32::from(self.geo.cols);
        let rows = i32::from(self.geo.rows);
        let mut n = 0;
        let mut b = self.movable(colour);
        while b != 0 {
            let i = b.trailing_zeros() as usize;
            b &= b - 1;
            let h = i32::from(self.height[i]);
            let (c, r) = (i as i32 % cols, i as i32 / cols);
            for (dc, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                let (tc, tr) = (c + dc * h, r + dr * h);
                if tc >= 0
                    && tr >= 0
                    && tc < cols
                    && tr < rows
                    && self.occ & (1u64 << (tr * cols + tc)) != 0
                {
                    n += 1;
                }
            }
        }
        n
    }

    /// Appends the legal moves; empty exactly when the game is over.
    pub fn legal_moves(&self, out: &mut Vec<TMove>) {
        if self.over {
            return;
        }
        match self.phase {
            Phase::Utilities(_) => {
                let mut b = if self.rules.sprawl {
                    self.geo.full & !self.occ
                } else {
                    // T18: replace one of the mover's own single floors.
                    let own = self.towers_of(self.side);
                    let mut singles = 0;
                    let mut o = own;
                    while o != 0 {
                        let i = o.trailing_zeros() as usize;
                        o &= o - 1;
                        if self.height[i] == 1 {
                            singles |= 1u64 << i;
                        }
                    }
                    singles
                };
                while b != 0 {
                    let i = b.trailing_zeros();
                    b &= b - 1;
                    out.push(TMove::Utility(i as u8));
                }
            }
            Phase::Sprawl => {
                let mut b = self.geo.full & !self.occ;
                while b != 0 {
                    let i = b.trailing_zeros();
                    b &= b - 1;
                    out.push(TMove::Place(i as u8));
                }
            }
            Phase::Moves => {
                let before = out.len();
                self.step_moves(self.side, out);
                if out.len() == before {
                    out.push(TMove::Pass);
                }
            }
        }
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: TMove) -> bool {
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v.contains(&m)
    }

    /// The position after the legal move `m`.
    pub fn play(&self, m: TMove) -> Board {
        let mut b = self.clone();
        b.apply(m);
        b
    }

    /// Applies the legal move `m` in place.
    pub fn apply(&mut self, m: TMove) {
        self.hash ^= self.state_key();
        let mover = self.side;
        match m {
            TMove::Utility(i) => {
                self.set(usize::from(i), 1, 2, true);
                if let Phase::Utilities(left) = self.phase {
                    self.phase = if left > 1 {
                        Phase::Utilities(left - 1)
                    } else if self.rules.sprawl {
                        Phase::Sprawl
                    } else {
                        Phase::Moves
                    };
                }
                self.side = 1 - mover;
                match self.phase {
                    // T17: White places first in the sprawl phase.
                    Phase::Sprawl => self.side = WHITE,
                    Phase::Moves => self.side = BLACK,
                    Phase::Utilities(_) => {}
                }
            }
            TMove::Place(i) => {
                self.set(usize::from(i), 1, mover, false);
                self.side = 1 - mover;
                if self.occ == self.geo.full {
                    self.phase = Phase::Moves;
                    self.side = BLACK;
                }
            }
            TMove::Pass => {
                self.side = 1 - mover;
            }
            TMove::Step { from, to } => {
                self.step(usize::from(from), usize::from(to), mover);
                self.side = 1 - mover;
            }
        }
        self.hash ^= self.state_key();
        self.settle();
    }

    /// After any change: is the game over (T11)?
    fn settle(&mut self) {
        if self.phase != Phase::Moves {
            return;
        }
        if !self.has_step(self.side) && !self.has_step(1 - self.side) {
            self.over = true;
        }
    }

    fn step(&mut self, from: usize, to: usize, mover: u8) {
        let town_before = if self.rules.suburbs {
            self.geo.flood(1u64 << from, self.occ)
        } else {
            0
        };
        let h = self.height[from] + self.height[to];
        let top = self.top(from);
        let util = self.holds_utility(from) || self.holds_utility(to);
        self.set(from, 0, 0, false);
        self.set(to, h, top, util);
        let mut lost = 0u32;
        if self.rules.suburbs {
            // T19: only the town that held `from` is examined; cut-off
            // parts are flattened to one floor of their top colour.
            let town = town_before & self.occ;
            let anchors = if self.rules.utilities.is_some() {
                town & self.has_util
            } else {
                let mut hmax = 0;
                let mut t = town;
                while t != 0 {
                    let i = t.trailing_zeros() as usize;
                    t &= t - 1;
                    hmax = hmax.max(self.height[i]);
                }
                self.with_height(town, hmax)
            };
            let keep = self.geo.flood(anchors, self.occ);
            let mut flat = town & !keep;
            while flat != 0 {
                let i = flat.trailing_zeros() as usize;
                flat &= flat - 1;
                let hi = self.height[i];
                if hi > 1 {
                    lost += u32::from(hi - 1);
                    let (t, u) = (self.top(i), self.holds_utility(i));
                    self.set(i, 1, t, u);
                }
            }
        } else {
            let anchors = if self.rules.utilities.is_some() {
                // T14: utility-holding towers anchor.
                self.has_util
            } else {
                // T13: the tallest towers anchor.
                self.with_height(self.occ, self.max_height())
            };
            let keep = self.geo.flood(anchors, self.occ);
            let mut gone = self.occ & !keep;
            while gone != 0 {
                let i = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                lost += u32::from(self.height[i]);
                self.set(i, 0, 0, false);
            }
        }
        if self.rules.capture {
            self.captured[usize::from(mover)] += lost as u16;
        }
    }

    fn with_height(&self, within: u64, h: u8) -> u64 {
        let mut out = 0;
        let mut b = within;
        while b != 0 {
            let i = b.trailing_zeros() as usize;
            b &= b - 1;
            if self.height[i] == h {
                out |= 1u64 << i;
            }
        }
        out
    }

    /// The name of block `i` (T3), like `c3`.
    pub fn square_name(&self, i: usize) -> String {
        let cols = usize::from(self.geo.cols);
        format!("{}{}", char::from(b'a' + (i % cols) as u8), i / cols + 1)
    }

    /// The block named `name`, if on this board.
    pub fn parse_square(&self, name: &str) -> Option<usize> {
        let mut chars = name.chars();
        let c = chars.next()?;
        if !c.is_ascii_lowercase() {
            return None;
        }
        let col = usize::from(c as u8 - b'a');
        let row: usize = chars.as_str().parse().ok()?;
        if col >= usize::from(self.geo.cols) || row == 0 || row > usize::from(self.geo.rows) {
            return None;
        }
        Some((row - 1) * usize::from(self.geo.cols) + col)
    }

    /// The move in T5 notation.
    pub fn move_name(&self, m: TMove) -> String {
        match m {
            TMove::Step { from, to } => {
                format!(
                    "{}-{}",
                    self.square_name(usize::from(from)),
                    self.square_name(usize::from(to))
                )
            }
            TMove::Pass => "pass".into(),
            TMove::Place(i) => format!("+{}", self.square_name(usize::from(i))),
            TMove::Utility(i) => format!("*{}", self.square_name(usize::from(i))),
        }
    }

    /// Reads a move in T5 notation (not checked for legality).
    pub fn parse_move(&self, text: &str) -> Option<TMove> {
        let t = text.trim();
        if t == "pass" {
            return Some(TMove::Pass);
        }
        if let Some(s) = t.strip_prefix('+') {
            return self.parse_square(s).map(|i| TMove::Place(i as u8));
        }
        if let Some(s) = t.strip_prefix('*') {
            return self.parse_square(s).map(|i| TMove::Utility(i as u8));
        }
        let (a, b) = t.split_once('-')?;
        Some(TMove::Step {
            from: self.parse_square(a)? as u8,
            to: self.parse_square(b)? as u8,
        })
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// Rows top to bottom; each block as height and owner (`3b`, `1w`, `1u`,
/// `.` for empty).
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cols = usize::from(self.geo.cols);
        for r in (0..usize::from(self.geo.rows)).rev() {
            write!(f, "{:>2} ", r + 1)?;
            for c in 0..cols {
                let i = r * cols + c;
                if self.height[i] == 0 {
                    write!(f, "  . ")?;
                } else {
                    let t = match self.top(i) {
                        BLACK => 'b',
                        WHITE => 'w',
                        _ => 'u',
                    };
                    write!(f, "{:>3}{t}", self.height[i])?;
                }
            }
            writeln!(f)?;
        }
        write!(f, "   ")?;
        for c in 0..cols {
            write!(f, "   {}", char::from(b'a' + c as u8))?;
        }
        writeln!(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(b: &Board) -> Vec<String> {
        let mut v = Vec::new();
        b.legal_moves(&mut v);
        v.into_iter().map(|m| b.move_name(m)).collect()
    }

    #[test]
    fn two_by_two_start_t4_t8() {
        let b = Board::new(2, 2, Rules::default()).unwrap();
        // T4: a1 Black, b1 White, a2 White, b2 Black.
        assert_eq!(b.owner(0), Some(BLACK));
        assert_eq!(b.owner(1), Some(WHITE));
        assert_eq!(b.owner(2), Some(WHITE));
        assert_eq!(b.owner(3), Some(BLACK));
        // T8: height-1 towers move one block onto an occupied block.
        assert_eq!(names(&b), ["a1-a2", "a1-b1", "b2-b1", "b2-a2"]);
        let after = b.play(b.parse_move("a1-a2").unwrap());
        assert_eq!(after.height(2), 2);
        assert_eq!(after.owner(2), Some(BLACK));
        // T13: everything is still connected to the tallest tower a2.
        assert_eq!(after.occupied().count_ones(), 3);
        assert_eq!(after.margin(), 3 - 1);
        assert_eq!(after.hash(), after.fresh_hash());
        assert_eq!(after.scores(), after.counted_scores());
        // b2-b1 gives the half-turn image of a1-a2: same canonical hash,
        // different plain hash; a1-b1 is not an image of it.
        let image = b.play(b.parse_move("b2-b1").unwrap());
        assert_ne!(after.hash(), image.hash());
        assert_eq!(after.canonical_hash(), image.canonical_hash());
        let transposed = b.play(b.parse_move("a1-b1").unwrap());
        assert_eq!(after.canonical_hash(), transposed.canonical_hash());
        let different = b.play(b.parse_move("b2-a2").unwrap()).play(TMove::Pass);
        assert_ne!(after.canonical_hash(), different.canonical_hash());
    }

    #[test]
    fn t9_surrounded_towers_do_not_move_and_t13_demolishes_the_cut_off() {
        let b = Board::new(3, 3, Rules::default()).unwrap();
        // b2 (index 4) is White and surrounded on a full 3x3 board.
        assert!(names(&b).iter().all(|n| !n.starts_with("b2")));
        assert!(b.movable(WHITE) & (1 << 4) == 0);
        // a1-a2: a2 becomes 2 high, and nothing is cut off.
        let b = b.play(b.parse_move("a1-a2").unwrap());
        assert_eq!(b.occupied().count_ones(), 8);
        // A lone single far from the tallest tower is demolished: on a 4x1
        // strip... use 3x3 with a gap instead: towers a1(1b), c3(2w), c1(1b).
        let p = Board::from_parts(
            3,
            3,
            Rules::default(),
            &[
                (0, 1, BLACK, false),
                (8, 2, WHITE, false),
                (2, 1, BLACK, false),
                (5, 1, WHITE, false),
            ],
            BLACK,
            [0; 2],
        )
        .unwrap();
        // Black c1-c2 lands on c2 (1w): c2 becomes 2b; tallest are c3 and c2;
        // a1 is connected to neither and is demolished.
        let q = p.play(p.parse_move("c1-c2").unwrap());
        assert_eq!(q.height(0), 0);
        assert_eq!(q.height(5), 2);
        assert_eq!(q.scores(), [2, 2]);
        assert_eq!(q.hash(), q.fresh_hash());
        assert_eq!(q.scores(), q.counted_scores());
    }

    #[test]
    fn t10_t11_pass_and_game_end() {
        // Black's only tower is surrounded? Use 2x2: after a1-a2, b1-b2? Build
        // directly: one Black 2-high tower at a1 with nothing 2 away.
        let p = Board::from_parts(
            2,
            2,
            Rules::default(),
            &[(0, 2, BLACK, false), (1, 1, WHITE, false)],
            WHITE,
            [0; 2],
        )
        .unwrap();
        // White b1 moves 1 west onto a1; then Black... White to move: b1-a1.
        assert_eq!(names(&p), ["b1-a1"]);
        let q = p.play(p.parse_move("b1-a1").unwrap());
        // One tower left: nobody can move; the game is over.
        assert!(q.is_over());
        assert_eq!(q.margin(), -3);
        // Black has no move but White does: Black must pass.
        let r = Board::from_parts(
            3,
            1 + 1,
            Rules::default(),
            &[
                (0, 2, BLACK, false),
                (1, 1, WHITE, false),
                (4, 1, WHITE, false),
            ],
            BLACK,
            [0; 2],
        )
        .unwrap();
        assert_eq!(names(&r), ["pass"]);
    }

    #[test]
    fn t16_capture_counts_demolished_floors() {
        let rules = Rules {
            capture: true,
            ..Rules::default()
        };
        let p = Board::from_parts(
            3,
            3,
            rules,
            &[
                (0, 1, BLACK, false),
                (8, 2, WHITE, false),
                (2, 1, BLACK, false),
                (5, 1, WHITE, false),
            ],
            BLACK,
            [0; 2],
        )
        .unwrap();
        let q = p.play(p.parse_move("c1-c2").unwrap());
        assert_eq!(q.scores(), [2 + 1, 2]);
    }

    #[test]
    fn t19_suburbs_flattens_instead_of_removing() {
        let rules = Rules {
            suburbs: true,
            ..Rules::default()
        };
        // a1 2b - a2 1w ; c1.. : town {a1, a2, b2?}. Build a1(2b), b1(1w), c1(3w), c2(1b).
        let p = Board::from_parts(
            3,
            3,
            rules,
            &[
                (0, 2, BLACK, false),
                (1, 1, WHITE, false),
                (2, 3, WHITE, false),
                (5, 1, BLACK, false),
            ],
            WHITE,
            [0; 2],
        )
        .unwrap();
        // White b1 moves west onto a1: town was {a1,b1,c1,c2}; now a1 is
        // 3 high (w on top) and c1 3w; b1 empty splits {a1} from {c1,c2}.
        // Both parts touch a tower of height 3, so nothing is flattened.
        let q = p.play(p.parse_move("b1-a1").unwrap());
        assert_eq!((q.height(0), q.height(2), q.height(5)), (3, 3, 1));
        // Now Black c2 (1b) moves to c3? empty. c2-b2? empty. c2-c1 onto c1:
        // c1 becomes 4b; town {c1}; a1 is another town: untouched.
        let r = Board::from_parts(
            3,
            3,
            rules,
            &[
                (0, 2, BLACK, false),
                (1, 1, WHITE, false),
                (2, 3, WHITE, false),
                (5, 1, BLACK, false),
            ],
            BLACK,
            [0; 2],
        )
        .unwrap();
        // Black a1 (2 high) moves east 2 onto c1: 5 high. b1 now touches
        // c1 (5) still; fine. Black c2-c1 instead: c1 4b; a1 (2b) and
        // b1 (1w) stay connected to c1 through b1: nothing flattened.
        let s = r.play(r.parse_move("c2-c1").unwrap());
        assert_eq!((s.height(0), s.height(1), s.height(2)), (2, 1, 4));
        // A cut: b1 (1w) moving onto a1 leaves c1 alone; with c1 only 3
        // high and a1 now 3: both tallest. Make a1 taller instead.
        let t = Board::from_parts(
            3,
            3,
            rules,
            &[
                (0, 3, BLACK, false),
                (1, 1, WHITE, false),
                (2, 2, WHITE, false),
            ],
            WHITE,
            [0; 2],
        )
        .unwrap();
        let u = t.play(t.parse_move("b1-a1").unwrap());
        // a1 is 4 high; c1 (2w) is cut off from it and flattened to 1w.
        assert_eq!((u.height(0), u.height(2)), (4, 1));
        assert_eq!(u.owner(2), Some(WHITE));
        assert_eq!(u.hash(), u.fresh_hash());
        assert_eq!(u.scores(), u.counted_scores());
    }

    #[test]
    fn t18_infrastructure_placement_then_moves() {
        let rules = Rules {
            utilities: Some(2),
            ..Rules::default()
        };
        let b = Board::new(4, 4, rules).unwrap();
        // Even board: White places first, on its own single floors.
        assert_eq!(b.side_to_move(), WHITE);
        let mut v = Vec::new();
        b.legal_moves(&mut v);
        assert_eq!(v.len(), 8);
        assert!(
            v.iter()
                .all(|m| matches!(m, TMove::Utility(i) if b.owner(usize::from(*i)) == Some(WHITE)))
        );
        let b = b.play(v[0]);
        assert_eq!(b.side_to_move(), BLACK);
        let mut v = Vec::new();
        b.legal_moves(&mut v);
        let b = b.play(v[0]);
        assert!(b.in_move_phase());
        assert_eq!(b.side_to_move(), BLACK);
        assert_eq!(b.hash(), b.fresh_hash());
        assert!(
            Board::new(
                4,
                4,
                Rules {
                    utilities: Some(3),
                    ..Rules::default()
                }
            )
            .is_err()
        );
    }

    #[test]
    fn canonical_hash_is_shared_by_every_mirror_image() {
        for (cols, rows) in [(4, 4), (5, 3), (3, 5)] {
            let mut b = Board::new(cols, rows, Rules::default()).unwrap();
            let mut k = 0usize;
            while !b.is_over() {
                let (c, r) = (usize::from(cols), usize::from(rows));
                type Mirror = fn(usize, usize, usize, usize) -> (usize, usize);
                let mirrors: Vec<Mirror> = vec![
                    |c, r, cols, _| (cols - 1 - c, r),
                    |c, r, _, rows| (c, rows - 1 - r),
                    |c, r, cols, rows| (cols - 1 - c, rows - 1 - r),
                ];
                for f in mirrors {
                    let towers: Vec<(usize, u8, u8, bool)> = (0..c * r)
                        .filter(|&i| b.height(i) > 0)
                        .map(|i| {
                            let (mc, mr) = f(i % c, i / c, c, r);
                            (mr * c + mc, b.height(i), b.top(i), b.holds_utility(i))
                        })
                        .collect();
                    let m = Board::from_parts(cols, rows, b.rules(), &towers, b.side, b.captured)
                        .unwrap();
                    assert_eq!(m.canonical_hash(), b.canonical_hash(), "{b}");
                    assert_eq!(m.scores(), b.scores());
                }
                assert_eq!(b.scores(), b.counted_scores());
                let mut v = Vec::new();
                b.legal_moves(&mut v);
                k = k.wrapping_mul(7).wrapping_add(3);
                b = b.play(v[k % v.len()]);
            }
        }
    }

    #[test]
    fn notation_round_trips() {
        let b = Board::new(8, 8, Rules::default()).unwrap();
        for t in ["a1-a2", "h8-h7", "pass", "+c3", "*d4"] {
            assert_eq!(b.move_name(b.parse_move(t).unwrap()), t);
        }
        assert_eq!(b.parse_move("i1-a1"), None);
        assert_eq!(b.parse_move("a9"), None);
    }
}
