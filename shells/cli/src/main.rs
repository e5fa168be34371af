//! `stackyard`: one binary whose subcommands are thin shells over the
//! rules, AI and physics crates.
//!
//! Each game has its own module with its own clap subcommand enum and a
//! `run` function; this file only dispatches. The exit status is decided in
//! one place, [`Failure`]: 0 for success (and for a reader that closed
//! standard output early), 2 for bad input (a malformed move, an invalid
//! scenario, an option out of range), 1 for anything else. Options are
//! parsed into their types by clap, ranges included (`args.rs`).

mod args;
mod babel;
mod failure;
mod icetowers;
mod io;
mod leaning;
mod physics;
mod serve;
mod speedy;
mod tournament;
mod towers;
mod towers_ai;

use clap::{Parser, Subcommand};
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
    /// Towers (Dale Emery): two-player abstract game on a square grid.
    Towers {
        #[command(subcommand)]
        command: towers::Command,
    },
    /// Tower of Babel (Mark A. Biggar): piecepack solitaire.
    Babel {
        #[command(subcommand)]
        command: babel::Command,
    },
    /// IceTowers (Andrew Looney): real-time Looney Pyramids game.
    Icetowers {
        #[command(subcommand)]
        command: icetowers::Command,
    },
    /// Speedy Towers (Jessica Eccles): real-time piecepack stacking on the
    /// physics table.
    Speedy {
        #[command(subcommand)]
        command: speedy::Command,
    },
    /// Leaning Towers (Geoffrey Globus): 3-D Looney Pyramids dexterity,
    /// refereed by physics.
    Leaning {
        #[command(subcommand)]
        command: leaning::Command,
    },
    /// The physics table shared by the dexterity games.
    Physics {
        #[command(subcommand)]
        command: physics::Command,
    },
    /// Round-robin tournaments between AI players.
    Tournament {
        #[command(subcommand)]
        command: tournament::Command,
    },
    /// The game server: every game online (HTTP + WebSocket).
    Serve(serve::Serve),
    /// Real WebSocket clients playing every game against a running server.
    Loadtest(stackyard_server::loadtest::Options),
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Towers { command } => towers::run(command),
        Command::Babel { command } => babel::run(command),
        Command::Icetowers { command } => icetowers::run(command),
        Command::Speedy { command } => speedy::run(command),
        Command::Leaning { command } => leaning::run(command),
        Command::Physics { command } => physics::run(command),
        Command::Tournament { command } => tournament::run(command),
        Command::Serve(args) => serve::serve(args),
        Command::Loadtest(args) => serve::loadtest(args),
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

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(e),
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}
