//! What a viewer sees. IceTowers has no hidden information: every piece
//! and every hand is on the table, so seats and spectators see the same.
//! The view is complete: [`IceTowers::from_view`]
//! rebuilds the identical state, which is how bots play from their view.

use crate::piece::{COLOUR_NAMES, GHOST_NAME, PieceId};
use crate::settings::Settings;
use crate::state::{Ending, Held, IceTowers};
use crate::table::{Pos, Tower, TowerId};
use serde::{Deserialize, Serialize};
use stackyard_core::{GameTime, Seat};

/// One tower as drawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TowerView {
    /// Its id.
    pub id: TowerId,
    /// Where it stands.
    pub pos: Pos,
    /// Bottom first.
    pub pieces: Vec<PieceId>,
}

/// One seat as drawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatView {
    /// Its colour's name.
    pub colour: String,
    /// Said ready (I4).
    pub ready: bool,
    /// Said done (I12).
    pub done: bool,
    /// The piece in hand, where it came from (I8) and when the hold limit
    /// sets it down (I10).
    pub holding: Option<Held>,
    /// Its score if the game ended now (I15).
    pub score: i64,
}

/// The table as everybody sees it (IceTowers hides nothing, and the view
/// says nothing of who is looking: a server writes it once per step for
/// every seat and spectator, `Game::PUBLIC_VIEWS`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct View {
    /// The room's settings.
    pub settings: Settings,
    /// The latest time the table has seen.
    pub now: GameTime,
    /// The id the next new tower will get.
    pub next_tower: u32,
    /// When play started (I4).
    pub started: Option<GameTime>,
    /// When the game timer rings (I13c).
    pub game_deadline: Option<GameTime>,
    /// The towers, by id.
    pub towers: Vec<TowerView>,
    /// The seats, in order.
    pub seats: Vec<SeatView>,
    /// The ghost's score, when it plays (I14).
    pub ghost_score: Option<i64>,
    /// How the game ended.
    pub ending: Option<Ending>,
}

impl IceTowers {
    /// The table as everybody sees it.
    pub fn public_view(&self) -> View {
        let scores = self.scores_by_colour();
        View {
            settings: self.settings().clone(),
            now: self.now(),
            next_tower: self.next_tower_id(),
            started: self.started(),
            game_deadline: self.game_deadline(),
            towers: self
                .towers()
                .iter()
                .map(|t| TowerView {
                    id: t.id,
                    pos: t.pos,
                    pieces: t.pieces.clone(),
                })
                .collect(),
            seats: (0..self.seats())
                .map(|s| {
                    let seat = Seat(s as u8);
                    SeatView {
                        colour: COLOUR_NAMES[s].to_string(),
                        ready: self.is_ready(seat),
                        done: self.is_done(seat),
                        holding: self.hand(seat),
                        score: scores[s],
                    }
                })
                .collect(),
            ghost_score: self.ghost().map(|g| scores[g.index()]),
            ending: self.ending(),
        }
    }
}

impl IceTowers {
    /// The state a view shows (IceTowers hides nothing, so this is the
    /// identical state).
    pub fn from_view(view: &View) -> Result<IceTowers, stackyard_core::SetupError> {
        view.settings.validate()?;
        let seats = usize::from(view.settings.players);
        if view.seats.len() != seats {
            return Err(stackyard_core::SetupError::new(format!(
                "{} seats shown for {seats} players",
                view.seats.len()
            )));
        }
        let towers = view
            .towers
            .iter()
            .map(|t| Tower {
                id: t.id,
                pos: t.pos,
                pieces: t.pieces.clone(),
            })
            .collect();
        Ok(IceTowers::from_parts(
            view.settings.clone(),
            towers,
            view.next_tower,
            view.seats.iter().map(|s| s.holding).collect(),
            view.seats.iter().map(|s| s.ready).collect(),
            view.seats.iter().map(|s| s.done).collect(),
            view.started,
            view.now,
            view.ending,
        ))
    }
}

/// The ghost's colour name, for display.
pub fn ghost_name() -> &'static str {
    GHOST_NAME
}
