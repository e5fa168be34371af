// Finding an opponent (issue #27): "Play someone" (quick pairing) with its
// waiting view, and the challenges bar that shows, on every screen, the
// challenges sent to the signed-in player (accept or decline) and the ones
// they sent (cancel; accepted ones open the table by themselves).

import { ApiFailure, accounts, api, gameInfo, pairing, type Challenge, type PairingStatus } from '../api';
import type { ClockSpec } from '../generated/server';
import { saveSeat } from '../seats';
import { h, replace } from './dom';
import { say } from './status';

/** Whether this browser holds a session (its CSRF cookie is readable). */
export function signedIn(): boolean {
  return /(?:^|;\s*)stackyard_csrf=[^;]+/.test(document.cookie);
}

/** Takes the account's seat at a table it was paired or challenged to,
 * and opens the table. */
async function goSit(table: string, seat: number | null | undefined): Promise<void> {
  const ans = await api.join(table, seat === null || seat === undefined ? {} : { seat });
  saveSeat(table, ans);
  location.hash = `#/table/${table}`;
}

let waiting: { overlay: HTMLElement; timer: number } | null = null;

function stopWaitingView(): void {
  if (!waiting) return;
  clearInterval(waiting.timer);
  waiting.overlay.remove();
  waiting = null;
}

/** "Play someone": asks to be paired for `game`, shows the waiting view
 * until paired (then opens the table) or cancelled. */
export async function playSomeone(game: string, title: string, message: HTMLElement, clock?: ClockSpec): Promise<void> {
  const me = await accounts.me().catch(() => null);
  if (!me) {
    say(message, '');
    message.append(
      h('span', { 'data-testid': 'pairing-sign-in' }, `To be paired with someone for ${title}, `, h('a', { href: '#/account' }, 'sign in or make an account'), ' first: a pairing is by rating, and a guest has none.'),
    );
    return;
  }
  let status: PairingStatus;
  try {
    status = await pairing.start(game, clock);
  } catch (e) {
    return say(message, e instanceof ApiFailure ? `No pairing: ${e.message}` : String(e), 'error');
  }
  stopWaitingView();
  const line = h('p', { 'data-testid': 'pairing-line' }, '');
  const cancel = h(
    'button',
    {
      type: 'button',
      'data-testid': 'pairing-cancel',
      onclick: async () => {
        stopWaitingView();
        await pairing.stop().catch(() => {});
        say(message, 'You stopped looking for an opponent.');
      },
    },
    'Cancel',
  );
  const overlay = h(
    'div',
    { class: 'overlay' },
    h('div', { class: 'name-ask pairing-wait', role: 'dialog', 'aria-modal': 'true', 'aria-label': 'Looking for an opponent', 'data-testid': 'pairing-waiting' }, h('h3', {}, `Looking for someone to play ${title}${clock ? ` (${Math.round(clock.initial_ms / 60_000)} min + ${Math.round(clock.increment_ms / 1000)} s)` : ''}`), line, h('div', { class: 'row' }, cancel)),
  );
  document.body.append(overlay);
  const show = (s: PairingStatus): boolean => {
    if (s.state === 'paired' && s.table) {
      stopWaitingView();
      line.textContent = `Paired with ${s.opponent ?? 'someone'}.`;
      void goSit(s.table, s.seat).catch((e: unknown) => say(message, e instanceof ApiFailure ? e.message : String(e), 'error'));
      return true;
    }
    if (s.state === 'idle') {
      stopWaitingView();
      say(message, 'The search for an opponent ended. Try again?');
      return true;
    }
    const secs = Math.round(s.waited_ms / 1000);
    const rating = s.rating === undefined || s.rating === null ? '' : `Your rating ${Math.round(s.rating)}; `;
    const within = s.window === undefined || s.window === null ? 'anyone will do now' : `someone within ${Math.round(s.window)} points`;
    line.textContent = `${rating}looking for ${within}. Waiting ${secs} s… The range widens the longer you wait.`;
    return false;
  };
  const timer = window.setInterval(() => {
    pairing
      .status()
      .then((s) => show(s))
      .catch(() => {});
  }, 1500);
  waiting = { overlay, timer };
  show(status);
  cancel.focus();
}

/** Challenge ids whose table this tab has opened already (kept across
 * reloads, so an accepted challenge opens its table once). */
const OPENED_KEY = 'stackyard.challenges-opened';
const opened = {
  ids(): string[] {
    try {
      return JSON.parse(sessionStorage.getItem(OPENED_KEY) ?? '[]') as string[];
    } catch {
      return [];
    }
  },
  has(id: string): boolean {
    return this.ids().includes(id);
  },
  add(id: string): void {
    try {
      sessionStorage.setItem(OPENED_KEY, JSON.stringify([...this.ids().slice(-50), id]));
    } catch {
      /* not kept */
    }
  },
};

