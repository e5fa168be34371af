//! How a subcommand fails: a message for standard error and an exit status.

use std::fmt::Display;
use std::process::ExitCode;

/// A failed subcommand. Bad input (the user's fault, fixable by the user)
/// exits with 2; anything else with 1.
#[derive(Debug)]
pub struct Failure {
    status: u8,
    message: String,
}

impl Failure {
    /// Input the user gave was malformed or breaks a rule: exit status 2.
    pub fn bad_input(message: impl Display) -> Self {
        Failure {
            status: 2,
            message: message.to_string(),
        }
    }

    /// Something went wrong that is not the input's fault: exit status 1.
    pub fn other(message: impl Display) -> Self {
        Failure {
            status: 1,
            message: message.to_string(),
        }
    }

    /// Prints the message to standard error and gives the exit status.
    pub fn report(self) -> ExitCode {
        eprintln!("stackyard: {}", self.message);
        ExitCode::from(self.status)
    }
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Self {
        Failure::other(format!("{e:#}"))
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Self {
        Failure::other(e)
    }
}
