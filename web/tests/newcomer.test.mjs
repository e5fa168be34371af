// Issue 23: the browser for someone who has never heard of these games, at
// a desktop's size (1280×800) and a phone's (390×844), against a real
// `stackyard serve`. Only the data-testid hooks and visible text are used
// where the issue names them: lobby cards say who plays and carry no rule
// ids, a game against the computer starts in one click, resigning shows
// "You lost" with a rematch that starts a new table, a reload keeps the
// history, a friend is asked for a name before taking the seat, rules
// pages open with "How to play" and their links stay on the page, and no
// page logs a console error.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newPage, shot } from './lib/browser.mjs';
import { tableOf as tableId } from './lib/accounts.mjs';
import { browser, server, useServerAndBrowser } from './lib/session.mjs';
import { towersMove, version } from './lib/towers.mjs';

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];
const GAMES = ['towers', 'babel', 'icetowers', 'speedy', 'leaning'];
/** A rule id as the rules pages write them: T8, B5, I6, P-16, L12. */
const RULE_ID = /\b[TBIPL]-?\d{1,2}\b/;

useServerAndBrowser();

for (const size of SIZES) {
  test(`${size.name}: every lobby card says what the game is and who plays, with no rule ids or engine words`, async () => {
    const page = await newPage(browser, size);
    await page.goto(`${server.url}/#/`);
    for (const game of GAMES) {
      const card = `[data-testid="game-${game}"]`;
      await page.waitForSelector(card);
      // What a newcomer sees without opening anything.
      const text = await page.$eval(card, (el) => el.innerText);
      assert.match(text, /\b(1 player|\d–\d+ players|2 players)\b/, `${game}: players`);
      assert.match(text, /Turn-based|Real time/, `${game}: pace`);
      assert.match(text, /about \d+ minutes/, `${game}: length`);
      assert.doesNotMatch(text, RULE_ID, `${game}: a rule id on the card`);
      assert.doesNotMatch(text, /JSON|σ|mcts|alphabeta|seat \d/i, `${game}: engine words on the card`);
      assert.ok(await page.$(`${card} svg.game-pic`), `${game}: a picture`);
      assert.ok(await page.isVisible(`[data-testid="play-computer-${game}"]`), `${game}: one-click start`);
      // Open "More options": still words, JSON only under "Advanced".
      await page.click(`${card} details.more > summary`);
      const options = await page.$eval(`${card} details.more`, (el) => {
        const copy = el.cloneNode(true);
        copy.querySelectorAll('details.advanced').forEach((a) => a.remove());
        // What a select shows is its chosen option, which innerText of a clone does not give.
        return copy.textContent;
      });
      assert.doesNotMatch(options, RULE_ID, `${game}: a rule id in the options`);
      assert.doesNotMatch(options, /JSON|σ|mcts|alphabeta/i, `${game}: engine words in the options`);
      // Nor anywhere in the card's markup text, folds included.
      assert.doesNotMatch(await page.$eval(card, (el) => el.textContent), RULE_ID, `${game}: a rule id in the card's text`);
    }
    // A solitaire offers no seats and no clock.
    assert.equal(await page.$$eval('[data-create="babel"] select[name$="-kind"]', (l) => l.length), 0);
    assert.equal(await page.$$eval('[data-create="babel"] input[name=clock]', (l) => l.length), 0);
    assert.ok(await page.isVisible('[data-testid="game-babel"] button:has-text("Today’s deal")'));
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= size.width, 'the lobby scrolls sideways');
    await shot(page, `newcomer-lobby-${size.name}`);
    assert.deepEqual(page.errors, []);
  });

  test(`${size.name}: one click starts Towers against the Easy bot; resign, confirm, "You lost", rematch`, async () => {
    const page = await newPage(browser, size);
    await page.goto(`${server.url}/#/`);
    await page.click('[data-testid="play-computer-towers"]');
    await page.waitForURL(/#\/table\//);
    const first = tableId(page);
    await page.waitForSelector('[data-viewer="seat"]');
    assert.match(await page.textContent('.seat-list'), /Easy bot/);
    assert.doesNotMatch(await page.textContent('.table-screen'), /seat \d|open vs open/i);
    await towersMove(page);
    // The message line is on screen without scrolling, even on the phone.
    const box = await page.$eval('[data-testid="message"]', (el) => {
      // Shown even when empty (it hides then), to measure where it sits.
      el.style.display = 'block';
      el.style.minHeight = '1em';
      const r = el.getBoundingClientRect();
      el.style.display = '';
      return { top: r.top, bottom: r.bottom, height: r.height };
    });
    assert.ok(box.height > 0 && box.top > 0 && box.bottom < size.height, `the message line sits at ${box.top}–${box.bottom}px`);
    await page.click('[data-testid="resign"]');
    await shot(page, `newcomer-resign-confirm-${size.name}`);
    await page.click('[data-testid="confirm"]');
    await page.waitForSelector('[data-testid="result"]');
    const result = await page.textContent('[data-testid="result"]');
    assert.match(result, /You lost/);
    assert.match(result, /You resigned/);
    assert.match(result, /floors/, 'scores labelled with what they count');
    await shot(page, `newcomer-result-${size.name}`);
    await page.click('[data-testid="rematch"]');
    await page.waitForFunction((old) => location.hash.startsWith('#/table/') && !location.hash.endsWith(old), first);
    const second = tableId(page);
    assert.notEqual(second, first);
    await page.waitForSelector('[data-viewer="seat"]');
    // Same opponent, same settings, a fresh game.
    assert.match(await page.textContent('.seat-list'), /Easy bot/);
    const t = await (await fetch(`${server.url}/api/v1/tables/${second}`)).json();
    assert.equal(t.game, 'towers');
    assert.deepEqual(t.seats.map((s) => [s.kind, s.level ?? null]), [['person', null], ['bot', 'greedy']]);
    assert.equal(t.status, 'playing');
    assert.deepEqual(page.errors, []);
  });
}

