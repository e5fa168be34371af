// End to end (issue #27): finding an opponent. Two accounts in two
// browsers (a desktop and a phone) press "Play someone" on Towers, wait,
// are paired and land at the same new table with the game started; then
// one challenges the other by name from the profile, the challenge shows
// on the other's screen, is accepted, and both are sent to the new table.
// A guest is asked to sign in first.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newPage, shot } from './lib/browser.mjs';
import { signUp as signUpAt, suffix, tableOf } from './lib/accounts.mjs';
import { browser, server, useServerAndBrowser } from './lib/session.mjs';
import { mayMove, over, towersTurn } from './lib/towers.mjs';

useServerAndBrowser();

const signUp = (page, name) => signUpAt(page, server.url, name);

test('two accounts pair for a game, then play again through a challenge', async () => {
  const ann = `Ann_${suffix}`;
  const bob = `Bob_${suffix}`;
  const a = await newPage(browser, { width: 1280, height: 800 });
  const b = await newPage(browser, { width: 390, height: 844 });
  await signUp(a, ann);
  await signUp(b, bob);

  // Ann asks to play someone: the waiting view, with its window and Cancel.
  await a.goto(`${server.url}/#/`);
  await a.click('[data-testid="pair-towers"]');
  await a.waitForSelector('[data-testid="pairing-waiting"]');
  assert.match(await a.textContent('[data-testid="pairing-line"]'), /within 100 points/);
  await shot(a, 'pairing-waiting-1280');
  // Cancelled, and asked again.
  await a.click('[data-testid="pairing-cancel"]');
  await a.waitForSelector('[data-testid="pairing-waiting"]', { state: 'detached' });
  assert.equal(await a.evaluate(async () => (await (await fetch('/api/v1/pairing')).json()).state), 'idle');
  await a.click('[data-testid="pair-towers"]');
  await a.waitForSelector('[data-testid="pairing-waiting"]');

  // Another clock is another pool: Cat, waiting with a 5-minute clock, is
  // not paired with Ann.
  const cat = await newPage(browser, { width: 1280, height: 800 });
  await signUp(cat, `Cat_${suffix}`);
  await cat.goto(`${server.url}/#/`);
  await cat.selectOption('[data-testid="pair-clock-towers"]', { label: '5 min + 3 s' });
  await cat.click('[data-testid="pair-towers"]');
  await cat.waitForSelector('[data-testid="pairing-waiting"]');
  assert.match(await cat.textContent('[data-testid="pairing-waiting"]'), /5 min \+ 3 s/);
  assert.equal(await a.evaluate(async () => (await (await fetch('/api/v1/pairing')).json()).state), 'waiting');

  // Bob asks too, on his phone: both land at one new table, playing.
  await b.goto(`${server.url}/#/`);
  await b.waitForSelector('[data-testid="pair-towers"]');
  await shot(b, 'pairing-lobby-390');
  await b.click('[data-testid="pair-towers"]');
  await a.waitForURL(/#\/table\//, { timeout: 15_000 });
  await b.waitForURL(/#\/table\//, { timeout: 15_000 });
  const id = tableOf(a);
  assert.equal(tableOf(b), id);
  await a.waitForSelector('[data-testid="resign"]');
  await b.waitForSelector('[data-testid="resign"]');
  const summary = await a.evaluate(async (t) => (await fetch(`/api/v1/tables/${t}`)).json(), id);
  assert.equal(summary.rated, true);
  assert.deepEqual(summary.seats.map((s) => s.name).sort(), [ann, bob].sort());
  assert.ok(summary.seats.every((s) => s.account));
  assert.equal(summary.clock, undefined, 'paired without a clock');
  assert.equal(await cat.evaluate(async () => (await (await fetch('/api/v1/pairing')).json()).state), 'waiting', 'Cat still waits');
  await cat.click('[data-testid="pairing-cancel"]');
  // Beside each name, the rating: "(new)" before any rated game.
  await a.waitForSelector('[data-testid="seat-rating"]');
  assert.match(await a.textContent('.seat-list'), /\(new\)/);
  await shot(a, 'pairing-table-1280');
  await shot(b, 'pairing-table-390');

  // Bob resigns; Ann then challenges Bob from his profile.
  await b.click('[data-testid="resign"]');
  await b.click('[data-testid="confirm"]');
  await a.waitForFunction(() => /Your rating/.test(document.querySelector('[data-testid="rating-change"]')?.textContent ?? ''), null, { timeout: 15_000 });
  await a.goto(`${server.url}/#/player/${encodeURIComponent(bob)}`);
  await a.waitForSelector('[data-testid="challenge-send"]');
  await a.selectOption('[data-testid="challenge-game"]', 'towers');
  await a.click('[data-testid="challenge-send"]');
  await a.waitForFunction(() => /Challenge sent/.test(document.querySelector('[data-testid="challenge-note"]')?.textContent ?? ''));
  await a.waitForSelector('[data-testid="challenge-outgoing"]', { timeout: 10_000 });
  await shot(a, 'challenge-sent-1280');

  // Bob, still looking at the finished table, sees it there, and accepts.
  await b.waitForSelector('[data-testid="challenge-incoming"]', { timeout: 10_000 });
  assert.match(await b.textContent('[data-testid="challenge-incoming"]'), new RegExp(`${ann} challenges you to Towers, rated`));
  await shot(b, 'challenge-incoming-390');
  await b.click('[data-testid="challenge-accept"]');
  await b.waitForFunction((old) => location.hash.startsWith('#/table/') && !location.hash.endsWith(old), id);
  const second = tableOf(b);
  await a.waitForURL(new RegExp(`#/table/${second}`), { timeout: 15_000 });
  await a.waitForSelector('[data-testid="resign"]');
  await b.waitForSelector('[data-testid="resign"]');
  // Ratings beside the names now, provisional ("?") after one game.
  await a.waitForFunction(() => /\(\d+\?\)/.test(document.querySelector('.seat-list')?.textContent ?? ''));
  await shot(a, 'challenge-table-1280');
  await shot(b, 'challenge-table-390');
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
  assert.deepEqual(cat.errors, []);
});

/** The seat list as `page` shows it: each seat's name and whether it is
 *  shown away (the "away: if they stay away…" words). */
const seatsShown = (page) =>
  page.$$eval('.seat-list li', (ls) => ls.map((l) => ({ text: l.textContent, away: Boolean(l.querySelector('[data-away]')), on: Boolean(l.querySelector('.presence.on')) })));

/** Waits until `page` shows every seat present (no one away). */
const everyonePresent = (page, timeout = 10_000) =>
  page.waitForFunction(() => {
    const ls = [...document.querySelectorAll('.seat-list li')];
    return ls.length === 2 && ls.every((l) => l.querySelector('.presence.on') && !l.querySelector('[data-away]'));
  }, null, { timeout });

test('a paired opponent is shown present to both for the whole game, and after a reload of either', { timeout: 600_000 }, async () => {
  // Issue #49, 1: the first player saw the second, connected and playing,
  // as "away: if they stay away 5 minutes, the game ends as abandoned" for
  // the whole game.
  const a = await newPage(browser, { width: 1280, height: 800 });
  const b = await newPage(browser, { width: 390, height: 844 });
  await signUp(a, `Dee_${suffix}`);
  await signUp(b, `Eli_${suffix}`);
  await a.goto(`${server.url}/#/`);
  await a.click('[data-testid="pair-towers"]');
  await a.waitForSelector('[data-testid="pairing-waiting"]');
  await b.goto(`${server.url}/#/`);
  await b.click('[data-testid="pair-towers"]');
  await a.waitForURL(/#\/table\//, { timeout: 15_000 });
  await b.waitForURL(/#\/table\//, { timeout: 15_000 });
  assert.equal(tableOf(a), tableOf(b));
  await everyonePresent(a);
  await everyonePresent(b);
  await shot(a, 'presence-paired-1280');
  await shot(b, 'presence-paired-390');
  let plies = 0;
  for (; plies < 400 && !((await over(a)) && (await over(b))); ) {
    const mover = (await mayMove(a)) ? a : (await mayMove(b)) ? b : null;
    if (!mover) {
      await a.waitForTimeout(100);
      continue;
    }
    await towersTurn(mover);
    plies++;
    // Both see both present at every ply: nobody shown away mid-game.
    for (const [page, who] of [[a, 'desktop'], [b, 'phone']]) {
      const shown = await seatsShown(page);
      assert.ok(shown.every((s) => !s.away && s.on), `${who} after ply ${plies}: ${JSON.stringify(shown)}`);
    }
    // A reload of either: the other sees them back, and they see the other.
    if (plies === 4 || plies === 9) {
      const reloaded = plies === 4 ? a : b;
      const other = reloaded === a ? b : a;
      await reloaded.reload();
      await reloaded.waitForSelector('.conn[data-state="open"]');
      await reloaded.waitForSelector('[data-viewer="seat"]');
      await everyonePresent(reloaded);
      await everyonePresent(other);
      await shot(other, `presence-after-reload-${plies === 4 ? '390' : '1280'}`);
    }
  }
  assert.ok((await over(a)) && (await over(b)), `the game ended within ${plies} plies`);
  assert.ok(plies > 9, 'both reloads happened mid-game');
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
});

test('a guest is asked to sign in before being paired', async () => {
  const g = await newPage(browser, { width: 390, height: 844 });
  await g.goto(`${server.url}/#/`);
  await g.click('[data-testid="pair-towers"]');
  await g.waitForSelector('[data-testid="pairing-sign-in"]');
  assert.match(await g.textContent('[data-testid="pairing-sign-in"]'), /sign in/);
  assert.equal(await g.$('[data-testid="pairing-waiting"]'), null);
  assert.deepEqual(g.errors, []);
});

test('a guest who types no name plays as the same "Guest 1234" from table to table', async () => {
  const g = await newPage(browser, { width: 1280, height: 800 });
  const names = [];
  for (let i = 0; i < 2; i++) {
    await g.goto(`${server.url}/#/friend/towers`);
    if (i === 0) {
      // Asked once: Continue with the box empty keeps the guest's name.
      await g.waitForSelector('input[name="ask-name"]');
      assert.match(await g.getAttribute('input[name="ask-name"]', 'placeholder'), /^Guest \d{4}$/);
      await g.click('[data-name-ok]');
    } else {
      const ask = await g.waitForSelector('input[name="ask-name"]', { timeout: 2000 }).catch(() => null);
      if (ask) await g.click('[data-name-ok]');
    }
    await g.waitForURL(/#\/table\//);
    const id = decodeURIComponent(g.url().split('#/table/')[1]);
    const t = await g.evaluate(async (t) => (await fetch(`/api/v1/tables/${t}`)).json(), id);
    names.push(t.seats[0].name);
    assert.equal(t.seats[0].account, false, 'a guest\'s seat is no account\'s');
    await g.waitForSelector('[data-testid="seat-guest"]');
    await g.goto(`${server.url}/#/`);
  }
  assert.match(names[0], /^Guest \d{4}$/);
  assert.equal(names[1], names[0], 'the same guest name in the same browser');
  await shot(g, 'pairing-guest-1280');
  assert.deepEqual(g.errors, []);
});
