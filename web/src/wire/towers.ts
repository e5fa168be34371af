// Towers wire types. Mirrors games/towers/src/view.rs (View, Block),
// games/towers/src/notation.rs (Move as MoveWire, Square as "c3"),
// games/towers/src/game.rs (Event) and games/towers/src/position.rs
// (Color, Floor, Phase). Settings are the Variant string of variant.rs,
// e.g. "8x8+sprawl+infrastructure:4+capture".

/** A block's name, `"c3"` (column letter, 1-based row). */
export type Square = string;
export type Color = 'black' | 'white';
export type Floor = Color | 'utility';
export type Phase = 'utilities' | 'sprawl' | 'moves';
/** The T20 variant string. */
export type Settings = string;

export type Move =
  | { type: 'step'; from: Square; to: Square }
  | { type: 'place'; at: Square }
  | { type: 'utility'; at: Square }
  | { type: 'pass' };

export interface Block {
  height: number;
  top?: Floor;
  utility: boolean;
}

export interface View {
  variant: Settings;
  cols: number;
  rows: number;
  /** Row by row from row 1: index `row * cols + col`. */
  blocks: Block[];
  turn: Color;
  phase: Phase;
  utilities_left: number;
  /** Black first. */
  scores: [number, number];
  captured: [number, number];
  removed: number;
  supplied: number;
  legal: Move[];
  over: boolean;
}

export type Event =
  | { type: 'played'; by: Color; move: Move }
  | { type: 'demolished'; squares: Square[]; floors: number }
  | { type: 'flattened'; squares: Square[]; floors: number }
  | { type: 'ended'; scores: [number, number] };

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
