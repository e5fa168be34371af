//! Room settings: seats, hand noise, the judging thresholds of L2 and L9,
//! the table area and the series target, each with the default the rules name.

use serde::{Deserialize, Serialize};
use stackyard_core::SetupError;

/// The seeded noise a hand adds to every pose it lets go of (L5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HandNoise {
    /// Standard deviation of each coordinate of the position (mm, default 1).
    pub position_mm: f64,
    /// Standard deviation of each rotation angle (degrees, default 1.5).
    pub angle_deg: f64,
}

impl Default for HandNoise {
    fn default() -> Self {
        HandNoise {
            position_mm: 1.0,
            angle_deg: 1.5,
        }
    }
}

impl HandNoise {
    /// No noise: poses are let go exactly (the `judge` contract, tests).
    pub const OFF: HandNoise = HandNoise {
        position_mm: 0.0,
        angle_deg: 0.0,
    };
}

/// Everything chosen before a game of Leaning Towers starts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Settings {
    /// Players, 2 to 10 (L1).
    pub seats: u8,
    /// The seat that builds the foundation and plays first (L4); a series
    /// moves it round one seat per game.
    pub first_seat: u8,
    /// Noise added to every pose let go of (L5).
    pub hand_noise: HandNoise,
    /// A corner touches the table within this height (mm, default 0.5, L2).
    pub corner_eps_mm: f64,
    /// Two pieces touch when a contact point's gap or penetration is within
    /// this (mm, default 0.3, L2).
    pub contact_eps_mm: f64,
    /// Another piece moved farther than this is disturbed (mm, default 2, L9).
    pub disturb_mm: f64,
    /// ... or turned more than this (degrees, default 3, L9).
    pub disturb_deg: f64,
    /// A new piece resting farther than this from where it was let go has
    /// slipped (mm, default 15, L9).
    pub slip_mm: f64,
    /// Tries in one turn before a slipping piece is forfeited (default 3, L9).
    pub max_tries: u8,
    /// Poses must lie within this distance of the table's centre along x and
    /// y (mm, default 300: a generous playing area).
    pub table_half_mm: f64,
    /// ... and no higher than this above the table (mm, default 400).
    pub max_height_mm: f64,
    /// A series ends when a seat reaches this total (default 50, L13).
    pub target_score: i64,
    /// The physics table: sizes, masses, solver. Its `contacts` thresholds
    /// are replaced by `corner_eps_mm` and `contact_eps_mm`, and its time cap
    /// defaults to the 5 simulated seconds of L9.
    pub physics: stackyard_physics::Settings,
}

impl Default for Settings {
    fn default() -> Self {
        Settings::new(2)
    }
}

impl Settings {
    /// Default settings for `seats` players.
    pub fn new(seats: u8) -> Settings {
        let mut physics = stackyard_physics::Settings::default();
        physics.sim.max_time_s = 5.0;
        Settings {
            seats,
            first_seat: 0,
            hand_noise: HandNoise::default(),
            corner_eps_mm: 0.5,
            contact_eps_mm: 0.3,
            disturb_mm: 2.0,
            disturb_deg: 3.0,
            slip_mm: 15.0,
            max_tries: 3,
            table_half_mm: 300.0,
            max_height_mm: 400.0,
            target_score: 50,
            physics,
        }
    }

    /// The physics settings the table is built with: ours, with the touching
    /// thresholds of L2 written in.
    pub fn table_settings(&self) -> stackyard_physics::Settings {
        let mut p = self.physics.clone();
        p.contacts.table_tolerance_mm = self.corner_eps_mm;
        p.contacts.max_distance_mm = self.contact_eps_mm;
        p.contacts.min_impulse = 0.0;
        p
    }

    /// Checks every number, naming the first that is out of range.
    pub fn validate(&self) -> Result<(), SetupError> {
        if !SEATS.allows(self.seats) {
            return Err(SetupError::new(format!(
                "seats = {} is not in 2..=10 (L1)",
                self.seats
            )));
        }
        if self.first_seat >= self.seats {
            return Err(SetupError::new(format!(
                "first_seat = {} is not a seat of {}",
                self.first_seat, self.seats
            )));
        }
        if self.max_tries == 0 {
            return Err(SetupError::new("max_tries must be at least 1"));
        }
        let checks = [
            (
                "hand_noise.position_mm",
                self.hand_noise.position_mm,
                0.0,
                10.0,
            ),
            ("hand_noise.angle_deg", self.hand_noise.angle_deg, 0.0, 30.0),
            ("corner_eps_mm", self.corner_eps_mm, 0.0, 10.0),
            ("contact_eps_mm", self.contact_eps_mm, 0.0, 10.0),
            ("disturb_mm", self.disturb_mm, 0.0, 1000.0),
            ("disturb_deg", self.disturb_deg, 0.0, 180.0),
            ("slip_mm", self.slip_mm, 0.0, 1000.0),
            ("table_half_mm", self.table_half_mm, 50.0, 1500.0),
            ("max_height_mm", self.max_height_mm, 50.0, 1500.0),
        ];
        for (name, value, min, max) in checks {
            if !value.is_finite() || value < min || value > max {
                return Err(SetupError::new(format!(
                    "{name} = {value} is not in {min}..={max}"
                )));
            }
        }
        if self.target_score < 1 {
            return Err(SetupError::new("target_score must be at least 1"));
        }
        self.physics
            .validate()
            .map_err(|e| SetupError::new(format!("physics: {e}")))?;
        // Steps per turn are time cap × step rate: keep a run to seconds of work.
        if self.physics.sim.step_hz > 2000.0 {
            return Err(SetupError::new("physics.sim.step_hz is above 2000"));
        }
        // A run that could go on for minutes would stall a turn.
        if self.physics.sim.max_time_s > 30.0 {
            return Err(SetupError::new(
                "physics.sim.max_time_s is above 30 (L9 caps a run at 5 s)",
            ));
        }
        Ok(())
    }
}

/// Leaning Towers is for 2 to 10 players (L1).
pub const SEATS: stackyard_core::Seats = stackyard_core::Seats::between(2, 10);
