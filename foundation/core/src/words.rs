//! How a game's events read in words, declared once in Rust
//! ([`crate::Listed::narrate`]) for every shell: the web's history and table
//! logs (through the rules compiled to WebAssembly), and any shell that
//! tells a game as it goes.
//!
//! A sentence is said **from the viewer's side**: the viewer's own seat is
//! "You" ("You slipped…", "You are out…"), every other seat goes by the
//! name the shell gives it ("Bea slipped…", "Bea is out…"), and a spectator
//! sees every seat by name. Names are the shell's (people's names, bot
//! levels), passed in as [`Who`]; the rules never invent one beyond
//! "Seat 2" for a seat the shell did not name.
//!
//! The rule a line cites is kept apart from its sentence ([`Line::rule`]):
//! a shell shows it one click away, never inside the words.

use crate::{Game, Seat};
use serde::{Deserialize, Serialize};

/// What kind of thing a line tells, for a shell's styling and sounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum LineKind {
    /// A move or an action someone made.
    Move,
    /// A judged result worth showing large (a clean placement, a hold).
    Verdict,
    /// Something fell, slipped, broke or was knocked down.
    Fell,
    /// How the game ended.
    End,
    /// Anything else (a seat ready, the game starting).
    Info,
}

/// One line of a game's story: a sentence for a person, what kind of line
/// it is, and the rule behind it (kept out of the sentence).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
// The browser knows it as `Narration` (its own history `Line` is wider).
#[cfg_attr(feature = "ts", ts(rename = "Narration"))]
pub struct Line {
    /// The sentence, from the viewer's side, with no rule id in it.
    pub text: String,
    /// What kind of line.
    pub kind: LineKind,
    /// The rule it cites (`"L12"`), shown one click away; `None` when the
    /// line is plain play.
    pub rule: Option<String>,
    /// Whether the line is about the viewer's own seat.
    pub mine: bool,
}

impl Line {
    /// A line about nobody's seat in particular.
    pub fn new(kind: LineKind, text: impl Into<String>, rule: Option<&str>) -> Self {
        Line {
            text: text.into(),
            kind,
            rule: rule.map(str::to_string),
            mine: false,
        }
    }

    /// The same line, about the viewer's own seat when `mine`.
    pub fn mine(mut self, mine: bool) -> Self {
        self.mine = mine;
        self
    }
}

/// Who reads the words, and what the shell calls each seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Who<'a> {
    /// The viewer's own seat; `None` for a spectator.
    pub viewer: Option<Seat>,
    /// The seats' names, by seat (people's names, bot levels). A seat past
    /// the end is "Seat N" (numbered from 1).
    pub names: &'a [String],
}

impl Who<'_> {
    /// A spectator's words with no names: every seat is "Seat N".
    pub const NOBODY: Who<'static> = Who {
        viewer: None,
        names: &[],
    };

    /// Whether `seat` is the viewer's own.
    pub fn is_me(&self, seat: Seat) -> bool {
        self.viewer == Some(seat)
    }

    /// The seat as the subject of a sentence: "You" for the viewer's own,
    /// its name otherwise.
    pub fn name(&self, seat: Seat) -> String {
        if self.is_me(seat) {
            "You".to_string()
        } else {
            self.other(seat)
        }
    }

    /// The seat's name as others call it (never "You"): for lists of
    /// scores where the viewer's own name reads better.
    pub fn other(&self, seat: Seat) -> String {
        match self.names.get(seat.index()) {
            Some(n) if !n.trim().is_empty() => n.clone(),
            _ => format!("Seat {}", u16::from(seat.0) + 1),
        }
    }

    /// `you` when the seat is the viewer's, `other` otherwise: the verb or
    /// pronoun that agrees with [`Who::name`] ("are"/"is", "your"/"their").
    pub fn pick<'w>(&self, seat: Seat, you: &'w str, other: &'w str) -> &'w str {
        if self.is_me(seat) { you } else { other }
    }

    /// Each seat's name and a number, "You 12, Bea 9" (scores at the end).
    pub fn each(&self, numbers: &[i64]) -> String {
        numbers
            .iter()
            .enumerate()
            .map(|(s, n)| format!("{} {n}", self.name(Seat(s.min(255) as u8))))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// What a game's words may read besides the events: the view after them,
/// the view before (pieces that left the table are named from it), the
/// table's settings (Leaning Towers' tries and slip distance) and who reads.
pub struct Told<'a, G: Game> {
    /// The view after the events, as the reader sees it.
    pub view: &'a G::View,
    /// The view before them, if the shell has it.
    pub before: Option<&'a G::View>,
    /// The table's settings, if the shell has them.
    pub settings: Option<&'a G::Settings>,
    /// Who reads, and the seats' names.
    pub who: Who<'a>,
}

impl<'a, G: Game> Told<'a, G> {
    /// Told from `view` alone (no view before, no settings), read by
    /// `viewer` (`None`: a spectator) among seats called `names`: what a
    /// game's words need at the least, and what its tests start from.
    pub fn from_view(view: &'a G::View, viewer: Option<Seat>, names: &'a [String]) -> Self {
        Told {
            view,
            before: None,
            settings: None,
            who: Who { viewer, names },
        }
    }
}

