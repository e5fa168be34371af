// The IceTowers table's state (src/games/icetowersState.ts) under every
// message the server sends it, without a browser: `show` for a welcome
// (with `past`) and each event of a step, the rules' answers to the
// table's `legal` question, the countdown to "ready", the clocks, and a
// player's clicks on towers, pieces, the panel and the bar. The legal
// lists below stand in for the rules' answers (IceTowers::legal_actions);
// nothing here checks a rule, only that the table follows the answer.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ToAct } from '../src/protocol';
import type { Action, Event, Held, SeatView, View } from '../src/wire/icetowers';
import * as it from '../src/games/icetowersState';
import type { IceState } from '../src/games/icetowersState';
import type { BrowserSeat } from '../src/games/types';

// Piece ids are colour * 15 + k: k 0-4 small, 5-9 medium, 10-14 large.
const RED_SMALL = 0;
const RED_LARGE = 10;
const RED_MEDIUM = 5;
const RED_MEDIUM_2 = 6;
const YELLOW_SMALL = 15;
const YELLOW_MEDIUM = 20;

function seat(colour: string, more: Partial<SeatView> = {}): SeatView {
  return { colour, ready: true, done: false, holding: null, score: 0, ...more };
}

/** Two seats in play: red's two free-standers (towers 1, 2), yellow's
 *  (tower 3), and tower 4 with two red mediums under a yellow one. */
function view(over: Partial<View> = {}): View {
  return {
    settings: { players: 2, ghost: false, hold_limit_ms: 10_000, game_timer_ms: null },
    now: 5000,
    next_tower: 5,
    started: 1000,
    game_deadline: null,
    towers: [
      { id: 1, pos: { x: 0, y: 0 }, pieces: [RED_SMALL] },
      { id: 2, pos: { x: 40, y: 0 }, pieces: [RED_LARGE] },
      { id: 3, pos: { x: 80, y: 0 }, pieces: [YELLOW_SMALL] },
      { id: 4, pos: { x: 0, y: 80 }, pieces: [RED_MEDIUM, RED_MEDIUM_2, YELLOW_MEDIUM] },
    ],
    seats: [seat('red'), seat('yellow')],
    ghost_score: null,
    ending: null,
    ...over,
  };
}

/** Red's answer from the rules on `view()`: the small caps tower 3, the
 *  large caps 3 or 4, and either red medium comes out of tower 4. */
const redLegal: Action[] = [
  { type: 'cap', piece: RED_SMALL, onto: 3 },
  { type: 'cap', piece: RED_LARGE, onto: 3 },
  { type: 'cap', piece: RED_LARGE, onto: 4 },
  { type: 'mine', tower: 4, piece: RED_MEDIUM },
  { type: 'mine', tower: 4, piece: RED_MEDIUM_2 },
  { type: 'done' },
];

const anySeat: ToAct = { type: 'any_seat' };
const red: BrowserSeat = { sends: true, seat: 0 };
const spectator: BrowserSeat = { sends: false, seat: null };

type ShownArg = Parameters<typeof it.show>[1];
function shown(v: View, more: Partial<ShownArg> = {}): ShownArg {
  return { view: v, events: [], toAct: anySeat, outcome: null, ending: null, live: true, ...more };
}

/** `viewer` shown `v`, the rules asked and answered with `legal`. */
function seated(v: View = view(), legal: Action[] | null = redLegal, viewer: BrowserSeat = red, now = 10_000): IceState {
  const s = it.show(it.initial(viewer), shown(v, { live: false }), now);
  const { state, ask } = it.askLegal(s);
  if (!ask || legal === null) return state;
  return it.legalAnswer(state, ask, legal);
}

const cap = (piece: number, onto: number): Action => ({ type: 'cap', piece, onto });

