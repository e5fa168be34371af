// Leaning Towers wire types. Mirrors, field for field and name for name:
//   games/leaning/src/piece.rs     Size, Owner, Hand
//   games/leaning/src/action.rs    Action, FoundationPiece, Event, EndReason
//   games/leaning/src/judge.rs     PieceStatus, Verdict, SlipReason, Judgement
//   games/leaning/src/state.rs     Phase
//   games/leaning/src/view.rs      View, PieceView, TurnOptions, Dimensions
//   games/leaning/src/world.rs     WorldSnapshot (as it travels: WireWorld)
//   games/leaning/src/settings.rs  Settings, HandNoise
//   foundation/physics/src/pose.rs Pose; world.rs PieceId (a bare number)
// Types only: no rule and no UI logic lives here (the generated ts-rs
// types are to replace this file one for one).

import type { Seat, Viewer } from '../protocol';

/** physics world.rs `PieceId`: the index in drop order, a bare number. */
export type PieceId = number;

/** physics pose.rs `Pose`: base centre (mm, z up) and Rz·Ry·Rx angles (degrees). */
export interface Pose {
  position: [number, number, number];
  rotation_deg: [number, number, number];
}

export type Size = 'small' | 'medium' | 'large';

export type Owner = { type: 'neutral' } | { type: 'seat'; seat: Seat };

export interface Hand {
  small: number;
  medium: number;
  large: number;
}

export type PieceStatus = 'standing' | 'held' | 'frozen' | 'boxed';

export type Verdict = 'clean' | 'slip' | 'break' | 'wreck';

export type SlipReason = 'corners' | 'contacts' | 'pushed_past_pips' | 'slid_away' | 'never_rested' | 'no_room';

export type EndReason = 'pieces_gone' | 'closed' | 'all_out';

export type Phase = { type: 'foundation' } | { type: 'play' } | { type: 'over'; reason: EndReason };

export interface FoundationPiece {
  size: Size;
  pose: Pose;
}

export type Action =
  | { type: 'foundation'; pieces: [FoundationPiece, FoundationPiece] }
  | { type: 'auto_foundation' }
  | { type: 'place'; size: Size; pose: Pose }
  | { type: 'hold'; size: Size; pose: Pose }
  | { type: 'pass' };

export type Event =
  | { type: 'foundation_built'; pieces: [PieceId, PieceId] }
  | { type: 'foundation_failed'; reason: string }
  | {
      type: 'placed';
      seat: Seat;
      size: Size;
      piece: PieceId;
      pose: Pose;
      level: number;
      table_corners: number;
      touching: PieceId[];
      points: number;
      released: boolean;
    }
  | { type: 'held'; seat: Seat; size: Size; piece: PieceId; pose: Pose; touching: PieceId[]; points: number }
  | {
      type: 'failed';
      seat: Seat;
      size: Size;
      verdict: Verdict;
      slip: SlipReason | null;
      disturbed: PieceId[];
      points: number;
      forfeited: boolean;
      released: boolean;
      tries: number;
    }
  | { type: 'frozen'; piece: PieceId }
  | { type: 'out'; seat: Seat }
  | { type: 'passed'; seat: Seat }
  | { type: 'closed'; penalties: number[] }
  | { type: 'game_over'; reason: EndReason; scores: number[] };

/** judge.rs `Judgement`: what one run showed (the judge preview's answer). */
export interface Judgement {
  verdict: Verdict;
  slip: SlipReason | null;
  piece: PieceId | null;
  disturbed: PieceId[];
  table_corners: number;
  touching: PieceId[];
  level: number;
  points: number;
  moved_mm: number;
  rest_pose: Pose;
  rested: boolean;
  steps: number;
}

export interface PieceView {
  id: PieceId;
  owner: Owner;
  size: Size;
  level: number;
  status: PieceStatus;
  pose: Pose;
}

export interface TurnOptions {
  /** Sizes the seat to act may place or hold now (L8, L-10), smallest first. */
  sizes: Size[];
  /** Whether it may hold (L12). */
  hold: boolean;
}

export interface Dimensions {
  /** [base edge, height] in mm of small, medium, large. */
  pyramids_mm: [[number, number], [number, number], [number, number]];
  table_half_mm: number;
  max_height_mm: number;
}

/** world.rs `WorldSnapshot` on the wire: pose bits and the physics state as one JSON string. */
export interface WorldSnapshot {
  fingerprint: number[][];
  state: string;
}

export interface View {
  viewer: Viewer;
  seats: number;
  phase: Phase;
  to_act: Seat | null;
  scores: number[];
  hands: Hand[];
  out: boolean[];
  held: (PieceId | null)[];
  previous_size: Size | null;
  slipped: Size | null;
  tries: number;
  passes: number;
  turn: TurnOptions | null;
  dimensions: Dimensions;
  pieces: PieceView[];
  world: WorldSnapshot;
}

export interface HandNoise {
  position_mm: number;
  angle_deg: number;
}

/** settings.rs `Settings` (`physics` is the physics crate's settings, passed through). */
export interface Settings {
  seats: number;
  first_seat: number;
  hand_noise: HandNoise;
  corner_eps_mm: number;
  contact_eps_mm: number;
  disturb_mm: number;
  disturb_deg: number;
  slip_mm: number;
  max_tries: number;
  table_half_mm: number;
  max_height_mm: number;
  target_score: number;
  physics: unknown;
}

export const SIZES: Size[] = ['small', 'medium', 'large'];
