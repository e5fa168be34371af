// What each game is, for someone who has never heard of it, and the first
// game worth starting in one click: all from what the game declares about
// itself in Rust (`GameInfo.about`, served by the server's game list), so
// no screen names a game or restates its seats, length or bots.

import { api } from '../api';
import type { CreateTable, GameInfo } from '../protocol';

export interface GameFacts {
  sentence: string;
  players: string;
  pace: 'Turn-based' | 'Real time';
  length: string;
  /** The primary action's label. */
  play: string;
}

/** "2 players", "2–5 players", "1 player". */
export function seatsWords(seats: { min: number; max: number }): string {
  const noun = (n: number) => (n === 1 ? 'player' : 'players');
  return seats.min === seats.max ? `${seats.min} ${noun(seats.min)}` : `${seats.min}–${seats.max} ${noun(seats.max)}`;
}

export function factsOf(g: GameInfo): GameFacts {
  return {
    sentence: g.about.description,
    players: seatsWords(g.about.seats),
    pace: g.turnless ? 'Real time' : 'Turn-based',
    length: g.about.length,
    play: g.about.seats.max === 1 ? 'Start a deal' : 'Play the computer',
  };
}

/** The settings a lobby starts from: the game's defaults with what its
 *  form offers first (the seat count it starts at, a length where the
 *  default has none, so a first game ends on its own). */
export function startSettings(g: GameInfo): unknown {
  const form = g.about.settings;
  if (form.type === 'text') return g.default_settings;
  const out: Record<string, unknown> = { ...((g.default_settings ?? {}) as object) };
  for (const f of form.fields) {
    if (f.kind.type === 'seats') out[f.key] = f.kind.start;
    if (f.kind.type === 'flag' && f.kind.start !== null) out[f.key] = f.kind.start;
    if (f.kind.type === 'number' && (out[f.key] === null || out[f.key] === undefined)) out[f.key] = f.kind.zero_is_none && f.kind.none_shows === 0 ? null : f.kind.none_shows * f.kind.scale;
  }
  return out;
}

/** How many seats `startSettings` makes. */
export function startSeats(g: GameInfo): number {
  const form = g.about.settings;
  const seats = form.type === 'object' ? form.fields.find((f) => f.kind.type === 'seats') : undefined;
  return seats && seats.kind.type === 'seats' ? seats.kind.start : g.about.seats.min;
}

/** The table a newcomer's first game starts: you against the bot the game
 *  names for a first game, or a one-seat game alone. */
export function firstGame(g: GameInfo): CreateTable {
  const n = startSeats(g);
  const bot = g.about.first_bot ?? g.bot_levels[0]?.name;
  return {
    game: g.name,
    settings: startSettings(g),
    seats: [{ kind: 'person' }, ...Array.from({ length: n - 1 }, () => (bot ? { kind: 'bot' as const, level: bot } : { kind: 'person' as const }))],
  };
}

/** A table to play a friend: every seat a person, the first one yours. */
export function friendGame(g: GameInfo): CreateTable {
  const n = Math.max(2, startSeats(g));
  return { game: g.name, settings: startSettings(g), seats: Array.from({ length: n }, () => ({ kind: 'person' as const })) };
}

/** Each game's title by its name. */
export function titlesOf(games: readonly GameInfo[]): Map<string, string> {
  return new Map(games.map((g) => [g.name, g.title]));
}

/** Each game's title by its name, from the server's list; none if it did not list them. */
export function gameTitles(): Promise<Map<string, string>> {
  return api.games().then(titlesOf, () => new Map());
}
