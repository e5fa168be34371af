// End to end (issue #27, the rest of "players"): after a rated game,
// ratings with their provisional mark beside the names in the lobby's
// recent games and on the leaderboard, the "?" explained there and on a
// profile; a challenge sent from where players meet (the leaderboard,
// with a clock) arrives on the other's screen pushed over the player's
// socket, not polled; "Challenge again" on the result screen of a game
// against a person.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newPage, shot } from './lib/browser.mjs';
import { signUp as signUpAt, suffix, tableOf } from './lib/accounts.mjs';
import { browser, server, useServerAndBrowser } from './lib/session.mjs';

useServerAndBrowser();

const signUp = (page, name) => signUpAt(page, server.url, name);

test('ratings beside names after a rated game, the "?" explained, challenges pushed from where players meet', async () => {
  const ann = `Ann_${suffix}`;
  const bob = `Bob_${suffix}`;
  const a = await newPage(browser, { width: 1280, height: 800 });
  const b = await newPage(browser, { width: 390, height: 844 });
  await signUp(a, ann);
  await signUp(b, bob);

  // Paired, and Bob resigns: a rated game between two accounts.
  await a.goto(`${server.url}/#/`);
  await a.click('[data-testid="pair-towers"]');
  await a.waitForSelector('[data-testid="pairing-waiting"]');
  await b.goto(`${server.url}/#/`);
  await b.click('[data-testid="pair-towers"]');
  await a.waitForURL(/#\/table\//, { timeout: 15_000 });
  await b.waitForURL(/#\/table\//, { timeout: 15_000 });
  const first = tableOf(a);
  await b.waitForSelector('[data-testid="resign"]');
  await b.click('[data-testid="resign"]');
  await b.click('[data-testid="confirm"]');
  await a.waitForFunction(() => /Your rating/.test(document.querySelector('[data-testid="rating-change"]')?.textContent ?? ''), null, { timeout: 15_000 });

  // The result screen of a game against a person: "Challenge again" beside Rematch.
  await a.waitForSelector('[data-testid="result"] [data-testid="challenge-open"]');
  assert.equal(await a.getAttribute('[data-testid="result"] [data-testid="challenge-open"]', 'data-to'), bob);
  assert.match(await a.textContent('[data-testid="result"] [data-testid="challenge-open"]'), /Challenge again/);
  await shot(a, 'players-result-1280');
  await b.waitForSelector('[data-testid="result"] [data-testid="challenge-open"]');
  await shot(b, 'players-result-390');

  // The lobby's recent games: both names with their ratings, "?" while provisional, explained on hover.
  await a.goto(`${server.url}/#/`);
  const line = a.locator(`li[data-table="${first}"] [data-testid="recent-game"]`);
  await line.waitFor();
  assert.match(await line.textContent(), new RegExp(`${ann} \\(\\d+\\?\\) vs ${bob} \\(\\d+\\?\\)|${bob} \\(\\d+\\?\\) vs ${ann} \\(\\d+\\?\\)`));
  assert.match(await line.getAttribute('title'), /still settling/);
  // A challenge button beside the other account, none beside oneself.
  assert.ok(await a.$(`li[data-table="${first}"] [data-testid="challenge-open"][data-to="${bob}"]`));
  assert.equal(await a.$(`li[data-table="${first}"] [data-testid="challenge-open"][data-to="${ann}"]`), null);
  await a.locator(`li[data-table="${first}"]`).scrollIntoViewIfNeeded();
  await shot(a, 'players-recent-1280');

  // The leaderboard: ratings, the "?" explained in a sentence.
  const card = a.locator('[data-testid="game-towers"]');
  await card.locator('details.leaderboard summary').click();
  await card.locator('[data-testid="leader"]').first().waitFor();
  assert.match(await card.locator('[data-testid="provisional-note"]').textContent(), /only a few rated games.*still settling/);
  await card.locator('details.leaderboard').scrollIntoViewIfNeeded();
  await shot(a, 'players-leaderboard-1280');

  // Bob's socket is up: pushed, not polled.
  await b.goto(`${server.url}/#/`);
  await b.waitForFunction(() => document.querySelector('[data-testid="challenges"]')?.dataset.push === 'up', null, { timeout: 10_000 });
  // Ann challenges Bob from the leaderboard, with a clock.
  await card.locator(`[data-testid="challenge-open"][data-to="${bob}"]`).click();
  await a.waitForSelector('[data-testid="challenge-dialog"] [data-testid="challenge-send"]');
  assert.equal(await a.inputValue('[data-testid="challenge-dialog"] [data-testid="challenge-game"]'), 'towers');
  await a.selectOption('[data-testid="challenge-dialog"] [data-testid="challenge-clock"]', { label: '5 min + 3 s' });
  await shot(a, 'players-challenge-dialog-1280');
  const sentAt = Date.now();
  await a.click('[data-testid="challenge-dialog"] [data-testid="challenge-send"]');
  // Pushed: there well before the next 3-second poll could have brought it.
  await b.waitForSelector('[data-testid="challenge-incoming"]', { timeout: 10_000 });
  const took = Date.now() - sentAt;
  assert.ok(took < 2500, `the challenge arrived after ${took} ms`);
  assert.match(await b.textContent('[data-testid="challenge-incoming"]'), new RegExp(`${ann} challenges you to Towers, rated`));
  await shot(b, 'players-challenge-pushed-390');
  // Bob accepts: Ann's page goes to the table by itself, with the clock.
  await b.click('[data-testid="challenge-accept"]');
  await b.waitForFunction((old) => location.hash.startsWith('#/table/') && !location.hash.endsWith(old), first);
  const second = tableOf(b);
  await a.waitForURL(new RegExp(`#/table/${second}`), { timeout: 10_000 });
  const summary = await a.evaluate(async (t) => (await fetch(`/api/v1/tables/${t}`)).json(), second);
  assert.deepEqual(summary.clock, { initial_ms: 300_000, increment_ms: 3_000 });

  // A profile explains the "?" too.
  await b.goto(`${server.url}/#/player/${encodeURIComponent(ann)}`);
  await b.waitForSelector('[data-testid="provisional-note"]');
  await shot(b, 'players-profile-390');
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
});
