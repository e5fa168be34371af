// Generated from the Rust types of the `stackyard-icetowers` crate by `cargo run -p stackyard-typegen`.
// Do not edit: change the Rust types and regenerate; a test
// (shells/typegen/tests/generated_types.rs) fails while this file is stale.

import type { GameTime, Seat } from './core';

/**
 * One thing a seat can do (I4–I12). Ghost pieces are moved with the same
 * actions, naming a ghost piece (I14).
 */
export type Action = { "type": "ready" } | { "type": "cap", 
/**
 * The capping piece.
 */
piece: PieceId, 
/**
 * The tower it goes on.
 */
onto: TowerId, } | { "type": "mine", 
/**
 * The tower mined.
 */
tower: TowerId, 
/**
 * The piece taken out.
 */
piece: PieceId, } | { "type": "set_down" } | { "type": "split", 
/**
 * The tower split.
 */
tower: TowerId, 
/**
 * Pieces that stay (the pair is at `at - 1` and `at`).
 */
at: number, } | { "type": "done" } | { "type": "undone" };

/**
 * Why the game ended (I13).
 */
export type EndReason = "all_done" | "no_plays" | "timer";

/**
 * How the game ended.
 */
export type Ending = { 
/**
 * Why (I13).
 */
reason: EndReason, 
/**
 * When.
 */
at: GameTime, };

/**
 * One observable change, in order, for a client to animate.
 */
export type Event = { "type": "ready", 
/**
 * Who.
 */
seat: Seat, } | { "type": "started", 
/**
 * When.
 */
at: GameTime, } | { "type": "capped", 
/**
 * Who moved it.
 */
seat: Seat, 
/**
 * The piece.
 */
piece: PieceId, 
/**
 * The free-stander tower it was lifted from (now gone), or `None`
 * when it came from the hand.
 */
from: TowerId | null, 
/**
 * The tower it now tops.
 */
onto: TowerId, } | { "type": "mined", 
/**
 * Who holds it now.
 */
seat: Seat, 
/**
 * The piece.
 */
piece: PieceId, 
/**
 * The tower it came out of.
 */
from: TowerId, 
/**
 * Its former index in that tower (0 = bottom).
 */
index: number, 
/**
 * When the hold limit sets it down (I10).
 */
deadline: GameTime, } | { "type": "set_down", 
/**
 * Whose hand it left.
 */
seat: Seat, 
/**
 * The piece.
 */
piece: PieceId, 
/**
 * The new tower.
 */
tower: TowerId, 
/**
 * Where it stands.
 */
pos: Pos, 
/**
 * Set down by the hold limit or the end, not by choice.
 */
forced: boolean, } | { "type": "split", 
/**
 * Who split it.
 */
seat: Seat, 
/**
 * The tower that keeps the lower part.
 */
tower: TowerId, 
/**
 * Pieces that stayed.
 */
at: number, 
/**
 * The new tower holding the upper part.
 */
new_tower: TowerId, 
/**
 * Where the new tower stands.
 */
pos: Pos, } | { "type": "done", 
/**
 * Who.
 */
seat: Seat, } | { "type": "undone", 
/**
 * Who.
 */
seat: Seat, } | { "type": "done_cleared" } | { "type": "ended", 
/**
 * Why.
 */
reason: EndReason, 
/**
 * Scores by seat.
 */
scores: Array<number>, 
/**
 * The ghost's score, when it plays.
 */
ghost: number | null, };

/**
 * A piece in a seat's hand (I5), with where it was mined from (I8) and
 * when the hold limit sets it down (I10).
 */
export type Held = { 
/**
 * The piece.
 */
piece: PieceId, 
/**
 * The tower it was mined from: no minebacks (I8).
 */
from: TowerId, 
/**
 * Where that tower stood, so a set-down lands near it.
 */
origin: Pos, 
/**
 * When the hold limit runs out (I10).
 */
deadline: GameTime, };

/**
 * One pyramid, numbered `colour * 15 + k`: `k` 0–4 are small (1 pip),
 * 5–9 medium (2 pips), 10–14 large (3 pips).
 */
export type PieceId = number;

/**
 * A point on the table, in millimetres.
 */
export type Pos = { 
/**
 * Left to right.
 */
x: number, 
/**
 * Front to back.
 */
y: number, };

/**
 * One seat as drawn.
 */
export type SeatView = { 
/**
 * Its colour's name.
 */
colour: string, 
/**
 * Said ready (I4).
 */
ready: boolean, 
/**
 * Said done (I12).
 */
done: boolean, 
/**
 * The piece in hand, where it came from (I8) and when the hold limit
 * sets it down (I10).
 */
holding: Held | null, 
/**
 * Its score if the game ended now (I15).
 */
score: number, };

/**
 * Everything chosen before an IceTowers game starts. An unknown key is
 * refused, naming it (a misspelt `"ghost"` is not silently off); no key
 * was ever taken away, so every record replays.
 */
