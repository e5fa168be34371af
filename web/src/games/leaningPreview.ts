// The one hook for "where would it rest?" on the Leaning Towers table.
// Answering needs the physics, which this client never re-implements: the
// rules crate compiled to WebAssembly (`wasmPreview` below, plugged in by
// the table when it loads) answers, and the table draws the resting pose it
// returns. With no preview plugged in (tests, or a page where the module
// cannot load) the table shows the aim as the aim.

import { ask } from '../rules/wasm';
import type { Action, Pose, SlipReason, View } from '../wire/leaning';

/** A placement by the seat to act, as `stackyard leaning judge` writes it:
 *  the input of the rules' `preview` question. */
export interface LeaningPlacement {
  kind: 'pyramid-small' | 'pyramid-medium' | 'pyramid-large';
  /** Centre of the base face where it is let go (mm). */
  position: [number, number, number];
  /** Rotation Rz·Ry·Rx (degrees); default [0, 0, 0]. */
  rotation_deg?: [number, number, number];
  /** Hold it instead of letting go (L12); default false. */
  hold?: boolean;
}

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

/** A clean pose the rules suggest (games/leaning/src/suggest.rs `Suggestion`):
 *  the answer of the rules' `suggest` question. */
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
 * What would happen if the seat to act in `view` made `placement`, hand
 * noise off, by the rules compiled to WebAssembly (their `preview`
 * question). `settings` are the table's (omitted: the defaults for the
 * view's seats).
 */
export function previewLeaning(view: unknown, placement: LeaningPlacement, settings?: unknown): Promise<LeaningPreview> {
  return ask<LeaningPreview>('leaning', 'preview', view, placement, settings);
}

/**
 * Clean poses for the seat to act in `view` to place a piece of `size`
 * (the rules' `suggest` question): steadiest first, next to piece `near`
 * first when given; empty when none was found within the budget.
 */
export function suggestLeaning(view: unknown, request: { size: string; near?: number | null; max?: number; budget?: number }, settings?: unknown): Promise<LeaningSuggestion[]> {
  return ask<LeaningSuggestion[]>('leaning', 'suggest', view, request, settings);
}

/** A placement to preview: exactly what would be sent. */
export type Placement = Extract<Action, { type: 'place' } | { type: 'hold' }>;

/** What a preview found: the game's own checks and referee on the view's
 *  world, without hand noise. */
export interface Preview {
  verdict: 'clean' | 'slip' | 'break' | 'wreck' | 'refused';
  /** For a refusal, the rule id (null for a pose inside another piece). */
  rule: string | null;
  /** For a refusal its message; for a slip its reason in words. */
  reason: string | null;
  /** What the seat would score or lose. */
  points: number;
  /** Where the piece would come to rest; null when refused. */
  rest_pose: Pose | null;
}

/** `(view, placement, the table's settings) => verdict with the resting pose`. */
export type PreviewFn = (view: View, placement: Placement, settings?: unknown) => Promise<Preview>;

let current: PreviewFn | null = null;

/** Plugs a judge preview in (or takes it out with null). */
export function setLeaningPreview(fn: PreviewFn | null): void {
  current = fn;
}

/** The preview plugged in, if any. */
export function leaningPreview(): PreviewFn | null {
  return current;
}

/** The preview the table uses: the Rust rules compiled to WebAssembly
 *  (loaded on the first call), judging on the view's own world by the
 *  table's settings (the defaults for the view's seats when unknown), with
 *  hand noise off. */
export const wasmPreview: PreviewFn = async (view, placement, settings) => {
  const p = await previewLeaning(view, {
    kind: `pyramid-${placement.size}`,
    position: placement.pose.position,
    rotation_deg: placement.pose.rotation_deg,
    hold: placement.type === 'hold',
  }, settings ?? undefined);
  return {
    verdict: p.verdict,
    rule: p.rule,
    reason: p.reason,
    points: p.points,
    rest_pose: p.verdict === 'refused' ? null : p.rest_pose,
  };
};
