// What the Towers table keeps, as a plain object, and how each input it
// gets changes it: pure functions, no DOM, no clock (times come in as
// arguments), so Node's test runner checks them without a browser
// (web/unit/towers-state.test.ts). The table (towers.ts) draws a state
// and feeds it the inputs. Nothing here decides legality: what may be
// played is the view's `legal` list (the server's), and a move it does
// not list goes to the server, which refuses it in the game's words.

import type { Block, Event, Move, Square, View } from '../wire/towers';
import { moveText, squareName } from '../wire/towers';
import type { Line } from '../words/say';
import { mayAct, type ReplaySeat, type Shown } from './types';

// Long enough to see which towers came down while the message line over
// the board says why (issue #49: a wipe-out of 41 towers was gone before
// anyone saw it). The ghosts outlive re-renders until then.
export const GONE_MS = 3000;

type Step = Extract<Move, { type: 'step' }>;

/** A tower that just came down (T13, T14) or was flattened (T19): drawn
 *  as it stood over its block from `at` until `until`, whatever re-renders. */
export interface Ghost {
  square: Square;
  block: Block;
  at: number;
  until: number;
}

export interface TowersState {
  readonly viewer: ReplaySeat;
  readonly view: View | null;
  readonly selected: Square | null;
  readonly lastMove: Move | null;
  /** The last move in the history's words (games/towers/src/words.rs,
   *  worded once per step by the table screen or the replay); its notation
   *  until they arrive, or if the rules module could not word it. */
  readonly lastWords: string;
  /** Counts `show`s, so words that arrive late for an older step are dropped. */
  readonly step: number;
  /** The board's one tab stop. */
  readonly focus: Square;
  readonly canAct: boolean;
  /** Over by the rules (view.over) or outside them (resignation, agreed draw, time). */
  readonly finished: boolean;
  /** The move list, in T5 notation. */
  readonly history: readonly string[];
  readonly ghosts: readonly Ghost[];
  /** When the ghosts of the latest fall want a redraw (to drop away), or null. */
  readonly wakeAt: number | null;
}

/** What a click or a button asks of the table besides a new state. */
export type Effect =
  /** Nothing to draw (a click while this viewer may not act: only the focus moved). */
  | { type: 'none' }
  | { type: 'draw' }
  /** Draw, and send this move. */
  | { type: 'send'; move: Move }
  /** Draw, and ask the rules why this tower has no move (T8, T9). */
  | { type: 'explain'; square: Square };

export interface Result {
  state: TowersState;
  effect: Effect;
}

export function initial(viewer: ReplaySeat): TowersState {
  return {
    viewer,
    view: null,
    selected: null,
    lastMove: null,
    lastWords: '',
    step: 0,
    focus: 'a1',
    canAct: false,
    finished: false,
    history: [],
    ghosts: [],
    wakeAt: null,
  };
}

function steps(view: View | null): Step[] {
  return (view?.legal ?? []).filter((m): m is Step => m.type === 'step');
}

/** Where the tower on `from` may go, by the view's legal moves. */
export function targetsOf(s: TowersState, from: Square): Set<Square> {
  return new Set(
    steps(s.view)
      .filter((m) => m.from === from)
      .map((m) => m.to),
  );
}

/** Towers the view gives a step. */
export function movable(s: TowersState): Set<Square> {
  return new Set(steps(s.view).map((m) => m.from));
}

/** The placement (sprawl floor or utility, T17, T18) the view offers on `sq`. */
export function placement(s: TowersState, sq: Square): Move | undefined {
  return s.view?.legal.find((m) => (m.type === 'place' || m.type === 'utility') && m.at === sq);
}

export function passMove(s: TowersState): Move | undefined {
  return s.view?.legal.find((m) => m.type === 'pass');
}

export function blockAt(v: View, sq: Square): Block | undefined {
  return v.blocks[(Number(sq.slice(1)) - 1) * v.cols + (sq.charCodeAt(0) - 97)];
}

export function ghostAt(s: TowersState, sq: Square): Ghost | undefined {
  return s.ghosts.find((g) => g.square === sq);
}

/** Whether `sq` was part of the last move (its corner flag). */
export function isLast(s: TowersState, sq: Square): boolean {
  const m = s.lastMove;
  return (
    m !== null &&
    ((m.type === 'step' && (m.from === sq || m.to === sq)) || ((m.type === 'place' || m.type === 'utility') && m.at === sq))
  );
}

function isMine(v: View, sq: Square): boolean {
  if (v.phase !== 'moves') return false;
  const b = blockAt(v, sq);
  return b !== undefined && b.height > 0 && b.top === v.turn;
}

/** The move list and last move from the steps so far (a reload's welcome,
 *  issue #49: as many moves as plies, as if each had been seen live). */
function follow(past: Event[][]): { history: string[]; lastMove: Move | null } {
  const history: string[] = [];
  let lastMove: Move | null = null;
  for (const events of past) {
    for (const e of events) {
      if (e.type !== 'played') continue;
      lastMove = e.move;
      history.push(moveText(e.move));
    }
  }
  return { history, lastMove };
}

