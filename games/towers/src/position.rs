//! The position: towers on the board, whose turn, which phase; legal moves,
//! making moves (checked and unchecked), demolition and score.

use crate::bits::{Bits, Geometry, and, and_not};
use crate::error::MoveError;
use crate::notation::{Move, Square};
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use stackyard_core::{Seat, SetupError};

/// A player. Black is seat 0 and moves first (T7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Color {
    /// Seat 0.
    Black,
    /// Seat 1.
    White,
}

impl Color {
    /// 0 for Black, 1 for White.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The other player.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
    /// The seat this colour plays.
    pub const fn seat(self) -> Seat {
        Seat(self as u8)
    }
    /// The colour seat `s` plays, if it is 0 or 1.
    pub const fn from_seat(s: Seat) -> Option<Color> {
        match s.0 {
            0 => Some(Color::Black),
            1 => Some(Color::White),
            _ => None,
        }
    }
    /// `"black"` or `"white"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
    /// The floor colour this player places.
    pub const fn floor(self) -> Floor {
        match self {
            Color::Black => Floor::Black,
            Color::White => Floor::White,
        }
    }
}

/// One floor's colour (T2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Floor {
    /// Black's colour.
    Black,
    /// White's colour.
    White,
    /// Infrastructure's utility (T18).
    Utility,
}

impl Floor {
    /// The player who owns a tower topped by this floor (T6).
    pub const fn owner(self) -> Option<Color> {
        match self {
            Floor::Black => Some(Color::Black),
            Floor::White => Some(Color::White),
            Floor::Utility => None,
        }
    }
}

/// What stands on one block. The rules look only at a tower's height, its
/// top floor and whether it contains a utility, so that is all it keeps
/// (decision T-1).
/// An empty block has height 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Tower {
    /// Number of floors; 0 = empty block.
    pub height: u16,
    /// The top floor (meaningless when empty).
    pub top: Floor,
    /// Whether any floor is a utility (T14).
    pub utility: bool,
}

impl Tower {
    /// An empty block.
    pub const EMPTY: Tower = Tower {
        height: 0,
        top: Floor::Black,
        utility: false,
    };
    /// A single floor.
    pub const fn single(top: Floor) -> Tower {
        Tower {
            height: 1,
            top,
            utility: matches!(top, Floor::Utility),
        }
    }
    /// Whether the block is empty.
    pub const fn is_empty(&self) -> bool {
        self.height == 0
    }
    /// The tower's owner (T6); `None` when empty or utility-topped.
    pub const fn owner(&self) -> Option<Color> {
        if self.height == 0 {
            None
        } else {
            self.top.owner()
        }
    }
}

/// Which part of the game is being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Phase {
    /// Infrastructure: placing utilities (`*c3`, T18).
    Utilities,
    /// Sprawl: placing single floors (`+c3`, T17).
    Sprawl,
    /// Building and demolition (T8–T14, T19).
    Moves,
}

/// Where the game stands for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has at least one move.
    Ongoing,
    /// The side to move has none but the other side has one: `pass` (T10).
    MustPass,
    /// Neither side can move (T11).
    Over,
}

/// A Towers position. Cheap to clone (a few bitboards and one small vector),
/// `Eq + Hash`, and complete: it is also the game state for the `Game`
/// trait.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Position {
    variant: Variant,
    geo: &'static Geometry,
    cells: Vec<Tower>,
    occ: Bits,
    owned: [Bits; 2],
    util: Bits,
    /// Towers of height 1 (most of them, in play): their moves are counted
    /// with shifts, not one by one.
    ones: Bits,
    /// The towers of the greatest height on the board, and that height
    /// (kept up to date so T13 needs no scan).
    tall: Bits,
    max_height: u16,
    phase: Phase,
    to_move: Color,
    utilities_left: u16,
    captured: [u32; 2],
    removed: u32,
    supplied: u32,
}

impl Clone for Position {
    fn clone(&self) -> Self {
        Position {
            cells: self.cells.clone(),
            ..*self
        }
    }

    /// Reuses `self`'s block vector: search can copy positions without
    /// allocating.
    fn clone_from(&mut self, source: &Self) {
        self.cells.clone_from(&source.cells);
        self.variant = source.variant;
        self.geo = source.geo;
        self.occ = source.occ;
        self.owned = source.owned;
        self.util = source.util;
        self.ones = source.ones;
        self.tall = source.tall;
        self.max_height = source.max_height;
        self.phase = source.phase;
        self.to_move = source.to_move;
        self.utilities_left = source.utilities_left;
        self.captured = source.captured;
        self.removed = source.removed;
        self.supplied = source.supplied;
    }
}

