// The Towers table's state (src/games/towersState.ts) under every message
// the server sends it, without a browser: the table screen's `show` for a
// welcome (with `past`), a step (live) and a replay frame, the history's
// words arriving late, the clock, and the clicks and keys of a player.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ToAct } from '../src/protocol';
import type { Block, Event, Move, View } from '../src/wire/towers';
import * as t from '../src/games/towersState';
import type { TowersState } from '../src/games/towersState';

const black: Block = { height: 1, top: 'black' };
const white: Block = { height: 1, top: 'white' };
const empty: Block = { height: 0 };

/** A 3 by 3 board, rows from row 1, Black to move in the move phase. */
function view(over: Partial<View> = {}): View {
  return {
    variant: '3x3',
    cols: 3,
    rows: 3,
    // a1 b1 c1 / a2 b2 c2 / a3 b3 c3
    blocks: [black, white, black, white, black, white, black, white, black],
    turn: 'black',
    phase: 'moves',
    utilities_left: 0,
    scores: [5, 4],
    captured: [0, 0],
    removed: 0,
    supplied: 9,
    legal: [
      { type: 'step', from: 'a1', to: 'a2' },
      { type: 'step', from: 'a1', to: 'b1' },
      { type: 'step', from: 'c3', to: 'c2' },
    ],
    over: false,
    ...over,
  };
}

const blacksTurn: ToAct = { type: 'seat', seat: 0 };
const player = { sends: true, seat: 0, inReplay: false };

function shown(v: View, more: Partial<Parameters<typeof t.show>[1]> = {}): Parameters<typeof t.show>[1] {
  return { view: v, events: [], toAct: blacksTurn, outcome: null, ending: null, live: true, ...more };
}

const played = (move: Move, by: 'black' | 'white' = 'black'): Event => ({ type: 'played', by, move });

/** Black at its table, shown the board. */
function seated(v: View = view(), now = 1000): TowersState {
  return t.show(t.initial(player), shown(v, { live: false }), now);
}

test('a welcome with past restores the last move and one move-list entry per ply (issue #49.7)', () => {
  const past: Event[][] = [
    [played({ type: 'step', from: 'a1', to: 'a2' })],
    [played({ type: 'step', from: 'b1', to: 'b2' }, 'white'), { type: 'demolished', squares: ['c3'], floors: 1 }],
    [played({ type: 'place', at: 'c1' })],
  ];
  const s = t.show(t.initial(player), shown(view(), { past, live: false }), 0);
  assert.deepEqual(s.history, ['a1-a2', 'b1-b2', '+c1']);
  assert.deepEqual(s.lastMove, { type: 'place', at: 'c1' });
  assert.equal(s.lastWords, '+c1');
  assert.ok(t.isLast(s, 'c1'));
  assert.ok(!t.isLast(s, 'a2'));
  // A reload's welcome draws no fall: those towers came down long ago.
  assert.deepEqual(s.ghosts, []);
});

test('a second welcome (a resync) replaces the move list rather than adding to it', () => {
  const past: Event[][] = [[played({ type: 'step', from: 'a1', to: 'a2' })], [played({ type: 'step', from: 'b1', to: 'b2' }, 'white')]];
  let s = t.show(t.initial(player), shown(view(), { past, live: false }), 0);
  s = t.show(s, shown(view(), { past, live: false }), 0);
  assert.equal(s.history.length, 2);
});

test('a live step after the welcome adds its move to the list and marks it last', () => {
  const past: Event[][] = [[played({ type: 'step', from: 'a1', to: 'a2' })]];
  let s = t.show(t.initial(player), shown(view(), { past, live: false }), 0);
  s = t.show(s, shown(view(), { events: [played({ type: 'step', from: 'b1', to: 'b2' }, 'white')] }), 10);
  assert.deepEqual(s.history, ['a1-a2', 'b1-b2']);
  assert.ok(t.isLast(s, 'b1') && t.isLast(s, 'b2'));
  assert.ok(!t.isLast(s, 'a2'));
});

test('in a replay the move list is the replay’s own; a frame stepped back to has no last move', () => {
  const replay = { sends: false, seat: null, inReplay: true };
  let s = t.show(t.initial(replay), shown(view(), { events: [played({ type: 'step', from: 'a1', to: 'a2' })] }), 0);
  assert.deepEqual(s.history, []);
  assert.deepEqual(s.lastMove, { type: 'step', from: 'a1', to: 'a2' });
  s = t.show(s, shown(view(), { live: false }), 0);
  assert.equal(s.lastMove, null);
});

