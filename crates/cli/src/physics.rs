//! `stackyard physics …`: The physics table: run scenarios.

use crate::failure::Failure;
use clap::Subcommand;

/// The `physics` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {}

/// Runs one `physics` subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {}
}
