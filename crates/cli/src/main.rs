//! `stackyard`: one binary whose subcommands are thin shells over the
//! rules, AI and physics crates.
//!
//! Each game has its own module with its own clap subcommand enum and a
//! `run` function; this file only dispatches. The exit status is decided in
//! one place, [`Failure`]: 0 for success, 2 for bad input (a malformed
//! move, an invalid scenario), 1 for anything else.

mod failure;

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
enum Command {}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {}
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}
