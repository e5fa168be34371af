// What the Speedy Towers table keeps, as a plain object, and how each
// input it gets changes it: pure functions, no DOM, no three.js, no clock
// (times come in as arguments), so Node's test runner checks them without
// a browser (web/unit/speedy-state.test.ts). The table (speedy.ts) draws a
// state, feeds it the inputs and does the sending; speedy3d.ts animates
// the server's poses. Nothing here judges a rule: which piece fits which
// tower is the view's `hand.fits` (the server's), and a refusal is said by
// the table screen's message line, which leaves this state as it was.

import type { Seat } from '../protocol';
import type { Action, Card, Event, Look, PieceId, Placing, SeatView, TakeBack, TowerId, TowerView, View } from '../wire/speedy';
import { lookName, placingName } from './speedy-pieces';
import type { ReplaySeat, Shown } from './types';

export const NUDGE_MM = 1;
export const NUDGE_FAST_MM = 5;
export const TURN_DEG = 5;
export const TURN_FAST_DEG = 15;
/** How long a fall's badge stays on its tower's button. */
export const FELL_MS = 6000;

/** Where the piece in hand would be let go: a tower, the offset from its centre, the turn. */
export interface Aiming {
  readonly tower: TowerId | null;
  readonly x: number;
  readonly y: number;
  readonly rot: number;
}

/** Pieces fell at a tower after a drop (P10): what the tower's badge and
 *  the note over the 3-D table say, until `until`. */
export interface Fall {
  readonly tower: TowerId;
  /** Who let go of the piece that made them fall (null: the step did not say). */
  readonly by: Seat | null;
  readonly fallen: number;
  /** The taken-back piece's name, or null when none was taken back. */
  readonly takenBack: string | null;
  readonly pawnReturned: boolean;
  readonly until: number;
}

export interface SpeedyState {
  readonly viewer: ReplaySeat;
  readonly view: View | null;
  /** The piece in hand (a coin with the face that will be up). */
  readonly picked: Placing | null;
  readonly aim: Aiming;
  /** P10's choice, made before the race, changeable in a fold. */
  readonly takeBack: TakeBack;
  /** Ended at the table (a resignation, a clock) though the game's own view has no ending. */
  readonly overAtTable: boolean;
  /** The latest fall by tower, for the tower list's badge. */
  readonly fellAt: ReadonlyMap<TowerId, Fall>;
  /** The falls of the step just shown (live only), for the notes over the table. */
  readonly newFalls: readonly Fall[];
}

/** What an input asks of the table besides a new state. */
export type Effect =
  /** Nothing to draw. */
  | { type: 'none' }
  /** Draw everything. */
  | { type: 'draw' }
  /** Only the aim moved: its bar, the main button and the ghost, nothing under the pointer rebuilt. */
  | { type: 'aim' }
  /** Send this action (the state's own drawing waits for the server's step). */
  | { type: 'send'; action: Action }
  /** The camera looks at the whole table again. */
  | { type: 'resetView' };

export interface Result {
  state: SpeedyState;
  effect: Effect;
}

const NO_AIM: Aiming = { tower: null, x: 0, y: 0, rot: 0 };

export function initial(viewer: ReplaySeat, takeBack: TakeBack): SpeedyState {
  return { viewer, view: null, picked: null, aim: NO_AIM, takeBack, overAtTable: false, fellAt: new Map(), newFalls: [] };
}

export const samePlacing = (a: Placing, b: Placing): boolean =>
  a.kind === b.kind && (a.kind !== 'coin' || (b.kind === 'coin' && a.coin === b.coin && a.face === b.face));

// ---- reading the state ---------------------------------------------------------

/** Whether this seat is in the race: seated with a pile, started, not over. */
export function playing(s: SpeedyState): boolean {
  const v = s.view;
  return s.viewer.sends && v !== null && v.hand !== null && v.started !== null && v.ending === null && !s.overAtTable;
}

export function me(s: SpeedyState): SeatView | null {
  return s.view && s.viewer.seat !== null ? (s.view.seats[s.viewer.seat] ?? null) : null;
}

