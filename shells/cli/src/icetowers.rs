//! `stackyard icetowers …`: IceTowers: simulate bot games, replay records.

use crate::failure::Failure;
use clap::Subcommand;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use stackyard_core::{Game, Seed, replay};
use stackyard_icetowers::bots::{BotSpec, SimResult, simulate};
use stackyard_icetowers::piece::{COLOUR_NAMES, GHOST_NAME};
use stackyard_icetowers::{IceRecord, IceTowers, PieceId, Settings};
use std::path::PathBuf;

/// The `icetowers` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play bot-only games headlessly in simulated time and tabulate them.
    Sim {
        /// Seats at the table (2–5).
        #[arg(long, default_value_t = 4)]
        players: u8,
        /// Add the ghost's stash (I14).
        #[arg(long)]
        ghost: bool,
        /// Number of games.
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Bots, comma separated: random, greedy, strong, each optionally
        /// with a reaction time in ms (`greedy:400`). Repeated to fill the
        /// seats; seating rotates from game to game.
        #[arg(long, default_value = "greedy")]
        bots: String,
        /// Seed of the whole run; game i uses its child seed i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Game timer in seconds (I13c); every simulated game needs one,
        /// since mine-and-recapture wars can go on forever.
        #[arg(long, default_value_t = 300)]
        timer: u64,
        /// Hold limit in seconds (I10).
        #[arg(long, default_value_t = 10)]
        hold_limit: u64,
        /// Directory to write one JSON record per game into.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Replay a JSON record; print the final towers and scores.
    Replay {
        /// The record file.
        file: PathBuf,
    },
}

/// Runs one `icetowers` subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Sim {
            players,
            ghost,
            games,
            bots,
            seed,
            timer,
            hold_limit,
            out,
        } => sim(players, ghost, games, &bots, seed, timer, hold_limit, out),
        Command::Replay { file } => replay_file(&file),
    }
}

fn colour_name(c: usize, players: usize) -> &'static str {
    if c == players {
        GHOST_NAME
    } else {
        COLOUR_NAMES[c]
    }
}

#[allow(clippy::too_many_arguments)]
fn sim(
    players: u8,
    ghost: bool,
    games: u64,
    bots: &str,
    seed: u64,
    timer: u64,
    hold_limit: u64,
    out: Option<PathBuf>,
) -> Result<(), Failure> {
    let settings = Settings {
        players,
        ghost,
        hold_limit_ms: hold_limit.saturating_mul(1000),
        game_timer_ms: Some(timer.saturating_mul(1000)),
    };
    settings.validate().map_err(Failure::bad_input)?;
    if games == 0 {
        return Err(Failure::bad_input("--games must be at least 1"));
    }
    let specs: Vec<BotSpec> = bots
        .split(',')
        .map(str::parse)
        .collect::<Result<_, String>>()
        .map_err(Failure::bad_input)?;
    let n = usize::from(players);
    if specs.len() > n {
        return Err(Failure::bad_input(format!(
            "{} bots for {players} seats: give at most one bot per seat",
            specs.len()
        )));
    }
    let lineup: Vec<BotSpec> = (0..n).map(|s| specs[s % specs.len()]).collect();
    if let Some(dir) = &out {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::other(format!("cannot create {}: {e}", dir.display())))?;
    }
    let bar = ProgressBar::new(games);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed}, ETA {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let started = std::time::Instant::now();
    let results: Vec<(Vec<BotSpec>, SimResult)> = (0..games)
        .into_par_iter()
        .map(|i| {
            // Seating rotates so every bot plays every seat.
            let seats: Vec<BotSpec> = (0..n).map(|s| lineup[(s + i as usize) % n]).collect();
            let r =
                simulate(&settings, &seats, Seed(seed).child(i)).expect("settings were validated");
            bar.inc(1);
            (seats, r)
        })
        .collect();
    bar.finish_and_clear();
    let wall = started.elapsed().as_secs_f64();
    if let Some(dir) = &out {
        for (i, (_, r)) in results.iter().enumerate() {
            let path = dir.join(format!("game-{i:05}.json"));
            let text = serde_json::to_string(&r.record).map_err(Failure::other)?;
            std::fs::write(&path, text)
                .map_err(|e| Failure::other(format!("cannot write {}: {e}", path.display())))?;
        }
    }
    print_table(&settings, &lineup, &results, wall, games);
    if let Some(dir) = &out {
        println!("records: {}/game-*.json", dir.display());
    }
    Ok(())
}

#[derive(Default, Clone)]
struct Tally {
    games: u64,
    wins: u64,
    score: i64,
}

impl Tally {
    fn add(&mut self, won: bool, score: i64) {
        self.games += 1;
        self.wins += u64::from(won);
        self.score += score;
    }

    fn row(&self, name: &str) -> String {
        let g = self.games.max(1) as f64;
        format!(
            "{name:<16} {:>6} {:>6} {:>6.1}% {:>9.2}",
            self.games,
            self.wins,
            100.0 * self.wins as f64 / g,
            self.score as f64 / g
        )
    }
}

