//! `stackyard`: one binary whose subcommands are thin shells over the
//! rules, AI and physics crates.
//!
//! Every registered game has a subcommand built from the registry
//! (`games.rs`: `rules`, `replay`, `sim`), plus its own commands where it
//! has some (`extras.rs`); this file only dispatches. The exit status is decided in
//! one place, [`Failure`]: 0 for success (and for a reader that closed
//! standard output early), 2 for bad input (a malformed move, an invalid
//! scenario, an option out of range), 1 for anything else. Options are
//! parsed into their types by clap, ranges included (`args.rs`).

mod args;
mod export;
mod extras;
mod failure;
mod games;
mod io;
mod physics;
mod serve;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use failure::Failure;
use std::process::ExitCode;

// The server allocates and frees a small buffer per message per
// connection; glibc's malloc spent about 13 % of its time there under
// load (docs/benchmarks.md), mimalloc a fraction of that.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Stackyard: tower-stacking tabletop games, played, studied and solved.
#[derive(Debug, Parser)]
#[command(name = "stackyard", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// The physics table shared by the dexterity games.
    Physics {
        #[command(subcommand)]
        command: physics::Command,
    },
    /// Round-robin tournaments between AI players.
    Tournament {
        #[command(subcommand)]
        command: extras::TournamentCommand,
    },
    /// The game server: every game online (HTTP + WebSocket).
    Serve(serve::Serve),
    /// Real WebSocket clients playing every game against running servers.
    Loadtest(serve::Loadtest),
    /// The finished public games of a server's database, one JSON record
    /// a line (NDJSON), oldest first.
    ///
    /// Each line has the table's id, game, rated, created_at and
    /// finished_at (Unix ms), seats, outcome, ending, and its record
    /// (seed, settings and actions: `stackyard GAME replay` replays it).
    /// Streams in constant memory; safe beside a running server. Today's
    /// daily deals stay out, as on the server's own pages.
    Export(export::Export),
    /// Play full-screen in this terminal: pick a game, then play it here,
    /// or online at a server's lobby.
    ///
    /// Start it with `stackyard play` (and `--seed N` for the same deals
    /// and bot choices every time). Here: Towers against a built-in bot,
    /// Tower of Babel alone and IceTowers in real time against two bots.
    /// Online (`--server http://host:port`, a running `stackyard serve`):
    /// the lobby's open tables and those being played, a new Towers table
    /// against the server's bot or a person or a Tower of Babel deal,
    /// quick pairing once signed in (s), Towers and Babel seats on the same
    /// screens as here, and any table of any game watched in words (Speedy Towers' and Leaning Towers' seats need
    /// aim: take those in the browser). Ctrl-C quits anywhere, and the
    /// terminal is restored however it ends. Needs a terminal: through a
    /// pipe use `stackyard towers play` or `stackyard babel play`.
    Play {
        /// Seed of the deals and the bots' choices (local games).
        #[arg(long, default_value_t = 0, value_parser = args::seed())]
        seed: u64,
        /// Play online at this server (`http://host:port`).
        #[arg(long, value_name = "URL")]
        server: Option<String>,
        /// Online, the name a guest plays under (an account plays under
        /// its own once signed in).
        #[arg(long, default_value = "Guest", value_parser = args::name())]
        name: String,
    },
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Physics { command } => physics::run(command),
        Command::Tournament { command } => extras::tournament(command),
        Command::Serve(args) => serve::serve(args),
        Command::Loadtest(args) => serve::loadtest(args),
        Command::Export(args) => export::export(args),
        Command::Play { seed, server, name } => {
            stackyard_tui::run(stackyard_tui::Options { seed, server, name }).map_err(|e| match e {
                stackyard_tui::Error::NotATerminal | stackyard_tui::Error::Online(_) => {
                    Failure::bad_input(e)
                }
                stackyard_tui::Error::Io(_) => Failure::other(e),
            })
        }
    }
}

/// Reports a command line clap could not parse (exit 2, the message cut
/// where it quotes long input), or prints the help or version it asked for
/// (exit 0, even if standard output is closed).
fn clap_exit(e: clap::Error) -> ExitCode {
    use std::io::Write;
    if e.use_stderr() {
        // "stackyard: …" like every other error message.
        let rendered = e.render().to_string();
        let text = args::cut_words(
            rendered
                .strip_prefix("error: ")
                .map_or(&rendered, |rest| rest),
        );
        let _ = write!(std::io::stderr().lock(), "stackyard: ");
        let _ = write!(std::io::stderr().lock(), "{text}");
        ExitCode::from(2)
    } else {
        let _ = write!(std::io::stdout().lock(), "{}", e.render());
        ExitCode::SUCCESS
    }
}

/// Every option's value may start with `-` when it is a number: `--games
/// -1` is a value for `--games`, refused by that option's parser with a
/// message naming it (`args::whole`), not an unknown flag `-1` that names
/// nothing. Applied once to every command, so no option needs it spelled.
fn negative_numbers_are_values(command: clap::Command) -> clap::Command {
    command
        .mut_args(|a| {
            if a.get_action().takes_values() {
                a.allow_negative_numbers(true)
            } else {
                a
            }
        })
        .mut_subcommands(negative_numbers_are_values)
}

fn main() -> ExitCode {
    let registry = stackyard_registry::registry();
    // Every registered game first, in the registry's order, then the rest.
    let mut command = Cli::command();
    for kind in registry.kinds() {
        command = command.subcommand(games::command(kind));
    }
    let command = negative_numbers_are_values(command);
    let matches = match command.try_get_matches() {
        Ok(m) => m,
        Err(e) => return clap_exit(e),
    };
    let result = match matches.subcommand() {
        Some((name, sub)) if registry.get(name).is_some() => {
            games::run(registry.get(name).expect("checked"), sub)
        }
        _ => match Cli::from_arg_matches(&matches) {
            Ok(cli) => run(cli),
            Err(e) => return clap_exit(e),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}
