//! `stackyard towers …`: Towers (Dale Emery): perft, replay, play.
//! The AI-backed commands (`solve`) live in `towers_ai.rs`.

use crate::failure::Failure;
use crate::towers_ai;
use clap::Subcommand;

/// The `towers` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Commands backed by the AI crate.
    #[command(flatten)]
    Ai(towers_ai::Command),
}

/// Runs one `towers` subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Ai(command) => towers_ai::run(command),
    }
}
