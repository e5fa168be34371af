//! `stackyard <game> …` for every game in the registry: `rules`, `replay`
//! and `sim` built from what the game declares about itself
//! ([`stackyard_core::About`]) and run through the type-erased host
//! contract, so no game needs a module here to get them: what a game's
//! bot games and replays count, and what its scores measure, are its own
//! words (`Listed::tally`, `About::score`). A game's own extra commands
//! (a placement's judge, a matching filter, Towers' analysis, Tower of
//! Babel's solver) are registered in `extras.rs`; an extra of the same name
//! as a common command replaces it for that game, where `extras.rs` lists
//! it.

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
    /// the end, and the result.
    Replay {
        /// The record file (`-` reads standard input).
        file: PathBuf,
    },
    /// Play bot-only games and tabulate them.
    Sim {
        /// Seats at the table (the game's range; default: its default
        /// settings' seats).
        #[arg(long)]
        players: Option<u8>,
        /// Number of games, 1..=100000.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=100_000))]
        games: u64,
        /// Bot levels, comma separated, repeated to fill the seats
        /// (default: the game's levels from a newcomer's first bot up).
        #[arg(long)]
        bots: Option<String>,
        /// Seed of the whole run; game i uses its child seed i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The table's settings as JSON, over the game's defaults (an
        /// object's keys replace the defaults' one by one; `--players`
        /// then sets the seats).
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
    let overridden: Vec<String> = extra
        .map(|e| {
            (e.augment)(clap::Command::new("x"))
                .get_subcommands()
                .map(|c| c.get_name().to_string())
                .collect()
        })
        .unwrap_or_default();
    for common in Common::augment_subcommands(clap::Command::new("x")).get_subcommands() {
        if overridden.iter().any(|n| n == common.get_name()) {
            continue;
        }
        let mut common = common.clone();
        if common.get_name() == "sim" {
            let (min, max) = (about.seats.min, about.seats.max);
            common = common.mut_arg("players", |a| {
                a.value_parser(clap::value_parser!(u8).range(i64::from(min)..=i64::from(max)))
                    .help(format!(
                        "Seats at the table, {min}..={max} (default: the game's default)"
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
                    .map_err(Failure::bad_input)?;
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
    let mut settings = kind.default_settings();
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

/// Running totals of a simulation: memory stays constant however many
/// games.
#[derive(Default)]
struct Totals {
    games: u64,
    finished: u64,
    wins: Vec<u64>,
    scores: Vec<f64>,
    actions: u64,
    rejected: u64,
    ms: u64,
    events: BTreeMap<String, u64>,
}

impl Totals {
    fn add(&mut self, r: &Simulated, seats: usize) {
        self.wins.resize(seats, 0);
        self.scores.resize(seats, 0.0);
        self.games += 1;
        self.actions += r.actions as u64;
        self.rejected += r.rejected as u64;
        self.ms += r.end_ms;
        for (k, n) in &r.events {
            *self.events.entry(k.clone()).or_insert(0) += *n as u64;
        }
        if let Some(o) = &r.outcome {
            self.finished += 1;
            for w in &o.winners {
                if let Some(x) = self.wins.get_mut(w.index()) {
                    *x += 1;
                }
            }
            for (s, score) in o.scores.iter().enumerate().take(seats) {
                self.scores[s] += *score as f64;
            }
        }
    }
}

fn sim(
    kind: &dyn GameKind,
    settings: &serde_json::Value,
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
    let mut t = Totals::default();
    for i in 0..games {
        let r = kind
            .simulate(settings, lineup, seed.child(i), MAX_ACTIONS)
            .map_err(Failure::bad_input)?;
        if let Some(dir) = out {
            let path = dir.join(format!("game-{i:05}.json"));
            let text = serde_json::to_string(&r.record).map_err(Failure::other)?;
            std::fs::write(&path, text)
                .map_err(|e| Failure::other(format!("cannot write {}: {e}", path.display())))?;
        }
        t.add(&r, n);
        bar.inc(1);
    }
    bar.finish_and_clear();
    let g = t.games.max(1) as f64;
    outln!(
        "{}: {} game{}, {n} seats, bots {}",
        kind.title(),
        t.games,
        if t.games == 1 { "" } else { "s" },
        lineup.join(",")
    )?;
    outln!()?;
    let (measure, sign) = score_words(kind);
    let width = measure.len().max(11);
    outln!(
        "{:<6} {:<18} {:>6} {:>7} {:>width$}",
        "seat",
        "bot",
        "wins",
        "win%",
        format!("mean {measure}")
    )?;
    for (s, bot) in lineup.iter().enumerate() {
        let wins = t.wins.get(s).copied().unwrap_or(0);
        outln!(
            "{:<6} {:<18} {:>6} {:>6.1}% {:>width$.2}",
            s,
            bot,
            wins,
            100.0 * wins as f64 / g,
            sign * t.scores.get(s).copied().unwrap_or(0.0) / (t.finished.max(1) as f64)
        )?;
    }
    outln!()?;
    outln!(
        "average game: {:.1} actions, {:.1} refused, {:.1} simulated seconds",
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
    outln!("unfinished: {}", t.games - t.finished)
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

/// Steps the record through the game's rules (the check every replay
/// makes first: this game, an engine this build replays), counting what
/// happened in the game's own words ([`GameKind::tally`]), then prints the
/// table as a spectator sees it at the end and the result.
fn replay(kind: &dyn GameKind, file: &Path) -> Result<(), Failure> {
    let text = read_text(file)?;
    let name = display(file);
    if text.trim().is_empty() {
        return Err(Failure::bad_input(format!(
            "{name} is empty: a {} record (JSON) was expected",
            kind.title()
        )));
    }
    let record: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| Failure::bad_input(format!("{name} is not a {} record: {e}", kind.title())))?;
    let erased = stackyard_core::ErasedRecord::parse(&record)
        .map_err(|e| Failure::bad_input(format!("{name} is not a {} record: {e}", kind.title())))?;
    let refused = |e: stackyard_core::host::RecordError| {
        Failure::bad_input(format!("{name} does not replay: {e}"))
    };
    let mut stepper = RecordStepper::start(kind, &erased).map_err(refused)?;
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    let mut count = |step: &HostStep| {
        for e in step.for_viewer(Viewer::Spectator) {
            if let Some((words, n)) = kind.tally(e) {
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
    let view =
        serde_json::to_string_pretty(&table.view(Viewer::Spectator)).map_err(Failure::other)?;
    outln!("the table as a spectator sees it:")?;
    outln!("{view}")?;
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
