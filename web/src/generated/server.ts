// Generated from the Rust types of the `stackyard-server` crate by `cargo run -p stackyard-typegen`.
// Do not edit: change the Rust types and regenerate; a test
// (shells/typegen/tests/generated_types.rs) fails while this file is stale.

import type { About, Ending, Frame, Outcome, Seat, Standing, ToAct, Viewer } from './core';

/**
 * A new account.
 */
export type AccountCreated = { 
/**
 * The name as kept (NFKC).
 */
name: string, };

/**
 * An error with the sentence for the person who caused it.
 */
export type ApiError = { 
/**
 * What kind of error.
 */
kind: ErrorKind, 
/**
 * A sentence naming the problem.
 */
message: string, 
/**
 * The rule id, when the rules refused.
 */
rule?: string, 
/**
 * The table the error is about: for `already_played`, the earlier
 * attempt's, so a client can say how it went (issue #49).
 */
table?: string, };

/**
 * A bot level.
 */
export type BotLevelInfo = { 
/**
 * Name to ask for.
 */
name: string, 
/**
 * What a player calls it ("Easy bot").
 */
title: string, 
/**
 * One line for people.
 */
about: string, };

/**
 * One challenge, as one of its two players sees it.
 */
export type Challenge = { 
/**
 * Its id.
 */
id: string, 
/**
 * Who sent it.
 */
from: string, 
/**
 * Who it is for.
 */
to: string, 
/**
 * The game.
 */
game: string, 
/**
 * The clock, if any.
 */
clock?: ClockSpec, 
/**
 * Whether the game counts for ratings.
 */
rated: boolean, 
/**
 * `open`, `accepted`, `declined` or `cancelled`.
 */
state: "open" | "accepted" | "declined" | "cancelled", 
/**
 * Accepted: the table (take the seat with
 * `POST /api/v1/tables/{table}/join` while signed in).
 */
table?: string, 
/**
 * Accepted: the viewer's seat there.
 */
seat?: number, 
/**
 * Unix ms it was sent.
 */
created_at: number, };

/**
 * `POST /api/v1/challenges`: challenge a player by name.
 */
export type ChallengeRequest = { 
/**
 * The player challenged (an account's name).
 */
to: string, 
/**
 * The game (a two-seat game).
 */
game: string, 
/**
 * The clock, if any.
 */
clock?: ClockSpec, 
/**
 * Whether the game counts for ratings (by default it does).
 */
rated?: boolean, };

/**
 * A player's challenges: sent to them, and sent by them.
 */
export type Challenges = { 
/**
 * Open challenges for the player, newest first.
 */
incoming: Array<Challenge>, 
/**
 * The player's challenges (open, or answered in the last 10 minutes),
 * newest first.
 */
outgoing: Array<Challenge>, };

/**
 * A password change.
 */
export type ChangePassword = { 
/**
 * The current password.
 */
password: string, 
/**
 * The new one.
 */
new_password: string, };

/**
 * A message from a WebSocket client.
 */
export type ClientMessage = { "type": "hello", 
/**
 * Must be [`PROTOCOL`].
 */
protocol: number, 
/**
 * The seat's secret; absent or null to watch.
 */
token: string | null, 
/**
 * The last version this client saw (a fresh welcome answers).
 */
since: number | null, } | { "type": "act", 
/**
 * Echoed in the ack or error.
 */
id: number, 
/**
 * The game's action JSON.
 */
action: unknown, } | { "type": "resign", 
/**
 * Echoed.
 */
id: number, } | { "type": "offer_draw", 
/**
 * Echoed.
 */
id: number, } | { "type": "accept_draw", 
/**
 * Echoed.
 */
id: number, } | { "type": "hint", 
/**
 * Echoed.
 */
id: number, } | { "type": "rematch", 
/**
 * Echoed.
 */
id: number, } | { "type": "ping", 
/**
 * Echoed.
 */
id: number, };

/**
 * A chess-style clock for turn-based games.
 */
export type ClockSpec = { 
/**
 * Time each seat starts with, ms.
 */
initial_ms: number, 
/**
 * Time added after each of the seat's moves, ms.
 */
increment_ms: number, };

/**
 * One seat's clock in `welcome` and `step`.
 */
export type ClockState = { 
/**
 * Time left, ms.
 */
remaining_ms: number, 
/**
 * Whether it is running down now.
 */
running: boolean, };

/**
 * `POST /api/v1/tables`.
 */
