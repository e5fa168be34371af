//! A slow, plain second implementation of Towers, written from the source
//! text and the rules doc without looking at the engine: stacks are
//! `Vec<Floor>` in a `Vec<Vec<_>>` grid, connection is a breadth-first
//! search, moves are strings in T5 notation. Tests compare the engine
//! against it.

#![allow(dead_code, clippy::needless_range_loop)]

use std::collections::VecDeque;

/// A floor.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum F {
    B,
    W,
    U,
}

/// Placing utilities, placing floors, or moving towers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    Utilities,
    Sprawl,
    Moves,
}

/// The whole game.
#[derive(Clone, Debug)]
pub struct Ref {
    pub cols: usize,
    pub rows: usize,
    /// `grid[row][col]`, bottom floor first.
    pub grid: Vec<Vec<Vec<F>>>,
    /// 0 = Black, 1 = White.
    pub turn: usize,
    pub stage: Stage,
    pub utilities_left: usize,
    pub sprawl: bool,
    pub infra: bool,
    pub capture: bool,
    pub suburbs: bool,
    pub captured: [u32; 2],
}

fn name(c: usize, r: usize) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

fn mine(turn: usize) -> F {
    if turn == 0 { F::B } else { F::W }
}

impl Ref {
    pub fn new(
        cols: usize,
        rows: usize,
        sprawl: bool,
        utilities: Option<usize>,
        capture: bool,
        suburbs: bool,
    ) -> Ref {
        let mut grid = vec![vec![Vec::new(); cols]; rows];
        if !sprawl {
            for (r, row) in grid.iter_mut().enumerate() {
                for (c, stack) in row.iter_mut().enumerate() {
                    stack.push(if (r + c) % 2 == 0 { F::B } else { F::W });
                }
            }
        }
        let odd = (cols * rows) % 2 == 1;
        let (stage, turn) = match (sprawl, utilities.is_some()) {
            (true, true) => (Stage::Utilities, 1),
            (true, false) => (Stage::Sprawl, 1),
            (false, true) => (Stage::Utilities, if odd { 0 } else { 1 }),
            (false, false) => (Stage::Moves, 0),
        };
        Ref {
            cols,
            rows,
            grid,
            turn,
            stage,
            utilities_left: utilities.unwrap_or(0),
            sprawl,
            infra: utilities.is_some(),
            capture,
            suburbs,
            captured: [0, 0],
        }
    }

    fn filled(&self, c: i64, r: i64) -> bool {
        c >= 0
            && r >= 0
            && (c as usize) < self.cols
            && (r as usize) < self.rows
            && !self.grid[r as usize][c as usize].is_empty()
    }

