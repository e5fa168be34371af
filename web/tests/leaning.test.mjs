// End to end: Leaning Towers against a bot, in the 3-D table, through the
// keyboard only (pick a size, nudge and turn the aimed piece, place, hold,
// pass), against a real `stackyard serve`. The server's physics judges every
// placement; the test checks that the table shows its verdicts, its points
// and scores exactly as the server sent them, and the bot's pieces arriving.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { join } from 'node:path';
import { RESULTS, newPage, openOptions, shot } from './lib/browser.mjs';
import { browser, server, useServerAndBrowser } from './lib/session.mjs';
import { checkMessage } from './lib/shapes.mjs';

useServerAndBrowser();

const RULE = /\bL-?\d+\b/;

/** Every message the page's WebSocket received, parsed, in order. */
function recordFrames(page) {
  const frames = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(JSON.parse(String(f.payload)))));
  return frames;
}

const lastView = (frames) => [...frames].reverse().find((m) => m.view)?.view;
const events = (frames) => frames.filter((m) => m.type === 'step').flatMap((m) => m.events);

/** The seed of the first test's table (see there). */
const LEANING_SEED = Number(process.env.LEANING_SEED ?? 1);

/** Waits until it is seat 0's turn in the play phase (the size buttons are shown). */
async function myTurn(page, timeout = 60_000) {
  await page.waitForSelector('[data-action="place"]', { timeout });
}

/** Presses the number key of the first size the server allows now. */
async function pickAllowedSize(page) {
  const sizes = await page.$$eval('[data-size]:not([disabled])', (els) => els.map((e) => e.dataset.size));
  assert.ok(sizes.length > 0, 'no size allowed on our turn');
  await page.focus('.lt-host');
  await page.keyboard.press(String(['small', 'medium', 'large'].indexOf(sizes[0]) + 1));
  await page.waitForSelector(`[data-size="${sizes[0]}"][aria-pressed="true"]`);
  // Issue 24: the aim starts from a pose the rules suggest; it is there
  // once they have answered (or said they found none).
  await page.waitForSelector('[data-suggest]:not([data-suggest="busy"])', { timeout: 60_000 });
  return sizes[0];
}

const aimedPose = async (page) => JSON.parse(await page.$eval('[data-pose]', (el) => el.dataset.pose));

/** Sends one action with `key` and waits for the table to show a newer version. */
async function pressAndWait(page, key) {
  const v = await page.$eval('.table-screen', (el) => Number(el.dataset.version ?? -1));
  await page.keyboard.press(key);
  await page.waitForFunction(
    (old) => Number(document.querySelector('.table-screen')?.dataset.version ?? -1) > old || document.querySelector('[data-verdict="refused"]'),
    v,
    { timeout: 60_000 },
  );
}

/** The scores the table shows, by seat. */
const shownScores = (page) => page.$$eval('.lt-seatlist [data-seat]', (els) => els.map((e) => Number(e.dataset.score)));