export type CreateTable = { 
/**
 * The game's stable name.
 */
game: string, 
/**
 * The game's settings (its default settings if absent): the game's
 * own JSON, a string such as `"8x8"` for Towers, an object for the
 * others.
 */
settings?: unknown, 
/**
 * One entry per seat; absent: every seat a person.
 */
seats?: Array<SeatSpec>, 
/**
 * A clock for turn-based games.
 */
clock?: ClockSpec, 
/**
 * Whether the result counts for ratings: by default it does (issue
 * #27), though only a game whose seats all belong to accounts is ever
 * rated (never one with a bot or a guest).
 */
rated?: boolean, 
/**
 * A seed (random if absent; a chosen seed is never rated).
 */
seed?: number, };

/**
 * Sign up or sign in.
 */
export type Credentials = { 
/**
 * The account's name.
 */
name: string, 
/**
 * Its password.
 */
password: string, };

/**
 * `GET /api/v1/daily/{game}`: a day's board, best first (higher score,
 * then less time, then fewer hints).
 */
export type DailyBoard = { 
/**
 * Game name.
 */
game: string, 
/**
 * The day.
 */
day: string, 
/**
 * Finished attempts, best first.
 */
entries: Array<DailyEntry>, };

/**
 * One line of a daily deal's leaderboard.
 */
export type DailyEntry = { 
/**
 * 1 for the best.
 */
rank: number, 
/**
 * Player name.
 */
name: string, 
/**
 * The game's score for the seat, higher is better (Tower of Babel:
 * minus the stacks left).
 */
score: number, 
/**
 * Whether the game counts it a win (Tower of Babel: one stack).
 */
won: boolean, 
/**
 * Game time taken, ms.
 */
time_ms: number, 
/**
 * Hints asked.
 */
hints: number, 
/**
 * How it ended (null if not stored).
 */
ending: Ending | null, 
/**
 * The table (its record and replay are served once the day is over).
 */
table: string, 
/**
 * Whether the attempt is an account's (ranked, one a day); a guest's
 * otherwise (issue #27).
 */
account: boolean, 
/**
 * The account's rating in this game, if it has one.
 */
rating?: number, 
/**
 * Whether that rating is still provisional (its deviation is high).
 */
provisional?: boolean, };

/**
 * A daily deal the server offers (`GET /api/v1/daily`).
 */
export type DailyInfo = { 
/**
 * Game name.
 */
game: string, 
/**
 * Game title.
 */
title: string, 
/**
 * Today, UTC (`YYYY-MM-DD`): the deal changes at midnight UTC.
 */
day: string, };

/**
 * `POST /api/v1/daily/{game}`: play today's deal under a name.
 */
export type DailyRequest = { 
/**
 * The name to go by (the leaderboard's; one attempt per name a day).
 */
name: string | null, };

/**
 * The answer to a daily start: a private one-seat table, already playing.
 */
export type DailyStart = { 
/**
 * Table id.
 */
table: string, 
/**
 * Seat index (always 0).
 */
seat: number, 
/**
 * The seat's secret: send it in `hello`.
 */
token: string, 
/**
 * The deal's day.
 */
day: string, };

/**
 * Deleting the account: the password again.
 */
export type DeleteAccount = { 
/**
 * The current password.
 */
password: string, };

/**
 * The body of every HTTP error: `{"error": {...}}`.
 */
export type ErrorBody = { 
/**
 * The error.
 */
error: ApiError, };

/**
 * The kinds of error a client can tell apart (WebSocket and HTTP).
 */
export type ErrorKind = "malformed" | "no_such_seat" | "over" | "rule" | "not_your_seat" | "not_your_turn" | "not_started" | "bad_token" | "rate_limited" | "too_large" | "protocol" | "no_draws" | "no_such_table" | "seat_taken" | "too_many_tables" | "bad_request" | "forbidden" | "storage" | "already_played" | "clock_out_of_range" | "unknown_bot_level" | "settings_out_of_range" | "hint_busy" | "not_found" | "timeout" | "too_many_connections" | "busy" | "name_taken" | "bad_name" | "weak_password" | "bad_credentials" | "unauthorized" | "csrf";

/**
 * A game the server hosts.
 */
export type GameInfo = { 
/**
 * Stable name.
 */
name: string, 
/**
 * Title.
 */
title: string, 
/**
 * Rules engine version.
 */
engine: string, 
/**
 * Whether draws may be agreed.
 */
has_draws: boolean, 
/**
 * Whether the seats play without turns (IceTowers, Speedy Towers):
 * such a table takes no clock.
 */
turnless: boolean, 
/**
 * Default settings: a string such as `"8x8"` for Towers, an object for
 * the others.
 */
default_settings: unknown, 
/**
 * Bot levels, weakest first.
 */
bot_levels: Array<BotLevelInfo>, 
/**
 * Where the rules are.
 */
rules_url: string, 
/**
 * What the game says about itself, for a lobby: one sentence, the
 * seat range, the typical length, the first bot a newcomer meets and
 * the settings form (`stackyard_core::About`).
 */
about: About, };

