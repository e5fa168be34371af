//! `stackyard babel …`: Tower of Babel: solve open deals, survey random
//! deals, compare Strict policies, play in the terminal.

use crate::failure::Failure;
use clap::Subcommand;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::{Value, json};
use stackyard_babel::solver::Solver;
use stackyard_babel::strict::{Exact, Player, Policy};
use stackyard_babel::{Action, Babel};
use stackyard_babel::{Variant, deal_from_seed, order_text, parse_order, wilson95};
use stackyard_core::Seed;
use std::io::{BufRead, Write};

/// The `babel` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve open deals (B9). Without --deals: read JSON lines
    /// `{"order": ["Sn", "Ma", …]}` from standard input and write one JSON
    /// line per input with min_stacks, full_win and solution. With --deals
    /// N: deal N random games and report how many are winnable.
    Solve {
        /// The Strict variant (B11) instead of the standard game.
        #[arg(long)]
        strict: bool,
        /// Accept orders of fewer than 24 distinct tiles (the position
        /// after those draws, nothing else to come).
        #[arg(long)]
        partial: bool,
        /// Deal this many random games instead of reading standard input.
        #[arg(long)]
        deals: Option<u64>,
        /// Seed of the random deals (deal i uses Seed::child(i)).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// How many of the hardest deals (most search nodes) to list.
        #[arg(long, default_value_t = 3)]
        hardest: usize,
    },
    /// Play N hidden-order games with a policy and report its win rate.
    Strict {
        /// greedy, heuristic, sampling[:N], expectimax[:K], hybrid[:N[:K]] or open (the
        /// open-deal optimum, an upper bound).
        #[arg(long)]
        policy: String,
        /// Number of games (game i is dealt from Seed::child(i)).
        #[arg(long, default_value_t = 100_000)]
        games: u64,
        /// Seed of the deals.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Play the standard variant instead of Strict.
        #[arg(long)]
        standard: bool,
    },
    /// Measure how far exact expectimax reaches: time to evaluate Strict
    /// positions with k undrawn tiles, for growing k.
    ExactReach {
        /// Largest k to try.
        #[arg(long, default_value_t = 12)]
        max_k: usize,
        /// Positions per k.
        #[arg(long, default_value_t = 10)]
        positions: u64,
        /// Stop growing k once one position takes longer than this (s).
        #[arg(long, default_value_t = 10.0)]
        limit: f64,
        /// Seed of the positions.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Hunt for hard (ideally unwinnable) deals by local search: each
    /// restart climbs from a random deal by swapping two tiles, keeping
    /// swaps that make the solver work harder.
    Hunt {
        /// Independent climbs (run on all cores).
        #[arg(long, default_value_t = 100)]
        restarts: u64,
        /// Swaps tried per climb.
        #[arg(long, default_value_t = 2_000)]
        steps: u64,
        /// Seed (climb i starts from Seed::child(i)).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// How many of the hardest deals to print.
        #[arg(long, default_value_t = 5)]
        top: usize,
        /// Hunt in the Strict variant.
        #[arg(long)]
        strict: bool,
    },
    /// Play in the terminal (reads commands line by line; works piped).
    Play {
        /// Seed of the hidden order (B8).
        #[arg(long, default_value_t = 0)]
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
                Some(n) => survey(n, Seed(seed), variant, hardest),
                None => solve_lines(variant, partial),
            }
        }
        Command::Strict {
            policy,
            games,
            seed,
            standard,
        } => {
            let policy: Policy = policy.parse().map_err(Failure::bad_input)?;
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
        } => exact_reach(max_k, positions, limit, Seed(seed)),
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
            let bar = ProgressBar::new(restarts);
            let mut found: Vec<stackyard_babel::hunt::Found> = (0..restarts)
                .into_par_iter()
                .map_init(Solver::new, |solver, i| {
                    let f =
                        stackyard_babel::hunt::hunt(Seed(seed).child(i), steps, variant, solver);
                    bar.inc(1);
                    f
                })
                .collect();
            bar.finish_and_clear();
            found.sort_by_key(|f| std::cmp::Reverse((f.min_stacks, f.nodes)));
            let unwinnable = found.iter().filter(|f| f.min_stacks > 1).count();
            println!(
                "{restarts} climbs of {steps} swaps ({} variant): {unwinnable} ended on a deal with no full win",
                variant_name(variant)
            );
            for f in found.iter().take(top) {
                println!(
                    "min_stacks {} nodes {}: {}",
                    f.min_stacks,
                    f.nodes,
                    order_text(&f.order)
                );
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
    println!(
        "policy {policy} variant {} games {games} seed {} ({secs:.1}s)",
        variant_name(variant),
        seed.0
    );
    println!(
        "full win: {full}/{games} = {:.5} (95% CI {flo:.5}..{fhi:.5})",
        full as f64 / games as f64
    );
    println!(
        "partial win: {partial}/{games} = {:.5} (95% CI {plo:.5}..{phi:.5})",
        partial as f64 / games as f64
    );
    println!("mean stacks: {mean:.3}");
    Ok(())
}

