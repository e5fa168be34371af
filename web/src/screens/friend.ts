// "Play a friend" is a link (#/friend/<game>), so it can be opened in a new
// tab or shared: it asks this browser's name once, starts a table where
// every seat is a person, takes the first seat and replaces itself with
// that table, whose page shows the link to send the friend.

import { ApiFailure, api } from '../api';
import { displayName, saveSeat } from '../seats';
import { h, replace } from '../ui/dom';
import { askName } from '../ui/name';
import { friendGame } from '../words/games';
import type { Screen } from './screen';

export function friendScreen(game: string): Screen {
  const status = h('p', { class: 'muted' }, 'Starting a table for you and a friend…');
  const root = h('section', { class: 'friend-start' }, status);
  let gone = false;
  void (async () => {
    try {
      const info = (await api.games()).find((g) => g.name === game);
      if (!info) return replace(status, h('span', { class: 'error' }, 'There is no such game here. '), h('a', { href: '#/' }, 'Back to the games'));
      if (!(await askName('Your friend will see this name.'))) {
        if (!gone) location.replace('#/');
        return;
      }
      const body = friendGame(info);
      const t = await api.create(body);
      saveSeat(t.id, await api.join(t.id, { seat: 0, name: displayName() }));
      // Replace, so going back does not start another table.
      if (!gone) location.replace(`#/table/${t.id}`);
    } catch (e) {
      replace(status, h('span', { class: 'error' }, e instanceof ApiFailure ? `The table could not be started: ${e.message}. ` : `${String(e)}. `), h('a', { href: '#/' }, 'Back to the games'));
    }
  })();
  return {
    root,
    title: 'Play a friend',
    destroy() {
      gone = true;
    },
  };
}
