// A finished table in one line, the same wherever one is listed (the
// lobby's recent games, a player's page): the game, who sat where with
// their ratings, who won, and its replay.

import { outcomeShort } from '../games/registry';
import type { FinishedTable } from '../protocol';
import { PROVISIONAL_TITLE, anyProvisional, ratedNames, seatNames } from '../words/names';
import { h } from './dom';
import { challengeButton } from './pairing';

export interface FinishedOptions {
  /** Challenge buttons for the accounts of a game for two (the lobby). */
  challenges?: boolean;
  /** The day it was played, before the players (a player's page). */
  day?: boolean;
  /** A data-testid for the replay link (a contract of the page's tests). */
  replayTestId?: string;
}

export function finishedItem(t: FinishedTable, titles: Map<string, string>, options: FinishedOptions = {}): HTMLElement {
  const names = seatNames(t.game, t.seats);
  const short = t.outcome ? outcomeShort(t.game, t.outcome) : null;
  const won =
    short !== null
      ? ` · ${short}`
      : t.outcome?.winners.length
        ? ` · ${t.outcome.winners.map((w) => names[w] ?? 'someone').join(' and ')} won`
        : t.outcome
          ? ' · a draw'
          : '';
  // Issue #27: each account's rating beside its name ("?" while provisional).
  const rated = ratedNames(t.game, t.seats);
  const day = options.day ? `${new Date(t.finished_at || t.created_at).toLocaleDateString()} · ` : '';
  return h(
    'li',
    { 'data-table': t.id },
    h('span', { 'data-testid': 'recent-game', title: anyProvisional(t.seats) ? `?: ${PROVISIONAL_TITLE}` : undefined }, `${day}${titles.get(t.game) ?? t.game}: ${rated.join(' vs ')}${won}`),
    h(
      'span',
      { class: 'row' },
      // Issue #27: challenge the accounts of a game for two from here.
      options.challenges && t.seats.length === 2 ? t.seats.filter((s) => s.account && s.name).map((s) => challengeButton(s.name!, t.game, `Challenge ${s.name}`)) : null,
      h('a', { class: 'button', href: `#/replay/${encodeURIComponent(t.id)}`, 'data-testid': options.replayTestId }, 'Replay'),
    ),
  );
}
