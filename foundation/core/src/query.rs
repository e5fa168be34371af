//! Questions a client may put to a game's rules about a view it was sent:
//! what a placement would do, which actions a seat has now. Each game
//! declares its questions once ([`crate::Listed::QUERIES`]) and a shell
//! answers them by name ([`crate::host::GameKind::ask`]) without naming the
//! game: the browser's rules module exports one `ask` for every game, so a
//! page never re-types a rule.
//!
//! A question takes three JSON texts: the view (as the server sent it),
//! the question's own input, and the table's settings (empty for the
//! game's defaults for the view). Bad input is an error that says what was
//! wrong, never a panic.

use serde::de::DeserializeOwned;
use serde_json::Value;

/// One question a game answers about a view.
#[derive(Debug, Clone, Copy)]
pub struct Query {
    /// Its name, unique within the game (`"preview"`).
    pub name: &'static str,
    /// What it answers, in a sentence.
    pub about: &'static str,
    /// Answers it: `(view, input, settings)`, each JSON text (`settings`
    /// may be empty: the defaults for the view).
    pub answer: fn(&Asked<'_>) -> Result<Value, String>,
}

/// What a question is given: JSON texts as the client sent them.
#[derive(Debug, Clone, Copy)]
pub struct Asked<'a> {
    /// The view the question is about, as the server sent it.
    pub view: &'a str,
    /// The question's own input.
    pub input: &'a str,
    /// The table's settings, or empty (or `null`) for the defaults for the
    /// view.
    pub settings: &'a str,
}

impl Asked<'_> {
    /// The view, read as `T`; an error is `wrong` (what it is not) and
    /// the parser's detail.
    pub fn view<T: DeserializeOwned>(&self, wrong: &str) -> Result<T, String> {
        parse(self.view, wrong)
    }

    /// The input, read as `T`; an error as for [`Asked::view`].
    pub fn input<T: DeserializeOwned>(&self, wrong: &str) -> Result<T, String> {
        parse(self.input, wrong)
    }

    /// The settings read as `T`, or `None` when none were given; an error
    /// as for [`Asked::view`].
    pub fn settings<T: DeserializeOwned>(&self, wrong: &str) -> Result<Option<T>, String> {
        let text = self.settings.trim();
        if text.is_empty() || text == "null" {
            return Ok(None);
        }
        parse(text, wrong).map(Some)
    }
}

fn parse<T: DeserializeOwned>(text: &str, wrong: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| format!("{wrong}: {e}"))
}

/// Any answer as JSON: wire types are plain data, so this cannot fail (a
/// `null` stands in if one ever did).
pub fn answer<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}