test('leaning towers against a bot: keyboard aim, the server verdicts and scores, the bot placing, desktop and phone', async () => {
  const page = await newPage(browser);
  const frames = recordFrames(page);
  // A chosen seed (added to the lobby's own request): with a random one the
  // bot's hand sometimes wrecks the two-player game before our second turn,
  // and a wreck that leaves one player ends it (L-15), so the checks below
  // would wait for a turn that never comes. The whole-games test plays
  // games that do end that way.
  await page.route('**/api/v1/tables', (route) => {
    const req = route.request();
    if (req.method() !== 'POST') return route.continue();
    return route.continue({ postData: JSON.stringify({ ...JSON.parse(req.postData() ?? '{}'), seed: LEANING_SEED }) });
  });
  await page.goto(`${server.url}/#/`);
  const form = '[data-create="leaning"]';
  await openOptions(page, 'leaning');
  await page.selectOption(`${form} select[name=seat1-kind]`, 'bot');
  await page.selectOption(`${form} select[name=seat1-level]`, 'easy');
  await page.click(`${form} button[type=submit]`);
  await page.waitForURL(/#\/table\//);
  await page.waitForSelector('.conn[data-state="open"]');
  await page.waitForSelector('canvas.lt-canvas');

  // L4: we are seat 0 and build the foundation (automatically, L-1).
  await page.waitForSelector('[data-action="auto_foundation"]');
  await shot(page, 'leaning-foundation');
  await page.click('[data-action="auto_foundation"]');
  await myTurn(page);
  assert.equal(lastView(frames).pieces.length, 2, 'the foundation is two pieces');

  // Aim with the keyboard: the aim moves by exactly the documented steps.
  const size = await pickAllowedSize(page);
  // The aim starts from a suggested pose (issue 24); Esc aims afresh,
  // upright beside the structure, where the steps below are measured from.
  await page.keyboard.press('Escape');
  const start = await aimedPose(page);
  await page.keyboard.press('PageUp');
  await page.keyboard.press('PageUp');
  await page.keyboard.press('Shift+PageDown');
  let p = await aimedPose(page);
  assert.ok(Math.abs(p.position[2] - (start.position[2] + 9.5)) < 1e-6, `PageUp×2, Shift+PageDown: ${JSON.stringify(p)}`);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  p = await aimedPose(page);
  const moved = Math.hypot(p.position[0] - start.position[0], p.position[1] - start.position[1]);
  assert.ok(Math.abs(moved - 15) < 1e-6, `three 5 mm nudges across the table moved it ${moved} mm`);
  for (let i = 0; i < 11; i++) await page.keyboard.press('w'); // tilt 55° about y
  await page.keyboard.press('e'); // and turn 5° about z
  p = await aimedPose(page);
  assert.ok(Math.abs(p.rotation_deg[1] - 55) < 1e-3, `tilted: ${JSON.stringify(p)}`);
  await page.keyboard.press('g'); // down to the table
  // The preview: the rules compiled to WebAssembly judge the aim on the
  // view's world (hand noise off) and say what would happen.
  const preview = await page.waitForSelector('.lt-aim-note[data-aim="preview"]', { timeout: 60_000 });
  assert.match(await preview.textContent(), /Preview.*\b(clean|slip|break|wreck|refused)\b/);
  await shot(page, 'leaning-aim');

  // Place: the server's physics judges it; the table shows its verdict.
  await pressAndWait(page, 'Enter');
  // Read at once: the bot's next verdict may replace it a moment later.
  const verdict = await (
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-verdict][data-mine="true"]');
      return el ? { kind: el.dataset.verdict, text: el.textContent, rule: el.dataset.rule ?? '' } : null;
    })
  ).jsonValue();
  assert.ok(['clean', 'slip', 'break', 'wreck'].includes(verdict.kind), JSON.stringify(verdict));
  // Issue 23: the rule is a link beside the verdict, not an id in its words.
  assert.match(verdict.rule, RULE, 'the verdict links its rule');
  assert.doesNotMatch(verdict.text.replace(/the rule$/, ''), RULE, 'no rule id in the verdict\'s words');
  const ours = events(frames).find((e) => (e.type === 'placed' || e.type === 'failed') && e.seat === 0);
  assert.ok(ours, 'the server judged our placement');
  assert.equal(ours.type === 'placed' ? 'clean' : ours.verdict, verdict.kind, 'the shown verdict is the server\'s');
  assert.equal(ours.size, size);
  if (ours.type === 'placed') assert.match(verdict.text, new RegExp(`\\+?${ours.points} point`));
  await shot(page, 'leaning-verdict');

  // Still our turn after a slip (L-10): hold the same piece in the air (L12).
  if (await page.$('[data-action="place"]')) {
    await page.focus('.lt-host');
    await page.keyboard.press('Escape'); // aim afresh: upright beside the structure
    for (let i = 0; i < 4; i++) await page.keyboard.press('PageUp');
    await pressAndWait(page, 'h');
    const held = events(frames).find((e) => e.type === 'held' && e.seat === 0);
    if (held) {
      // The bot moves at once; the log keeps the hold's verdict (L12).
      await page.waitForSelector('.lt-log li[data-kind="held"]');
      assert.match(await page.textContent('.lt-log li[data-kind="held"]'), /Held/);
      assert.equal(await page.getAttribute('.lt-log li[data-kind="held"]', 'data-rule'), 'L12');
      // Our next turn is the release and nothing else (L12 revised, L-14):
      // one "Let go" button, no size to pick, no Place.
      const letGo = await page.waitForSelector('[data-action="release"]', { timeout: 60_000 });
      assert.match(await letGo.textContent(), /Let go/);
      assert.equal(await page.$('[data-action="place"]'), null, 'the release is the whole turn');
      assert.equal(
        events(frames).filter((e) => (e.type === 'placed' || e.type === 'failed') && e.released).length,
        0,
        'nothing lets the piece go before its holder does',
      );
      await page.focus('.lt-host');
      await pressAndWait(page, 'Enter');
      // (Issue 24 says our own verdicts from our side: "Your held small pyramid …".)
      await page.waitForFunction(() => /let go the held|the held \w+ let go|was let go and rests|held \w+ pyramid slipped when let go/.test(document.querySelector('.lt-log')?.textContent ?? ''), null, { timeout: 60_000 });
      assert.ok(events(frames).some((e) => (e.type === 'placed' || e.type === 'failed') && e.seat === 0 && e.released), 'the server judged the release');
    }
  }

  // The bot's turn: its placement (or hold) arrives from the server's events.
  try { await myTurn(page); } catch (err) { console.log("our turn never came; events, phase, turn:", JSON.stringify(events(frames).map((e) => [e.type, e.seat, e.released, e.verdict, e.reason])), JSON.stringify(lastView(frames)?.phase), JSON.stringify(lastView(frames)?.turn)); throw err; }
  const release = events(frames).find((e) => (e.type === 'placed' || e.type === 'failed') && e.seat === 0 && e.released);
  if (release) assert.match(await page.textContent('.lt-log'), release.type === 'placed' ? /let go the held|was let go and rests/ : /the held \w+ let go|held \w+ pyramid slipped when let go/);
  const bots = events(frames).filter((e) => e.seat === 1 && ['placed', 'held', 'failed', 'passed'].includes(e.type));
  assert.ok(bots.length > 0, 'the bot acted');
  const botPiece = bots.find((e) => e.type === 'placed' || e.type === 'held');
  const logText = await page.textContent('.lt-log');
  // Issue 23: bots are named as players would call them.
  assert.match(logText, /B · Easy bot/, 'the log names the bot');
  if (botPiece) {
    assert.ok(lastView(frames).pieces.some((q) => q.id === botPiece.piece && q.owner.type === 'seat' && q.owner.seat === 1), 'the bot\'s piece is in the view');
  }
  assert.deepEqual(await shownScores(page), lastView(frames).scores);
  await page.waitForTimeout(800); // let the arriving piece glide into place
  await shot(page, 'leaning-after-bot');

  // The phone: the same table at 390 px wide, nothing sticking out sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(400);
  await pickAllowedSize(page);
  // The nudge buttons do what their keys do (for touch screens).
  const z0 = (await aimedPose(page)).position[2];
  await page.click('[data-nudge="PageUp"]');
  assert.ok(Math.abs((await aimedPose(page)).position[2] - (z0 + 5)) < 1e-6, 'the "up" button raises the aim 5 mm');
  await shot(page, 'leaning-phone');
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'the table scrolls sideways on a phone');
  await page.setViewportSize({ width: 1200, height: 900 });

  // Pass (P): the turn goes round and the bot plays again.
  await page.focus('.lt-host');
  await pressAndWait(page, 'p');
  assert.ok(events(frames).some((e) => e.type === 'passed' && e.seat === 0));
  await page.waitForSelector('.lt-log li:has-text("You passed")');

  const problems = frames.flatMap((m) => checkMessage(m));
  assert.deepEqual([...new Set(problems)], []);
  assert.deepEqual(page.errors, []);
});

