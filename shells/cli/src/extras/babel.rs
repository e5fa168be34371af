//! `stackyard babel …`: Tower of Babel: solve open deals, survey random
//! deals, compare Strict policies, play in the terminal.

use super::babel_args as args;
use crate::args::{cut, cut_words};
use crate::failure::Failure;
use crate::io::{Line, Lines, Paint, stdin_lines};
use crate::{out, outln};
use clap::Subcommand;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::{Value, json};
use stackyard_babel::hunt::Found;
use stackyard_babel::solver::Solver;
use stackyard_babel::strict::{Exact, Player, Policy};
use stackyard_babel::{Action, Babel};
use stackyard_babel::{Variant, deal_from_seed, order_text, parse_order, wilson95};
use stackyard_core::{Driver, GameTime, Seat, Seed};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The most deals, games or climbs one command runs (each streams: memory
/// does not grow with the count).
const MAX_RUNS: u64 = 1_000_000_000_000;

/// The `babel` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve open deals (B9). Without --deals: read JSON lines
    /// `{"order": ["Sn", "Ma", …]}` from INPUT (default `-`, standard
    /// input) and write one JSON line per input with min_stacks, full_win
    /// and solution, or `{"error": …}` for a bad line (the exit status is
    /// then 2, after every line is answered). With --deals N: deal N random
    /// games and report how many are winnable.
    Solve {
        /// JSON lines to read (`-`: standard input).
        #[arg(default_value = "-")]
        input: PathBuf,
        /// The Strict variant (B11) instead of the standard game.
        #[arg(long)]
        strict: bool,
        /// Accept orders of fewer than 24 distinct tiles (the position
        /// after those draws, nothing else to come).
        #[arg(long)]
        partial: bool,
        /// Deal this many random games (1..=10^12) instead of reading input.
        #[arg(long, value_parser = crate::args::whole(1, MAX_RUNS))]
        deals: Option<u64>,
        /// Seed of the random deals (deal i uses Seed::child(i)).
        #[arg(long, default_value_t = 0, value_parser = crate::args::seed())]
        seed: u64,
        /// How many of the hardest deals (most search nodes) to list, 0..=100.
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(0..=100))]
        hardest: u8,
    },
    /// Play N hidden-order games with a policy and report its win rate.
    Strict {
        /// greedy, heuristic, sampling[:N], expectimax[:K], hybrid[:N[:K]] or open (the
        /// open-deal optimum, an upper bound).
        #[arg(long, value_parser = args::policy)]
        policy: Policy,
        /// Number of games, 1..=10^12 (game i is dealt from Seed::child(i)).
        #[arg(long, default_value_t = 100_000, value_parser = crate::args::whole(1, MAX_RUNS))]
        games: u64,
        /// Seed of the deals.
        #[arg(long, default_value_t = 0, value_parser = crate::args::seed())]
        seed: u64,
        /// Play the standard variant instead of Strict.
        #[arg(long)]
        standard: bool,
    },
    /// Measure how far exact expectimax reaches: time to evaluate Strict
    /// positions with k undrawn tiles, for growing k.
    ExactReach {
        /// Largest k to try, 1..=12 (the memo grows about sixfold a tile:
        /// some 60 million states at k = 12).
        #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u8).range(1..=12))]
        max_k: u8,
        /// Positions per k, 1..=10000.
        #[arg(long, default_value_t = 10, value_parser = crate::args::whole(1, 10_000))]
        positions: u64,
        /// Stop growing k once one position takes longer than this many
        /// seconds (above 0, at most 600).
        #[arg(long, default_value = "10", value_parser = args::reach_limit)]
        limit: Duration,
        /// Seed of the positions.
        #[arg(long, default_value_t = 0, value_parser = crate::args::seed())]
        seed: u64,
    },
    /// Hunt for hard (ideally unwinnable) deals by local search: each
    /// restart climbs from a random deal by swapping two tiles, keeping
    /// swaps that make the solver work harder.
    Hunt {
        /// Independent climbs (run on all cores), 1..=10^12.
        #[arg(long, default_value_t = 100, value_parser = crate::args::whole(1, MAX_RUNS))]
        restarts: u64,
        /// Swaps tried per climb, 1..=10^9.
        #[arg(long, default_value_t = 2_000, value_parser = crate::args::whole(1, 1_000_000_000))]
        steps: u64,
        /// Seed (climb i starts from Seed::child(i)).
        #[arg(long, default_value_t = 0, value_parser = crate::args::seed())]
        seed: u64,
        /// How many of the hardest deals to print, 0..=100.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(0..=100))]
        top: u8,
        /// Hunt in the Strict variant.
        #[arg(long)]
        strict: bool,
    },
    /// Play in the terminal (reads commands line by line; works piped).
    Play {
        /// Seed of the hidden order (B8).
        #[arg(long, default_value_t = 0, value_parser = crate::args::seed())]
        seed: u64,
        /// The Strict variant (B11).
        #[arg(long)]
        strict: bool,
    },
}

