// Towers wire types: generated from games/towers (src/generated/towers.ts,
// `cargo run -p stackyard-typegen`). Settings are the T20 variant string,
// e.g. "8x8+sprawl+infrastructure:4+capture"; a square is its name, "c3".
// What stays here is what Rust does not declare for the browser: text.

import type { Move, Square } from '../generated/towers';

export type {
  Block,
  Color,
  Event,
  Floor,
  Move,
  Phase,
  Square,
  View,
} from '../generated/towers';
/** The T20 variant string (the game's `Settings`). */
export type { Variant as Settings } from '../generated/towers';

/** `"c3"` for 0-based column and row (notation.rs `Square`'s Display). */
export function squareName(col: number, row: number): Square {
  return String.fromCharCode(97 + col) + String(row + 1);
}

/** T5 text of a move, for move lists and screen readers. */
export function moveText(m: Move): string {
  switch (m.type) {
    case 'step':
      return `${m.from}-${m.to}`;
    case 'place':
      return `+${m.at}`;
    case 'utility':
      return `*${m.at}`;
    case 'pass':
      return 'pass';
  }
}
