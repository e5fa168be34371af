//! Tower of Babel's option values, parsed once by clap: Strict policies
//! and the exact search's time limit.

use crate::args::{cut_words, seconds};
use stackyard_babel::strict::Policy;
use std::time::Duration;

/// Parses a Babel Strict policy (`hybrid:16:7`, …).
pub fn policy(text: &str) -> Result<Policy, String> {
    text.trim().parse().map_err(|e: String| cut_words(&e))
}

/// Parses `babel exact-reach --limit`: (0, 600] seconds.
pub fn reach_limit(text: &str) -> Result<Duration, String> {
    seconds(text, 600.0)
}
