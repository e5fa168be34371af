//! `stackyard speedy …`: Speedy Towers' own commands: bot games in
//! simulated time and replays in the game's measure (pieces left, how each
//! game ended: a contract scripts rely on, so these replace the common
//! `sim` and `replay`), and the matching rules as a JSON-lines filter.
//! (`rules` is every game's, `games.rs`.)

use crate::failure::Failure;
use crate::io::{Line, check_out_dir, display, read_text, stdin_lines};
use crate::outln;
use clap::Subcommand;
use indicatif::{ProgressBar, ProgressStyle};
use stackyard_core::{Driver, Seed, Viewer};
use stackyard_speedy::bots::{SimResult, Summary, simulate_levels};
use stackyard_speedy::matching::MatchQuery;
use stackyard_speedy::{Settings, SpeedyRecord, SpeedyTowers};
use std::path::{Path, PathBuf};

/// Accepted actions after which a simulated game is abandoned.
const MAX_ACTIONS: usize = 20_000;

/// The `speedy` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play bot-only games headlessly in simulated time and tabulate them.
    Sim {
        /// Seats at the table (2–6, P1).
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=6))]
        players: u8,
        /// Number of games, 1..=1000000.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        games: u64,
        /// Bots, comma separated: easy, medium, hard, each optionally with
        /// a reaction time in ms (`hard:400`); repeated to fill the seats.
        #[arg(long, default_value = "hard,medium,easy,medium")]
        bots: String,
        /// Seed of the whole run; game i uses its child seed i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Directory to write one JSON record per game into (created and
        /// checked before the first game).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Replay a JSON record; print the towers, the piles and the result.
    Replay {
        /// The record file (`-` reads standard input).
        file: PathBuf,
    },
    /// Read JSON lines `{"placed": P, "top": T}` (with a coin top,
    /// optionally `"underneath": {"suit", "value"}`, the nearest tile below
    /// it) and answer each with
    /// `{"legal": bool, "effective": {"suit", "value"} | null}` (P7, P8).
    Matches,
}

/// Runs one `speedy` subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Sim {
            players,
            games,
            bots,
            seed,
            out,
        } => {
            let levels = crate::args::seat_levels(&bots, players).map_err(Failure::bad_input)?;
            let settings = Settings::new(players);
            let lineup: Vec<&str> = levels.iter().map(String::as_str).collect();
            // A bad level is bad input, found before any game runs.
            simulate_levels(&settings, &lineup, Seed(seed), 0).map_err(Failure::bad_input)?;
            let out = out.as_deref().map(check_out_dir).transpose()?;
            sim(&settings, games, &lineup, Seed(seed), out.as_deref())
        }
        Command::Replay { file } => replay_file(&file),
        Command::Matches => matches(),
    }
}

