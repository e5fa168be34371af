//! The one place the terminal client names its games: their modules,
//! what the picker lists and how each entry starts. Every game's own
//! screen is in its own files (`games/towers*.rs`, `games/babel*.rs`).

mod babel;
pub mod babel_hint;
mod towers;
pub mod towers_advice;
mod towers_draw;
mod towers_state;

use crate::screen::GameScreen;
use babel::BabelScreen;
use stackyard_core::Seed;
use stackyard_towers::Color;
use towers_state::TowersScreen;

/// One entry of the game picker.
pub struct Entry {
    /// What the picker shows.
    pub title: &'static str,
    /// One line about it.
    pub about: &'static str,
    /// Starts it, or `None` for a game the terminal cannot play yet.
    pub start: Option<fn(Seed) -> Box<dyn GameScreen>>,
}

/// The picker's entries, in the lobby's order.
pub fn entries() -> Vec<Entry> {
    vec![
        Entry {
            title: "Towers",
            about: "against the Easy bot, on 8x8; you are Black, colours swap each game",
            start: Some(|seed| Box::new(TowersScreen::new(seed, Color::Black))),
        },
        Entry {
            title: "Tower of Babel",
            about: "the piecepack solitaire, a hidden deal, with hints and undo",
            start: Some(|seed| Box::new(BabelScreen::new(seed))),
        },
        Entry {
            title: "IceTowers, Speedy Towers, Leaning Towers",
            about: "not in the terminal yet: play them in the browser (stackyard serve)",
            start: None,
        },
    ]
}