fn print_table(
    settings: &Settings,
    lineup: &[BotSpec],
    results: &[(Vec<BotSpec>, SimResult)],
    wall: f64,
    games: u64,
) {
    let n = usize::from(settings.players);
    let mut names: Vec<String> = Vec::new();
    for b in lineup {
        if !names.contains(&b.to_string()) {
            names.push(b.to_string());
        }
    }
    let mut by_bot = vec![Tally::default(); names.len()];
    let mut by_seat = vec![Tally::default(); n];
    let mut ghost = Tally::default();
    let (mut actions, mut rejected, mut secs, mut unfinished) = (0usize, 0usize, 0f64, 0u64);
    let mut reasons = std::collections::BTreeMap::<String, u64>::new();
    for (seats, r) in results {
        actions += r.actions;
        rejected += r.rejected;
        secs += r.end.as_secs_f64();
        let Some(o) = &r.outcome else {
            unfinished += 1;
            continue;
        };
        if let Ok((g, _)) = replay::<IceTowers>(&r.record)
            && let Some(e) = g.ending()
        {
            *reasons.entry(format!("{:?}", e.reason)).or_default() += 1;
        }
        for s in 0..n {
            let won = o.winners.iter().any(|w| w.index() == s);
            let b = names
                .iter()
                .position(|x| *x == seats[s].to_string())
                .unwrap_or(0);
            by_bot[b].add(won, o.scores[s]);
            by_seat[s].add(won, o.scores[s]);
        }
        if let Some(gs) = r.ghost_score {
            ghost.add(o.winners.is_empty(), gs);
        }
    }
    let g = games as f64;
    println!(
        "IceTowers: {games} games, {n} seats{}, timer {} s, hold limit {} s",
        if settings.ghost { " + ghost" } else { "" },
        settings.game_timer_ms.unwrap_or(0) / 1000,
        settings.hold_limit_ms / 1000
    );
    println!();
    println!(
        "{:<16} {:>6} {:>6} {:>7} {:>9}",
        "bot", "seats", "wins", "win%", "avg score"
    );
    for (name, t) in names.iter().zip(&by_bot) {
        println!("{}", t.row(name));
    }
    if settings.ghost {
        println!("{}", ghost.row("ghost"));
    }
    println!();
    println!(
        "{:<16} {:>6} {:>6} {:>7} {:>9}",
        "seat", "games", "wins", "win%", "avg score"
    );
    for (s, t) in by_seat.iter().enumerate() {
        println!("{}", t.row(&format!("{s} ({})", colour_name(s, n))));
    }
    println!();
    println!(
        "average game: {:.1} actions, {:.1} simulated seconds, {:.1} lost races",
        actions as f64 / g,
        secs / g,
        rejected as f64 / g
    );
    let ends: Vec<String> = reasons.iter().map(|(k, v)| format!("{k} {v}")).collect();
    println!("endings: {}", ends.join(", "));
    if unfinished > 0 {
        println!("unfinished (abandoned): {unfinished}");
    }
    println!("wall time: {wall:.2} s ({:.0} games/s)", g / wall.max(1e-9));
    println!("(wins: shared wins count for every winner; ties at the top share the win, I15)");
}

fn piece_label(p: PieceId, players: usize) -> String {
    let name = colour_name(p.colour().index(), players);
    format!("{}{}", name, p.pips())
}

fn replay_file(file: &PathBuf) -> Result<(), Failure> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| Failure::bad_input(format!("cannot read {}: {e}", file.display())))?;
    let record: IceRecord = serde_json::from_str(&text).map_err(|e| {
        Failure::bad_input(format!(
            "{} is not an IceTowers record: {e}",
            file.display()
        ))
    })?;
    let (game, _) = replay::<IceTowers>(&record)
        .map_err(|e| Failure::bad_input(format!("{} does not replay: {e}", file.display())))?;
    let n = game.seats();
    let mut text = String::new();
    macro_rules! out {
        () => { text.push('\n') };
        ($($arg:tt)*) => {{ text.push_str(&format!($($arg)*)); text.push('\n'); }};
    }
    out!(
        "IceTowers, {n} seats{}, seed {}, {} actions",
        if game.ghost().is_some() {
            " + ghost"
        } else {
            ""
        },
        record.seed,
        record.actions.len()
    );
    match game.ending() {
        Some(e) => out!("ended at {} ({:?})", e.at, e.reason),
        None => out!("not over (last time {})", game.now()),
    }
    out!();
    out!(
        "{:<6} {:>11}  {:<8} {:>4}  pieces (bottom to top)",
        "tower",
        "position",
        "control",
        "pips"
    );
    for t in game.towers() {
        let pieces: Vec<String> = t.pieces.iter().map(|&p| piece_label(p, n)).collect();
        out!(
            "{:<6} {:>11}  {:<8} {:>4}  {}",
            t.id.to_string(),
            format!("({},{})", t.pos.x, t.pos.y),
            colour_name(t.controller().index(), n),
            t.pips(),
            pieces.join(" ")
        );
    }
    out!();
    let scores = game.scores_by_colour();
    let winners = game.outcome().map(|o| o.winners).unwrap_or_default();
    for (c, s) in scores.iter().enumerate() {
        let who = if c == n {
            "ghost".to_string()
        } else {
            format!("seat {c}")
        };
        let seat_won = c < n && winners.iter().any(|w| w.index() == c);
        let ghost_won = c == n && game.is_over() && winners.is_empty();
        let won = if seat_won || ghost_won {
            "  winner"
        } else {
            ""
        };
        out!("{who:<8} {:<7} {s:>4}{won}", colour_name(c, n));
    }
    print_quietly(&text);
    Ok(())
}

/// Prints, treating a closed pipe (`| head`) as the reader's choice.
fn print_quietly(text: &str) {
    use std::io::Write;
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}
