//! `stackyard towers solve` and the other AI-backed Towers commands,
//! kept apart from the rules commands in `towers.rs`.

use crate::failure::Failure;
use clap::Subcommand;

/// The AI-backed `towers` subcommands, flattened into `towers::Command`.
#[derive(Debug, Subcommand)]
pub enum Command {}

/// Runs one AI-backed `towers` subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {}
}
