// Stackyard protocol v1, as the browser sees it.
//
// Hand-written mirror of /work/notes/protocol.md (the server's protocol v1
// draft) and of the Rust wire types it carries:
//   foundation/core/src/game.rs    ToAct, Outcome
//   foundation/core/src/seat.rs    Seat (a bare number), Viewer
//   foundation/core/src/record.rs  Record, Entry, Ending
//   foundation/core/src/time.rs    GameTime (bare milliseconds since the table opened)
// Game payloads (settings, actions, views, events) live in src/wire/*.ts,
// one file per game, each naming the Rust files it mirrors. Until the
// protocol types are generated from Rust (ts-rs), a change on either side
// must be made on both.

/** A seat: a bare number on the wire (`#[serde(transparent)]`). */
export type Seat = number;
/** Milliseconds since the table opened (`GameTime`, transparent). */
export type GameTime = number;

/** Who may act now (core/game.rs `ToAct`, tag "type", content "seat"). */
export type ToAct =
  | { type: 'seat'; seat: Seat }
  | { type: 'any_seat' }
  | { type: 'nobody' };

/** Who is looking (core/seat.rs `Viewer`). */
export type Viewer = { type: 'seat'; seat: Seat } | { type: 'spectator' };

/** How a finished game came out (core/game.rs `Outcome`). */
export interface Outcome {
  scores: number[];
  winners: Seat[];
}

/** How a game ended (core/record.rs `Ending`). */
export type Ending =
  | { type: 'rules' }
  | { type: 'resigned'; seat: Seat }
  | { type: 'timed_out'; seat: Seat }
  | { type: 'abandoned'; seat: Seat }
  | { type: 'draw_agreed' };

/** One action in a record (core/record.rs `Entry`). */
export interface Entry<A = unknown> {
  seat: Seat;
  at: GameTime;
  action: A;
}

/** A game record (core/record.rs `Record`). */
export interface GameRecord<S = unknown, A = unknown> {
  format: number;
  engine: string;
  game: string;
  settings: S;
  seed: number;
  actions: Entry<A>[];
  end?: GameTime;
  ending?: Ending;
}

// ---- HTTP ----------------------------------------------------------------

export interface BotLevel {
  name: string;
  about: string;
}

/** `GET /api/v1/games` element. */
export interface GameInfo {
  name: string;
  title: string;
  engine: string;
  has_draws: boolean;
  turnless?: boolean;
  default_settings: unknown;
  bot_levels: BotLevel[];
  rules_url: string;
}

export type TableStatus = 'open' | 'playing' | 'finished';

export interface SeatSummary {
  seat: Seat;
  kind: 'person' | 'bot';
  level?: string | null;
  name?: string | null;
  taken: boolean;
  connected: boolean;
  /** Hints the seat has asked for (counted and stored by the server). */
  hints?: number;
}

export interface TableSummary {
  id: string;
  game: string;
  title: string;
  status: TableStatus;
  settings: unknown;
  seats: SeatSummary[];
  /** Unix milliseconds. */
  created_at: number;
  version: number;
  /** Actions played so far. */
  actions?: number;
  clock?: Clock | null;
  rated?: boolean;
  outcome?: Outcome | null;
  ending?: Ending | null;
  /** A daily deal's table: its UTC day (private: not listed, not watched). */
  daily?: string | null;
}

export type SeatRequest = { kind: 'person' } | { kind: 'bot'; level: string };

export interface Clock {
  initial_ms: number;
  increment_ms: number;
}

/** `POST /api/v1/tables` body. */
export interface CreateTable {
  game: string;
  settings?: unknown;
  seats: SeatRequest[];
  clock?: Clock;
  rated?: boolean;
  seed?: number;
}

/** `POST /api/v1/tables/{id}/join` body and answer. */
export interface JoinRequest {
  seat?: Seat;
  name?: string;
}
export interface JoinAnswer {
  table?: string;
  seat: Seat;
  token: string;
}

/** Every 4xx body. */
export interface ApiError {
  error: { kind: string; message: string; rule?: string };
}

/** `GET /api/v1/ratings/{game}` element. */
export interface RatingEntry {
  name: string;
  rating: number;
  deviation: number;
  games: number;
}