test('leaning towers: an action the rules refuse is shown with its rule id and nothing changes; a round of passes closes the game; its replay', async () => {
  const page = await newPage(browser);
  const frames = recordFrames(page);
  await page.goto(`${server.url}/#/`);
  const form = '[data-create="leaning"]';
  await openOptions(page, 'leaning');
  await page.selectOption(`${form} select[name=seat1-level]`, 'pass');
  await page.click(`${form} button[type=submit]`);
  await page.waitForSelector('[data-action="auto_foundation"]');
  await page.click('[data-action="auto_foundation"]');
  await myTurn(page);
  await pickAllowedSize(page);
  // A hold touching the table is refused (L12): the aim starts 0.5 mm up,
  // so lower it onto the table first.
  await page.keyboard.press('g');
  await page.keyboard.press('Shift+PageDown');
  const before = lastView(frames).pieces.length;
  await page.keyboard.press('h');
  await page.waitForSelector('[data-verdict="refused"]');
  // Issue 23: refused in words, the rule (L12) one click away.
  assert.equal(await page.getAttribute('[data-verdict="refused"]', 'data-rule'), 'L12');
  assert.equal(await page.getAttribute('[data-verdict="refused"] a.rule-link', 'href'), '#/rules/leaning/L12');
  assert.equal(lastView(frames).pieces.length, before);
  // Still our turn, and the buttons work again.
  await page.waitForSelector('[data-action="place"]:not([disabled])');
  await shot(page, 'leaning-refused');
  // We pass, the pass bot passes: a full round of passes closes the game
  // (L11), each seat losing a point per piece in hand; then the replay.
  await page.focus('.lt-host');
  await page.keyboard.press('p');
  await page.waitForSelector('[data-outcome]');
  const closed = events(frames).find((e) => e.type === 'closed');
  assert.deepEqual(closed?.penalties, [-15, -15]);
  assert.match(await page.textContent('.lt-log li[data-rule="L11"]'), /closes the game/);
  assert.deepEqual(await shownScores(page), [-15, -15]);
  await page.click('[data-outcome] a');
  await page.waitForSelector('[data-step="forward"]');
  await page.click('[data-step="forward"]');
  await page.waitForSelector('.replay-screen[data-frame="1"]');
  await page.waitForSelector('canvas.lt-canvas');
  await page.click('[data-step="last"]');
  await page.waitForSelector('.lt-seatlist [data-seat="0"][data-score="-15"]');
  await shot(page, 'leaning-replay');
  assert.deepEqual(page.errors, []);
});

