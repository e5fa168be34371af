//! Policies for play with the order hidden (B8), mainly for the Strict
//! variant (B11), where choosing among legal moves is a real decision:
//! greedy, a heuristic, determinized sampling, exact expectimax over the
//! last undrawn tiles, and the open-deal optimum as an upper bound.

use crate::solver::{Line, PackHasher, Solver};
use crate::{Action, Babel, Tile, Variant};
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use stackyard_core::{Driver, GameTime, Seat, Seed};
use std::collections::HashMap;
use std::fmt;
use std::hash::BuildHasherDefault;
use std::str::FromStr;

/// How a policy picks among legal moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// The first legal move (lowest position, `i<1` before `i<3`).
    Greedy,
    /// Fewest stacks reachable on the known line, then most chances for
    /// the next tiles to match the right end.
    Heuristic,
    /// Sample `samples` orders of the undrawn tiles, solve each open deal
    /// after each candidate move, keep the move that wins most often.
    Sampling {
        /// Orders sampled per decision.
        samples: usize,
    },
    /// Exact expectimax once at most `k` tiles are undrawn, the heuristic
    /// before.
    Expectimax {
        /// Undrawn tiles from which on play is exact.
        k: usize,
    },
    /// Determinized sampling (`samples` orders) while more than `k` tiles
    /// are undrawn, exact expectimax from then on.
    Hybrid {
        /// Orders sampled per decision before the exact phase.
        samples: usize,
        /// Undrawn tiles from which on play is exact.
        k: usize,
    },
    /// Plays the open-deal optimum: it sees the order, so it is an upper
    /// bound on every policy, not a policy a player could follow.
    Open,
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Policy::Greedy => f.write_str("greedy"),
            Policy::Heuristic => f.write_str("heuristic"),
            Policy::Sampling { samples } => write!(f, "sampling:{samples}"),
            Policy::Expectimax { k } => write!(f, "expectimax:{k}"),
            Policy::Hybrid { samples, k } => write!(f, "hybrid:{samples}:{k}"),
            Policy::Open => f.write_str("open"),
        }
    }
}

impl FromStr for Policy {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Some(args) = s.strip_prefix("hybrid") {
            let parts: Vec<&str> = args.split(':').skip(1).collect();
            let parse = |i: usize, default: usize, max: usize| -> Result<usize, String> {
                match parts.get(i) {
                    None => Ok(default),
                    Some(a) => match a.parse::<usize>() {
                        Ok(v) if (1..=max).contains(&v) => Ok(v),
                        _ => Err(format!(
                            "{s:?}: expected hybrid[:SAMPLES[:K]], SAMPLES 1..=10000, K 1..=14"
                        )),
                    },
                }
            };
            if (!args.is_empty() && !args.starts_with(':')) || parts.len() > 2 {
                return Err(format!("unknown policy {s:?}"));
            }
            return Ok(Policy::Hybrid {
                samples: parse(0, 32, 10_000)?,
                k: parse(1, 7, 14)?,
            });
        }
        let (name, arg) = match s.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (s, None),
        };
        let num = |default: usize, max: usize| -> Result<usize, String> {
            match arg {
                None => Ok(default),
                Some(a) => match a.parse::<usize>() {
                    Ok(v) if (1..=max).contains(&v) => Ok(v),
                    _ => Err(format!("{s:?}: the number after ':' must be 1..={max}")),
                },
            }
        };
        match name {
            "greedy" if arg.is_none() => Ok(Policy::Greedy),
            "heuristic" if arg.is_none() => Ok(Policy::Heuristic),
            "open" if arg.is_none() => Ok(Policy::Open),
            "sampling" => Ok(Policy::Sampling {
                samples: num(16, 10_000)?,
            }),
            "expectimax" => Ok(Policy::Expectimax { k: num(8, 14)? }),
            _ => Err(format!(
                "unknown policy {s:?} (greedy, heuristic, sampling[:N], expectimax[:K], hybrid[:N[:K]], open)"
            )),
        }
    }
}