impl Position {
    /// The start position of `variant` (T4, T17, T18).
    pub fn new(variant: Variant) -> Result<Position, SetupError> {
        variant.check()?;
        let geo = Geometry::get(usize::from(variant.cols), usize::from(variant.rows));
        let n = geo.len();
        let mut p = Position {
            variant,
            geo,
            cells: vec![Tower::EMPTY; n],
            occ: Bits::EMPTY,
            owned: [Bits::EMPTY; 2],
            util: Bits::EMPTY,
            ones: Bits::EMPTY,
            tall: Bits::EMPTY,
            max_height: 0,
            phase: Phase::Moves,
            to_move: Color::Black,
            utilities_left: variant.infrastructure.unwrap_or(0),
            captured: [0; 2],
            removed: 0,
            supplied: 0,
        };
        if variant.sprawl {
            // T17/T18, T-6: empty board; utilities first, then floors,
            // White first.
            p.phase = if variant.infrastructure.is_some() {
                Phase::Utilities
            } else {
                Phase::Sprawl
            };
            p.to_move = Color::White;
        } else {
            // T4: checkerboard, a1 Black.
            for i in 0..n {
                let (c, r) = (i % geo.cols, i / geo.cols);
                let color = if (c + r) % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                p.put(i, Tower::single(color.floor()));
            }
            p.supplied = n as u32;
            if variant.infrastructure.is_some() {
                // T18: White first on an even board, Black on an odd one.
                p.phase = Phase::Utilities;
                p.to_move = if n.is_multiple_of(2) {
                    Color::White
                } else {
                    Color::Black
                };
            }
        }
        p.recompute_tall();
        Ok(p)
    }

    /// A move-phase position with the given towers (index `row * cols +
    /// col`) and side to move, for tests, puzzles and analysis. Floors
    /// already out of the game are not known, so [`Position::removed`]
    /// starts at 0 and [`Position::supplied`] at the floors on the board.
    pub fn setup(variant: Variant, towers: &[Tower], turn: Color) -> Result<Position, SetupError> {
        let mut p = Position::new(Variant {
            sprawl: true,
            infrastructure: None,
            ..variant
        })?;
        p.variant = variant;
        if towers.len() != p.cells.len() {
            return Err(SetupError::new(format!(
                "{} towers given for {} blocks",
                towers.len(),
                p.cells.len()
            )));
        }
        for (i, &t) in towers.iter().enumerate() {
            if t.is_empty() {
                continue;
            }
            if t.top == Floor::Utility && !t.utility {
                return Err(SetupError::new("a utility-topped tower contains a utility"));
            }
            p.put(i, t);
            p.supplied += u32::from(t.height);
        }
        p.phase = Phase::Moves;
        p.to_move = turn;
        p.utilities_left = 0;
        p.recompute_tall();
        Ok(p)
    }

    /// Sets what [`Position::setup`] cannot know from the towers alone
    /// (rebuilding a position from its view).
    pub(crate) fn restore_counters(
        &mut self,
        phase: Phase,
        utilities_left: u16,
        captured: [u32; 2],
        removed: u32,
        supplied: u32,
    ) {
        self.phase = phase;
        self.utilities_left = utilities_left;
        self.captured = captured;
        self.removed = removed;
        self.supplied = supplied;
    }

    /// The standard 8×8 start.
    pub fn standard() -> Position {
        Position::new(Variant::default()).expect("8x8 is a valid board")
    }

    fn put(&mut self, i: usize, t: Tower) {
        self.cells[i] = t;
        self.occ.set(i);
        self.owned[0].clear(i);
        self.owned[1].clear(i);
        if let Some(o) = t.owner() {
            self.owned[o.index()].set(i);
        }
        if t.utility {
            self.util.set(i);
        } else {
            self.util.clear(i);
        }
        if t.height == 1 {
            self.ones.set(i);
        } else {
            self.ones.clear(i);
        }
    }

