// The Leaning Towers table's state (src/games/leaningState.ts) under every
// message the server sends it, without a browser: `show` for a welcome and
// each step's events (placed, held, failed, passed, the game over), the
// events in the game's words arriving (yours, the others', in a replay),
// a refusal, and the player's pick, aim, suggestions and sends.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Narration } from '../src/generated/core';
import type { Event, PieceView, Pose, Suggestion, View } from '../src/wire/leaning';
import * as lt from '../src/games/leaningState';
import type { LeaningState } from '../src/games/leaningState';

const at = (x: number, y: number, z = 0): Pose => ({ position: [x, y, z], rotation_deg: [0, 0, 0] });
const piece = (id: number, pose: Pose, seat: number | null = null): PieceView => ({
  id,
  owner: seat === null ? { type: 'neutral' } : { type: 'seat', seat },
  size: 'medium',
  level: 0,
  status: 'standing',
  pose,
});

/** Two seats in the play phase, the foundation's two pieces down, seat 0 to play small or large. */
function view(over: Partial<View> = {}): View {
  return {
    viewer: { type: 'seat', seat: 0 },
    seats: 2,
    phase: { type: 'play' },
    to_act: 0,
    scores: [0, 0],
    hands: [
      { small: 2, medium: 2, large: 2 },
      { small: 2, medium: 2, large: 2 },
    ],
    out: [false, false],
    held: [null, null],
    previous_size: 'medium',
    slipped: null,
    tries: 0,
    passes: 0,
    turn: { sizes: ['small', 'large'], hold: true, release: false },
    dimensions: { pyramids_mm: [[14, 25], [20, 35], [25, 44]], table_half_mm: 300, max_height_mm: 400 },
    pieces: [piece(1, at(-10, 0)), piece(2, at(30, 20))],
    world: {} as View['world'],
    ...over,
  };
}

const player = { sends: true, seat: 0, inReplay: false };

function shown(v: View, more: Partial<Parameters<typeof lt.show>[1]> = {}): Parameters<typeof lt.show>[1] {
  return { view: v, events: [], toAct: { type: 'seat', seat: v.to_act ?? 0 }, outcome: null, ending: null, live: true, ...more };
}

function seated(v: View = view(), tutorial = false): LeaningState {
  return lt.show(lt.initial(player, tutorial), shown(v, { live: false }));
}

const suggestion = (x: number): Suggestion => ({ size: 'small', pose: at(x, 0.12345, 2), how: 'lean', target: 1, points: 2, steady: 1, shifts: 0 });
const line = (text: string, mine: boolean, rule: string | null = null): Narration => ({ text, kind: 'verdict', rule, mine });

const placed = (seat: number, pieceId: number, pose: Pose, released = false): Event => ({
  type: 'placed', seat, size: 'small', piece: pieceId, pose, level: 1, table_corners: 2, touching: [1], points: 2, released,
});
const failed = (seat: number, forfeited: boolean): Event => ({
  type: 'failed', seat, size: 'small', verdict: 'clean', slip: 'corners', disturbed: [2], points: 0, forfeited, released: false, tries: 1,
});

test('only the sizes the view offers are picked, on this seat’s turn, aimed afresh in front of the structure', () => {
  assert.equal(lt.pick(seated(), 'medium'), null);
  assert.equal(lt.pick(seated(view({ to_act: 1 })), 'small'), null);
  assert.equal(lt.pick(lt.show(lt.initial({ sends: false, seat: null, inReplay: false }, false), shown(view())), 'small'), null);
  const s = lt.pick(seated(), 'small')!;
  assert.equal(s.size, 'small');
  // x: the pieces' mean; y: 60 mm in front of the nearest.
  assert.deepEqual(s.pose, { position: [10, -60, 0.5], rotation_deg: [0, 0, 0] });
  // A size the next view no longer offers is dropped.
  assert.equal(lt.show(s, shown(view({ turn: { sizes: ['large'], hold: false, release: false } }))).size, null);
});

test('suggestions move the aim unless the player moved it; a slip tries the next one', () => {
  let s = lt.suggested(lt.pick(seated(), 'small')!, [suggestion(5), suggestion(7)]);
  // Rounded to the aim's own steps.
  assert.deepEqual(s.pose, at(5, 0.123, 2));
  assert.ok(!s.aimTouched);
  const touched = lt.nudge(lt.pick(seated(), 'small')!, 1, 0, -9);
  assert.ok(touched.aimTouched);
  assert.deepEqual(touched.pose?.position, [11, -60, 0], 'never below the table');
  assert.deepEqual(lt.suggested(touched, [suggestion(5)]).pose, touched.pose);
  s = lt.show(s, shown(view(), { events: [failed(0, false)] }));
  assert.equal(s.suggestionAt, 1);
  assert.deepEqual(s.pose, at(7, 0.123, 2));
  // Someone else's placement: the suggestions may no longer rest.
  assert.deepEqual(lt.show(s, shown(view(), { events: [placed(1, 3, at(0, 0, 40))] })).suggestions, []);
  // "Another place" past the last wraps to the first.
  assert.deepEqual(lt.useSuggestion(s, s.suggestionAt + 1).pose, at(5, 0.123, 2));
});

