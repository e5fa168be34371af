//! Room settings: seats, what happens to the undealt remainder (P3), the
//! hand noise added to every placement (P6), the table layout, the
//! settling cap (P9) and the physics table's own settings.

use serde::{Deserialize, Serialize};
use stackyard_core::{Seat, SetupError};

/// What happens to the tiles and coins that do not divide evenly (P3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Remainder {
    /// Pushed aside, out of the game (the default).
    SetAside,
    /// Given to this seat (the last game's winner).
    ToSeat {
        /// Who gets them.
        seat: Seat,
    },
}

/// How imprecise a hand is (P6): normal noise added to every pose.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HandNoise {
    /// Standard deviation of the x and y offsets (mm, default 1.5).
    pub sigma_mm: f64,
    /// Standard deviation of the rotation about the vertical (degrees,
    /// default 2).
    pub sigma_deg: f64,
}

impl Default for HandNoise {
    fn default() -> Self {
        HandNoise {
            sigma_mm: 1.5,
            sigma_deg: 2.0,
        }
    }
}

/// Everything chosen before a game starts. Every field but `players` has a
/// default, so `{"players": 4}` is a valid settings object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Settings {
    /// Seats, 2 to 6 (P1).
    pub players: u8,
    /// What happens to the undealt tiles and coins (P3).
    #[serde(default = "default_remainder")]
    pub remainder: Remainder,
    /// The room's hand noise (P6).
    #[serde(default)]
    pub hand_noise: HandNoise,
    /// Distance between neighbouring foundation tiles' centres (mm,
    /// default 160: far enough that no placement over one tower can touch
    /// another).
    #[serde(default = "default_spacing")]
    pub foundation_spacing_mm: f64,
    /// The farthest a pose may be from the tower's centre, in x and in y
    /// (mm, default 70); farther is off the table for this game (P6).
    #[serde(default = "default_max_offset")]
    pub max_offset_mm: f64,
    /// A placement's simulation stops after this much simulated time even
    /// if something still moves (s, default 5, P9).
    #[serde(default = "default_settle_cap")]
    pub settle_cap_s: f64,
    /// Sizes, masses, friction and solver settings of the physics table
    /// (default: the physics crate's, with angular damping 2/s: without
    /// it a tilted coin rocks and a coin on its edge rolls for ever, where
    /// a real one loses its spin to rolling friction).
    #[serde(default = "default_physics")]
    pub physics: stackyard_physics::Settings,
}

fn default_remainder() -> Remainder {
    Remainder::SetAside
}
fn default_spacing() -> f64 {
    160.0
}
fn default_max_offset() -> f64 {
    70.0
}
/// The physics crate's settings with angular damping 2/s.
pub fn default_physics() -> stackyard_physics::Settings {
    let mut p = stackyard_physics::Settings::default();
    p.sim.angular_damping = 2.0;
    p
}
fn default_settle_cap() -> f64 {
    5.0
}

impl Default for Settings {
    /// What a host offers first: four seats (two packs, three towers).
    fn default() -> Self {
        Settings::new(4)
    }
}

/// The most seats a game may have (P1: one to three packs, two seats each).
pub const MAX_PLAYERS: u8 = 6;

/// Speedy Towers is for 2 to [`MAX_PLAYERS`] players (P1).
pub const SEATS: stackyard_core::Seats = stackyard_core::Seats::between(2, MAX_PLAYERS);

impl Settings {
    /// Default settings for `players` seats.
    pub fn new(players: u8) -> Settings {
        Settings {
            players,
            remainder: default_remainder(),
            hand_noise: HandNoise::default(),
            foundation_spacing_mm: default_spacing(),
            max_offset_mm: default_max_offset(),
            settle_cap_s: default_settle_cap(),
            physics: default_physics(),
        }
    }

    /// P9's cap as a step count (bounded by `Settings::validate`).
    pub fn settle_steps(&self) -> u64 {
        (self.settle_cap_s * self.physics.sim.step_hz).ceil() as u64
    }

    /// P1: one piecepack per two players.
    pub fn packs(&self) -> usize {
        usize::from(self.players).div_ceil(2)
    }

    /// P3: `max(2, players − 1)` foundation tiles.
    pub fn foundations(&self) -> usize {
        usize::from(self.players).saturating_sub(1).max(2)
    }

    /// Checks every number is in range, naming the first that is not.
    pub fn validate(&self) -> Result<(), SetupError> {
        if !SEATS.allows(self.players) {
            return Err(SetupError::new(format!(
                "players = {} is not in 2..={MAX_PLAYERS} (P1)",
                self.players
            )));
        }
        if let Remainder::ToSeat { seat } = self.remainder
            && seat.0 >= self.players
        {
            return Err(SetupError::new(format!(
                "remainder goes to {seat}, but there are {} seats (P3)",
                self.players
            )));
        }
        let checks = [
            ("hand_noise.sigma_mm", self.hand_noise.sigma_mm, 0.0, 50.0),
            (
                "hand_noise.sigma_deg",
                self.hand_noise.sigma_deg,
                0.0,
                180.0,
            ),
            (
                "foundation_spacing_mm",
                self.foundation_spacing_mm,
                2.0 * self.max_offset_mm.max(0.0) + 20.0,
                1000.0,
            ),
            ("max_offset_mm", self.max_offset_mm, 0.0, 400.0),
            ("settle_cap_s", self.settle_cap_s, 0.05, 60.0),
        ];
        for (name, v, lo, hi) in checks {
            if !v.is_finite() || v < lo || v > hi {
                return Err(SetupError::new(format!(
                    "{name} = {v} is not a number in {lo}..={hi}"
                )));
            }
        }
        self.physics
            .validate()
            .map_err(|e| SetupError::new(format!("physics: {e}")))?;
        // The settling cap becomes a step count: bound it (P9).
        if self.settle_cap_s * self.physics.sim.step_hz > 100_000.0 {
            return Err(SetupError::new(
                "settle_cap_s × physics.sim.step_hz is above 100 000 steps",
            ));
        }
        Ok(())
    }
}
