// Finding an opponent (issue #27): "Play someone" (quick pairing) with its
// waiting view, and the challenges bar that shows, on every screen, the
// challenges sent to the signed-in player (accept or decline) and the ones
// they sent (cancel; accepted ones open the table by themselves); the
// challenge form (a profile's, and the "Challenge" dialog where players
// meet). Both learn of changes on the player's socket (push.ts).

import { ApiFailure, accounts, api, gameInfo, pairing, type Challenge, type PairingStatus } from '../api';
import type { ClockSpec } from '../generated/server';
import { saveSeat } from '../seats';
import { h, replace } from './dom';
import { ensurePush, onPlayerEvent, pushUp } from './push';
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

let waiting: { overlay: HTMLElement; timer: number; unlisten: () => void } | null = null;

function stopWaitingView(): void {
  if (!waiting) return;
  clearInterval(waiting.timer);
  waiting.unlisten();
  waiting.overlay.remove();
  waiting = null;
}

/** The rating window after waiting `ms`, as the server widens it
 *  (shells/server/src/pairing/queue.rs: 100 points, 50 more every 10 s,
 *  at most 500; anyone after 2 minutes): the waiting view's line between
 *  answers, without asking the server. */
function windowAfter(ms: number): number | undefined {
  if (ms >= 120_000) return undefined;
  return Math.min(100 + 50 * Math.floor(ms / 10_000), 500);
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
  let over = false;
  const show = (s: PairingStatus): boolean => {
    // The pushed answer and a poll may both arrive: act on the first.
    if (over) return true;
    if (s.state !== 'waiting') over = true;
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
  // Pushed: the pairing arrives on the player's socket; the line counts
  // the wait here. Polled only while the socket is down.
  ensurePush(signedIn());
  const since = Date.now() - status.waited_ms;
  let last = status;
  // A socket (re)opened: ask once, in case a pairing came meanwhile.
  let askOnce = false;
  const unlisten = onPlayerEvent((e) => {
    if (e.type === 'paired' && e.status.game === status.game) show(e.status);
    if (e.type === 'hello') askOnce = true;
  });
  const timer = window.setInterval(() => {
    if (pushUp() && !askOnce) {
      const waited = Date.now() - since;
      show({ ...last, waited_ms: waited, window: windowAfter(waited) });
      return;
    }
    askOnce = false;
    pairing
      .status()
      .then((s) => {
        last = s;
        show(s);
      })
      .catch(() => {});
  }, 1000);
  waiting = { overlay, timer, unlisten };
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
  const clock = c.clock ? `, ${Math.round(c.clock.initial_ms / 60_000)} min + ${Math.round(c.clock.increment_ms / 1000)} s` : '';
  const what = `${gameInfo(c.game)?.title ?? c.game}${c.rated ? ', rated' : ', not rated'}${clock}`;
  return incoming ? `${c.from} challenges you to ${what}.` : `You challenged ${c.to} to ${what}: waiting for an answer.`;
}

/** The challenges bar under the header while signed in: pushed on the
 * player's socket, polled only while that socket is down. */
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
    ensurePush(signedIn());
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
  // Pushed: each event on the player's socket re-reads the list (and a
  // socket opening or closing catches up). Polled every 3 s only while
  // the socket is down.
  onPlayerEvent(() => {
    // Whether events arrive by themselves now (tests and curious people).
    bar.dataset.push = pushUp() ? 'up' : 'down';
    void tick();
  });
  window.setInterval(() => {
    if (!pushUp()) void tick();
  }, 3000);
  window.addEventListener('hashchange', () => void tick());
}

/** The clocks quick pairing offers (issue #27); challenges offer the same. */
export const PAIR_CLOCKS: { label: string; clock?: ClockSpec }[] = [
  { label: 'no clock' },
  { label: '5 min + 3 s', clock: { initial_ms: 300_000, increment_ms: 3_000 } },
  { label: '10 min + 5 s', clock: { initial_ms: 600_000, increment_ms: 5_000 } },
];

/** The challenge form's fields: a game for two (`game` first), its clock
 *  (games with turns), rated, and Send; `sent` is told once it is sent. */
