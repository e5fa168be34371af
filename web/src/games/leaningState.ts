// What the Leaning Towers table keeps, as a plain object, and how each
// message it gets changes it: pure functions, no DOM, no three.js, no
// rules module, so Node's test runner checks them without a browser
// (web/unit/leaning-state.test.ts). The table (leaning.ts) draws a state,
// feeds it the server's views, their events in the game's words, its
// refusals and the player's aim, and asks the rules for suggestions and
// previews. Nothing here judges: the sizes on offer are the view's
// `turn.sizes` (L8, L-10) and every verdict is the server's.

import type { Action, Event, PieceId, Pose, Size, Suggestion, View } from '../wire/leaning';
import type { Narration } from '../generated/core';
import type { ReplaySeat, Shown } from './types';

/** How many of the other seats' verdicts stay under yours (the rest are in the log). */
export const OTHERS_SHOWN = 3;
/** How many lines the table's log keeps. */
export const LOG_KEPT = 60;

/** A line the table says about what happened: the game's own words
 *  (`Narration`), its kind the table's (clean, slip, …, or refused). */
export type VerdictLine = Omit<Narration, 'kind'> & {
  kind: 'clean' | 'slip' | 'break' | 'wreck' | 'held' | 'refused' | 'passed' | 'info';
};

export interface LogLine {
  text: string;
  kind: VerdictLine['kind'];
  rule?: string | null;
}

export interface LeaningState {
  readonly viewer: ReplaySeat;
  readonly view: View | null;
  /** The picked size, while the view allows it. */
  readonly size: Size | null;
  /** The aimed pose (where the piece is let go, not where it rests). */
  readonly pose: Pose | null;
  /** Whether the player moved the aim since picking: a late suggestion never yanks an aim the player is working on. */
  readonly aimTouched: boolean;
  /** An action is on its way: one at a time, until the server's next view or refusal. */
  readonly pending: boolean;
  /** Your newest verdict (or refusal, or pass), until dismissed or replaced by your next. */
  readonly ownVerdict: VerdictLine | null;
  /** What the other seats did since (newest last); in a replay, the frame's last verdict. */
  readonly others: readonly VerdictLine[];
  readonly log: readonly LogLine[];
  /** Resting poses the rules suggested for the picked size; the aim starts from the first. */
  readonly suggestions: readonly Suggestion[];
  readonly suggestionAt: number;
  /** The piece suggestions should build on, or any. */
  readonly near: PieceId | null;
  /** The first-placement tutorial is shown, until this browser's first placement. */
  readonly tutorial: boolean;
  /** Pieces the last live step brought, by where they glide in from (drawn once, then `arrived`). */
  readonly arriving: ReadonlyMap<PieceId, Pose>;
}

export function initial(viewer: ReplaySeat, tutorial: boolean): LeaningState {
  return {
    viewer,
    view: null,
    size: null,
    pose: null,
    aimTouched: false,
    pending: false,
    ownVerdict: null,
    others: [],
    log: [],
    suggestions: [],
    suggestionAt: 0,
    near: null,
    tutorial: tutorial && !viewer.inReplay,
    arriving: new Map(),
  };
}

// ---- reading the state ---------------------------------------------------------

export function myTurn(s: LeaningState): boolean {
  return s.view !== null && s.viewer.sends && s.viewer.seat !== null && s.view.to_act === s.viewer.seat;
}

/** Whether the view offers size `z` now (L8, L-10). */
export function allowed(s: LeaningState, z: Size): boolean {
  return s.view?.turn?.sizes.includes(z) ?? false;
}

/** A fresh aim: upright, its base just off the table, in front of the
 *  structure (on the viewer's side, where the camera starts). */
export function freshPose(s: LeaningState): Pose {
  const ps = s.view?.pieces.filter((p) => p.status !== 'boxed') ?? [];
  const xs = ps.map((p) => p.pose.position[0]);
  const ys = ps.map((p) => p.pose.position[1]);
  const x = xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
  const y = ys.length ? Math.min(...ys) - 60 : 0;
  return { position: [Math.round(x), Math.round(y), 0.5], rotation_deg: [0, 0, 0] };
}

