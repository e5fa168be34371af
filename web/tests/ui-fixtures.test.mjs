// The client against fixed protocol messages (no game server): every
// screen renders what the server would send, clicks become the right
// protocol messages, and the connection badge tells the truth when the
// socket drops. Fixture views are hand-written in the shapes of the Rust
// wire types; the e2e tests (e2e.test.mjs) play real games.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { launch, newPage, shot } from './lib/browser.mjs';
import { realGames } from './lib/server.mjs';
import { serveDist } from './lib/static.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');

// The game list comes from a real server (the registry), not from this file.
let games;

const summary = (id, game, title, seats, status = 'playing', settings = null) => ({
  id, game, title, status, settings, seats, created_at: 0, version: 1, actions: 0, rated: false,
});
const person = (seat, taken = true) => ({ seat, kind: 'person', taken, connected: taken });
const bot = (seat, level = 'random') => ({ seat, kind: 'bot', level, taken: true, connected: true });

function towersView(over = false) {
  const blocks = [];
  for (let r = 0; r < 8; r++) for (let c = 0; c < 8; c++) blocks.push({ height: 1 + ((c * r) % 3), top: (c + r) % 2 === 0 ? 'black' : 'white', utility: false });
  blocks[9] = { height: 0, utility: false };
  blocks[20] = { height: 3, top: 'utility', utility: true };
  blocks[21] = { height: 4, top: 'white', utility: true };
  return {
    variant: '8x8', cols: 8, rows: 8, blocks, turn: 'black', phase: 'moves', utilities_left: 0,
    scores: [40, 38], captured: [0, 0], removed: 2, supplied: 80,
    legal: [{ type: 'step', from: 'a1', to: 'a2' }, { type: 'step', from: 'a1', to: 'b1' }, { type: 'step', from: 'c1', to: 'c2' }],
    over,
  };
}

const babelView = {
  variant: 'standard',
  line: [['Sn', 'S3'], ['M3'], ['C5'], ['A3'], ['Ma', 'M4']],
  undrawn: 17,
  undrawn_tiles: ['S2', 'S4', 'S5', 'Mn', 'M2', 'M5', 'Cn', 'Ca', 'C2', 'C3', 'C4', 'An', 'Aa', 'A2', 'A4', 'A5', 'Sa'],
  legal: [{ type: 'move', from: 2, gap: 1 }, { type: 'move', from: 4, gap: 3 }, { type: 'move', from: 4, gap: 1 }, { type: 'draw' }],
  over: false,
};

function iceView() {
  const towers = [];
  let id = 0;
  for (let colour = 0; colour < 2; colour++) {
    for (let k = 0; k < 15; k++) {
      towers.push({ id, pos: { x: (id % 6) * 40, y: Math.floor(id / 6) * 40 }, pieces: [colour * 15 + k] });
      id++;
    }
  }
  towers[3].pieces = [3, 20, 8, 27];
  towers.splice(20, 1);
  return {
    settings: { players: 2, ghost: false, hold_limit_ms: 10000, game_timer_ms: 300000 },
    now: 5000, next_tower: 30, started: 1000, game_deadline: 301000, towers,
    seats: [
      { colour: 'red', ready: true, done: false, holding: null, score: 31 },
      { colour: 'yellow', ready: true, done: false, holding: { piece: 29, from: 3, origin: { x: 120, y: 0 }, deadline: 12000 }, score: 27 },
    ],
    ghost_score: null, ending: null,
  };
}

/** Issue 49: red (this seat) has no play left at all: no pyramid of red
 *  stands alone, no tower holds two reds under another colour, no two
 *  pyramids of one colour touch. Yellow said done but could still take a
 *  yellow out of tower 0 (so I13b has not ended the game). */