export function towerOf(s: SpeedyState, id: TowerId | null): TowerView | undefined {
  return id === null ? undefined : s.view?.towers.find((t) => t.id === id);
}

/** The towers `p` fits now, by the view's `hand.fits`. */
export function fitsOf(s: SpeedyState, p: Placing | null): TowerId[] {
  return p ? (s.view?.hand?.fits.find((f) => samePlacing(f.piece, p))?.towers ?? []) : [];
}

/** The pieces that fit some tower, in the view's order (N, P). */
export function options(s: SpeedyState): Placing[] {
  return s.view?.hand?.fits.filter((f) => f.towers.length > 0).map((f) => f.piece) ?? [];
}

export function coinCard(s: SpeedyState, id: PieceId): Card | undefined {
  return s.view?.hand?.coins.find((c) => c.coin === id)?.card;
}

export function pickedName(s: SpeedyState): string {
  return s.picked ? placingName(s.picked, (id) => coinCard(s, id), me(s)?.face_up?.card) : '';
}

/** Whether the piece in hand fits the aimed tower (Let go is allowed). */
export function aimFits(s: SpeedyState): boolean {
  const t = towerOf(s, s.aim.tower);
  return s.picked !== null && t !== undefined && fitsOf(s, s.picked).includes(t.id);
}

/** The tower's fall badge while it lasts at the viewer's time `now`. */
export function fallOn(s: SpeedyState, id: TowerId, now: number): Fall | undefined {
  const f = s.fellAt.get(id);
  return f && f.until > now ? f : undefined;
}

/** The main button: what it says and does (null: hidden). */
export interface Main {
  label: string;
  action: 'ready' | 'waiting' | 'place' | 'over' | null;
  disabled: boolean;
}

export function main(s: SpeedyState): Main | null {
  const v = s.view;
  if (!v) return null;
  const seated = s.viewer.sends && me(s) !== null;
  if (v.ending || s.overAtTable) return { label: 'Game over', action: seated ? 'over' : null, disabled: true };
  if (!seated) return { label: '', action: null, disabled: true };
  if (v.started === null && !me(s)!.ready) return { label: 'Ready', action: 'ready', disabled: false };
  if (v.started === null) return { label: 'Waiting…', action: 'waiting', disabled: true };
  return { label: 'Let go', action: 'place', disabled: !aimFits(s) };
}

/** The game's ending in words, from the viewer's side ("You crowned …",
 *  not the seat's name), or null while it runs. */
export function endWords(s: SpeedyState, seatLabel: (seat: Seat) => string): string | null {
  const e = s.view?.ending;
  if (!e) return null;
  const who = e.winners.map((w) => (w === s.viewer.seat ? 'you' : seatLabel(w))).join(' and ') || 'nobody';
  return e.reason === 'pawn'
    ? `Game over: ${who.charAt(0).toUpperCase()}${who.slice(1)} crowned the highest tower with a pawn.`
    : `Game over: nobody could place any more; fewest pieces left wins: ${who}.`;
}

// ---- the server's views ---------------------------------------------------------

/** The falls a step's events describe: each `settled` with fallen pieces,
 *  at the tower of the `placed` before it. `looks` names the pieces as
 *  they were before the step. */
function fallsOf(events: readonly Event[], looks: Map<PieceId, Look>, now: number): Fall[] {
  const falls: Fall[] = [];
  let at: TowerId | null = null;
  let by: Seat | null = null;
  for (const e of events) {
    if (e.type === 'placed') {
      at = e.tower;
      by = e.seat;
      looks.set(e.piece, e.look);
    }
    if (e.type !== 'settled' || at === null || e.fallen.length === 0) continue;
    const taken = e.taken_back === null ? undefined : looks.get(e.taken_back);
    falls.push({
      tower: at,
      by,
      fallen: e.fallen.length,
      takenBack: e.taken_back === null ? null : taken ? lookName(taken) : 'a piece',
      pawnReturned: e.pawn_returned !== null,
      until: now + FELL_MS,
    });
  }
  return falls;
}

