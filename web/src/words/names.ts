// Who sits where, in a player's words: bots by what they are like to play
// ("Easy bot", numbered when a table has two alike), people by their name,
// never a seat number or an engine's level name.

import { gameInfo } from '../api';
import type { SeatSummary } from '../protocol';

/** A bot level as a player calls it, as the game names it (the server's
 *  game list, `bot_levels[].title`). */
export function botTitle(game: string, level: string | null | undefined): string {
  const w = level ? gameInfo(game)?.bot_levels.find((b) => b.name === level) : undefined;
  if (w) return w.title;
  // A level this client does not know yet: its first word, capitalised.
  const word = (level ?? '').split(/[^a-z]+/i)[0] || 'computer';
  return `${word[0].toUpperCase()}${word.slice(1)} bot`;
}

/** Every seat's name at a table: bots numbered when two share a title, people by name. */
export function seatNames(game: string, seats: SeatSummary[]): string[] {
  const titles = seats.map((s) => (s.kind === 'bot' ? botTitle(game, s.level) : null));
  const count = new Map<string, number>();
  for (const t of titles) if (t) count.set(t, (count.get(t) ?? 0) + 1);
  const seen = new Map<string, number>();
  return seats.map((s, i) => {
    const t = titles[i];
    if (t) {
      if ((count.get(t) ?? 0) < 2) return t;
      const n = (seen.get(t) ?? 0) + 1;
      seen.set(t, n);
      return `${t} ${n}`;
    }
    if (s.name) return s.name;
    return s.taken ? 'Someone' : 'A friend';
  });
}

/** "Alice vs Easy bot", or for one seat just the name. */
export function matchLine(game: string, seats: SeatSummary[]): string {
  return seatNames(game, seats).join(' vs ');
}

/** A seat's rating beside its name (issue #27): " 1500", with "?" while
 *  provisional, " new" for an account not rated yet in the game; empty
 *  for a guest or a bot. */
export function ratingText(s: { rating?: number | null; provisional?: boolean | null; account?: boolean }): string {
  if (s.rating === undefined || s.rating === null) return s.account ? ' (new)' : '';
  return ` (${Math.round(s.rating)}${s.provisional ? '?' : ''})`;
}

/** Every seat's name with its rating beside it. */
export function ratedNames(game: string, seats: SeatSummary[]): string[] {
  const names = seatNames(game, seats);
  return seats.map((s, i) => `${names[i]}${s.kind === 'person' && s.taken ? ratingText(s) : ''}`);
}

/** What the "?" after a rating means, in a player's words (issue #27):
 *  the title (tooltip) of every provisional rating. */
export const PROVISIONAL_TITLE = 'still settling: only a few rated games so far';

/** The sentence shown once where ratings are listed (leaderboards,
 *  profiles) whenever one of them is provisional. */
export const PROVISIONAL_NOTE = 'A “?” after a rating means the player has played only a few rated games of this game: the rating is still settling and can move a lot after each game.';

/** Whether any seat's rating is provisional. */
export function anyProvisional(seats: { provisional?: boolean | null }[]): boolean {
  return seats.some((s) => s.provisional === true);
}
