// HTTP calls of protocol v1 (see protocol.ts). Every failure becomes an
// ApiFailure carrying the server's own `{error: {kind, message}}` so screens
// can show it verbatim.

import type {
  ApiError,
  CreateTable,
  DailyBoard,
  DailyInfo,
  DailyStart,
  GameInfo,
  JoinAnswer,
  JoinRequest,
  FinishedTable,
  RatingEntry,
  Replay,
  GameRecord,
  TableStatus,
  TableSummary,
} from './protocol';
import type {
  Challenge,
  ChallengeRequest,
  Challenges,
  ClockSpec,
  Me,
  PairingStatus,
  PlayerRating,
  Profile,
  RatingChange,
  RecentGame,
  SessionState,
} from './generated/server';

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly kind: string,
    message: string,
    /** The table the error is about (`already_played`: the earlier attempt's). */
    readonly table?: string,
  ) {
    super(message);
  }
}

/** The CSRF token the server set beside the session cookie (issue #27):
 * every request that changes something carries it while signed in. */
function csrfToken(): string | null {
  const m = document.cookie.match(/(?:^|;\s*)stackyard_csrf=([^;]+)/);
  return m ? decodeURIComponent(m[1]!) : null;
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let res: Response;
  const headers: Record<string, string> = {};
  if (init?.body) headers['content-type'] = 'application/json';
  const method = (init?.method ?? 'GET').toUpperCase();
  const csrf = csrfToken();
  if (csrf && method !== 'GET' && method !== 'HEAD') headers['x-csrf-token'] = csrf;
  try {
    res = await fetch(path, {
      ...init,
      headers,
    });
  } catch (e) {
    throw new ApiFailure(0, 'network', `the server cannot be reached (${String(e)})`);
  }
  const text = await res.text();
  if (!res.ok) {
    let kind = 'http';
    let message = `${res.status} ${res.statusText}`;
    let table: string | undefined;
    try {
      const body = JSON.parse(text) as ApiError;
      kind = body.error.kind;
      message = body.error.message;
      table = body.error.table;
    } catch {
      if (text) message += `: ${text.slice(0, 200)}`;
    }
    throw new ApiFailure(res.status, kind, message, table);
  }
  // A server without this route may answer with the client's index.html
  // (its static fallback): that is "not here", not a parse crash.
  try {
    return (text ? JSON.parse(text) : null) as T;
  } catch {
    throw new ApiFailure(404, 'not_json', `${path} did not answer JSON`);
  }
}

const post = <T>(path: string, body: unknown): Promise<T> =>
  call<T>(path, { method: 'POST', body: JSON.stringify(body) });

// The accounts' bodies, generated from the server's Rust types.
export type { Challenge, Challenges, Me, PairingStatus, PlayerRating, Profile, RatingChange, RecentGame };

/** Accounts (issue #27): the session is an HttpOnly cookie; the page only
 * ever sees the CSRF cookie beside it. */
export const accounts = {
  signUp: (name: string, password: string) => post<{ name: string }>('/api/v1/accounts', { name, password }),
  signIn: (name: string, password: string) => post<{ name: string }>('/api/v1/session', { name, password }),
  signOut: () => call<null>('/api/v1/session', { method: 'DELETE' }),
  /** The signed-in player, or null for a guest. Asked of GET /api/v1/session,
   * which answers 200 for a guest too: GET /api/v1/me's 401 would be logged
   * as an error in the console on every page a visitor opens. */
  me: async (): Promise<Me | null> => (await call<SessionState>('/api/v1/session')).account ?? null,
  changePassword: (password: string, new_password: string) =>
    post<{ name: string }>('/api/v1/me/password', { password, new_password }),
  deleteAccount: (password: string) =>
    call<null>('/api/v1/me', { method: 'DELETE', body: JSON.stringify({ password }) }),
  profile: (name: string) => call<Profile>(`/api/v1/players/${encodeURIComponent(name)}`),
  ratingChanges: (table: string) =>
    call<RatingChange[]>(`/api/v1/tables/${encodeURIComponent(table)}/rating-changes`),
};

/** Finding an opponent (issue #27): quick pairing and challenges by name,
 * both for signed-in players only. */
export const pairing = {
  start: (game: string, clock?: ClockSpec) => post<PairingStatus>('/api/v1/pairing', clock ? { game, clock } : { game }),
  status: () => call<PairingStatus>('/api/v1/pairing'),
  stop: () => call<null>('/api/v1/pairing', { method: 'DELETE' }),
  challenges: () => call<Challenges>('/api/v1/challenges'),
  challenge: (body: ChallengeRequest) => post<Challenge>('/api/v1/challenges', body),
  accept: (id: string) => post<Challenge>(`/api/v1/challenges/${encodeURIComponent(id)}/accept`, {}),
  decline: (id: string) => post<Challenge>(`/api/v1/challenges/${encodeURIComponent(id)}/decline`, {}),
  cancel: (id: string) => call<Challenge>(`/api/v1/challenges/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};

/** The server's game list as last read (empty before the first read):
 *  what each game says about itself, for words that need it at once. */
let knownGames: GameInfo[] = [];
export function gameInfo(game: string): GameInfo | undefined {
  return knownGames.find((g) => g.name === game);
}

export const api = {
  games: () =>
    call<GameInfo[]>('/api/v1/games').then((gs) => {
      knownGames = gs;
      return gs;
    }),
  tables: (game: string, status: TableStatus) =>
    call<TableSummary[]>(`/api/v1/tables?game=${encodeURIComponent(game)}&status=${status}`),
  table: (id: string) => call<TableSummary>(`/api/v1/tables/${encodeURIComponent(id)}`),
  create: (body: CreateTable) => post<TableSummary>('/api/v1/tables', body),
  join: (id: string, body: JoinRequest) =>
    post<JoinAnswer>(`/api/v1/tables/${encodeURIComponent(id)}/join`, body),
  record: (id: string) => call<GameRecord>(`/api/v1/tables/${encodeURIComponent(id)}/record`),
  /** The record as the server's text: seeds are 64-bit, more than a JS number holds exactly. */
  recordText: async (id: string): Promise<string> => {
    const res = await fetch(`/api/v1/tables/${encodeURIComponent(id)}/record`);
    if (!res.ok) throw new ApiFailure(res.status, 'http', `no record for table ${id}`);
    return res.text();
  },
  replay: (id: string) => call<Replay>(`/api/v1/tables/${encodeURIComponent(id)}/replay`),
  records: (limit: number, game?: string) =>
    call<FinishedTable[]>(
      `/api/v1/records?limit=${limit}` + (game ? `&game=${encodeURIComponent(game)}` : ''),
    ),
  ratings: (game: string) => call<RatingEntry[]>(`/api/v1/ratings/${encodeURIComponent(game)}`),
  daily: () => call<DailyInfo[]>('/api/v1/daily'),
  dailyStart: (game: string, name: string) =>
    post<DailyStart>(`/api/v1/daily/${encodeURIComponent(game)}`, { name }),
  dailyBoard: (game: string) => call<DailyBoard>(`/api/v1/daily/${encodeURIComponent(game)}`),
  /** The rules page is markdown text, not JSON. */
  rules: async (name: string): Promise<string> => {
    const res = await fetch(`/rules/${encodeURIComponent(name)}`);
    if (!res.ok) throw new ApiFailure(res.status, 'http', `no rules page for ${name}`);
    return res.text();
  },
};

/** The WebSocket address of a table, on the page's own host. */
export function wsUrl(id: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/v1/tables/${encodeURIComponent(id)}/ws`;
}
