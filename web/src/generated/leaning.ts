// Generated from the Rust types of the `stackyard-leaning` crate by `cargo run -p stackyard-typegen`.
// Do not edit: change the Rust types and regenerate; a test
// (shells/typegen/tests/generated_types.rs) fails while this file is stale.

import type { Seat, Viewer } from './core';
import type { BodyState, PhysicsSettings, PieceId, Pose } from './physics';

/**
 * One thing a seat can do.
 */
export type Action = { "type": "foundation", 
/**
 * The two pieces.
 */
pieces: [FoundationPiece, FoundationPiece], } | { "type": "auto_foundation" } | { "type": "place", 
/**
 * Which size from the seat's stash.
 */
size: Size, 
/**
 * Where it is let go (hand noise is added).
 */
pose: Pose, } | { "type": "hold", 
/**
 * Which size from the seat's stash.
 */
size: Size, 
/**
 * Where it is held (hand noise is added).
 */
pose: Pose, } | { "type": "release" } | { "type": "pass" };

/**
 * The room's sizes a client needs to draw the table and aim a piece.
 */
export type Dimensions = { 
/**
 * Base edge and height (mm) of a small, medium and large pyramid (L1).
 */
pyramids_mm: [[number, number], [number, number], [number, number]], 
/**
 * Poses must lie within this distance of the centre along x and y (L-4).
 */
table_half_mm: number, 
/**
 * ... and no higher than this above the table (L-4).
 */
max_height_mm: number, };

/**
 * Why a game ended (L13).
 */
export type EndReason = "pieces_gone" | "closed" | "wrecked";

/**
 * One observable change, in order.
 */
export type Event = { "type": "foundation_built", 
/**
 * The two pieces.
 */
pieces: [PieceId, PieceId], } | { "type": "foundation_failed", 
/**
 * What went wrong.
 */
reason: string, } | { "type": "placed", 
/**
 * Who placed it.
 */
seat: Seat, 
/**
 * Its size.
 */
size: Size, 
/**
 * Its id in the world.
 */
piece: PieceId, 
/**
 * Where it came to rest.
 */
pose: Pose, 
/**
 * Its level (L3).
 */
level: number, 
/**
 * Corners on the table (L6).
 */
table_corners: number, 
/**
 * Pieces it touches (L7).
 */
touching: Array<PieceId>, 
/**
 * Points scored.
 */
points: number, 
/**
 * Whether this was a held piece let go (L12, +2 included).
 */
released: boolean, } | { "type": "held", 
/**
 * Who holds it.
 */
seat: Seat, 
/**
 * Its size.
 */
size: Size, 
/**
 * Its id in the world.
 */
piece: PieceId, 
/**
 * Where it is held.
 */
pose: Pose, 
/**
 * Pieces it touches.
 */
touching: Array<PieceId>, 
/**
 * Minus one per touched piece beyond its pips.
 */
points: number, } | { "type": "failed", 
/**
 * Whose piece.
 */
seat: Seat, 
/**
 * Its size.
 */
size: Size, 
/**
 * Slip, break or wreck.
 */
verdict: Verdict, 
/**
 * Why, for a slip.
 */
slip: SlipReason | null, 
/**
 * The other pieces it disturbed (before the world was put back).
 */
disturbed: Array<PieceId>, 
/**
 * Points lost (0 for a slip).
 */
points: number, 
/**
 * Whether the piece is lost (always after a break or wreck; after
 * a slip on the last try; always for a released piece).
 */
forfeited: boolean, 
/**
 * Whether this was a held piece let go (L12).
 */
released: boolean, 
/**
 * Tries used this turn, this one included.
 */
tries: number, } | { "type": "frozen", 
/**
 * The piece.
 */
piece: PieceId, } | { "type": "out", 
/**
 * The seat.
 */
seat: Seat, } | { "type": "passed", 
/**
 * The seat.
 */
seat: Seat, } | { "type": "closed", 
/**
 * By seat.
 */
penalties: Array<number>, } | { "type": "game_over", 
/**
 * Why.
 */
reason: EndReason, 
/**
 * Final scores by seat.
 */
scores: Array<number>, };

/**
 * One neutral foundation piece and where it is let go (L4).
 */
export type FoundationPiece = { 
/**
 * Medium or large.
 */
size: Size, 
/**
 * Where it is let go.
 */
pose: Pose, };

/**
 * How many pieces of each size a stash still has (5 of each at the start, L1).
 */
export type Hand = { 
/**
 * Smalls left.
 */
small: number, 
/**
 * Mediums left.
 */
medium: number, 
/**
 * Larges left.
 */
large: number, };

/**
 * The seeded noise a hand adds to every pose it lets go of (L5).
 */
export type HandNoise = { 
/**
 * Standard deviation of each coordinate of the position (mm, default 1).
 */
position_mm: number, 
/**
 * Standard deviation of each rotation angle (degrees, default 1.5).
 */
angle_deg: number, };

/**
 * Whose piece it is: a seat's, or the neutral foundation stash's (L1, L4).
 */
export type Owner = { "type": "neutral" } | { "type": "seat", 
/**
 * The seat.
 */
seat: Seat, };

/**
 * Where the game is.
 */
export type Phase = { "type": "foundation" } | { "type": "play" } | { "type": "over", 
/**
 * Why.
 */
reason: EndReason, };

/**
 * What became of a piece that was set on the table.
 */
