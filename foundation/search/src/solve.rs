//! Exact solving: the final margin under perfect play, by alpha-beta on
//! exact margins with a bound-keeping transposition table, driven by
//! MTD(f) zero-window searches, on one thread or several.
//!
//! Each table entry keeps a lower and an upper bound on the position's
//! exact value; bounds never depend on depth because every search goes to
//! the end of the game. Several threads share one lock-free table (each
//! entry two atomic words, the key stored xor the data so a torn write
//! reads as a miss) and split the work the simplified-ABDADA way: a child
//! another thread is searching right now is put off until the siblings
//! are done, by when the other thread's result is usually in the table.
//! Only completed searches store bounds, so every bound in the table is
//! proved whatever the threads' timing; the value and the best-move set
//! are therefore the same for any thread count (node counts are not).
//! [`minimax`] is the plain reference the tests check the solver against.

use crate::game::SearchGame;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// The result of a solve.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution<M> {
    /// The final margin (side 0 minus side 1) under perfect play.
    pub value: i32,
    /// Every first move that keeps that value, in generation order.
    pub best: Vec<M>,
    /// Nodes searched, over all threads.
    pub nodes: u64,
    /// Wall time spent.
    pub elapsed: Duration,
}

/// A solve stopped by its time limit: what was proved so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unfinished {
    /// Proven lower bound on the value (side 0's view); `-(i32::MAX / 2)`
    /// when nothing is proved.
    pub lower: i32,
    /// Proven upper bound on the value (side 0's view); `i32::MAX / 2`
    /// when nothing is proved.
    pub upper: i32,
    /// Nodes searched, over all threads.
    pub nodes: u64,
    /// Wall time spent.
    pub elapsed: Duration,
}

/// Progress of a long solve: nodes so far, time so far, and the current
/// MTD(f) bounds on the value (side 0's view).
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    /// Nodes searched so far, over all threads.
    pub nodes: u64,
    /// Time spent so far.
    pub elapsed: Duration,
    /// Proven lower bound on the value.
    pub lower: i32,
    /// Proven upper bound on the value.
    pub upper: i32,
    /// The current zero-window search at the root: children of the root
    /// finished by the reporting thread, out of how many.
    pub root_moves: (usize, usize),
}

/// What a solve has proved so far, to resume it from: the MTD(f)
/// bounds, the next question, the verdicts on first moves already
/// checked, and the table entries whose proofs cost the most. Every
/// bound in it is proved, so a solve resumed from it reaches the same
/// value and best moves as one never stopped. The solver only exposes
/// it; writing it down is the shell's business.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolveState {
    /// Proven lower bound (side 0's view); `-(i32::MAX / 2)` for none.
    pub lower: i32,
    /// Proven upper bound (side 0's view); `i32::MAX / 2` for none.
    pub upper: i32,
    /// The next zero-window question's value (side 0's view).
    pub guess: i32,
    /// Once the value is known: for the first moves in generation order
    /// checked so far, whether each keeps the value.
    pub checked: Vec<bool>,
    /// Nodes searched before, over all runs.
    pub nodes: u64,
    /// Wall time spent before, over all runs.
    pub elapsed: Duration,
    /// Table entries as stored (key xor data, data).
    pub entries: Vec<(u64, u64)>,
}

/// Where the MTD(f) driver is, in the mover's view.
#[derive(Debug, Clone, Default)]
struct At {
    lower: i32,
    upper: i32,
    g: i32,
    checked: Vec<bool>,
    nodes: u64,
    elapsed: Duration,
}

/// Periodic checkpoints: how often, whom to hand the state, and when it
/// was last handed (kept across the MTD(f) searches, which may each be
/// shorter than the interval).
struct Checkpoint {
    every: Duration,
    save: Box<dyn FnMut(&SolveState) + Send>,
    last: Instant,
}

