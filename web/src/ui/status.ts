// The connection badge and the message area, shared by screens.

import type { ConnState } from '../connection';
import { h, replace } from './dom';

/** Says exactly what the connection is doing, never "connected" when it is not. */
export function renderConn(el: HTMLElement, s: ConnState): void {
  el.dataset.state = s.kind;
  let text: string;
  switch (s.kind) {
    case 'open':
      text = 'connected';
      break;
    case 'connecting':
      text = s.attempt === 0 ? 'connecting…' : `reconnecting (attempt ${s.attempt + 1})…`;
      break;
    case 'waiting': {
      const secs = Math.max(0, Math.ceil((s.retryAt - Date.now()) / 1000));
      text = `offline: ${s.reason}; retrying in ${secs} s`;
      break;
    }
    case 'refused':
      text = `refused: ${s.reason}`;
      break;
    case 'closed':
      text = 'closed';
      break;
  }
  replace(el, h('span', { class: 'dot', 'aria-hidden': 'true' }), text);
}

/** A short message in the page's live region; errors stay until replaced. */
export function say(el: HTMLElement, text: string, kind: 'info' | 'error' = 'info'): void {
  replace(el, text ? h('p', { class: kind }, text) : null);
  el.dataset.kind = kind;
}
