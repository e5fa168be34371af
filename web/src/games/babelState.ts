// What the Tower of Babel table keeps, as a plain object, and how each
// input it gets changes it: pure functions, no DOM, so Node's test runner
// checks them without a browser (web/unit/babel-state.test.ts). The table
// (babel.ts) draws a state and feeds it the inputs. Nothing here decides
// legality: what may be played is the view's `legal` list (B4-B6, the
// server's), and undo is offered by the view's `can_undo` (B-8).

import type { Action, Event, View } from '../wire/babel';
import { mayAct, type BrowserSeat, type Shown } from './types';

export type MoveAction = Extract<Action, { type: 'move' }>;

export interface BabelState {
  readonly viewer: BrowserSeat;
  readonly view: View | null;
  /** The picked stack, 1-based as the line numbers them. */
  readonly selected: number | null;
  /** The server's hint, until the next view or action. */
  readonly hinted: Action | null;
  readonly hintText: string;
  readonly canAct: boolean;
  /** Where the last step left its mark (the moved stack, the drawn tile, the stack undone). */
  readonly lastTo: number | null;
}

export type Effect =
  /** Nothing to draw. */
  | { type: 'none' }
  | { type: 'draw' }
  /** Draw, and send this action. */
  | { type: 'send'; action: Action };

export interface Result {
  state: BabelState;
  effect: Effect;
}

export function initial(viewer: BrowserSeat): BabelState {
  return { viewer, view: null, selected: null, hinted: null, hintText: '', canAct: false, lastTo: null };
}

export function moves(s: BabelState): MoveAction[] {
  return (s.view?.legal ?? []).filter((a): a is MoveAction => a.type === 'move');
}

/** The stacks the one at `from` may go onto, by position, with the move. */
export function targetsOf(s: BabelState, from: number): Map<number, MoveAction> {
  return new Map(
    moves(s)
      .filter((m) => m.from === from)
      .map((m) => [m.from - m.gap, m]),
  );
}

/** Stacks the view gives a move. */
export function movable(s: BabelState): Set<number> {
  return new Set(moves(s).map((m) => m.from));
}

/** The targets of the picked stack (none when nothing is picked). */
export function targets(s: BabelState): Map<number, MoveAction> {
  return s.selected !== null ? targetsOf(s, s.selected) : new Map<number, MoveAction>();
}

/** A view from the server: a step (live), a (re)sync, or a replay's frame. */
export function show(s: BabelState, shown: Omit<Shown<View, Event>, 'told'>): BabelState {
  const view = shown.view;
  const canAct = s.viewer.sends && mayAct(shown.toAct, s.viewer.seat) && !view.over;
  let lastTo: number | null = null;
  // After a reload the last step's events come in `past`: its mark stays.
  for (const e of shown.past ? (shown.past[shown.past.length - 1] ?? []) : shown.events) {
    if (e.type === 'moved') lastTo = e.to; // the target is left of the mover, so its position survives the close-up
    if (e.type === 'drew') lastTo = view.line.length;
    if (e.type === 'undone') lastTo = e.from;
  }
  let next: BabelState = { ...s, view, canAct, lastTo, hinted: null, hintText: '' };
  // A selection made on an older view may no longer be legal.
  if (next.selected !== null && targetsOf(next, next.selected).size === 0) next = { ...next, selected: null };
  return next;
}

/** The server's answer to a hint request: an action, or none that helps. */
export function hint(s: BabelState, action: Action | null, text: string): BabelState {
  return { ...s, hinted: action, hintText: text || (action ? '' : 'no move helps now') };
}

/** Sends `a` (a move, or a button: draw, end, undo); the pick and the hint go. */
export function send(s: BabelState, a: Action): Result {
  return { state: { ...s, selected: null, hinted: null, hintText: '' }, effect: { type: 'send', action: a } };
}

/** A click on the stack at `pos`: onto the picked stack's target, or pick it (again: put it back). */
export function click(s: BabelState, pos: number): Result {
  if (!s.canAct) return { state: s, effect: { type: 'none' } };
  if (s.selected !== null) {
    const m = targetsOf(s, s.selected).get(pos);
    if (m) return send(s, m);
  }
  return { state: { ...s, selected: s.selected !== pos && targetsOf(s, pos).size > 0 ? pos : null }, effect: { type: 'draw' } };
}

/** A drag starts on the stack at `pos` (only movable stacks are draggable). */
export function drag(s: BabelState, pos: number): BabelState {
  return { ...s, selected: pos };
}

/** Whether a dragged stack may be dropped on `pos`. */
export function mayDrop(s: BabelState, pos: number): boolean {
  return s.selected !== null && targetsOf(s, s.selected).has(pos);
}

/** The dragged stack is dropped on `pos`: its move if the view lists one. */
export function drop(s: BabelState, pos: number): Result {
  const m = s.selected !== null ? targetsOf(s, s.selected).get(pos) : undefined;
  return m ? send(s, m) : { state: s, effect: { type: 'none' } };
}