for (const size of SIZES) {
  test(`${size.name}: every game's one-click start opens a table against a beginner's bot (Babel: a deal); resigning loses; a rematch`, async () => {
    const page = await newPage(browser, size);
    for (const game of GAMES) {
      await page.goto(`${server.url}/#/`);
      await page.click(`[data-testid="play-computer-${game}"]`);
      await page.waitForURL(/#\/table\//);
      await page.waitForSelector('[data-viewer="seat"]');
      const seats = await page.textContent('.seat-list');
      if (game === 'babel') assert.doesNotMatch(seats, /bot/i, 'a solitaire has no opponent');
      else assert.match(seats, /Easy bot/, `${game}: the opponent`);
      assert.ok(await page.$('[data-testid="message"]'), `${game}: a message line`);
      assert.ok(await page.isVisible('[data-testid="history"]'), `${game}: a history`);
      assert.ok(!(await page.$('[data-waiting="true"].waiting-box')), `${game}: nobody to wait for`);
      assert.doesNotMatch(await page.textContent('.table-screen'), /\bseat \d/i, `${game}: a seat number`);
      // The 3-D tables load on demand; give them a moment before the picture.
      await page.waitForTimeout(game === 'speedy' || game === 'leaning' ? 1500 : 300);
      await shot(page, `newcomer-start-${game}-${size.name}`);
      // Nothing sticks out of the viewport, nor is cut off inside its box.
      assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= size.width, `${game}: the table scrolls sideways`);
      if (game === 'icetowers') {
        // The instruction whole, not cut at two lines; pyramids by size and tower, as said aloud.
        const cut = await page.$eval('.it-status', (el) => el.scrollHeight > el.clientHeight + 1);
        assert.ok(!cut, `IceTowers: the instruction is cut: ${await page.textContent('.it-status')}`);
        const picks = await page.$$eval('.it-pick-label', (ls) => ls.map((l) => l.textContent));
        assert.ok(picks.length > 0, 'IceTowers: the pyramids standing alone');
        for (const p of picks) assert.match(p, /^(small|medium|large), tower \d+$/);
      }
      if (game === 'speedy') {
        // The pile wraps inside its box: no coin is cut off at its side, and
        // what does not show scrolls down inside the box.
        const pile = await page.$eval('.sp-hand', (box) => {
          const edge = box.getBoundingClientRect().right;
          const scrolls = box.scrollHeight <= box.clientHeight || ['auto', 'scroll'].includes(getComputedStyle(box).overflowY);
          return { overflow: box.scrollWidth - box.clientWidth, cut: [...box.querySelectorAll('li, button')].filter((e) => e.getBoundingClientRect().right > edge + 0.5).length, scrolls };
        });
        assert.deepEqual(pile, { overflow: 0, cut: 0, scrolls: true }, 'Speedy Towers: the pile runs past its box');
      }
      if (game === 'leaning') {
        const hand = await page.textContent('[data-testid="lt-hand-0"]');
        assert.match(hand, /In hand: 5 small, 5 medium, 5 large$/, 'Leaning Towers: the hand in words');
      }
      // Resigning at once is a loss, and the rematch is a new table.
      const first = tableId(page);
      await page.click('[data-testid="resign"]');
      await page.click('[data-testid="confirm"]');
      await page.waitForSelector('[data-testid="result"]');
      assert.equal(await page.textContent('[data-testid="result"] h3'), 'You lost', game);
      await page.click('[data-testid="rematch"]');
      await page.waitForFunction((old) => location.hash.startsWith('#/table/') && !location.hash.endsWith(old), first);
      await page.waitForSelector('[data-viewer="seat"]');
      assert.ok(!(await page.$('[data-testid="result"]')), `${game}: the rematch is a fresh game`);
    }
    assert.deepEqual(page.errors, []);
  });
}

