//! IceTowers' option values, parsed once by clap: bot lists with
//! reaction times.

use crate::args::{cut, cut_words};
use stackyard_icetowers::bots::BotSpec;

/// A bot's longest reaction time (ms).
pub const MAX_REACTION_MS: u64 = 60_000;

/// A checked list of IceTowers bots (1..=5, reaction times 1..=60000 ms).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bots(pub Vec<BotSpec>);

/// Parses `--bots`: random, greedy, strong, each with an optional
/// reaction time (`greedy:400`), comma separated, at most five.
pub fn bots(text: &str) -> Result<Bots, String> {
    let list: Vec<BotSpec> = text
        .split(',')
        .take(6)
        .map(|b| {
            let spec: BotSpec = b.parse().map_err(|e: String| cut_words(&e))?;
            if spec.think_ms > MAX_REACTION_MS {
                return Err(format!(
                    "{}: a reaction time is at most {MAX_REACTION_MS} ms",
                    cut(b)
                ));
            }
            Ok(spec)
        })
        .collect::<Result<_, String>>()?;
    if list.len() > 5 {
        return Err("more than 5 bots: IceTowers seats at most 5 (I1)".into());
    }
    Ok(Bots(list))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_lists_are_bounded() {
        assert!(bots(&"z".repeat(100_000)).unwrap_err().len() < 300);
        assert!(bots("greedy:60001").is_err());
        assert!(bots("greedy:18446744073709551615").is_err());
        assert!(bots("greedy,greedy,greedy,greedy,greedy,greedy").is_err());
    }
}