/// `n` and its noun, singular for one: "1 point", "3 points".
pub fn count(n: i64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 || n == -1 { one } else { many })
}

/// `n` and its noun with an `s` for many: "1 floor", "2 floors".
pub fn plural(n: impl Into<i64>, one: &str) -> String {
    let n = n.into();
    format!("{n} {one}{}", if n == 1 || n == -1 { "" } else { "s" })
}

/// The rule ids a text names (`T8`, `I7`, `B-3`, `L12`: a capital letter,
/// an optional hyphen and digits, as a word of its own), which a player's
/// sentence never carries: each game's tests check its refusals
/// ([`crate::RuleError::refusal`]) and its lines with it.
pub fn rule_ids(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut found = Vec::new();
    for (start, &b) in bytes.iter().enumerate() {
        if !b.is_ascii_uppercase() || (start > 0 && word(bytes[start - 1])) {
            continue;
        }
        let mut end = start + 1;
        if bytes.get(end) == Some(&b'-') {
            end += 1;
        }
        let digits = end;
        while bytes.get(end).is_some_and(u8::is_ascii_digit) {
            end += 1;
        }
        if end > digits && !bytes.get(end).is_some_and(|&b| word(b)) {
            found.push(&text[start..end]);
        }
    }
    found
}

/// Why `text` is not a refusal a player may be shown, if it is not: one
/// full sentence (a capital first, a full stop last) naming no rule id.
/// Each game's tests ask it of every one of its errors' refusals.
pub fn refusal_fault(text: &str) -> Option<String> {
    let ids = rule_ids(text);
    if !ids.is_empty() {
        return Some(format!("{text:?} names rule ids {ids:?}"));
    }
    if !text.chars().next().is_some_and(char::is_uppercase) {
        return Some(format!("{text:?} does not start with a capital"));
    }
    if !text.ends_with('.') {
        return Some(format!("{text:?} does not end with a full stop"));
    }
    None
}

/// What a JSON shell sends to have events told ([`crate::host::GameKind::narrate`]):
/// the events and views as the server sent them, the table's settings, and
/// who reads.
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Tell {
    /// The events of one step, in order.
    #[cfg_attr(feature = "ts", ts(type = "unknown[]"))]
    pub events: Vec<serde_json::Value>,
    /// The view after them.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub view: serde_json::Value,
    /// The view before them, if known.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "unknown", optional))]
    pub before: Option<serde_json::Value>,
    /// The table's settings, if known.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "unknown", optional))]
    pub settings: Option<serde_json::Value>,
    /// The reader's seat; absent or `null` for a spectator.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub viewer: Option<Seat>,
    /// The seats' names, by seat.
    #[serde(default)]
    pub names: Vec<String>,
}

/// Most events one call tells, and most seat names it takes: a step has a
/// handful; more is not a step.
pub const TELL_MAX: usize = 256;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_viewer_is_you_and_others_go_by_name() {
        let names = vec!["Ada".to_string(), "Bea".to_string()];
        let me = Who {
            viewer: Some(Seat(0)),
            names: &names,
        };
        assert_eq!(me.name(Seat(0)), "You");
        assert_eq!(me.name(Seat(1)), "Bea");
        assert_eq!(me.pick(Seat(0), "are", "is"), "are");
        let watcher = Who {
            viewer: None,
            names: &names,
        };
        assert_eq!(watcher.name(Seat(0)), "Ada");
        assert_eq!(
            watcher.name(Seat(2)),
            "Seat 3",
            "an unnamed seat is numbered"
        );
        assert_eq!(Who::NOBODY.name(Seat(255)), "Seat 256");
        assert_eq!(me.each(&[3, 1]), "You 3, Bea 1");
    }

    #[test]
    fn counts_agree() {
        assert_eq!(plural(1, "point"), "1 point");
        assert_eq!(plural(-1, "point"), "-1 point");
        assert_eq!(plural(0, "point"), "0 points");
        assert_eq!(count(2, "try", "tries"), "2 tries");
    }

    #[test]
    fn rule_ids_are_found_as_words() {
        assert_eq!(rule_ids("a tower (T8) and B-3, L12."), ["T8", "B-3", "L12"]);
        assert_eq!(rule_ids("(I6: no)"), ["I6"]);
        assert!(rule_ids("c3-c5, +c3, tower 5, 8x8, AB12, T8x, Crowns 3").is_empty());
    }

    #[test]
    fn a_refusal_is_one_sentence_without_rule_ids() {
        assert_eq!(refusal_fault("That pyramid is not your colour."), None);
        assert!(refusal_fault("that pyramid is not your colour.").is_some());
        assert!(refusal_fault("That pyramid is not your colour").is_some());
        assert!(refusal_fault("Not your colour (I6).").is_some());
    }
}
