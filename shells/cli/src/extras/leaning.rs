//! `stackyard leaning judge`: Leaning Towers' own command, the judge of one
//! placement on a settled structure. (`rules`, `sim` and `replay` are every
//! game's, `games.rs`; what a bot game counts is the game's own
//! `Listed::tally`.)

use crate::failure::Failure;
use crate::io::{display, read_text};
use crate::outln;
use clap::Subcommand;
use stackyard_leaning::scenario::{JudgeScenario, judge};
use std::path::PathBuf;

/// The `leaning` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Judge one placement on a settled structure (JSON; `-` reads standard
    /// input) and print the verdict as JSON.
    Judge {
        /// The scenario file.
        file: PathBuf,
    },
}

/// Runs one `leaning` subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Judge { file } => {
            let text = read_text(&file)?;
            let name = display(&file);
            let scenario: JudgeScenario = serde_json::from_str(&text).map_err(|e| {
                Failure::bad_input(format!(
                    "{name} is not a Leaning Towers judge scenario: {e}"
                ))
            })?;
            let report =
                judge(&scenario).map_err(|e| Failure::bad_input(format!("{name}: {e}")))?;
            outln!(
                "{}",
                serde_json::to_string_pretty(&report).map_err(Failure::other)?
            )
        }
    }
}
