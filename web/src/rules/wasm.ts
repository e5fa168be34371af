// The rules themselves, compiled to WebAssembly (shells/wasm, built into
// ./pkg by scripts/wasm): the same Rust code the server runs, so the
// browser never re-implements a rule. Two modules: the full one (every
// game, with the physics of Speedy and Leaning Towers) and a small one
// without physics (Towers, Tower of Babel, IceTowers), which a replay of
// those games loads instead. Each is fetched on its first use only (a
// dynamic import: Vite puts each with its .wasm in their own chunk), so
// screens that never call them never load them.
//
// Every Rust export answers `{"ok": value}` or `{"error": "what was wrong"}`;
// here an error becomes a rejected promise with a RulesError.

import type { Frame, Viewer } from '../protocol';

type RulesModule = typeof import('./pkg/stackyard_rules');
type LiteModule = typeof import('./pkg/stackyard_rules_lite');

/** Bad input (or a module that would not load), in the rules' own words. */
export class RulesError extends Error {
  override name = 'RulesError';
}

let full: Promise<RulesModule> | null = null;
let lite: Promise<LiteModule> | null = null;

async function instantiate<M extends { default: () => Promise<unknown> }>(load: () => Promise<M>): Promise<M> {
  try {
    const m = await load();
    await m.default();
    return m;
  } catch (e) {
    throw new RulesError(`the rules module did not load: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Loads and instantiates the full module once (every game); later calls share it. */
export function loadRules(): Promise<RulesModule> {
  full ??= instantiate(() => import('./pkg/stackyard_rules')).catch((e: unknown) => {
    full = null;
    throw e;
  });
  return full;
}

/** The small module without physics (Towers, Tower of Babel, IceTowers). */
function loadLite(): Promise<LiteModule> {
  lite ??= instantiate(() => import('./pkg/stackyard_rules_lite')).catch((e: unknown) => {
    lite = null;
    throw e;
  });
  return lite;
}

/**
 * Calls into a module. The Rust side answers bad input with an error value;
 * a trap (a panic inside it, which should not happen) leaves the instance
 * unusable, so the next call loads a fresh one.
 */
function call(which: 'full' | 'lite', run: () => string): string {
  try {
    return run();
  } catch (e) {
    if (which === 'full') full = null;
    else lite = null;
    throw new RulesError(`the rules module stopped (${e instanceof Error ? e.message : String(e)}); the next call starts it again`);
  }
}

function unwrap<T>(answer: string): T {
  const parsed = JSON.parse(answer) as { ok: T } | { error: string };
  if ('error' in parsed) throw new RulesError(parsed.error);
  return parsed.ok;
}

export interface GameName {
  name: string;
  title: string;
  engine: string;
}

/** Every game the module knows, in lobby order. */
export async function ruleGames(): Promise<GameName[]> {
  const m = await loadRules();
  return unwrap<GameName[]>(call('full', () => m.games()));
}

export interface OfflineReplay {
  game: string;
  title: string;
  frames: Frame[];
}

/**
 * A record (stackyard_core::Record as JSON: the server's
 * /api/v1/tables/{id}/record, or a file from `--out`) stepped through by the
 * real rules: frame 0 is the start, frame i the table after action i, as
 * `viewer` sees it (default: a spectator). The same frames the server's
 * /replay endpoint serves.
 */
export async function replayRecord(record: unknown, viewer: Viewer = { type: 'spectator' }): Promise<OfflineReplay> {
  const text = typeof record === 'string' ? record : JSON.stringify(record);
  let game: unknown = undefined;
  try {
    game = (JSON.parse(text) as { game?: unknown } | null)?.game;
  } catch {
    // Not JSON: the rules say so below, in their words.
  }
  // The small module when it knows the game; the full one otherwise (it
  // knows every game, and names them when the record's is none of them).
  const small = await loadLite();
  const knows = unwrap<GameName[]>(call('lite', () => small.games())).some((g) => g.name === game);
  const m = knows ? small : await loadRules();
  return unwrap<OfflineReplay>(call(knows ? 'lite' : 'full', () => m.replay(text, JSON.stringify(viewer))));
}

// ---- Leaning Towers preview ------------------------------------------------

export type Vec3 = [number, number, number];

/** A pose in the physics table's units: millimetres, Rz·Ry·Rx degrees. */
export interface Pose {
  position: Vec3;
  rotation_deg: Vec3;
}

export type PyramidKind = 'pyramid-small' | 'pyramid-medium' | 'pyramid-large';

/** A placement by the seat to act, as `stackyard leaning judge` writes it. */
export interface LeaningPlacement {
  kind: PyramidKind;
  /** Centre of the base face where it is let go (mm). */
  position: Vec3;
  /** Rotation Rz·Ry·Rx (degrees); default [0, 0, 0]. */
  rotation_deg?: Vec3;
  /** Hold it instead of letting go (L12); default false. */
  hold?: boolean;
}

export type SlipReason = 'corners' | 'contacts' | 'pushed_past_pips' | 'slid_away' | 'never_rested' | 'no_room' | 'point_on_inside_point';

/** What the physics predicts, hand noise off (games/leaning/src/preview.rs `Preview`). */
export interface LeaningPreview {
  verdict: 'clean' | 'slip' | 'break' | 'wreck' | 'refused';
  /** For a refusal, the rule id (null for a pose inside another piece). */
  rule: string | null;
  /** For a refusal, the message; for a slip, its reason in words. */
  reason: string | null;
  slip: SlipReason | null;
  /** The new piece's id (null when refused or with no room). */
  piece: number | null;
  /** Other pieces disturbed (ids). */
  disturbed: number[];
  table_corners: number;
  /** Pieces it touches at rest (ids). */
  touching: number[];
  level: number;
  /** Points for the placing seat: L10 when clean, 0 for a slip, the break or wreck penalty. */
  points: number;
  moved_mm: number;
  rest_pose: Pose;
  rested: boolean;
  /** Every piece's pose when the run ended, by id; the new piece last. */
  poses: Pose[];
}

/**
 * What would happen if the seat to act in `view` (a Leaning Towers view as
 * the server sent it; its physics world is what is simulated) made
 * `placement`, with hand noise off. `settings` are the table's settings
 * (TableSummary.settings); omitted, the defaults for the view's seats.
 * Rejects with a RulesError naming bad input.
 */
export async function previewLeaning(view: unknown, placement: LeaningPlacement, settings?: unknown): Promise<LeaningPreview> {
  const m = await loadRules();
  return unwrap<LeaningPreview>(
    call('full', () => m.previewLeaning(JSON.stringify(view), JSON.stringify(placement), settings === undefined ? '' : JSON.stringify(settings))),
  );
}

// ---- IceTowers: what a seat may do now ------------------------------------

/**
 * Every action IceTowers allows `seat` now, judged by the rules themselves
 * (games/icetowers `IceTowers::legal_actions`, on the table rebuilt from
 * `view`, as the server sent it): the page highlights the legal caps and
 * mines from this list and never re-types a rule. The small module (no
 * physics) answers.
 */
export async function iceLegal<A = unknown>(view: unknown, seat: number): Promise<A[]> {
  const m = await loadLite();
  return unwrap<A[]>(call('lite', () => m.iceLegal(JSON.stringify(view), seat)));
}

// ---- Leaning Towers: suggested poses ----------------------------------------

/** A clean pose the rules suggest (games/leaning/src/suggest.rs `Suggestion`). */
export interface LeaningSuggestion {
  size: 'small' | 'medium' | 'large';
  pose: Pose;
  how: 'lean' | 'rest';
  target: number;
  points: number;
  steady: number;
  shifts: number;
}

/**
 * Poses for the seat to act in `view` to place a piece of `size` from:
 * each judged clean by the same preview (hand noise off), the steadiest
 * under a hand-noise step first; next to piece `near` first when given.
 * Empty when none was found within the budget of physics runs.
 */
export async function suggestLeaning(view: unknown, ask: { size: string; near?: number | null; max?: number; budget?: number }, settings?: unknown): Promise<LeaningSuggestion[]> {
  const m = await loadRules();
  return unwrap<LeaningSuggestion[]>(
    call('full', () => m.suggestLeaning(JSON.stringify(view), JSON.stringify(ask), settings === undefined || settings === null ? '' : JSON.stringify(settings))),
  );
}