    fn recompute_tall(&mut self) {
        let mut tall = Bits::EMPTY;
        let mut h = 0;
        self.occ.for_each(self.geo.nw, |k| {
            let t = self.cells[k].height;
            if t > h {
                h = t;
                tall = Bits::EMPTY;
            }
            if t == h {
                tall.set(k);
            }
        });
        self.tall = tall;
        self.max_height = h;
    }

    fn take(&mut self, i: usize) {
        self.cells[i] = Tower::EMPTY;
        self.occ.clear(i);
        self.owned[0].clear(i);
        self.owned[1].clear(i);
        self.util.clear(i);
        self.ones.clear(i);
    }

    /// The settings this position was set up with.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }
    /// Board columns.
    pub fn cols(&self) -> usize {
        self.geo.cols
    }
    /// Board rows.
    pub fn rows(&self) -> usize {
        self.geo.rows
    }
    /// The side to move (or to place).
    pub fn turn(&self) -> Color {
        self.to_move
    }
    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// Utilities still to be placed (T18).
    pub fn utilities_left(&self) -> u16 {
        self.utilities_left
    }
    /// Every block, index `row * cols + col` (see [`Position::index`]).
    pub fn cells(&self) -> &[Tower] {
        &self.cells
    }
    /// The block index of `sq`, if it is on the board.
    pub fn index(&self, sq: Square) -> Option<usize> {
        let (c, r) = (usize::from(sq.col), usize::from(sq.row));
        (c < self.geo.cols && r < self.geo.rows).then_some(r * self.geo.cols + c)
    }
    /// The square of block index `i`.
    pub fn square(&self, i: usize) -> Square {
        Square::new((i % self.geo.cols) as u8, (i / self.geo.cols) as u8)
    }
    /// The tower on `sq` (empty when off the board).
    pub fn tower(&self, sq: Square) -> Tower {
        self.index(sq).map_or(Tower::EMPTY, |i| self.cells[i])
    }
    /// Occupied blocks as a bitboard.
    pub fn occupied(&self) -> &Bits {
        &self.occ
    }
    /// Blocks whose tower `c` owns.
    pub fn owned_by(&self, c: Color) -> &Bits {
        &self.owned[c.index()]
    }
    /// The board geometry (size and bitboard masks).
    pub fn geometry(&self) -> &Geometry {
        self.geo
    }

    /// Floors in towers `c` owns (T15).
    pub fn owned_floors(&self, c: Color) -> u32 {
        let mut sum = 0;
        self.owned[c.index()].for_each(self.geo.nw, |i| sum += u32::from(self.cells[i].height));
        sum
    }
    /// Floors `c` captured (T16; always 0 without Capture).
    pub fn captured(&self, c: Color) -> u32 {
        self.captured[c.index()]
    }
    /// `c`'s score: owned floors plus captured floors (T15, T16).
    pub fn score(&self, c: Color) -> u32 {
        self.owned_floors(c) + self.captured[c.index()]
    }
    /// Both scores, Black first.
    pub fn scores(&self) -> [u32; 2] {
        [self.score(Color::Black), self.score(Color::White)]
    }
    /// Floors standing on the board.
    pub fn floors_on_board(&self) -> u32 {
        self.cells.iter().map(|t| u32::from(t.height)).sum()
    }
    /// Floors that left the game: demolished, flattened away, or replaced
    /// by a utility (T13, T14, T18, T19).
    pub fn removed(&self) -> u32 {
        self.removed
    }
    /// Floors brought into the game so far (the start position's, plus
    /// every placement).
    pub fn supplied(&self) -> u32 {
        self.supplied
    }

    /// Blocks holding exactly one floor.
    pub fn single_floors(&self) -> &Bits {
        &self.ones
    }

    /// Blocks holding a tower that may move: owned by `side`, not surrounded
    /// (T8, T9).
    #[inline]
    pub fn movable(&self, side: Color) -> Bits {
        and_not(
            &self.owned[side.index()],
            &self.geo.surrounded(&self.occ),
            self.geo.nw,
        )
    }

    /// Calls `f(from, to)` for every tower move of `side` (T8, T9).
    #[inline]
    fn for_each_step(&self, side: Color, mut f: impl FnMut(usize, usize)) {
        let (cols, rows) = (self.geo.cols, self.geo.rows);
        self.movable(side).for_each(self.geo.nw, |i| {
            let h = usize::from(self.cells[i].height);
            let (c, r) = (i % cols, i / cols);
            if c + h < cols && self.occ.has(i + h) {
                f(i, i + h);
            }
            if c >= h && self.occ.has(i - h) {
                f(i, i - h);
            }
            if r + h < rows && self.occ.has(i + h * cols) {
                f(i, i + h * cols);
            }
            if r >= h && self.occ.has(i - h * cols) {
                f(i, i - h * cols);
            }
        });
    }