/// "No bound yet".
const INF: i32 = i32::MAX / 2;
/// Table encoding of an infinite bound; real margins are far smaller.
const INF16: i16 = 30_000;
/// Children at plies below this are announced to the other threads.
const SHARE_PLIES: usize = 24;
/// Children are looked up in the table before any is searched
/// (enhanced transposition cut-offs) at plies below this: near the root,
/// where a cut-off saves a large subtree; deeper, the look-ups cost more
/// than they save (measured on 4×5 and 5×4).
const ETC_PLIES: usize = 10;
/// Nodes between clock looks and progress reports.
const CHECK_EVERY: u64 = 1 << 12;

/// Lock-free table of four-entry buckets, one 64-byte cache line each
/// (the vector of a large table starts on a page boundary): a new entry
/// takes the place of its own position's old one, else of the entry whose
/// search cost the fewest nodes, so the expensive proofs stay.
struct Table {
    words: Vec<AtomicU64>,
    buckets: u64,
}

#[derive(Clone, Copy)]
struct Entry {
    lower: i32,
    upper: i32,
    /// Index + 1 of the best move in generation order; 0 for none.
    best: u8,
    /// log2 of the nodes the search below this position took.
    work: u8,
}

fn enc(v: i32) -> u16 {
    (v.clamp(-i32::from(INF16), i32::from(INF16)) as i16) as u16
}

fn dec(w: u64) -> i32 {
    let v = i32::from(w as u16 as i16);
    if v >= i32::from(INF16) {
        INF
    } else if v <= -i32::from(INF16) {
        -INF
    } else {
        v
    }
}

impl Entry {
    fn pack(self) -> u64 {
        u64::from(enc(self.lower))
            | u64::from(enc(self.upper)) << 16
            | u64::from(self.best) << 32
            | u64::from(self.work) << 40
    }

    fn unpack(d: u64) -> Entry {
        Entry {
            lower: dec(d),
            upper: dec(d >> 16),
            best: (d >> 32) as u8,
            work: (d >> 40) as u8,
        }
    }
}

const WAYS: usize = 4;

impl Table {
    fn new(bits: u32) -> Table {
        let buckets = 1u64 << (bits - 2);
        Table {
            words: (0..buckets * 2 * WAYS as u64)
                .map(|_| AtomicU64::new(0))
                .collect(),
            buckets,
        }
    }

    fn bucket(&self, hash: u64) -> usize {
        ((hash & (self.buckets - 1)) * 2 * WAYS as u64) as usize
    }

    fn probe(&self, hash: u64) -> Option<Entry> {
        let b = self.bucket(hash);
        for s in (b..b + 2 * WAYS).step_by(2) {
            let d = self.words[s + 1].load(Relaxed);
            if self.words[s].load(Relaxed) ^ d == hash {
                return Some(Entry::unpack(d));
            }
        }
        None
    }

    fn store(&self, hash: u64, e: Entry) {
        let b = self.bucket(hash);
        let mut slot = b;
        let mut least = u8::MAX;
        for s in (b..b + 2 * WAYS).step_by(2) {
            let d = self.words[s + 1].load(Relaxed);
            if self.words[s].load(Relaxed) ^ d == hash {
                slot = s;
                break;
            }
            let w = Entry::unpack(d).work;
            if w < least {
                least = w;
                slot = s;
            }
        }
        let d = e.pack();
        self.words[slot].store(hash ^ d, Relaxed);
        self.words[slot + 1].store(d, Relaxed);
    }

    /// The entries whose search took at least 2^(`min_work` - 1) nodes:
    /// the cheap ones are cheaper to search again than to write down.
    fn entries(&self, min_work: u8) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        for pair in self.words.chunks_exact(2) {
            let (k, d) = (pair[0].load(Relaxed), pair[1].load(Relaxed));
            if (k != 0 || d != 0) && Entry::unpack(d).work >= min_work {
                out.push((k, d));
            }
        }
        out
    }
}

/// The exact solver. Holds its table, so solving several positions of the
/// same game shares work.
pub struct Solver<G: SearchGame> {
    table: Table,
    threads: usize,
    time_limit: Option<Duration>,
    node_limit: Option<u64>,
    guess: i32,
    report_every: u64,
    progress: Option<Box<dyn FnMut(Progress) + Send>>,
    checkpoint: Option<Checkpoint>,
    min_work: u8,
    history: bool,
    resume: Option<SolveState>,
    at: At,
    sign: i32,
    _game: PhantomData<fn() -> G>,
}