/// Runs one `babel` subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Solve {
            input,
            strict,
            partial,
            deals,
            seed,
            hardest,
        } => {
            let variant = if strict {
                Variant::Strict
            } else {
                Variant::Standard
            };
            match deals {
                Some(n) => survey(n, Seed(seed), variant, usize::from(hardest)),
                None => solve_lines(&input, variant, partial),
            }
        }
        Command::Strict {
            policy,
            games,
            seed,
            standard,
        } => {
            let variant = if standard {
                Variant::Standard
            } else {
                Variant::Strict
            };
            policy_table(policy, games, Seed(seed), variant)
        }
        Command::ExactReach {
            max_k,
            positions,
            limit,
            seed,
        } => exact_reach(
            usize::from(max_k),
            positions,
            limit.as_secs_f64(),
            Seed(seed),
        ),
        Command::Play { seed, strict } => play(seed, strict),
        Command::Hunt {
            restarts,
            steps,
            seed,
            top,
            strict,
        } => {
            let variant = if strict {
                Variant::Strict
            } else {
                Variant::Standard
            };
            let top = usize::from(top);
            let bar = ProgressBar::new(restarts);
            // Only the `top` hardest and a count are kept, however many climbs.
            let keep = |mut a: (Vec<Found>, u64), b: (Vec<Found>, u64)| {
                a.0.extend(b.0);
                a.0.sort_by_key(|f| std::cmp::Reverse((f.min_stacks, f.nodes)));
                a.0.truncate(top);
                (a.0, a.1 + b.1)
            };
            let (found, unwinnable) = (0..restarts)
                .into_par_iter()
                .map_init(Solver::new, |solver, i| {
                    let f =
                        stackyard_babel::hunt::hunt(Seed(seed).child(i), steps, variant, solver);
                    bar.inc(1);
                    let lost = u64::from(f.min_stacks > 1);
                    (vec![f], lost)
                })
                .reduce(|| (Vec::new(), 0), keep);
            let found = keep((Vec::new(), 0), (found, 0)).0;
            bar.finish_and_clear();
            outln!(
                "{restarts} climbs of {steps} swaps ({} variant): {unwinnable} ended on a deal with no full win",
                variant_name(variant)
            )?;
            for f in &found {
                outln!(
                    "min_stacks {} nodes {}: {}",
                    f.min_stacks,
                    f.nodes,
                    order_text(&f.order)
                )?;
            }
            Ok(())
        }
    }
}

