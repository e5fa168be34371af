// What the IceTowers table keeps, as a plain object, and how each input
// it gets changes it: pure functions, no DOM, no three.js, no clock (times
// come in as arguments), so Node's test runner checks them without a
// browser (web/unit/icetowers-state.test.ts). The table (icetowers.ts)
// draws a state and feeds it the inputs.
//
// Nothing here decides legality. What this seat may do now is the rules'
// own answer (their `legal` question, IceTowers::legal_actions on the
// table rebuilt from the view, asked by the table through the WebAssembly
// module: `askLegal`, then `legalAnswer`); without an answer nothing is
// highlighted and the server judges every action. IceTowers is real time
// (I4): every seat may act at once, so nothing here waits for a turn.

import type { Seat } from '../protocol';
import type { Action, Event, PieceId, SeatView, TowerId, TowerView, View } from '../wire/icetowers';
import { COLOURS, pieceColour, pieceName, piecePips } from '../wire/icetowers';
import type { BrowserSeat, Shown } from './types';

/** Seconds counted down after "Ready" before this seat says ready. */
export const COUNTDOWN_S = 3;

/** What the rules allow this seat now, by tower and piece. */
export interface Legal {
  readonly caps: ReadonlyMap<PieceId, ReadonlySet<TowerId>>;
  readonly mines: ReadonlyMap<TowerId, ReadonlySet<PieceId>>;
  readonly splits: ReadonlyMap<TowerId, ReadonlySet<number>>;
}

export function legalOf(actions: readonly Action[]): Legal {
  const caps = new Map<PieceId, Set<TowerId>>();
  const mines = new Map<TowerId, Set<PieceId>>();
  const splits = new Map<TowerId, Set<number>>();
  const add = <K, V>(m: Map<K, Set<V>>, k: K, v: V) => {
    if (!m.has(k)) m.set(k, new Set());
    m.get(k)!.add(v);
  };
  for (const a of actions) {
    if (a.type === 'cap') add(caps, a.piece, a.onto);
    else if (a.type === 'mine') add(mines, a.tower, a.piece);
    else if (a.type === 'split') add(splits, a.tower, a.at);
  }
  return { caps, mines, splits };
}

/** What the last step did to a tower, for its mark. */
export type Recent = 'capped' | 'split' | 'set_down';

export interface IceState {
  readonly viewer: BrowserSeat;
  readonly view: View | null;
  /** The viewer's clock when `view` arrived: `view.now` matches it then,
   *  so the hold and game timers count on from there. */
  readonly received: number;
  /** The free-stander picked to cap with. */
  readonly capWith: PieceId | null;
  /** The tower whose panel is open (mine a piece, split). */
  readonly opened: TowerId | null;
  /** Towers the last step capped, split off or set down. */
  readonly recent: ReadonlyMap<TowerId, Recent>;
  /** The rules' last answer for this seat; it stays until the next one
   *  (a few milliseconds), so nothing flickers. */
  readonly legal: Legal | null;
  /** Counts the questions to the rules, so a late answer to an older view is dropped. */
  readonly asked: number;
  /** Seconds left before "ready" is sent, while counting down. */
  readonly countdown: number | null;
  /** Ended by the rules (I13): the view's own ending. */
  readonly finished: boolean;
}

/** What a click or a button asks of the table besides a new state. */
export type Effect =
  /** Nothing to draw. */
  | { type: 'none' }
  | { type: 'draw' }
  /** Send this action, then draw. */
  | { type: 'send'; action: Action }
  /** Start counting down to "ready" (one `countdownTick` now, then one a second). */
  | { type: 'countdown' };

export interface Result {
  state: IceState;
  effect: Effect;
}

/** A question to the rules: what may `seat` do on `view`. */
export interface Ask {
  asked: number;
  view: View;
  seat: Seat;
}

export function initial(viewer: BrowserSeat): IceState {
  return {
    viewer,
    view: null,
    received: 0,
    capWith: null,
    opened: null,
    recent: new Map(),
    legal: null,
    asked: 0,
    countdown: null,
    finished: false,
  };
}

// ---- reading the state ---------------------------------------------------------

/** The colour names by colour index: the seats', then the ghost's (I14). */
export function colours(s: IceState): string[] {
  const v = s.view;
  return v ? v.seats.map((st) => st.colour).concat(v.settings.ghost ? ['white'] : []) : COLOURS;
}

