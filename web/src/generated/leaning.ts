// Generated from the Rust types of the `stackyard-leaning` crate by `cargo run -p stackyard-typegen`.
// Do not edit: change the Rust types and regenerate; a test
// (shells/typegen/tests/generated_types.rs) fails while this file is stale.

import type { Seat, Viewer } from './core';
import type { BodyState, PhysicsSettings, PieceId, PieceKind, Pose } from './physics';

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
 * The verdict of the judge.
 */
export type JudgeVerdict = "clean" | "slip" | "break" | "wreck" | "refused";

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
 * What the physics predicts (the answer of the `preview` query).
 */
export type Preview = { 
/**
 * Clean, slip, break, wreck, or refused before any physics.
 */
verdict: JudgeVerdict, 
/**
 * For a refusal, the rule id (null for a pose inside another piece).
 */
rule: string | null, 
/**
 * For a refusal, the refusal in the placing player's words
 * (`RuleError::refusal`, as the server says it); for a slip, its reason
 * in words.
 */
reason: string | null, 
/**
 * For a slip, its reason.
 */
slip: SlipReason | null, 
/**
 * The new piece's id in the world (none when refused or with no room).
 */
piece: PieceId | null, 
/**
 * Ids of the other pieces disturbed.
 */
disturbed: Array<PieceId>, 
/**
 * Corners of the placed piece on the table.
 */
table_corners: number, 
/**
 * Ids of the pieces it touches at the end.
 */
touching: Array<PieceId>, 
/**
 * Its level (L3).
 */
level: number, 
/**
 * What the placing seat would gain or lose: L10 (or L12's hold) when
 * clean, 0 for a slip, −2 per disturbed piece for a break, −(15 −
 * pieces left) for a wreck (L-8).
 */
points: number, 
/**
 * How far it came to rest from where it was let go (mm).
 */
moved_mm: number, 
/**
 * Where it came to rest.
 */
rest_pose: Pose, 
/**
 * Whether the world came to rest within the time cap.
 */
rested: boolean, 
/**
 * Every piece's pose when the run ended, by id; the new piece last.
 * (The game puts the world back after anything but a clean run.)
 */
poses: Array<Pose>, };

/**
 * The placement to preview, as the `judge` contract writes it (the input
 * of the `preview` query; the browser's type is generated from this one).
 */
export type PreviewPlacement = { 
/**
 * `pyramid-small`, `pyramid-medium` or `pyramid-large` (any other
 * piece kind is refused with [`PreviewError::Kind`]).
 */
kind: PieceKind, 
/**
 * Where it is let go: centre of the base face (mm).
 */
position: [number, number, number], 
/**
 * Rotation Rz·Ry·Rx (degrees).
 */
rotation_deg: [number, number, number], 
/**
 * Hold instead of letting go (L12).
 */
hold: boolean, };

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
 * One suggested placement (the `suggest` query answers a list of them).
 */
export type Suggestion = { 
/**
 * The size it is for.
 */
size: Size, 
/**
 * The pose to let go at (mm, Rz·Ry·Rx degrees).
 */
pose: Pose, 
/**
 * Leaning on, or resting on, the target.
 */
how: SuggestionHow, 
/**
 * The piece it leans or rests on (by id, as the view's pieces).
 */
target: PieceId, 
/**
 * The points the preview says it scores (L10).
 */
points: number, 
/**
 * Of the hand-noise shifts tried around it, how many stayed clean.
 */
steady: number, 
/**
 * How many shifts were tried.
 */
shifts: number, };

/**
 * What to suggest for (the input of the `suggest` query).
 */
export type SuggestionAsk = { 
/**
 * The size to place.
 */
size: Size, 
/**
 * Suggest next to this piece first (a piece the player chose).
 */
near: PieceId | null, 
/**
 * At most this many suggestions (default 4, at most 8).
 */
max: number, 
/**
 * At most this many physics runs in all (default 40, at most 200).
 */
budget: number, };

/**
 * How a suggestion sits.
 */
export type SuggestionHow = "lean" | "rest";

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

export const SLIP_REASONS = {"contacts":{"rule":"L7","words":"it touches more pieces than its pips"},"corners":{"rule":"L6","words":"more than two corners on the table"},"never_rested":{"rule":"L-9","words":"the table did not come to rest"},"no_room":{"rule":"L-3","words":"there was no room to let it go"},"point_on_inside_point":{"rule":"L-16","words":"its point touched the inside point of another piece"},"pushed_past_pips":{"rule":"L-5","words":"it pushed another piece past its pips"},"slid_away":{"rule":"L9","words":"it came to rest too far from where it was let go"}};
