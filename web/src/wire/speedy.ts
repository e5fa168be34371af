// Speedy Towers wire types. Mirrors games/speedy/src/piece.rs (Suit,
// Value, Card, CoinFace, PieceId and TowerId as bare numbers, Look),
// action.rs (Aim, Placing, TakeBack, Action, EndReason, PiecePose, Event),
// view.rs (StackedView, TowerView, SeatView, FaceUp, OwnCoin, Hand, Fit,
// View), state.rs (Ending) and settings.rs (Remainder, HandNoise,
// Settings), with foundation/physics/src/settings.rs for Settings.physics.
// Types only: what the table does with them lives in games/speedy*.ts.
// When the generated (ts-rs) types land, this file gives way to them.

import type { GameTime, Seat, Viewer } from '../protocol';

export type PieceId = number;
export type TowerId = number;

/** piece.rs Suit: Suns, Moons, Crowns, Arms. */
export type Suit = 'S' | 'M' | 'C' | 'A';
/** piece.rs Value. */
export type Value = 'Null' | 'Ace' | '2' | '3' | '4' | '5';

export interface Card {
  suit: Suit;
  value: Value;
}

export type CoinFace = 'suit' | 'value';

/** piece.rs Look (tag "kind"): a piece as one viewer may see it. */
export type Look =
  | { kind: 'tile'; card: Card }
  | { kind: 'face_down_tile' }
  | { kind: 'coin'; face: CoinFace; suit: Suit | null; value: Value | null }
  | { kind: 'pawn'; suit: Suit };

/** action.rs Aim: offset from the tower's centre (mm) and turn (degrees). */
export interface Aim {
  x_mm: number;
  y_mm: number;
  rotation_deg?: number;
}

/** action.rs Placing (tag "kind"). */
export type Placing = { kind: 'tile' } | { kind: 'coin'; coin: PieceId; face: CoinFace } | { kind: 'pawn' };

export type TakeBack = 'placed_first' | 'highest_ranked';

/** action.rs Action (tag "type"). */
export type Action =
  | { type: 'ready' }
  | { type: 'reveal' }
  | { type: 'hide' }
  | { type: 'place'; piece: Placing; tower: TowerId; aim: Aim; take_back?: TakeBack };

export type EndReason = 'pawn' | 'stuck';

/** action.rs PiecePose: centre of the base face (mm, z up) and rotation Rz·Ry·Rx (degrees). */
export interface PiecePose {
  piece: PieceId;
  position: [number, number, number];
  rotation_deg: [number, number, number];
}

/** action.rs Event (tag "type"). */
export type Event =
  | { type: 'ready'; seat: Seat }
  | { type: 'started'; at: GameTime; foundations: Card[] }
  | { type: 'revealed'; seat: Seat; tile: PieceId; card: Card }
  | { type: 'hidden'; seat: Seat; tile: PieceId }
  | { type: 'placed'; seat: Seat; piece: PieceId; look: Look; tower: TowerId; effective: Card | null; drop: PiecePose }
  | {
      type: 'settled';
      time_s: number;
      rested: boolean;
      moved: PiecePose[];
      fallen: PieceId[];
      taken_back: PieceId | null;
      pawn_returned: PieceId | null;
    }
  | { type: 'ended'; reason: EndReason; winners: Seat[]; pieces_left: number[] };

/** state.rs Ending. */
export interface Ending {
  reason: EndReason;
  at: GameTime;
  winners: Seat[];
}

/** view.rs StackedView. */
export interface StackedView {
  piece: PieceId;
  by: Seat;
  look: Look;
  effective: Card | null;
  pose: PiecePose;
}

/** view.rs TowerView. */
export interface TowerView {
  id: TowerId;
  foundation: Look;
  foundation_pose: PiecePose;
  /** Bottom (first placed) first. */
  pieces: StackedView[];
  top: Card | null;
  centre_mm: [number, number];
  height_mm: number;
}

/** view.rs SeatView. */
export interface SeatView {
  ready: boolean;
  face_down: number;
  face_up: FaceUp | null;
  coins: number;
  pawn: boolean;
  pieces_left: number;
}

export interface FaceUp {
  tile: PieceId;
  card: Card;
}

export interface OwnCoin {
  coin: PieceId;
  card: Card;
}

/** view.rs Fit: a piece the viewer may place and the towers it fits now (P6–P8). */
export interface Fit {
  piece: Placing;
  towers: TowerId[];
}

/** view.rs Hand: only the viewing seat's (P-9). */
export interface Hand {
  seat: Seat;
  /** A set, sorted: never the order reveals will follow. */
  face_down: Card[];
  coins: OwnCoin[];
  pawn: PieceId | null;
  skips_hidden: boolean;
  fits: Fit[];
}

/** view.rs View. */
export interface View {
  viewer: Viewer;
  started: GameTime | null;
  now: GameTime;
  ending: Ending | null;
  towers: TowerView[];
  seats: SeatView[];
  hand: Hand | null;
  out_of_game: Look[];
  set_aside: number;
  highest_mm: number;
  max_offset_mm: number;
}

/** settings.rs Remainder (tag "type"). */
export type Remainder = { type: 'set_aside' } | { type: 'to_seat'; seat: Seat };

export interface HandNoise {
  sigma_mm: number;
  sigma_deg: number;
}

/** physics settings.rs BoxSpec. */
export interface BoxSpec {
  width: number;
  depth: number;
  height: number;
  mass: number;
  friction: number;
}

/** physics settings.rs CylinderSpec. */
export interface CylinderSpec {
  diameter: number;
  height: number;
  mass: number;
  friction: number;
}

/** physics settings.rs PyramidSpec. */
export interface PyramidSpec {
  base: number;
  height: number;
  mass: number;
  friction: number;
}

/** physics settings.rs PieceSettings (every field optional on input). */
export interface PieceSettings {
  tile: BoxSpec;
  coin: CylinderSpec;
  pawn: CylinderSpec;
  pyramid_small: PyramidSpec;
  pyramid_medium: PyramidSpec;
  pyramid_large: PyramidSpec;
  edge_radius_mm: number;
}

/** physics settings.rs SimSettings. */
export interface SimSettings {
  step_hz: number;
  substeps: number;
  contact_hz: number;
  table_contact_hz: number;
  contact_damping: number;
  length_unit_m: number;
  table_friction: number;
  restitution: number;
  angular_damping: number;
  linear_damping: number;
  sleep_speed_mm_s: number;
  sleep_time_s: number;
  max_time_s: number;
  ccd: boolean;
}

/** physics settings.rs ContactSettings. */
export interface ContactSettings {
  max_distance_mm: number;
  min_impulse: number;
  table_tolerance_mm: number;
}

/** physics settings.rs Settings (`stackyard_physics::Settings`). */
export interface PhysicsSettings {
  pieces: PieceSettings;
  sim: SimSettings;
  contacts: ContactSettings;
}

/** settings.rs Settings: only `players` is required on input. */
export interface Settings {
  players: number;
  remainder?: Remainder;
  hand_noise?: HandNoise;
  foundation_spacing_mm?: number;
  max_offset_mm?: number;
  settle_cap_s?: number;
  physics?: PhysicsSettings;
}
