// Leaning Towers wire types: generated from games/leaning
// (src/generated/leaning.ts, with the physics crate's Pose and PieceId from
// src/generated/physics.ts; `cargo run -p stackyard-typegen`). What stays
// here is what Rust does not declare for the browser.

import type { Size } from '../generated/leaning';

/** Each slip reason's words and rule (L6, L7, L9, L-3, L-5, L-9, L-16), as
 *  the game declares them (games/leaning `SlipReason::words` and `rule`). */
export { SLIP_REASONS } from '../generated/leaning';

export type {
  Action,
  Dimensions,
  EndReason,
  Event,
  FoundationPiece,
  Hand,
  HandNoise,
  JudgeVerdict,
  Owner,
  Phase,
  PieceStatus,
  PieceView,
  Preview,
  PreviewPlacement,
  Settings,
  Size,
  SlipReason,
  Suggestion,
  SuggestionAsk,
  SuggestionHow,
  TurnOptions,
  Verdict,
  View,
  WorldSnapshot,
} from '../generated/leaning';
export type { PieceId, Pose } from '../generated/physics';

/** The sizes in the order the table offers them. */
export const SIZES: Size[] = ['small', 'medium', 'large'];
