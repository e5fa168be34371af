// End to end: today's Tower of Babel deal from the lobby. A name starts
// the deal, plays it to the end with the UI (a hint first, then the moves
// the server's view marks legal), and appears on the day's board with its
// stacks, time and hint; a second start under the same name is refused.
// Issue #49: a deal given up after one tile ranks below it (B-10), a second
// try from the same browser under a new name is refused in words next to
// the button, and the button without a name asks for one right there.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { join } from 'node:path';
import { RESULTS, newPage, shot } from './lib/browser.mjs';
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
  // A name is needed first: asked next to the button (issue #49).
  await page.click('[data-daily-play="babel"]');
  await page.waitForSelector('[data-daily-message="babel"] .error');
  assert.match(await page.textContent('[data-daily-message="babel"]'), /name/);
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
  const stacksLeft = Number(/: (\d+) stacks?/.exec(line)[1]);
  // Issue #49: a second try from this browser under a new name is refused
  // in words, beside the button, and the lobby stays where it is.
  for (const who of ['Dora Again', 'Daily Dora']) {
    await page.fill('input[name="player-name"]', who);
    await page.click('[data-daily-play="babel"]');
    await page.waitForSelector('[data-daily-message="babel"] [data-testid="daily-played"]');
    const said = await page.textContent('[data-daily-message="babel"]');
    const as = who === 'Daily Dora' ? '' : ' as Daily Dora';
    const left = `${stacksLeft} ${stacksLeft === 1 ? 'stack' : 'stacks'} left`;
    assert.match(said, new RegExp(`^You played today’s deal${as}: ${left}\\. Next deal in (\\d+ h )?\\d+ min\\. See it again$`), said);
    assert.match(page.url(), /#\/$/);
    if (who === 'Dora Again') await shot(page, 'e2e-daily-played-again');
    await page.evaluate(() => (document.querySelector('[data-daily-message="babel"]').textContent = ''));
  }
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

test("today's deal given up after one tile ranks below a finished one (B-10)", async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/#/`);
  await page.fill('input[name="player-name"]', 'Quick Quitter');
  await page.click('[data-daily-play="babel"]');
  await page.waitForURL(/#\/table\//);
  await page.waitForSelector('[data-action="draw"]:not([disabled])');
  const v = await version(page);
  await page.click('[data-action="draw"]');
  await page.waitForFunction((old) => Number(document.querySelector('.table-screen')?.dataset.version ?? -1) > old, v, { timeout: 15_000 });
  await page.click('[data-testid="resign"]');
  await page.click('[data-testid="confirm"]');
  await page.waitForSelector('[data-testid="result"]');
  await shot(page, 'e2e-daily-given-up');
  await page.goto(`${server.url}/#/`);
  await page.waitForSelector('[data-daily-board="babel"] [data-name="Quick Quitter"]');
  const names = await page.$$eval('[data-daily-board="babel"] li', (ls) => ls.map((l) => l.dataset.name));
  assert.deepEqual(names, ['Daily Dora', 'Quick Quitter']);
  const line = await page.textContent('[data-daily-board="babel"] [data-name="Quick Quitter"]');
  // One stack on the table and 23 tiles never drawn: 24 stacks, given up.
  assert.match(line, /^Quick Quitter: 24 stacks in \d+:\d\d \(gave up\)/);
  assert.match(await page.textContent('[data-daily="babel"]'), /giving up counts every tile not yet drawn as a stack/);
  await shot(page, '05-daily-board-given-up-ranks-below-finished');
  assert.deepEqual(page.errors, []);
});

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  test(`today's deal without a name asks for it next to the button, in view (${width}×${height})`, async () => {
    const page = await newPage(browser, { width, height });
    await page.goto(`${server.url}/#/`);
    await page.waitForSelector('[data-daily="babel"]');
    await page.click('[data-daily-play="babel"]');
    await page.waitForSelector('[data-daily-message="babel"] .error');
    const boxes = await page.evaluate(() => {
      const box = (sel) => {
        const r = document.querySelector(sel).getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
      };
      return {
        view: { width: innerWidth, height: innerHeight },
        button: box('[data-daily-play="babel"]'),
        error: box('[data-daily-message="babel"] .error'),
        input: box('input[name="daily-name"]'),
        focused: document.activeElement?.getAttribute('name'),
      };
    });
    await page.screenshot({ path: join(RESULTS, `06-daily-no-name-${width}x${height}.png`) });
    for (const what of ['button', 'error', 'input']) {
      const b = boxes[what];
      assert.ok(b.height > 0 && b.top >= 0 && b.bottom <= boxes.view.height && b.left >= 0 && b.right <= boxes.view.width, `${what} out of view: ${JSON.stringify(boxes)}`);
    }
    // Next to the button: within a few lines of it, not a screen away.
    assert.ok(Math.abs(boxes.error.top - boxes.button.bottom) < 120, JSON.stringify(boxes));
    assert.ok(Math.abs(boxes.input.top - boxes.button.top) < 120, JSON.stringify(boxes));
    assert.equal(boxes.focused, 'daily-name');
    assert.match(await page.textContent('[data-daily-message="babel"]'), /Type your name first: today’s deal is ranked by name\./);
    // The name typed there starts the deal.
    await page.fill('input[name="daily-name"]', `Pat ${width}`);
    await page.press('input[name="daily-name"]', 'Enter');
    await page.waitForURL(/#\/table\//);
    await page.waitForSelector('[data-action="draw"]');
    assert.deepEqual(page.errors, []);
  });
}
