// The rules compiled to WebAssembly, in the page, with no game server: a
// finished game's record opened from a file and stepped through offline,
// and the Leaning Towers preview checked against `stackyard leaning judge`
// (the command line is the reference) on the same scenarios. Records come
// from the stackyard binary's own simulators.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { launch, newPage, shot } from './lib/browser.mjs';
import { serverBinary } from './lib/server.mjs';
import { serveDist } from './lib/static.mjs';

const distDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

let dist;
let browser;
let work;
before(async () => {
  dist = await serveDist(distDir);
  browser = await launch();
  work = mkdtempSync(join(tmpdir(), 'stackyard-wasm-'));
});
after(async () => {
  await browser?.close();
  await dist?.stop();
  rmSync(work, { recursive: true, force: true });
});

const stackyard = (...args) => execFileSync(serverBinary(), args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** A page on the static client whose every API call fails: nothing here may need the server. */
async function offlinePage() {
  const page = await newPage(browser);
  page.apiCalls = [];
  page.fetched = [];
  page.on('request', (r) => page.fetched.push(new URL(r.url()).pathname));
  await page.route('**/api/**', (route) => {
    page.apiCalls.push(route.request().url());
    return route.abort();
  });
  return page;
}

test('a finished game replays offline from a record file, forward and back', async () => {
  const out = join(work, 'towers');
  stackyard('towers', 'tournament', '--players', 'random,random', '--games', '1', '--board', '4x4', '--seed', '3', '--out', out);
  const file = join(out, 'games', readdirSync(join(out, 'games'))[0]);
  const record = JSON.parse(readFileSync(file, 'utf8'));
  assert.ok(record.ending, 'the record is of a finished game');

  const page = await offlinePage();
  await page.goto(`${dist.url}/#/replay`);
  await page.waitForSelector('.replay-screen[data-source="none"]');
  await page.setInputFiles('[data-record-file]', file);
  await page.waitForSelector('.replay-screen[data-frame="0"][data-game="towers"]');
  const frames = Number(await page.getAttribute('.replay-screen', 'data-frames'));
  assert.equal(frames, record.actions.length + 1, 'the start and one frame per action');
  const board = () => page.$eval('.game-host', (el) => el.innerHTML);
  const start = await board();
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('.replay-screen[data-frame="1"]');
  assert.notEqual(await board(), start, 'the first move changed the board');
  // Issue 23: players are named, never "seat 0"; a record file only numbers them.
  // The move in the live table's words (the rules crate's), not notation.
  assert.match(await page.textContent('.replay-bar .where'), /Player 1 \((Black|White)\) (moved|placed|passed)\b/);
  assert.equal(await page.textContent('.replay-list li:first-child'), 'Game starts');
  await page.keyboard.press('End');
  await page.waitForSelector(`.replay-screen[data-frame="${frames - 1}"]`);
  await shot(page, 'wasm-replay-offline-last');
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector(`.replay-screen[data-frame="${frames - 2}"]`);
  await page.click('[data-step="first"]');
  await page.waitForSelector('.replay-screen[data-frame="0"]');
  assert.equal(await board(), start, 'back at the start, the start again');
  await shot(page, 'wasm-replay-offline-start');

  // A file that is not a record is answered in words, and the replay stays.
  const bad = join(work, 'bad.json');
  writeFileSync(bad, '{"game": "towers", "settings": "4x4", "seed": 1, "actions": [{"seat": 1, "action": {"type": "pass"}}]}');
  await page.setInputFiles('[data-record-file]', bad);
  await page.waitForSelector('[data-replay-error]');
  assert.match(await page.textContent('[data-replay-error]'), /bad\.json: this Towers record does not replay: action 1 was refused/);
  await shot(page, 'wasm-replay-bad-file');
  assert.deepEqual(page.apiCalls, [], 'no call reached for the server');
  // Towers needs no physics: the small module came, the full one did not.
  const wasm = page.fetched.filter((p) => p.endsWith('.wasm'));
  assert.equal(wasm.length, 1, `one module fetched: ${wasm}`);
  assert.match(wasm[0], /stackyard_rules_lite_bg-[\w-]+\.wasm$/);
  assert.deepEqual(page.errors, []);
});

// The leaning pair of large pyramids the rules tests use as foundation
// (games/leaning/tests/common), and placements on it with what those tests
// found them to do.
const LEFT = { position: [-38.595, 0, 11.019], rotation_deg: [0, 60, 0] };
const RIGHT = { position: [38.595, 0, 11.019], rotation_deg: [0, -60, 0] };
const PLACEMENTS = [
  { kind: 'pyramid-small', position: [-30.896034160356344, -31.940625, 6.287751510039813], rotation_deg: [0, 60, 90], hold: false }, // leaning on the left large: clean
  { kind: 'pyramid-medium', position: [-71.27415916035633, 0, 8.69097200554163], rotation_deg: [0, 60, 0], hold: false }, // leaning on the left large: clean
  { kind: 'pyramid-small', position: [0, 80, 7.2], rotation_deg: [90, 0, 0], hold: false }, // lying on the table: a slip (L6)
  { kind: 'pyramid-small', position: [0, 0, 60], rotation_deg: [0, 0, 0], hold: false }, // let go above the apexes
  { kind: 'pyramid-large', position: [0, 0, 60], rotation_deg: [0, 0, 0], hold: false }, // a large from above: whatever the physics says
  { kind: 'pyramid-small', position: [900, 0, 60], rotation_deg: [0, 0, 0], hold: false }, // off the playing area: refused (L5)
];
// Hand noise off: the game lets go exactly where asked, like the judge.
const QUIET = { seats: 2, hand_noise: { position_mm: 0, angle_deg: 0 } };

test('Leaning Towers\' preview question in the page agrees with `stackyard leaning judge`', async () => {
  // A record whose seat 0 builds the leaning pair by hand; its frame 1 is
  // the table the previews look at.
  const record = {
    format: 1,
    game: 'leaning',
    settings: QUIET,
    seed: 1,
    actions: [{ seat: 0, at: 0, action: { type: 'foundation', pieces: [{ size: 'large', pose: LEFT }, { size: 'large', pose: RIGHT }] } }],
  };
  const page = await offlinePage();
  await page.goto(`${dist.url}/#/replay`);
  const result = await page.evaluate(
    async ({ record, placements, settings }) => {
      const rules = await window.stackyardRules();
      const { frames } = await rules.replayRecord(record);
      const view = frames[1].view;
      const previews = [];
      for (const placement of placements) {
        const started = performance.now();
        previews.push({ preview: await rules.ask('leaning', 'preview', view, placement, settings), ms: performance.now() - started });
      }
      let refused = null;
      try {
        await rules.ask('leaning', 'preview', view, { kind: 'pyramid-tiny', position: [0, 0, 100] }, settings);
      } catch (e) {
        refused = `${e instanceof rules.RulesError ? 'RulesError' : 'other'}: ${e.message}`;
      }
      return { view, previews, refused };
    },
    { record, placements: PLACEMENTS, settings: QUIET },
  );
  assert.equal(result.view.phase.type, 'play', 'the foundation stands');
  assert.equal(result.view.pieces.length, 2);
  assert.match(result.refused, /^RulesError: the placement's kind "pyramid-tiny" is not pyramid-small/);

  const verdicts = [];
  for (const [n, placement] of PLACEMENTS.entries()) {
    const { preview } = result.previews[n];
    // The same foundation let go at the same poses, the same placement by seat 0.
    const scenario = {
      pieces: [
        { id: 'p0', kind: 'pyramid-large', ...LEFT, owner: 'neutral' },
        { id: 'p1', kind: 'pyramid-large', ...RIGHT, owner: 'neutral' },
      ],
      placement: { ...placement, owner: 0 },
      rules: QUIET,
    };
    const file = join(work, `scenario-${n}.json`);
    writeFileSync(file, JSON.stringify(scenario));
    const judged = JSON.parse(stackyard('leaning', 'judge', file));
    const what = `placement ${n} (${placement.kind} at ${placement.position.join(', ')}):\npreview ${JSON.stringify({ ...preview, poses: undefined })}\njudge   ${JSON.stringify(judged)}`;
    for (const field of ['verdict', 'rule', 'reason', 'table_corners', 'level', 'points', 'rested']) {
      assert.deepEqual(preview[field], judged[field], `${field} of ${what}`);
    }
    assert.deepEqual(preview.touching.map((id) => `p${id}`), judged.touching, `touching of ${what}`);
    assert.deepEqual(preview.disturbed.map((id) => `p${id}`), judged.disturbed, `disturbed of ${what}`);
    // The browser's WebAssembly physics and the native command line run the
    // same deterministic engine on the same world: the same rest pose.
    assert.deepEqual(preview.rest_pose, judged.rest_pose, `rest pose of ${what}`);
    assert.equal(preview.moved_mm, judged.moved_mm, `moved_mm of ${what}`);
    assert.equal(preview.poses.length, preview.piece === null ? 2 : 3, 'every piece has a pose');
    verdicts.push(preview.verdict);
  }
  assert.deepEqual(verdicts.slice(0, 3), ['clean', 'clean', 'slip'], 'the rules tests found these verdicts');
  assert.equal(verdicts[5], 'refused');
  console.log(`previews took ${result.previews.map((p) => Math.round(p.ms)).join(', ')} ms in the page (verdicts ${verdicts.join(', ')})`);
  // The same record in the replay viewer: a physics game, so the full module.
  const file = join(work, 'leaning-pair.json');
  writeFileSync(file, JSON.stringify(record));
  await page.setInputFiles('[data-record-file]', file);
  await page.waitForSelector('.replay-screen[data-game="leaning"][data-frames="2"]');
  await page.keyboard.press('End');
  await page.waitForSelector('.replay-screen[data-frame="1"]');
  await shot(page, 'wasm-replay-leaning-pair');
  assert.ok(page.fetched.some((p) => /\/stackyard_rules_bg-[\w-]+\.wasm$/.test(p)), 'the full module was fetched');
  assert.deepEqual(page.apiCalls, [], 'no call reached for the server');
  assert.deepEqual(page.errors, []);
});

test('each game lists its questions, and asking what no game answers is refused in words', async () => {
  const page = await offlinePage();
  await page.goto(`${dist.url}/#/replay`);
  const result = await page.evaluate(async () => {
    const rules = await window.stackyardRules();
    const games = await rules.ruleGames();
    const refusal = async (...args) => {
      try {
        await rules.ask(...args);
        return null;
      } catch (e) {
        return `${e instanceof rules.RulesError ? 'RulesError' : 'other'}: ${e.message}`;
      }
    };
    return {
      games,
      noGame: await refusal('chess', 'legal', {}, 0),
      noQuestion: await refusal('icetowers', 'preview', {}, 0),
      badView: await refusal('icetowers', 'legal', { nonsense: true }, 0),
      towersLegal: await refusal('towers', 'legal', {}, 0),
    };
  });
  const byName = Object.fromEntries(result.games.map((g) => [g.name, g.queries]));
  assert.deepEqual(byName.icetowers, ['legal']);
  assert.deepEqual(byName.leaning, ['preview', 'suggest']);
  // Towers answers why a tower is stuck (#49.7), and nothing else.
  assert.deepEqual(byName.towers, ['stuck']);
  assert.match(result.towersLegal, /^RulesError: Towers answers no question called "legal" \(these are: stuck\)/);
  assert.match(result.noGame, /^RulesError: no game is called "chess" \(these are: .*icetowers/);
  assert.match(result.noQuestion, /^RulesError: IceTowers answers no question called "preview" \(these are: legal\)/);
  assert.match(result.badView, /^RulesError: this is not an IceTowers view/);
  assert.deepEqual(page.apiCalls, [], 'no server needed');
});