test('a reload keeps the history as it was; the tab title says when it is your move', async () => {
  const page = await newPage(browser, { width: 1280, height: 800 });
  await page.goto(`${server.url}/#/`);
  await page.click('[data-testid="play-computer-towers"]');
  await page.waitForURL(/#\/table\//);
  await page.waitForSelector('[data-viewer="seat"]');
  await page.waitForFunction(() => document.title.startsWith('Your move'));
  for (let i = 0; i < 3; i++) await towersMove(page);
  // The bot answers: wait until it is this seat's move again.
  await page.waitForSelector('[data-movable], [data-placeable], [data-action="pass"]');
  await page.waitForFunction(() => document.title.startsWith('Your move'));
  const lines = () => page.$$eval('[data-testid="history"] li', (ls) => ls.map((l) => l.textContent));
  const before = await lines();
  assert.ok(before.filter((l) => /^You \(Black\) moved/.test(l)).length >= 3, `history: ${before.join(' | ')}`);
  assert.ok(before.some((l) => /^Easy bot \(White\) moved/.test(l)), 'the bot is named in the history');
  // The mute switch is remembered too.
  await page.click('[data-mute]');
  assert.equal(await page.textContent('[data-mute]'), 'Sound off');
  await page.reload();
  await page.waitForSelector('.conn[data-state="open"]');
  await page.waitForSelector('[data-testid="history"] li');
  assert.deepEqual(await lines(), before);
  assert.equal(await page.textContent('[data-mute]'), 'Sound off');
  await shot(page, 'newcomer-history-after-reload');
  assert.deepEqual(page.errors, []);
});

test('phone: a replay reads like the table: the game and players, moves in the live words, "Game starts", the result plainly', async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  await page.goto(`${server.url}/#/`);
  await page.click('[data-testid="play-computer-towers"]');
  await page.waitForURL(/#\/table\//);
  await page.waitForSelector('[data-viewer="seat"]');
  await page.waitForFunction(() => document.title.startsWith('Your move'));
  for (let i = 0; i < 2; i++) await towersMove(page);
  // The history is worded after each step arrives: wait for the bot's line.
  await page.waitForSelector('[data-testid="history"] li:has-text("Easy bot (White) moved")');
  const live = await page.$$eval('[data-testid="history"] li', (ls) => ls.map((l) => l.textContent.trim()));
  const botLine = live.find((l) => /^Easy bot \(White\) moved/.test(l));
  assert.ok(botLine, `history: ${live.join(' | ')}`);
  const id = tableId(page);
  await page.click('[data-testid="resign"]');
  await page.click('[data-testid="confirm"]');
  await page.waitForSelector('[data-testid="result"]');
  await page.goto(`${server.url}/#/replay/${encodeURIComponent(id)}`);
  await page.waitForSelector('.replay-list li');
  const heading = await page.textContent('.replay-screen h2');
  assert.match(heading, /^Replay: Towers · .+ vs Easy bot$/);
  assert.doesNotMatch(heading, /table /, 'no table id');
  const steps = await page.$$eval('.replay-list li', (ls) => ls.map((l) => l.textContent.trim()));
  assert.equal(steps[0], 'Game starts');
  // The bot's move reads exactly as it did in the live history (a step's
  // line goes on with what the move knocked down, which the history tells
  // on lines of its own).
  assert.ok(steps.some((s) => s === botLine || s.startsWith(`${botLine} `)), `replay: ${steps.join(' | ')}`);
  for (const s of steps.slice(1, -1)) assert.match(s, /\((Black|White)\) (moved|placed|passed)/, 'a move in words');
  assert.match(steps.at(-1), /^Game over: Easy bot won\. .+ resigned\.$/);
  assert.doesNotMatch(steps.join(' '), /\b[a-h]\d-[a-h]\d\b|^start$|^ending$/m, 'no notation or engine words');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('.replay-screen[data-frame="1"]');
  assert.equal(await page.textContent('.replay-bar .where'), `1 / ${steps.length - 1} · ${steps[1]}`);
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'the replay scrolls sideways');
  await shot(page, 'newcomer-replay-phone');
  assert.deepEqual(page.errors, []);
});

