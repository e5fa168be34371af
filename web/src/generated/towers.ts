// Generated from the Rust types of the `stackyard-towers` crate by `cargo run -p stackyard-typegen`.
// Do not edit: change the Rust types and regenerate; a test
// (shells/typegen/tests/generated_types.rs) fails while this file is stale.

/**
 * One block as drawn: empty, or a tower.
 */
export type Block = { 
/**
 * Floors (T2); 0 for an empty block.
 */
height: number, 
/**
 * The top floor, whose colour owns the tower (T6); absent when empty.
 */
top?: Floor | null, 
/**
 * Whether a utility floor is inside (T14, T-1); absent when not (a
 * board's 64 `"utility":false` were a quarter of every Towers
 * message, docs/benchmarks.md).
 */
utility?: boolean, };

/**
 * A player. Black is seat 0 and moves first (T7).
 */
export type Color = "black" | "white";

/**
 * What a move changed, in order, for a client to animate.
 */
export type Event = { "type": "played", 
/**
 * The player.
 */
by: Color, 
/**
 * The move.
 */
move: Move, } | { "type": "demolished", 
/**
 * Where they stood.
 */
squares: Array<Square>, 
/**
 * Their floors.
 */
floors: number, } | { "type": "flattened", 
/**
 * Where they stand.
 */
squares: Array<Square>, 
/**
 * The floors that left the game.
 */
floors: number, } | { "type": "ended", 
/**
 * Black's and White's scores (T15, T16).
 */
scores: [number, number], };

/**
 * One floor's colour (T2).
 */
export type Floor = "black" | "white" | "utility";

/**
 * One move in any phase. On the wire it is tagged like every action:
 * `{"type": "step", "from": "c3", "to": "c5"}`, `{"type": "place", "at":
 * "c3"}`, `{"type": "utility", "at": "c3"}`, `{"type": "pass"}`.
 */
export type Move = { "type": "step", from: Square, to: Square, } | { "type": "place", at: Square, } | { "type": "utility", at: Square, } | { "type": "pass" };

/**
 * Which part of the game is being played.
 */
export type Phase = "utilities" | "sprawl" | "moves";

/**
 * A block, by 0-based column and row (T3: `a1` is column 0, row 0).
 * On the wire it is its name, `"c3"`.
 */
export type Square = string;

/**
 * Why the tower cannot move: a sentence for the player who clicked it,
 * and the rule it rests on, apart from the sentence.
 */
export type Stuck = { 
/**
 * The reason, in the player's words.
 */
text: string, 
/**
 * The rule id (T8 or T9).
 */
rule: string, };

/**
 * Everything chosen before a game of Towers starts: the board (T1) and the
 * variants (T17–T19), in any combination. This is the game's `Settings`.
 */
export type Variant = string;

/**
 * A Towers game as anyone sees it.
 */
export type View = { 
/**
 * Board and variants (T20), e.g. `"8x8+capture"`.
 */
variant: Variant, 
/**
 * Columns.
 */
cols: number, 
/**
 * Rows.
 */
rows: number, 
/**
 * Every block, row by row from row 1 (index `row * cols + col`).
 */
blocks: Array<Block>, 
/**
 * Whose turn it is (T7).
 */
turn: Color, 
/**
 * Utility placement, sprawl, or moves (T17, T18).
 */
phase: Phase, 
/**
 * Utilities still to place (T18).
 */
utilities_left: number, 
/**
 * Black's and White's scores now (T15, T16).
 */
scores: [number, number], 
/**
 * Floors each side has captured (T16).
 */
captured: [number, number], 
/**
 * Floors that have left the game, and floors supplied to it (for the
 * conservation check: on board + removed = supplied).
 */
removed: number, 
/**
 * Floors brought into the game so far.
 */
supplied: number, 
/**
 * The legal moves of the side to move, in T5 order.
 */
legal: Array<Move>, 
/**
 * Whether the game is over (T11).
 */
over: boolean, };