export function colourOf(s: IceState, p: PieceId): string {
  return colours(s)[pieceColour(p)] ?? 'white';
}

export function mySeat(s: IceState): SeatView | null {
  const seat = s.viewer.seat;
  return seat === null || !s.view ? null : (s.view.seats[seat] ?? null);
}

export function towerOf(s: IceState, id: TowerId): TowerView | undefined {
  return s.view?.towers.find((t) => t.id === id);
}

/** The ghost's colour index, or -1 without a ghost. */
function ghostColour(s: IceState): number {
  return s.view?.settings.ghost ? s.view.seats.length : -1;
}

/** Whether this seat is in a game under way (started, I4; not ended, I13). */
export function playing(s: IceState): boolean {
  const v = s.view;
  return s.viewer.sends && v !== null && v.started !== null && !v.ending && mySeat(s) !== null;
}

/** Pieces this seat may pick up to cap with: its own free-standers, and
 *  the ghost's (I6, I14). Which of them may cap what is the rules' answer. */
export function pickable(s: IceState, t: TowerView): boolean {
  return t.pieces.length === 1 && (pieceColour(t.pieces[0]) === s.viewer.seat || pieceColour(t.pieces[0]) === ghostColour(s));
}

/** The piece a tower click would cap with: the one held (I5), else the one picked. */
export function capping(s: IceState): PieceId | null {
  return mySeat(s)?.holding?.piece ?? s.capWith;
}

/** The towers the capping piece may go onto by the rules' answer, or null
 *  when nothing is capping or the rules have not answered. */
export function capTargets(s: IceState): ReadonlySet<TowerId> | null {
  const c = capping(s);
  return c !== null && s.legal ? (s.legal.caps.get(c) ?? new Set<TowerId>()) : null;
}

/** Whether `p` may cap some tower now (true while the rules have not answered). */
export function mayCapWith(s: IceState, p: PieceId): boolean {
  return s.legal === null || (s.legal.caps.get(p)?.size ?? 0) > 0;
}

/** How a tower is marked on the table. */
export interface TowerMarks {
  /** The picked free-stander. */
  picked: boolean;
  opened: boolean;
  recent: boolean;
  /** Whether the capping piece may go onto it; null when nothing is capping or the rules have not answered. */
  target: boolean | null;
  /** Its panel offers this seat a mine (I7) or a split (I11). */
  canMine: boolean;
  /** A free-stander this seat may pick to cap with. */
  canPick: boolean;
  /** What its panel offers this seat now ("mine", "split", both, or ""), for tests and tools. */
  can: string;
}

export function towerMarks(s: IceState, t: TowerView): TowerMarks {
  const c = capping(s);
  const targets = capTargets(s);
  const l = s.legal;
  const play = playing(s);
  return {
    picked: s.capWith !== null && t.pieces.length === 1 && t.pieces[0] === s.capWith,
    opened: s.opened === t.id,
    recent: s.recent.has(t.id),
    target: targets ? targets.has(t.id) : null,
    canMine: play && c === null && Boolean(l?.mines.has(t.id) || l?.splits.has(t.id)),
    canPick: play && c === null && pickable(s, t) && mayCapWith(s, t.pieces[0]),
    can: play && c === null && l ? [l.mines.has(t.id) ? 'mine' : '', l.splits.has(t.id) ? 'split' : ''].filter(Boolean).join(' ') : '',
  };
}

/** The towers the 3-D table marks: the last step's, the opened one, the capping piece's targets. */
export function marked(s: IceState): Set<TowerId> {
  const m = new Set<TowerId>(s.recent.keys());
  if (s.opened !== null) m.add(s.opened);
  const c = capping(s);
  if (c !== null && s.legal) for (const id of s.legal.caps.get(c) ?? []) m.add(id);
  return m;
}

/** This seat's free-standers (and the ghost's), smallest first, then by tower. */
export function handPieces(s: IceState): { piece: PieceId; tower: TowerId; can: boolean }[] {
  const mine = (s.view?.towers ?? []).filter((t) => pickable(s, t)).map((t) => ({ piece: t.pieces[0], tower: t.id, can: mayCapWith(s, t.pieces[0]) }));
  return mine.sort((a, b) => piecePips(a.piece) - piecePips(b.piece) || a.tower - b.tower);
}