/// What every thread of one search shares.
struct Shared<'a> {
    table: &'a Table,
    /// Positions being searched right now, by hash (simplified ABDADA).
    busy: &'a [AtomicU64],
    stop: &'a AtomicBool,
    nodes: &'a AtomicU64,
    threads: usize,
    history: bool,
}

/// The clock and the reports, kept by the first thread only.
struct Watch<'p> {
    root_moves: (usize, usize),
    start: Instant,
    deadline: Option<Instant>,
    report_every: u64,
    next_report: u64,
    bounds: (i32, i32),
    progress: Option<&'p mut Box<dyn FnMut(Progress) + Send>>,
    checkpoint: Option<&'p mut Checkpoint>,
    /// Stop once the count (over all runs) reaches this.
    node_cap: Option<u64>,
    at: &'p At,
    sign: i32,
    min_work: u8,
}

struct Worker<'a, 'p, G: SearchGame> {
    shared: &'a Shared<'a>,
    watch: Option<Watch<'p>>,
    nodes: u64,
    unsent: u64,
    bufs: Vec<Vec<G::Move>>,
    kid_bufs: Vec<Vec<Kid<G>>>,
    /// Nodes spent under cut-offs, by move id: orders moves the margin
    /// leaves tied (the history heuristic).
    history: Vec<u64>,
}

/// A child in the order it will be searched: move, position, ordering
/// key, index + 1 of the move in generation order.
type Kid<G> = (<G as SearchGame>::Move, G, i64, u8);

/// The resumable state of `at` (mover's view, `sign` 1 when side 0
/// moves at the root) with `table`'s costly entries.
fn state_of(at: &At, sign: i32, table: &Table, min_work: u8) -> SolveState {
    let (lower, upper) = if sign == 1 {
        (at.lower, at.upper)
    } else {
        (-at.upper, -at.lower)
    };
    SolveState {
        lower,
        upper,
        guess: sign * at.g,
        checked: at.checked.clone(),
        nodes: at.nodes,
        elapsed: at.elapsed,
        entries: table.entries(min_work),
    }
}

impl<G: SearchGame> Solver<G> {
    /// A solver with a 2^`tt_bits`-entry table (16 bytes an entry), on
    /// one thread.
    pub fn new(tt_bits: u32) -> Self {
        Solver {
            table: Table::new(tt_bits.clamp(4, 32)),
            threads: 1,
            time_limit: None,
            guess: 0,
            report_every: u64::MAX,
            progress: None,
            checkpoint: None,
            node_limit: None,
            min_work: 8,
            history: true,
            resume: None,
            at: At::default(),
            sign: 1,
            _game: PhantomData,
        }
    }

    /// Searches with `n` threads sharing the table (at least 1).
    pub fn threads(mut self, n: usize) -> Self {
        self.threads = n.max(1);
        self
    }

    /// MTD(f)'s first guess at the value (side 0's view; default 0). A
    /// good guess saves zero-window searches; the value does not depend
    /// on it. With a time limit it picks the first question asked: the
    /// first search proves "value >= guess" or "value < guess".
    pub fn first_guess(mut self, guess: i32) -> Self {
        self.guess = guess.clamp(-10_000, 10_000);
        self
    }

    /// Stops [`Solver::try_solve`] after about `limit` of wall time.
    pub fn time_limit(mut self, limit: Duration) -> Self {
        self.time_limit = Some(limit);
        self
    }

    /// Calls `report` about every `every` nodes.
    pub fn on_progress(
        mut self,
        every: u64,
        report: impl FnMut(Progress) + Send + 'static,
    ) -> Self {
        self.report_every = every.max(1);
        self.progress = Some(Box::new(report));
        self
    }

    /// Orders children the margin leaves tied by the history heuristic
    /// (on by default); off is the solver as it was before, the
    /// benchmarks' baseline. The value and best moves do not depend on it.
    pub fn history(mut self, on: bool) -> Self {
        self.history = on;
        self
    }