    fn tower_moves(&self, turn: usize) -> Vec<String> {
        let mut out = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                let s = &self.grid[r][c];
                if s.last() != Some(&mine(turn)) {
                    continue;
                }
                let (ci, ri) = (c as i64, r as i64);
                let enclosed = self.filled(ci + 1, ri)
                    && self.filled(ci - 1, ri)
                    && self.filled(ci, ri + 1)
                    && self.filled(ci, ri - 1);
                if enclosed {
                    continue;
                }
                let h = s.len() as i64;
                for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (tc, tr) = (ci + dc * h, ri + dr * h);
                    if self.filled(tc, tr) {
                        out.push(format!("{}-{}", name(c, r), name(tc as usize, tr as usize)));
                    }
                }
            }
        }
        out
    }

    /// Every legal move, as T5 text.
    pub fn moves(&self) -> Vec<String> {
        let mut out = Vec::new();
        match self.stage {
            Stage::Utilities => {
                for r in 0..self.rows {
                    for c in 0..self.cols {
                        let s = &self.grid[r][c];
                        let ok = if self.sprawl {
                            s.is_empty()
                        } else {
                            s.len() == 1 && s[0] == mine(self.turn)
                        };
                        if ok {
                            out.push(format!("*{}", name(c, r)));
                        }
                    }
                }
            }
            Stage::Sprawl => {
                for r in 0..self.rows {
                    for c in 0..self.cols {
                        if self.grid[r][c].is_empty() {
                            out.push(format!("+{}", name(c, r)));
                        }
                    }
                }
            }
            Stage::Moves => {
                out = self.tower_moves(self.turn);
                if out.is_empty() && !self.tower_moves(1 - self.turn).is_empty() {
                    out.push("pass".to_string());
                }
            }
        }
        out
    }

    pub fn over(&self) -> bool {
        self.stage == Stage::Moves && self.moves().is_empty()
    }

    fn parse_sq(t: &str) -> (usize, usize) {
        let b = t.as_bytes();
        ((b[0] - b'a') as usize, t[1..].parse::<usize>().unwrap() - 1)
    }

    /// Blocks reachable from `starts` through occupied blocks.
    fn reach(&self, starts: &[(usize, usize)]) -> Vec<Vec<bool>> {
        let mut seen = vec![vec![false; self.cols]; self.rows];
        let mut queue: VecDeque<(usize, usize)> = VecDeque::new();
        for &(c, r) in starts {
            if !self.grid[r][c].is_empty() && !seen[r][c] {
                seen[r][c] = true;
                queue.push_back((c, r));
            }
        }
        while let Some((c, r)) = queue.pop_front() {
            for (dc, dr) in [(1i64, 0i64), (-1, 0), (0, 1), (0, -1)] {
                let (nc, nr) = (c as i64 + dc, r as i64 + dr);
                if self.filled(nc, nr) && !seen[nr as usize][nc as usize] {
                    seen[nr as usize][nc as usize] = true;
                    queue.push_back((nc as usize, nr as usize));
                }
            }
        }
        seen
    }

    /// Plays a move given as T5 text; the move must be legal.
    pub fn play(&mut self, m: &str) {
        if m == "pass" {
            self.turn = 1 - self.turn;
            return;
        }
        if let Some(sq) = m.strip_prefix('*') {
            let (c, r) = Ref::parse_sq(sq);
            self.grid[r][c] = vec![F::U];
            self.utilities_left -= 1;
            if self.utilities_left == 0 {
                if self.sprawl {
                    self.stage = Stage::Sprawl;
                    self.turn = 1;
                } else {
                    self.stage = Stage::Moves;
                    self.turn = 0;
                }
            } else {
                self.turn = 1 - self.turn;
            }
            return;
        }
        if let Some(sq) = m.strip_prefix('+') {
            let (c, r) = Ref::parse_sq(sq);
            self.grid[r][c] = vec![mine(self.turn)];
            let full = self.grid.iter().flatten().all(|s| !s.is_empty());
            if full {
                self.stage = Stage::Moves;
                self.turn = 0;
            } else {
                self.turn = 1 - self.turn;
            }
            return;
        }
        let (a, b) = m.split_once('-').unwrap();
        let (fc, fr) = Ref::parse_sq(a);
        let (tc, tr) = Ref::parse_sq(b);
        // The town of the from-block, before the move (Suburbs).
        let town = self.reach(&[(fc, fr)]);
        let moving = std::mem::take(&mut self.grid[fr][fc]);
        self.grid[tr][tc].extend(moving);
        let mut region = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                if !self.grid[r][c].is_empty() && (!self.suburbs || town[r][c]) {
                    region.push((c, r));
                }
            }
        }
        let anchors: Vec<(usize, usize)> = if self.infra {
            region
                .iter()
                .copied()
                .filter(|&(c, r)| self.grid[r][c].contains(&F::U))
                .collect()
        } else {
            let top = region
                .iter()
                .map(|&(c, r)| self.grid[r][c].len())
                .max()
                .unwrap_or(0);
            region
                .iter()
                .copied()
                .filter(|&(c, r)| self.grid[r][c].len() == top)
                .collect()
        };
        let safe = self.reach(&anchors);
        let mut lost = 0;
        for (c, r) in region {
            if safe[r][c] {
                continue;
            }
            let s = &mut self.grid[r][c];
            if self.suburbs {
                lost += s.len() - 1;
                let top = *s.last().unwrap();
                *s = vec![top];
            } else {
                lost += s.len();
                s.clear();
            }
        }
        if self.capture {
            self.captured[self.turn] += lost as u32;
        }
        self.turn = 1 - self.turn;
    }

    /// Owned floors plus captures, Black first.
    pub fn scores(&self) -> [u32; 2] {
        let mut s = self.captured;
        for stack in self.grid.iter().flatten() {
            match stack.last() {
                Some(F::B) => s[0] += stack.len() as u32,
                Some(F::W) => s[1] += stack.len() as u32,
                _ => {}
            }
        }
        s
    }

    /// perft by the definition.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if moves.is_empty() {
            return 1;
        }
        moves
            .iter()
            .map(|m| {
                let mut child = self.clone();
                child.play(m);
                child.perft(depth - 1)
            })
            .sum()
    }
}
