// Leaning Towers wire types: generated from games/leaning
// (src/generated/leaning.ts, with the physics crate's Pose and PieceId from
// src/generated/physics.ts; `cargo run -p stackyard-typegen`). What stays
// here is what Rust does not declare for the browser.

import type { Size } from '../generated/leaning';

export type {
  Action,
  Dimensions,
  EndReason,
  Event,
  FoundationPiece,
  Hand,
  HandNoise,
  Owner,
  Phase,
  PieceStatus,
  PieceView,
  Settings,
  Size,
  SlipReason,
  TurnOptions,
  Verdict,
  View,
  WorldSnapshot,
} from '../generated/leaning';
export type { PieceId, Pose } from '../generated/physics';

/** The sizes in the order the table offers them. */
export const SIZES: Size[] = ['small', 'medium', 'large'];
