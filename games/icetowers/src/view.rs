//! What a viewer sees. IceTowers has no hidden information: every piece
//! and every hand is on the table, so seats and spectators see the same,
//! plus who is looking.

use crate::piece::{COLOUR_NAMES, GHOST_NAME, PieceId};
use crate::state::{Ending, IceTowers};
use crate::table::{Pos, TowerId};
use serde::{Deserialize, Serialize};
use stackyard_core::{GameTime, Seat, Viewer};

/// One tower as drawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
pub struct SeatView {
    /// Its colour's name.
    pub colour: String,
    /// Said ready (I4).
    pub ready: bool,
    /// Said done (I12).
    pub done: bool,
    /// The piece in hand and when the hold limit sets it down (I10).
    pub holding: Option<(PieceId, GameTime)>,
    /// Its score if the game ended now (I15).
    pub score: i64,
}

/// The table as a viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Who is looking.
    pub viewer: Viewer,
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
    /// The table as `viewer` sees it.
    pub fn view_for(&self, viewer: Viewer) -> View {
        let scores = self.scores_by_colour();
        View {
            viewer,
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
                        holding: self.hand(seat).map(|h| (h.piece, h.deadline)),
                        score: scores[s],
                    }
                })
                .collect(),
            ghost_score: self.ghost().map(|g| scores[g.index()]),
            ending: self.ending(),
        }
    }
}

/// The ghost's colour name, for display.
pub fn ghost_name() -> &'static str {
    GHOST_NAME
}