    /// Hands `save` the state to resume from about every `every` of wall
    /// time (from the first thread, while the others search on).
    pub fn on_checkpoint(
        mut self,
        every: Duration,
        save: impl FnMut(&SolveState) + Send + 'static,
    ) -> Self {
        self.checkpoint = Some(Checkpoint {
            every,
            save: Box::new(save),
            last: Instant::now(),
        });
        self
    }

    /// Stops a [`Solver::try_solve`] after about `nodes` nodes of this run
    /// (checked every few thousand), as the time limit does: a budget that
    /// does not depend on the machine's speed, for tests and for runs in
    /// pieces of a known size.
    pub fn node_limit(mut self, nodes: u64) -> Self {
        self.node_limit = Some(nodes);
        self
    }

    /// Checkpoints keep the table entries whose search took at least
    /// 2^(`min_work` - 1) nodes (default 8: 128 nodes).
    pub fn checkpoint_work(mut self, min_work: u8) -> Self {
        self.min_work = min_work;
        self
    }

    /// Resumes from `state` (of the same game and start position, which
    /// the caller must check): its entries go into the table and the next
    /// [`Solver::try_solve`] goes on from its bounds and question.
    pub fn resume(&mut self, state: SolveState) {
        for &(k, d) in &state.entries {
            self.table.store(k ^ d, Entry::unpack(d));
        }
        self.resume = Some(SolveState {
            entries: Vec::new(),
            ..state
        });
    }

    /// The state to resume from after [`Solver::try_solve`] returned
    /// (either way): a finished solve resumes to its answer at once.
    pub fn state(&self) -> SolveState {
        state_of(&self.at, self.sign, &self.table, self.min_work)
    }

    /// The exact value of `pos` (side 0's view) and every best first move,
    /// however long it takes (the time limit is ignored).
    pub fn solve(&mut self, pos: &G) -> Solution<G::Move> {
        let limit = self.time_limit.take();
        let s = self.try_solve(pos);
        self.time_limit = limit;
        match s {
            Ok(s) => s,
            Err(_) => unreachable!("no time limit"),
        }
    }

    /// Like [`Solver::solve`], but stops at the time limit and then
    /// returns the bounds proved so far. When the value is known but not
    /// yet every best move, `lower == upper`.
    pub fn try_solve(&mut self, pos: &G) -> Result<Solution<G::Move>, Unfinished> {
        let start = Instant::now();
        let deadline = self.time_limit.map(|d| start + d);
        let sign = if pos.side() == 0 { 1 } else { -1 };
        self.sign = sign;
        // MTD(f): zero-window searches converge on the exact value.
        self.at = match self.resume.take() {
            Some(r) => {
                let (lower, upper) = if sign == 1 {
                    (r.lower, r.upper)
                } else {
                    (-r.upper, -r.lower)
                };
                At {
                    lower: lower.clamp(-INF, INF),
                    upper: upper.clamp(-INF, INF),
                    g: (sign * r.guess).clamp(-INF, INF),
                    checked: r.checked,
                    nodes: r.nodes,
                    elapsed: r.elapsed,
                }
            }
            None => At {
                lower: -INF,
                upper: INF,
                g: sign * self.guess,
                ..At::default()
            },
        };
        let before = self.at.elapsed;
        let mut nodes = self.at.nodes;
        let node_cap = self.node_limit.map(|n| nodes.saturating_add(n));
        let unfinished = |at: &mut At, nodes: u64| {
            at.nodes = nodes;
            at.elapsed = before + start.elapsed();
            let (lo, hi) = if sign == 1 {
                (at.lower, at.upper)
            } else {
                (-at.upper, -at.lower)
            };
            Unfinished {
                lower: lo,
                upper: hi,
                nodes,
                elapsed: at.elapsed,
            }
        };
        while self.at.lower < self.at.upper {
            let (g, lower, upper) = (self.at.g, self.at.lower, self.at.upper);
            let beta = if g == lower { g + 1 } else { g };
            let (r, n) = self.search(
                pos,
                beta - 1,
                beta,
                (start, deadline, nodes, node_cap),
                (lower, upper),
                sign,
            );
            nodes = n;
            let Some(g) = r else {
                return Err(unfinished(&mut self.at, nodes));
            };
            self.at.g = g;
            if g < beta {
                self.at.upper = g;
            } else {
                self.at.lower = g;
            }
        }
        let value = self.at.g;
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        let mut best = Vec::new();
        for (i, &m) in moves.iter().enumerate() {
            if let Some(&keeps) = self.at.checked.get(i) {
                if keeps {
                    best.push(m);
                }
                continue;
            }
            // A move is best when the child's value (for the opponent) is
            // at most -value, i.e. our value is at least `value`.
            let c = pos.play(m);
            let v = if c.side() == pos.side() {
                let (r, n) = self.search(
                    &c,
                    value - 1,
                    value,
                    (start, deadline, nodes, node_cap),
                    (value, value),
                    sign,
                );
                nodes = n;
                r
            } else {
                let (r, n) = self.search(
                    &c,
                    -value,
                    1 - value,
                    (start, deadline, nodes, node_cap),
                    (value, value),
                    sign,
                );
                nodes = n;
                r.map(|v| -v)
            };
            let Some(v) = v else {
                return Err(unfinished(&mut self.at, nodes));
            };
            self.at.checked.push(v >= value);
            if v >= value {
                best.push(m);
            }
        }
        self.at.nodes = nodes;
        self.at.elapsed = before + start.elapsed();
        Ok(Solution {
            value: sign * value,
            best,
            nodes,
            elapsed: self.at.elapsed,
        })
    }