function iceNoPlaysView() {
  const towers = [{ id: 0, pos: { x: 0, y: 0 }, pieces: [15, 0, 16, 1] }];
  for (let k = 2; k < 15; k++) towers.push({ id: k - 1, pos: { x: ((k - 1) % 5) * 40, y: Math.floor((k - 1) / 5) * 40 }, pieces: [k, 15 + k] });
  return {
    settings: { players: 2, ghost: false, hold_limit_ms: 10000, game_timer_ms: 300000 },
    now: 60000, next_tower: 30, started: 1000, game_deadline: 301000, towers,
    seats: [
      { colour: 'red', ready: true, done: false, holding: null, score: 4 },
      { colour: 'yellow', ready: true, done: true, holding: null, score: 56 },
    ],
    ghost_score: null, ending: null,
  };
}

/** Issue 49, found by the first-game test on a phone: the table of a real
 *  game (its record's towers, 126 s in). Red's only lone pyramid, medium
 *  9 (tower 30), stands 40 mm from the tower it may cap (tower 20); on a
 *  phone the pieces are drawn large enough to overlap, and tower 30,
 *  drawn after tower 20, covered the middle of it. Yellow has said done. */
function iceCrowdedView() {
  const towers = [
    [10, [10, 25, 17, 19], -20, 567], [15, [15, 0], 328, 574], [16, [16, 1], 159, 561],
    [18, [18, 4], 173, 77], [20, [20, 5, 7, 24], 492, 167], [21, [21, 6], 419, 221],
    [23, [23, 8], 166, 387], [26, [26, 11, 3], -11, 393], [27, [12, 22, 2], 543, 77],
    [28, [28, 13], 91, 1], [29, [29, 14, 27], 563, 387], [30, [9], 492, 127],
  ].map(([id, pieces, x, y]) => ({ id, pieces, pos: { x, y } }));
  return {
    settings: { players: 2, ghost: false, hold_limit_ms: 10000, game_timer_ms: 300000 },
    now: 126000, next_tower: 31, started: 9219, game_deadline: 309219, towers,
    seats: [
      { colour: 'red', ready: true, done: false, holding: null, score: 35 },
      { colour: 'yellow', ready: true, done: true, holding: null, score: 25 },
    ],
    ghost_score: null, ending: null,
  };
}

const tables = {
  T1: { summary: summary('T1', 'towers', 'Towers', [person(0), bot(1)], 'playing', '8x8'), view: towersView(), to_act: { type: 'seat', seat: 0 } },
  T2: { summary: summary('T2', 'babel', 'Tower of Babel', [person(0)], 'playing', { variant: 'standard' }), view: babelView, to_act: { type: 'seat', seat: 0 } },
  T3: { summary: summary('T3', 'icetowers', 'IceTowers', [person(0), bot(1)], 'playing'), view: iceView(), to_act: { type: 'any_seat' } },
  T4: { summary: summary('T4', 'icetowers', 'IceTowers', [person(0), bot(1, 'beginner')], 'playing'), view: iceNoPlaysView(), to_act: { type: 'any_seat' } },
  T5: { summary: summary('T5', 'icetowers', 'IceTowers', [person(0), bot(1, 'beginner')], 'playing'), view: iceCrowdedView(), to_act: { type: 'any_seat' } },
};

let dist;
let browser;
before(async () => {
  games = await realGames(['towers', 'babel', 'icetowers']);
  dist = await serveDist(join(here, '..', 'dist'));
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await dist?.stop();
});