test('each step’s events mark the towers they made; the next step clears them', () => {
  const events: Event[] = [
    { type: 'capped', seat: 1, piece: YELLOW_SMALL, from: 3, onto: 1 },
    { type: 'split', seat: 1, tower: 4, at: 2, new_tower: 5, pos: { x: 20, y: 80 } },
    { type: 'set_down', seat: 0, piece: RED_MEDIUM, tower: 6, pos: { x: 0, y: 120 }, forced: true },
  ];
  let s = it.show(seated(), shown(view(), { events }), 20_000);
  assert.deepEqual([...s.recent], [
    [1, 'capped'],
    [5, 'split'],
    [6, 'set_down'],
  ]);
  assert.equal(s.received, 20_000);
  assert.deepEqual([...it.marked(s)].sort(), [1, 5, 6]);
  // Events that make no tower mark nothing.
  const quiet: Event[] = [
    { type: 'ready', seat: 0 },
    { type: 'started', at: 1000 },
    { type: 'mined', seat: 1, piece: YELLOW_MEDIUM, from: 4, index: 2, deadline: 15_000 },
    { type: 'done', seat: 1 },
    { type: 'undone', seat: 1 },
    { type: 'done_cleared' },
  ];
  s = it.show(s, shown(view(), { events: quiet }), 21_000);
  assert.deepEqual([...s.recent], []);
});

test('a welcome with past after a reload restores the table but marks no old step', () => {
  const past: Event[][] = [[{ type: 'ready', seat: 0 }, { type: 'ready', seat: 1 }, { type: 'started', at: 1000 }], [{ type: 'capped', seat: 0, piece: RED_SMALL, from: 1, onto: 3 }]];
  const holding: Held = { piece: RED_MEDIUM, from: 4, origin: { x: 0, y: 80 }, deadline: 9000 };
  const v = view({ seats: [seat('red', { holding }), seat('yellow', { done: true })] });
  const s = it.show(it.initial(red), shown(v, { past, live: false }), 50_000);
  assert.deepEqual([...s.recent], []);
  assert.equal(s.view, v);
  // The hold limit counts on from the welcome (I10): 4 s were left at view.now.
  assert.equal(it.heldText(s, 0, 50_000), '4.0 s');
  assert.equal(it.heldText(s, 0, 51_500), '2.5 s');
  // In play with a piece in hand: a question for the rules, and a tower click caps with it (I5).
  const { state, ask } = it.askLegal(s);
  assert.deepEqual(ask && { asked: ask.asked, seat: ask.seat }, { asked: 1, seat: 0 });
  assert.deepEqual(it.clickTower(state, 3).effect, { type: 'send', action: cap(RED_MEDIUM, 3) });
});

test('a free-stander is picked and the towers the rules list for it are its targets', () => {
  let s = seated();
  assert.equal(it.capTargets(s), null);
  const r = it.clickTower(s, 2);
  assert.equal(r.effect.type, 'draw');
  s = r.state;
  assert.equal(s.capWith, RED_LARGE);
  assert.deepEqual([...it.capTargets(s)!].sort(), [3, 4]);
  assert.deepEqual(it.towerMarks(s, s.view!.towers[2]).target, true);
  assert.deepEqual(it.towerMarks(s, s.view!.towers[0]).target, false);
  assert.ok(it.towerMarks(s, s.view!.towers[1]).picked);
  assert.deepEqual([...it.marked(s)].sort(), [3, 4]);
  assert.match(it.bar(s)!.status, /^Capping with red large/);
  const sent = it.clickTower(s, 4);
  assert.deepEqual(sent.effect, { type: 'send', action: cap(RED_LARGE, 4) });
  assert.equal(sent.state.capWith, null);
});

test('with a piece picked: itself puts it back, another of yours it cannot cap is picked instead, any other tower is sent', () => {
  const picked = it.clickTower(seated(), 1).state;
  assert.equal(it.clickTower(picked, 1).state.capWith, null);
  // The small may not cap the large by the rules' answer: the large is picked.
  const other = it.clickTower(picked, 2);
  assert.equal(other.effect.type, 'draw');
  assert.equal(other.state.capWith, RED_LARGE);
  // Tower 4 is not among the small's targets; the server refuses it in words.
  assert.deepEqual(it.clickTower(picked, 4).effect, { type: 'send', action: cap(RED_SMALL, 4) });
  // Without an answer from the rules, your other free-stander is sent too.
  const unanswered = it.clickTower(seated(view(), null), 1).state;
  assert.deepEqual(it.clickTower(unanswered, 2).effect, { type: 'send', action: cap(RED_SMALL, 2) });
});

