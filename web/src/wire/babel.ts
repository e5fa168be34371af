// Tower of Babel wire types. Mirrors games/babel/src/game.rs (Settings,
// Variant, View, Event, Result), games/babel/src/action.rs (Action) and
// games/babel/src/tile.rs (Tile as a two-letter code like "Sn", "A5").

/** Suit letter S/M/C/A then value n/a/2/3/4/5. */
export type Tile = string;
export type Variant = 'standard' | 'strict';

export interface Settings {
  variant: Variant;
  deal?: Tile[];
}

export type Action =
  | { type: 'draw' }
  | { type: 'move'; from: number; gap: number }
  | { type: 'end' };

export type GameResult = 'full_win' | 'partial_win' | 'loss';

export type Event =
  | { type: 'drew'; tile: Tile }
  | { type: 'moved'; from: number; to: number; tile: Tile }
  | { type: 'ended'; stacks: number; result: GameResult };

export interface View {
  variant: Variant;
  /** Stacks left to right, each bottom to top. */
  line: Tile[][];
  undrawn: number;
  /** Undrawn tiles in index order, never draw order. */
  undrawn_tiles: Tile[];
  deal?: Tile[];
  legal: Action[];
  over: boolean;
}

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
