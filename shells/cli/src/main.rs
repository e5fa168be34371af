//! `stackyard`: one binary whose subcommands are thin shells over the
//! rules, AI and physics crates.
//!
//! Each game has its own module with its own clap subcommand enum and a
//! `run` function; this file only dispatches. The exit status is decided in
//! one place, [`Failure`]: 0 for success, 2 for bad input (a malformed
//! move, an invalid scenario), 1 for anything else.

mod babel;
mod failure;
mod icetowers;
mod physics;
mod tournament;
mod towers;
mod towers_ai;

use clap::{Parser, Subcommand};
use failure::Failure;
use std::process::ExitCode;

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
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Towers { command } => towers::run(command),
        Command::Babel { command } => babel::run(command),
        Command::Icetowers { command } => icetowers::run(command),
        Command::Physics { command } => physics::run(command),
        Command::Tournament { command } => tournament::run(command),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}