test('the pieces under the table: smallest first, the rules say which can cap, a button picks and puts back', () => {
  const noLarge = redLegal.filter((a) => !(a.type === 'cap' && a.piece === RED_LARGE));
  let s = seated(view(), noLarge);
  assert.deepEqual(it.handPieces(s), [
    { piece: RED_SMALL, tower: 1, can: true },
    { piece: RED_LARGE, tower: 2, can: false },
  ]);
  assert.ok(!it.towerMarks(s, s.view!.towers[1]).canPick);
  assert.ok(it.towerMarks(s, s.view!.towers[0]).canPick);
  s = it.pickPiece(s, RED_SMALL).state;
  assert.equal(s.capWith, RED_SMALL);
  assert.equal(it.pickPiece(s, RED_SMALL).state.capWith, null);
});

test('the rules’ answer is for one view: a later view or a later question drops it, a failure clears the highlights', () => {
  const s = it.show(it.initial(red), shown(view(), { live: false }), 0);
  const first = it.askLegal(s);
  const second = it.askLegal(first.state);
  assert.equal(second.ask!.asked, first.ask!.asked + 1);
  // An older question answered late.
  assert.equal(it.legalAnswer(second.state, first.ask!, redLegal), second.state);
  // A new view came meanwhile.
  const moved = it.show(second.state, shown(view()), 1);
  assert.equal(it.legalAnswer(moved, second.ask!, redLegal), moved);
  const answered = it.legalAnswer(second.state, second.ask!, redLegal);
  assert.deepEqual([...answered.legal!.caps.get(RED_LARGE)!], [3, 4]);
  assert.equal(it.legalFailed(answered).legal, null);
  // The answer stays through the next view until the rules answer again.
  assert.ok(it.show(answered, shown(view()), 2).legal);
});

test('a held piece (mined, I5) caps the tower clicked; with no cap for it the bar offers set-down (I9)', () => {
  const holding: Held = { piece: RED_MEDIUM, from: 4, origin: { x: 0, y: 80 }, deadline: 15_000 };
  const v = view({ seats: [seat('red', { holding }), seat('yellow')] });
  const stuck = seated(v, [{ type: 'set_down' }]);
  const b = it.bar(stuck)!;
  assert.deepEqual([b.label, b.action, b.disabled, b.setDown], ['Done', 'done', true, true]);
  assert.equal(b.status, 'No tower takes it: set it down.');
  assert.deepEqual(it.setDown(stuck).effect, { type: 'send', action: { type: 'set_down' } });
  assert.deepEqual(it.clickTower(stuck, 1).effect, { type: 'send', action: cap(RED_MEDIUM, 1) });
  // The hand is full: no free-stander is picked, no panel acts.
  assert.equal(it.pickPiece(stuck, RED_SMALL).effect.type, 'none');
  assert.equal(it.mine(stuck, 4, RED_MEDIUM_2).effect.type, 'none');
  const capping = seated(v, [cap(RED_MEDIUM, 3)]);
  assert.equal(it.bar(capping)!.status, 'Cap a highlighted tower with it.');
  assert.deepEqual([...it.capTargets(capping)!], [3]);
  // Without a piece in hand there is nothing to set down.
  assert.equal(it.setDown(seated()).effect.type, 'none');
});