export type Settings = { 
/**
 * Number of seats, 2–5 (I1).
 */
players: number, 
/**
 * Play with the ghost's stash (I14).
 */
ghost: boolean, 
/**
 * How long a mined piece may be held, in ms (I10; default 10 s).
 */
hold_limit_ms: number, 
/**
 * The optional game timer, in ms from the start (I13c).
 */
game_timer_ms: number | null, };

/**
 * A tower's id. Ids are never reused, so an action naming a tower that has
 * since vanished is rejected rather than landing on a newcomer.
 */
export type TowerId = number;

/**
 * One tower as drawn.
 */
export type TowerView = { 
/**
 * Its id.
 */
id: TowerId, 
/**
 * Where it stands.
 */
pos: Pos, 
/**
 * Bottom first.
 */
pieces: Array<PieceId>, };

/**
 * The table as everybody sees it (IceTowers hides nothing, and the view
 * says nothing of who is looking: a server writes it once per step for
 * every seat and spectator, `Game::PUBLIC_VIEWS`).
 */
export type View = { 
/**
 * The room's settings.
 */
settings: Settings, 
/**
 * The latest time the table has seen.
 */
now: GameTime, 
/**
 * The id the next new tower will get.
 */
next_tower: number, 
/**
 * When play started (I4).
 */
started: GameTime | null, 
/**
 * When the game timer rings (I13c).
 */
game_deadline: GameTime | null, 
/**
 * The towers, by id.
 */
towers: Array<TowerView>, 
/**
 * The seats, in order.
 */
seats: Array<SeatView>, 
/**
 * The ghost's score, when it plays (I14).
 */
ghost_score: number | null, 
/**
 * How the game ended.
 */
ending: Ending | null, };

export const PIECES = [{"colour":0,"pips":1},{"colour":0,"pips":1},{"colour":0,"pips":1},{"colour":0,"pips":1},{"colour":0,"pips":1},{"colour":0,"pips":2},{"colour":0,"pips":2},{"colour":0,"pips":2},{"colour":0,"pips":2},{"colour":0,"pips":2},{"colour":0,"pips":3},{"colour":0,"pips":3},{"colour":0,"pips":3},{"colour":0,"pips":3},{"colour":0,"pips":3},{"colour":1,"pips":1},{"colour":1,"pips":1},{"colour":1,"pips":1},{"colour":1,"pips":1},{"colour":1,"pips":1},{"colour":1,"pips":2},{"colour":1,"pips":2},{"colour":1,"pips":2},{"colour":1,"pips":2},{"colour":1,"pips":2},{"colour":1,"pips":3},{"colour":1,"pips":3},{"colour":1,"pips":3},{"colour":1,"pips":3},{"colour":1,"pips":3},{"colour":2,"pips":1},{"colour":2,"pips":1},{"colour":2,"pips":1},{"colour":2,"pips":1},{"colour":2,"pips":1},{"colour":2,"pips":2},{"colour":2,"pips":2},{"colour":2,"pips":2},{"colour":2,"pips":2},{"colour":2,"pips":2},{"colour":2,"pips":3},{"colour":2,"pips":3},{"colour":2,"pips":3},{"colour":2,"pips":3},{"colour":2,"pips":3},{"colour":3,"pips":1},{"colour":3,"pips":1},{"colour":3,"pips":1},{"colour":3,"pips":1},{"colour":3,"pips":1},{"colour":3,"pips":2},{"colour":3,"pips":2},{"colour":3,"pips":2},{"colour":3,"pips":2},{"colour":3,"pips":2},{"colour":3,"pips":3},{"colour":3,"pips":3},{"colour":3,"pips":3},{"colour":3,"pips":3},{"colour":3,"pips":3},{"colour":4,"pips":1},{"colour":4,"pips":1},{"colour":4,"pips":1},{"colour":4,"pips":1},{"colour":4,"pips":1},{"colour":4,"pips":2},{"colour":4,"pips":2},{"colour":4,"pips":2},{"colour":4,"pips":2},{"colour":4,"pips":2},{"colour":4,"pips":3},{"colour":4,"pips":3},{"colour":4,"pips":3},{"colour":4,"pips":3},{"colour":4,"pips":3},{"colour":5,"pips":1},{"colour":5,"pips":1},{"colour":5,"pips":1},{"colour":5,"pips":1},{"colour":5,"pips":1},{"colour":5,"pips":2},{"colour":5,"pips":2},{"colour":5,"pips":2},{"colour":5,"pips":2},{"colour":5,"pips":2},{"colour":5,"pips":3},{"colour":5,"pips":3},{"colour":5,"pips":3},{"colour":5,"pips":3},{"colour":5,"pips":3}];

export const COLOUR_NAMES = ["red","yellow","green","blue","black","white"];

export const NOTHING_HERE = {"rule":"I7","words":"Nothing to do here now: you can take a pyramid out of a tower holding two of yours when another colour tops it."};
