//! The two ways a game says no: bad settings, and a rule broken.

use thiserror::Error;

/// A rejected action, naming the rule it would break.
///
/// Implementations are each game's own error enum (thiserror). The contract
/// every game keeps, and its property tests check: **an action rejected with
/// a `RuleError` leaves the game exactly as it was.**
pub trait RuleError: std::error::Error + Send + Sync + 'static {
    /// The id of the rule in the project's rules docs (`"T8"`, `"B5"`,
    /// `"I6"`), when the rejection enforces one; `None` for errors that are
    /// about the input itself (unknown piece id, malformed notation).
    fn rule(&self) -> Option<&'static str>;

    /// The refusal in the words of the player who tried, addressed to them
    /// ("That pyramid is not your colour."): one full sentence, with no
    /// rule id (that travels apart, [`RuleError::rule`], shown one click
    /// away) and no engine names. Each game words its own, in its
    /// `words.rs`; `Display` stays the engine's account, for logs and the
    /// command line.
    fn refusal(&self) -> String;
}

/// Settings a game cannot be created from: a board size out of range, a
/// deal that is not a permutation, too many seats.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid settings: {0}")]
pub struct SetupError(pub String);

impl SetupError {
    /// A setup error with the given explanation.
    pub fn new(message: impl Into<String>) -> Self {
        SetupError(message.into())
    }
}