test('a tower that is no free-stander of yours opens its panel with what the rules allow there (I7, I11)', () => {
  const s = it.clickTower(seated(), 4).state;
  assert.equal(s.opened, 4);
  const p = it.panel(s)!;
  assert.equal(p.tower.id, 4);
  assert.deepEqual(
    p.rows.map((r) => [r.piece, r.mine, r.split]),
    [
      [YELLOW_MEDIUM, false, false],
      [RED_MEDIUM_2, true, false],
      [RED_MEDIUM, true, false],
    ],
  );
  assert.ok(!p.nothing);
  assert.equal(it.towerMarks(s, s.view!.towers[3]).can, 'mine');
  const taken = it.mine(s, 4, RED_MEDIUM);
  assert.deepEqual(taken.effect, { type: 'send', action: { type: 'mine', tower: 4, piece: RED_MEDIUM } });
  assert.equal(taken.state.opened, null);
  assert.equal(it.closePanel(s).opened, null);
  // Yellow's free-stander: nothing to do there by the answer (the rules' own NOTHING_HERE hint).
  assert.ok(it.panel(it.clickTower(seated(), 3).state)!.nothing);
  // A split the rules list for yellow on tower 4, between the two red mediums.
  const yellow = seated(view(), [{ type: 'split', tower: 4, at: 1 }], { sends: true, seat: 1 });
  const ys = it.clickTower(yellow, 4).state;
  assert.deepEqual(it.panel(ys)!.rows.map((r) => r.split), [false, true, false]);
  assert.deepEqual(it.split(ys, 4, 1).effect, { type: 'send', action: { type: 'split', tower: 4, at: 1 } });
});

test('none of your pyramids can cap: the bar says what is left, and Done ends the game (issue #49, I13)', () => {
  const mines: Action[] = [{ type: 'mine', tower: 4, piece: RED_MEDIUM }, { type: 'done' }];
  let b = it.bar(seated(view(), mines))!;
  assert.equal(b.plays, 'no-cap');
  assert.equal(b.status, 'None of your pyramids can cap now: click a tower outlined in orange to take one of yours out, or press Done if you have finished.');
  const othersDone = view({ seats: [seat('red'), seat('yellow', { done: true })] });
  assert.match(it.bar(seated(othersDone, mines))!.status, /or press Done to end the game\.$/);
  const nothing = seated(othersDone, [{ type: 'done' }]);
  b = it.bar(nothing)!;
  assert.deepEqual([b.plays, b.status, b.action, b.disabled], ['none', 'No plays left: press Done to end the game.', 'done', false]);
  assert.deepEqual(it.pressMain(nothing).effect, { type: 'send', action: { type: 'done' } });
  assert.equal(it.bar(seated(view(), [{ type: 'done' }]))!.status, 'No plays left for now: press Done; the game ends when everyone is done.');
  // A cap left: the usual line; no answer yet: the usual line, unmarked.
  assert.equal(it.bar(seated())!.plays, 'cap');
  assert.deepEqual([it.bar(seated(view(), null))!.plays, it.bar(seated(view(), null))!.status], ['', 'Pick one of your pyramids, then a tower to cap.']);
});

test('Done said: the bar offers to take it back; done_cleared brings Done back (I12)', () => {
  const done = seated(view({ seats: [seat('red', { done: true }), seat('yellow')] }));
  assert.deepEqual([it.bar(done)!.label, it.bar(done)!.action], ['Undo “done”', 'undone']);
  assert.deepEqual(it.pressMain(done).effect, { type: 'send', action: { type: 'undone' } });
  const cleared = it.show(done, shown(view(), { events: [{ type: 'done_cleared' }] }), 0);
  assert.equal(it.bar(cleared)!.action, 'done');
});

