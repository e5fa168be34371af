//! Speedy Towers (Jessica Eccles): real-time tower stacking on the physics
//! table.
//!
//! Two to six players race to empty their piles onto a few foundation
//! tiles, then crown the highest tower with their pawn. The rules are
//! `../shared/rules/speedy-towers.md` (P1–P12); where they are silent the
//! decisions P-1, P-2, … are listed at the top of [`state`].
//!
//! There are no turns: [`SpeedyTowers`] answers [`ToAct::AnySeat`] once
//! every seat is ready (P4), and actions are applied one at a time in
//! arrival order, like IceTowers. Every placement is a real drop: the
//! piece is let go at its pose plus the room's seeded hand noise over the
//! tower, and the physics table the state owns runs until everything rests
//! (P9); what fell is the physics' verdict (P10).
//!
//! - [`piece`]: suits, values, tiles, coins, pawns, ids (P1, P2).
//! - [`settings`]: seats, remainder, hand noise, layout, physics.
//! - [`action`]: the actions and events (wire types, tagged `"type"`).
//! - [`matching`]: the pure matching rules (P7, P8) and the JSON contract
//!   of `stackyard speedy matches`.
//! - [`state`]: the rules (P3–P12) and the decisions P-n.
//! - [`view`]: what each viewer may see.
//! - [`error`]: why an action is rejected, naming the rule.
//! - [`table`]: the physics world wrapper and the fallen verdict.
//! - [`bots`]: bots with a reaction time and an accuracy (the core's
//!   [`stackyard_core::Bot`] and [`stackyard_core::Bots`]), and the
//!   headless simulator on the core's real-time loop.
//!
//! ```
//! use stackyard_core::{Game, GameTime, Seat, Seed, Viewer};
//! use stackyard_speedy::{Action, Aim, Placing, Settings, SpeedyTowers, TakeBack, TowerId};
//!
//! let mut g = SpeedyTowers::new(&Settings::new(2), Seed(7)).unwrap();
//! g.apply(Seat(0), &Action::Ready, GameTime::ZERO).unwrap();
//! g.apply(Seat(1), &Action::Ready, GameTime::from_millis(200)).unwrap();
//! assert!(g.started().is_some());
//!
//! // Seat 0 turns a tile face up and tries it on each tower, dead centre.
//! g.apply(Seat(0), &Action::Reveal, GameTime::from_millis(500)).unwrap();
//! let placed = (0..2).any(|t| {
//!     let place = Action::Place {
//!         piece: Placing::Tile,
//!         tower: TowerId(t),
//!         aim: Aim::CENTRE,
//!         take_back: TakeBack::PlacedFirst,
//!     };
//!     g.apply(Seat(0), &place, GameTime::from_millis(900)).is_ok()
//! });
//! // Seat 1 sees how many tiles seat 0 holds, never which.
//! let seen_by_1 = g.view(Viewer::Seat(Seat(1)));
//! assert!(seen_by_1.hand.as_ref().unwrap().seat == Seat(1));
//! assert_eq!(seen_by_1.seats[0].pieces_left, g.pieces_left()[0]);
//! # let _ = placed;
//! ```

mod about;
pub mod action;
pub mod bots;
pub mod error;
pub mod matching;
pub mod piece;
pub mod settings;
pub mod state;
pub mod table;
pub mod view;
mod words;

pub use action::{Action, Aim, EndReason, Event, PiecePose, Placing, TakeBack};
pub use error::SpeedyError;
pub use piece::{Card, CoinFace, Look, Piece, PieceId, Suit, TowerId, Value};
pub use settings::{HandNoise, Remainder, Settings};
pub use state::{Deal, Ending, Pile, SeatDeal, SpeedyTowers, Stacked, Tower};
pub use view::{Fit, View};

use stackyard_core::{Game, GameTime, Outcome, Seat, Seed, SetupError, ToAct, Viewer};

/// A record of a Speedy Towers game.
pub type SpeedyRecord = stackyard_core::Record<Settings, Action>;

impl SpeedyTowers {
    /// What `viewer` may know of `event`, which this state just emitted
    /// ([`Game::event_for`]):
    /// a placed coin shows only its up face to viewers who never held it
    /// (P-9); everything else in the events is public.
    pub fn event_for_viewer(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        let mut e = event.clone();
        if let Event::Placed { piece, look, .. } = &mut e
            && !self.viewer_knows(viewer, *piece)
            && let Some(p) = self.piece(*piece)
        {
            let face = match *look {
                Look::Coin { face, .. } => Some(face),
                _ => None,
            };
            *look = Look::of(p, face, false);
        }
        Some(e)
    }

    /// Each seat's standing now: minus the pieces it still holds (P12).
    pub fn scores(&self) -> Vec<i64> {
        self.pieces_left().iter().map(|&n| -i64::from(n)).collect()
    }
}

impl Game for SpeedyTowers {
    const NAME: &'static str = "speedy";
    const TITLE: &'static str = "Speedy Towers";
    /// `speedy-4` since P5 and P7 were revised (2026-11-26: a tile may be
    /// hidden only while it fits nowhere; a coin's hidden property is the
    /// tile underneath's, and it is matched on both); `speedy-3` from
    /// decision P-16 (what the quiet rule judged at rest is put to sleep);
    /// `speedy-2` from P-15 (lifted pieces leave the physics world). No
    /// earlier engine's records replay to the same game (a `speedy-3`
    /// record may hide a tile that fits, or place a coin the revised P7
    /// refuses), and records marked "0.1.0" were played partly before
    /// P-15, so none is replayed.
    const ENGINE: &'static str = "speedy-4";
    /// Every placement is simulated on the physics table (P-11).
    const HEAVY_STEPS: bool = true;
    /// Every seat places whenever it likes (P4, P-8).
    const TURNLESS: bool = true;
    type Settings = Settings;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Error = SpeedyError;

    fn new(settings: &Settings, seed: Seed) -> Result<Self, SetupError> {
        SpeedyTowers::new(settings, seed)
    }

    fn settings(&self) -> &Settings {
        SpeedyTowers::settings(self)
    }

    fn seat_count(&self) -> usize {
        self.seats()
    }

    /// P4: turnless; any seat may act until the game ends.
    fn to_act(&self) -> ToAct {
        if self.ending().is_some() {
            ToAct::Nobody
        } else {
            ToAct::AnySeat
        }
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: &Action,
        now: GameTime,
    ) -> Result<Vec<Event>, SpeedyError> {
        self.play(seat, action, now)
    }

    fn advance_to(&mut self, _now: GameTime) -> Vec<Event> {
        // No timers: time only orders arrivals (P4).
        Vec::new()
    }

    fn view(&self, viewer: Viewer) -> View {
        self.view_for(viewer)
    }

    /// P-9: another seat's placed coin shows only its up face.
    fn event_for(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        self.event_for_viewer(event, viewer)
    }

    /// Minus the pieces each seat still holds (P12's measure).
    fn scores(&self) -> Vec<i64> {
        SpeedyTowers::scores(self)
    }

    /// P11: the pawn's owner; P12: fewest pieces (ties share). Scores are
    /// minus the pieces each seat still holds.
    fn outcome(&self) -> Option<Outcome> {
        let e = self.ending()?;
        Some(Outcome {
            scores: self.scores(),
            winners: e.winners.clone(),
        })
    }
}