test('one action at a time: a send waits for the server’s next view or refusal', () => {
  const s = lt.pick(seated(), 'large')!;
  const first = lt.place(s, 'place');
  assert.deepEqual(first.action, { type: 'place', size: 'large', pose: s.pose });
  assert.ok(first.state.pending);
  assert.equal(lt.send(first.state, { type: 'pass' }).action, null);
  assert.ok(!lt.show(first.state, shown(view())).pending);
  assert.ok(!lt.refused(first.state, 'no', 'L12').pending);
  // A hold only where the view offers one; a held piece is let go instead of placed.
  assert.equal(lt.place(lt.pick(seated(view({ turn: { sizes: ['large'], hold: false, release: false } })), 'large')!, 'hold').action, null);
  assert.deepEqual(lt.placeOrRelease(seated(view({ turn: { sizes: [], hold: false, release: true } }))).action, { type: 'release' });
  assert.equal(lt.send(lt.show(lt.initial({ sends: false, seat: 0, inReplay: true }, false), shown(view())), { type: 'pass' }).action, null);
});

test('your own placement takes the piece out of hand and ends the tutorial; the piece glides in', () => {
  const s = lt.pick(seated(view(), true), 'small')!;
  assert.ok(s.tutorial);
  const after = lt.show(s, shown(view({ pieces: [...view().pieces, piece(3, at(0, 0, 30), 0)] }), { events: [placed(0, 3, at(0, 0, 30))] }));
  assert.equal(after.size, null);
  assert.equal(after.pose, null);
  assert.ok(!after.tutorial);
  // A new piece glides in from 60 mm above where it rests.
  assert.deepEqual(after.arriving.get(3), at(0, 0, 90));
  assert.equal(lt.arrived(after).arriving.size, 0);
  // A forfeited slip is out of hand too; a welcome's events glide nothing.
  assert.equal(lt.show(s, shown(view(), { events: [failed(0, true)] })).size, null);
  assert.equal(lt.show(s, shown(view(), { events: [placed(0, 3, at(0, 0, 30))], live: false })).arriving.size, 0);
  // A held piece let go glides from where it was held.
  const held = seated(view({ pieces: [...view().pieces, piece(4, at(5, 5, 20), 0)] }));
  assert.deepEqual(lt.show(held, shown(view(), { events: [placed(0, 4, at(5, 5, 10), true)] })).arriving.get(4), at(5, 5, 20));
});

test('the events in words: yours stays on top until your next, the others’ pile up under it (three at most)', () => {
  const s0 = seated();
  const mine = lt.said(s0, [placed(0, 3, at(0, 0, 30))], [line('You placed a small piece: clean, 2 points.', true, 'L10')]);
  assert.deepEqual(mine.ownVerdict, { kind: 'clean', text: 'You placed a small piece: clean, 2 points.', mine: true, rule: 'L10' });
  let s = mine;
  for (let i = 0; i < 4; i++) s = lt.said(s, [failed(1, false), { type: 'passed', seat: 1 }], [line(`B slipped ${i}`, false, 'L6'), line(`B passed ${i}`, false)]);
  assert.equal(s.ownVerdict?.text, mine.ownVerdict?.text, 'a bot’s verdicts never replace yours');
  assert.deepEqual(s.others.map((d) => d.text), ['B passed 2', 'B slipped 3', 'B passed 3']);
  assert.deepEqual(s.others.map((d) => d.kind), ['passed', 'slip', 'passed']);
  assert.equal(s.log.length, 9);
  // Your next verdict clears what the others did before it; info lines only go to the log.
  const next = lt.said(s, [{ type: 'frozen', piece: 1 }, failed(0, false)], [{ ...line('Piece 1 is frozen.', false), kind: 'info' }, line('You slipped.', true, 'L6')]);
  assert.equal(next.ownVerdict?.kind, 'slip');
  assert.deepEqual(next.others, []);
  assert.equal(next.log.at(-2)?.kind, 'info');
  assert.equal(lt.dismiss(next).ownVerdict, null);
  // Words that do not match the step's events change nothing.
  assert.equal(lt.said(s0, [failed(1, false)], []), s0);
});

test('a replay shows only the frame’s last verdict and keeps no log', () => {
  const replay = lt.show(lt.initial({ sends: false, seat: 0, inReplay: true }, true), shown(view()));
  assert.ok(!replay.tutorial);
  const s = lt.said(replay, [placed(1, 3, at(0, 0, 30)), { type: 'frozen', piece: 1 }], [line('B placed.', false), { ...line('frozen', false), kind: 'info' }]);
  assert.deepEqual(s.others.map((d) => d.text), ['B placed.']);
  assert.deepEqual(s.log, []);
});

test('a refusal is said as your verdict with its rule, and leaves the aim and the view as they were', () => {
  const s = lt.place(lt.pick(seated(), 'small')!, 'hold').state;
  const r = lt.refused(s, 'A held piece may not touch the table (L12).', 'L12');
  assert.deepEqual(r.ownVerdict, { kind: 'refused', mine: true, rule: 'L12', text: 'Refused: A held piece may not touch the table (L12). Nothing changed.' });
  assert.equal(r.log.at(-1)?.kind, 'refused');
  assert.equal(r.view, s.view);
  assert.deepEqual([r.size, r.pose], [s.size, s.pose]);
});

test('the game over: nothing is picked or sent any more', () => {
  const over = view({ phase: { type: 'over', reason: 'closed' }, to_act: null, turn: null });
  const s = lt.show(lt.pick(seated(), 'small')!, shown(over, { events: [{ type: 'closed', penalties: [0, 1] }, { type: 'game_over', reason: 'closed', scores: [4, 3] }] }));
  assert.ok(!lt.myTurn(s));
  assert.equal(s.size, null);
  assert.equal(lt.pick(s, 'small'), null);
  assert.equal(lt.place(s, 'place').action, null);
});
