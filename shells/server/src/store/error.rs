//! A storage failure, by kind, and as a player reads it.

use crate::protocol::{ApiError, ErrorKind};

/// A storage failure. Its kind is matched (a table whose lease moved
/// leaves, any other failure halts it); its text is only logged and
/// reported, never matched.
#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    /// The database refused a write under a lease another node holds now
    /// (issue #28, `leases.rs`): the table is served elsewhere.
    #[error("storage: table {table} is served by another node now")]
    Moved {
        /// The table that moved.
        table: String,
    },
    /// An earlier commit of the table's line failed, so this one was not
    /// written (`writer.rs`: a record never has a hole).
    #[error("storage: an earlier step of this table could not be stored")]
    EarlierFailed,
    /// The writer task is gone (the server is stopping).
    #[error("storage: the writer has stopped")]
    WriterGone,
    /// Any other failure: the database's, or data that does not read.
    #[error("storage: {0}")]
    Failed(String),
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        StoreError::Failed(e.to_string())
    }
}

impl StoreError {
    /// Whether the table moved to another node (its task leaves instead
    /// of halting).
    pub fn is_moved(&self) -> bool {
        matches!(self, StoreError::Moved { .. })
    }

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

#[cfg(test)]
mod tests {
    use super::StoreError;

    #[test]
    fn a_table_moved_is_known_by_its_kind_not_its_words() {
        // Any failure may quote a database's words; only the fence's
        // refusal (`node.rs`) makes a table leave (issue #43).
        let quoted = StoreError::Failed("table t is served by another node now".into());
        assert!(!quoted.is_moved());
        assert!(!StoreError::EarlierFailed.is_moved());
        assert!(!StoreError::WriterGone.is_moved());
        let moved = StoreError::Moved { table: "t".into() };
        assert!(moved.is_moved());
        assert!(moved.to_string().contains("table t"), "{moved}");
    }
}
