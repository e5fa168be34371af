// Issue 49, point 2: a newcomer's first IceTowers game, started with the
// lobby's one button against the beginner bot, played by the page's own
// controls at a newcomer's pace, at a desktop's size (1280×800) and a
// phone's (390×844) at once, each its own table on one real server.
//
// The game lasts at least two minutes of play (the beginner's pace, 4 to
// 6 s a play: games/icetowers/tests/pace.rs plays the same newcomer in
// simulated time); when none of the player's pyramids can cap, the table
// says so and what is left (take one out of an orange tower, or Done),
// instead of "pick one of your pyramids"; and once the player has had
// enough and presses Done with the bot done too, the game ends there and
// then (I13a, or I13b when nobody can play), not at the five-minute timer
// (I13c). There is no test clock on the server: this runs in real time.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newPage, shot } from './lib/browser.mjs';
import { browser, server, useServerAndBrowser } from './lib/session.mjs';

useServerAndBrowser();

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];
/** How often the newcomer takes a pyramid out before it has had enough. */
const MINES = 8;

const statusOf = (page) => page.$eval('.it-status', (el) => ({ text: el.textContent, plays: el.dataset.plays ?? '' }));
const ended = (page) => page.$('[data-ended]');
/** Seconds the game timer still shows (the five-minute timer, I13c). */
const timerLeft = (page) => page.$eval('.it-game-time', (el) => Number(el.textContent)).catch(() => null);

/** Whether the status line is cut (its text runs past its box). */
const statusCut = (page) => page.$eval('.it-status', (el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1);

/**
 * One newcomer's game: a play every 5 s or so, the way the page says.
 * Caps with the first pyramid that can go somewhere (or, with one picked
 * already, on a highlighted tower); with one in hand,
 * caps with it or sets it down; when the status says no pyramid can cap,
 * takes one out of an orange tower (up to MINES times), then presses Done
 * (again whenever a play of the bot's has cleared it, I12).
 */
async function firstGame(size) {
  const page = await newPage(browser, size);
  await page.goto(`${server.url}/#/`);
  await page.click('[data-testid="play-computer-icetowers"]');
  await page.waitForURL(/#\/table\//);
  await page.waitForSelector('[data-viewer="seat"]');
  await page.click('[data-testid="main-action"][data-action="ready"]');
  await page.waitForSelector('[data-testid="main-action"][data-action="done"]', { timeout: 30_000 });
  const started = Date.now();
  // The moment the page shows the end, stamped by the page itself: the
  // loop below looks only every few seconds.
  await page.evaluate(() => {
    const stamp = () => {
      if (!window.endedAt && document.querySelector('[data-ended]')) window.endedAt = Date.now();
    };
    new MutationObserver(stamp).observe(document.body, { subtree: true, childList: true, attributes: true });
    stamp();
  });
  const seen = new Map(); // status kind -> its first text
  let plays = 0;
  let mined = 0;
  let lastDone = null;
  let timerAtDone = null;
  while (!(await ended(page)) && Date.now() - started < 330_000) {
    await page.waitForTimeout(4500);
    if (await ended(page)) break;
    try {
      const st = await statusOf(page);
      if (st.plays === 'no-cap' || st.plays === 'none') {
        if (!seen.has(st.plays)) {
          seen.set(st.plays, st.text);
          assert.ok(!(await statusCut(page)), `${size.name}: the message is cut: ${st.text}`);
          await shot(page, `icetowers-first-game-${st.plays}-${size.name}`);
        }
      }
      if (await page.isVisible('[data-action="set_down"]')) {
        const t = await page.$('[data-tower][data-legal="true"]');
        await (t ? t.click({ timeout: 1000 }) : page.click('[data-action="set_down"]', { timeout: 1000 }));
        plays++;
      } else if (st.plays === 'cap' || st.plays === '') {
        // A pyramid already picked ("Capping with …: click a highlighted
        // tower"): the newcomer clicks a highlighted tower, as told.
        if (!(await page.$('[data-tower][data-legal="true"]'))) {
          const b = await page.$('.it-pick:not([disabled]):not(.cannot)');
          if (!b) continue;
          await b.click({ timeout: 1000 });
        }
        const t = await page.waitForSelector('[data-tower][data-legal="true"]', { timeout: 1500 });
        await t.click({ timeout: 1000 });
        plays++;
      } else if (st.plays === 'no-cap' && mined < MINES && (await page.$('[data-tower][data-can~="mine"]'))) {
        await page.click('[data-tower][data-can~="mine"]', { timeout: 1000 });
        const take = await page.waitForSelector('.it-panel [data-action="mine"]', { timeout: 1500 });
        await take.click({ timeout: 1000 });
        mined++;
        plays++;
      } else if (await page.$('[data-testid="main-action"][data-action="done"]:not([disabled])')) {
        await page.click('[data-testid="main-action"]', { timeout: 1000 });
        lastDone = Date.now();
        timerAtDone = await timerLeft(page);
      }
    } catch (e) {
      // The bot got there first (the table changed under the pointer): look again.
      if (e.name !== 'TimeoutError' && !/detached|not attached|not visible/.test(String(e))) throw e;
    }
  }
  await page.waitForSelector('[data-ended]', { timeout: 10_000 });
  const over = await page.evaluate(() => window.endedAt);
  const reason = await page.getAttribute('[data-ended]', 'data-ended');
  await page.waitForSelector('[data-testid="result"]');
  await shot(page, `icetowers-first-game-over-${size.name}`);
  const history = await page.textContent('[data-testid="history"]');
  return { page, seconds: (over - started) / 1000, reason, seen, plays, mined, lastDone, over, timerAtDone, history };
}

test('icetowers: a first game against the beginner lasts two minutes, says when your pyramids cannot cap, and ends without the timer', { timeout: 420_000 }, async () => {
  const games = await Promise.all(SIZES.map(firstGame));
  for (const [i, g] of games.entries()) {
    const size = SIZES[i].name;
    console.log(`${size}: ${g.seconds.toFixed(0)} s, ended ${g.reason}, ${g.plays} plays (${g.mined} taken out), timer ${g.timerAtDone} s left at the last Done`);
    // At least two minutes of play, before the five-minute timer.
    assert.ok(g.seconds >= 120, `${size}: the game was over after ${g.seconds.toFixed(0)} s`);
    assert.ok(g.plays >= 10, `${size}: the person played ${g.plays} times`);
    assert.match(g.history, /You capped tower \d+/);
    // The table said, where the player looks, that no pyramid can cap and what is left.
    const said = g.seen.get('no-cap') ?? g.seen.get('none');
    assert.ok(said, `${size}: the "cannot cap" or "no plays left" message never showed`);
    assert.match(said, /^(None of your pyramids can cap now: click a tower outlined in orange to .+, or press Done (to end the game|if you have finished)\.|No plays left.*press Done.*)$/);
    // The end: everyone done (I13a) or nobody able to play (I13b), never the timer,
    // and no wait after the last Done.
    assert.notEqual(g.reason, 'timer', `${size}: the game waited for the timer`);
    assert.ok(g.reason === 'all_done' || g.reason === 'no_plays', g.reason);
    if (g.reason === 'all_done') {
      assert.ok(g.lastDone !== null && g.over - g.lastDone < 12_000, `${size}: ${((g.over - (g.lastDone ?? 0)) / 1000).toFixed(0)} s from the last Done to the end`);
      assert.ok(g.timerAtDone === null || g.timerAtDone > 10, `${size}: the timer was nearly up (${g.timerAtDone} s)`);
    }
    assert.deepEqual(g.page.errors, []);
  }
});