fn sim(
    settings: &Settings,
    games: u64,
    lineup: &[&str],
    seed: Seed,
    out: Option<&Path>,
) -> Result<(), Failure> {
    let bar = ProgressBar::new(games);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} elapsed, ETA {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let n = lineup.len();
    // Summaries are kept per block of games, so memory stays bounded.
    let mut results: Vec<SimResult> = Vec::new();
    let mut blocks: Vec<Summary> = Vec::new();
    for i in 0..games {
        let r = simulate_levels(settings, lineup, seed.child(i), MAX_ACTIONS)
            .map_err(Failure::bad_input)?;
        if let Some(dir) = out {
            let path = dir.join(format!("game-{i:05}.json"));
            let text = serde_json::to_string(&r.record).map_err(Failure::other)?;
            std::fs::write(&path, text)
                .map_err(|e| Failure::other(format!("cannot write {}: {e}", path.display())))?;
        }
        results.push(r);
        if results.len() == 1000 {
            blocks.push(Summary::of(&results, n));
            results.clear();
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    if !results.is_empty() || blocks.is_empty() {
        blocks.push(Summary::of(&results, n));
    }
    let total: usize = blocks.iter().map(|b| b.games).sum();
    let weight = |b: &Summary| b.games as f64 / total.max(1) as f64;
    let mean = |f: &dyn Fn(&Summary) -> f64| blocks.iter().map(|b| f(b) * weight(b)).sum::<f64>();
    outln!(
        "Speedy Towers: {total} game{}, {n} seats, bots {}",
        if total == 1 { "" } else { "s" },
        lineup.join(",")
    )?;
    outln!()?;
    outln!(
        "{:<6} {:<10} {:>6} {:>7} {:>12}",
        "seat",
        "bot",
        "wins",
        "win%",
        "pieces left"
    )?;
    for (s, bot) in lineup.iter().enumerate().take(n) {
        let wins: usize = blocks.iter().map(|b| b.wins[s]).sum();
        outln!(
            "{:<6} {:<10} {:>6} {:>6.1}% {:>12.2}",
            s,
            bot,
            wins,
            100.0 * wins as f64 / total.max(1) as f64,
            mean(&|b: &Summary| b.mean_pieces_left[s])
        )?;
    }
    let finished: usize = blocks.iter().map(|b| b.finished).sum();
    let pawn: usize = blocks.iter().map(|b| b.pawn_wins).sum();
    let stuck: usize = blocks.iter().map(|b| b.stuck_endings).sum();
    outln!()?;
    outln!(
        "average game: {:.1} placements, {:.1} falls, {:.1} lost races, {:.1} simulated seconds",
        mean(&|b: &Summary| b.placements_per_game),
        mean(&|b: &Summary| b.falls_per_game),
        mean(&|b: &Summary| b.rejected_per_game),
        mean(&|b: &Summary| b.mean_length_s)
    )?;
    outln!(
        "endings: pawn wins {pawn} (P11), fewest pieces {stuck} (P12), unfinished {}",
        total - finished
    )
}

fn replay_file(file: &Path) -> Result<(), Failure> {
    let text = read_text(file)?;
    let name = display(file);
    let record: SpeedyRecord = serde_json::from_str(&text)
        .map_err(|e| Failure::bad_input(format!("{name} is not a Speedy Towers record: {e}")))?;
    let (driver, _) = Driver::<SpeedyTowers>::replay(&record)
        .map_err(|e| Failure::bad_input(format!("{name} does not replay: {e}")))?;
    let view =
        serde_json::to_string_pretty(&driver.view(Viewer::Spectator)).map_err(Failure::other)?;
    outln!(
        "Speedy Towers, {} seats, seed {}, {} actions",
        record.settings.players,
        record.seed,
        record.actions.len()
    )?;
    outln!("the table as a spectator sees it:")?;
    outln!("{view}")?;
    match driver.outcome() {
        Some(o) => outln!(
            "result: winners {:?}, pieces left by seat {:?}",
            o.winners.iter().map(|s| s.0).collect::<Vec<_>>(),
            driver.game().pieces_left()
        ),
        None => outln!("not over"),
    }
}

/// One answer per input line, in order; a malformed line is bad input
/// (exit 2) after the answers before it were written.
fn matches() -> Result<(), Failure> {
    let mut lines = stdin_lines();
    let mut n = 0usize;
    while let Some(line) = lines.next_line()? {
        n += 1;
        let text = match line {
            Line::Text(t) => t,
            Line::NotUtf8 => return Err(Failure::bad_input(format!("line {n}: not UTF-8 text"))),
            Line::TooLong => return Err(Failure::bad_input(format!("line {n}: far too long"))),
        };
        if text.trim().is_empty() {
            continue;
        }
        let query: MatchQuery = serde_json::from_str(&text).map_err(|e| {
            Failure::bad_input(format!(
                "line {n}: not a {{\"placed\", \"top\"}} query: {e}"
            ))
        })?;
        let answer = serde_json::to_string(&query.answer()).map_err(Failure::other)?;
        outln!("{answer}")?;
    }
    Ok(())
}
