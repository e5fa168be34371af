// Any game without its own renderer yet (Speedy, Leaning as they land):
// the view as JSON and a box to send an action as JSON. Honest, if plain;
// the server still checks everything.

import { h, replace } from '../ui/dom';
import type { GameContext, GameUi, Shown } from './types';

export function genericUi(ctx: GameContext<unknown>): GameUi {
  const pre = h('pre', { class: 'json' });
  const input = h('textarea', { rows: 3, 'aria-label': 'action as JSON', placeholder: '{"type": "..."}' });
  const form = h(
    'form',
    {
      onsubmit: ((e: SubmitEvent) => {
        e.preventDefault();
        try {
          ctx.act?.(JSON.parse(input.value) as unknown);
        } catch (err) {
          alert(`not JSON: ${String(err)}`);
        }
      }) as EventListener,
    },
    input,
    h('button', { type: 'submit' }, 'Send action'),
  );
  const root = h('div', { class: 'generic' }, pre, ctx.act ? form : null);
  return {
    root,
    show(s: Shown<unknown, unknown>) {
      replace(pre, JSON.stringify(s.view, null, 1));
    },
    destroy() {
      root.remove();
    },
  };
}