// Daily deals (shells/server/src/protocol.rs: DailyInfo, DailyRequest,
// DailyStart, DailyEntry, DailyBoard).

/** `GET /api/v1/daily` element: a game with a daily deal, and today (UTC). */
export interface DailyInfo {
  game: string;
  title: string;
  day: string;
}

/** `POST /api/v1/daily/{game}` body. */
export interface DailyRequest {
  name: string;
}

/** The answer: a private one-seat table, already playing. */
export interface DailyStart {
  table: string;
  seat: Seat;
  token: string;
  day: string;
}

/** One line of a day's board. */
export interface DailyEntry {
  rank: number;
  name: string;
  /** The game's own score for the seat, higher is better (Babel: minus the stacks left). */
  score: number;
  won: boolean;
  time_ms: number;
  hints: number;
  ending: Ending | null;
  table: string;
}

/** `GET /api/v1/daily/{game}?day=`: best first. */
export interface DailyBoard {
  game: string;
  day: string;
  entries: DailyEntry[];
}

/** `GET /api/v1/records` element: a finished table. */
export interface FinishedTable {
  id: string;
  game: string;
  created_at: number;
  finished_at?: number;
  outcome?: Outcome | null;
  ending?: Ending | null;
  seats: SeatSummary[];
  record_url?: string;
}

/** One replay frame (`GET /api/v1/tables/{id}/replay`, proposed in protocol.md). */
export interface Frame<V = unknown, A = unknown, E = unknown> {
  index: number;
  seat: Seat | null;
  action: A | null;
  at_ms: number;
  events: E[];
  view: V;
  to_act: ToAct;
}
export interface Replay<V = unknown, A = unknown, E = unknown> {
  table: TableSummary;
  record: GameRecord<unknown, A>;
  frames: Frame<V, A, E>[];
}

// ---- WebSocket -----------------------------------------------------------

export const PROTOCOL = 1;

export interface ClockState {
  remaining_ms: number;
  running: boolean;
}

export type ClientMessage =
  | { type: 'hello'; protocol: number; token: string | null; since: number | null }
  | { type: 'act'; id: number; action: unknown }
  | { type: 'resign'; id: number }
  | { type: 'offer_draw'; id: number }
  | { type: 'accept_draw'; id: number }
  | { type: 'hint'; id: number }
  | { type: 'ping'; id: number };

export interface Welcome {
  type: 'welcome';
  protocol: number;
  table: TableSummary;
  viewer: Viewer;
  version: number;
  view: unknown;
  to_act: ToAct;
  clocks: ClockState[] | null;
  now_ms: number;
  draw_offered_by?: Seat | null;
  ended?: Ending | null;
  outcome?: Outcome | null;
}

export interface StepMessage {
  type: 'step';
  version: number;
  events: unknown[];
  view: unknown;
  to_act: ToAct;
  clocks: ClockState[] | null;
  ended: Ending | null;
  outcome: Outcome | null;
}

export type ErrorKind =
  | 'malformed'
  | 'no_such_seat'
  | 'over'
  | 'rule'
  | 'not_your_seat'
  | 'not_your_turn'
  | 'not_started'
  | 'bad_token'
  | 'rate_limited'
  | 'too_large'
  | 'protocol'
  | 'no_draws'
  | 'storage'
  | 'forbidden'
  | 'already_played';

export interface ErrorMessage {
  type: 'error';
  id: number | null;
  kind: ErrorKind | string;
  rule: string | null;
  message: string;
}

export type ServerMessage =
  | Welcome
  | StepMessage
  | { type: 'ack'; id: number; version: number }
  | ErrorMessage
  | { type: 'hint'; id: number; action: unknown | null; text: string }
  | { type: 'pong'; id: number }
  /** A seat was taken or the game started. */
  | { type: 'table'; table: TableSummary }
  | { type: 'draw_offered'; seat: Seat };

/** Close codes the server uses (protocol.md). */
export const CLOSE_POLICY = 1008;
export const CLOSE_TOO_LARGE = 1009;
export const CLOSE_OVERLOADED = 1013;
