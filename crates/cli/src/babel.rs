//! `stackyard babel …`: Tower of Babel: solve, play.

use crate::failure::Failure;
use clap::Subcommand;

/// The `babel` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {}

/// Runs one `babel` subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {}
}