    /// One alpha-beta search of `pos` on every thread; the first thread
    /// to finish gives the result (any finished search's result is a
    /// proved bound). `None` when the time ran out. Also returns the node
    /// count, `base` plus this search's.
    fn search(
        &mut self,
        pos: &G,
        alpha: i32,
        beta: i32,
        (start, deadline, base, node_cap): (Instant, Option<Instant>, u64, Option<u64>),
        bounds: (i32, i32),
        sign: i32,
    ) -> (Option<i32>, u64) {
        // Only the watching worker reads the clock, every CHECK_EVERY of
        // its nodes; a search the helpers finish first would otherwise run
        // past a deadline that had already passed when it started.
        if deadline.is_some_and(|d| Instant::now() >= d) || node_cap.is_some_and(|n| base >= n) {
            return (None, base);
        }
        let stop = AtomicBool::new(false);
        let nodes = AtomicU64::new(base);
        let busy: Vec<AtomicU64> = if self.threads > 1 {
            (0..1 << 16).map(|_| AtomicU64::new(0)).collect()
        } else {
            Vec::new()
        };
        let shared = Shared {
            table: &self.table,
            busy: &busy,
            stop: &stop,
            nodes: &nodes,
            threads: self.threads,
            history: self.history,
        };
        let (lo, hi) = if sign == 1 {
            bounds
        } else {
            (-bounds.1, -bounds.0)
        };
        let watch = Watch {
            root_moves: (0, 0),
            start,
            deadline,
            report_every: self.report_every,
            next_report: (base / self.report_every)
                .saturating_add(1)
                .saturating_mul(self.report_every),
            bounds: (lo, hi),
            progress: self.progress.as_mut(),
            checkpoint: self.checkpoint.as_mut(),
            node_cap,
            at: &self.at,
            sign,
            min_work: self.min_work,
        };
        let result = std::thread::scope(|s| {
            let helpers: Vec<_> = (1..self.threads)
                .map(|_| {
                    let shared = &shared;
                    s.spawn(move || {
                        let mut w = Worker::<G>::new(shared, None);
                        let r = w.ab(pos, alpha, beta, 0);
                        if r.is_some() {
                            shared.stop.store(true, Relaxed);
                        }
                        w.flush();
                        r
                    })
                })
                .collect();
            let mut w = Worker::<G>::new(&shared, Some(watch));
            let mut r = w.ab(pos, alpha, beta, 0);
            stop.store(true, Relaxed);
            w.flush();
            for h in helpers {
                let hr = h.join().expect("solver thread panicked");
                r = r.or(hr);
            }
            r
        });
        (result, nodes.load(Relaxed))
    }
}

