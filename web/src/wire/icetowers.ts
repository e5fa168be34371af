// IceTowers wire types: generated from games/icetowers
// (src/generated/icetowers.ts, `cargo run -p stackyard-typegen`). What
// stays here is what Rust does not declare for the browser: decoding a
// PieceId as piece.rs lays it out (colour = id / 15, pips = (id % 15) / 5
// + 1), and the colour names.

import type { PieceId } from '../generated/icetowers';

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

/** piece.rs STASH: pieces per colour. */
export const STASH = 15;
/** piece.rs COLOUR_NAMES, then the ghost's GHOST_NAME. */
export const COLOURS = ['red', 'yellow', 'green', 'blue', 'black', 'white'];

/** Decoding a PieceId as piece.rs lays it out (data layout, not a rule). */
export function pieceColour(p: PieceId): number {
  return Math.floor(p / STASH);
}
export function piecePips(p: PieceId): number {
  return Math.floor((p % STASH) / 5) + 1;
}
export function pieceName(p: PieceId, colours: string[]): string {
  const size = ['small', 'medium', 'large'][piecePips(p) - 1];
  return `${colours[pieceColour(p)] ?? 'colour ' + pieceColour(p)} ${size}`;
}