test('a demolition leaves ghosts, as the towers stood, until their time; a tick then drops them', () => {
  const before = view({ blocks: [black, white, black, white, { height: 4, top: 'white', utility: true }, white, black, white, empty] });
  let s = seated(before);
  const after = view({ blocks: [black, white, black, white, empty, white, black, white, empty] });
  const events: Event[] = [played({ type: 'step', from: 'a1', to: 'a2' }), { type: 'demolished', squares: ['b2', 'c3'], floors: 4 }];
  s = t.show(s, shown(after, { events }), 5000);
  // c3 was empty before the move: nothing of it to draw.
  assert.deepEqual(
    s.ghosts.map((g) => [g.square, g.block.height, g.block.top, g.at, g.until]),
    [['b2', 4, 'white', 5000, 5000 + t.GONE_MS]],
  );
  assert.ok(t.ghostAt(s, 'b2'));
  assert.equal(s.wakeAt, 5000 + t.GONE_MS + 20);
  // Re-renders in between keep them.
  assert.equal(t.tick(s, 5000 + t.GONE_MS - 1), s);
  // A click meanwhile keeps them too.
  s = t.click(s, 'a1').state;
  assert.equal(s.ghosts.length, 1);
  s = t.tick(s, 5000 + t.GONE_MS);
  assert.deepEqual(s.ghosts, []);
  assert.equal(t.ghostAt(s, 'b2'), undefined);
});

test('flattened towers (T19) are ghosts too; a fall seen only in a replay stepped back is not', () => {
  const before = view({ blocks: [black, white, { height: 3, top: 'black' }, white, black, white, black, white, black] });
  const fall: Event[] = [{ type: 'flattened', squares: ['c1'], floors: 2 }];
  const live = t.show(seated(before), shown(view(), { events: fall }), 100);
  assert.equal(t.ghostAt(live, 'c1')?.block.height, 3);
  const back = t.show(seated(before), shown(view(), { events: fall, live: false }), 100);
  assert.deepEqual(back.ghosts, []);
  assert.equal(back.wakeAt, null);
});

test('a tower is picked with the targets the view lists, and a target sends the step', () => {
  let s = seated();
  const r = t.click(s, 'a1');
  assert.equal(r.effect.type, 'draw');
  s = r.state;
  assert.equal(s.selected, 'a1');
  assert.deepEqual([...t.targetsOf(s, 'a1')].sort(), ['a2', 'b1']);
  assert.deepEqual([...t.movable(s)].sort(), ['a1', 'c3']);
  const sent = t.click(s, 'b1');
  assert.deepEqual(sent.effect, { type: 'send', move: { type: 'step', from: 'a1', to: 'b1' } });
  assert.equal(sent.state.selected, null);
  assert.equal(sent.state.focus, 'b1');
});

test('clicking the picked tower again puts it back; another movable tower is picked instead', () => {
  let s = t.click(seated(), 'a1').state;
  assert.equal(t.click(s, 'a1').state.selected, null);
  s = t.click(s, 'c3').state;
  assert.equal(s.selected, 'c3');
});

test('a landing the view does not offer is still sent, for the server to refuse in words', () => {
  const s = t.click(seated(), 'a1').state;
  // c2 is White's and has no step of its own: a landing the view does not list.
  const r = t.click(s, 'c2');
  assert.deepEqual(r.effect, { type: 'send', move: { type: 'step', from: 'a1', to: 'c2' } });
  assert.equal(r.state.selected, null);
});

test('a stuck tower of the mover’s asks the rules why (T8, T9); with a pass on offer (T10) it does not', () => {
  const s = seated();
  // c1 is Black's, Black is to move, and `legal` gives it no step.
  const r = t.click(s, 'c1');
  assert.deepEqual(r.effect, { type: 'explain', square: 'c1' });
  assert.equal(r.state.selected, null);
  // White's tower, and an empty block: nothing to explain.
  assert.equal(t.click(s, 'b1').effect.type, 'draw');
  const passing = seated(view({ legal: [{ type: 'pass' }] }));
  assert.equal(t.click(passing, 'c1').effect.type, 'draw');
  assert.deepEqual(t.pass(passing).effect, { type: 'send', move: { type: 'pass' } });
  assert.equal(t.pass(s).effect.type, 'none');
});

test('a placement the view offers (T17, T18) is sent by one click', () => {
  const sprawl = view({
    phase: 'sprawl',
    blocks: [empty, empty, empty, empty, black, empty, empty, empty, empty],
    legal: [{ type: 'place', at: 'a1' }, { type: 'place', at: 'c3' }],
  });
  const s = seated(sprawl);
  assert.deepEqual(t.placement(s, 'c3'), { type: 'place', at: 'c3' });
  assert.equal(t.placement(s, 'b2'), undefined);
  assert.deepEqual(t.click(s, 'c3').effect, { type: 'send', move: { type: 'place', at: 'c3' } });
  // Not the move phase: an own tower without a move is not "stuck".
  assert.equal(t.click(s, 'b2').effect.type, 'draw');
});

