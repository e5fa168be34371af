//! `stackyard tournament …`: Tournaments between AI players.

use crate::failure::Failure;
use clap::Subcommand;

/// The `tournament` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {}

/// Runs one `tournament` subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {}
}
