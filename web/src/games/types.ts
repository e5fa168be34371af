// What the table and replay screens need from a game's renderer. A renderer
// draws the view the server sent and turns clicks into the game's actions;
// it never decides legality itself (legal moves come from the view, or the
// server refuses the action and the table shows its message).

import type { Ending, Outcome, Seat, ToAct } from '../protocol';
import type { Line } from '../words/say';

export interface GameContext<A> {
  /** Sends an action; null where nothing may be sent (replays, spectators). */
  act: ((action: A) => void) | null;
  /** Asks the server for a hint (games that offer one). */
  hint: (() => void) | null;
  /** This browser's seat, or null for a spectator. */
  seat: Seat | null;
  /** True in the replay viewer (it keeps its own list of actions). */
  inReplay: boolean;
  /** Seat names for labels ("you", bot levels, people's names). */
  seatLabel: (seat: Seat) => string;
  /** The table's settings as the server reported them (for the rules'
   *  own previews, which must judge by the table's settings). */
  settings?: unknown;
  /** Says something to this viewer in the table's message line, over the
   *  board, with the rule one click away (the table screen's; absent in
   *  replays). */
  tell?: (text: string, rule: string | null) => void;
}

export interface Shown<V, E> {
  view: V;
  /** Events since the last `show`; empty after a (re)sync. */
  events: E[];
  /** After a (re)sync: every earlier step's events as this viewer
   *  received them, oldest first (the welcome's `past`), so what a
   *  renderer keeps of the game's course (the last move, the move list)
   *  is the same as if it had seen each step live. */
  past?: E[][];
  toAct: ToAct;
  outcome: Outcome | null;
  ending: Ending | null;
  /** True when `events` just happened (animate them); false when stepping a replay backwards. */
  live: boolean;
  /** A step's events in the game's words, as the table's history tells
   *  them: worded once per step (through the rules module, so it resolves
   *  a moment later) and shared, never worded again by a renderer's own
   *  log. In a replay, the shown frame's events as its list tells them.
   *  After a (re)sync, the last of `past` as told. */
  told?: Promise<Line[]>;
}

export interface GameUi<V = unknown, E = unknown, A = unknown> {
  readonly root: HTMLElement;
  show(s: Shown<V, E>): void;
  /** The server's answer to a hint request. */
  showHint?(action: A | null, text: string): void;
  /** The server refused this browser's action (its message and rule id), for games that show it in place. */
  showError?(message: string, rule: string | null): void;
  destroy(): void;
}

export type GameUiFactory = (ctx: GameContext<unknown>) => GameUi;

/** Who is looking at a table, fixed for its life: what each game's
 *  state module (`…State.ts`) is made for. */
export interface BrowserSeat {
  /** Whether this browser may send actions at all (not a replay, not a spectator's). */
  sends: boolean;
  seat: Seat | null;
}

/** The same, for the tables that behave differently in the replay viewer. */
export interface ReplaySeat extends BrowserSeat {
  /** True in the replay viewer (it keeps its own list of moves; nothing there is live). */
  inReplay: boolean;
}

/** Whether `seat` may act now according to the server's ToAct. */
export function mayAct(toAct: ToAct, seat: Seat | null): boolean {
  if (seat === null) return false;
  return toAct.type === 'any_seat' || (toAct.type === 'seat' && toAct.seat === seat);
}
