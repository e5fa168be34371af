// Generated from the Rust types of the `stackyard-babel` crate by `cargo run -p stackyard-typegen`.
// Do not edit: change the Rust types and regenerate; a test
// (shells/typegen/tests/generated_types.rs) fails while this file is stale.

/**
 * One action (B4–B6). Its text form is `draw`, `2<1`, `5<3`, `end`; on the
 * wire it is tagged like every action: `{"type": "draw"}`, `{"type":
 * "move", "from": 5, "gap": 3}`, `{"type": "end"}`.
 */
export type Action = { "type": "draw" } | { "type": "move", 
/**
 * 1-based position of the stack that moves.
 */
from: number, 
/**
 * How far left it goes: 1 or 3.
 */
gap: number, } | { "type": "end" } | { "type": "undo" };

/**
 * What changed, for clients to animate.
 */
export type Event = { "type": "drew", 
/**
 * The tile drawn.
 */
tile: Tile, } | { "type": "moved", 
/**
 * Where the stack was.
 */
from: number, 
/**
 * Where it went.
 */
to: number, 
/**
 * Its top tile, now the top at `to`.
 */
tile: Tile, } | { "type": "undone", 
/**
 * Where the stack stands again (1-based, after reopening the gap).
 */
from: number, 
/**
 * Where it had gone.
 */
to: number, 
/**
 * How many tiles went back.
 */
count: number, } | { "type": "ended", 
/**
 * Stacks left.
 */
stacks: number, 
/**
 * B7.
 */
result: GameResult, };

/**
 * B7: how a finished game came out.
 */
export type GameResult = "full_win" | "partial_win" | "loss";

/**
 * A game's settings: the variant and, for an open deal (B9), the order.
 * Without a deal the order is hidden and shuffled from the seed (B8).
 * An unknown key is refused, naming it (a misspelt `"undo"` is not
 * silently off); no key was ever taken away, so every record replays.
 */
export type Settings = { 
/**
 * Standard or Strict (B11: part of every record).
 */
variant: Variant, 
/**
 * B9: the draw order, first drawn first; `None` for B8 (hidden order,
 * dealt from the record's seed).
 */
deal?: Array<Tile> | null, 
/**
 * B-8: whether the player may take moves back (since the last draw).
 * Off by default and in ranked games (the daily deal); records from
 * before it existed have it off, so they replay as they were.
 */
undo?: boolean, };

/**
 * One tile, stored as `suit * 6 + value` (0..24) so search code can use it
 * as a small integer.
 */
export type Tile = string;

/**
 * Standard play (moves optional, B5–B6) or the Strict variant (B11).
 */
export type Variant = "standard" | "strict";

/**
 * What a viewer sees: the line, how many tiles are still to come and which
 * (the set is public: every tile not yet drawn), never their order.
 */
export type View = { 
/**
 * Standard or Strict.
 */
variant: Variant, 
/**
 * The stacks, left to right, each bottom to top (B3).
 */
line: Array<Array<Tile>>, 
/**
 * How many tiles are still to draw.
 */
undrawn: number, 
/**
 * The undrawn tiles in index order (not draw order).
 */
undrawn_tiles: Array<Tile>, 
/**
 * The whole order, only for an open deal (B9), where it is public.
 */
deal?: Array<Tile> | null, 
/**
 * The legal actions now (`undo` aside: see `can_undo`).
 */
legal: Array<Action>, 
/**
 * B-8: whether `undo` would take a move back now.
 */
can_undo: boolean, 
/**
 * Whether the game is over.
 */
over: boolean, };

export const SUITS = {"A":{"name":"Arms","symbol":"⚔"},"C":{"name":"Crowns","symbol":"♛"},"M":{"name":"Moons","symbol":"☾"},"S":{"name":"Suns","symbol":"☀"}};

export const VALUES = {"2":"2","3":"3","4":"4","5":"5","a":"ace","n":"null"};
