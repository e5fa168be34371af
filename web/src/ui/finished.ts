// A finished table in one line, the same wherever one is listed (the
// lobby's recent games, a player's page): the game, who sat where with
// their ratings, who won, and its replay.

import { outcomeShort } from '../games/registry';
import type { FinishedTable } from '../protocol';
import { PROVISIONAL_TITLE, anyProvisional, ratedNames, seatNames } from '../words/names';
import { h } from './dom';
import { challengeButton, signedInName } from './pairing';

export interface FinishedOptions {
  /** Challenge buttons for the accounts of a game for two (the lobby). */
  challenges?: boolean;
  /** The day it was played, before the players (a player's page). */
  day?: boolean;
  /** A data-testid for the replay link (a contract of the page's tests). */
  replayTestId?: string;
}

export function finishedItem(t: FinishedTable, titles: Map<string, string>, options: FinishedOptions = {}): HTMLElement {
  // Issue #27: each account's rating beside its name ("?" while provisional).
  const rated = ratedNames(t.game, t.seats);
  const day = options.day ? `${new Date(t.finished_at || t.created_at).toLocaleDateString()} · ` : '';
  const line = (me: string | null) => `${day}${titles.get(t.game) ?? t.game}: ${rated.join(' vs ')}${resultWords(t, me)}`;
  const said = h('span', { 'data-testid': 'recent-game', title: anyProvisional(t.seats) ? `?: ${PROVISIONAL_TITLE}` : undefined }, line(null));
  // A game the signed-in player sat in is said from their side.
  void signedInName().then((me) => {
    if (me) said.textContent = line(me);
  });
  return h(
    'li',
    { 'data-table': t.id },
    said,
    h(
      'span',
      { class: 'row' },
      // Issue #27: challenge the accounts of a game for two from here.
      options.challenges && t.seats.length === 2 ? t.seats.filter((s) => s.account && s.name).map((s) => challengeButton(s.name!, t.game, `Challenge ${s.name}`)) : null,
      h('a', { class: 'button', href: `#/replay/${encodeURIComponent(t.id)}`, 'data-testid': options.replayTestId }, 'Replay'),
    ),
  );
}

/** " · Ann won", " · a draw", or the game's own short result; for `me`
 *  (the signed-in account's name), who sat at the table, " · you won" or
 *  " · you lost". */
function resultWords(t: FinishedTable, me: string | null): string {
  if (!t.outcome) return '';
  const short = outcomeShort(t.game, t.outcome);
  if (short !== null) return ` · ${short}`;
  const winners = t.outcome.winners;
  if (winners.length === 0) return ' · a draw';
  const mine = me === null ? [] : t.seats.filter((s) => s.account && s.name === me).map((s) => s.seat);
  if (mine.length > 0) return winners.some((w) => mine.includes(w)) ? ' · you won' : ' · you lost';
  const names = seatNames(t.game, t.seats);
  return ` · ${winners.map((w) => names[w] ?? 'someone').join(' and ')} won`;
}
