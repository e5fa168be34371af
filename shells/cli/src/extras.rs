//! The one place a game's own command-line commands are registered, beside
//! the common ones every registered game has (`games.rs`): each entry is
//! the game's name and its clap subcommand enum. No extra replaces a common
//! command (a test checks it): what a game's `sim` and `replay` need (its
//! counts, its settings for bot games, its table in words) is the game's
//! own word (`stackyard_core::Listed::tally`, `sim_settings`, `describe`),
//! not a copy of the common commands. Towers' `replay-notation` reads a
//! game in T5 notation, another input than a record, so it is an extra of
//! another name.

use crate::failure::Failure;
use clap::{ArgMatches, FromArgMatches, Subcommand};

mod babel;
mod babel_args;
mod leaning;
mod speedy;
mod towers;
mod towers_ai;
mod towers_args;
mod towers_reply;
mod towers_tournament;

/// `stackyard tournament …`: round robins between AI players (of the
/// games that have them: Towers).
pub use towers_tournament::{Command as TournamentCommand, run as tournament};

/// A game's own commands.
pub struct Extra {
    /// Adds the commands to the game's subcommand.
    pub augment: fn(clap::Command) -> clap::Command,
    /// Runs one of them from the game's matches.
    pub run: fn(&ArgMatches) -> Result<(), Failure>,
}

macro_rules! extra {
    ($module:ident) => {
        Extra {
            augment: <$module::Command as Subcommand>::augment_subcommands,
            run: |m| {
                $module::run($module::Command::from_arg_matches(m).map_err(Failure::bad_input)?)
            },
        }
    };
}

static EXTRAS: &[(&str, Extra)] = &[
    ("towers", extra!(towers)),
    ("babel", extra!(babel)),
    ("speedy", extra!(speedy)),
    ("leaning", extra!(leaning)),
];

/// The extras of the game called `game`, if it has any.
pub fn of(game: &str) -> Option<&'static Extra> {
    EXTRAS.iter().find(|(g, _)| *g == game).map(|(_, e)| e)
}

/// Every game with extras (a test checks each is registered).
#[cfg(test)]
pub fn games() -> impl Iterator<Item = &'static str> {
    EXTRAS.iter().map(|(g, _)| *g)
}

#[cfg(test)]
mod tests {
    use clap::Subcommand;

    /// No extra has the name of a common command: every game's `rules`,
    /// `replay` and `sim` are the registry's.
    #[test]
    fn no_extra_replaces_a_common_command() {
        let common: Vec<String> =
            crate::games::Common::augment_subcommands(clap::Command::new("x"))
                .get_subcommands()
                .map(|c| c.get_name().to_string())
                .collect();
        let mut replaced = Vec::new();
        for (game, extra) in super::EXTRAS {
            for c in (extra.augment)(clap::Command::new("x")).get_subcommands() {
                if common.iter().any(|n| n == c.get_name()) {
                    replaced.push((*game, c.get_name().to_string()));
                }
            }
        }
        assert!(
            replaced.is_empty(),
            "extras that replace a common command: {replaced:?}"
        );
    }

    #[test]
    fn every_extra_is_a_registered_game() {
        let registry = stackyard_registry::registry();
        for g in super::games() {
            assert!(
                registry.get(g).is_some(),
                "{g} has extras but is not registered"
            );
        }
    }
}