/** A view from the server: a step (live), a (re)sync, the game starting,
 *  or a replay's frame, at the viewer's time `now`. */
export function show(s: SpeedyState, shown: Omit<Shown<View, Event>, 'told'>, now: number): SpeedyState {
  const view = shown.view;
  const looks = new Map<PieceId, Look>();
  for (const t of s.view?.towers ?? []) for (const p of t.pieces) looks.set(p.piece, p.look);
  let next: SpeedyState = { ...s, view, overAtTable: shown.outcome !== null || shown.ending !== null, newFalls: [] };
  // What was in hand may have gone (placed, or the view moved on).
  if (next.picked && !view.hand?.fits.some((f) => samePlacing(f.piece, next.picked!))) next = { ...next, picked: null };
  if (next.aim.tower !== null && !towerOf(next, next.aim.tower)) next = { ...next, aim: { ...next.aim, tower: null } };
  if (shown.live && !s.viewer.inReplay) {
    const newFalls = fallsOf(shown.events, looks, now);
    if (newFalls.length > 0) {
      const fellAt = new Map(s.fellAt);
      for (const f of newFalls) fellAt.set(f.tower, f);
      next = { ...next, fellAt, newFalls };
    }
  }
  return next;
}

// ---- choosing and aiming --------------------------------------------------------

/** Aims at a tower: a new tower starts from its centre. */
export function aimAt(s: SpeedyState, id: TowerId): SpeedyState {
  return { ...s, aim: s.aim.tower === id ? s.aim : { ...s.aim, tower: id, x: 0, y: 0 } };
}

/** Picks a piece (null: puts it back); a piece that does not fit the
 *  aimed tower is aimed at the first tower it fits. */
export function pick(s: SpeedyState, p: Placing | null): SpeedyState {
  const fits = fitsOf(s, p);
  const next = { ...s, picked: p };
  return p && fits.length && (s.aim.tower === null || !fits.includes(s.aim.tower)) ? aimAt(next, fits[0]) : next;
}

/** A pick button: the piece, or put back when it is the one in hand. */
export function togglePick(s: SpeedyState, p: Placing): SpeedyState {
  return pick(s, s.picked !== null && samePlacing(s.picked, p) ? null : p);
}

/** The offset from the aimed tower's centre, to a tenth of a millimetre, within the room's limit. */
export function setOffset(s: SpeedyState, x: number, y: number): SpeedyState {
  const max = s.view?.max_offset_mm ?? 70;
  const clamp = (v: number) => Math.max(-max, Math.min(max, Math.round(v * 10) / 10));
  return { ...s, aim: { ...s.aim, x: clamp(x), y: clamp(y) } };
}

/** The ghost dragged to a point of the table (mm): the offset from the aimed tower. */
export function dragTo(s: SpeedyState, x: number, y: number): SpeedyState {
  const t = towerOf(s, s.aim.tower);
  return t ? setOffset(s, x - t.centre_mm[0], y - t.centre_mm[1]) : s;
}

/** A nudge as seen on screen, the camera at `azimuth`: "up" is away from the camera, whichever way it looks. */
export function nudge(s: SpeedyState, right: number, up: number, azimuth: number): SpeedyState {
  const c = Math.cos(azimuth);
  const sn = Math.sin(azimuth);
  return setOffset(s, s.aim.x + right * c - up * sn, s.aim.y + right * sn + up * c);
}

const degrees = (d: number) => ((d % 360) + 360) % 360;

/** Turns the aim by `deg`. */
export function turn(s: SpeedyState, deg: number): SpeedyState {
  return { ...s, aim: { ...s.aim, rot: degrees(s.aim.rot + deg) } };
}

/** The ring dragged to `deg`. */
export function turnTo(s: SpeedyState, deg: number): SpeedyState {
  return { ...s, aim: { ...s.aim, rot: degrees(Math.round(deg)) } };
}

function cycle<T>(list: T[], current: T | null, same: (a: T, b: T) => boolean, step: number): T | null {
  if (!list.length) return null;
  const i = current === null ? -1 : list.findIndex((x) => same(x, current));
  return list[(i + step + list.length * 2) % list.length] ?? null;
}