impl<'a, 'p, G: SearchGame> Worker<'a, 'p, G> {
    fn new(shared: &'a Shared<'a>, watch: Option<Watch<'p>>) -> Self {
        Worker {
            shared,
            watch,
            nodes: 0,
            unsent: 0,
            bufs: Vec::new(),
            kid_bufs: Vec::new(),
            history: if shared.history {
                vec![0; G::MOVE_IDS]
            } else {
                Vec::new()
            },
        }
    }

    fn flush(&mut self) {
        self.shared.nodes.fetch_add(self.unsent, Relaxed);
        self.unsent = 0;
    }

    /// Every [`CHECK_EVERY`] nodes: publish the count, look at the clock,
    /// report. `false` when the search must stop.
    fn check(&mut self) -> bool {
        self.flush();
        if let Some(w) = self.watch.as_mut() {
            let total = self.shared.nodes.load(Relaxed);
            if w.deadline.is_some_and(|d| Instant::now() >= d)
                || w.node_cap.is_some_and(|n| total >= n)
            {
                self.shared.stop.store(true, Relaxed);
            }
            if total >= w.next_report {
                while w.next_report <= total {
                    w.next_report = w.next_report.saturating_add(w.report_every);
                }
                let p = Progress {
                    nodes: total,
                    elapsed: w.start.elapsed(),
                    lower: w.bounds.0,
                    upper: w.bounds.1,
                    root_moves: w.root_moves,
                };
                if let Some(f) = w.progress.as_mut() {
                    f(p);
                }
            }
            if let Some(c) = w.checkpoint.as_mut()
                && c.last.elapsed() >= c.every
            {
                let mut at = w.at.clone();
                at.nodes = total;
                at.elapsed += w.start.elapsed();
                (c.save)(&state_of(&at, w.sign, self.shared.table, w.min_work));
                c.last = Instant::now();
            }
        }
        !self.shared.stop.load(Relaxed)
    }

    /// Alpha-beta on exact margins, from the side to move's view; fails
    /// soft, so the result is a bound outside the window. `None` when
    /// stopped (nothing half-searched is stored).
    fn ab(&mut self, pos: &G, mut alpha: i32, mut beta: i32, ply: usize) -> Option<i32> {
        self.nodes += 1;
        self.unsent += 1;
        if self.unsent >= CHECK_EVERY && !self.check() {
            return None;
        }
        if let Some(v) = pos.terminal_value() {
            return Some(if pos.side() == 0 { v } else { -v });
        }
        let hash = pos.canonical_hash();
        let mut tt_best = 0u8;
        let (mut lo, mut hi) = (-INF, INF);
        if let Some(e) = self.shared.table.probe(hash) {
            if e.lower >= beta {
                return Some(e.lower);
            }
            if e.upper <= alpha {
                return Some(e.upper);
            }
            if e.lower == e.upper {
                return Some(e.lower);
            }
            lo = e.lower;
            hi = e.upper;
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            tt_best = e.best;
        }
        let nodes_before = self.nodes;
        let sharing = self.shared.threads > 1 && ply < SHARE_PLIES;
        let busy_slot = (hash as usize) & (self.shared.busy.len().max(1) - 1);
        if sharing {
            self.shared.busy[busy_slot].store(hash, Relaxed);
        }
        let r = self.expand(pos, alpha, beta, ply, tt_best);
        if sharing {
            let _ = self.shared.busy[busy_slot].compare_exchange(hash, 0, Relaxed, Relaxed);
        }
        let (best, best_idx) = r?;
        if best <= alpha {
            hi = hi.min(best);
        } else if best >= beta {
            lo = lo.max(best);
        } else {
            lo = best;
            hi = best;
        }
        let spent = self.nodes - nodes_before;
        self.shared.table.store(
            hash,
            Entry {
                lower: lo,
                upper: hi,
                best: if best_idx != 0 { best_idx } else { tt_best },
                work: (64 - spent.leading_zeros()) as u8,
            },
        );
        Some(best)
    }

