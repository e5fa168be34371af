// IceTowers wire types. Mirrors games/icetowers/src/view.rs (View,
// TowerView, SeatView), action.rs (Action, Event, EndReason), table.rs
// (Pos, TowerId as a bare number), piece.rs (PieceId as a bare number,
// colour = id / 15, pips = (id % 15) / 5 + 1), state.rs (Held, Ending) and
// settings.rs (Settings).

import type { GameTime, Seat, Viewer } from '../protocol';

export type TowerId = number;
export type PieceId = number;

export interface Pos {
  x: number;
  y: number;
}

export interface Settings {
  players: number;
  ghost?: boolean;
  hold_limit_ms?: number;
  game_timer_ms?: number | null;
}

export interface Held {
  piece: PieceId;
  from: TowerId;
  origin: Pos;
  deadline: GameTime;
}

export type EndReason = 'all_done' | 'no_plays' | 'timer';

export interface Ending {
  reason: EndReason;
  at: GameTime;
}

export interface TowerView {
  id: TowerId;
  pos: Pos;
  /** Bottom to top. */
  pieces: PieceId[];
}

export interface SeatView {
  colour: string;
  ready: boolean;
  done: boolean;
  holding: Held | null;
  score: number;
}

export interface View {
  viewer: Viewer;
  settings: Settings;
  now: GameTime;
  next_tower: number;
  started: GameTime | null;
  game_deadline: GameTime | null;
  towers: TowerView[];
  seats: SeatView[];
  ghost_score: number | null;
  ending: Ending | null;
}

export type Action =
  | { type: 'ready' }
  | { type: 'cap'; piece: PieceId; onto: TowerId }
  | { type: 'mine'; tower: TowerId; piece: PieceId }
  | { type: 'set_down' }
  | { type: 'split'; tower: TowerId; at: number }
  | { type: 'done' }
  | { type: 'undone' };

export type Event =
  | { type: 'ready'; seat: Seat }
  | { type: 'started'; at: GameTime }
  | { type: 'capped'; seat: Seat; piece: PieceId; from: TowerId | null; onto: TowerId }
  | { type: 'mined'; seat: Seat; piece: PieceId; from: TowerId; index: number; deadline: GameTime }
  | { type: 'set_down'; seat: Seat; piece: PieceId; tower: TowerId; pos: Pos; forced: boolean }
  | { type: 'split'; seat: Seat; tower: TowerId; at: number; new_tower: TowerId; pos: Pos }
  | { type: 'done'; seat: Seat }
  | { type: 'undone'; seat: Seat }
  | { type: 'done_cleared' }
  | { type: 'ended'; reason: EndReason; scores: number[]; ghost: number | null };

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
