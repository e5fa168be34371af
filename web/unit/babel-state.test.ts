// The Tower of Babel table's state (src/games/babelState.ts) under every
// message the server sends it, without a browser: `show` for a welcome
// (with `past`) and each step's events (drew, moved, undone, ended), the
// hint answer, and the player's clicks, drags and buttons.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ToAct } from '../src/protocol';
import type { Action, Event, View } from '../src/wire/babel';
import * as b from '../src/games/babelState';
import type { BabelState } from '../src/games/babelState';

/** Four stacks; stack 4 may go onto 3 or onto 1, stack 2 onto 1. */
function view(over: Partial<View> = {}): View {
  return {
    variant: 'standard',
    line: [['S2'], ['S3'], ['M4'], ['S4', 'M5']],
    undrawn: 2,
    undrawn_tiles: ['An', 'C2'],
    legal: [
      { type: 'draw' },
      { type: 'move', from: 2, gap: 1 },
      { type: 'move', from: 4, gap: 1 },
      { type: 'move', from: 4, gap: 3 },
      { type: 'end' },
    ],
    can_undo: false,
    over: false,
    ...over,
  };
}

const mine: ToAct = { type: 'seat', seat: 0 };
const player = { sends: true, seat: 0 };

function shown(v: View, more: Partial<Parameters<typeof b.show>[1]> = {}): Parameters<typeof b.show>[1] {
  return { view: v, events: [], toAct: mine, outcome: null, ending: null, live: true, ...more };
}

function seated(v: View = view()): BabelState {
  return b.show(b.initial(player), shown(v, { live: false }));
}

test('each step’s event leaves its mark: a move on its target, a draw on the new stack, an undo on the stack back', () => {
  const moved: Event = { type: 'moved', from: 5, to: 4, tile: 'M5' };
  assert.equal(b.show(seated(), shown(view(), { events: [moved] })).lastTo, 4);
  const drew: Event = { type: 'drew', tile: 'M5' };
  assert.equal(b.show(seated(), shown(view(), { events: [drew] })).lastTo, 4);
  const undone: Event = { type: 'undone', from: 2, to: 1, count: 1 };
  assert.equal(b.show(seated(), shown(view({ can_undo: false }), { events: [undone] })).lastTo, 2);
  // A step with nothing to mark (the game ended) clears the old mark.
  const marked = b.show(seated(), shown(view(), { events: [moved] }));
  const ended: Event = { type: 'ended', stacks: 4, result: 'loss' };
  const over = b.show(marked, shown(view({ over: true, legal: [] }), { events: [ended], toAct: { type: 'nobody' } }));
  assert.equal(over.lastTo, null);
  assert.ok(!over.canAct);
});

test('a welcome marks what the last step of `past` did, not earlier ones', () => {
  const past: Event[][] = [[{ type: 'drew', tile: 'S2' }], [{ type: 'moved', from: 3, to: 2, tile: 'S3' }]];
  assert.equal(b.show(b.initial(player), shown(view(), { past, live: false })).lastTo, 2);
  assert.equal(b.show(b.initial(player), shown(view(), { past: [], live: false })).lastTo, null);
});

test('a hint answer is kept until the next view; no action and no text says no move helps', () => {
  let s = b.hint(seated(), { type: 'move', from: 4, gap: 3 }, '');
  assert.deepEqual(s.hinted, { type: 'move', from: 4, gap: 3 });
  assert.equal(s.hintText, '');
  assert.equal(b.hint(seated(), null, '').hintText, 'no move helps now');
  assert.equal(b.hint(seated(), { type: 'draw' }, 'draw: nothing fits').hintText, 'draw: nothing fits');
  s = b.show(s, shown(view(), { events: [{ type: 'drew', tile: 'An' }] }));
  assert.equal(s.hinted, null);
  assert.equal(s.hintText, '');
});

test('a stack is picked with the targets the view lists, and a target sends the move', () => {
  let s = b.click(seated(), 4).state;
  assert.equal(s.selected, 4);
  assert.deepEqual([...b.targets(s).keys()].sort(), [1, 3]);
  assert.deepEqual([...b.movable(s)].sort(), [2, 4]);
  s = b.hint(s, { type: 'draw' }, '');
  const r = b.click(s, 1);
  assert.deepEqual(r.effect, { type: 'send', action: { type: 'move', from: 4, gap: 3 } });
  // The pick and the hint go with the action.
  assert.equal(r.state.selected, null);
  assert.equal(r.state.hinted, null);
});

test('a stack without a move is not picked; the picked one clicked again is put back', () => {
  const s = seated();
  const r = b.click(s, 3);
  assert.equal(r.effect.type, 'draw');
  assert.equal(r.state.selected, null);
  const picked = b.click(s, 4).state;
  assert.equal(b.click(picked, 4).state.selected, null);
  // Another movable stack instead of a target: that one is picked.
  assert.equal(b.click(picked, 2).state.selected, 2);
});

test('a spectator, a finished game and a replay send nothing and pick nothing', () => {
  const states = [
    b.show(b.initial({ sends: false, seat: null }), shown(view())),
    b.show(b.initial(player), shown(view({ over: true }))),
    b.show(b.initial({ sends: false, seat: 0 }), shown(view())),
    b.show(b.initial(player), shown(view(), { toAct: { type: 'nobody' } })),
  ];
  for (const s of states) {
    assert.ok(!s.canAct);
    assert.deepEqual(b.click(s, 4), { state: s, effect: { type: 'none' } });
  }
});

test('a dragged stack may be dropped only on its targets, and the drop sends the move', () => {
  const s = b.drag(seated(), 4);
  assert.ok(b.mayDrop(s, 3));
  assert.ok(!b.mayDrop(s, 2));
  assert.ok(!b.mayDrop(seated(), 3));
  assert.deepEqual(b.drop(s, 3).effect, { type: 'send', action: { type: 'move', from: 4, gap: 1 } });
  assert.deepEqual(b.drop(s, 2), { state: s, effect: { type: 'none' } });
});

test('a new view drops a pick it no longer makes legal and keeps one it does', () => {
  const picked = b.click(seated(), 4).state;
  assert.equal(b.show(picked, shown(view())).selected, 4);
  const drawOnly: Action[] = [{ type: 'draw' }];
  assert.equal(b.show(picked, shown(view({ legal: drawOnly }))).selected, null);
});

test('a button’s action (draw, end, undo) is sent and clears the pick and the hint', () => {
  let s = b.click(seated(view({ can_undo: true })), 2).state;
  s = b.hint(s, null, '');
  for (const a of [{ type: 'draw' }, { type: 'end' }, { type: 'undo' }] as Action[]) {
    const r = b.send(s, a);
    assert.deepEqual(r.effect, { type: 'send', action: a });
    assert.equal(r.state.selected, null);
    assert.equal(r.state.hintText, '');
  }
});