/** Routes the API and the WebSocket of one page to the fixtures; returns the messages the page sent. */
async function fixturePage(opts = {}) {
  const page = await newPage(browser, opts);
  const sent = [];
  const sockets = [];
  await page.route('**/api/v1/**', (route) => {
    const url = new URL(route.request().url());
    const json = (body, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    if (url.pathname === '/api/v1/games') return json(games);
    if (url.pathname === '/api/v1/tables' && route.request().method() === 'GET') {
      const g = url.searchParams.get('game');
      const st = url.searchParams.get('status');
      if (g === 'towers' && st === 'open') return json([summary('T9', 'towers', 'Towers', [person(0), person(1, false)], 'open', '8x8')]);
      if (g === 'towers' && st === 'playing') return json([tables.T1.summary]);
      return json([]);
    }
    if (url.pathname === '/api/v1/records') return json([summary('T7', 'babel', 'Tower of Babel', [person(0)], 'finished')]);
    const m = /^\/api\/v1\/tables\/(\w+)$/.exec(url.pathname);
    if (m && tables[m[1]]) return json(tables[m[1]].summary);
    if (url.pathname === '/api/v1/tables/T7/replay') {
      const v = towersView();
      const v2 = { ...towersView(), blocks: v.blocks.map((b, i) => (i === 0 ? { height: 0, utility: false } : i === 8 ? { height: b.height + 1, top: 'black', utility: false } : b)), turn: 'white' };
      return json({
        table: summary('T7', 'towers', 'Towers', [person(0), bot(1)], 'finished', '8x8'),
        record: { format: 1, engine: '0.1.0', game: 'towers', settings: '8x8', seed: 1, actions: [{ seat: 0, at: 0, action: { type: 'step', from: 'a1', to: 'a2' } }] },
        frames: [
          { index: 0, seat: null, action: null, at_ms: 0, events: [], view: v, to_act: { type: 'seat', seat: 0 } },
          { index: 1, seat: 0, action: { type: 'step', from: 'a1', to: 'a2' }, at_ms: 10, events: [{ type: 'played', by: 'black', move: { type: 'step', from: 'a1', to: 'a2' } }, { type: 'demolished', squares: ['h8'], floors: 2 }], view: v2, to_act: { type: 'nobody' } },
        ],
      });
    }
    return json({ error: { kind: 'no_such_table', message: 'no such table' } }, 404);
  });
  await page.route('**/rules/*', (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop();
    route.fulfill({ status: 200, contentType: 'text/markdown', body: readFileSync(join(repo, 'docs', 'rules', `${name}.md`), 'utf8') });
  });
  await page.routeWebSocket(/\/api\/v1\/tables\/\w+\/ws$/, (ws) => {
    const id = /tables\/(\w+)\/ws/.exec(ws.url())[1];
    sockets.push(ws);
    ws.onMessage((raw) => {
      const m = JSON.parse(String(raw));
      sent.push(m);
      const t = tables[id];
      if (m.type === 'hello') {
        ws.send(JSON.stringify({ type: 'welcome', protocol: 1, table: t.summary, viewer: m.token ? { type: 'seat', seat: 0 } : { type: 'spectator' }, version: 5, view: t.view, to_act: t.to_act, clocks: null, now_ms: 0, abandon_after_ms: 300000 }));
      } else if (m.type === 'act' && m.action.type === 'cap') {
        ws.send(JSON.stringify({ type: 'error', id: m.id, kind: 'rule', rule: 'I6', message: 'a piece never goes on a smaller one' }));
      }
    });
  });
  await page.addInitScript(() => {
    for (const id of ['T1', 'T2', 'T3', 'T4', 'T5']) localStorage.setItem(`stackyard.seat.${id}`, JSON.stringify({ seat: 0, token: 'fixture-token' }));
  });
  return { page, sent, sockets };
}

test('lobby lists games, tables and recent games; first paint is timed', async () => {
  const { page } = await fixturePage();
  await page.goto(`${dist.url}/#/`);
  // The settings form is folded under "More options" (issue 23).
  await page.waitForSelector('[data-game="icetowers"] form', { state: 'attached' });
  await page.waitForSelector('[data-testid="play-computer-icetowers"]');
  await page.waitForSelector('[data-table="T9"]');
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1);
  console.log(`first contentful paint (fixtures): ${fcp.toFixed(0)} ms`);
  assert.ok(fcp > 0 && fcp < 1000, `first paint ${fcp} ms`);
  await shot(page, 'fixture-lobby');
  assert.deepEqual(page.errors, []);
});

