// A player's name is asked once and remembered (localStorage): asked
// before anything that shows it to other people (a friend's table, a
// ranked deal), never before a quick game against the computer.

import { guestName, playerName, setPlayerName } from '../seats';
import { h } from './dom';
import { NAME_MAX_CHARS } from '../protocol';

/** The remembered name, or one asked for now; null if the player cancels. */
export function askName(why: string): Promise<string | null> {
  const known = playerName().trim();
  if (known) return Promise.resolve(known);
  return new Promise((resolve) => {
    // A guest goes by its "Guest 1234" unless it types another name.
    const input = h('input', { name: 'ask-name', maxlength: NAME_MAX_CHARS, autocomplete: 'nickname', 'aria-label': 'your name', placeholder: guestName() });
    const done = (value: string | null) => {
      overlay.remove();
      document.removeEventListener('keydown', onKey);
      resolve(value);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') done(null);
    };
    const form = h(
      'form',
      {
        class: 'name-ask',
        role: 'dialog',
        'aria-modal': 'true',
        'aria-label': 'Your name',
        onsubmit: ((e: SubmitEvent) => {
          e.preventDefault();
          const typed = input.value.trim();
          const v = typed || guestName();
          if (typed) setPlayerName(typed);
          done(v);
        }) as EventListener,
      },
      h('h3', {}, 'What is your name?'),
      h('p', { class: 'muted' }, why),
      input,
      h('div', { class: 'row' }, h('button', { type: 'submit', class: 'primary', 'data-name-ok': true }, 'Continue'), h('button', { type: 'button', onclick: () => done(null) }, 'Cancel')),
    );
    const overlay = h('div', { class: 'overlay' }, form);
    document.body.append(overlay);
    document.addEventListener('keydown', onKey);
    input.focus();
  });
}
