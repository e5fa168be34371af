// Generated from the Rust types of the `stackyard-speedy` crate by `cargo run -p stackyard-typegen`.
// Do not edit: change the Rust types and regenerate; a test
// (shells/typegen/tests/generated_types.rs) fails while this file is stale.

import type { GameTime, Seat, Viewer } from './core';
import type { PhysicsSettings } from './physics';

/**
 * One thing a seat can do.
 */
export type Action = { "type": "ready" } | { "type": "reveal" } | { "type": "hide" } | { "type": "place", 
/**
 * Which piece.
 */
piece: Placing, 
/**
 * Onto which tower.
 */
tower: TowerId, 
/**
 * Where you let go.
 */
aim: Aim, 
/**
 * Which fallen piece you take back, should any fall (P10).
 */
take_back: TakeBack, };

/**
 * Where a seat lets go of a piece (P6): an offset from the tower's centre
 * in mm and a rotation about the vertical in degrees. The drop height is
 * always just above the tower top; the room's hand noise is added.
 */
export type Aim = { 
/**
 * Offset along the table's x axis (mm).
 */
x_mm: number, 
/**
 * Offset along the table's y axis (mm).
 */
y_mm: number, 
/**
 * Rotation about the vertical (degrees).
 */
rotation_deg: number, };

/**
 * A suit and a value: a tile's face, a coin's two faces, or what a placed
 * coin counts as (its shown face plus the property taken from below, P7).
 */
export type Card = { 
/**
 * The suit.
 */
suit: Suit, 
/**
 * The value.
 */
value: Value, };

/**
 * Which face of a coin is up (P6): the suit face or the value face.
 */
export type CoinFace = "suit" | "value";

/**
 * Why the game ended.
 */
export type EndReason = "pawn" | "stuck";

/**
 * How the game ended.
 */
export type Ending = { 
/**
 * Why.
 */
reason: EndReason, 
/**
 * When.
 */
at: GameTime, 
/**
 * Who won (P11, P12).
 */
winners: Array<Seat>, };

/**
 * One observable change, in order.
 */
export type Event = { "type": "ready", 
/**
 * Who.
 */
seat: Seat, } | { "type": "started", 
/**
 * When.
 */
at: GameTime, 
/**
 * The foundations' faces, by tower.
 */
foundations: Array<Card>, } | { "type": "revealed", 
/**
 * Who.
 */
seat: Seat, 
/**
 * The tile.
 */
tile: PieceId, 
/**
 * Its face.
 */
card: Card, } | { "type": "hidden", 
/**
 * Who.
 */
seat: Seat, 
/**
 * The tile (everyone saw it face up).
 */
tile: PieceId, } | { "type": "placed", 
/**
 * Who.
 */
seat: Seat, 
/**
 * The piece.
 */
piece: PieceId, 
/**
 * How it looks to this event's viewer.
 */
look: Look, 
/**
 * Onto which tower.
 */
tower: TowerId, 
/**
 * What it counts as for the next placement (P7); `None` for a pawn.
 */
effective: Card | null, 
/**
 * The pose it was dropped at, hand noise included.
 */
drop: PiecePose, } | { "type": "settled", 
/**
 * Simulated seconds the placement took to settle.
 */
time_s: number, 
/**
 * Whether everything came to rest before the cap (P9).
 */
rested: boolean, 
/**
 * The poses of pieces that moved, after settling.
 */
moved: Array<PiecePose>, 
/**
 * Pieces left fallen (P10), ascending.
 */
fallen: Array<PieceId>, 
/**
 * The fallen piece the placing seat took back (P10).
 */
taken_back: PieceId | null, 
/**
 * A pawn that did not win goes back to its owner (P-4).
 */
pawn_returned: PieceId | null, } | { "type": "ended", 
/**
 * Why.
 */
reason: EndReason, 
/**
 * The winners.
 */
winners: Array<Seat>, 
/**
 * Pieces each seat still holds (tiles, coins, pawn), by seat.
 */
pieces_left: Array<number>, };

/**
 * A face-up tile.
 */
export type FaceUp = { 
/**
 * The tile.
 */
tile: PieceId, 
/**
 * Its face.
 */
card: Card, };

/**
 * One piece the viewing seat may place, and the towers it fits now.
 */
