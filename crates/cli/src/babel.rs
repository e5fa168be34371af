//! `stackyard babel …`: Tower of Babel: solve open deals, survey random
//! deals, compare Strict policies, play in the terminal.

use crate::failure::Failure;
use clap::Subcommand;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::{Value, json};
use stackyard_babel::solver::Solver;
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
    }
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
    hardest: Vec<(u64, u64)>, // (nodes, deal index)
}

impl Tally {
    fn add(&mut self, stacks: usize, nodes: u64, index: u64, keep: usize) {
        self.by_stacks[stacks] += 1;
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
            .map_err(|e| Failure::other(e))?,
    );
    let start = std::time::Instant::now();
    let chunk = 20_000u64;
    let mut total = Tally::default();
    let mut lo = 0;
    while lo < n {
        let hi = (lo + chunk).min(n);
        let part = (lo..hi)
            .into_par_iter()
            .fold(
                || (Solver::new(), Tally::default()),
                |(mut solver, mut tally), i| {
                    let order = deal_from_seed(seed.child(i));
                    let s = solver.solve(&order, variant);
                    tally.add(s.min_stacks, s.nodes, i, keep);
                    (solver, tally)
                },
            )
            .map(|(_, t)| t)
            .reduce(Tally::default, |a, b| a.merge(b, keep));
        total = total.merge(part, keep);
        bar.inc(hi - lo);
        lo = hi;
    }
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    let full = total.by_stacks[1];
    let partial = total.by_stacks[2] + total.by_stacks[3];
    let line = |name: &str, k: u64| {
        let (lo, hi) = wilson95(k, n);
        println!(
            "{name}: {k}/{n} = {:.6} (95% CI {:.6}..{:.6})",
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
    for (nodes, i) in &total.hardest {
        let order = deal_from_seed(seed.child(*i));
        println!("hardest: deal {i} ({nodes} nodes): {}", order_text(&order));
    }
    Ok(())
}
