// Speedy Towers wire types: generated from games/speedy
// (src/generated/speedy.ts, and the physics room's settings from
// src/generated/physics.ts; `cargo run -p stackyard-typegen`). Types, and
// the pieces' default sizes as the game declares them (`DEFAULT_PIECES`):
// what the table does with them lives in games/speedy*.ts.

export { DEFAULT_PIECES } from '../generated/speedy';

export type {
  Action,
  Aim,
  Card,
  CoinFace,
  EndReason,
  Ending,
  Event,
  FaceUp,
  Fit,
  Hand,
  HandNoise,
  Look,
  OwnCoin,
  PieceId,
  PiecePose,
  Placing,
  Remainder,
  SeatView,
  Settings,
  StackedView,
  Suit,
  TakeBack,
  TowerId,
  TowerView,
  Value,
  View,
} from '../generated/speedy';
export type {
  BoxSpec,
  ContactSettings,
  CylinderSpec,
  PhysicsSettings,
  PieceSettings,
  PyramidSpec,
  SimSettings,
} from '../generated/physics';
