//! What a viewer sees. Leaning Towers hides nothing, so every viewer sees
//! the whole table, including a plain-data copy of the physics world that a
//! bot can simulate candidates on, what the seat to act may do now
//! ([`TurnOptions`], worked out by the rules so that no client repeats
//! them) and the room's dimensions a client draws with ([`Dimensions`]).

use crate::phase::Phase;
use crate::piece::{Hand, Owner, PieceStatus, Size};
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

/// What the seat to act may do now, as the rules decide it (L5, L8, L-10,
/// L12): a client offers exactly these and never works them out itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TurnOptions {
    /// Sizes it may place or hold, smallest first: in hand, not the size of
    /// the previous placement (L8), and only the slipped size after a slip
    /// (L-10). Empty when it can only pass.
    pub sizes: Vec<Size>,
    /// Whether it may hold a piece (L12: it holds none yet).
    pub hold: bool,
    /// Whether this turn is the release of its held piece (L12): the only
    /// action is then `release` (`sizes` is empty and `hold` false). A held
    /// piece touched by another seat's held piece stays held, and its
    /// holder plays a normal turn (this is false).
    pub release: bool,
}

/// The room's sizes a client needs to draw the table and aim a piece.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Dimensions {
    /// Base edge and height (mm) of a small, medium and large pyramid (L1).
    pub pyramids_mm: [[f64; 2]; 3],
    /// Poses must lie within this distance of the centre along x and y (L-4).
    pub table_half_mm: f64,
    /// ... and no higher than this above the table (L-4).
    pub max_height_mm: f64,
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
    /// What the seat to act may do (None in the foundation phase and once over).
    pub turn: Option<TurnOptions>,
    /// The room's dimensions.
    pub dimensions: Dimensions,
    /// Every piece in the world, by id.
    pub pieces: Vec<PieceView>,
    /// The physics world itself.
    pub world: WorldSnapshot,
}