type Memo = HashMap<(u128, u32), f64, BuildHasherDefault<PackHasher>>;

/// Exact chance of a full win under optimal play from a line of tops with
/// a set of tiles still to come in uniformly random order (B8).
#[derive(Default)]
pub struct Exact {
    memo: Memo,
    /// Reused for the fully drawn lines (its tables stay warm).
    solver: Solver,
    /// Positions evaluated in the last call, a measure of its cost.
    pub states: u64,
}

impl Exact {
    /// An empty table.
    pub fn new() -> Exact {
        Exact::default()
    }

    /// The chance of one stack at the end with best play, the order of
    /// `rest` unknown. Strict: moves while any is legal (B11); standard:
    /// by B10 moves wait until every tile is drawn.
    pub fn value(&mut self, tops: &[Tile], rest: &[Tile], variant: Variant) -> f64 {
        self.memo.clear();
        self.states = 0;
        let mask = rest.iter().fold(0u32, |m, t| m | (1 << t.index()));
        let line = Line::from_tiles(tops);
        match variant {
            Variant::Strict => self.strict(&line, mask),
            Variant::Standard => self.standard(&line, mask),
        }
    }

    fn strict(&mut self, line: &Line, rest: u32) -> f64 {
        let key = (line.key(), rest);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        self.states += 1;
        let n = usize::from(line.len);
        let mut best: Option<f64> = None;
        'moves: for i in (1..n).rev() {
            for gap in [3, 1] {
                if line.can_move(i, gap) {
                    let v = self.strict(&line.moved(i, gap), rest);
                    best = Some(best.map_or(v, |b: f64| b.max(v)));
                    if v >= 1.0 {
                        break 'moves;
                    }
                }
            }
        }
        let v = match best {
            Some(b) => b,
            None if rest == 0 => f64::from(u8::from(line.len <= 1)),
            None => self.average(line, rest, Self::strict),
        };
        self.memo.insert(key, v);
        v
    }

    fn standard(&mut self, line: &Line, rest: u32) -> f64 {
        if rest == 0 {
            let tops: Vec<Tile> = line.tops[..usize::from(line.len)]
                .iter()
                .map(|&t| Tile::from_index(t).expect("valid tile"))
                .collect();
            self.states += 1;
            return f64::from(u8::from(self.solver.full_win_position(&tops)));
        }
        let key = (line.key(), rest);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let v = self.average(line, rest, Self::standard);
        self.memo.insert(key, v);
        v
    }

    fn average(&mut self, line: &Line, rest: u32, f: fn(&mut Exact, &Line, u32) -> f64) -> f64 {
        let count = rest.count_ones();
        let mut sum = 0.0;
        let mut bits = rest;
        while bits != 0 {
            let t = bits.trailing_zeros();
            bits &= bits - 1;
            let mut next = *line;
            next.push(t as u8);
            sum += f(self, &next, rest & !(1 << t));
        }
        sum / f64::from(count)
    }

    /// The best move now and the full-win chance after it (Strict), or
    /// `None` when no move is legal.
    pub fn best_move(&mut self, game: &Babel) -> Option<(Action, f64)> {
        let rest = game.undrawn_tiles();
        let mut best: Option<(Action, f64)> = None;
        for m in game.legal_moves() {
            let mut g = game.clone();
            g.play(m).expect("legal");
            let v = self.value(&g.tops(), &rest, game.variant());
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((m, v));
            }
        }
        best
    }
}

/// Plays policies; keeps its search tables between games.
pub struct Player {
    policy: Policy,
    solver: Solver,
    exact: Exact,
    rng: ChaCha8Rng,
}

impl Player {
    /// A player for `policy`, its sampling randomness from `seed`.
    pub fn new(policy: Policy, seed: Seed) -> Player {
        Player {
            policy,
            solver: Solver::new(),
            exact: Exact::new(),
            rng: seed.rng("policy"),
        }
    }