export type Fit = { 
/**
 * The piece, as a place action names it (a coin with the face up).
 */
piece: Placing, 
/**
 * The towers it would be accepted on (P7, P8); empty when none.
 */
towers: Array<TowerId>, };

/**
 * What only the viewing seat knows of its own pile (P-9).
 */
export type Hand = { 
/**
 * The seat.
 */
seat: Seat, 
/**
 * Its face-down tiles as a set, sorted (which one a reveal turns up
 * is random, P5).
 */
face_down: Array<Card>, 
/**
 * Its coins and their faces.
 */
coins: Array<OwnCoin>, 
/**
 * Its pawn, while in the pile.
 */
pawn: PieceId | null, 
/**
 * Whether the next reveal will skip the tile just hidden (P5).
 */
skips_hidden: boolean, 
/**
 * Where each piece it may place now would be accepted (P6–P8), so a
 * client offers exactly those placements without judging a rule
 * itself; empty before the start and after the end.
 */
fits: Array<Fit>, };

/**
 * How imprecise a hand is (P6): normal noise added to every pose.
 */
export type HandNoise = { 
/**
 * Standard deviation of the x and y offsets (mm, default 1.5).
 */
sigma_mm: number, 
/**
 * Standard deviation of the rotation about the vertical (degrees,
 * default 2).
 */
sigma_deg: number, };

/**
 * A piece as one viewer sees it: everything for a piece they may know,
 * only the visible face otherwise.
 */
export type Look = { "kind": "tile", 
/**
 * Its face.
 */
card: Card, } | { "kind": "face_down_tile" } | { "kind": "coin", 
/**
 * The face that is up.
 */
face: CoinFace, 
/**
 * The suit, when visible to this viewer.
 */
suit: Suit | null, 
/**
 * The value, when visible to this viewer.
 */
value: Value | null, } | { "kind": "pawn", 
/**
 * Its suit.
 */
suit: Suit, };

/**
 * A coin its holder knows.
 */
export type OwnCoin = { 
/**
 * The coin.
 */
coin: PieceId, 
/**
 * Its two faces.
 */
card: Card, };

/**
 * A piece in one game, numbered in the order of the deal (foundations,
 * then each seat's tiles, coins and pawn, then what was set aside). The
 * number says where a piece was dealt, never what it is: deals are
 * shuffled, so an id reveals nothing hidden.
 */
export type PieceId = number;

/**
 * A piece's pose on the table after a placement settled, for clients to
 * draw: the centre of its base face (mm) and its rotation Rz·Ry·Rx (deg).
 */
export type PiecePose = { 
/**
 * The piece.
 */
piece: PieceId, 
/**
 * Centre of the base face (mm).
 */
position: [number, number, number], 
/**
 * Rotation, degrees.
 */
rotation_deg: [number, number, number], };

/**
 * Which of your pieces you place (P6).
 */
export type Placing = { "kind": "tile" } | { "kind": "coin", 
/**
 * Which coin.
 */
coin: PieceId, 
/**
 * The face shown.
 */
face: CoinFace, } | { "kind": "pawn" };

/**
 * What happens to the tiles and coins that do not divide evenly (P3).
 */
export type Remainder = { "type": "set_aside" } | { "type": "to_seat", 
/**
 * Who gets them.
 */
seat: Seat, };

/**
 * A seat as everyone sees it.
 */
export type SeatView = { 
/**
 * Said ready (P4).
 */
ready: boolean, 
/**
 * How many face-down tiles it has.
 */
face_down: number, 
/**
 * Its face-up tile (P5), public.
 */
face_up: FaceUp | null, 
/**
 * How many coins it has.
 */
coins: number, 
/**
 * Whether its pawn is in its pile.
 */
pawn: boolean, 
/**
 * Pieces it holds (P-10).
 */
pieces_left: number, };

/**
 * Everything chosen before a game starts. Every field but `players` has a
 * default, so `{"players": 4}` is a valid settings object.
 */
