//! Round-robin tournaments between AI players through the rules engine
//! (`stackyard towers tournament …`, also spelled `stackyard tournament
//! towers …`), with a progress bar, a standings table, and the games
//! written as records.

use super::towers_args::{self as args, Board, Players, Variants};
use crate::failure::Failure;
use crate::io::check_out_dir;
use crate::outln;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use stackyard_core::{Game, Seat};
use stackyard_search::tournament::{self, Config, Entrant, GameResult};
use stackyard_towers::Position;
use stackyard_towers::ai::bots::{OpeningBot, SearchBot, check_search_board};
use std::path::{Path, PathBuf};

/// The `tournament` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// A Towers round robin (the same as `stackyard towers tournament`).
    Towers(TowersArgs),
}

/// A Towers round robin: every pair plays --games games, colours
/// alternated, each pair of games from the same seeded random opening.
#[derive(Debug, Args)]
pub struct TowersArgs {
    /// Comma-separated players (2..=16): alphabeta:BUDGET, mcts:BUDGET,
    /// random. BUDGET is a time (1s, 500ms), nodes (n20000) or depth (d4).
    #[arg(long, default_value = "alphabeta:1s,mcts:1s,random", value_parser = args::players)]
    pub players: Players,
    /// Games per pairing, 1..=1000.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u16).range(1..=1000))]
    pub games: u16,
    /// Board size, COLSxROWS (the AIs search at most 64 blocks).
    #[arg(long, default_value = "8x8", value_parser = args::board)]
    pub board: Board,
    /// Variants joined by `+`: capture, suburbs, sprawl, infrastructure[:N].
    #[arg(long, default_value = "standard", value_parser = args::variants)]
    pub variant: Variants,
    /// Games played at once, 1..=64.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub threads: u16,
    /// Search threads per player, 1..=64.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub ai_threads: u16,
    /// Random opening plies before the players take over, 0..=20.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=20))]
    pub opening_plies: u8,
    /// Tournament seed.
    #[arg(long, default_value_t = 1, value_parser = crate::args::seed())]
    pub seed: u64,
    /// Directory for the game records (games/NNNN.json) and table.json
    /// (created and checked before the first game).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Runs one `tournament` subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Towers(args) => towers(args),
    }
}

/// `stackyard towers tournament`.
pub fn towers(args: TowersArgs) -> Result<(), Failure> {
    let TowersArgs {
        players,
        games,
        board,
        variant,
        threads,
        ai_threads,
        opening_plies,
        seed,
        out,
    } = args;
    let specs = players.0;
    let (threads, ai_threads) = (usize::from(threads), usize::from(ai_threads));
    let v = variant.on(board).map_err(Failure::bad_input)?;
    for &spec in &specs {
        check_search_board(spec, &v)
            .map_err(|e| Failure::bad_input(format!("--board {board}: {e}")))?;
    }
    let out = out.as_deref().map(check_out_dir).transpose()?;
    // Each seat's searcher is seeded as Towers tournaments always were, so
    // a seed gives the same games as before the tournaments moved onto the
    // rules engine.
    const SEAT_SALT: [u64; 2] = [0xB1AC, 0x3417E];
    let entrants = specs
        .iter()
        .map(|&spec| Entrant::<Position> {
            name: spec.to_string(),
            make: Box::new(move |seat: Seat, game_seed: u64| {
                Box::new(SearchBot::new(
                    spec,
                    game_seed ^ SEAT_SALT[seat.index()],
                    ai_threads,
                )) as Box<dyn stackyard_core::Bot<Position>>
            }),
        })
        .collect();
    let config = Config {
        entrants,
        games: usize::from(games),
        settings: v,
        seed,
        threads,
        opening_plies: usize::from(opening_plies),
        opening: Some(Box::new(|s| Box::new(OpeningBot::new(s)))),
    };
    play(&config, &v.to_string(), out.as_deref())
}

fn play<G: Game>(config: &Config<G>, settings: &str, out: Option<&Path>) -> Result<(), Failure>
where
    G::Settings: Sync,
{
    let total = tournament::schedule(config.entrants.len(), config.games, config.seed).len();
    let bar = ProgressBar::new(total as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {elapsed} elapsed, ETA {eta} {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let games = tournament::run(config, |_| bar.inc(1)).map_err(Failure::bad_input)?;
    bar.finish_and_clear();
    let table = tournament::standings(config, &games);
    outln!(
        "{} {settings}: {} players, {} games per pairing, seed {}",
        G::TITLE,
        config.entrants.len(),
        config.games,
        config.seed
    )?;
    outln!(
        "{:<18} {:>6} {:>5} {:>5} {:>6} {:>7} {:>17} {:>9}",
        "player",
        "games",
        "wins",
        "draws",
        "losses",
        "Elo",
        "95% interval",
        "avg plies"
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
    let n = config.entrants.len();
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
        outln!("  {:<18} {}", config.entrants[a].name, cells.join("  "))?;
    }
    let (bp, bn) = tournament::first_share(&games);
    outln!(
        "{} scored {bp}/{bn} ({:.1}%)",
        first_player_name::<G>(),
        100.0 * bp / bn.max(1) as f64
    )?;
    if let Some(dir) = out {
        write_out(dir, config, settings, &games, &table)?;
        outln!(
            "wrote {} records and table.json to {}",
            games.len(),
            dir.display()
        )?;
    }
    Ok(())
}

fn first_player_name<G: Game>() -> &'static str {
    if G::NAME == "towers" {
        "Black (first player)"
    } else {
        "The first player"
    }
}

fn write_out<G: Game>(
    dir: &Path,
    config: &Config<G>,
    settings: &str,
    games: &[GameResult<G>],
    table: &[tournament::Standing],
) -> Result<(), Failure> {
    let gdir = dir.join("games");
    std::fs::create_dir_all(&gdir)
        .map_err(|e| Failure::other(format!("cannot create {}: {e}", gdir.display())))?;
    let mut listing = Vec::new();
    for g in games {
        let name = format!("games/{:04}.json", g.index);
        let path = dir.join(&name);
        let text = serde_json::to_string_pretty(&g.record).map_err(Failure::other)?;
        std::fs::write(&path, text)
            .map_err(|e| Failure::other(format!("cannot write {}: {e}", path.display())))?;
        listing.push(json!({
            "record": name,
            "first": config.entrants[g.first].name,
            "second": config.entrants[g.second].name,
            "scores": g.scores,
            "plies": g.plies(),
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
    let (fp, n) = tournament::first_share(games);
    let t = json!({
        "game": G::NAME, "settings": settings, "seed": config.seed,
        "games_per_pairing": config.games, "standings": rows,
        "first_points": fp, "games": n, "list": listing,
    });
    let path = dir.join("table.json");
    std::fs::write(
        &path,
        serde_json::to_string_pretty(&t).map_err(Failure::other)?,
    )
    .map_err(|e| Failure::other(format!("cannot write {}: {e}", path.display())))?;
    Ok(())
}