/** The bar: one main action, the set-down button, the status line. */
export interface Bar {
  label: string;
  /** What the main button does: ready, done, undone, or nothing (over, none, countdown, waiting). */
  action: string;
  disabled: boolean;
  /** The set-down button is shown (I9). */
  setDown: boolean;
  status: string;
  /** Which "what is left" case the status says (cap, no-cap, none), for tests. */
  plays: string;
}

export function bar(s: IceState): Bar | null {
  const v = s.view;
  if (!v) return null;
  const me = mySeat(s);
  const act = s.viewer.sends && me !== null && !v.ending;
  const started = v.started !== null;
  const setDown = act && started && Boolean(me!.holding);
  const b = (label: string, action: string, disabled: boolean, status: string, plays = ''): Bar => ({ label, action, disabled, setDown, status, plays });
  if (v.ending) return b('Game over', 'over', true, '');
  if (!act) return b(started ? 'Watching' : 'Waiting', 'none', true, started ? 'Watching: every action appears live.' : 'Waiting for the players to be ready.');
  if (!started && s.countdown !== null) return b(`Starting in ${s.countdown}…`, 'countdown', true, 'Get ready: your pyramids are the ones in the row below the table.');
  if (!started && !me!.ready) return b('Ready', 'ready', false, 'Press Ready: the game starts after a short countdown.');
  if (!started) return b('Waiting…', 'waiting', true, 'Waiting for everyone to be ready…');
  const held = me!.holding;
  if (held) {
    // I9: with no cap for the held piece, setting it down is what is left.
    return b('Done', 'done', true, s.legal && (s.legal.caps.get(held.piece)?.size ?? 0) === 0 ? 'No tower takes it: set it down.' : 'Cap a highlighted tower with it.');
  }
  if (me!.done) return b('Undo “done”', 'undone', false, 'You said you are done; the game ends when everyone is.');
  const left = leftToDo(s, v);
  return b('Done', 'done', false, left.text, left.plays);
}

/** What is left for this seat to do, by the rules' own list (I6, I7,
 *  I11), and the status line saying it: when none of its pyramids can
 *  cap, the table says so and what is left, rather than "pick one of
 *  your pyramids" (issue 49). `plays` marks the case for tests. */
function leftToDo(s: IceState, v: View): { text: string; plays: string } {
  const l = s.legal;
  const cs = colours(s);
  if (!l || [...l.caps.values()].some((t) => t.size > 0)) {
    const text = s.capWith !== null ? `Capping with ${pieceName(s.capWith, cs)}: click a highlighted tower.` : 'Pick one of your pyramids, then a tower to cap.';
    return { text, plays: l ? 'cap' : '' };
  }
  const others = v.seats.every((st, i) => i === s.viewer.seat || st.done);
  const finish = others ? 'press Done to end the game' : 'press Done if you have finished';
  const ways = [l.mines.size > 0 ? 'take one of yours out' : '', l.splits.size > 0 ? 'split it' : ''].filter(Boolean).join(' or ');
  if (ways) return { text: `None of your pyramids can cap now: click a tower outlined in orange to ${ways}, or ${finish}.`, plays: 'no-cap' };
  // I13: the game ends when everyone is done (or nobody can play), not at the timer.
  return { text: others ? 'No plays left: press Done to end the game.' : 'No plays left for now: press Done; the game ends when everyone is done.', plays: 'none' };
}

/** The opened tower's panel: its pieces top first, with what this seat may do to each. */
export interface Panel {
  tower: TowerView;
  /** Drawn over the half of the table away from the tower (its y at or below the middle). */
  atTop: boolean;
  rows: { piece: PieceId; index: number; mine: boolean; split: boolean }[];
  /** This seat may do nothing here by the rules' answer (their NOTHING_HERE hint, I7). */
  nothing: boolean;
}