/** The next (or previous) tower the piece in hand fits, or any tower. */
export function nextTower(s: SpeedyState, step: number): SpeedyState {
  if (!s.view) return s;
  const fits = fitsOf(s, s.picked);
  const next = cycle(fits.length ? fits : s.view.towers.map((t) => t.id), s.aim.tower, (a, b) => a === b, step);
  return next === null ? s : aimAt(s, next);
}

/** P10's choice for falls. */
export function chooseTakeBack(s: SpeedyState, takeBack: TakeBack): SpeedyState {
  return { ...s, takeBack };
}

// ---- sending ---------------------------------------------------------------------

/** Lets go of the piece in hand over the aimed tower, if it fits there;
 *  the next aim starts from the centre again. */
export function letGo(s: SpeedyState): Result {
  const t = towerOf(s, s.aim.tower);
  if (!s.picked || !t || !playing(s) || !fitsOf(s, s.picked).includes(t.id)) return { state: s, effect: { type: 'none' } };
  const { aim } = s;
  return {
    state: { ...s, aim: { ...aim, x: 0, y: 0 } },
    effect: { type: 'send', action: { type: 'place', piece: s.picked, tower: t.id, aim: { x_mm: aim.x, y_mm: aim.y, rotation_deg: aim.rot }, take_back: s.takeBack } },
  };
}

/** The main button: Ready before the race, Let go during it. */
export function pressMain(s: SpeedyState): Result {
  const a = main(s)?.action;
  if (a === 'ready') return { state: s, effect: { type: 'send', action: { type: 'ready' } } };
  if (a === 'place') return letGo(s);
  return { state: s, effect: { type: 'none' } };
}

/** A key pressed over the page (not in a text field), with Shift as
 *  `fast`, on a button or not, the camera at `azimuth`; null when it is not
 *  one of the table's keys (the browser keeps it). */
export function key(s: SpeedyState, k: string, o: { fast: boolean; onButton: boolean; azimuth: number }): Result | null {
  const r = (state: SpeedyState, type: 'draw' | 'aim'): Result => ({ state, effect: { type } });
  const sends = (action: Action): Result => ({ state: s, effect: { type: 'send', action } });
  if (!s.view) return null;
  if (k === 'v') return { state: s, effect: { type: 'resetView' } };
  if (!playing(s)) {
    const st = me(s);
    return k === 'Enter' && !o.onButton && s.viewer.sends && st && !st.ready && s.view.started === null ? sends({ type: 'ready' }) : null;
  }
  const step = o.fast ? NUDGE_FAST_MM : NUDGE_MM;
  const deg = o.fast ? TURN_FAST_DEG : TURN_DEG;
  switch (k) {
    case 'r':
      return sends({ type: 'reveal' });
    case 'h':
      return sends({ type: 'hide' });
    case 'n':
    case 'p':
      return r(pick(s, cycle(options(s), s.picked, samePlacing, k === 'n' ? 1 : -1)), 'draw');
    case 'f':
      return s.picked?.kind === 'coin' ? r(pick(s, { ...s.picked, face: s.picked.face === 'suit' ? 'value' : 'suit' }), 'draw') : { state: s, effect: { type: 'none' } };
    case 't':
      return r(nextTower(s, o.fast ? -1 : 1), 'draw');
    case 'ArrowLeft':
      return r(nudge(s, -step, 0, o.azimuth), 'aim');
    case 'ArrowRight':
      return r(nudge(s, step, 0, o.azimuth), 'aim');
    case 'ArrowUp':
      return r(nudge(s, 0, step, o.azimuth), 'aim');
    case 'ArrowDown':
      return r(nudge(s, 0, -step, o.azimuth), 'aim');
    case 'q':
      return r(turn(s, deg), 'aim');
    case 'e':
      return r(turn(s, -deg), 'aim');
    case 'c':
      return r(setOffset(s, 0, 0), 'aim');
    case 'Enter':
      return o.onButton ? null : letGo(s);
    case 'Escape':
      return r(pick(s, null), 'draw');
    default:
      return null;
  }
}
