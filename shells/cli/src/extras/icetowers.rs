//! `stackyard icetowers …`: IceTowers: simulate bot games, replay records.

use super::icetowers_args::{self as args, Bots};
use crate::failure::Failure;
use crate::io::{check_out_dir, display, read_text};
use crate::outln;
use clap::Subcommand;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use stackyard_core::{Game, Seed, replay};
use stackyard_icetowers::bots::{BotSpec, SimResult, simulate};
use stackyard_icetowers::piece::{COLOUR_NAMES, GHOST_NAME};
use stackyard_icetowers::{IceRecord, IceTowers, PieceId, Settings};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The `icetowers` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play bot-only games headlessly in simulated time and tabulate them.
    /// Memory stays constant however many games: only running totals are
    /// kept, and records (with --out) are written as games finish.
    Sim {
        /// Seats at the table (2–5).
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=5))]
        players: u8,
        /// Add the ghost's stash (I14).
        #[arg(long)]
        ghost: bool,
        /// Number of games, 1..=10^12.
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
        games: u64,
        /// Bots, comma separated: random, greedy, strong, each optionally
        /// with a reaction time in ms, 1..=60000 (`greedy:400`). Repeated to
        /// fill the seats; seating rotates from game to game.
        #[arg(long, default_value = "greedy", value_parser = args::bots)]
        bots: Bots,
        /// Seed of the whole run; game i uses its child seed i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Game timer in seconds, 1..=3600 (I13c); every simulated game
        /// needs one, since mine-and-recapture wars can go on forever.
        #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=3600))]
        timer: u64,
        /// Hold limit in seconds, 1..=600 (I10).
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=600))]
        hold_limit: u64,
        /// Directory to write one JSON record per game into (created and
        /// checked before the first game).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Replay a JSON record; print the final towers and scores.
    Replay {
        /// The record file (`-` reads standard input).
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
        } => {
            let settings = Settings {
                players,
                ghost,
                hold_limit_ms: hold_limit * 1000,
                game_timer_ms: Some(timer * 1000),
            };
            settings.validate().map_err(Failure::bad_input)?;
            let n = usize::from(players);
            if bots.0.len() > n {
                return Err(Failure::bad_input(format!(
                    "{} bots for {players} seats: give at most one bot per seat",
                    bots.0.len()
                )));
            }
            let lineup: Vec<BotSpec> = (0..n).map(|s| bots.0[s % bots.0.len()]).collect();
            let out = out.as_deref().map(check_out_dir).transpose()?;
            sim(&settings, games, &lineup, Seed(seed), out.as_deref())
        }
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

/// Running totals of a simulation: fixed size, whatever the game count.
#[derive(Clone)]
struct Summary {
    games: u64,
    by_bot: Vec<Tally>,
    by_seat: Vec<Tally>,
    ghost: Tally,
    actions: u64,
    rejected: u64,
    secs: f64,
    unfinished: u64,
    reasons: BTreeMap<String, u64>,
}

impl Summary {
    fn new(bots: usize, seats: usize) -> Summary {
        Summary {
            games: 0,
            by_bot: vec![Tally::default(); bots],
            by_seat: vec![Tally::default(); seats],
            ghost: Tally::default(),
            actions: 0,
            rejected: 0,
            secs: 0.0,
            unfinished: 0,
            reasons: BTreeMap::new(),
        }
    }

    /// Adds one game: `seats[s]` is the index (in the bot table) of the
    /// bot in seat s.
    fn add(&mut self, seats: &[usize], r: &SimResult) {
        self.games += 1;
        self.actions += r.actions as u64;
        self.rejected += r.rejected as u64;
        self.secs += r.end.as_secs_f64();
        let Some(o) = &r.outcome else {
            self.unfinished += 1;
            return;
        };
        if let Ok((g, _)) = replay::<IceTowers>(&r.record)
            && let Some(e) = g.ending()
        {
            *self.reasons.entry(format!("{:?}", e.reason)).or_default() += 1;
        }
        for (s, &b) in seats.iter().enumerate() {
            let won = o.winners.iter().any(|w| w.index() == s);
            let score = o.scores.get(s).copied().unwrap_or(0);
            self.by_bot[b].add(won, score);
            self.by_seat[s].add(won, score);
        }
        if let Some(gs) = r.ghost_score {
            self.ghost.add(o.winners.is_empty(), gs);
        }
    }

    fn merge(mut self, other: Summary) -> Summary {
        self.games += other.games;
        for (a, b) in self.by_bot.iter_mut().zip(&other.by_bot) {
            a.merge(b);
        }
        for (a, b) in self.by_seat.iter_mut().zip(&other.by_seat) {
            a.merge(b);
        }
        self.ghost.merge(&other.ghost);
        self.actions += other.actions;
        self.rejected += other.rejected;
        self.secs += other.secs;
        self.unfinished += other.unfinished;
        for (k, v) in other.reasons {
            *self.reasons.entry(k).or_default() += v;
        }
        self
    }
}

