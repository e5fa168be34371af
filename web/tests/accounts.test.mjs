// End to end (issue #27): two people sign up in two browsers (a desktop
// and a phone), play a rated Towers game between their accounts (one
// resigns), both see their rating change on the result, and the winner's
// profile shows the rating history and the game with its replay.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newPage, shot } from './lib/browser.mjs';
import { signUp as signUpAt, suffix } from './lib/accounts.mjs';
import { browser, server, useServerAndBrowser } from './lib/session.mjs';

useServerAndBrowser();

/** Signs up, checking the account screen names the new account. */
async function signUp(page, name) {
  await signUpAt(page, server.url, name);
  assert.equal(await page.textContent('[data-testid="signed-in-name"]'), name);
}

test('two accounts play a rated game and see their ratings move', async () => {
  const ann = `Ann_${suffix}`;
  const bob = `Bob_${suffix}`;
  const a = await newPage(browser, { width: 1280, height: 800 });
  const b = await newPage(browser, { width: 390, height: 844 });
  // A weak password is refused with the reason, and nothing is made.
  await a.goto(`${server.url}/#/account`);
  await a.waitForSelector('[data-testid="signup"]');
  await a.fill('[data-testid="signup"] [data-testid="account-name"]', ann);
  await a.fill('[data-testid="signup"] [data-testid="account-password"]', 'password');
  await a.click('[data-testid="signup-submit"]');
  await a.waitForFunction(() => document.querySelector('[data-testid="account-error"]')?.textContent);
  assert.match(await a.textContent('[data-testid="account-error"]'), /password/i);
  await signUp(a, ann);
  await shot(a, 'accounts-signed-in-1280');
  await signUp(b, bob);
  await shot(b, 'accounts-signed-in-390');

  // Ann starts a table for a friend; Bob takes the other seat.
  await a.goto(`${server.url}/#/friend/towers`);
  await a.waitForURL(/#\/table\//);
  const id = decodeURIComponent(a.url().split('#/table/')[1]);
  await b.goto(`${server.url}/#/table/${id}`);
  await b.waitForSelector('[data-join]');
  await b.click('[data-join]');
  await b.waitForSelector('[data-testid="resign"]');
  await a.waitForSelector('[data-testid="resign"]');
  const summary = await a.evaluate(async (t) => (await fetch(`/api/v1/tables/${t}`)).json(), id);
  assert.equal(summary.rated, true);
  assert.deepEqual(summary.seats.map((s) => s.name).sort(), [ann, bob].sort());

  // Bob resigns: both see the change, each from their own side.
  await b.click('[data-testid="resign"]');
  await b.click('[data-testid="confirm"]');
  for (const [page, up] of [
    [a, true],
    [b, false],
  ]) {
    await page.waitForFunction(() => /Your rating/.test(document.querySelector('[data-testid="rating-change"]')?.textContent ?? ''), null, { timeout: 15_000 });
    const line = await page.textContent('[data-testid="rating-change"]');
    const m = line.match(/Your rating: (\d+) → (\d+)/);
    assert.ok(m, line);
    assert.equal(Number(m[2]) > Number(m[1]), up, line);
  }
  await shot(a, 'accounts-result-1280');
  await shot(b, 'accounts-result-390');

  // Ann's profile: her rating, its history, the game with its replay.
  await b.goto(`${server.url}/#/player/${encodeURIComponent(ann)}`);
  await b.waitForSelector('[data-testid="profile-history"] [data-testid="history-entry"]');
  assert.equal(await b.textContent('[data-testid="profile-name"]'), ann);
  // Games by their titles, as the lobby names them.
  assert.match(await b.textContent('[data-testid="profile-ratings"]'), /Towers \d+/);
  assert.match(await b.textContent('[data-testid="history-entry"]'), /^Towers: \d+ → \d+/);
  assert.ok(await b.$(`[data-testid="recent-replay"][href="#/replay/${id}"]`));
  // The game says who played and who won, as the lobby's recent games do,
  // and to a player who sat in it, from their side: Bob lost it.
  const playedLine = `[data-testid="profile-recent"] li[data-table="${id}"] [data-testid="recent-game"]`;
  const players = `Towers: ${ann} \\(\\d+\\??\\) vs ${bob} \\(\\d+\\??\\)`;
  const readsAs = (page, ending) =>
    page.waitForFunction(([sel, re]) => new RegExp(re).test(document.querySelector(sel)?.textContent ?? ''), [playedLine, `${players} · ${ending}$`], { timeout: 10_000 });
  await readsAs(b, 'you lost');
  await shot(b, 'accounts-profile-390');
  await a.goto(`${server.url}/#/player/${encodeURIComponent(ann)}`);
  await a.waitForSelector('[data-testid="profile-history"] [data-testid="history-entry"]');
  await readsAs(a, 'you won');
  await shot(a, 'accounts-profile-1280');

  // Signing out: the header says so, and /me is a guest's again.
  await a.goto(`${server.url}/#/account`);
  await a.click('[data-testid="signout"]');
  await a.waitForSelector('[data-testid="signin"]');
  assert.equal(await a.evaluate(async () => (await fetch('/api/v1/me')).status), 401);
  // To a guest the game is told by name.
  await a.goto(`${server.url}/#/player/${encodeURIComponent(ann)}`);
  await a.waitForSelector(playedLine);
  assert.match(await a.textContent(playedLine), new RegExp(`${players} · ${ann} won$`));
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
});
