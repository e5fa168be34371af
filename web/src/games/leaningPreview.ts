// The one hook for "where would it rest?" on the Leaning Towers table.
// Answering needs the physics, which this client never re-implements: a
// judge preview (the rules crate compiled to WebAssembly) plugs in here with
// `setLeaningPreview`, and every Leaning table opened afterwards asks it
// about the aimed placement and draws the resting pose it returns. Until
// one is plugged in, the table shows the aim as the aim. A tiny module of
// its own, so that plugging in does not pull the table into the first load.

import type { Action, Judgement, View } from '../wire/leaning';

/** A placement to preview: exactly what would be sent. */
export type Placement = Extract<Action, { type: 'place' } | { type: 'hold' }>;

/** What a preview found: the judge's answer for the placement, without
 *  hand noise (its `rest_pose` is where the piece would come to rest). */
export interface Preview {
  judgement: Judgement;
}

/** `(view, placement) => verdict with the resting pose`. */
export type PreviewFn = (view: View, placement: Placement) => Promise<Preview>;

let current: PreviewFn | null = null;

/** Plugs a judge preview in (or takes it out with null). */
export function setLeaningPreview(fn: PreviewFn | null): void {
  current = fn;
}

/** The preview plugged in, if any. */
export function leaningPreview(): PreviewFn | null {
  return current;
}
