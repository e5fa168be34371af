// The one hook for "where would it rest?" on the Leaning Towers table.
// Answering needs the physics, which this client never re-implements: the
// rules crate compiled to WebAssembly (`wasmPreview` below, plugged in by
// the table when it loads) answers, and the table draws the resting pose it
// returns. With no preview plugged in (tests, or a page where the module
// cannot load) the table shows the aim as the aim.

import { ask } from '../rules/wasm';
import type { Action, Pose, Preview, PreviewPlacement, Suggestion, SuggestionAsk, View } from '../wire/leaning';

// The questions' inputs and answers are the Rust types themselves
// (games/leaning/src/preview.rs `Placement` and `Preview`, suggest.rs `Ask`
// and `Suggestion`), generated into src/generated/leaning.ts by typegen:
// nothing here restates their shape.

/**
 * What would happen if the seat to act in `view` made `placement`, hand
 * noise off, by the rules compiled to WebAssembly (their `preview`
 * question). `settings` are the table's (omitted: the defaults for the
 * view's seats).
 */
export function previewLeaning(view: unknown, placement: PreviewPlacement, settings?: unknown): Promise<Preview> {
  return ask<Preview>('leaning', 'preview', view, placement, settings);
}

/**
 * Clean poses for the seat to act in `view` to place a piece of `size`
 * (the rules' `suggest` question): steadiest first, next to piece `near`
 * first when given; empty when none was found within the budget.
 */
export function suggestLeaning(view: unknown, request: SuggestionAsk, settings?: unknown): Promise<Suggestion[]> {
  return ask<Suggestion[]>('leaning', 'suggest', view, request, settings);
}

/** A placement to preview: exactly what would be sent. */
export type PlaceAction = Extract<Action, { type: 'place' } | { type: 'hold' }>;

/** What the table shows of a preview: the rules' answer, with no resting
 *  pose when the placement was refused before any physics. */
export type PreviewShown = Pick<Preview, 'verdict' | 'rule' | 'reason' | 'points'> & {
  /** Where the piece would come to rest; null when refused. */
  rest_pose: Pose | null;
};

/** `(view, placement, the table's settings) => verdict with the resting pose`. */
export type PreviewFn = (view: View, placement: PlaceAction, settings?: unknown) => Promise<PreviewShown>;

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
