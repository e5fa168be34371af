// The Speedy Towers table loads on demand: its code (and three.js after
// it) is fetched when a Speedy table or replay opens, so the lobby and the
// other games' first load do not carry it. Until it arrives the table
// keeps the latest view and every event since, and hands them over.
// (Speedy's own for now; any game's renderer could be wrapped the same way.)

import { h, replace } from '../ui/dom';
import type { GameContext, GameUi, Shown } from './types';

export function speedyEntryUi(ctx: GameContext<unknown>): GameUi {
  const root = h('div', { class: 'sp-loading' }, h('p', { class: 'muted' }, 'Loading the Speedy Towers table…'));
  let real: GameUi | null = null;
  let pending: Shown<unknown, unknown> | null = null;
  let gone = false;
  import('./speedy')
    .then(({ speedyUi }) => {
      if (gone) return;
      real = speedyUi(ctx as never) as GameUi;
      root.replaceChildren(real.root);
      if (pending) real.show(pending);
      pending = null;
    })
    .catch((e: unknown) => replace(root, h('p', { class: 'error' }, `The Speedy Towers table could not load: ${e instanceof Error ? e.message : String(e)}. Reload to try again.`)));
  return {
    root,
    show(s) {
      if (real) return real.show(s);
      // Keep every event that arrived meanwhile (for the log), with the newest view.
      pending = pending ? { ...s, events: [...pending.events, ...s.events], live: pending.live || s.live } : s;
    },
    destroy() {
      gone = true;
      real?.destroy();
      root.remove();
    },
  };
}