test('Ready counts down three seconds, then sends ready once; the start stops a countdown (I4)', () => {
  const before = view({ started: null, seats: [seat('red', { ready: false }), seat('yellow', { ready: false })] });
  let s = seated(before);
  // Not started: no question to the rules, no highlights.
  assert.equal(it.askLegal(s).ask, null);
  assert.deepEqual([it.bar(s)!.label, it.bar(s)!.action], ['Ready', 'ready']);
  const r = it.pressMain(s);
  assert.equal(r.effect.type, 'countdown');
  s = r.state;
  assert.equal(it.pressMain(s).effect.type, 'none');
  const drawn: string[] = [];
  for (;;) {
    const t = it.countdownTick(s);
    s = t.state;
    if (t.effect.type === 'send') {
      assert.deepEqual(t.effect.action, { type: 'ready' });
      break;
    }
    assert.equal(t.effect.type, 'draw');
    drawn.push(it.bar(s)!.label);
    s = it.countedDown(s);
  }
  assert.deepEqual(drawn, ['Starting in 3…', 'Starting in 2…', 'Starting in 1…']);
  assert.equal(s.countdown, null);
  assert.equal(it.countdownTick(s).effect.type, 'none');
  // Ready sent and seen: waiting for the others.
  const waiting = it.show(s, shown(view({ started: null, seats: [seat('red'), seat('yellow', { ready: false })] })), 0);
  assert.deepEqual([it.bar(waiting)!.action, it.bar(waiting)!.disabled], ['waiting', true]);
  // Everyone else was ready first: the view says started and the countdown stops.
  const counting = it.pressMain(seated(before)).state;
  assert.equal(it.show(counting, shown(before), 0).countdown, 3);
  assert.equal(it.show(counting, shown(view(), { events: [{ type: 'started', at: 1000 }] }), 0).countdown, null);
});

test('a spectator cannot act: the panel only shows, nothing is sent, the rules are not asked', () => {
  const s = seated(view(), redLegal, spectator);
  assert.equal(s.legal, null);
  assert.equal(it.askLegal(s).ask, null);
  assert.ok(!it.playing(s));
  const b = it.bar(s)!;
  assert.deepEqual([b.label, b.action, b.disabled, b.setDown, b.status], ['Watching', 'none', true, false, 'Watching: every action appears live.']);
  const r = it.clickTower(s, 1);
  assert.equal(r.effect.type, 'draw');
  assert.equal(r.state.opened, 1);
  assert.equal(r.state.capWith, null);
  assert.ok(!it.panel(r.state)!.rows.some((row) => row.mine || row.split));
  for (const x of [it.pressMain(s), it.pickPiece(s, RED_SMALL), it.mine(r.state, 4, RED_MEDIUM), it.split(r.state, 4, 1), it.setDown(s)]) {
    assert.equal(x.effect.type, 'none');
  }
  assert.deepEqual(it.handPieces(s), []);
  assert.equal(it.bar(seated(view({ started: null }), null, spectator))!.label, 'Waiting');
  // A replay shows a seat's game but sends nothing: no question, no pick.
  const replay = seated(view(), redLegal, { sends: false, seat: 0 });
  assert.equal(it.askLegal(replay).ask, null);
  assert.ok(!it.playing(replay));
  assert.equal(it.clickTower(replay, 1).state.capWith, null);
  assert.equal(it.pressMain(replay).effect.type, 'none');
});

test('no turns (I4): two seats on one view may both act, whatever toAct says', () => {
  const v = view();
  const a = it.show(it.initial(red), shown(v, { toAct: { type: 'seat', seat: 1 } }), 0);
  const b = it.show(it.initial({ sends: true, seat: 1 }), shown(v, { toAct: { type: 'seat', seat: 0 } }), 0);
  assert.ok(it.playing(a) && it.playing(b));
  assert.ok(it.askLegal(a).ask && it.askLegal(b).ask);
  assert.equal(it.clickTower(a, 1).state.capWith, RED_SMALL);
  assert.equal(it.clickTower(b, 3).state.capWith, YELLOW_SMALL);
});

