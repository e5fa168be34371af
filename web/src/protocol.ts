// Stackyard protocol v1 (docs/protocol.md), as the browser sees it.
//
// The shapes are generated from the Rust types into src/generated/
// (`cargo run -p stackyard-typegen`; a Rust test fails while they are
// stale): generated/core.ts holds the core wire types (Seat, Viewer, ToAct,
// Ending, Outcome, the record), generated/server.ts the protocol messages
// and HTTP bodies. This file re-exports them under the names the client
// uses, narrows a few for convenience (a replay's record and frames typed
// by the game), and passes on the protocol's constants (the version, the
// close codes, the longest name), which Rust declares too.

import type * as core from './generated/core';
import type * as server from './generated/server';

export type {
  Ending,
  GameTime,
  Outcome,
  Seat,
  Seed,
  ToAct,
  Viewer,
} from './generated/core';
export type {
  ClientMessage,
  ClockState,
  CreateTable,
  ErrorKind,
  GameInfo,
  RatingEntry,
  SeatSummary,
  ServerMessage,
  TableSummary,
} from './generated/server';

/** One action of a record (core/record.rs `Entry`). */
export type Entry<A = unknown> = core.Entry<A>;
/** A game record (core/record.rs `Record`), settings and actions typed by the game. */
export type GameRecord<S = unknown, A = unknown> = core.GameRecord<S, A>;

// ---- HTTP ----------------------------------------------------------------

/** A bot level of `GET /api/v1/games`. */
export type BotLevel = server.BotLevelInfo;
export type TableStatus = server.TableSummary['status'];
/** How a seat is filled at creation. */
export type SeatRequest = server.SeatSpec;
/** A chess-style clock. */
export type Clock = server.ClockSpec;
/** `POST /api/v1/tables/{id}/join` body and answer. */
export type JoinRequest = server.JoinTable;
export type JoinAnswer = server.Joined;
/** Every 4xx/5xx body. */
export type ApiError = server.ErrorBody;

// Daily deals (shells/server/src/protocol.rs).
/** `GET /api/v1/daily` element: a game with a daily deal, and today (UTC). */
export type DailyInfo = server.DailyInfo;
/** `POST /api/v1/daily/{game}` body. */
export type DailyRequest = server.DailyRequest;
/** The answer: a private one-seat table, already playing. */
export type DailyStart = server.DailyStart;
/** One line of a day's board. */
export type DailyEntry = server.DailyEntry;
/** `GET /api/v1/daily/{game}?day=`: best first. */
export type DailyBoard = server.DailyBoard;

/** `GET /api/v1/records` element: a finished table. */
export type FinishedTable = server.RecordSummary;

/** One replay frame, with the game's view, action and event types filled in. */
export type Frame<V = unknown, A = unknown, E = unknown> = Omit<
  core.Frame,
  'view' | 'action' | 'events'
> & { view: V; action: A | null; events: E[] };

/** `GET /api/v1/tables/{id}/replay` (server `ReplayAnswer`), with the
 *  game's record, view, action and event types filled in. */
export type Replay<V = unknown, A = unknown, E = unknown> = Omit<server.ReplayAnswer, 'record' | 'frames'> & {
  record: GameRecord<unknown, A>;
  frames: Frame<V, A, E>[];
};

// ---- WebSocket -----------------------------------------------------------

export { PROTOCOL, NAME_MAX_CHARS, ACCOUNT_NAME_MIN_CHARS, ACCOUNT_NAME_MAX_CHARS, PASSWORD_MIN_CHARS } from './generated/server';

/** One kind of server message, by its `type`. */
export type MessageOf<T extends server.ServerMessage['type']> = Extract<
  server.ServerMessage,
  { type: T }
>;
export type Welcome = MessageOf<'welcome'>;
export type StepMessage = MessageOf<'step'>;
export type ErrorMessage = MessageOf<'error'>;

/** Close codes the server uses (protocol.md). */
export { CLOSE_POLICY, CLOSE_TOO_LARGE, CLOSE_OVERLOADED } from './generated/server';
