//! `stackyard <game> …` for every game in the registry: `rules`, `replay`
//! and `sim` built from what the game declares about itself
//! ([`stackyard_core::About`]) and run through the type-erased host
//! contract, so no game needs a module here to get them: what a game's
//! bot games and replays count, and what its scores measure, are its own
//! words (`Listed::tally`, `About::score`). A game's own extra commands
//! (a placement's judge, a matching filter, Towers' analysis, Tower of
//! Babel's solver) are registered in `extras.rs`, none of the same name as
//! a common command.

use crate::extras;
use crate::failure::Failure;
use crate::io::{check_out_dir, display, read_text};
use crate::outln;
use clap::{ArgMatches, FromArgMatches, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use stackyard_core::host::{GameKind, HostStep, Simulated};
use stackyard_core::stepper::RecordStepper;
use stackyard_core::{Seed, Viewer};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Accepted actions after which a simulated game is abandoned.
const MAX_ACTIONS: usize = 20_000;

/// The commands every game has.
#[derive(Debug, Subcommand)]
pub enum Common {
    /// Print the rules (with the rule ids errors cite).
    Rules,
    /// Replay a JSON record; print the table as a spectator sees it at
    /// the end (and in words, where the game has them), what happened, and
    /// the result.
    Replay {
        /// The record file (`-` reads standard input).
        file: PathBuf,
    },
    /// Play bot-only games and tabulate them, by bot and by seat (seating
    /// rotates from game to game).
    Sim {
        /// Seats at the table (the game's range; default: its default
        /// settings' seats).
        #[arg(long)]
        players: Option<u8>,
        /// Number of games, 1..=10^12 (memory stays the same however
        /// many: only running totals are kept, records written as games
        /// finish).
        #[arg(long, default_value_t = 4, value_parser = crate::args::whole(1, 1_000_000_000_000))]
        games: u64,
        /// Bot levels, comma separated, repeated to fill the seats
        /// (default: the game's levels from a newcomer's first bot up).
        #[arg(long)]
        bots: Option<String>,
        /// Seed of the whole run; game i uses its child seed i.
        #[arg(long, default_value_t = 1, value_parser = crate::args::seed())]
        seed: u64,
        /// The table's settings as JSON, over the game's settings for bot
        /// games (its defaults, with what bots need to finish, such as
        /// IceTowers' timer; an object's keys replace them one by one;
        /// `--players` then sets the seats).
        #[arg(long)]
        settings: Option<String>,
        /// Directory to write one JSON record per game into (created and
        /// checked before the first game).
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// The `<game>` subcommand of `kind`: the common commands (with the
/// game's seat range on `sim --players`) and its extras.
pub fn command(kind: &dyn GameKind) -> clap::Command {
    let about = kind.about();
    let extra = extras::of(kind.name());
    let mut game = clap::Command::new(kind.name())
        .subcommand_required(true)
        .arg_required_else_help(true);
    for common in Common::augment_subcommands(clap::Command::new("x")).get_subcommands() {
        let mut common = common.clone();
        if common.get_name() == "sim" {
            let (min, max) = (about.seats.min, about.seats.max);
            common = common.mut_arg("players", |a| {
                a.value_parser(clap::value_parser!(u8).range(i64::from(min)..=i64::from(max)))
                    .help(format!(
                        "Seats at the table, {min}..={max} (default: the game's settings for bot games)"
                    ))
            });
        }
        game = game.subcommand(common);
    }
    let game = match extra {
        Some(e) => (e.augment)(game),
        None => game,
    };
    // After the extras: their enum's own doc would otherwise stand in.
    game.about(format!("{}: {}", kind.title(), about.description))
}

/// Runs `stackyard <game> …` from its parsed arguments.
pub fn run(kind: &dyn GameKind, matches: &ArgMatches) -> Result<(), Failure> {
    if let (Some(extra), Some((name, _))) = (extras::of(kind.name()), matches.subcommand()) {
        let own = (extra.augment)(clap::Command::new("x"));
        if own.get_subcommands().any(|c| c.get_name() == name) {
            return (extra.run)(matches);
        }
    }
    let common = Common::from_arg_matches(matches).map_err(Failure::bad_input)?;
    match common {
        Common::Rules => outln!("{}", kind.about().rules.trim_end()),
        Common::Replay { file } => replay(kind, &file),
        Common::Sim {
            players,
            games,
            bots,
            seed,
            settings,
            out,
        } => {
            let settings = settings_for(kind, settings.as_deref(), players)?;
            let table = kind
                .create(&settings, Seed(seed))
                .map_err(Failure::bad_input)?;
            let seats = table.seat_count() as u8;
            // The default lineup: the game's levels from a newcomer's first
            // bot up, one per seat (no more levels than seats).
            let bots = bots.unwrap_or_else(|| {
                let levels = default_bots(kind);
                levels
                    .split(',')
                    .take(usize::from(seats.max(1)))
                    .collect::<Vec<_>>()
                    .join(",")
            });
            let levels = crate::args::seat_levels(&bots, seats).map_err(Failure::bad_input)?;
            let lineup: Vec<&str> = levels.iter().map(String::as_str).collect();
            // A bad level is bad input, found before any game runs.
            for (s, level) in lineup.iter().enumerate() {
                kind.bot(level, stackyard_core::Seat(s as u8), Seed(seed), &settings)
                    .map_err(|e| Failure::bad_input(format!("--bots: {e}")))?;
            }
            let out = out.as_deref().map(check_out_dir).transpose()?;
            sim(kind, &settings, games, &lineup, Seed(seed), out.as_deref())
        }
    }
}

/// The default settings, with `given` (JSON) over them and `players`
/// seats through the game's own seats field.
fn settings_for(
    kind: &dyn GameKind,
    given: Option<&str>,
    players: Option<u8>,
) -> Result<serde_json::Value, Failure> {
    let mut settings = kind.sim_settings();
    if let Some(text) = given {
        let given: serde_json::Value = serde_json::from_str(text).map_err(|e| {
            Failure::bad_input(format!(
                "--settings {} is not JSON: {e}",
                crate::args::cut(text)
            ))
        })?;
        match (&mut settings, given) {
            (serde_json::Value::Object(defaults), serde_json::Value::Object(over)) => {
                defaults.extend(over);
            }
            (_, other) => settings = other,
        }
    }
    let Some(n) = players else {
        return Ok(settings);
    };
    let field = match kind.about().settings {
        stackyard_core::about::SettingsForm::Object { fields, .. } => fields
            .iter()
            .find(|f| matches!(f.kind, stackyard_core::about::FieldKind::Seats { .. })),
        stackyard_core::about::SettingsForm::Text { .. } => None,
    };
    // A game of a fixed seat count has no field: the range checked it.
    if let Some(f) = field {
        settings[f.key] = serde_json::Value::from(n);
    }
    Ok(settings)
}

/// The game's levels from a newcomer's first bot up (every level if it
/// names none).
fn default_bots(kind: &dyn GameKind) -> String {
    let levels = kind.bot_levels();
    let from = kind
        .about()
        .first_bot
        .and_then(|first| levels.iter().position(|l| l.name == first))
        .unwrap_or(0);
    levels[from..]
        .iter()
        .map(|l| l.name.as_str())
        .collect::<Vec<_>>()
        .join(",")
}

/// Wins and scores of one bot or one seat over finished games.
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
}

/// Running totals of a simulation: fixed size (bots, seats and the game's
/// own counts), whatever the number of games.
#[derive(Clone)]
struct Totals {
    games: u64,
    finished: u64,
    no_winner: u64,
    by_bot: Vec<Tally>,
    by_seat: Vec<Tally>,
    actions: u64,
    rejected: u64,
    ms: u64,
    events: BTreeMap<String, u64>,
}

impl Totals {
    fn new(bots: usize, seats: usize) -> Totals {
        Totals {
            games: 0,
            finished: 0,
            no_winner: 0,
            by_bot: vec![Tally::default(); bots],
            by_seat: vec![Tally::default(); seats],
            actions: 0,
            rejected: 0,
            ms: 0,
            events: BTreeMap::new(),
        }
    }

    /// Adds one game; `bot_of[s]` is the bot (its index among the distinct
    /// bots) in seat `s`.
    fn add(&mut self, r: &Simulated, bot_of: &[usize]) {
        self.games += 1;
        self.actions += r.actions as u64;
        self.rejected += r.rejected as u64;
        self.ms += r.end_ms;
        for (k, n) in &r.events {
            *self.events.entry(k.clone()).or_insert(0) += *n as u64;
        }
        let Some(o) = &r.outcome else {
            return;
        };
        self.finished += 1;
        self.no_winner += u64::from(o.winners.is_empty());
        for (s, &b) in bot_of.iter().enumerate() {
            let won = o.winners.iter().any(|w| w.index() == s);
            let score = o.scores.get(s).copied().unwrap_or(0);
            self.by_bot[b].add(won, score);
            self.by_seat[s].add(won, score);
        }
    }

    fn merge(mut self, other: Totals) -> Totals {
        self.games += other.games;
        self.finished += other.finished;
        self.no_winner += other.no_winner;
        for (a, b) in self.by_bot.iter_mut().zip(&other.by_bot) {
            a.merge(b);
        }
        for (a, b) in self.by_seat.iter_mut().zip(&other.by_seat) {
            a.merge(b);
        }
        self.actions += other.actions;
        self.rejected += other.rejected;
        self.ms += other.ms;
        for (k, v) in other.events {
            *self.events.entry(k).or_insert(0) += v;
        }
        self
    }
}

/// Games simulated at once (on every core) between merges of the totals.
const CHUNK: u64 = 4096;

/// Plays `games` bot games, seating rotated from game to game (game i
/// seats the lineup turned by i places, so every bot plays every seat),
/// and prints what they came to, by bot and by seat, with the game's own
/// counts ([`GameKind::tally`]). Totals are merged by sums, so the table is
/// the same however the games are spread over threads.
fn sim(
    kind: &dyn GameKind,
    settings: &serde_json::Value,
    games: u64,
    lineup: &[&str],
    seed: Seed,
    out: Option<&Path>,
) -> Result<(), Failure> {
    use rayon::prelude::*;
    let bar = ProgressBar::new(games);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} elapsed, ETA {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let n = lineup.len();
    let mut names: Vec<&str> = Vec::new();
    for b in lineup {
        if !names.contains(b) {
            names.push(b);
        }
    }
    let index_of: Vec<usize> = lineup
        .iter()
        .map(|b| names.iter().position(|x| x == b).unwrap_or(0))
        .collect();
    let started = std::time::Instant::now();
    let mut t = Totals::new(names.len(), n);
    let mut lo = 0u64;
    while lo < games {
        let hi = lo.saturating_add(CHUNK).min(games);
        let part = (lo..hi)
            .into_par_iter()
            .map(|i| -> Result<Totals, Failure> {
                let turn = (i % n.max(1) as u64) as usize;
                let seated: Vec<&str> = (0..n).map(|s| lineup[(s + turn) % n]).collect();
                let bot_of: Vec<usize> = (0..n).map(|s| index_of[(s + turn) % n]).collect();
                let r = kind
                    .simulate(settings, &seated, seed.child(i), MAX_ACTIONS)
                    .map_err(Failure::bad_input)?;
                if let Some(dir) = out {
                    let path = dir.join(format!("game-{i:05}.json"));
                    std::fs::write(&path, &r.record).map_err(|e| {
                        Failure::other(format!("cannot write {}: {e}", path.display()))
                    })?;
                }
                let mut one = Totals::new(names.len(), n);
                one.add(&r, &bot_of);
                bar.inc(1);
                Ok(one)
            })
            .try_reduce(|| Totals::new(names.len(), n), |a, b| Ok(a.merge(b)))?;
        t = t.merge(part);
        lo = hi;
    }
    bar.finish_and_clear();
    let wall = started.elapsed().as_secs_f64();
    let g = t.games.max(1) as f64;
    outln!(
        "{}: {} game{}, {n} seat{}, bots {}{}",
        kind.title(),
        t.games,
        if t.games == 1 { "" } else { "s" },
        if n == 1 { "" } else { "s" },
        lineup.join(","),
        if n > 1 { " (seating rotates)" } else { "" }
    )?;
    outln!("settings: {}", settings_words(kind, settings))?;
    outln!()?;
    let (measure, sign) = score_words(kind);
    let mean = format!("mean {measure}");
    let width = mean.len().max(11);
    let row = |name: &str, tally: &Tally| {
        let games = tally.games.max(1) as f64;
        format!(
            "{name:<18} {:>6} {:>6} {:>6.1}% {:>width$.2}",
            tally.games,
            tally.wins,
            100.0 * tally.wins as f64 / games,
            // `+ 0.0`: no "-0.00" for nothing left.
            sign * tally.score as f64 / games + 0.0
        )
    };
    if n > 1 {
        outln!(
            "{:<18} {:>6} {:>6} {:>7} {mean:>width$}",
            "bot",
            "seats",
            "wins",
            "win%"
        )?;
        for (name, tally) in names.iter().zip(&t.by_bot) {
            outln!("{}", row(name, tally))?;
        }
        outln!()?;
    }
    outln!(
        "{:<18} {:>6} {:>6} {:>7} {mean:>width$}",
        "seat",
        "games",
        "wins",
        "win%"
    )?;
    for (s, tally) in t.by_seat.iter().enumerate() {
        let name = if n == 1 {
            format!("{s} ({})", lineup[0])
        } else {
            s.to_string()
        };
        outln!("{}", row(&name, tally))?;
    }
    outln!()?;
    outln!(
        "average game: {:.1} actions, {:.1} refused (lost races), {:.1} simulated seconds",
        t.actions as f64 / g,
        t.rejected as f64 / g,
        t.ms as f64 / 1000.0 / g
    )?;
    if !t.events.is_empty() {
        let per: Vec<String> = t
            .events
            .iter()
            .map(|(k, v)| format!("{k} {:.2}", *v as f64 / g))
            .collect();
        outln!("per game: {}", per.join(", "))?;
    }
    if n > 1 && t.no_winner > 0 {
        outln!("finished with no seat winning: {}", t.no_winner)?;
    }
    outln!("unfinished: {}", t.games - t.finished)?;
    outln!("wall time: {wall:.2} s ({:.0} games/s)", g / wall.max(1e-9))?;
    if let Some(dir) = out {
        outln!("records: {}/game-*.json", dir.display())?;
    }
    if n > 1 {
        outln!(
            "(games, wins and means count finished games; a shared win counts for every winner)"
        )?;
    }
    Ok(())
}

/// The settings of a run for its header: the whole JSON when short, else
/// only the keys that differ from the game's defaults (Speedy Towers'
/// physics table is pages long).
fn settings_words(kind: &dyn GameKind, settings: &serde_json::Value) -> String {
    let whole = settings.to_string();
    if whole.chars().count() <= 160 {
        return whole;
    }
    let defaults = kind.default_settings();
    match (settings, &defaults) {
        (serde_json::Value::Object(given), serde_json::Value::Object(usual)) => {
            let changed: serde_json::Map<String, serde_json::Value> = given
                .iter()
                .filter(|(k, v)| usual.get(*k) != Some(*v))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            let changed = serde_json::Value::Object(changed).to_string();
            format!(
                "{} (the rest: the defaults)",
                crate::args::cut_words(&changed)
            )
        }
        _ => crate::args::cut_words(&whole),
    }
}

/// What a game's scores count, for a column or a line ("points",
/// "pieces left"), and the sign that turns a score into it (a score that is
/// minus what is left is shown as what is left).
fn score_words(kind: &dyn GameKind) -> (String, f64) {
    let score = kind.about().score;
    if score.left {
        (format!("{}s left", score.unit), -1.0)
    } else {
        (format!("{}s", score.unit), 1.0)
    }
}

/// "a Towers", "an IceTowers": the game's title after its article.
fn a_record_of(kind: &dyn GameKind) -> String {
    let title = kind.title();
    let vowel = title
        .chars()
        .next()
        .is_some_and(|c| "AEIOUaeiou".contains(c));
    format!("{} {title}", if vowel { "an" } else { "a" })
}

/// Steps the record through the game's rules (the check every replay
/// makes first: this game, an engine this build replays), counting what
/// happened in the game's own words ([`GameKind::tally`]), then prints the
/// table as a spectator sees it at the end and the result.
fn replay(kind: &dyn GameKind, file: &Path) -> Result<(), Failure> {
    let text = read_text(file)?;
    let name = display(file);
    if text.trim().is_empty() {
        return Err(Failure::bad_input(format!(
            "{name} is empty: {} record (JSON) was expected",
            a_record_of(kind)
        )));
    }
    let record: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        Failure::bad_input(format!("{name} is not {} record: {e}", a_record_of(kind)))
    })?;
    let erased = stackyard_core::ErasedRecord::parse(&record).map_err(|e| {
        Failure::bad_input(format!("{name} is not {} record: {e}", a_record_of(kind)))
    })?;
    let refused = |e: stackyard_core::host::RecordError| {
        Failure::bad_input(format!("{name} does not replay: {e}"))
    };
    let mut stepper = RecordStepper::start(kind, &erased).map_err(refused)?;
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    let mut count = |step: &HostStep| {
        for e in step.for_viewer(Viewer::Spectator) {
            for (words, n) in kind.tally(e) {
                *counts.entry(words).or_insert(0) += n;
            }
        }
    };
    while let Some(stepped) = stepper.next() {
        count(&stepped.map_err(refused)?.step);
    }
    for step in stepper.close().map_err(refused)? {
        count(&step);
    }
    let table = stepper.into_game();
    outln!(
        "{}, {} seats, seed {}, {} actions",
        kind.title(),
        table.seat_count(),
        erased.seed,
        erased.actions.len()
    )?;
    let view = table.view(Viewer::Spectator);
    let pretty = serde_json::to_string_pretty(&view).map_err(Failure::other)?;
    outln!("the table as a spectator sees it:")?;
    outln!("{pretty}")?;
    if let Some(words) = kind.describe(&view) {
        outln!("in words:")?;
        outln!("{}", words.trim_end())?;
    }
    if !counts.is_empty() {
        let all: Vec<String> = counts.iter().map(|(k, n)| format!("{k} {n}")).collect();
        outln!("in this game: {}", all.join(", "))?;
    }
    let (measure, sign) = score_words(kind);
    match table.outcome() {
        Some(o) => outln!(
            "result: winners {:?}, {measure} by seat {:?}",
            o.winners.iter().map(|s| s.0).collect::<Vec<_>>(),
            o.scores.iter().map(|s| sign as i64 * s).collect::<Vec<_>>()
        ),
        None => outln!("not over"),
    }
}