test('a finished game (ended, I13) stops clicks and the clocks; the picked piece goes with the answer', () => {
  const picked = it.clickTower(seated(), 1).state;
  const ended: Event[] = [
    { type: 'done', seat: 1 },
    { type: 'ended', reason: 'all_done', scores: [4, 3], ghost: null },
  ];
  const over = view({ ending: { reason: 'all_done', at: 6000 }, game_deadline: 60_000 });
  let s = it.show(picked, shown(over, { events: ended, toAct: { type: 'nobody' }, outcome: { scores: [4, 3], winners: [0] } }), 0);
  assert.ok(s.finished);
  assert.ok(!it.playing(s));
  assert.ok(!it.ticking(s));
  const { state, ask } = it.askLegal(s);
  assert.equal(ask, null);
  assert.equal(state.legal, null);
  s = state;
  assert.deepEqual([it.bar(s)!.label, it.bar(s)!.action, it.bar(s)!.disabled], ['Game over', 'over', true]);
  assert.equal(it.pressMain(s).effect.type, 'none');
  // A tower click shows what the tower holds; it never caps.
  const r = it.clickTower(s, 3);
  assert.equal(r.effect.type, 'draw');
  assert.equal(r.state.opened, 3);
  assert.ok(!it.panel(r.state)!.rows.some((row) => row.mine || row.split));
  assert.equal(it.pickPiece(s, RED_SMALL).effect.type, 'none');
});

test('a new view drops a pick whose piece was capped meanwhile and a panel whose tower went (I4)', () => {
  const picked = it.clickTower(seated(), 1).state;
  const opened = it.clickTower(seated(), 4).state;
  const capped = view({ towers: [{ id: 2, pos: { x: 40, y: 0 }, pieces: [RED_LARGE, RED_SMALL] }, { id: 3, pos: { x: 80, y: 0 }, pieces: [YELLOW_SMALL] }] });
  const e: Event[] = [{ type: 'capped', seat: 0, piece: RED_SMALL, from: 1, onto: 2 }];
  assert.equal(it.show(picked, shown(capped, { events: e }), 0).capWith, null);
  assert.equal(it.show(opened, shown(capped, { events: e }), 0).opened, null);
  // Both survive a view that keeps them.
  assert.equal(it.show(picked, shown(view()), 0).capWith, RED_SMALL);
  assert.equal(it.show(opened, shown(view()), 0).opened, 4);
  // A tower id no view holds is no click at all.
  assert.deepEqual(it.clickTower(picked, 99), { state: picked, effect: { type: 'none' } });
});

test('the clocks count on from the view’s time with the time passed in, and stop at zero (I10, I13c)', () => {
  const holding: Held = { piece: YELLOW_MEDIUM, from: 4, origin: { x: 0, y: 80 }, deadline: 7000 };
  const v = view({ now: 5000, game_deadline: 65_000, seats: [seat('red'), seat('yellow', { holding })] });
  const s = it.show(it.initial(red), shown(v), 100_000);
  assert.equal(it.heldText(s, 1, 100_000), '2.0 s');
  assert.equal(it.heldText(s, 1, 100_750), '1.3 s');
  assert.equal(it.heldText(s, 1, 110_000), '0.0 s');
  assert.equal(it.heldText(s, 0, 100_000), null);
  assert.equal(it.gameTimeText(s, 100_000), '60');
  assert.equal(it.gameTimeText(s, 130_000), '30');
  assert.equal(it.gameTimeText(s, 500_000), '0');
  assert.ok(it.ticking(s));
  assert.equal(it.gameTimeText(it.show(s, shown(view()), 0), 0), null);
});

test('with the ghost (I14), its free-standers are pieces to cap with too, named white', () => {
  const GHOST_SMALL = 30; // colour 2, after the two seats
  const v = view({ settings: { players: 2, ghost: true, hold_limit_ms: 10_000, game_timer_ms: null }, ghost_score: 0, towers: [...view().towers, { id: 5, pos: { x: 120, y: 0 }, pieces: [GHOST_SMALL] }] });
  const s = seated(v, [cap(GHOST_SMALL, 3)]);
  assert.deepEqual(it.colours(s), ['red', 'yellow', 'white']);
  assert.equal(it.colourOf(s, GHOST_SMALL), 'white');
  assert.ok(it.handPieces(s).some((p) => p.piece === GHOST_SMALL && p.can));
  assert.equal(it.clickTower(s, 5).state.capWith, GHOST_SMALL);
  // Without the ghost, the same piece is nobody's to pick.
  assert.equal(it.clickTower(seated(view({ towers: v.towers })), 5).state.opened, 5);
});