fn variant_name(v: Variant) -> &'static str {
    match v {
        Variant::Standard => "standard",
        Variant::Strict => "strict",
    }
}

fn exact_reach(max_k: usize, positions: u64, limit: f64, seed: Seed) -> Result<(), Failure> {
    if !(1..=23).contains(&max_k) {
        return Err(Failure::bad_input("--max-k must be 1..=23"));
    }
    println!("k  positions  mean_ms  max_ms  mean_states");
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
        println!(
            "{k:>2} {positions:>9} {:>8.2} {:>7.2} {:>12}",
            1000.0 * times.iter().sum::<f64>() / times.len() as f64,
            1000.0 * max,
            states / positions
        );
        if max > limit {
            println!("stopped: a position with k = {k} took {max:.1}s (> {limit}s)");
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
        Err(e) => return json!({ "error": format!("not JSON: {e}") }),
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
                return json!({ "error": format!("tile {}: {item} is not a string tile code", i + 1) });
            }
        }
    }
    let tiles = match parse_order(&codes, !partial) {
        Ok(t) => t,
        Err(e) => return json!({ "error": e.to_string() }),
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

/// Reads standard input in batches, solves each batch on all cores, and
/// prints results in input order.
fn solve_lines(variant: Variant, partial: bool) -> Result<(), Failure> {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    loop {
        let mut batch = Vec::with_capacity(4096);
        for line in lines.by_ref() {
            let line = line?;
            if line.trim().is_empty() {
                continue;
            }
            batch.push(line);
            if batch.len() == 4096 {
                break;
            }
        }
        if batch.is_empty() {
            break;
        }
        let results: Vec<Value> = batch
            .par_iter()
            .map_init(Solver::new, |solver, line| {
                solve_line(line, variant, partial, solver)
            })
            .collect();
        for r in results {
            writeln!(out, "{r}")?;
        }
        out.flush()?;
    }
    Ok(())
}

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
        println!(
            "{name}: {k}/{n} = {:.prec$} (95% CI {:.prec$}..{:.prec$})",
            k as f64 / n as f64,
            lo,
            hi
        );
    };
    println!(
        "variant {} deals {n} seed {} ({:.1}s, {:.0} deals/s)",
        match variant {
            Variant::Standard => "standard",
            Variant::Strict => "strict",
        },
        seed.0,
        secs,
        n as f64 / secs
    );
    line("full win (1 stack)", full);
    line("partial win (2-3 stacks)", partial);
    line("win of either kind (<=3)", full + partial);
    println!("minimum stacks distribution:");
    for (k, &c) in total.by_stacks.iter().enumerate() {
        if c > 0 {
            println!("  {k:>2} stacks: {c}");
        }
    }
    for (i, stacks) in &total.not_won {
        let order = deal_from_seed(seed.child(*i));
        println!(
            "no full win: deal {i} ({stacks} stacks at best): {}",
            order_text(&order)
        );
    }
    for (nodes, i) in &total.hardest {
        let order = deal_from_seed(seed.child(*i));
        println!("hardest: deal {i} ({nodes} nodes): {}", order_text(&order));
    }
    Ok(())
}

const PLAY_HELP: &str = "commands: draw (d), a move like 4<1 or 5<3, end, hint, undo, help, quit";