test('Tower of Babel: a deal in one click, given up is "You lost", said once; another deal', async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  await page.goto(`${server.url}/#/`);
  await page.click('[data-testid="play-computer-babel"]');
  await page.waitForURL(/#\/table\//);
  await page.waitForSelector('[data-action="draw"]:not([disabled])');
  await page.click('[data-action="draw"]');
  await page.waitForSelector('[data-testid="history"] li:has-text("Drew the")');
  await page.click('[data-testid="resign"]');
  await page.click('[data-testid="confirm"]');
  await page.waitForSelector('[data-testid="result"]');
  const text = await page.textContent('.table-screen');
  assert.match(await page.textContent('[data-testid="result"]'), /You lost/);
  assert.equal(text.match(/You lost|You won|partial win|full win/g).length, 1, `the outcome is said once: ${text}`);
  await shot(page, 'newcomer-babel-result-phone');
  const first = tableId(page);
  await page.click('[data-testid="rematch"]');
  await page.waitForFunction((old) => location.hash.startsWith('#/table/') && !location.hash.endsWith(old), first);
  await page.waitForSelector('[data-action="draw"]:not([disabled])');
  assert.deepEqual(page.errors, []);
});

test('Tower of Babel: a move is taken back with "Undo move", as far back as the last draw (B-8)', async () => {
  const page = await newPage(browser, { width: 1280, height: 800 });
  await page.goto(`${server.url}/#/`);
  await page.click('[data-testid="play-computer-babel"]');
  await page.waitForURL(/#\/table\//);
  const line = () => page.$$eval('[data-pos]', (els) => els.map((e) => `${e.dataset.pos}:${e.dataset.top}:${e.querySelectorAll('[data-tile]').length}`));
  // Draw until a move is possible (24 tiles: one comes long before the end).
  for (let i = 0; i < 24 && !(await page.$('[data-movable]')); i++) {
    const v = await page.$eval('.table-screen', (el) => el.dataset.version);
    await page.click('[data-action="draw"]:not([disabled])');
    await page.waitForFunction((old) => document.querySelector('.table-screen')?.dataset.version !== old, v);
  }
  assert.ok(await page.$('[data-movable]'), 'a move came up');
  assert.equal(await page.$('[data-action="undo"]'), null, 'nothing to take back before a move');
  const before = await line();
  await page.click('[data-movable]');
  await page.click('[data-target]');
  await page.waitForSelector('[data-action="undo"]:not([disabled])');
  assert.notDeepEqual(await line(), before);
  await page.click('[data-action="undo"]');
  await page.waitForSelector('[data-testid="history"] li:has-text("Took back the move")');
  await page.waitForFunction(() => !document.querySelector('[data-action="undo"]'));
  assert.deepEqual(await line(), before, 'the line is as it was before the move');
  await shot(page, 'newcomer-babel-undo');
  assert.deepEqual(page.errors, []);
});

test('play a friend: the table waits for them by name, the friend is asked for a name, then both play', async () => {
  const a = await newPage(browser, { width: 1280, height: 800 });
  await a.goto(`${server.url}/#/`);
  await a.click('[data-testid="game-towers"] a:has-text("Play a friend")');
  // Asked once, then remembered.
  await a.fill('input[name="ask-name"]', 'Ada');
  await a.click('[data-name-ok]');
  await a.waitForURL(/#\/table\//);
  await a.waitForSelector('[data-waiting]');
  const waiting = await a.textContent('.table-screen');
  assert.match(waiting, /Waiting for one more player/);
  assert.doesNotMatch(waiting, /Your move/);
  assert.ok(!(await a.$('[data-movable]')), 'no move offered before the friend arrives');
  assert.match(await a.title(), /^Waiting/);
  const link = await a.inputValue('.share-link');
  await shot(a, 'newcomer-friend-waiting');

  const b = await newPage(browser, { width: 390, height: 844 });
  await b.goto(link);
  await b.waitForSelector('input[name="join-name"]');
  await b.fill('input[name="join-name"]', 'Bea');
  await shot(b, 'newcomer-friend-join-phone');
  await b.click('[data-join]');
  await b.waitForSelector('[data-viewer="seat"]');
  assert.match(await b.textContent('.seat-list'), /Ada/);
  await a.waitForFunction(() => document.querySelector('.seat-list')?.textContent.includes('Bea'));
  await a.waitForSelector('[data-movable]');
  assert.doesNotMatch(await a.textContent('.table-screen'), /Waiting for/);
  await towersMove(a);
  await b.waitForSelector('[data-testid="history"] li:has-text("Ada (Black) moved")');
  // The name was remembered: the lobby shows it.
  await a.goto(`${server.url}/#/`);
  assert.equal(await a.inputValue('input[name="player-name"]'), 'Ada');
  // The recent and open lists never say "open vs open".
  assert.doesNotMatch(await a.textContent('main'), /open vs open/);
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
});

test('a rematch between friends: one asks, the other is told by name and joins; both meet at one new table', async () => {
  const a = await newPage(browser, { width: 1280, height: 800 });
  await a.goto(`${server.url}/#/`);
  await a.click('[data-testid="game-towers"] a:has-text("Play a friend")');
  await a.fill('input[name="ask-name"]', 'Ada');
  await a.click('[data-name-ok]');
  await a.waitForURL(/#\/table\//);
  const first = tableId(a);
  const link = await a.inputValue('.share-link');
  const b = await newPage(browser, { width: 390, height: 844 });
  await b.goto(link);
  await b.fill('input[name="join-name"]', 'Bea');
  await b.click('[data-join]');
  await b.waitForSelector('[data-viewer="seat"]');
  await a.waitForSelector('[data-movable]');
  await towersMove(a);
  // Bea resigns; both see the result from their side.
  await b.click('[data-testid="resign"]');
  await b.click('[data-testid="confirm"]');
  await a.waitForSelector('[data-testid="result"]');
  await b.waitForSelector('[data-testid="result"]');
  assert.equal(await a.textContent('[data-testid="result"] h3'), 'You won');
  assert.equal(await b.textContent('[data-testid="result"] h3'), 'You lost');
  // Ada asks for a rematch and lands at the new table; Bea is told who asked.
  await a.click('[data-testid="rematch"]');
  await a.waitForFunction((old) => location.hash.startsWith('#/table/') && !location.hash.endsWith(old), first);
  const second = tableId(a);
  await b.waitForSelector('[data-rematch-offer]');
  assert.equal(await b.textContent('[data-rematch-offer]'), 'Ada wants a rematch.');
  assert.equal(await b.textContent('[data-testid="rematch"]'), 'Join the rematch');
  await shot(b, 'newcomer-rematch-offer-phone');
  await b.click('[data-testid="rematch"]');
  await b.waitForFunction((t) => location.hash === `#/table/${t}`, second);
  // Each has the seat they had, and the game is on.
  await b.waitForSelector('[data-viewer="seat"]');
  await a.waitForFunction(() => document.querySelector('.seat-list')?.textContent.includes('Bea'));
  const t = await (await fetch(`${server.url}/api/v1/tables/${second}`)).json();
  assert.equal(t.status, 'playing');
  assert.deepEqual(t.seats.map((s) => s.name), ['Ada', 'Bea']);
  await a.waitForSelector('[data-movable]');
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
});

test('phone: a message stays in sight when the page is scrolled', async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  await page.goto(`${server.url}/#/`);
  await page.evaluate(() => localStorage.setItem('stackyard.name', 'Cy'));
  await page.click('[data-testid="game-towers"] a:has-text("Play a friend")');
  await page.waitForSelector('[data-waiting] button:has-text("Copy")');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.click('[data-waiting] button:has-text("Copy")');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForSelector('[data-testid="message"] p');
  const r = await page.$eval('[data-testid="message"]', (el) => el.getBoundingClientRect().toJSON());
  assert.ok(r.top >= 0 && r.bottom <= 844 && r.height > 0, `the message at ${r.top}–${r.bottom}px after scrolling`);
  assert.match(await page.textContent('[data-testid="message"]'), /link/i);
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'the table scrolls sideways');
  await shot(page, 'newcomer-message-scrolled-phone');
  assert.deepEqual(page.errors, []);
});

test('rules pages open with "How to play"; the index lists them; links inside a page stay on it', async () => {
  const page = await newPage(browser, { width: 1280, height: 800 });
  await page.goto(`${server.url}/#/rules`);
  for (const game of GAMES) await page.waitForSelector(`[data-rules-link="${game}"]`);
  for (const game of GAMES) {
    await page.goto(`${server.url}/#/rules/${game}`);
    await page.waitForSelector(`[data-rules="${game}"] h2`);
    assert.equal(await page.textContent(`[data-rules="${game}"] h2`), 'How to play', game);
  }
  await page.goto(`${server.url}/#/rules/speedy`);
  await page.waitForSelector('[data-rules="speedy"] a:has-text("Decisions")');
  await page.click('[data-rules="speedy"] a:has-text("Decisions")');
  await page.waitForTimeout(200);
  assert.match(page.url(), /#\/rules\/speedy\/decisions$/);
  assert.ok(await page.$('[data-rules="speedy"]'), 'still on the rules page');
  // A rule's own link (as the table's messages give them) lands on the rule.
  await page.goto(`${server.url}/#/rules/towers/T8`);
  await page.waitForSelector('#rule-T8.target');
  await shot(page, 'newcomer-rules-rule');
  assert.deepEqual(page.errors, []);
});

test('the rules module fails to load: the table says so in words, once in the history, and the game goes on', async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  // As if the network or the browser refused WebAssembly.
  await page.route(/\.wasm$/, (r) => r.abort());
  await page.goto(`${server.url}/#/`);
  await page.click('[data-testid="play-computer-towers"]');
  await page.waitForURL(/#\/table\//);
  await page.waitForSelector('[data-viewer="seat"]');
  await towersMove(page);
  await page.waitForSelector('[data-testid="message"] p.error');
  assert.match(await page.textContent('[data-testid="message"]'), /could not load the game’s rules/);
  // The bot's answer is untold too, but the history says why only once.
  await page.waitForSelector('[data-movable], [data-placeable], [data-action="pass"]');
  await towersMove(page);
  await page.waitForTimeout(300);
  assert.equal(await page.$$eval('[data-testid="history"] li[data-kind="unworded"]', (l) => l.length), 1);
  assert.match(await page.textContent('[data-testid="message"]'), /could not load the game’s rules/);
  await shot(page, 'newcomer-no-rules-module-phone');
  assert.deepEqual(page.errors, []);
});

test('phone: Speedy Towers resigned before the start shows the result in sight, clear of the message, and offers no "Ready"', async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  await page.goto(`${server.url}/#/`);
  await page.click('[data-testid="play-computer-speedy"]');
  await page.waitForURL(/#\/table\//);
  await page.waitForSelector('[data-viewer="seat"]');
  // The bot says it is ready: the message line has words in it.
  await page.waitForSelector('[data-testid="message"] p');
  await page.click('[data-testid="resign"]');
  await page.click('[data-testid="confirm"]');
  await page.waitForSelector('[data-testid="result"]');
  await page.waitForTimeout(300);
  const [card, msg] = await page.evaluate(() =>
    ['[data-testid="result"]', '[data-testid="message"]'].map((s) => document.querySelector(s).getBoundingClientRect().toJSON()),
  );
  assert.ok(card.top >= 0 && card.top < 844, `the result card's top at ${card.top}px is in sight`);
  assert.ok(msg.height === 0 || msg.bottom <= card.top, `the message (${msg.top}–${msg.bottom}px) covers the result (top ${card.top}px)`);
  assert.equal(await page.isVisible('[data-action="ready"]'), false, 'a "Ready" after the game is over');
  await shot(page, 'newcomer-speedy-resigned-phone');
  assert.deepEqual(page.errors, []);
});

test('Towers: a tower moved where it may not go is refused in words, the rule one click away, and the board is unchanged', async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  await page.goto(`${server.url}/#/`);
  await page.click('[data-testid="play-computer-towers"]');
  await page.waitForURL(/#\/table\//);
  await page.waitForSelector('[data-movable]');
  const v = await version(page);
  await page.click('[data-movable]');
  // A square that is neither a landing nor a tower of this seat's to pick.
  await page.click('.tw-cell:not([data-target]):not([data-movable])');
  await page.waitForSelector('[data-testid="message"] p.error');
  const said = await page.textContent('[data-testid="message"] p.error');
  assert.doesNotMatch(said.replace('See the rule', ''), RULE_ID, `a rule id in the sentence: ${said}`);
  assert.match(await page.getAttribute('[data-testid="message"] a[data-rule]', 'href'), /^#\/rules\/towers\/T\d+$/);
  assert.equal(await version(page), v, 'nothing changed');
  await shot(page, 'newcomer-towers-refused-phone');
  assert.deepEqual(page.errors, []);
});

test('a visitor without an account: no page logs a console error, not even the account check', async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  // newPage forgives "Failed to load resource" (a refused socket, a 404 on
  // purpose); here every console error counts, and every refused request.
  const logged = [];
  const refused = [];
  page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
  page.on('response', (r) => r.status() >= 400 && refused.push(`${r.status()} ${r.url()}`));
  for (const path of ['#/', '#/rules', '#/account']) {
    // A whole load each time (a hash change alone would not ask again).
    await page.goto('about:blank');
    const asked = page.waitForResponse((r) => /\/api\/v1\/(me|session)$/.test(new URL(r.url()).pathname));
    await page.goto(`${server.url}/${path}`);
    await asked;
    await page.waitForLoadState('networkidle');
    assert.equal(await page.textContent('[data-testid="header-account"]'), 'Sign in', path);
  }
  assert.deepEqual(logged, []);
  assert.deepEqual(refused, []);
  assert.deepEqual(page.errors, []);
});
