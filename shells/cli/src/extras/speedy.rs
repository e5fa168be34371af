//! `stackyard speedy matches`: Speedy Towers' own command, the matching
//! rules as a JSON-lines filter. (`rules`, `sim` and `replay` are every
//! game's, `games.rs`; what a bot game counts, pieces left and how each game
//! ended, is the game's own `Listed::tally` and score words.)

use crate::failure::Failure;
use crate::io::{Line, stdin_lines};
use crate::outln;
use clap::Subcommand;
use stackyard_speedy::matching::MatchQuery;

/// The `speedy` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Read JSON lines `{"placed": P, "top": T}` (with a coin top,
    /// optionally `"underneath": {"suit", "value"}`, the nearest tile below
    /// it) and answer each with
    /// `{"legal": bool, "effective": {"suit", "value"} | null}` (P7, P8).
    Matches,
}

/// Runs one `speedy` subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Matches => matches(),
    }
}

/// One answer per input line, in order; a malformed line is bad input
/// (exit 2) after the answers before it were written.
fn matches() -> Result<(), Failure> {
    let mut lines = stdin_lines();
    let mut n = 0usize;
    while let Some(line) = lines.next_line()? {
        n += 1;
        let text = match line {
            Line::Text(t) => t,
            Line::NotUtf8 => return Err(Failure::bad_input(format!("line {n}: not UTF-8 text"))),
            Line::TooLong => return Err(Failure::bad_input(format!("line {n}: far too long"))),
        };
        if text.trim().is_empty() {
            continue;
        }
        let query: MatchQuery = serde_json::from_str(&text).map_err(|e| {
            Failure::bad_input(format!(
                "line {n}: not a {{\"placed\", \"top\"}} query: {e}"
            ))
        })?;
        let answer = serde_json::to_string(&query.answer()).map_err(Failure::other)?;
        outln!("{answer}")?;
    }
    Ok(())
}