/**
 * `POST /api/v1/tables/{id}/join`.
 */
export type JoinTable = { 
/**
 * The seat wanted (the first free person seat if absent).
 */
seat?: number, 
/**
 * The name to go by (letters, digits, spaces, `-_.`; `NAME_MAX_CHARS` at most).
 */
name?: string, };

/**
 * The answer to a join: the seat and its secret.
 */
export type Joined = { 
/**
 * Table id.
 */
table: string, 
/**
 * Seat index.
 */
seat: number, 
/**
 * The seat's secret: send it in `hello`. The server keeps only its hash.
 */
token: string, };

/**
 * The signed-in player.
 */
export type Me = { 
/**
 * The account's name.
 */
name: string, 
/**
 * Ratings per game played rated.
 */
ratings: Array<PlayerRating>, 
/**
 * Unix ms the account was made.
 */
member_since: number, };

/**
 * `POST /api/v1/pairing`: what to be paired for.
 */
export type PairingRequest = { 
/**
 * The game (a two-seat game).
 */
game: string, 
/**
 * The clock, if any (players are only paired with the same clock).
 */
clock?: ClockSpec, };

/**
 * Where a player's pairing request stands.
 */
export type PairingStatus = { 
/**
 * `waiting`, `paired` (see `table`), or `idle` (not waiting).
 */
state: "waiting" | "paired" | "idle", 
/**
 * The game waited for or paired in.
 */
game?: string, 
/**
 * The clock waited for.
 */
clock?: ClockSpec, 
/**
 * How long the player has waited, ms.
 */
waited_ms: number, 
/**
 * The rating gap accepted now (absent once anyone will do).
 */
window?: number, 
/**
 * The player's rating in the game.
 */
rating?: number, 
/**
 * Paired: the new table (take the seat with
 * `POST /api/v1/tables/{table}/join` while signed in).
 */
table?: string, 
/**
 * Paired: the player's seat there.
 */
seat?: number, 
/**
 * Paired: the opponent's name.
 */
opponent?: string, };

/**
 * One earlier step in a `welcome`: its version and the events this
 * viewer received with it.
 */
export type PastStep = { 
/**
 * The version the step made.
 */
version: number, 
/**
 * The events this viewer may see.
 */
events: Array<unknown>, };

/**
 * What the server pushes on a player's socket, `GET /api/v1/me/ws`
 * (issue #27: push instead of polling). Each is one JSON text message.
 */
export type PlayerEvent = { "type": "hello", 
/**
 * The account's name.
 */
name?: string, } | { "type": "paired", 
/**
 * As `GET /api/v1/pairing` would answer now.
 */
status: PairingStatus, } | { "type": "challenge", 
/**
 * The challenge as the player sees it.
 */
challenge: Challenge, };

/**
 * One rating of a player.
 */
export type PlayerRating = { 
/**
 * Game name.
 */
game: string, 
/**
 * Rating.
 */
rating: number, 
/**
 * Deviation (uncertainty).
 */
deviation: number, 
/**
 * Rated games played.
 */
games: number, 
/**
 * Whether the rating is still provisional (deviation above 110).
 */
provisional: boolean, };

/**
 * A player's public page.
 */
export type Profile = { 
/**
 * The account's name.
 */
name: string, 
/**
 * Ratings per game.
 */
ratings: Array<PlayerRating>, 
/**
 * Unix ms the account was made.
 */
member_since: number, 
/**
 * Rating changes, newest first (the latest 100).
 */
history: Array<RatingChange>, 
/**
 * The latest tables the account sat at, newest first (20).
 */
recent_games: Array<RecentGame>, };

/**
 * One rating change a rated table made.
 */
export type RatingChange = { 
/**
 * The player's name.
 */
name: string, 
/**
 * Game name.
 */
game: string, 
/**
 * The table (its replay is `/api/v1/tables/{table}/replay`).
 */
table: string, 
/**
 * Rating before.
 */
before: number, 
/**
 * Rating after.
 */
after: number, 
/**
 * Unix ms (0 when not known).
 */
at_ms: number, };

/**
 * A leaderboard line.
 */
export type RatingEntry = { 
/**
 * Player name.
 */
name: string, 
/**
 * Rating.
 */
rating: number, 
/**
 * Deviation (uncertainty).
 */
deviation: number, 
/**
 * Rated games played.
 */
games: number, 
/**
 * Whether the rating is still provisional (its deviation is high).
 */
provisional: boolean, };