/// Games simulated at once between merges of the running totals.
const CHUNK: u64 = 4096;

fn sim(
    settings: &Settings,
    games: u64,
    lineup: &[BotSpec],
    seed: Seed,
    out: Option<&Path>,
) -> Result<(), Failure> {
    let n = lineup.len();
    let mut names: Vec<String> = Vec::new();
    for b in lineup {
        if !names.contains(&b.to_string()) {
            names.push(b.to_string());
        }
    }
    let index_of: Vec<usize> = lineup
        .iter()
        .map(|b| names.iter().position(|x| *x == b.to_string()).unwrap_or(0))
        .collect();
    let bar = ProgressBar::new(games);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed}, ETA {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let started = std::time::Instant::now();
    let mut total = Summary::new(names.len(), n);
    let mut lo = 0u64;
    while lo < games {
        let hi = lo.saturating_add(CHUNK).min(games);
        let part = (lo..hi)
            .into_par_iter()
            .map(|i| -> Result<Summary, Failure> {
                // Seating rotates so every bot plays every seat.
                let rot = (i % n as u64) as usize;
                let seats: Vec<BotSpec> = (0..n).map(|s| lineup[(s + rot) % n]).collect();
                let seat_bots: Vec<usize> = (0..n).map(|s| index_of[(s + rot) % n]).collect();
                let r = simulate(settings, &seats, seed.child(i)).map_err(Failure::bad_input)?;
                if let Some(dir) = out {
                    let path = dir.join(format!("game-{i:05}.json"));
                    let text = serde_json::to_string(&r.record).map_err(Failure::other)?;
                    std::fs::write(&path, text).map_err(|e| {
                        Failure::other(format!("cannot write {}: {e}", path.display()))
                    })?;
                }
                let mut one = Summary::new(names.len(), n);
                one.add(&seat_bots, &r);
                bar.inc(1);
                Ok(one)
            })
            .try_reduce(|| Summary::new(names.len(), n), |a, b| Ok(a.merge(b)))?;
        total = total.merge(part);
        lo = hi;
    }
    bar.finish_and_clear();
    let wall = started.elapsed().as_secs_f64();
    print_table(settings, &names, &total, wall)?;
    if let Some(dir) = out {
        outln!("records: {}/game-*.json", dir.display())?;
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
        self.score = self.score.saturating_add(score);
    }

    fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        self.wins += other.wins;
        self.score = self.score.saturating_add(other.score);
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
    names: &[String],
    t: &Summary,
    wall: f64,
) -> Result<(), Failure> {
    let n = usize::from(settings.players);
    let games = t.games;
    let g = games.max(1) as f64;
    outln!(
        "IceTowers: {games} games, {n} seats{}, timer {} s, hold limit {} s",
        if settings.ghost { " + ghost" } else { "" },
        settings.game_timer_ms.unwrap_or(0) / 1000,
        settings.hold_limit_ms / 1000
    )?;
    outln!()?;
    outln!(
        "{:<16} {:>6} {:>6} {:>7} {:>9}",
        "bot",
        "seats",
        "wins",
        "win%",
        "avg score"
    )?;
    for (name, tally) in names.iter().zip(&t.by_bot) {
        outln!("{}", tally.row(name))?;
    }
    if settings.ghost {
        outln!("{}", t.ghost.row("ghost"))?;
    }
    outln!()?;
    outln!(
        "{:<16} {:>6} {:>6} {:>7} {:>9}",
        "seat",
        "games",
        "wins",
        "win%",
        "avg score"
    )?;
    for (s, tally) in t.by_seat.iter().enumerate() {
        outln!("{}", tally.row(&format!("{s} ({})", colour_name(s, n))))?;
    }
    outln!()?;
    outln!(
        "average game: {:.1} actions, {:.1} simulated seconds, {:.1} lost races",
        t.actions as f64 / g,
        t.secs / g,
        t.rejected as f64 / g
    )?;
    let ends: Vec<String> = t.reasons.iter().map(|(k, v)| format!("{k} {v}")).collect();
    outln!("endings: {}", ends.join(", "))?;
    if t.unfinished > 0 {
        outln!("unfinished (abandoned): {}", t.unfinished)?;
    }
    outln!("wall time: {wall:.2} s ({:.0} games/s)", g / wall.max(1e-9))?;
    outln!("(wins: shared wins count for every winner; ties at the top share the win, I15)")
}

fn piece_label(p: PieceId, players: usize) -> String {
    let name = colour_name(p.colour().index(), players);
    format!("{}{}", name, p.pips())
}

fn replay_file(file: &Path) -> Result<(), Failure> {
    let text = read_text(file)?;
    let name = display(file);
    let record: IceRecord = serde_json::from_str(&text)
        .map_err(|e| Failure::bad_input(format!("{name} is not an IceTowers record: {e}")))?;
    let (game, _) = replay::<IceTowers>(&record)
        .map_err(|e| Failure::bad_input(format!("{name} does not replay: {e}")))?;
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
    crate::io::out_flush(format_args!("{text}"))
}
