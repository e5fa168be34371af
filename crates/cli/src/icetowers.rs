//! `stackyard icetowers …`: IceTowers: simulate bot games, replay records.

use crate::failure::Failure;
use clap::Subcommand;

/// The `icetowers` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {}

/// Runs one `icetowers` subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {}
}