function challengeFields(to: string, game: string | undefined, sent: () => void): HTMLElement {
  const box = h('div', { class: 'challenge-fields' });
  const note = h('span', { class: 'muted', 'data-testid': 'challenge-note', role: 'status' });
  api
    .games()
    .then((gs) => {
      const two = gs.filter((g) => g.about.seats.min <= 2 && g.about.seats.max >= 2);
      if (two.length === 0) return;
      const pick = h('select', { 'data-testid': 'challenge-game', 'aria-label': 'the game' }, two.map((g) => h('option', { value: g.name, selected: g.name === game }, g.title)));
      const clock = h('select', { 'data-testid': 'challenge-clock', 'aria-label': 'the clock' }, PAIR_CLOCKS.map((c, i) => h('option', { value: String(i) }, c.label)));
      const clockLabel = h('label', {}, 'Clock ', clock);
      // A game played without turns takes no clock.
      const fit = () => (clockLabel.hidden = Boolean(two.find((g) => g.name === pick.value)?.turnless));
      pick.addEventListener('change', fit);
      fit();
      const rated = h('input', { type: 'checkbox', checked: true, 'data-testid': 'challenge-rated' });
      replace(
        box,
        h(
          'form',
          {
            onsubmit: ((e: SubmitEvent) => {
              e.preventDefault();
              const c = clockLabel.hidden ? undefined : PAIR_CLOCKS[Number(clock.value)]?.clock;
              pairing
                .challenge(c ? { to, game: pick.value, clock: c, rated: rated.checked } : { to, game: pick.value, rated: rated.checked })
                .then((c) => {
                  note.textContent = `Challenge sent to ${c.to}: the table opens when they accept.`;
                  sent();
                })
                .catch((err: unknown) => (note.textContent = err instanceof ApiFailure ? err.message : String(err)));
            }) as EventListener,
          },
          h('label', {}, `Challenge ${to} to `, pick),
          ' ',
          clockLabel,
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

/** A "Challenge" form for a player's profile: a game for two, its clock, then send. */
export function challengeForm(to: string): HTMLElement {
  const box = h('div', { class: 'challenge-form' });
  if (!signedIn()) return box;
  box.append(challengeFields(to, undefined, () => {}));
  return box;
}

/** The signed-in player's name (null for a guest), asked once per page
 *  load and again after signing in or out. */
let myName: Promise<string | null> | null = null;
export function signedInName(): Promise<string | null> {
  if (!signedIn()) return Promise.resolve(null);
  myName ??= accounts.me().then(
    (m) => m?.name ?? null,
    () => null,
  );
  return myName;
}
window.addEventListener('hashchange', () => (myName = null));

/** A small "Challenge" button where players meet (a leaderboard, the
 *  recent games, a result screen: issue #27) that opens the challenge
 *  form in a dialog, `game` chosen first. Nothing for a guest or for
 *  the player themself. */
export function challengeButton(to: string, game: string, label = 'Challenge'): HTMLElement {
  const slot = h('span', { class: 'challenge-slot' });
  void signedInName().then((me) => {
    if (!me || me === to) return;
    slot.append(
      h(
        'button',
        {
          type: 'button',
          class: 'link',
          'data-testid': 'challenge-open',
          'data-to': to,
          onclick: () => {
            const close = () => overlay.remove();
            const overlay = h(
              'div',
              { class: 'overlay' },
              h(
                'div',
                { class: 'name-ask challenge-dialog', role: 'dialog', 'aria-modal': 'true', 'aria-label': `Challenge ${to}`, 'data-testid': 'challenge-dialog' },
                h('h3', {}, `Challenge ${to}`),
                challengeFields(to, game, () => window.setTimeout(close, 1500)),
                h('div', { class: 'row' }, h('button', { type: 'button', 'data-testid': 'challenge-close', onclick: close }, 'Close')),
              ),
            );
            overlay.addEventListener('click', (e) => {
              if (e.target === overlay) close();
            });
            document.body.append(overlay);
          },
        },
        label,
      ),
    );
  });
  return slot;
}
