// Tower of Babel wire types: generated from games/babel
// (src/generated/babel.ts, `cargo run -p stackyard-typegen`). A tile is its
// two-letter code (tile.rs): suit S/M/C/A then value n/a/2/3/4/5, e.g.
// "Sn", "A5". What stays here is what Rust does not declare for the
// browser: its notation.

import type { Action, Tile } from '../generated/babel';
import { SUITS, VALUES } from '../generated/babel';

export type {
  Action,
  Event,
  GameResult,
  Settings,
  Tile,
  Variant,
  View,
} from '../generated/babel';

// The suits' and values' names and symbols are the game's own (tile.rs
// SUIT_NAMES, SUIT_SYMBOLS, VALUE_NAMES, generated as SUITS and VALUES).
export { SUITS, VALUES } from '../generated/babel';

/** A suit's name and symbol by its letter, if it is one. */
export function suitOf(letter: string): { name: string; symbol: string } | undefined {
  return (SUITS as Record<string, { name: string; symbol: string } | undefined>)[letter];
}

export function tileName(t: Tile): string {
  const s = suitOf(t[0]);
  const v = (VALUES as Record<string, string | undefined>)[t[1]];
  return `${v ?? t[1]} of ${s?.name ?? t[0]}`;
}

export function actionText(a: Action): string {
  return a.type === 'move' ? `${a.from}<${a.gap}` : a.type;
}
