//! What a viewer sees. Leaning Towers hides nothing, so every viewer sees
//! the whole table, including a plain-data copy of the physics world that a
//! bot can simulate candidates on.

use crate::judge::PieceStatus;
use crate::piece::{Hand, Owner, Size};
use crate::state::Phase;
use crate::world::WorldSnapshot;
use serde::{Deserialize, Serialize};
use stackyard_core::{Seat, Viewer};
use stackyard_physics::{PieceId, Pose};

/// One piece in the world.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PieceView {
    /// Its id in the world.
    pub id: PieceId,
    /// Its stash.
    pub owner: Owner,
    /// Its size.
    pub size: Size,
    /// Its level (L3).
    pub level: u32,
    /// Standing, held, frozen or boxed.
    pub status: PieceStatus,
    /// Where it is now.
    pub pose: Pose,
}

/// The table as one viewer sees it (everyone sees everything).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct View {
    /// Who this view is for.
    pub viewer: Viewer,
    /// Number of seats.
    pub seats: u8,
    /// Foundation, play or over.
    pub phase: Phase,
    /// Whose turn it is (none once over).
    pub to_act: Option<Seat>,
    /// Scores by seat.
    pub scores: Vec<i64>,
    /// Pieces left in hand, by seat.
    pub hands: Vec<Hand>,
    /// Seats wrecked out of the game.
    pub out: Vec<bool>,
    /// The piece each seat holds (L12).
    pub held: Vec<Option<PieceId>>,
    /// Size of the previous placement (L8).
    pub previous_size: Option<Size>,
    /// The size that slipped this turn, which a retry must use.
    pub slipped: Option<Size>,
    /// Tries used this turn.
    pub tries: u8,
    /// Consecutive passes so far (L11).
    pub passes: usize,
    /// Every piece in the world, by id.
    pub pieces: Vec<PieceView>,
    /// The physics world itself.
    pub world: WorldSnapshot,
}
