//! The one place the terminal client names its games: their modules,
//! what the picker lists and how each entry starts. Every game's own
//! screen is in its own files (`games/towers*.rs`, `games/babel*.rs`,
//! `games/icetowers*.rs`).

mod babel;
pub mod babel_hint;
mod icetowers;
mod icetowers_draw;
mod icetowers_pace;
mod icetowers_state;
mod towers;
pub mod towers_advice;
mod towers_draw;
mod towers_state;

use crate::screen::GameScreen;
use babel::BabelScreen;
use icetowers_state::IceScreen;
use stackyard_core::Seed;
use stackyard_towers::Color;
pub use towers_state::TowersScreen;

/// The game a new online table and quick pairing offer first.
pub const PLAYED_ONLINE: &str = <stackyard_towers::Position as stackyard_core::Game>::NAME;

/// The solitaire a new online table may be.
pub const SOLITAIRE_ONLINE: &str = <stackyard_babel::Babel as stackyard_core::Game>::NAME;

/// The screen of a seat at an online table of `game`, if the terminal
/// seats that game online (Towers on its board, Tower of Babel on its
/// line); any other table is watched.
pub fn seat_online(game: &str, feed: crate::online::TableFeed) -> Option<Box<dyn GameScreen>> {
    if game == PLAYED_ONLINE {
        Some(Box::new(TowersScreen::online(feed)))
    } else if game == SOLITAIRE_ONLINE {
        Some(Box::new(BabelScreen::online(feed)))
    } else {
        None
    }
}

/// Whether the terminal seats `game` online.
pub fn seats_online(game: &str) -> bool {
    game == PLAYED_ONLINE || game == SOLITAIRE_ONLINE
}

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
            title: "IceTowers",
            about: "in real time: you are red, against two Easy bots (a play every 8 to 10 s)",
            start: Some(|seed| Box::new(IceScreen::new(seed))),
        },
        Entry {
            title: "Speedy Towers, Leaning Towers",
            about: "their seats need aim: play them in the browser (stackyard serve)",
            start: None,
        },
    ]
}
