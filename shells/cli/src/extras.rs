//! The one place a game's own command-line commands are registered, beside
//! the common ones every registered game has (`games.rs`): each entry is
//! the game's name and its clap subcommand enum. An extra of the same name
//! as a common command replaces it for that game (Towers' `replay` reads
//! T5 notation; IceTowers, Speedy Towers and Leaning Towers keep their own
//! `sim` and `replay`, whose output scripts rely on).

use crate::failure::Failure;
use clap::{ArgMatches, FromArgMatches, Subcommand};

mod babel;
mod babel_args;
mod icetowers;
mod icetowers_args;
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
    ("icetowers", extra!(icetowers)),
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