// Issue 49, point 6: the easy bot answers a placement within a third of a
// second, and its verdict used to take the place of ours before it could
// be read (or before it was shown at all). Ours stays in view, with its
// points, while the bot plays and after; the bot's verdict goes under it;
// ours goes when we dismiss it. At a phone's size and a desk's.
for (const size of [{ name: 'phone', width: 390, height: 844 }, { name: 'desk', width: 1280, height: 800 }]) {
  test(`leaning towers (${size.name}): your own verdict and points stay in view while the bot plays, its verdict below`, async () => {
    const page = await newPage(browser, size);
    const frames = recordFrames(page);
    await page.goto(`${server.url}/#/`);
    // Hand noise off (L5's room setting): the first suggested pose is then
    // clean (L9, L10), so ours is a verdict with points.
    await openOptions(page, 'leaning');
    const form = '[data-create="leaning"]';
    const settings = JSON.parse(await page.inputValue(`${form} textarea[name=settings]`));
    settings.hand_noise = { position_mm: 0, angle_deg: 0 };
    await page.fill(`${form} textarea[name=settings]`, JSON.stringify(settings));
    await page.selectOption(`${form} select[name=seat1-kind]`, 'bot');
    await page.selectOption(`${form} select[name=seat1-level]`, 'easy');
    await page.click(`${form} button[type=submit]`);
    await page.waitForURL(/#\/table\//);
    await page.waitForSelector('[data-testid="main-action"][data-action="auto_foundation"]');
    await page.click('[data-testid="main-action"]');
    await myTurn(page);
    await page.click('[data-testid="hand"] [data-size]:not([disabled])');
    await page.waitForSelector('[data-suggest="0"]', { timeout: 60_000 });
    await page.click('[data-testid="main-action"]');
    // The server's verdict on ours (L10), then the bot's step after it.
    const ours = await waitForEvent(frames, (e) => e.type === 'placed' && e.seat === 0);
    await waitForEvent(frames, (e) => e.seat === 1 && ['placed', 'held', 'failed', 'passed'].includes(e.type));
    // The page has shown the bot's step: its verdict is there, not ours.
    const other = await page.waitForSelector('.lt-verdict [data-verdict][data-mine="false"]', { timeout: 30_000 });
    assert.match(await other.textContent(), /B · Easy bot/, 'the bot\'s verdict names the bot');
    await page.waitForTimeout(500); // and nothing takes ours away a moment later
    const mine = await page.$('.lt-verdict [data-verdict][data-mine="true"]');
    assert.ok(mine && (await mine.isVisible()), 'our verdict is still shown after the bot\'s step arrived');
    const text = await mine.textContent();
    assert.match(text, /^Clean! Your \w+ pyramid rests: \+\d+ points? \(level \d+/, text);
    assert.match(text, new RegExp(`\\+${ours.points} points?`), `our points as the server gave them (${ours.points}): ${text}`);
    await shot(page, `leaning-own-verdict-kept-${size.name}`);
    // The trial's screenshot 09, retaken: the screen as the player sees it.
    await page.screenshot({ path: join(RESULTS, `09-leaning-${size.name}-own-verdict-kept.png`) });
    // Ours on top, the bot's under it, both in view without scrolling.
    const [a, b] = [await mine.boundingBox(), await other.boundingBox()];
    assert.ok(a.y + a.height <= b.y + 1, `the bot's verdict is below ours: ${JSON.stringify([a, b])}`);
    assert.ok(b.y + b.height <= size.height, `the bot's verdict is on screen: ${JSON.stringify(b)}`);
    // The message line over the table still says ours too.
    assert.equal((await page.textContent('[data-testid="message"]')).trim(), text.replace(/\s*the rule×?$/, '').trim());
    // Dismissed, it goes; the bot's stays.
    await page.click('[data-action="dismiss-verdict"]');
    assert.equal(await page.$('.lt-verdict [data-verdict][data-mine="true"]'), null, 'dismissed, our verdict is gone');
    assert.ok(await page.isVisible('.lt-verdict [data-verdict][data-mine="false"]'), 'the bot\'s verdict stays');
    assert.deepEqual(page.errors, []);
  });
}

/** Waits until the page's socket has received an event that `pred` accepts; returns it. */
async function waitForEvent(frames, pred, timeout = 60_000) {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    const e = events(frames).find(pred);
    if (e) return e;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no such event; got ${JSON.stringify(events(frames).map((e) => [e.type, e.seat]))}`);
}
