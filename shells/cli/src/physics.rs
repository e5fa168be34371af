//! `stackyard physics …`: the physics table: run scenarios.

use crate::failure::Failure;
use crate::io::read_text;
use crate::outln;
use clap::Subcommand;
use stackyard_physics::scenario::{self, Scenario};
use std::path::PathBuf;

/// The `physics` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Runs a scenario (JSON) until every piece rests or the time cap, and
    /// prints the report as JSON.
    Run {
        /// The scenario file (`-` reads standard input).
        scenario: PathBuf,
    },
}

/// Runs one `physics` subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Run { scenario } => {
            let text = read_text(&scenario)?;
            let parsed = Scenario::from_json(&text).map_err(Failure::bad_input)?;
            let report = scenario::run(&parsed).map_err(Failure::bad_input)?;
            let json = serde_json::to_string_pretty(&report)
                .map_err(|e| Failure::other(format!("cannot write the report: {e}")))?;
            outln!("{json}")
        }
    }
}
