//! A storage failure, as text, and as a player reads it.

use crate::protocol::{ApiError, ErrorKind};

/// A storage failure, as text (it is logged and reported, never matched).
#[derive(Debug, Clone, thiserror::Error)]
#[error("storage: {0}")]
pub struct StoreError(pub String);

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        StoreError(e.to_string())
    }
}

impl StoreError {
    /// The failure as a player reads it; the details go to the log only,
    /// under `area` (the part of the server that met it).
    pub fn to_player(&self, area: &str) -> ApiError {
        tracing::warn!(error = %self, "{area}: storage");
        ApiError::new(
            ErrorKind::Storage,
            "the server could not reach its storage; try again",
        )
    }
}
