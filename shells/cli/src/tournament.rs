//! `stackyard tournament …`: round-robin tournaments between AI players,
//! with a progress bar, a standings table, and the games written as
//! records.

use crate::args::{self, Board, Players, Variants};
use crate::failure::Failure;
use crate::io::check_out_dir;
use crate::outln;
use clap::Subcommand;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use stackyard_towers::ai::tournament::{self, Config, GameResult};
use stackyard_towers::ai::rules_of;
use stackyard_core::{Entry, GameTime, Record, Seat, Seed};
use stackyard_towers::{Move, Position, Variant};
use std::path::{Path, PathBuf};

/// The `tournament` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// A Towers round robin: every pair plays --games games, colours
    /// alternated, each pair of games from the same seeded random opening.
    Towers {
        /// Comma-separated players (2..=16): alphabeta:BUDGET, mcts:BUDGET,
        /// random. BUDGET is a time (1s, 500ms), nodes (n20000) or depth (d4).
        #[arg(long, default_value = "alphabeta:1s,mcts:1s,random", value_parser = args::players)]
        players: Players,
        /// Games per pairing, 1..=1000.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u16).range(1..=1000))]
        games: u16,
        /// Board size, COLSxROWS (at most 64 blocks).
        #[arg(long, default_value = "8x8", value_parser = args::board)]
        board: Board,
        /// Variants joined by `+`: capture, suburbs, sprawl, infrastructure[:N].
        #[arg(long, default_value = "standard", value_parser = args::variants)]
        variant: Variants,
        /// Games played at once, 1..=64.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
        threads: u16,
        /// Search threads per player, 1..=64.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
        ai_threads: u16,
        /// Random opening plies before the players take over, 0..=20.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=20))]
        opening_plies: u8,
        /// Tournament seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Directory for the game records (games/NNNN.json) and table.json
        /// (created and checked before the first game).
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// Runs one `tournament` subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Towers {
            players,
            games,
            board,
            variant,
            threads,
            ai_threads,
            opening_plies,
            seed,
            out,
        } => {
            let v = variant.on(board).map_err(Failure::bad_input)?;
            let rules =
                rules_of(&v).map_err(|e| Failure::bad_input(format!("--board {board}: {e}")))?;
            let out = out.as_deref().map(check_out_dir).transpose()?;
            let config = Config {
                players: players.0,
                games: usize::from(games),
                cols: v.cols,
                rows: v.rows,
                rules,
                seed,
                threads: usize::from(threads),
                ai_threads: usize::from(ai_threads),
                opening_plies: usize::from(opening_plies),
            };
            towers(&config, v, out.as_deref())
        }
    }
}

fn towers(config: &Config, variant: Variant, out: Option<&Path>) -> Result<(), Failure> {
    let total = tournament::schedule(config).len();
    let bar = ProgressBar::new(total as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {elapsed} elapsed, ETA {eta} {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let games = tournament::run(config, |_| bar.inc(1));
    bar.finish_and_clear();
    let table = tournament::standings(config, &games);
    outln!(
        "Towers {variant}: {} players, {} games per pairing, seed {}",
        config.players.len(),
        config.games,
        config.seed
    )?;
    outln!(
        "{:<18} {:>6} {:>5} {:>5} {:>6} {:>7} {:>17} {:>9}",
        "player", "games", "wins", "draws", "losses", "Elo", "95% interval", "avg plies"
    )?;
    for s in &table {
        outln!(
            "{:<18} {:>6} {:>5} {:>5} {:>6} {:>+7.0} {:>17} {:>9.1}",
            s.player,
            s.games,
            s.wins,
            s.draws,
            s.losses,
            s.elo,
            format!("[{:+.0}, {:+.0}]", s.elo_low, s.elo_high),
            s.avg_plies
        )?;
    }
    outln!("head to head (row's points against column):")?;
    let n = config.players.len();
    for a in 0..n {
        let cells: Vec<String> = (0..n)
            .map(|b| {
                if a == b {
                    "-".to_string()
                } else {
                    let (p, g) = tournament::head_to_head(&games, a, b);
                    format!("{p}/{g}")
                }
            })
            .collect();
        outln!(
            "  {:<18} {}",
            config.players[a].to_string(),
            cells.join("  ")
        )?;
    }
    let (bp, bn) = tournament::black_share(&games);
    outln!(
        "Black (first player) scored {bp}/{bn} ({:.1}%)",
        100.0 * bp / bn.max(1) as f64
    )?;
    if let Some(dir) = out {
        write_out(dir, config, variant, &games, &table)?;
        outln!(
            "wrote {} records and table.json to {}",
            games.len(),
            dir.display()
        )?;
    }
    Ok(())
}

fn write_out(
    dir: &Path,
    config: &Config,
    variant: Variant,
    games: &[GameResult],
    table: &[tournament::Standing],
) -> Result<(), Failure> {
    let gdir = dir.join("games");
    std::fs::create_dir_all(&gdir)
        .map_err(|e| Failure::other(format!("cannot create {}: {e}", gdir.display())))?;
    let mut listing = Vec::new();
    for g in games {
        let mut record = Record::new::<Position>(variant, Seed(g.seed));
        for (m, &seat) in g.moves.iter().zip(&g.seats) {
            let action: Move = m
                .parse()
                .map_err(|e| Failure::other(format!("internal: {e}")))?;
            record.actions.push(Entry {
                seat: Seat(seat),
                at: GameTime::ZERO,
                action,
            });
        }
        let name = format!("games/{:04}.json", g.index);
        let path = dir.join(&name);
        let text = serde_json::to_string_pretty(&record).map_err(Failure::other)?;
        std::fs::write(&path, text)
            .map_err(|e| Failure::other(format!("cannot write {}: {e}", path.display())))?;
        listing.push(json!({
            "record": name,
            "black": config.players[g.black].to_string(),
            "white": config.players[g.white].to_string(),
            "scores": g.scores,
            "plies": g.moves.len(),
        }));
    }
    let rows: Vec<_> = table
        .iter()
        .map(|s| {
            json!({
                "player": s.player, "games": s.games, "wins": s.wins, "draws": s.draws,
                "losses": s.losses, "elo": s.elo, "elo_low": s.elo_low, "elo_high": s.elo_high,
                "avg_plies": s.avg_plies,
            })
        })
        .collect();
    let (bp, bn) = tournament::black_share(games);
    let t = json!({
        "game": "towers", "variant": variant.to_string(), "seed": config.seed,
        "games_per_pairing": config.games, "standings": rows,
        "black_points": bp, "games": bn, "list": listing,
    });
    let path = dir.join("table.json");
    std::fs::write(
        &path,
        serde_json::to_string_pretty(&t).map_err(Failure::other)?,
    )
    .map_err(|e| Failure::other(format!("cannot write {}: {e}", path.display())))?;
    Ok(())
}
