// #/player/NAME (issue #27): a player's public page: ratings per game with
// their history, recent games linking to their replays, member since.

import { ApiFailure, accounts } from '../api';
import { h, replace } from '../ui/dom';
import { challengeForm } from '../ui/pairing';
import { ratingsList } from '../ui/ratings';
import { gameTitles } from '../words/games';
import { finishedItem } from '../ui/finished';
import type { Screen } from './screen';

export function playerScreen(name: string): Screen {
  const root = h('section', { class: 'profile' }, h('p', { class: 'muted' }, 'Loading…'));
  Promise.all([accounts.profile(name), gameTitles()]).then(
    ([p, titles]) => {
      const title = (game: string) => titles.get(game) ?? game;
      replace(
        root,
        h('h2', { 'data-testid': 'profile-name' }, p.name),
        h('p', { class: 'muted', 'data-testid': 'member-since' }, `Member since ${new Date(p.member_since).toLocaleDateString()}`),
        challengeForm(p.name),
        h('h3', {}, 'Ratings'),
        ratingsList(p.ratings, 'profile-ratings', titles),
        h('h3', {}, 'Rating history'),
        p.history.length === 0
          ? h('p', { class: 'muted', 'data-testid': 'profile-history' }, 'No rated games yet.')
          : h(
              'ol',
              { 'data-testid': 'profile-history' },
              p.history.map((c) => {
                const d = Math.round(c.after) - Math.round(c.before);
                return h('li', { 'data-testid': 'history-entry' }, `${title(c.game)}: ${Math.round(c.before)} → ${Math.round(c.after)} (${d >= 0 ? '+' : ''}${d}) `, h('a', { href: `#/replay/${encodeURIComponent(c.table)}` }, 'replay'));
              }),
            ),
        h('h3', {}, 'Recent games'),
        p.recent_games.length === 0
          ? h('p', { class: 'muted', 'data-testid': 'profile-recent' }, 'No games yet.')
          : h(
              'ul',
              { class: 'table-list', 'data-testid': 'profile-recent' },
              p.recent_games.map((g) =>
                // A finished game as the lobby lists it: who played, who won.
                g.finished
                  ? finishedItem(g.finished, titles, { day: true, replayTestId: 'recent-replay' })
                  : h(
                      'li',
                      {},
                      `${new Date(g.created_at).toLocaleDateString()} · ${title(g.game)}: `,
                      h('a', { href: `#/table/${encodeURIComponent(g.table)}` }, g.status === 'open' ? 'waiting for players' : 'playing now'),
                    ),
              ),
            ),
      );
    },
    (e) => replace(root, h('p', { class: 'error' }, e instanceof ApiFailure && e.status === 404 ? `There is no player called ${name}.` : String(e instanceof Error ? e.message : e))),
  );
  return { root, title: name, destroy() {} };
}
