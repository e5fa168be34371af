//! `stackyard towers …`: Towers (Dale Emery): perft, replay, play, solve.

use crate::failure::Failure;
use clap::Subcommand;

/// The `towers` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {}

/// Runs one `towers` subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {}
}
