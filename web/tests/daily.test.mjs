// End to end: today's Tower of Babel deal from the lobby. A name starts
// the deal, plays it to the end with the UI (a hint first, then the moves
// the server's view marks legal), and appears on the day's board with its
// stacks, time and hint; a second start under the same name is refused.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newPage, shot } from './lib/browser.mjs';
import { browser, server, useServerAndBrowser } from './lib/session.mjs';
import { checkMessage } from './lib/shapes.mjs';

useServerAndBrowser();

const version = (page) => page.$eval('.table-screen', (el) => Number(el.dataset.version ?? -1));

test("today's deal: played from the lobby to the end, then on the board", async () => {
  const page = await newPage(browser);
  const frames = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  await page.goto(`${server.url}/#/`);
  await page.waitForSelector('[data-daily="babel"]');
  assert.match(await page.textContent('[data-daily-board="babel"]'), /Nobody has finished/);
  // A name is needed first.
  await page.click('[data-daily-play="babel"]');
  await page.waitForSelector('.message .error');
  assert.match(await page.textContent('.message'), /name/);
  await page.fill('input[name="player-name"]', 'Daily Dora');
  await page.click('[data-daily-play="babel"]');
  await page.waitForURL(/#\/table\//);
  const id = decodeURIComponent(page.url().split('#/table/')[1]);
  await page.waitForSelector('.conn[data-state="open"]');
  await page.waitForSelector('[data-viewer="seat"]');
  await page.waitForSelector('[data-action="draw"]');
  // Ranked by time: the deal's running time is on the table (issue 23).
  assert.match(await page.textContent('[data-daily-time]'), /Your time: \d+:\d\d/);
  await page.click('[data-action="hint"]');
  await page.waitForSelector('.hint', { timeout: 15_000 });
  await shot(page, 'e2e-daily-hint');
  for (let i = 0; i < 200; i++) {
    if (await page.$('[data-summary]')) break;
    const v = await version(page);
    if (await page.$('[data-movable]')) {
      await page.click('[data-movable]');
      await page.click('[data-target]');
    } else if (await page.$('[data-action="draw"]:not([disabled])')) {
      await page.click('[data-action="draw"]');
    } else if (await page.$('[data-action="end"]')) {
      await page.click('[data-action="end"]');
    } else {
      throw new Error("nothing to click in today's deal");
    }
    await page.waitForFunction((old) => Number(document.querySelector('.table-screen')?.dataset.version ?? -1) > old, v, { timeout: 15_000 });
  }
  await page.waitForSelector('[data-summary]');
  await shot(page, 'e2e-daily-over');
  // The board, back in the lobby.
  await page.goto(`${server.url}/#/`);
  await page.waitForSelector('[data-daily-board="babel"] [data-name="Daily Dora"]');
  const line = await page.textContent('[data-daily-board="babel"] [data-name="Daily Dora"]');
  assert.match(line, /Daily Dora: \d+ stacks? in \d+:\d\d · 1 hint/);
  await shot(page, 'e2e-daily-board');
  // The deal is private: not among the lobby's tables.
  assert.equal(await page.$(`[data-table="${id}"]`), null);
  // One attempt a day: the same name is refused with the server's reason.
  const again = await page.evaluate(async () => {
    const r = await fetch('/api/v1/daily/babel', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Daily Dora' }) });
    return { status: r.status, body: await r.json() };
  });
  assert.equal(again.status, 409);
  assert.equal(again.body.error.kind, 'already_played');
  // Protocol drift: every message fits src/protocol.ts.
  const problems = frames.flatMap((raw) => checkMessage(JSON.parse(raw)));
  assert.deepEqual([...new Set(problems)], []);
  assert.deepEqual(page.errors, []);
});