/**
 * A table a player sat at.
 */
export type RecentGame = { 
/**
 * Table id.
 */
table: string, 
/**
 * Game name.
 */
game: string, 
/**
 * `open`, `playing` or `finished`.
 */
status: string, 
/**
 * Unix ms the table was made.
 */
created_at: number, 
/**
 * Once it is finished, the table as the lobby's recent games list it
 * (who sat where, with ratings, and the result), so a player's page
 * says who played and who won in the same words.
 */
finished: RecordSummary | null, };

/**
 * A finished table in `GET /api/v1/records`.
 */
export type RecordSummary = { 
/**
 * Table id.
 */
id: string, 
/**
 * Game name.
 */
game: string, 
/**
 * Unix ms.
 */
created_at: number, 
/**
 * Unix ms.
 */
finished_at: number, 
/**
 * The result (null if not stored).
 */
outcome: Outcome | null, 
/**
 * How it ended (null if not stored).
 */
ending: Ending | null, 
/**
 * Who sat where (as stored: the seats of a [`TableSummary`]).
 */
seats: Array<SeatSummary>, 
/**
 * Where the full record is served.
 */
record_url: string, };

/**
 * A rematch a seat asked for: the new table, same game, settings, seats
 * and clock, each person's seat free for the person who had it.
 */
export type RematchOffer = { 
/**
 * The new table's id.
 */
table: string, 
/**
 * The seat that asked.
 */
by: number, };

/**
 * `GET /api/v1/tables/{id}/replay`: a finished table's record and its
 * frames as a spectator sees them.
 */
export type ReplayAnswer = { 
/**
 * Which table.
 */
table: ReplayTable, 
/**
 * The record, as stored (`stackyard_core::Record` as JSON).
 */
record: unknown, 
/**
 * One frame per action, the start first.
 */
frames: Array<Frame>, };

/**
 * The table a replay is of.
 */
export type ReplayTable = { 
/**
 * Table id.
 */
id: string, 
/**
 * Game name.
 */
game: string, 
/**
 * The game's title.
 */
title: string, };

/**
 * How a seat is filled at creation.
 */
export type SeatSpec = { "kind": "person" } | { "kind": "bot", 
/**
 * A level from the game's `bot_levels`.
 */
level: string, };

/**
 * One seat as the lobby shows it.
 */
export type SeatSummary = { 
/**
 * Seat index.
 */
seat: number, 
/**
 * `person` or `bot`.
 */
kind: "person" | "bot", 
/**
 * The bot's level.
 */
level?: string, 
/**
 * The player's name.
 */
name?: string, 
/**
 * Whether somebody holds it (bots always do).
 */
taken: boolean, 
/**
 * Whether a connection is open for it (bots always are).
 */
connected: boolean, 
/**
 * Hints the seat has asked for (counted, stored, shown).
 */
hints: number, 
/**
 * Whether the seat belongs to an account (issue #27); a person's seat
 * that does not is a guest's, whatever name it shows.
 */
account: boolean, 
/**
 * The account's rating in this game (the lobby's list and a table's
 * summary carry it; absent for a guest, a bot, or no rating yet).
 */
rating?: number, 
/**
 * Whether that rating is still provisional (its deviation is high).
 */
provisional?: boolean, };

/**
 * A message from the server to a WebSocket client, the only shapes the
 * server sends (`shells/server/src/tables/messages.rs` writes them; every
 * server test reads each message it receives as a `ServerMessage`). Game
 * payloads (views, events, actions) are the game's own JSON.
 */