// ---- the aim ---------------------------------------------------------------------

/** To the aim's own steps (0.001 mm, 0.001°), as the keys and inputs move it. */
const r3 = (v: number) => Math.round(v * 1000) / 1000;

/** Picks a size the view allows, on this seat's turn (else null): a new
 *  size is aimed afresh by the player's hand, from a fresh pose if none. */
export function pick(s: LeaningState, z: Size): LeaningState | null {
  if (!myTurn(s) || !allowed(s, z)) return null;
  const changed = s.size !== z;
  return { ...s, size: z, aimTouched: changed ? false : s.aimTouched, pose: s.pose ?? freshPose(s) };
}

/** The player moved the aim (keys, inputs, gizmo). */
export function aimed(s: LeaningState, pose: Pose): LeaningState {
  return { ...s, pose, aimTouched: true };
}

/** A nudge in mm, never below the table. */
export function nudge(s: LeaningState, dx: number, dy: number, dz: number): LeaningState {
  if (!s.pose) return s;
  const [x, y, z] = s.pose.position;
  return aimed(s, { ...s.pose, position: [r3(x + dx), r3(y + dy), r3(Math.max(0, z + dz))] });
}

/** Esc: aim afresh (with a size picked). */
export function aimAfresh(s: LeaningState): LeaningState {
  return s.size ? { ...s, pose: freshPose(s) } : s;
}

/** The aim goes to suggestion `i` (wrapping), untouched by the player. */
export function useSuggestion(s: LeaningState, i: number): LeaningState {
  const n = s.suggestions.length;
  if (!n) return s;
  const at = ((i % n) + n) % n;
  const sp = s.suggestions[at].pose;
  return { ...s, suggestionAt: at, aimTouched: false, pose: { position: sp.position.map(r3) as Pose['position'], rotation_deg: sp.rotation_deg.map(r3) as Pose['rotation_deg'] } };
}

/** The rules' suggestions for the picked size: the aim jumps to the first unless the player moved it. */
export function suggested(s: LeaningState, list: readonly Suggestion[]): LeaningState {
  const next = { ...s, suggestions: list, suggestionAt: 0 };
  return list.length && !s.aimTouched ? useSuggestion(next, 0) : next;
}

/** The suggestions are asked again (a new size, another piece to build on): none until they come. */
export function suggesting(s: LeaningState, near: PieceId | null = s.near): LeaningState {
  return { ...s, near, suggestions: [] };
}

// ---- sending ---------------------------------------------------------------------

export interface Sent {
  state: LeaningState;
  /** What to send, or null: nothing may be sent from here, or an action is on its way. */
  action: Action | null;
}

/** One action at a time (until the server's next view or refusal). */
export function send(s: LeaningState, action: Action): Sent {
  return s.viewer.sends && !s.pending ? { state: { ...s, pending: true }, action } : { state: s, action: null };
}

/** Place or hold (L12) the aimed piece, if its size is allowed (and a hold offered). */
export function place(s: LeaningState, kind: 'place' | 'hold'): Sent {
  if (!s.size || !s.pose || !allowed(s, s.size) || (kind === 'hold' && !s.view?.turn?.hold)) return { state: s, action: null };
  return send(s, { type: kind, size: s.size, pose: s.pose });
}

/** Enter and the main button: let go of a held piece (L12, L-14), else place. */
export function placeOrRelease(s: LeaningState): Sent {
  return s.view?.turn?.release ? send(s, { type: 'release' }) : place(s, 'place');
}

// ---- the server's messages -------------------------------------------------------

/** A view from the server: a step (live), a (re)sync, or a replay's frame.
 *  Its events in words come later, through `said`. */