fn policy_table(policy: Policy, games: u64, seed: Seed, variant: Variant) -> Result<(), Failure> {
    if games == 0 {
        return Err(Failure::bad_input("--games must be at least 1"));
    }
    let bar = ProgressBar::new(games);
    let start = std::time::Instant::now();
    let chunk = 2_000u64;
    let mut by_stacks = [0u64; 25];
    let mut lo = 0;
    while lo < games {
        let hi = (lo + chunk).min(games);
        let part: Vec<usize> = (lo..hi)
            .into_par_iter()
            .map_init(
                || Player::new(policy, seed),
                |player, i| player.play(seed.child(i), variant),
            )
            .collect();
        for s in part {
            by_stacks[s] += 1;
        }
        bar.inc(hi - lo);
        lo = hi;
    }
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    let full = by_stacks[1];
    let partial = by_stacks[2] + by_stacks[3];
    let mean = by_stacks
        .iter()
        .enumerate()
        .map(|(k, &c)| k as f64 * c as f64)
        .sum::<f64>()
        / games as f64;
    let (flo, fhi) = wilson95(full, games);
    let (plo, phi) = wilson95(partial, games);
    outln!(
        "policy {policy} variant {} games {games} seed {} ({secs:.1}s)",
        variant_name(variant),
        seed.0
    )?;
    outln!(
        "full win: {full}/{games} = {:.5} (95% CI {flo:.5}..{fhi:.5})",
        full as f64 / games as f64
    )?;
    outln!(
        "partial win: {partial}/{games} = {:.5} (95% CI {plo:.5}..{phi:.5})",
        partial as f64 / games as f64
    )?;
    outln!("mean stacks: {mean:.3}")?;
    Ok(())
}

fn variant_name(v: Variant) -> &'static str {
    match v {
        Variant::Standard => "standard",
        Variant::Strict => "strict",
    }
}

fn exact_reach(max_k: usize, positions: u64, limit: f64, seed: Seed) -> Result<(), Failure> {
    outln!("k  positions  mean_ms  max_ms  mean_states")?;
    for k in 1..=max_k {
        let mut times = Vec::new();
        let mut states = 0u64;
        for i in 0..positions {
            let (tops, rest) = strict_position(seed.child(i), k);
            let mut exact = Exact::new();
            let t = std::time::Instant::now();
            exact.value(&tops, &rest, Variant::Strict);
            times.push(t.elapsed().as_secs_f64());
            states += exact.states;
        }
        let max = times.iter().cloned().fold(0.0, f64::max);
        outln!(
            "{k:>2} {positions:>9} {:>8.2} {:>7.2} {:>12}",
            1000.0 * times.iter().sum::<f64>() / times.len() as f64,
            1000.0 * max,
            states / positions
        )?;
        if max > limit {
            outln!("stopped: a position with k = {k} took {max:.1}s (> {limit}s)")?;
            break;
        }
    }
    Ok(())
}

/// A Strict position with `k` tiles undrawn, reached by heuristic play on
/// the deal of `seed` (the line then as it stands before the next draw).
fn strict_position(
    seed: Seed,
    k: usize,
) -> (Vec<stackyard_babel::Tile>, Vec<stackyard_babel::Tile>) {
    let mut game = Babel::with_order(&deal_from_seed(seed), Variant::Strict).expect("a deal");
    let mut player = Player::new(Policy::Heuristic, seed);
    while game.undrawn_count() > k || !game.legal_moves().is_empty() {
        let a = if game.legal_moves().is_empty() {
            Action::Draw
        } else {
            player.choose(&game)
        };
        game.play(a).expect("legal");
        if game.is_finished() {
            break;
        }
    }
    (game.tops(), game.undrawn_tiles())
}

/// One input line to one output line (a result or `{"error": …}`).
fn solve_line(line: &str, variant: Variant, partial: bool, solver: &mut Solver) -> Value {
    let parsed: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return json!({ "error": cut_words(&format!("not JSON: {e}")) }),
    };
    let Some(order) = parsed.get("order") else {
        return json!({ "error": "missing field \"order\" (a list of tile codes)" });
    };
    let Some(items) = order.as_array() else {
        return json!({ "error": "\"order\" must be a list of tile codes like \"Sn\"" });
    };
    let mut codes = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        match item.as_str() {
            Some(c) => codes.push(c),
            None => {
                return json!({ "error": format!("tile {}: {} is not a string tile code", i + 1, cut(&item.to_string())) });
            }
        }
    }
    let tiles = match parse_order(&codes, !partial) {
        Ok(t) => t,
        Err(e) => return json!({ "error": cut_words(&e.to_string()) }),
    };
    let s = solver.solve(&tiles, variant);
    json!({
        "min_stacks": s.min_stacks,
        "full_win": s.full_win,
        "partial_win": (2..=3).contains(&s.min_stacks),
        "solution": s.actions.iter().map(|a| a.to_string()).collect::<Vec<_>>(),
        "nodes": s.nodes,
    })
}

