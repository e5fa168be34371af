//! Option values every command shares, parsed once by clap into their
//! types with their ranges checked there: bot lineups, time limits, and
//! the echo of bad input. A game's own option parsers are beside its
//! extra commands (`extras/<game>_args.rs`).
//!
//! Every parser here refuses out-of-range values with a message (clap
//! turns it into exit status 2) and never echoes more than [`MAX_ECHO`]
//! characters of what the user typed.

use clap::builder::TypedValueParser;
use clap::error::ErrorKind;
use std::ffi::OsStr;
use std::time::Duration;

/// How many characters of a bad token an error message repeats.
pub const MAX_ECHO: usize = 40;

/// `text` cut to [`MAX_ECHO`] characters (with `…` when cut), for error
/// messages that repeat what the user typed.
pub fn cut(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(MAX_ECHO).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

/// `text` cut to its last [`MAX_ECHO`] characters (with `…` first when
/// cut): for a path, whose end (the file's name) says most.
pub fn cut_front(text: &str) -> String {
    let count = text.chars().count();
    if count <= MAX_ECHO {
        return text.to_string();
    }
    let tail: String = text.chars().skip(count - MAX_ECHO).collect();
    format!("…{tail}")
}

/// Cuts every run of more than [`MAX_ECHO`] non-blank characters in a
/// message (messages from libraries and clap that quote the input).
pub fn cut_words(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4096));
    let mut run = 0usize;
    let mut cutting = false;
    for ch in message.chars() {
        if ch.is_whitespace() {
            run = 0;
            cutting = false;
            out.push(ch);
            continue;
        }
        run += 1;
        if run <= MAX_ECHO * 2 {
            out.push(ch);
        } else if !cutting {
            cutting = true;
            out.push('…');
        }
    }
    out
}

/// One bot level per seat from `--bots` (comma separated), the list
/// repeated to fill `seats`; an empty list or more levels than seats is
/// refused. The game checks the level names when it makes the bots.
pub fn seat_levels(bots: &str, seats: u8) -> Result<Vec<String>, String> {
    let levels: Vec<&str> = bots
        .split(',')
        .map(str::trim)
        .filter(|b| !b.is_empty())
        .collect();
    if levels.is_empty() || levels.len() > usize::from(seats) {
        return Err(format!(
            "--bots: give 1 to {seats} bot levels, comma separated, not {:?}",
            cut(bots)
        ));
    }
    Ok((0..usize::from(seats))
        .map(|s| levels[s % levels.len()].to_string())
        .collect())
}

/// A whole number from `min` to `max`: the one parser of counts and
/// seeds. Its refusal names the option and what it takes ("--games takes a
/// whole number from 1 to 100000, got -1"), a negative number included
/// (every option's value may start with `-`, `main.rs`), and repeats at
/// most [`MAX_ECHO`] characters of what was typed. The number is read
/// digit by digit against `max`, never allocated for.
#[derive(Debug, Clone, Copy)]
pub struct Whole {
    min: u64,
    max: u64,
}

/// [`Whole`] from `min` to `max`.
pub const fn whole(min: u64, max: u64) -> Whole {
    Whole { min, max }
}

/// A player's name at a table: 1 to 32 characters, none of them control
/// characters (the server judges the rest, as it does the browser's).
pub fn name() -> fn(&str) -> Result<String, String> {
    |text| {
        let trimmed = text.trim();
        let count = trimmed.chars().count();
        if count == 0 || count > 32 || trimmed.chars().any(char::is_control) {
            return Err(format!(
                "{:?} is not a name: give 1 to 32 characters, no control characters",
                cut(text)
            ));
        }
        Ok(trimmed.to_string())
    }
}

/// A seed: any whole number from 0 to 2^64 - 1.
pub const fn seed() -> Whole {
    whole(0, u64::MAX)
}

impl Whole {
    /// What the option takes, in words.
    fn takes(&self) -> String {
        if self.max == u64::MAX {
            format!("a whole number {} or more (at most {})", self.min, self.max)
        } else {
            format!("a whole number from {} to {}", self.min, self.max)
        }
    }

    /// The number in `text`, if it is one in range.
    fn read(&self, text: &str) -> Option<u64> {
        let digits = text.trim();
        let digits = digits.strip_prefix('+').unwrap_or(digits);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        // `parse` refuses anything over u64::MAX, however long.
        digits
            .parse::<u64>()
            .ok()
            .filter(|n| (self.min..=self.max).contains(n))
    }
}

impl TypedValueParser for Whole {
    type Value = u64;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<u64, clap::Error> {
        let text = value.to_string_lossy();
        if let Some(n) = self.read(&text) {
            return Ok(n);
        }
        let name = arg.map_or_else(
            || "the value".to_string(),
            |a| match a.get_long() {
                Some(long) => format!("--{long}"),
                None => format!("<{}>", a.get_id()),
            },
        );
        let mut cmd = cmd.clone();
        Err(cmd.error(
            ErrorKind::ValueValidation,
            format!("{name} takes {}, got {}", self.takes(), cut(&text)),
        ))
    }
}

/// A positive number of seconds up to `max`, as a duration.
pub fn seconds(text: &str, max: f64) -> Result<Duration, String> {
    let s: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{:?} is not a number of seconds", cut(text)))?;
    if !(s.is_finite() && s > 0.0 && s <= max) {
        return Err(format!(
            "{} s: give a number of seconds above 0 and at most {max}",
            cut(text)
        ));
    }
    Ok(Duration::from_secs_f64(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echoes_are_short() {
        assert_eq!(cut("abc"), "abc");
        assert_eq!(cut(&"a".repeat(41)).chars().count(), 41);
        assert!(cut_words(&format!("bad {} here", "x".repeat(5000))).len() < 200);
    }

    #[test]
    fn whole_numbers_are_read_in_range_only() {
        let w = whole(1, 100);
        assert_eq!(w.read("1"), Some(1));
        assert_eq!(w.read("+100"), Some(100));
        for bad in ["0", "101", "-1", "", "1.5", "x", "18446744073709551616"] {
            assert_eq!(w.read(bad), None, "{bad}");
        }
        assert_eq!(seed().read("18446744073709551615"), Some(u64::MAX));
        assert_eq!(seed().read(&"9".repeat(100_000)), None);
    }
}
