// A player's ratings, game by game: on their own account page and on
// anyone's profile (#/player/NAME).

import type { Me } from '../api';
import { h } from './dom';
import { PROVISIONAL_NOTE, PROVISIONAL_TITLE } from '../words/names';

/** "1662", with "?" while provisional. */
function ratingFigure(r: { rating: number; provisional: boolean }): string {
  return `${Math.round(r.rating)}${r.provisional ? '?' : ''}`;
}

/** Each game's rating, the game by its title (`titles`, from the server's
 *  list of games; its name until that has come). */
export function ratingsList(ratings: Me['ratings'], testid: string, titles: Map<string, string> = new Map()): HTMLElement {
  if (ratings.length === 0) return h('p', { class: 'muted', 'data-testid': testid }, 'No rated games yet.');
  const list = h(
    'ul',
    { class: 'ratings', 'data-testid': testid },
    ratings.map((r) =>
      h(
        'li',
        { 'data-testid': 'rating', 'data-game': r.game },
        h('strong', {}, titles.get(r.game) ?? r.game),
        ' ',
        h('span', { class: 'rating', title: r.provisional ? PROVISIONAL_TITLE : 'rating' }, ratingFigure(r)),
        ' ',
        h('span', { class: 'muted' }, `${r.games} rated ${r.games === 1 ? 'game' : 'games'}${r.provisional ? ', provisional' : ''}`),
      ),
    ),
  );
  // Issue #27: the "?" explained where a newcomer first meets it.
  if (!ratings.some((r) => r.provisional)) return list;
  return h('div', {}, list, h('p', { class: 'muted small', 'data-testid': 'provisional-note' }, PROVISIONAL_NOTE));
}