/// Terminal play: one command per line on standard input.
fn play(seed: u64, strict: bool) -> Result<(), Failure> {
    let variant = if strict {
        Variant::Strict
    } else {
        Variant::Standard
    };
    let mut game = Babel::hidden(Seed(seed), variant);
    let mut history: Vec<Babel> = Vec::new();
    let mut hint_rng_round = 0u64;
    println!(
        "Tower of Babel, {} variant, seed {seed}. {PLAY_HELP}",
        variant_name(variant)
    );
    show(&game);
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let line = line?;
        let cmd = line.trim();
        match cmd {
            "" => continue,
            "quit" | "q" => return Ok(()),
            "help" | "?" => println!("{PLAY_HELP}"),
            "undo" | "u" => match history.pop() {
                Some(previous) => {
                    game = previous;
                    println!("undone.");
                    show(&game);
                }
                None => println!("nothing to undo."),
            },
            "hint" | "h" => {
                hint_rng_round += 1;
                println!("{}", hint(&game, Seed(seed).child(hint_rng_round)));
            }
            _ => {
                let parsed = if cmd == "d" {
                    Ok(Action::Draw)
                } else {
                    cmd.parse::<Action>()
                };
                match parsed {
                    Err(e) => println!("{e}. {PLAY_HELP}"),
                    Ok(action) => {
                        let before = game.clone();
                        match game.play(action) {
                            Ok(_) => {
                                history.push(before);
                                show(&game);
                            }
                            Err(e) => println!("not allowed: {e}"),
                        }
                    }
                }
            }
        }
        if game.is_finished() {
            let stacks = game.stacks();
            let result = match stacks {
                1 => "full win",
                2 | 3 => "partial win",
                _ => "loss",
            };
            println!("game over: {stacks} stack(s), {result}. (undo to go back, quit to leave)");
        }
    }
    Ok(())
}

/// The line at a glance: position, top tile, height; then legal actions.
fn show(game: &Babel) {
    let stacks: Vec<String> = game
        .line()
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let top = s.last().expect("non-empty");
            format!("{}:{}{}", i + 1, top, "'".repeat(s.len() - 1))
        })
        .collect();
    println!(
        "line: {}",
        if stacks.is_empty() {
            "(empty)".to_string()
        } else {
            stacks.join("  ")
        }
    );
    let plural = |k: usize, word: &str| format!("{k} {word}{}", if k == 1 { "" } else { "s" });
    println!(
        "      ({}; ' marks each tile under the top; {} to draw)",
        plural(game.stacks(), "stack"),
        plural(game.undrawn_count(), "tile")
    );
    if !game.is_finished() {
        let legal: Vec<String> = game.legal_actions().iter().map(|a| a.to_string()).collect();
        println!("legal: {}", legal.join(" "));
    }
}

/// The best action and the chance of a full win: exact when few tiles
/// remain, otherwise sampled over orders of the undrawn tiles.
fn hint(game: &Babel, seed: Seed) -> String {
    if game.is_finished() {
        return "the game is over.".into();
    }
    let variant = game.variant();
    let undrawn = game.undrawn_tiles();
    let exact_limit = match variant {
        Variant::Standard => 6,
        Variant::Strict => 9,
    };
    let moves = game.legal_moves();
    let mut solver = Solver::new();
    // Standard: by B10 drawing first never hurts; with nothing left to
    // draw, the solver's first move.
    let best = match variant {
        Variant::Standard if !undrawn.is_empty() => Action::Draw,
        Variant::Standard => solver
            .solve_position(&game.tops(), &[], Variant::Standard, 1)
            .actions
            .into_iter()
            .next()
            .unwrap_or(Action::End),
        Variant::Strict if moves.is_empty() => {
            if undrawn.is_empty() {
                Action::End
            } else {
                Action::Draw
            }
        }
        Variant::Strict if undrawn.len() <= exact_limit => {
            Exact::new().best_move(game).map_or(moves[0], |(m, _)| m)
        }
        Variant::Strict => Player::new(Policy::Sampling { samples: 64 }, seed).choose(game),
    };
    if undrawn.len() <= exact_limit {
        let mut after = game.clone();
        let v = if matches!(best, Action::Move { .. }) {
            after.play(best).expect("hint is legal");
            Exact::new().value(&after.tops(), &undrawn, variant)
        } else {
            Exact::new().value(&game.tops(), &undrawn, variant)
        };
        return format!(
            "hint: {best}; chance of a full win with best play: {:.1}% (exact)",
            100.0 * v
        );
    }
    let mut after = game.clone();
    if matches!(best, Action::Move { .. }) {
        after.play(best).expect("hint is legal");
    }
    let mut rng = seed.rng("hint");
    let samples = 400u64;
    let mut wins = 0;
    for _ in 0..samples {
        let mut order = undrawn.clone();
        rand::seq::SliceRandom::shuffle(order.as_mut_slice(), &mut rng);
        wins += u64::from(
            solver
                .solve_position(&after.tops(), &order, variant, 1)
                .full_win,
        );
    }
    let (lo, hi) = wilson95(wins, samples);
    let what = match variant {
        Variant::Standard => "with best play",
        Variant::Strict => "if the order were known (an upper bound)",
    };
    format!(
        "hint: {best}; chance of a full win {what}: {:.1}% (sampled {samples} orders, 95% CI {:.1}%..{:.1}%)",
        100.0 * wins as f64 / samples as f64,
        100.0 * lo,
        100.0 * hi
    )
}