export type Settings = { 
/**
 * Seats, 2 to 6 (P1).
 */
players: number, 
/**
 * What happens to the undealt tiles and coins (P3).
 */
remainder: Remainder, 
/**
 * The room's hand noise (P6).
 */
hand_noise: HandNoise, 
/**
 * Distance between neighbouring foundation tiles' centres (mm,
 * default 160: far enough that no placement over one tower can touch
 * another).
 */
foundation_spacing_mm: number, 
/**
 * The farthest a pose may be from the tower's centre, in x and in y
 * (mm, default 70); farther is off the table for this game (P6).
 */
max_offset_mm: number, 
/**
 * A placement's simulation stops after this much simulated time even
 * if something still moves (s, default 5, P9).
 */
settle_cap_s: number, 
/**
 * Sizes, masses, friction and solver settings of the physics table
 * (default: the physics crate's, with angular damping 2/s: without
 * it a tilted coin rocks and a coin on its edge rolls for ever, where
 * a real one loses its spin to rolling friction).
 */
physics: PhysicsSettings, };

/**
 * A piece standing in a tower, as drawn.
 */
export type StackedView = { 
/**
 * The piece.
 */
piece: PieceId, 
/**
 * Who placed it.
 */
by: Seat, 
/**
 * How it looks to this viewer.
 */
look: Look, 
/**
 * What it counts as for the next placement (P7).
 */
effective: Card | null, 
/**
 * Where it is now.
 */
pose: PiecePose, };

/**
 * A piecepack suit, in the official order: Suns, Moons, Crowns, Arms (P1).
 */
export type Suit = "S" | "M" | "C" | "A";

/**
 * Which fallen piece the placing seat takes back if its placement leaves
 * pieces fallen (P10).
 */
export type TakeBack = "placed_first" | "highest_ranked";

/**
 * A tower: the stack on one foundation tile, numbered from 0 (P3).
 */
export type TowerId = number;

/**
 * A tower as drawn.
 */
export type TowerView = { 
/**
 * Its id.
 */
id: TowerId, 
/**
 * The foundation tile: face down until the start (P4).
 */
foundation: Look, 
/**
 * Where the foundation is.
 */
foundation_pose: PiecePose, 
/**
 * The pieces on the foundation, bottom (first placed) first.
 */
pieces: Array<StackedView>, 
/**
 * What the top counts as for matching (P7, P-2); `None` before the
 * start or under a pawn.
 */
top: Card | null, 
/**
 * Where the top piece's centre is: aims are offsets from here (P-7).
 */
centre_mm: [number, number], 
/**
 * Height of the tower's highest point (mm, P-2).
 */
height_mm: number, };

/**
 * A piecepack value (P1). Serialised as `"Null"`, `"Ace"`, `"2"` … `"5"`.
 */
export type Value = "Null" | "Ace" | "2" | "3" | "4" | "5";

/**
 * The table as one viewer sees it.
 */
export type View = { 
/**
 * Who is looking.
 */
viewer: Viewer, 
/**
 * When play started (P4).
 */
started: GameTime | null, 
/**
 * The last time the game saw.
 */
now: GameTime, 
/**
 * How the game ended.
 */
ending: Ending | null, 
/**
 * The towers, by id.
 */
towers: Array<TowerView>, 
/**
 * Every seat's public facts, by seat.
 */
seats: Array<SeatView>, 
/**
 * The viewing seat's own secrets (`None` for spectators).
 */
hand: Hand | null, 
/**
 * Pieces that left the game (P10), as everyone saw them fall.
 */
out_of_game: Array<Look>, 
/**
 * How many pieces were set aside at the deal (P3).
 */
set_aside: number, 
/**
 * The highest tower's height (mm, P8).
 */
highest_mm: number, 
/**
 * The farthest an aim may be from a tower's centre, in x and in y
 * (mm, P-7): the room's setting.
 */
max_offset_mm: number, };

export const DEFAULT_PIECES = {"coin":{"diameter":19.05,"friction":0.5,"height":3.175,"mass":0.8},"edge_radius_mm":0.2,"pawn":{"diameter":15.9,"friction":0.5,"height":28.6,"mass":4.0},"pyramid_large":{"base":25.4,"friction":0.8,"height":44.45,"mass":4.4,"wall":2.6},"pyramid_medium":{"base":19.84,"friction":0.8,"height":34.93,"mass":2.7,"wall":2.6},"pyramid_small":{"base":14.29,"friction":0.8,"height":25.4,"mass":1.4,"wall":2.6},"tile":{"depth":50.8,"friction":0.5,"height":6.35,"mass":11.5,"width":50.8}};

export const SUITS = {"A":{"name":"Arms","symbol":"⚔"},"C":{"name":"Crowns","symbol":"♛"},"M":{"name":"Moons","symbol":"☾"},"S":{"name":"Suns","symbol":"☀"}};