/// Reads JSON lines in batches, solves each batch on all cores, and
/// prints results in input order, each batch as soon as it is done. A bad
/// line (not JSON, not a deal, not UTF-8, too long) gets an `{"error": …}`
/// line in its place; the results before and after it stand, and the exit
/// status is 2 once every line is answered.
fn solve_lines(input: &Path, variant: Variant, partial: bool) -> Result<(), Failure> {
    let reader: Box<dyn BufRead> = if input.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        let f = std::fs::File::open(input).map_err(|e| {
            Failure::bad_input(format!("cannot read {}: {e}", crate::io::display(input)))
        })?;
        Box::new(std::io::BufReader::new(f))
    };
    // A deal is a few hundred bytes: 16 KiB a line keeps a batch small.
    let mut lines = Lines::with_max(reader, MAX_DEAL_LINE);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let (mut bad, mut total) = (0u64, 0u64);
    loop {
        let mut batch: Vec<Line> = Vec::with_capacity(BATCH);
        while let Some(line) = lines.next_line()? {
            if matches!(&line, Line::Text(t) if t.trim().is_empty()) {
                continue;
            }
            batch.push(line);
            if batch.len() == BATCH {
                break;
            }
        }
        if batch.is_empty() {
            break;
        }
        let results: Vec<Value> = batch
            .par_iter()
            .map_init(Solver::new, |solver, line| match line {
                Line::Text(t) => solve_line(t, variant, partial, solver),
                Line::NotUtf8 => json!({ "error": "the line is not UTF-8 text" }),
                Line::TooLong => json!({
                    "error": format!("the line is longer than {MAX_DEAL_LINE} bytes")
                }),
            })
            .collect();
        for r in results {
            total += 1;
            bad += u64::from(r.get("error").is_some());
            writeln!(out, "{r}")?;
        }
        out.flush()?;
    }
    if bad > 0 {
        return Err(Failure::bad_input(format!(
            "{bad} of {total} lines were not solvable deals (see their \"error\" lines)"
        )));
    }
    Ok(())
}

/// Lines solved at once (results are printed batch by batch).
const BATCH: usize = 1024;

/// The longest line `babel solve` reads (bytes).
const MAX_DEAL_LINE: usize = 16 << 10;

/// Per-thread tallies of a survey.
#[derive(Default, Clone)]
struct Tally {
    by_stacks: [u64; 25],
    hardest: Vec<(u64, u64)>,   // (nodes, deal index)
    not_won: Vec<(u64, usize)>, // (deal index, min stacks), the first few
}

impl Tally {
    fn add(&mut self, stacks: usize, nodes: u64, index: u64, keep: usize) {
        self.by_stacks[stacks] += 1;
        if stacks > 1 && self.not_won.len() < 50 {
            self.not_won.push((index, stacks));
        }
        if keep > 0 && (self.hardest.len() < keep || nodes > self.hardest[keep - 1].0) {
            self.hardest.push((nodes, index));
            self.hardest.sort_by(|a, b| b.cmp(a));
            self.hardest.truncate(keep);
        }
    }

    fn merge(mut self, other: Tally, keep: usize) -> Tally {
        for (a, b) in self.by_stacks.iter_mut().zip(other.by_stacks) {
            *a += b;
        }
        self.not_won.extend(other.not_won);
        self.not_won.sort();
        self.not_won.truncate(50);
        self.hardest.extend(other.hardest);
        self.hardest.sort_by(|a, b| b.cmp(a));
        self.hardest.truncate(keep);
        self
    }
}

