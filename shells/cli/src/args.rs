//! Option values every command shares, parsed once by clap into their
//! types with their ranges checked there: bot lineups, time limits, and
//! the echo of bad input. A game's own option parsers are beside its
//! extra commands (`extras/<game>_args.rs`).
//!
//! Every parser here refuses out-of-range values with a message (clap
//! turns it into exit status 2) and never echoes more than [`MAX_ECHO`]
//! characters of what the user typed.

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
}