export type ServerMessage = { "type": "welcome", 
/**
 * [`super::PROTOCOL`].
 */
protocol: number, 
/**
 * The table.
 */
table: TableSummary, 
/**
 * Who this connection is.
 */
viewer: Viewer, 
/**
 * Steps so far.
 */
version: number, 
/**
 * The game's view for this viewer.
 */
view: unknown, 
/**
 * Who may act.
 */
to_act: ToAct, 
/**
 * Each seat's clock, for tables with a clock.
 */
clocks: Array<ClockState> | null, 
/**
 * Game time now, ms since the table opened.
 */
now_ms: number, 
/**
 * The seat whose draw offer stands.
 */
draw_offered_by: Seat | null, 
/**
 * How the game ended, once over.
 */
ended: Ending | null, 
/**
 * The result, once over.
 */
outcome: Outcome | null, 
/**
 * How long a seat may stay without a connection before the game
 * ends as abandoned, ms (the server's setting; the client says it
 * to a player whose opponent is away, and never restates it).
 */
abandon_after_ms: number, 
/**
 * Every earlier step's events as this viewer received them,
 * oldest first (steps with none left out): a client draws what it
 * keeps of the game's course (the last move, the move list) from
 * them, so a reload shows the table as it was. Empty for a table
 * finished before they were kept.
 */
past: Array<PastStep>, } | { "type": "step", 
/**
 * The version this step made.
 */
version: number, 
/**
 * The events this viewer may see.
 */
events: Array<unknown>, 
/**
 * The game's view for this viewer afterwards.
 */
view: unknown, 
/**
 * Who may act now.
 */
to_act: ToAct, 
/**
 * Each seat's clock, for tables with a clock.
 */
clocks: Array<ClockState> | null, 
/**
 * How the game ended, if this step ended it.
 */
ended: Ending | null, 
/**
 * The result, once over.
 */
outcome: Outcome | null, } | { "type": "ack", 
/**
 * The client's id.
 */
id: number, 
/**
 * The version it made.
 */
version: number, } | { "type": "error", 
/**
 * The client's id, when the request had one.
 */
id: number | null, 
/**
 * What kind of error.
 */
kind: ErrorKind, 
/**
 * The rule id, when the rules refused.
 */
rule: string | null, 
/**
 * A sentence naming the problem.
 */
message: string, } | { "type": "table", 
/**
 * The table now.
 */
table: TableSummary, } | { "type": "draw_offered", 
/**
 * Who.
 */
seat: Seat, } | { "type": "draw_answered", 
/**
 * The bot's seat.
 */
seat: Seat, 
/**
 * The seat that offered it.
 */
offered_by: Seat, 
/**
 * Whether it accepted.
 */
accepts: boolean, 
/**
 * How it judged its seat, when it could.
 */
standing: Standing | null, } | { "type": "hint", 
/**
 * The client's id.
 */
id: number, 
/**
 * The suggested action (the game's action JSON), if any.
 */
action: unknown, 
/**
 * A sentence for people.
 */
text: string, } | { "type": "pong", 
/**
 * The client's id.
 */
id: number, };

/**
 * A new session. `token` is a bearer token for API clients; a browser
 * uses the cookie set beside it and sends `csrf` as `X-CSRF-Token` on
 * every request that changes something.
 */
export type SessionStarted = { 
/**
 * The account's name.
 */
name: string, 
/**
 * The session token (also in the `HttpOnly` cookie).
 */
token: string, 
/**
 * The CSRF token (also in the `stackyard_csrf` cookie).
 */
csrf: string, };

/**
 * Who this browser or client is signed in as, if anyone: a visitor
 * without an account is the usual case, not an error, so the page's
 * account check asks here rather than `GET /api/v1/me` (a 401 there is
 * logged by every browser's console).
 */
export type SessionState = { 
/**
 * The signed-in player, or null for a visitor without a session.
 */
account: Me | null, };

/**
 * A table as the lobby shows it. Never the seed or anything hidden.
 */
export type TableSummary = { 
/**
 * Table id.
 */
id: string, 
/**
 * Game name.
 */
game: string, 
/**
 * Game title.
 */
title: string, 
/**
 * `open` (seats free), `playing` or `finished`.
 */
status: "open" | "playing" | "finished", 
/**
 * The game's settings: a string such as `"8x8"` for Towers, an object
 * for the others.
 */
settings: unknown, 
/**
 * The seats.
 */
seats: Array<SeatSummary>, 
/**
 * Unix ms.
 */
created_at: number, 
/**
 * Steps so far.
 */
version: number, 
/**
 * Accepted actions so far.
 */
actions: number, 
/**
 * The clock, if any.
 */
clock?: ClockSpec, 
/**
 * Rated?
 */
rated: boolean, 
/**
 * The result, once over.
 */
outcome?: Outcome, 
/**
 * How it ended, once over.
 */
ending?: Ending, 
/**
 * For a daily deal's table, its UTC day (`YYYY-MM-DD`): such a table
 * is private (not listed, not watched, its record served after the
 * day).
 */
daily?: string | null, 
/**
 * Once the game is over and a seat asked for a rematch: the new table.
 */
rematch?: RematchOffer, };

export const PROTOCOL = 1;

export const NAME_MAX_CHARS = 32;

export const ACCOUNT_NAME_MIN_CHARS = 2;

export const ACCOUNT_NAME_MAX_CHARS = 24;

export const PASSWORD_MIN_CHARS = 8;

export const CLOSE_POLICY = 1008;

export const CLOSE_TOO_LARGE = 1009;

export const CLOSE_OVERLOADED = 1013;