test('towers fixture: pick a tower, legal targets light up, the move is sent', async () => {
  const { page, sent } = await fixturePage();
  await page.goto(`${dist.url}/#/table/T1`);
  await page.waitForSelector('[data-square="a1"][data-movable]');
  await page.click('[data-square="a1"]');
  const targets = await page.$$eval('[data-target]', (els) => els.map((e) => e.dataset.square).sort());
  assert.deepEqual(targets, ['a2', 'b1']);
  await shot(page, 'fixture-towers-picked');
  await page.click('[data-square="b1"]');
  await page.waitForFunction(() => true);
  assert.deepEqual(sent.find((m) => m.type === 'act')?.action, { type: 'step', from: 'a1', to: 'b1' });
  assert.equal(sent[0].type, 'hello');
  assert.equal(sent[0].token, 'fixture-token');
});

test('towers fixture at phone width, keyboard only', async () => {
  const { page, sent } = await fixturePage({ width: 390, height: 844 });
  await page.goto(`${dist.url}/#/table/T1`);
  await page.waitForSelector('[data-square="a1"]');
  await page.focus('[data-square="a1"]');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  assert.deepEqual(sent.find((m) => m.type === 'act')?.action, { type: 'step', from: 'a1', to: 'a2' });
  await shot(page, 'fixture-towers-phone');
});

test('babel fixture: stacks, targets, draw', async () => {
  const { page, sent } = await fixturePage();
  await page.goto(`${dist.url}/#/table/T2`);
  await page.waitForSelector('[data-pos="4"][data-movable]');
  await page.click('[data-pos="4"]');
  const targets = await page.$$eval('[data-target]', (els) => els.map((e) => e.dataset.pos).sort());
  assert.deepEqual(targets, ['1', '3']);
  await shot(page, 'fixture-babel');
  await page.click('[data-pos="1"]');
  await page.click('[data-action="draw"]');
  // Dragging a stack onto its target is the same move as two clicks.
  await page.dragAndDrop('[data-pos="2"]', '[data-pos="1"]');
  const acts = sent.filter((m) => m.type === 'act').map((m) => m.action);
  assert.deepEqual(acts, [{ type: 'move', from: 4, gap: 3 }, { type: 'draw' }, { type: 'move', from: 2, gap: 1 }]);
});

test('icetowers fixture: table from above, tower panel, server errors shown', async () => {
  const { page, sent } = await fixturePage();
  await page.goto(`${dist.url}/#/table/T3`);
  await page.waitForSelector('[data-tower="3"]');
  await page.click('[data-tower="3"]');
  await page.waitForSelector('[data-action="mine"]');
  await shot(page, 'fixture-icetowers-panel');
  await page.click('[data-tower="0"]'); // my free-stander: pick it
  await page.click('[data-tower="16"]'); // cap onto a yellow free-stander
  await page.waitForSelector('.message .error');
  // Issue 23: the refusal in words, its rule one click away (a link to the
  // rule's place on the rules page), never the id printed in the sentence.
  const text = await page.textContent('[data-testid="message"]');
  assert.match(text, /smaller one/);
  assert.doesNotMatch(text, /I6/);
  assert.equal(await page.getAttribute('[data-testid="message"] a.rule-link', 'href'), '#/rules/icetowers/I6');
  assert.deepEqual(sent.filter((m) => m.type === 'act').map((m) => m.action), [{ type: 'cap', piece: 0, onto: 16 }]);
  await shot(page, 'fixture-icetowers-error');
  // The 3-D table: three.js loads on demand and draws into a canvas.
  await page.click('[data-action="toggle-3d"]');
  await page.waitForSelector('canvas.it-canvas');
  await page.waitForTimeout(500);
  await shot(page, 'fixture-icetowers-3d');
  assert.deepEqual(page.errors, []);
});

