// #/player/NAME (issue #27): a player's public page: ratings per game with
// their history, recent games linking to their replays, member since.

import { ApiFailure, accounts } from '../api';
import { h, replace } from '../ui/dom';
import { challengeForm } from '../ui/pairing';
import { ratingsList } from './account';
import type { Screen } from './screen';

export function playerScreen(name: string): Screen {
  const root = h('section', { class: 'profile' }, h('p', { class: 'muted' }, 'Loading…'));
  accounts.profile(name).then(
    (p) =>
      replace(
        root,
        h('h2', { 'data-testid': 'profile-name' }, p.name),
        h('p', { class: 'muted', 'data-testid': 'member-since' }, `Member since ${new Date(p.member_since).toLocaleDateString()}`),
        challengeForm(p.name),
        h('h3', {}, 'Ratings'),
        ratingsList(p.ratings, 'profile-ratings'),
        h('h3', {}, 'Rating history'),
        p.history.length === 0
          ? h('p', { class: 'muted', 'data-testid': 'profile-history' }, 'No rated games yet.')
          : h(
              'ol',
              { 'data-testid': 'profile-history' },
              p.history.map((c) => {
                const d = Math.round(c.after) - Math.round(c.before);
                return h('li', { 'data-testid': 'history-entry' }, `${c.game}: ${Math.round(c.before)} → ${Math.round(c.after)} (${d >= 0 ? '+' : ''}${d}) `, h('a', { href: `#/replay/${encodeURIComponent(c.table)}` }, 'replay'));
              }),
            ),
        h('h3', {}, 'Recent games'),
        p.recent_games.length === 0
          ? h('p', { class: 'muted', 'data-testid': 'profile-recent' }, 'No games yet.')
          : h(
              'ul',
              { 'data-testid': 'profile-recent' },
              p.recent_games.map((g) =>
                h('li', {}, `${g.game}, ${new Date(g.created_at).toLocaleDateString()}: `, g.status === 'finished' ? h('a', { href: `#/replay/${encodeURIComponent(g.table)}`, 'data-testid': 'recent-replay' }, 'replay') : h('a', { href: `#/table/${encodeURIComponent(g.table)}` }, g.status === 'open' ? 'waiting for players' : 'playing now')),
              ),
            ),
      ),
    (e) => replace(root, h('p', { class: 'error' }, e instanceof ApiFailure && e.status === 404 ? `There is no player called ${name}.` : String(e instanceof Error ? e.message : e))),
  );
  return { root, title: name, destroy() {} };
}
