//! `stackyard physics …`: the physics table: run scenarios.

use crate::failure::Failure;
use crate::io::{display, read_text};
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
            // Every refusal names the file (or standard input).
            let text = read_text(&scenario)?;
            let name = display(&scenario);
            if text.trim().is_empty() {
                return Err(Failure::bad_input(format!(
                    "{name} is empty: a physics scenario (JSON) was expected"
                )));
            }
            let parsed = Scenario::from_json(&text).map_err(|e| {
                Failure::bad_input(format!("{name} is not a physics scenario: {e}"))
            })?;
            let report =
                scenario::run(&parsed).map_err(|e| Failure::bad_input(format!("{name}: {e}")))?;
            let json = serde_json::to_string_pretty(&report)
                .map_err(|e| Failure::other(format!("cannot write the report: {e}")))?;
            outln!("{json}")
        }
    }
}