    /// Searches the children of `pos`: the table's move first, then the
    /// children that look best for the mover. Returns the best value and
    /// the index + 1 of the move that gave it.
    fn expand(
        &mut self,
        pos: &G,
        alpha: i32,
        beta: i32,
        ply: usize,
        tt_best: u8,
    ) -> Option<(i32, u8)> {
        let mut moves = self.bufs.pop().unwrap_or_default();
        moves.clear();
        pos.moves(&mut moves);
        let mut kids = self.kid_bufs.pop().unwrap_or_default();
        kids.clear();
        let side = pos.side();
        let sign = if side == 0 { 1 } else { -1 };
        for (i, &m) in moves.iter().enumerate() {
            let c = pos.play(m);
            let idx = u8::try_from(i + 1).unwrap_or(0);
            // Enhanced transposition cut-off: a child already proved good
            // enough for the mover (a finished game, or a bound in the
            // table) ends the node before any child is searched.
            let known = match c.terminal_value() {
                Some(v) => Some(if side == 0 { v } else { -v }),
                None if ply >= ETC_PLIES => None,
                None => self
                    .shared
                    .table
                    .probe(c.canonical_hash())
                    .map(|e| if c.side() == side { e.lower } else { -e.upper }),
            };
            if let Some(v) = known
                && v >= beta
            {
                self.kid_bufs.push(kids);
                self.bufs.push(moves);
                return Some((v, idx));
            }
            // The margin first; among equal margins, the move whose
            // cut-offs have cost the most (history), when kept.
            let key = if idx != 0 && idx == tt_best {
                i64::MAX
            } else {
                let h = self.history.get(pos.move_id(m)).copied().unwrap_or(0);
                (i64::from(sign * c.order_hint()) << 40) | h.min((1 << 40) - 1) as i64
            };
            kids.push((m, c, key, idx));
        }
        kids.sort_by_key(|k| std::cmp::Reverse(k.2));
        let sharing = self.shared.threads > 1 && ply + 1 < SHARE_PLIES;
        let mut best = -INF;
        let mut best_idx = 0u8;
        let mut a = alpha;
        let mut deferred: Vec<usize> = Vec::new();
        let mut result = Some(());
        if ply == 0
            && let Some(w) = self.watch.as_mut()
        {
            w.root_moves = (0, kids.len());
        }
        let mut j = 0;
        while j < kids.len() + deferred.len() {
            let first_pass = j < kids.len();
            let k = if first_pass {
                j
            } else {
                deferred[j - kids.len()]
            };
            j += 1;
            let (c, idx) = (&kids[k].1, kids[k].3);
            let child_start = self.nodes;
            if first_pass && sharing && k > 0 {
                let h = c.canonical_hash();
                let slot = (h as usize) & (self.shared.busy.len() - 1);
                if self.shared.busy[slot].load(Relaxed) == h {
                    deferred.push(k);
                    continue;
                }
            }
            let v = if c.side() == side {
                self.ab(c, a, beta, ply + 1)
            } else {
                self.ab(c, -beta, -a, ply + 1).map(|v| -v)
            };
            let Some(v) = v else {
                result = None;
                break;
            };
            if ply == 0
                && let Some(w) = self.watch.as_mut()
            {
                w.root_moves.0 += 1;
            }
            if v > best {
                best = v;
                best_idx = idx;
            }
            if v > a {
                a = v;
            }
            if a >= beta {
                if let Some(h) = self.history.get_mut(pos.move_id(kids[k].0)) {
                    *h = h.saturating_add(self.nodes - child_start);
                }
                break;
            }
        }
        self.kid_bufs.push(kids);
        self.bufs.push(moves);
        result.map(|()| (best, best_idx))
    }
}

/// Plain minimax to the end of the game, no pruning, no table: the
/// reference for tests on tiny boards. Side 0's view.
pub fn minimax<G: SearchGame>(pos: &G) -> i32 {
    if let Some(v) = pos.terminal_value() {
        return v;
    }
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    let values = moves.iter().map(|&m| minimax(&pos.play(m)));
    if pos.side() == 0 {
        values.max().unwrap_or(0)
    } else {
        values.min().unwrap_or(0)
    }
}
