//! `stackyard leaning …`: Leaning Towers' own commands: the judge of one
//! placement on a settled structure, and bot games and replays in the
//! game's measure (a contract scripts rely on, so these replace the common
//! `sim` and `replay`). (`rules` is every game's, `games.rs`.)

use crate::failure::Failure;
use crate::io::{check_out_dir, display, read_text};
use crate::outln;
use clap::Subcommand;
use indicatif::{ProgressBar, ProgressStyle};
use stackyard_core::{Bots, Driver, Seat, Seed, Viewer};
use stackyard_leaning::scenario::{JudgeScenario, judge};
use stackyard_leaning::sim::{GameReport, play_game, summarize};
use stackyard_leaning::{Action, LeaningTowers, Settings};
use std::path::{Path, PathBuf};

/// Accepted actions after which a simulated game is abandoned.
const MAX_ACTIONS: usize = 2_000;

/// The `leaning` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Judge one placement on a settled structure (JSON; `-` reads standard
    /// input) and print the verdict as JSON.
    Judge {
        /// The scenario file.
        file: PathBuf,
    },
    /// Play bot-only games and tabulate them.
    Sim {
        /// Seats at the table (2–10, L1).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(2..=10))]
        players: u8,
        /// Number of games, 1..=100000.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=100_000))]
        games: u64,
        /// Bot levels, comma separated, repeated to fill the seats.
        #[arg(long, default_value = "medium")]
        bots: String,
        /// Seed of the whole run; game i uses its child seed i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Directory to write one JSON record per game into.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Replay a JSON record; print the final scores.
    Replay {
        /// The record file (`-` reads standard input).
        file: PathBuf,
    },
}

/// Runs one `leaning` subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Judge { file } => {
            let text = read_text(&file)?;
            let name = display(&file);
            let scenario: JudgeScenario = serde_json::from_str(&text).map_err(|e| {
                Failure::bad_input(format!(
                    "{name} is not a Leaning Towers judge scenario: {e}"
                ))
            })?;
            let report =
                judge(&scenario).map_err(|e| Failure::bad_input(format!("{name}: {e}")))?;
            outln!(
                "{}",
                serde_json::to_string_pretty(&report).map_err(Failure::other)?
            )
        }
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
            for (s, level) in lineup.iter().enumerate() {
                LeaningTowers::bot(level, Seat(s as u8), Seed(seed), &settings)
                    .map_err(Failure::bad_input)?;
            }
            let out = out.as_deref().map(check_out_dir).transpose()?;
            sim(&settings, games, &lineup, Seed(seed), out.as_deref())
        }
        Command::Replay { file } => replay_file(&file),
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
    let mut reports: Vec<GameReport> = Vec::new();
    for i in 0..games {
        let game_seed = seed.child(i);
        let mut bots = lineup
            .iter()
            .enumerate()
            .map(|(s, level)| {
                LeaningTowers::bot(level, Seat(s as u8), game_seed.child(s as u64), settings)
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(Failure::bad_input)?;
        let mut report =
            play_game(settings, game_seed, &mut bots, MAX_ACTIONS).map_err(Failure::other)?;
        if let Some(dir) = out {
            let path = dir.join(format!("game-{i:05}.json"));
            let text = serde_json::to_string(&report.record).map_err(Failure::other)?;
            std::fs::write(&path, text)
                .map_err(|e| Failure::other(format!("cannot write {}: {e}", path.display())))?;
        }
        // Summaries need the counts, not the record.
        report.record.actions.clear();
        reports.push(report);
        bar.inc(1);
    }
    bar.finish_and_clear();
    let s = summarize(&reports);
    outln!(
        "Leaning Towers: {} game{}, {} seats, bots {}",
        s.games,
        if s.games == 1 { "" } else { "s" },
        lineup.len(),
        lineup.join(",")
    )?;
    outln!()?;
    outln!("{:<6} {:<10} {:>11}", "seat", "bot", "mean score")?;
    for (i, level) in lineup.iter().enumerate() {
        outln!("{:<6} {:<10} {:>11.2}", i, level, s.mean_scores[i])?;
    }
    outln!()?;
    outln!(
        "per game: {:.1} legal placements, {:.2} slips, {:.2} breaks, {:.2} wrecks; unfinished {}",
        s.placements_per_game,
        s.slips_per_game,
        s.breaks_per_game,
        s.wrecks_per_game,
        s.unfinished
    )
}

fn replay_file(file: &Path) -> Result<(), Failure> {
    let text = read_text(file)?;
    let name = display(file);
    let record: stackyard_core::Record<Settings, Action> = serde_json::from_str(&text)
        .map_err(|e| Failure::bad_input(format!("{name} is not a Leaning Towers record: {e}")))?;
    let (driver, _) = Driver::<LeaningTowers>::replay(&record)
        .map_err(|e| Failure::bad_input(format!("{name} does not replay: {e}")))?;
    outln!(
        "Leaning Towers, seed {}, {} actions",
        record.seed,
        record.actions.len()
    )?;
    let view = driver.view(Viewer::Spectator);
    let scores = stackyard_core::Game::scores(driver.game());
    outln!("scores by seat: {scores:?}")?;
    outln!("pieces on the table: {}", view.pieces.len())?;
    match driver.outcome() {
        Some(o) => outln!(
            "result: winners {:?}",
            o.winners.iter().map(|s| s.0).collect::<Vec<_>>()
        ),
        None => outln!("not over"),
    }
}
