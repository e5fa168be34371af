// The one hook for "where would it rest?" on the Leaning Towers table.
// Answering needs the physics, which this client never re-implements: the
// rules crate compiled to WebAssembly (`wasmPreview` below, plugged in by
// the table when it loads) answers, and the table draws the resting pose it
// returns. With no preview plugged in (tests, or a page where the module
// cannot load) the table shows the aim as the aim.

import { previewLeaning } from '../rules/wasm';
import type { Action, Pose, View } from '../wire/leaning';

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