export function panel(s: IceState): Panel | null {
  const t = s.opened === null ? undefined : towerOf(s, s.opened);
  if (!t) return null;
  const ys = s.view?.towers.map((x) => x.pos.y) ?? [0];
  const mid = (Math.min(...ys) + Math.max(...ys)) / 2;
  const act = mayUsePanel(s);
  const l = s.legal;
  const rows: Panel['rows'] = [];
  // Top of the tower first, as it is read from above.
  for (let i = t.pieces.length - 1; i >= 0; i--) {
    const p = t.pieces[i];
    // Only what the rules allow now is offered (all buried pieces when
    // the rules module could not answer: the server judges, I7).
    const mine = act && i < t.pieces.length - 1 && (l ? Boolean(l.mines.get(t.id)?.has(p)) : true);
    // A split between pieces i-1 and i (I11); without an answer, wherever
    // two neighbours share a colour, for the server to judge.
    const split = act && i > 0 && (l ? Boolean(l.splits.get(t.id)?.has(i)) : pieceColour(t.pieces[i - 1]) === pieceColour(p));
    rows.push({ piece: p, index: i, mine, split });
  }
  return { tower: t, atTop: t.pos.y <= mid, rows, nothing: act && l !== null && !l.mines.has(t.id) && !l.splits.has(t.id) };
}

/** A panel's buttons act only in play and with an empty hand (I5). */
function mayUsePanel(s: IceState): boolean {
  return playing(s) && !mySeat(s)?.holding;
}

// ---- the clocks: numbers, with the viewer's time passed in ----------------------

/** Whether the hold and game timers tick (a game not ended). */
export function ticking(s: IceState): boolean {
  return s.view !== null && !s.view.ending;
}

/** The table's time now, by the view's time and how long ago it came. */
function tableNow(s: IceState, now: number): number {
  return (s.view?.now ?? 0) + (now - s.received);
}

/** What is left of `seat`'s hold limit (I10), "4.2 s", or null with an empty hand. */
export function heldText(s: IceState, seat: number, now: number): string | null {
  const held = s.view?.seats[seat]?.holding;
  if (!held) return null;
  return `${(Math.max(0, held.deadline - tableNow(s, now)) / 1000).toFixed(1)} s`;
}

/** Whole seconds before the game timer rings (I13c), or null without one. */
export function gameTimeText(s: IceState, now: number): string | null {
  const v = s.view;
  if (!v || v.game_deadline === null) return null;
  return Math.max(0, (v.game_deadline - tableNow(s, now)) / 1000).toFixed(0);
}

// ---- the inputs -----------------------------------------------------------------

/** A view from the server: a step (live), a (re)sync, or a replay's frame,
 *  at the viewer's time `now`. Who may act comes from the view, not
 *  `toAct`: every seat may act at any time once started (I4). */
export function show(s: IceState, shown: Omit<Shown<View, Event>, 'told'>, now: number): IceState {
  const view = shown.view;
  // Only this step's own events are marked; a welcome's `past` is long
  // done (the table's history tells it).
  const recent = new Map<TowerId, Recent>();
  for (const e of shown.events) {
    if (e.type === 'capped') recent.set(e.onto, 'capped');
    if (e.type === 'split') recent.set(e.new_tower, 'split');
    if (e.type === 'set_down') recent.set(e.tower, 'set_down');
  }
  // The picked piece may have been capped onto or mined meanwhile (I4:
  // someone else got there first), or its tower may be gone.
  const capWith = s.capWith !== null && view.towers.some((t) => t.pieces.length === 1 && t.pieces[0] === s.capWith) ? s.capWith : null;
  const opened = s.opened !== null && view.towers.some((t) => t.id === s.opened) ? s.opened : null;
  // The game started (every seat ready, I4): no countdown is left to run.
  const countdown = view.started !== null ? null : s.countdown;
  return { ...s, view, received: now, recent, capWith, opened, countdown, finished: view.ending !== null };
}

/** After a view is drawn: the question to ask the rules for it, or none
 *  (no seat, nothing sent from here, not started, ended), which drops the
 *  last answer. */
export function askLegal(s: IceState): { state: IceState; ask: Ask | null } {
  const v = s.view;
  const seat = s.viewer.seat;
  if (!v || seat === null || !s.viewer.sends || v.started === null || v.ending) return { state: { ...s, legal: null }, ask: null };
  const asked = s.asked + 1;
  return { state: { ...s, asked }, ask: { asked, view: v, seat } };
}

/** The rules' answer to `ask`. Returns `s` itself when the table moved on meanwhile. */
export function legalAnswer(s: IceState, ask: Ask, actions: readonly Action[]): IceState {
  if (ask.asked !== s.asked || ask.view !== s.view) return s;
  return { ...s, legal: legalOf(actions) };
}

