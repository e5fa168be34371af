//! How a subcommand ends: a message for standard error and an exit status,
//! decided here and nowhere else.
//!
//! - 0: success, and also a closed standard output (`stackyard … | head -1`):
//!   the reader has what it wanted. Every write to standard output goes
//!   through [`crate::io::out`] or the `outln!` macro, whose errors become a
//!   [`Failure`]; a broken pipe becomes [`Failure::closed`] and is reported
//!   here as a normal end. (Resetting SIGPIPE would need `unsafe`.)
//! - 2: bad input (the user's fault, fixable by the user), with a message.
//! - 1: anything else, with a message.

use crate::args::cut_words;
use std::fmt::Display;
use std::io::ErrorKind;
use std::process::ExitCode;

/// A failed (or cut short) subcommand.
#[derive(Debug)]
pub struct Failure {
    kind: Kind,
    message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    BadInput,
    Other,
    Closed,
}

impl Failure {
    /// Input the user gave was malformed or breaks a rule: exit status 2.
    pub fn bad_input(message: impl Display) -> Self {
        Failure {
            kind: Kind::BadInput,
            message: message.to_string(),
        }
    }

    /// Something went wrong that is not the input's fault: exit status 1.
    pub fn other(message: impl Display) -> Self {
        Failure {
            kind: Kind::Other,
            message: message.to_string(),
        }
    }

    /// Standard output was closed by its reader: a normal end, status 0.
    pub fn closed() -> Self {
        Failure {
            kind: Kind::Closed,
            message: String::new(),
        }
    }

    /// Prints the message to standard error and gives the exit status.
    /// Messages are cut where they quote long input.
    pub fn report(self) -> ExitCode {
        use std::io::Write;
        match self.kind {
            Kind::Closed => ExitCode::SUCCESS,
            Kind::BadInput | Kind::Other => {
                // Standard error may be closed too: nothing left to tell.
                let _ = writeln!(
                    std::io::stderr().lock(),
                    "stackyard: {}",
                    cut_words(&self.message)
                );
                ExitCode::from(if self.kind == Kind::BadInput { 2 } else { 1 })
            }
        }
    }
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Self {
        Failure::other(format!("{e:#}"))
    }
}

impl From<std::io::Error> for Failure {
    /// Writing to a closed pipe is the reader's choice; unreadable text is
    /// bad input; anything else is a failure.
    fn from(e: std::io::Error) -> Self {
        match e.kind() {
            ErrorKind::BrokenPipe => Failure::closed(),
            ErrorKind::InvalidData => {
                Failure::bad_input(format!("the input is not UTF-8 text: {e}"))
            }
            _ => Failure::other(e),
        }
    }
}