for (const size of [{ name: 'desktop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844 }]) {
  test(`icetowers fixture, ${size.name}: with no play left the table says so and that Done ends the game (issue 49)`, async () => {
    const { page, sent } = await fixturePage(size);
    await page.goto(`${dist.url}/#/table/T4`);
    // The rules (wasm) answer what red may do: nothing but Done.
    await page.waitForSelector('.it-status[data-plays="none"]');
    const status = await page.textContent('.it-status');
    assert.equal(status, 'No plays left: press Done to end the game.');
    // Where the player looks: on screen, next to the Done button, not cut.
    const box = await page.$eval('.it-status', (el) => { const r = el.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, cut: el.scrollHeight > el.clientHeight + 1 }; });
    assert.ok(box.top >= 0 && box.bottom <= size.height && !box.cut, JSON.stringify(box));
    assert.equal(await page.getAttribute('[data-testid="main-action"]', 'data-action'), 'done');
    assert.equal(await page.$$eval('.it-pick:not(.cannot)', (bs) => bs.length), 0, 'no pyramid of red stands alone');
    await shot(page, `fixture-icetowers-no-plays-${size.name}`);
    await page.click('[data-testid="main-action"]');
    await page.waitForTimeout(200);
    assert.deepEqual(sent.filter((m) => m.type === 'act').map((m) => m.action), [{ type: 'done' }]);
    assert.deepEqual(page.errors, []);
  });
}

for (const size of [{ name: 'desktop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844 }]) {
  test(`icetowers fixture, ${size.name}: a highlighted tower takes the click even where the pieces overlap (issue 49)`, async () => {
    const { page, sent } = await fixturePage(size);
    await page.goto(`${dist.url}/#/table/T5`);
    await page.waitForSelector('.it-status[data-plays="cap"]');
    await page.click('.it-pick[data-pick="9"]');
    // Every tower the rules let medium 9 cap (I6), and nothing else, is
    // highlighted; a click on each, where the player aims (its middle),
    // lands on it, not on a neighbour drawn over it.
    const legal = await page.$$eval('[data-tower][data-legal="true"]', (gs) => gs.map((g) => Number(g.dataset.tower)).sort((a, b) => a - b));
    assert.deepEqual(legal, [20, 29]);
    await shot(page, `fixture-icetowers-crowded-${size.name}`);
    await page.click('[data-tower="20"][data-legal="true"]', { timeout: 3000 });
    await page.waitForTimeout(200);
    assert.deepEqual(sent.filter((m) => m.type === 'act').map((m) => m.action), [{ type: 'cap', piece: 9, onto: 20 }]);
    assert.deepEqual(page.errors, []);
  });
}

test('connection drop: the badge says offline, then reconnects with since', async () => {
  const { page, sent, sockets } = await fixturePage();
  await page.goto(`${dist.url}/#/table/T1`);
  await page.waitForSelector('.conn[data-state="open"]');
  await sockets[0].close({ code: 4001, reason: 'test drop' });
  await page.waitForSelector('.conn[data-state="waiting"], .conn[data-state="connecting"]');
  await shot(page, 'fixture-reconnecting');
  await page.waitForSelector('.conn[data-state="open"]', { timeout: 5000 });
  const hellos = sent.filter((m) => m.type === 'hello');
  assert.equal(hellos.length, 2);
  assert.equal(hellos[1].since, 5);
  assert.equal(hellos[1].token, 'fixture-token');
});

test('replay fixture: step forward and back', async () => {
  const { page } = await fixturePage();
  await page.goto(`${dist.url}/#/replay/T7`);
  await page.waitForSelector('[data-step="forward"]');
  await page.click('[data-step="forward"]');
  await page.waitForSelector('.replay-screen[data-frame="1"]');
  await shot(page, 'fixture-replay');
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('.replay-screen[data-frame="0"]');
});

test('rules page renders the markdown', async () => {
  const { page } = await fixturePage();
  await page.goto(`${dist.url}/#/rules/icetowers`);
  await page.waitForSelector('[data-rules] h1');
  assert.match(await page.textContent('[data-rules] h1'), /IceTowers/);
  await shot(page, 'fixture-rules');
});