fn survey(n: u64, seed: Seed, variant: Variant, keep: usize) -> Result<(), Failure> {
    if n == 0 {
        return Err(Failure::bad_input("--deals must be at least 1"));
    }
    let bar = ProgressBar::new(n);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} deals, {per_sec}, eta {eta}")
            .map_err(Failure::other)?,
    );
    let start = std::time::Instant::now();
    // One long-lived solver per core (its memo is allocated once; the
    // table of short lines is shared by the whole process), pulling blocks
    // of deals from a shared counter so that no core waits for another at
    // a block boundary.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let block = 512u64;
    let next = std::sync::atomic::AtomicU64::new(0);
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut solver = Solver::new();
                    let mut tally = Tally::default();
                    loop {
                        let lo = next.fetch_add(block, std::sync::atomic::Ordering::Relaxed);
                        if lo >= n {
                            return tally;
                        }
                        let hi = (lo + block).min(n);
                        for i in lo..hi {
                            let order = deal_from_seed(seed.child(i));
                            let s = solver.solve(&order, variant);
                            tally.add(s.min_stacks, s.nodes, i, keep);
                        }
                        bar.inc(hi - lo);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("survey worker panicked"))
            .collect()
    });
    let total = tallies
        .into_iter()
        .fold(Tally::default(), |a, b| a.merge(b, keep));
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    let full = total.by_stacks[1];
    let partial = total.by_stacks[2] + total.by_stacks[3];
    // Enough decimals that an interval of width ~1/n still shows.
    let prec = ((n as f64).log10().ceil() as usize + 1).clamp(6, 12);
    let line = |name: &str, k: u64| {
        let (lo, hi) = wilson95(k, n);
        outln!(
            "{name}: {k}/{n} = {:.prec$} (95% CI {:.prec$}..{:.prec$})",
            k as f64 / n as f64,
            lo,
            hi
        )
    };
    outln!(
        "variant {} deals {n} seed {} ({:.1}s, {:.0} deals/s)",
        match variant {
            Variant::Standard => "standard",
            Variant::Strict => "strict",
        },
        seed.0,
        secs,
        n as f64 / secs
    )?;
    line("full win (1 stack)", full)?;
    line("partial win (2-3 stacks)", partial)?;
    line("win of either kind (<=3)", full + partial)?;
    outln!("minimum stacks distribution:")?;
    for (k, &c) in total.by_stacks.iter().enumerate() {
        if c > 0 {
            outln!("  {k:>2} stacks: {c}")?;
        }
    }
    for (i, stacks) in &total.not_won {
        let order = deal_from_seed(seed.child(*i));
        outln!(
            "no full win: deal {i} ({stacks} stacks at best): {}",
            order_text(&order)
        )?;
    }
    for (nodes, i) in &total.hardest {
        let order = deal_from_seed(seed.child(*i));
        outln!("hardest: deal {i} ({nodes} nodes): {}", order_text(&order))?;
    }
    Ok(())
}

const PLAY_HELP: &str = "commands: draw (d), a move like 4<1 (stack 4 onto the one to its left) \
or 5<3 (stack 5 onto the third to its left), end, hint (h), undo (u), help, quit (q)";

