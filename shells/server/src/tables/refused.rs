//! A refused request: why (in the protocol's error kinds), and the
//! timers that fired before it all the same.

use super::applied::Applied;
use crate::protocol::{ApiError, ErrorKind};
use stackyard_core::host::HostErrorKind;

/// A refused request: why, and the timers that fired before it all the
/// same (to be committed like any step).
#[derive(Debug)]
pub struct Refused {
    /// Why. Nothing changed because of the request.
    pub error: ApiError,
    /// Timers due by the request's arrival, which fired (boxed: rarely any).
    pub timers: Option<Box<Applied>>,
}

impl From<ApiError> for Refused {
    fn from(error: ApiError) -> Self {
        Refused {
            error,
            timers: None,
        }
    }
}

/// The protocol's kind of a hosted game's refusal.
pub(super) fn error_kind(kind: HostErrorKind) -> ErrorKind {
    match kind {
        HostErrorKind::Malformed => ErrorKind::Malformed,
        HostErrorKind::NoSuchSeat => ErrorKind::NoSuchSeat,
        HostErrorKind::Over => ErrorKind::Over,
        HostErrorKind::Rule => ErrorKind::Rule,
    }
}
