//! Bots that play Speedy Towers in simulated real time, seeing only their
//! seat's view, and the headless simulator.
//!
//! A bot has a reaction time (how long from seeing the table to its action
//! arriving, so it loses races like a person) and an accuracy (how far its
//! aim strays, on top of the room's hand noise), and a policy that picks
//! what to place where: keep the pawn's tall tower standing, play high
//! tiles early, keep Nulls for when stuck, aim carefully on tall towers.
//! Bots are pure: time is an input and all randomness comes from a seed.

mod policy;
mod sim;

pub use policy::{BEGINNER_THINK_MS, Profile, SpeedyBot};
pub use sim::{SimResult, Summary, simulate, simulate_levels};
pub use stackyard_core::{Bot, BotLevel, Bots, Decision};

use crate::{Settings, SpeedyTowers};
use stackyard_core::{Seat, Seed, SetupError};

impl Bots for SpeedyTowers {
    fn bot_levels() -> Vec<BotLevel> {
        // In a player's words; `Profile::LEVELS` has the numbers.
        let words = |name: &str| match name {
            "beginner" => (
                "Easy bot",
                "plays at a person’s pace (one drop every 1.5 to 3 seconds), a little clumsy",
            ),
            "easy" => (
                "Brisk bot",
                "a little quicker (about 1.5 seconds a drop), a little clumsy",
            ),
            "medium" => ("Medium bot", "quicker, with steadier hands"),
            _ => ("Hard bot", "fast and careful"),
        };
        Profile::LEVELS
            .iter()
            .map(|(name, _, _)| {
                let (title, about) = words(name);
                BotLevel::new(*name, title, about)
            })
            .collect()
    }

    fn bot(
        level: &str,
        seat: Seat,
        seed: Seed,
        settings: &Settings,
    ) -> Result<Box<dyn Bot<Self>>, SetupError> {
        let profile = Profile::parse(level).map_err(SetupError::new)?;
        if seat.0 >= settings.players {
            return Err(SetupError::new(format!(
                "no {seat} at a {}-seat table",
                settings.players
            )));
        }
        Ok(Box::new(SpeedyBot::new(profile, seat, seed, settings)))
    }
}
