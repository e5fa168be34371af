// #/account (issue #27): sign up, sign in, and once signed in the name and
// ratings, a password change, signing out and deleting the account. The
// session lives in an HttpOnly cookie the page never reads; api.ts sends
// the CSRF token beside it on every change.

import { ApiFailure, accounts } from '../api';
import { setPlayerName } from '../seats';
import { h, replace } from '../ui/dom';
import { refreshAccountBadge } from '../ui/account';
import type { Screen } from './screen';
import { ratingsList } from '../ui/ratings';
import { gameTitles } from '../words/games';
import { ACCOUNT_NAME_MAX_CHARS, ACCOUNT_NAME_MIN_CHARS, PASSWORD_MIN_CHARS } from '../protocol';

// Lengths the server holds to (generated from Rust): the browser stops a
// name that is too long and says what is too short before anything is sent.
type Limits = { minlength?: number; maxlength?: number };

function field(label: string, name: string, type: string, autocomplete: string, limits: Limits = {}): HTMLElement {
  return h('label', {}, label, h('input', { name, type, autocomplete, required: true, ...limits, 'data-testid': `account-${name}` }));
}

export function accountScreen(): Screen {
  const root = h('section', { class: 'account' }, h('p', { class: 'muted' }, 'Loading…'));
  const error = h('p', { class: 'error', role: 'alert', 'data-testid': 'account-error' });
  const say = (e: unknown) => {
    error.textContent = e instanceof ApiFailure ? e.message : String(e);
  };

  function form(testid: string, title: string, fields: HTMLElement[], submit: string, act: (data: FormData) => Promise<void>): HTMLFormElement {
    const f = h('form', { class: 'account-form', 'data-testid': testid }, h('h3', {}, title), fields, h('button', { type: 'submit', 'data-testid': `${testid}-submit` }, submit));
    f.addEventListener('submit', (ev) => {
      ev.preventDefault();
      error.textContent = '';
      act(new FormData(f)).then(show, say);
    });
    return f;
  }
  const text = (d: FormData, k: string) => String(d.get(k) ?? '');

  async function show(): Promise<void> {
    const [me, titles] = await Promise.all([accounts.me(), gameTitles()]);
    await refreshAccountBadge();
    if (!me) {
      replace(
        root,
        h('h2', {}, 'Your account'),
        h('p', {}, 'With an account your seats follow you to any device, games between two accounts are rated, and the daily deal keeps your one attempt a day. Guests still play, unrated.'),
        error,
        h(
          'div',
          { class: 'account-forms' },
          form('signin', 'Sign in', [field('Name', 'name', 'text', 'username', { maxlength: ACCOUNT_NAME_MAX_CHARS }), field('Password', 'password', 'password', 'current-password')], 'Sign in', async (d) => {
            await accounts.signIn(text(d, 'name'), text(d, 'password'));
          }),
          form('signup', 'New account', [field('Name', 'name', 'text', 'username', { minlength: ACCOUNT_NAME_MIN_CHARS, maxlength: ACCOUNT_NAME_MAX_CHARS }), field('Password', 'password', 'password', 'new-password', { minlength: PASSWORD_MIN_CHARS })], 'Make the account', async (d) => {
            await accounts.signUp(text(d, 'name'), text(d, 'password'));
            await accounts.signIn(text(d, 'name'), text(d, 'password'));
          }),
        ),
      );
      return;
    }
    // Signed in, seats go by the account's name: the page uses it too.
    setPlayerName(me.name);
    replace(
      root,
      h('h2', {}, 'Signed in as ', h('span', { 'data-testid': 'signed-in-name' }, me.name)),
      h('p', { class: 'muted', 'data-testid': 'member-since' }, `Member since ${new Date(me.member_since).toLocaleDateString()}`),
      h('p', {}, h('a', { href: `#/player/${encodeURIComponent(me.name)}`, 'data-testid': 'my-profile' }, 'Your public profile')),
      ratingsList(me.ratings, 'my-ratings', titles),
      error,
      h(
        'div',
        { class: 'account-forms' },
        form('change-password', 'Change the password', [field('Current password', 'password', 'password', 'current-password'), field('New password', 'new_password', 'password', 'new-password', { minlength: PASSWORD_MIN_CHARS })], 'Change it', async (d) => {
          await accounts.changePassword(text(d, 'password'), text(d, 'new_password'));
        }),
        form('delete-account', 'Delete the account', [h('p', { class: 'muted' }, 'Your games stay, under "deleted player"; your ratings go.'), field('Password', 'password', 'password', 'current-password')], 'Delete it for good', async (d) => {
          await accounts.deleteAccount(text(d, 'password'));
        }),
      ),
      h('button', { type: 'button', 'data-testid': 'signout', onclick: () => void accounts.signOut().then(() => (setPlayerName(''), show()), say) }, 'Sign out'),
    );
  }
  show().catch(say);
  return { root, title: 'Your account', destroy() {} };
}