    /// Calls `f(from, to)` with block indices for every tower move of
    /// `side` (T8, T9); the allocation-free path for search.
    pub fn visit_steps(&self, side: Color, f: impl FnMut(usize, usize)) {
        self.for_each_step(side, f)
    }

    /// Passes (the side to move changes); only legal under T10.
    pub fn pass_unchecked(&mut self) {
        self.to_move = self.to_move.other();
    }

    /// Number of tower moves `side` has (T8, T9).
    #[inline]
    pub fn count_steps(&self, side: Color) -> usize {
        let g = self.geo;
        if g.nw != 1 {
            let mut n = 0;
            self.for_each_step(side, |_, _| n += 1);
            return n;
        }
        // One word: single floors counted four directions at a time.
        let movable = self.movable(side).0[0];
        let (o, c) = (self.occ.0[0], g.cols as u32);
        let m1 = movable & self.ones.0[0];
        let mut n = (((m1 << 1) & g.not_first_col.0[0] & o).count_ones()
            + ((m1 >> 1) & g.not_last_col.0[0] & o).count_ones()
            + ((m1 << c) & o).count_ones()
            + ((m1 >> c) & o).count_ones()) as usize;
        let (cols, rows) = (g.cols, g.rows);
        let mut rest = movable & !m1;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let h = usize::from(self.cells[i].height);
            let (col, row) = g.col_row[i];
            let (col, row) = (usize::from(col), usize::from(row));
            n += usize::from(col + h < cols && o >> (i + h) & 1 != 0)
                + usize::from(col >= h && o >> (i - h) & 1 != 0)
                + usize::from(row + h < rows && o >> (i + h * cols) & 1 != 0)
                + usize::from(row >= h && o >> (i - h * cols) & 1 != 0);
        }
        n
    }

    /// Whether `side` has at least one tower move.
    pub fn has_step(&self, side: Color) -> bool {
        let (cols, rows) = (self.geo.cols, self.geo.rows);
        let mut found = false;
        let movable = self.movable(side);
        for k in 0..self.geo.nw {
            let mut w = movable.0[k];
            while w != 0 {
                let i = k * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                let h = usize::from(self.cells[i].height);
                let (c, r) = (i % cols, i / cols);
                if (c + h < cols && self.occ.has(i + h))
                    || (c >= h && self.occ.has(i - h))
                    || (r + h < rows && self.occ.has(i + h * cols))
                    || (r >= h && self.occ.has(i - h * cols))
                {
                    found = true;
                    break;
                }
            }
            if found {
                break;
            }
        }
        found
    }

    /// Where the game stands (T10, T11). Placement phases are always
    /// [`Status::Ongoing`]; a move phase may start already over (T-5).
    pub fn status(&self) -> Status {
        if self.phase != Phase::Moves || self.has_step(self.to_move) {
            Status::Ongoing
        } else if self.has_step(self.to_move.other()) {
            Status::MustPass
        } else {
            Status::Over
        }
    }

    /// Whether neither player can move (T11).
    pub fn is_over(&self) -> bool {
        self.status() == Status::Over
    }

    /// Appends every legal move to `out` (which is not cleared): tower
    /// moves, placements, or the single `pass` (T10). None when over.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        let me = self.to_move;
        match self.phase {
            Phase::Utilities => {
                for i in 0..self.cells.len() {
                    let t = self.cells[i];
                    let ok = if self.variant.sprawl {
                        t.is_empty()
                    } else {
                        t.height == 1 && t.owner() == Some(me)
                    };
                    if ok {
                        out.push(Move::Utility(self.square(i)));
                    }
                }
            }
            Phase::Sprawl => {
                for i in 0..self.cells.len() {
                    if self.cells[i].is_empty() {
                        out.push(Move::Place(self.square(i)));
                    }
                }
            }
            Phase::Moves => {
                let before = out.len();
                self.for_each_step(me, |i, j| {
                    out.push(Move::Step {
                        from: self.square(i),
                        to: self.square(j),
                    })
                });
                if out.len() == before && self.has_step(me.other()) {
                    out.push(Move::Pass);
                }
            }
        }
    }

    /// Every legal move, in a new vector.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::new();
        self.legal_moves_into(&mut v);
        v
    }

    /// Number of legal moves (what [`Position::legal_moves`] would return).
    pub fn count_moves(&self) -> usize {
        match self.phase {
            Phase::Moves => {
                let n = self.count_steps(self.to_move);
                if n == 0 && self.has_step(self.to_move.other()) {
                    1
                } else {
                    n
                }
            }
            _ => {
                let mut v = Vec::new();
                self.legal_moves_into(&mut v);
                v.len()
            }
        }
    }

    /// Checks `m` against every rule without changing anything.
    pub fn check(&self, m: Move) -> Result<(), MoveError> {
        let on_board = |sq: Square| {
            self.index(sq).ok_or(MoveError::OffBoard {
                square: sq,
                cols: self.variant.cols,
                rows: self.variant.rows,
            })
        };
        match (self.phase, m) {
            (Phase::Utilities, Move::Utility(sq)) => {
                let t = self.cells[on_board(sq)?];
                if self.variant.sprawl {
                    if !t.is_empty() {
                        return Err(MoveError::Occupied {
                            square: sq,
                            rule: "T18",
                        });
                    }
                } else if t.height != 1 || t.owner() != Some(self.to_move) {
                    return Err(MoveError::NotOwnSingle { square: sq });
                }
                Ok(())
            }
            (Phase::Sprawl, Move::Place(sq)) => {
                if !self.cells[on_board(sq)?].is_empty() {
                    return Err(MoveError::Occupied {
                        square: sq,
                        rule: "T17",
                    });
                }
                Ok(())
            }
            (Phase::Utilities, Move::Pass) => Err(MoveError::PassWithMoves { rule: "T18" }),
            (Phase::Sprawl, Move::Pass) => Err(MoveError::PassWithMoves { rule: "T17" }),
            (Phase::Utilities, _) => Err(MoveError::Placing {
                mv: m,
                what: "utilities with *c3",
                rule: "T18",
            }),
            (Phase::Sprawl, _) => Err(MoveError::Placing {
                mv: m,
                what: "floors with +c3",
                rule: "T17",
            }),
            (Phase::Moves, Move::Place(_)) => Err(MoveError::WrongPhase {
                mv: m,
                why: "every block is occupied and towers move now",
                rule: "T17",
            }),
            (Phase::Moves, Move::Utility(_)) => Err(MoveError::WrongPhase {
                mv: m,
                why: "all utilities are placed and towers move now",
                rule: "T18",
            }),
            (Phase::Moves, Move::Pass) => match self.status() {
                Status::MustPass => Ok(()),
                Status::Over => Err(MoveError::GameOver),
                Status::Ongoing => Err(MoveError::PassWithMoves { rule: "T10" }),
            },
            (Phase::Moves, Move::Step { from, to }) => {
                let i = on_board(from)?;
                let j = on_board(to)?;
                if self.is_over() {
                    return Err(MoveError::GameOver);
                }
                let t = self.cells[i];
                if t.is_empty() {
                    return Err(MoveError::EmptyFrom { square: from });
                }
                match t.owner() {
                    None => return Err(MoveError::UtilityTop { square: from }),
                    Some(o) if o != self.to_move => {
                        return Err(MoveError::NotYours { square: from });
                    }
                    Some(_) => {}
                }
                let distance = if from.col == to.col && from.row != to.row {
                    from.row.abs_diff(to.row)
                } else if from.row == to.row && from.col != to.col {
                    from.col.abs_diff(to.col)
                } else {
                    return Err(MoveError::NotStraight { from, to });
                };
                if u16::from(distance) != t.height {
                    return Err(MoveError::WrongLength {
                        from,
                        height: t.height,
                        distance: u16::from(distance),
                    });
                }
                if self.cells[j].is_empty() {
                    return Err(MoveError::EmptyTarget { to });
                }
                if self.geo.surrounded(&self.occ).has(i) {
                    return Err(MoveError::Surrounded { square: from });
                }
                Ok(())
            }
        }
    }

    /// Plays `m` if it is legal; otherwise returns why and changes nothing.
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        self.check(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// A copy with `m` played, if it is legal.
    pub fn played(&self, m: Move) -> Result<Position, MoveError> {
        self.check(m)?;
        let mut p = self.clone();
        p.play_unchecked(m);
        Ok(p)
    }

    /// Plays `m`, which must be legal (as generated by
    /// [`Position::legal_moves`]); the fast path for search. An illegal `m`
    /// leaves a position the rules could not reach (it never panics on
    /// on-board squares).
    pub fn play_unchecked(&mut self, m: Move) {
        match m {
            Move::Pass => self.to_move = self.to_move.other(),
            Move::Place(sq) => {
                let i = self.idx(sq);
                self.put(i, Tower::single(self.to_move.floor()));
                self.supplied += 1;
                self.recompute_tall();
                if self.occ == self.geo.all {
                    self.phase = Phase::Moves;
                    self.to_move = Color::Black;
                } else {
                    self.to_move = self.to_move.other();
                }
            }
            Move::Utility(sq) => {
                let i = self.idx(sq);
                // Standard start: the replaced floor leaves the game,
                // captured by nobody (T-4).
                self.removed += u32::from(self.cells[i].height);
                self.put(i, Tower::single(Floor::Utility));
                self.supplied += 1;
                self.recompute_tall();
                self.utilities_left = self.utilities_left.saturating_sub(1);
                if self.utilities_left == 0 {
                    if self.variant.sprawl {
                        self.phase = Phase::Sprawl;
                        self.to_move = Color::White;
                    } else {
                        self.phase = Phase::Moves;
                        self.to_move = Color::Black;
                    }
                } else {
                    self.to_move = self.to_move.other();
                }
            }
            Move::Step { from, to } => {
                let (i, j) = (self.idx(from), self.idx(to));
                self.step(i, j);
            }
        }
    }

    fn idx(&self, sq: Square) -> usize {
        usize::from(sq.row) * self.geo.cols + usize::from(sq.col)
    }

    /// Moves the tower on block `i` onto block `j` and demolishes; `i → j`
    /// must be a legal tower move.
    #[inline]
    pub fn step(&mut self, i: usize, j: usize) {
        let me = self.to_move;
        let nw = self.geo.nw;
        let occ_before = self.occ;
        let moving = self.cells[i];
        let below = self.cells[j];
        self.take(i);
        let height = moving.height + below.height;
        self.put(
            j,
            Tower {
                height,
                top: moving.top,
                utility: moving.utility || below.utility,
            },
        );
        // The moving tower was shorter than the new one, so it was tallest
        // only if the new one is taller still.
        if height > self.max_height {
            self.max_height = height;
            self.tall = Bits::EMPTY;
            self.tall.set(j);
        } else if height == self.max_height {
            self.tall.set(j);
        }
        // T19: only the town that held the from-square is examined;
        // otherwise (T13, T14) the whole board. Under Infrastructure the
        // utilities anchor, with Suburbs too (T-3).
        let region = if self.variant.suburbs {
            let mut from = Bits::EMPTY;
            from.set(i);
            and(&self.geo.flood(&from, &occ_before), &self.occ, nw)
        } else {
            self.occ
        };
        let seeds = if self.variant.infrastructure.is_some() {
            and(&self.util, &region, nw)
        } else if !self.variant.suburbs {
            self.tall
        } else {
            let mut tallest = Bits::EMPTY;
            let mut h = 0;
            region.for_each(nw, |k| {
                let t = self.cells[k].height;
                if t > h {
                    h = t;
                    tallest = Bits::EMPTY;
                }
                if t == h {
                    tallest.set(k);
                }
            });
            tallest
        };
        let reached = self.geo.flood(&seeds, &self.occ);
        let doomed = and_not(&region, &reached, nw);
        if doomed.is_empty(nw) {
            self.to_move = me.other();
            return;
        }
        let mut lost = 0u32;
        doomed.for_each(nw, |k| {
            let t = self.cells[k];
            if self.variant.suburbs {
                lost += u32::from(t.height - 1);
                self.cells[k] = Tower::single(t.top);
                self.util.clear(k);
                self.ones.set(k);
            } else {
                lost += u32::from(t.height);
                self.take(k);
            }
        });
        // T13/T19 never remove the tallest; T14 may.
        if !and(&doomed, &self.tall, nw).is_empty(nw) {
            self.recompute_tall();
        }
        self.removed += lost;
        // T16, T-4: flattened floors are captured too.
        if self.variant.capture {
            self.captured[me.index()] += lost;
        }
        self.to_move = me.other();
    }
}