    /// Picks a move among `game`'s legal moves (at least one).
    pub fn choose(&mut self, game: &Babel) -> Action {
        let moves = game.legal_moves();
        if moves.len() == 1 {
            return moves[0];
        }
        match self.policy {
            Policy::Greedy => moves[0],
            Policy::Heuristic => self.heuristic(game, &moves),
            Policy::Sampling { samples } => self.sampling(game, &moves, samples),
            Policy::Expectimax { k } => {
                if game.undrawn_count() <= k {
                    self.exact.best_move(game).map_or(moves[0], |(m, _)| m)
                } else {
                    self.heuristic(game, &moves)
                }
            }
            Policy::Hybrid { samples, k } => {
                if game.undrawn_count() <= k {
                    self.exact.best_move(game).map_or(moves[0], |(m, _)| m)
                } else {
                    self.sampling(game, &moves, samples)
                }
            }
            Policy::Open => {
                let s = self.solver.solve_position(
                    &game.tops(),
                    &game.order()[game.drawn().len()..],
                    game.variant(),
                    1,
                );
                s.actions.first().copied().unwrap_or(moves[0])
            }
        }
    }

    fn heuristic(&mut self, game: &Babel, moves: &[Action]) -> Action {
        let undrawn = game.undrawn_tiles();
        let mut best = (usize::MAX, 0usize, moves[0]);
        for &m in moves {
            let mut g = game.clone();
            g.play(m).expect("legal");
            let tops = g.tops();
            let here = self
                .solver
                .solve_position(&tops, &[], Variant::Strict, 1)
                .min_stacks;
            // The next tile lands at the right end and can go 1 or 3 left.
            let n = tops.len();
            let reach: usize = [n.checked_sub(1), n.checked_sub(3)]
                .into_iter()
                .flatten()
                .map(|i| undrawn.iter().filter(|u| u.matches(tops[i])).count())
                .sum();
            if here < best.0 || (here == best.0 && reach > best.1) {
                best = (here, reach, m);
            }
        }
        best.2
    }

    fn sampling(&mut self, game: &Babel, moves: &[Action], samples: usize) -> Action {
        let undrawn = game.undrawn_tiles();
        let orders: Vec<Vec<Tile>> = (0..samples)
            .map(|_| {
                let mut o = undrawn.clone();
                o.shuffle(&mut self.rng);
                o
            })
            .collect();
        let mut best = (0usize, usize::MAX, moves[0]);
        let mut first = true;
        for &m in moves {
            let mut g = game.clone();
            g.play(m).expect("legal");
            let tops = g.tops();
            let (mut wins, mut stacks) = (0, 0);
            for o in &orders {
                let s = self.solver.solve_position(&tops, o, Variant::Strict, 1);
                wins += usize::from(s.full_win);
                stacks += s.min_stacks;
            }
            if first || wins > best.0 || (wins == best.0 && stacks < best.1) {
                best = (wins, stacks, m);
                first = false;
            }
        }
        best.2
    }

    /// Plays the game dealt from `seed` (B8) to the end through the
    /// driver; returns the stacks left. (The policies other than `open`
    /// read only the line and the undrawn set; `open` reads the order, as
    /// the bound it is.)
    pub fn play(&mut self, seed: Seed, variant: Variant) -> usize {
        // Each game's sampling comes from its own seed, so results do not
        // depend on how games are spread over threads.
        self.rng = seed.rng("policy");
        let settings = crate::Settings {
            variant,
            deal: None,
            undo: false,
        };
        let mut driver = Driver::<Babel>::new(settings, seed).expect("a hidden deal");
        let mut now = GameTime::ZERO;
        while !driver.is_over() {
            let game = driver.game();
            let action = if game.legal_moves().is_empty() {
                if game.undrawn_count() > 0 {
                    Action::Draw
                } else {
                    Action::End
                }
            } else if variant == Variant::Standard && game.undrawn_count() > 0 {
                // Standard: by B10 moves can wait until every tile is down.
                Action::Draw
            } else {
                self.choose(game)
            };
            now = now + 1;
            if driver.act(Seat(0), action, now).is_err() {
                unreachable!("policies play legal actions");
            }
        }
        driver.game().stacks()
    }
}