/** A view from the server: a step (live), a (re)sync, or a replay's frame. */
export function show(s: TowersState, shown: Omit<Shown<View, Event>, 'told'>, now: number): TowersState {
  const before = s.view;
  const view = shown.view;
  const finished = view.over || shown.toAct.type === 'nobody' || shown.ending !== null;
  const canAct = s.viewer.sends && mayAct(shown.toAct, s.viewer.seat) && !finished;
  let { lastMove, lastWords } = s;
  let history = s.history;
  if (shown.past && !s.viewer.inReplay) {
    ({ history, lastMove } = follow(shown.past));
    lastWords = lastMove ? moveText(lastMove) : '';
  }
  let gone: Square[] = [];
  for (const e of shown.events) {
    if (e.type === 'played') {
      lastMove = e.move;
      lastWords = moveText(e.move);
      if (!s.viewer.inReplay) history = [...history, moveText(e.move)];
    }
    if (e.type === 'demolished' || e.type === 'flattened') gone = gone.concat(e.squares);
  }
  // A replay stepped back to a frame with nothing played in it.
  if (!shown.live && shown.events.length === 0 && !shown.past) lastMove = null;
  let next: TowersState = { ...s, view, finished, canAct, lastMove, lastWords, history, step: s.step + 1 };
  // A selection made on an older view may no longer be legal.
  if (next.selected && targetsOf(next, next.selected).size === 0) next = { ...next, selected: null };
  if (shown.live && before && gone.length > 0) {
    // Drawn as they stood in the view before the fall.
    const ghosts = [...next.ghosts];
    for (const sq of gone) {
      const old = blockAt(before, sq);
      if (!old || old.height === 0) continue;
      const i = ghosts.findIndex((g) => g.square === sq);
      if (i >= 0) ghosts.splice(i, 1);
      ghosts.push({ square: sq, block: old, at: now, until: now + GONE_MS });
    }
    next = { ...next, ghosts, wakeAt: now + GONE_MS + 20 };
  }
  return next;
}

/** The history's words for the step `step` counted (`Shown.told`): they
 *  replace the notation only if no later step has been shown meanwhile.
 *  Returns `s` itself when nothing changes. */
export function told(s: TowersState, step: number, lines: readonly Line[]): TowersState {
  // The move's own line; what fell because of it has lines of its own.
  const words = lines.filter((l) => l.kind === 'move').map((l) => l.text);
  if (step !== s.step || words.length === 0 || !s.lastMove) return s;
  return { ...s, lastWords: words.join(' ') };
}

/** The clock moved on: ghosts whose time is up drop away. Returns `s`
 *  itself when none does. */
export function tick(s: TowersState, now: number): TowersState {
  const ghosts = s.ghosts.filter((g) => g.until > now);
  return ghosts.length === s.ghosts.length ? s : { ...s, ghosts };
}

function send(s: TowersState, move: Move): Result {
  return { state: { ...s, selected: null }, effect: { type: 'send', move } };
}

/** A click (or Enter) on a square. */
export function click(s: TowersState, sq: Square): Result {
  const state = { ...s, focus: sq };
  const v = state.view;
  if (!state.canAct || !v) return { state, effect: { type: 'none' } };
  if (state.selected && targetsOf(state, state.selected).has(sq)) {
    return send(state, { type: 'step', from: state.selected, to: sq });
  }
  const p = placement(state, sq);
  if (p) return send(state, p);
  const here = targetsOf(state, sq);
  // A tower of the mover's that the view gives no move: the rules say why
  // (surrounded, T9; nothing to land on at its distance, T8) instead of a
  // click that does nothing. With a pass on offer (T10) nothing moves at all.
  if (here.size === 0 && isMine(v, sq) && !v.legal.some((m) => m.type === 'pass')) {
    return { state: { ...state, selected: null }, effect: { type: 'explain', square: sq } };
  }
  if (state.selected && state.selected !== sq && here.size === 0) {
    // Not a landing the view offers: the server refuses it in the game's
    // own words (the rule one click away), never silently.
    return send(state, { type: 'step', from: state.selected, to: sq });
  }
  return { state: { ...state, selected: state.selected !== sq && here.size > 0 ? sq : null }, effect: { type: 'draw' } };
}

/** The pass button (drawn only while this viewer may act and the view offers a pass, T10). */
export function pass(s: TowersState): Result {
  const m = passMove(s);
  return m && s.canAct ? send(s, m) : { state: s, effect: { type: 'none' } };
}

/** Esc: the picked tower goes back. */
export function cancel(s: TowersState): TowersState {
  return { ...s, selected: null };
}

/** An arrow key: the focus moves a square, staying on the board. */
export function moveFocus(s: TowersState, dCol: number, dRow: number): TowersState {
  const v = s.view;
  if (!v) return s;
  const col = s.focus.charCodeAt(0) - 97;
  const row = Number(s.focus.slice(1)) - 1;
  const c = Math.max(0, Math.min(v.cols - 1, col + dCol));
  const r = Math.max(0, Math.min(v.rows - 1, row + dRow));
  return { ...s, focus: squareName(c, r) };
}