test('a finished game stops clicks: over by the rules, by a resignation, or nobody to act', () => {
  const ends: Parameters<typeof t.show>[1][] = [
    shown(view({ over: true, legal: [] })),
    shown(view(), { ending: { type: 'resigned', seat: 1 } }),
    shown(view(), { toAct: { type: 'nobody' } }),
  ];
  for (const end of ends) {
    const s = t.show(seated(), end, 0);
    assert.ok(s.finished);
    assert.ok(!s.canAct);
    const r = t.click(s, 'a1');
    assert.equal(r.effect.type, 'none');
    assert.equal(r.state.selected, null);
    assert.equal(t.pass(t.show(seated(), { ...end, view: { ...end.view, legal: [{ type: 'pass' }] } }, 0)).effect.type, 'none');
    // The focus still follows the click (the board stays keyboard-usable).
    assert.equal(t.click(s, 'b3').state.focus, 'b3');
  }
});

test('the last step (played, then ended with the scores) keeps its move and stops clicks', () => {
  const events: Event[] = [played({ type: 'step', from: 'c3', to: 'c2' }), { type: 'ended', scores: [5, 4] }];
  const s = t.show(t.click(seated(), 'a1').state, shown(view({ over: true, legal: [] }), { events, toAct: { type: 'nobody' }, outcome: { scores: [5, 4], winners: [0] } }), 0);
  assert.deepEqual(s.history, ['c3-c2']);
  assert.ok(t.isLast(s, 'c2'));
  assert.ok(s.finished && !s.canAct);
  // No move is left in the view, so the pick went with it.
  assert.equal(s.selected, null);
  assert.deepEqual([...t.movable(s)], []);
});

test('a spectator, a player whose turn it is not, and a replay cannot pick a tower', () => {
  const spectator = t.show(t.initial({ sends: false, seat: null, inReplay: false }), shown(view()), 0);
  const white = t.show(t.initial({ sends: true, seat: 1, inReplay: false }), shown(view()), 0);
  const replay = t.show(t.initial({ sends: false, seat: 0, inReplay: true }), shown(view()), 0);
  for (const s of [spectator, white, replay]) {
    assert.ok(!s.canAct);
    assert.ok(!s.finished);
    assert.deepEqual(t.click(s, 'a1'), { state: { ...s, focus: 'a1' }, effect: { type: 'none' } });
  }
  // Either seat may act when the server says any seat may.
  assert.ok(t.show(t.initial({ sends: true, seat: 1, inReplay: false }), shown(view(), { toAct: { type: 'any_seat' } }), 0).canAct);
});

test('a new view drops a pick it no longer makes legal and keeps one it does', () => {
  const picked = t.click(seated(), 'a1').state;
  assert.equal(t.show(picked, shown(view()), 0).selected, 'a1');
  assert.equal(t.show(picked, shown(view({ legal: [{ type: 'step', from: 'c3', to: 'c2' }] })), 0).selected, null);
});

test('the history’s words replace the notation only for the latest step', () => {
  let s = t.show(seated(), shown(view(), { events: [played({ type: 'step', from: 'a1', to: 'a2' })] }), 0);
  const step = s.step;
  assert.equal(s.lastWords, 'a1-a2');
  const lines = [
    { kind: 'move', text: 'Black moves a1 to a2.' },
    { kind: 'fell', text: 'One tower came down.' },
  ];
  assert.equal(t.told(s, step, lines).lastWords, 'Black moves a1 to a2.');
  // No move line (the rules module could not word it): the notation stays.
  assert.equal(t.told(s, step, [{ kind: 'gap', text: '…' }]), s);
  // A later step came meanwhile: its own words will follow.
  const later = t.show(s, shown(view(), { events: [played({ type: 'step', from: 'b1', to: 'b2' }, 'white')] }), 0);
  s = t.told(later, step, lines);
  assert.equal(s, later);
  assert.equal(s.lastWords, 'b1-b2');
});

test('arrow keys move the focus within the board, and Esc puts the picked tower back', () => {
  let s = seated();
  s = t.moveFocus(s, -1, -1);
  assert.equal(s.focus, 'a1');
  s = t.moveFocus(t.moveFocus(t.moveFocus(s, 1, 0), 1, 0), 1, 1);
  assert.equal(s.focus, 'c2');
  const picked = t.click(s, 'a1').state;
  assert.equal(t.cancel(picked).selected, null);
  assert.equal(t.moveFocus(t.initial(player), 1, 0).focus, 'a1');
});
