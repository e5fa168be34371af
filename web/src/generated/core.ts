// Generated from the Rust types of the `stackyard-core` crate by `cargo run -p stackyard-typegen`.
// Do not edit: change the Rust types and regenerate; a test
// (shells/typegen/tests/generated_types.rs) fails while this file is stale.

/**
 * How a game ended, when it did.
 */
export type Ending = { "type": "rules" } | { "type": "resigned", 
/**
 * Who.
 */
seat: Seat, } | { "type": "timed_out", 
/**
 * Who.
 */
seat: Seat, } | { "type": "abandoned", 
/**
 * Who.
 */
seat: Seat, } | { "type": "draw_agreed" };

/**
 * One accepted action, with who took it and when it arrived.
 */
export type Entry<A> = { 
/**
 * The seat that acted.
 */
seat: Seat, 
/**
 * When the action arrived (turn-based games may leave every entry at 0).
 */
at: GameTime, 
/**
 * What it did.
 */
action: A, };

/**
 * One step of a replay.
 */
export type Frame = { 
/**
 * 0 for the start.
 */
index: number, 
/**
 * Who acted (None: the start or an ending outside the rules).
 */
seat: Seat | null, 
/**
 * The action, as recorded.
 */
action: unknown, 
/**
 * When it arrived, ms since the table opened.
 */
at_ms: number, 
/**
 * What the viewer was shown of it.
 */
events: Array<unknown>, 
/**
 * The table as the viewer sees it afterwards.
 */
view: unknown, 
/**
 * Who may act afterwards.
 */
to_act: ToAct, };

/**
 * Everything needed to reproduce a game: which game, its settings, its
 * seed, every accepted action in the order it was applied and, for games
 * with timers, the time the record ends (so timers that fired after the
 * last action fire again on replay), and how the game ended if it did.
 *
 * Rejected actions are not recorded: by the [`Game`] contract they changed
 * nothing.
 */
export type GameRecord<S, A> = { 
/**
 * The record format ([`RECORD_FORMAT`] when written by this build).
 */
format: number, 
/**
 * The rules engine's version that wrote it ([`Game::ENGINE`]).
 */
engine: string, 
/**
 * The game's [`Game::NAME`].
 */
game: string, 
/**
 * The settings the game was created with.
 */
settings: S, 
/**
 * The seed the game was created with.
 */
seed: Seed, 
/**
 * The accepted actions, oldest first.
 */
actions: Array<Entry<A>>, 
/**
 * The time the record closes, if later than the last action.
 */
end?: GameTime | null, 
/**
 * How the game ended; absent while it goes on.
 */
ending?: Ending | null, };

/**
 * Milliseconds since the table opened.
 *
 * Turnless games (IceTowers, Speedy Towers) receive every action with the
 * time it arrived and fire their timers from these times, so a record of
 * timed actions replays to the identical game. Turn-based games ignore it.
 */
export type GameTime = number;

/**
 * How a finished game came out.
 */
export type Outcome = { 
/**
 * Each seat's final score, indexed by seat (games without scores use
 * their natural measure: Tower of Babel reports minus the stacks left).
 */
scores: Array<number>, 
/**
 * The seats that won; several when they share the win, none when
 * nobody did (a draw in Towers, a lost solitaire).
 */
winners: Array<Seat>, };

/**
 * A place at the table, numbered from 0 in play order.
 *
 * Games give seats their own names (Towers: seat 0 is Black, seat 1 is
 * White); the core only needs the number.
 */
export type Seat = number;

/**
 * The seed a game (or a simulation, a tournament, a batch of deals) is
 * created from. Recorded in every [`Record`](crate::Record).
 */
export type Seed = number;

/**
 * Who may act now.
 */
export type ToAct = { "type": "seat", "seat": Seat } | { "type": "any_seat" } | { "type": "nobody" };

/**
 * Who a view is rendered for. Hidden information (an undrawn order, a
 * face-down tile) is visible only to the seat entitled to it; spectators
 * see what every seat may see.
 */
export type Viewer = { "type": "seat", "seat": Seat } | { "type": "spectator" };