export type PieceStatus = "standing" | "held" | "frozen" | "boxed";

/**
 * One piece in the world.
 */
export type PieceView = { 
/**
 * Its id in the world.
 */
id: PieceId, 
/**
 * Its stash.
 */
owner: Owner, 
/**
 * Its size.
 */
size: Size, 
/**
 * Its level (L3).
 */
level: number, 
/**
 * Standing, held, frozen or boxed.
 */
status: PieceStatus, 
/**
 * Where it is now.
 */
pose: Pose, };

/**
 * Everything chosen before a game of Leaning Towers starts.
 */
export type Settings = { 
/**
 * Players, 2 to 10 (L1).
 */
seats: number, 
/**
 * The seat that builds the foundation and plays first (L4); a series
 * moves it round one seat per game.
 */
first_seat: number, 
/**
 * Noise added to every pose let go of (L5).
 */
hand_noise: HandNoise, 
/**
 * A corner touches the table within this height (mm, default 0.5, L2).
 */
corner_eps_mm: number, 
/**
 * Two pieces touch when a contact point's gap or penetration is within
 * this (mm, default 0.3, L2).
 */
contact_eps_mm: number, 
/**
 * Another piece moved farther than this is disturbed (mm, default 2, L9).
 */
disturb_mm: number, 
/**
 * ... or turned more than this (degrees, default 3, L9).
 */
disturb_deg: number, 
/**
 * A new piece resting farther than this from where it was let go has
 * slipped (mm, default 15, L9).
 */
slip_mm: number, 
/**
 * Tries in one turn before a slipping piece is forfeited (default 3, L9).
 */
max_tries: number, 
/**
 * Poses must lie within this distance of the table's centre along x and
 * y (mm, default 300: a generous playing area).
 */
table_half_mm: number, 
/**
 * ... and no higher than this above the table (mm, default 400).
 */
max_height_mm: number, 
/**
 * A series ends when a seat reaches this total (default 50, L13).
 */
target_score: number, 
/**
 * The physics table: sizes, masses, solver. Its `contacts` thresholds
 * are replaced by `corner_eps_mm` and `contact_eps_mm`, and its time cap
 * defaults to the 5 simulated seconds of L9.
 */
physics: PhysicsSettings, };

/**
 * A Looney Pyramid's size; its pips are how many other pieces it may touch (L7).
 */
export type Size = "small" | "medium" | "large";

/**
 * Why a run was a slip.
 */
export type SlipReason = "corners" | "contacts" | "pushed_past_pips" | "slid_away" | "never_rested" | "no_room" | "point_on_inside_point";

/**
 * What the seat to act may do now, as the rules decide it (L5, L8, L-10,
 * L12): a client offers exactly these and never works them out itself.
 */
export type TurnOptions = { 
/**
 * Sizes it may place or hold, smallest first: in hand, not the size of
 * the previous placement (L8), and only the slipped size after a slip
 * (L-10). Empty when it can only pass.
 */
sizes: Array<Size>, 
/**
 * Whether it may hold a piece (L12: it holds none yet).
 */
hold: boolean, 
/**
 * Whether this turn is the release of its held piece (L12): the only
 * action is then `release` (`sizes` is empty and `hold` false). A held
 * piece touched by another seat's held piece stays held, and its
 * holder plays a normal turn (this is false).
 */
release: boolean, };

/**
 * The outcome of one run (L9).
 */
export type Verdict = "clean" | "slip" | "break" | "wreck";

/**
 * The table as one viewer sees it (everyone sees everything).
 */
export type View = { 
/**
 * Who this view is for.
 */
viewer: Viewer, 
/**
 * Number of seats.
 */
seats: number, 
/**
 * Foundation, play or over.
 */
phase: Phase, 
/**
 * Whose turn it is (none once over).
 */
to_act: Seat | null, 
/**
 * Scores by seat.
 */
scores: Array<number>, 
/**
 * Pieces left in hand, by seat.
 */
hands: Array<Hand>, 
/**
 * Seats wrecked out of the game.
 */
out: Array<boolean>, 
/**
 * The piece each seat holds (L12).
 */
held: Array<PieceId | null>, 
/**
 * Size of the previous placement (L8).
 */
previous_size: Size | null, 
/**
 * The size that slipped this turn, which a retry must use.
 */
slipped: Size | null, 
/**
 * Tries used this turn.
 */
tries: number, 
/**
 * Consecutive passes so far (L11).
 */
passes: number, 
/**
 * What the seat to act may do (None in the foundation phase and once over).
 */
turn: TurnOptions | null, 
/**
 * The room's dimensions.
 */
dimensions: Dimensions, 
/**
 * Every piece in the world, by id.
 */
pieces: Array<PieceView>, 
/**
 * The physics world itself.
 */
world: WorldSnapshot, };

/**
 * A whole physics world as plain data, for views (a bot rebuilds the table
 * from it and simulates candidates on copies): the table's explicit state,
 * every piece's kind, pose and velocities as exact f32 bits, and whether
 * it is held or removed. Reading it checks that a table can be
 * rebuilt from it. Equality is equality of the states.
 */
export type WorldSnapshot = { 
/**
 * The settings the table was made with.
 */
settings: PhysicsSettings, 
/**
 * Steps simulated since the table was made.
 */
steps: number, 
/**
 * Every piece, in drop order.
 */
pieces: Array<BodyState>, };