export function show(s: LeaningState, shown: Omit<Shown<View, Event>, 'told'>): LeaningState {
  const before = s.view;
  const me = s.viewer.seat;
  let next: LeaningState = { ...s, view: shown.view, pending: false };
  const arriving = new Map(s.arriving);
  for (const e of shown.events) {
    if (shown.live && (e.type === 'placed' || e.type === 'held')) {
      // Glide in from above where it now rests (or, for a released
      // piece, from where it was held).
      const old = before?.pieces.find((p) => p.id === e.piece);
      const to = e.pose;
      arriving.set(e.piece, old ? old.pose : { position: [to.position[0], to.position[1], to.position[2] + 60], rotation_deg: to.rotation_deg });
    }
    if ((e.type === 'placed' || e.type === 'held' || (e.type === 'failed' && e.forfeited)) && e.seat === me) {
      // The piece is out of hand: aim afresh next turn; the first placement is done.
      next = { ...next, size: null, pose: null, suggestions: [], tutorial: false };
    } else if (e.type === 'failed' && e.seat === me && next.suggestions.length > 1) {
      // A slip: the table is put back; the next suggestion is the next try.
      next = useSuggestion(next, next.suggestionAt + 1);
    } else if ((e.type === 'placed' || e.type === 'held' || e.type === 'failed') && e.seat !== me) {
      // Someone else changed the table: old suggestions may no longer rest.
      next = { ...next, suggestions: [] };
    }
  }
  next = { ...next, arriving };
  if (next.size && !allowed(next, next.size)) next = { ...next, size: null };
  return next;
}

/** The arriving pieces were drawn gliding in. */
export function arrived(s: LeaningState): LeaningState {
  return s.arriving.size ? { ...s, arriving: new Map() } : s;
}

/** The kind of line an event makes on the table (its class and data-kind). */
export function lineKind(e: Event): VerdictLine['kind'] {
  switch (e.type) {
    case 'placed':
      return 'clean';
    case 'held':
      return 'held';
    case 'failed':
      return e.verdict === 'clean' ? 'slip' : e.verdict;
    case 'passed':
      return 'passed';
    default:
      return 'info';
  }
}

/** A step's events in the game's words (one line per event, each with the
 *  rule it cites): the log gets each, the verdicts the newest that count,
 *  yours on top and the others' since under it. In a replay only the
 *  frame's last verdict shows. Lines that do not match the events (the
 *  rules module answered for something else) change nothing. */
export function said(s: LeaningState, events: readonly Event[], lines: readonly Narration[]): LeaningState {
  if (!events.length || lines.length !== events.length) return s;
  const told: VerdictLine[] = lines.map((l, i) => ({ kind: lineKind(events[i]), text: l.text, mine: l.mine, rule: l.rule }));
  if (s.viewer.inReplay) {
    const last = [...told].reverse().find((d) => d.kind !== 'info');
    return { ...s, others: last ? [last] : [] };
  }
  let { ownVerdict, others } = s;
  const log = [...s.log];
  for (const d of told) {
    log.push({ text: d.text, kind: d.kind, rule: d.rule });
    if (d.kind === 'info') continue;
    if (d.mine) {
      ownVerdict = d;
      others = [];
    } else others = [...others, d].slice(-OTHERS_SHOWN);
  }
  return { ...s, ownVerdict, others, log: log.slice(-LOG_KEPT) };
}

/** The server refused this seat's action (its sentence, the rule id): said
 *  as your verdict and in the log; the table itself is as it was. */
export function refused(s: LeaningState, message: string, rule: string | null): LeaningState {
  const ownVerdict: VerdictLine = { kind: 'refused', mine: true, rule, text: `Refused: ${message.replace(/\.$/, '')}. Nothing changed.` };
  return { ...s, pending: false, ownVerdict, log: [...s.log, { text: ownVerdict.text, kind: 'refused' as const, rule }].slice(-LOG_KEPT) };
}

/** The × on your verdict. */
export function dismiss(s: LeaningState): LeaningState {
  return { ...s, ownVerdict: null };
}

/** "Got it", or the first placement made. */
export function endTutorial(s: LeaningState): LeaningState {
  return { ...s, tutorial: false };
}
