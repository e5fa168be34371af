// Tower of Babel wire types: generated from games/babel
// (src/generated/babel.ts, `cargo run -p stackyard-typegen`). A tile is its
// two-letter code (tile.rs): suit S/M/C/A then value n/a/2/3/4/5, e.g.
// "Sn", "A5". What stays here is what Rust does not declare for the
// browser: names and text.

import type { Action, Tile } from '../generated/babel';

export type {
  Action,
  Event,
  GameResult,
  Settings,
  Tile,
  Variant,
  View,
} from '../generated/babel';

/** tile.rs SUITS / VALUES, with names and symbols for people. */
export const SUITS: Record<string, { name: string; symbol: string }> = {
  S: { name: 'Suns', symbol: '☀' },
  M: { name: 'Moons', symbol: '☾' },
  C: { name: 'Crowns', symbol: '♛' },
  A: { name: 'Arms', symbol: '⚔' },
};
export const VALUES: Record<string, string> = {
  n: 'null',
  a: 'ace',
  '2': '2',
  '3': '3',
  '4': '4',
  '5': '5',
};

export function tileName(t: Tile): string {
  const s = SUITS[t[0]];
  const v = VALUES[t[1]];
  return `${v ?? t[1]} of ${s?.name ?? t[0]}`;
}

export function actionText(a: Action): string {
  return a.type === 'move' ? `${a.from}<${a.gap}` : a.type;
}