function challengeWords(c: Challenge, incoming: boolean): string {
  const what = `${gameInfo(c.game)?.title ?? c.game}${c.rated ? ', rated' : ', not rated'}`;
  return incoming ? `${c.from} challenges you to ${what}.` : `You challenged ${c.to} to ${what}: waiting for an answer.`;
}

/** The challenges bar under the header, polled while signed in. */
export function watchChallenges(): void {
  const bar = h('div', { class: 'challenges-bar', 'data-testid': 'challenges', hidden: true });
  document.querySelector('header.top')?.after(bar);
  const note = h('span', { class: 'muted' });
  const act = async (f: () => Promise<unknown>) => {
    try {
      await f();
    } catch (e) {
      note.textContent = e instanceof ApiFailure ? e.message : String(e);
    }
    void tick();
  };
  async function tick(): Promise<void> {
    if (!signedIn()) {
      bar.hidden = true;
      return;
    }
    let list: Awaited<ReturnType<typeof pairing.challenges>>;
    try {
      list = await pairing.challenges();
    } catch {
      bar.hidden = true;
      return;
    }
    // A challenge of ours accepted: open its table (once).
    for (const c of list.outgoing) {
      if (c.state === 'accepted' && c.table && !opened.has(c.id) && Date.now() - c.created_at < 10 * 60_000) {
        opened.add(c.id);
        void goSit(c.table, c.seat).catch(() => {});
      }
    }
    const open = list.outgoing.filter((c) => c.state === 'open');
    const answered = list.outgoing.filter((c) => c.state === 'declined');
    const items = [
      ...list.incoming.map((c) =>
        h(
          'li',
          { 'data-testid': 'challenge-incoming', 'data-challenge': c.id },
          h('span', {}, challengeWords(c, true), ' '),
          h(
            'button',
            {
              class: 'primary',
              'data-testid': 'challenge-accept',
              onclick: () =>
                act(async () => {
                  const done = await pairing.accept(c.id);
                  opened.add(c.id);
                  if (done.table) await goSit(done.table, done.seat);
                }),
            },
            'Accept',
          ),
          ' ',
          h('button', { 'data-testid': 'challenge-decline', onclick: () => act(() => pairing.decline(c.id)) }, 'Decline'),
        ),
      ),
      ...open.map((c) =>
        h('li', { 'data-testid': 'challenge-outgoing', 'data-challenge': c.id }, h('span', {}, challengeWords(c, false), ' '), h('button', { 'data-testid': 'challenge-cancel', onclick: () => act(() => pairing.cancel(c.id)) }, 'Cancel')),
      ),
      ...answered.map((c) => h('li', { 'data-testid': 'challenge-declined', class: 'muted' }, `${c.to} declined your ${gameInfo(c.game)?.title ?? c.game} challenge.`)),
    ];
    bar.hidden = items.length === 0;
    replace(bar, items.length ? h('ul', {}, items) : null, note);
  }
  void tick();
  window.setInterval(() => void tick(), 3000);
  window.addEventListener('hashchange', () => void tick());
}

/** A "Challenge" form for a player's profile: a game for two, then send. */
export function challengeForm(to: string): HTMLElement {
  const box = h('div', { class: 'challenge-form' });
  if (!signedIn()) return box;
  const note = h('span', { class: 'muted', 'data-testid': 'challenge-note', role: 'status' });
  api
    .games()
    .then((gs) => {
      const two = gs.filter((g) => g.about.seats.min <= 2 && g.about.seats.max >= 2);
      if (two.length === 0) return;
      const pick = h('select', { 'data-testid': 'challenge-game', 'aria-label': 'the game' }, two.map((g) => h('option', { value: g.name }, g.title)));
      const rated = h('input', { type: 'checkbox', checked: true, 'data-testid': 'challenge-rated' });
      replace(
        box,
        h(
          'form',
          {
            onsubmit: ((e: SubmitEvent) => {
              e.preventDefault();
              pairing
                .challenge({ to, game: pick.value, rated: rated.checked })
                .then((c) => (note.textContent = `Challenge sent to ${c.to}: the table opens when they accept.`))
                .catch((err: unknown) => (note.textContent = err instanceof ApiFailure ? err.message : String(err)));
            }) as EventListener,
          },
          h('label', {}, `Challenge ${to} to `, pick),
          ' ',
          h('label', {}, rated, ' Rated'),
          ' ',
          h('button', { type: 'submit', class: 'primary', 'data-testid': 'challenge-send' }, 'Send the challenge'),
          ' ',
          note,
        ),
      );
    })
    .catch(() => {});
  return box;
}