/// Terminal play: one command per line on standard input.
fn play(seed: u64, strict: bool) -> Result<(), Failure> {
    let paint = Paint::detect();
    let variant = if strict {
        Variant::Strict
    } else {
        Variant::Standard
    };
    // The game runs through the driver, like every game; undo goes back to
    // a copy of it (solitaire, so taking back is the player's own business).
    let settings = stackyard_babel::Settings {
        variant,
        deal: None,
        undo: false,
    };
    let mut driver = Driver::<Babel>::new(settings, Seed(seed)).map_err(Failure::other)?;
    let mut history: Vec<Driver<Babel>> = Vec::new();
    let mut now = GameTime::ZERO;
    let mut hint_round = 0u64;
    // The end of the game is said once (again only after an undo).
    let mut announced = false;
    outln!(
        "Tower of Babel, {} variant, seed {seed}. {PLAY_HELP}",
        variant_name(variant)
    )?;
    show(driver.game(), paint)?;
    let mut lines = stdin_lines();
    loop {
        out!("{}", paint.cyan("babel> "))?;
        let cmd = match lines.next_line()? {
            None => {
                outln!()?;
                if !driver.is_over() {
                    outln!("end of input: game abandoned")?;
                }
                return Ok(());
            }
            Some(Line::Text(t)) => t.trim().to_lowercase(),
            Some(Line::NotUtf8) => {
                outln!("that line is not UTF-8 text. {PLAY_HELP}")?;
                continue;
            }
            Some(Line::TooLong) => {
                outln!("that line is far too long. {PLAY_HELP}")?;
                continue;
            }
        };
        match cmd.as_str() {
            "" => continue,
            "quit" | "q" | "exit" => {
                if !driver.is_over() {
                    outln!("game abandoned")?;
                }
                return Ok(());
            }
            "help" | "?" => outln!("{PLAY_HELP}")?,
            "undo" | "u" => match history.pop() {
                Some(previous) => {
                    driver = previous;
                    announced = false;
                    outln!("undone.")?;
                    show(driver.game(), paint)?;
                }
                None => outln!("nothing to undo.")?,
            },
            "hint" | "h" => {
                hint_round += 1;
                outln!(
                    "{}",
                    paint.dim(&stackyard_tui::babel_hint::hint(
                        driver.game(),
                        Seed(seed).child(hint_round)
                    ))
                )?;
            }
            _ if driver.is_over() => {
                outln!("the game is over: undo to go back, quit to leave")?;
            }
            _ => {
                let parsed = if cmd == "d" {
                    Ok(Action::Draw)
                } else {
                    cmd.parse::<Action>()
                };
                match parsed {
                    Err(e) => outln!("{}. {PLAY_HELP}", cut_words(&e.to_string()))?,
                    Ok(action) => {
                        let before = driver.clone();
                        now = now + 1;
                        match driver.act(Seat(0), action, now) {
                            Ok(_) => {
                                history.push(before);
                                show(driver.game(), paint)?;
                            }
                            Err(rejected) => outln!("not allowed: {}", rejected.error)?,
                        }
                    }
                }
            }
        }
        if driver.is_over() && !announced {
            announced = true;
            let stacks = driver.game().stacks();
            let result = match stacks {
                1 => paint.green("a full win"),
                2 | 3 => "a partial win".to_string(),
                _ => paint.red("a loss"),
            };
            outln!(
                "game over: {stacks} stack{}, {result}. (undo to go back, quit to leave)",
                if stacks == 1 { "" } else { "s" }
            )?;
        }
    }
}

/// A tile, coloured by suit on a terminal.
fn tile_text(t: stackyard_babel::Tile, paint: Paint) -> String {
    let text = t.to_string();
    match t.suit() {
        0 => paint.yellow(&text),
        1 => paint.cyan(&text),
        2 => paint.red(&text),
        _ => paint.green(&text),
    }
}

/// The line at a glance: each stack's position, top tile and height (a
/// number: how many tiles it holds); then the legal actions.
fn show(game: &Babel, paint: Paint) -> Result<(), Failure> {
    let stacks: Vec<String> = game
        .line()
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let top = s.last()?;
            Some(format!("{}:{}({})", i + 1, tile_text(*top, paint), s.len()))
        })
        .collect();
    outln!(
        "line: {}",
        if stacks.is_empty() {
            "(empty)".to_string()
        } else {
            stacks.join("  ")
        }
    )?;
    let plural = |k: usize, word: &str| format!("{k} {word}{}", if k == 1 { "" } else { "s" });
    outln!(
        "      {}; (n) = tiles in the stack; {} to draw",
        plural(game.stacks(), "stack"),
        plural(game.undrawn_count(), "tile")
    )?;
    if !game.is_finished() {
        let legal: Vec<String> = game.legal_actions().iter().map(|a| a.to_string()).collect();
        outln!("legal: {}", legal.join(" "))?;
    }
    Ok(())
}