/** No rules module (or a view it cannot rebuild): no highlights; the server still judges every action. */
export function legalFailed(s: IceState): IceState {
  return { ...s, legal: null };
}

function send(s: IceState, action: Action): Result {
  return { state: { ...s, capWith: null, opened: null }, effect: { type: 'send', action } };
}

function pick(s: IceState, p: PieceId | null): Result {
  return { state: { ...s, capWith: p, opened: null }, effect: { type: 'draw' } };
}

function toggleOpen(s: IceState, id: TowerId): Result {
  return { state: { ...s, opened: s.opened === id ? null : id }, effect: { type: 'draw' } };
}

/** A click (or Enter) on a tower, on the table or in 3-D. */
export function clickTower(s: IceState, id: TowerId): Result {
  const v = s.view;
  const t = towerOf(s, id);
  if (!v || !t) return { state: s, effect: { type: 'none' } };
  // Before the start (I4), after the end (I13), or nothing sent from here: the panel only shows what the tower holds.
  if (!s.viewer.sends || v.started === null || v.ending) return toggleOpen(s, id);
  const held = mySeat(s)?.holding;
  // I5: with a piece in hand, a tower is where it goes.
  if (held) return send(s, { type: 'cap', piece: held.piece, onto: t.id });
  if (s.capWith !== null) {
    if (t.pieces.length === 1 && t.pieces[0] === s.capWith) return pick(s, null);
    // Another of your free-standers while one is picked: pick that one
    // instead, unless the picked one may cap it.
    if (pickable(s, t) && s.legal && !s.legal.caps.get(s.capWith)?.has(t.id)) return pick(s, t.pieces[0]);
    // Any other tower is sent, for the server to refuse in words if the rules do.
    return send(s, { type: 'cap', piece: s.capWith, onto: t.id });
  }
  // Your own (or the ghost's) free-stander is a piece to cap with; the
  // server will say if that cap is illegal.
  if (pickable(s, t)) return pick(s, t.pieces[0]);
  return toggleOpen(s, id);
}

/** A piece's button under the table: picked, or put back. */
export function pickPiece(s: IceState, p: PieceId): Result {
  if (!playing(s) || mySeat(s)?.holding) return { state: s, effect: { type: 'none' } };
  return pick(s, s.capWith === p ? null : p);
}

/** The main button: Ready (counts down first), Done (I12; with no play
 *  left it ends the game, I13a), or Undo "done". */
export function pressMain(s: IceState): Result {
  const a = bar(s)?.action;
  if (a === 'ready') {
    if (s.countdown !== null) return { state: s, effect: { type: 'none' } };
    return { state: { ...s, countdown: COUNTDOWN_S }, effect: { type: 'countdown' } };
  }
  if (a === 'done') return send(s, { type: 'done' });
  if (a === 'undone') return send(s, { type: 'undone' });
  return { state: s, effect: { type: 'none' } };
}

/** A second of the countdown: at zero "ready" is sent (the effect; the
 *  countdown is over), else the number is drawn, then `countedDown`. */
export function countdownTick(s: IceState): Result {
  if (s.countdown === null) return { state: s, effect: { type: 'none' } };
  if (s.countdown <= 0) return { state: { ...s, countdown: null }, effect: { type: 'send', action: { type: 'ready' } } };
  return { state: s, effect: { type: 'draw' } };
}

/** After a second of the countdown was drawn. */
export function countedDown(s: IceState): IceState {
  return s.countdown === null ? s : { ...s, countdown: s.countdown - 1 };
}

/** The set-down button (shown only with a piece in hand in play, I9). */
export function setDown(s: IceState): Result {
  return bar(s)?.setDown ? send(s, { type: 'set_down' }) : { state: s, effect: { type: 'none' } };
}

/** The panel's "Take it out" (I7). */
export function mine(s: IceState, tower: TowerId, piece: PieceId): Result {
  return mayUsePanel(s) ? send(s, { type: 'mine', tower, piece }) : { state: s, effect: { type: 'none' } };
}

/** The panel's "Split here" (I11): `at` pieces stay below. */
export function split(s: IceState, tower: TowerId, at: number): Result {
  return mayUsePanel(s) ? send(s, { type: 'split', tower, at }) : { state: s, effect: { type: 'none' } };
}

/** The panel's ×. */
export function closePanel(s: IceState): IceState {
  return { ...s, opened: null };
}
