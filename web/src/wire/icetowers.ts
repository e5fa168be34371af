// IceTowers wire types: generated from games/icetowers
// (src/generated/icetowers.ts, `cargo run -p stackyard-typegen`), with the
// pieces' layout as the game declares it (`PIECES`: each id's colour and
// pips, I1; `COLOUR_NAMES`), so nothing here restates a rule.

import type { PieceId } from '../generated/icetowers';
import { COLOUR_NAMES, PIECES } from '../generated/icetowers';

export type {
  Action,
  EndReason,
  Ending,
  Event,
  Held,
  PieceId,
  Pos,
  SeatView,
  Settings,
  TowerId,
  TowerView,
  View,
} from '../generated/icetowers';

/** The colour names, seat order then the ghost's (piece.rs). */
export const COLOURS: string[] = COLOUR_NAMES;

/** A piece id's colour, as the game lays ids out. */
export function pieceColour(p: PieceId): number {
  return PIECES[p]?.colour ?? -1;
}
/** A piece id's size in pips (1 to 3, I1). */
export function piecePips(p: PieceId): number {
  return PIECES[p]?.pips ?? 1;
}
export function pieceName(p: PieceId, colours: string[]): string {
  const size = ['small', 'medium', 'large'][piecePips(p) - 1];
  return `${colours[pieceColour(p)] ?? 'colour ' + pieceColour(p)} ${size}`;
}
