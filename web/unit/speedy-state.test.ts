// The Speedy Towers table's state (src/games/speedyState.ts) under every
// message the server sends it, without a browser: `show` for a welcome,
// the game starting, each step's events (ready, started, revealed, hidden,
// placed, settled with a fall, ended), an ending outside the rules, a
// replay's frame, and the player's picks, aim, keys and buttons.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Event, Hand, Placing, SeatView, TowerView, View } from '../src/wire/speedy';
import * as sp from '../src/games/speedyState';
import type { SpeedyState } from '../src/games/speedyState';

const pose = (piece: number) => ({ piece, position: [0, 0, 0] as [number, number, number], rotation_deg: [0, 0, 0] as [number, number, number] });

function towerView(id: number, x: number, pieces: TowerView['pieces'] = []): TowerView {
  return { id, foundation: { kind: 'tile', card: { suit: 'S', value: '2' } }, foundation_pose: pose(100 + id), pieces, top: null, centre_mm: [x, 0], height_mm: 6.35 };
}

const seatView = (over: Partial<SeatView> = {}): SeatView => ({ ready: true, face_down: 2, face_up: null, coins: 1, pawn: true, pieces_left: 4, ...over });

const coin7: Placing = { kind: 'coin', coin: 7, face: 'suit' };
const coin7value: Placing = { kind: 'coin', coin: 7, face: 'value' };
const pawn: Placing = { kind: 'pawn' };

/** Seat 0's pile: coin 7 fits towers 1 and 2 suit up, tower 2 value up; the pawn fits nowhere. */
function hand(over: Partial<Hand> = {}): Hand {
  return {
    seat: 0,
    face_down: [{ suit: 'M', value: '3' }],
    coins: [{ coin: 7, card: { suit: 'C', value: 'Ace' } }],
    pawn: 9,
    skips_hidden: false,
    fits: [
      { piece: coin7, towers: [1, 2] },
      { piece: coin7value, towers: [2] },
      { piece: pawn, towers: [] },
    ],
    ...over,
  };
}

/** Two seats, three towers 60 mm apart, the race under way. */
function view(over: Partial<View> = {}): View {
  return {
    viewer: { type: 'seat', seat: 0 },
    started: 1000,
    now: 5000,
    ending: null,
    towers: [towerView(0, -60), towerView(1, 0), towerView(2, 60)],
    seats: [seatView(), seatView()],
    hand: hand(),
    out_of_game: [],
    set_aside: 0,
    highest_mm: 6.35,
    max_offset_mm: 20,
    ...over,
  };
}

const player = { sends: true, seat: 0, inReplay: false };

function shown(v: View, more: Partial<Parameters<typeof sp.show>[1]> = {}): Parameters<typeof sp.show>[1] {
  return { view: v, events: [], toAct: { type: 'any_seat' }, outcome: null, ending: null, live: true, ...more };
}

/** Seat 0 at its table, shown the race (a welcome). */
function seated(v: View = view()): SpeedyState {
  return sp.show(sp.initial(player, 'placed_first'), shown(v, { live: false }), 0);
}

const keys = { fast: false, onButton: false, azimuth: 0 };

test('before the start, Ready (the button and Enter) is sent, and waiting after it', () => {
  const before = seated(view({ started: null, seats: [seatView({ ready: false }), seatView({ ready: false })] }));
  assert.ok(!sp.playing(before));
  assert.deepEqual(sp.main(before), { label: 'Ready', action: 'ready', disabled: false });
  assert.deepEqual(sp.pressMain(before).effect, { type: 'send', action: { type: 'ready' } });
  assert.deepEqual(sp.key(before, 'Enter', keys)?.effect, { type: 'send', action: { type: 'ready' } });
  // Enter on a button is the button's, not the table's.
  assert.equal(sp.key(before, 'Enter', { ...keys, onButton: true }), null);
  // A `ready` event: the view says this seat is ready; nothing is sent again.
  const ready: Event = { type: 'ready', seat: 0 };
  const waiting = sp.show(before, shown(view({ started: null, seats: [seatView(), seatView({ ready: false })] }), { events: [ready] }), 10);
  assert.equal(sp.main(waiting)?.action, 'waiting');
  assert.equal(sp.key(waiting, 'Enter', keys), null);
  // `started`: the race is on.
  const started: Event = { type: 'started', at: 1000, foundations: [] };
  const race = sp.show(waiting, shown(view(), { events: [started] }), 20);
  assert.ok(sp.playing(race));
  assert.deepEqual(sp.main(race), { label: 'Let go', action: 'place', disabled: true });
});

test('a pick aims at the first tower it fits; Let go sends the aimed pose with the take-back and recentres', () => {
  let s = sp.togglePick(seated(), coin7value);
  assert.equal(s.aim.tower, 2);
  s = sp.setOffset(s, 3.14, -50);
  // Rounded to a tenth, held within the room's limit (max_offset_mm).
  assert.deepEqual([s.aim.x, s.aim.y], [3.1, -20]);
  s = sp.turn(s, -15);
  assert.equal(s.aim.rot, 345);
  s = sp.chooseTakeBack(s, 'highest_ranked');
  assert.equal(sp.main(s)?.disabled, false);
  const r = sp.pressMain(s);
  assert.deepEqual(r.effect, {
    type: 'send',
    action: { type: 'place', piece: coin7value, tower: 2, aim: { x_mm: 3.1, y_mm: -20, rotation_deg: 345 }, take_back: 'highest_ranked' },
  });
  assert.deepEqual(r.state.aim, { tower: 2, x: 0, y: 0, rot: 345 });
  // The same pick again puts it back.
  assert.equal(sp.togglePick(s, coin7value).picked, null);
});

test('a piece is not let go over a tower it does not fit, nor by a spectator or in a replay', () => {
  const aimedWrong = sp.aimAt(sp.togglePick(seated(), coin7), 0);
  assert.ok(!sp.aimFits(aimedWrong));
  assert.deepEqual(sp.letGo(aimedWrong), { state: aimedWrong, effect: { type: 'none' } });
  assert.equal(sp.main(aimedWrong)?.disabled, true);
  for (const viewer of [{ sends: false, seat: null, inReplay: false }, { sends: false, seat: 0, inReplay: true }]) {
    let s = sp.show(sp.initial(viewer, 'placed_first'), shown(view({ hand: viewer.seat === null ? null : hand() })), 0);
    s = sp.aimAt(sp.pick(s, coin7), 1);
    assert.ok(!sp.playing(s));
    assert.equal(sp.letGo(s).effect.type, 'none');
    assert.equal(sp.key(s, 'r', keys), null);
  }
});

test('keys: N cycles the pieces that fit, F flips the coin, T the towers it fits, Esc puts it back', () => {
  let s = sp.key(seated(), 'n', keys)!.state;
  assert.deepEqual(s.picked, coin7);
  s = sp.key(s, 'n', keys)!.state;
  assert.deepEqual(s.picked, coin7value);
  // The pawn fits nowhere: N never offers it.
  s = sp.key(s, 'n', keys)!.state;
  assert.deepEqual(s.picked, coin7);
  s = sp.key(s, 'f', keys)!.state;
  assert.deepEqual(s.picked, coin7value);
  // Aimed at 2 (the value face fits only there), which the suit face fits too: the aim stays.
  s = sp.pick(s, coin7);
  assert.equal(s.aim.tower, 2);
  s = sp.key(s, 't', keys)!.state;
  assert.equal(s.aim.tower, 1);
  s = sp.key(s, 't', { ...keys, fast: true })!.state;
  assert.equal(s.aim.tower, 2);
  assert.equal(sp.key(s, 'Escape', keys)!.state.picked, null);
  assert.deepEqual(sp.key(s, 'r', keys)!.effect, { type: 'send', action: { type: 'reveal' } });
  assert.deepEqual(sp.key(s, 'h', keys)!.effect, { type: 'send', action: { type: 'hide' } });
  assert.deepEqual(sp.key(s, 'v', keys)!.effect, { type: 'resetView' });
  assert.equal(sp.key(s, 'x', keys), null);
});

test('arrows move the aim as seen on screen: with the camera turned a quarter, right is +y', () => {
  const s = sp.aimAt(sp.pick(seated(), coin7), 1);
  const right = sp.key(s, 'ArrowRight', keys)!;
  assert.equal(right.effect.type, 'aim');
  assert.deepEqual([right.state.aim.x, right.state.aim.y], [1, 0]);
  const turned = sp.key(s, 'ArrowRight', { ...keys, fast: true, azimuth: Math.PI / 2 })!.state.aim;
  assert.deepEqual([turned.x, turned.y], [0, 5]);
  assert.equal(sp.key(s, 'q', { ...keys, fast: true })!.state.aim.rot, 15);
  assert.deepEqual(sp.dragTo(s, 4, -2).aim, { tower: 1, x: 4, y: -2, rot: 0 });
  // Aiming at another tower starts from its centre; the same tower keeps the offset.
  const off = sp.setOffset(s, 5, 5);
  assert.deepEqual(sp.aimAt(off, 1).aim, off.aim);
  assert.deepEqual(sp.aimAt(off, 2).aim, { tower: 2, x: 0, y: 0, rot: 0 });
});

test('a step that places the piece in hand drops the pick; one that leaves it keeps it', () => {
  const s = sp.aimAt(sp.pick(seated(), coin7), 1);
  const placed: Event = { type: 'placed', seat: 1, piece: 3, look: { kind: 'pawn', suit: 'M' }, tower: 0, effective: null, drop: pose(3) };
  assert.deepEqual(sp.show(s, shown(view(), { events: [placed] }), 10).picked, coin7);
  const gone = sp.show(s, shown(view({ hand: hand({ coins: [], fits: [{ piece: pawn, towers: [1] }] }) })), 10);
  assert.equal(gone.picked, null);
  // A tower that is no longer there is no longer aimed.
  assert.equal(sp.show(s, shown(view({ towers: [towerView(0, -60)] })), 10).aim.tower, null);
});

test('a drop with a fall marks the tower with what fell and what was taken back, until its time', () => {
  const stacked = { piece: 5, by: 1, look: { kind: 'tile', card: { suit: 'A', value: '4' } }, effective: null, pose: pose(5) } as const;
  const s = seated(view({ towers: [towerView(0, -60), towerView(1, 0, [stacked]), towerView(2, 60)] }));
  const events: Event[] = [
    { type: 'placed', seat: 1, piece: 6, look: { kind: 'pawn', suit: 'S' }, tower: 1, effective: null, drop: pose(6) },
    { type: 'settled', time_s: 1, rested: true, moved: [], fallen: [5, 6], taken_back: 5, pawn_returned: 6 },
  ];
  const after = sp.show(s, shown(view(), { events }), 1000);
  // The taken-back piece is named as it stood before the step.
  assert.deepEqual(after.newFalls, [{ tower: 1, by: 1, fallen: 2, takenBack: 'tile Arms 4', pawnReturned: true, until: 1000 + sp.FELL_MS }]);
  assert.deepEqual(sp.fallOn(after, 1, 1000 + sp.FELL_MS - 1)?.fallen, 2);
  assert.equal(sp.fallOn(after, 1, 1000 + sp.FELL_MS), undefined);
  assert.equal(sp.fallOn(after, 0, 1000), undefined);
  // The next step has no new fall, and the badge stays until its time.
  const next = sp.show(after, shown(view()), 2000);
  assert.deepEqual(next.newFalls, []);
  assert.ok(sp.fallOn(next, 1, 2000));
  // A settle with nothing fallen, a welcome and a replay's frame mark nothing.
  const rested: Event[] = [events[0]!, { type: 'settled', time_s: 1, rested: true, moved: [], fallen: [], taken_back: null, pawn_returned: null }];
  assert.deepEqual(sp.show(s, shown(view(), { events: rested }), 1000).newFalls, []);
  assert.deepEqual(sp.show(s, shown(view(), { events, live: false }), 1000).newFalls, []);
  const replay = sp.show(sp.initial({ sends: false, seat: 0, inReplay: true }, 'placed_first'), shown(view(), { events }), 1000);
  assert.deepEqual(replay.newFalls, []);
});

test('revealed and hidden tiles: the view says what the pile holds, Hide only while the tile fits nowhere', () => {
  const tileUp = seatView({ face_up: { tile: 4, card: { suit: 'M', value: '3' } }, face_down: 1 });
  const revealed: Event = { type: 'revealed', seat: 0, tile: 4, card: { suit: 'M', value: '3' } };
  let s = sp.show(seated(), shown(view({ seats: [tileUp, seatView()], hand: hand({ fits: [{ piece: { kind: 'tile' }, towers: [0] }] }) }), { events: [revealed] }), 10);
  assert.equal(sp.me(s)?.face_up?.card.value, '3');
  s = sp.togglePick(s, { kind: 'tile' });
  assert.equal(sp.pickedName(s), 'tile Moons 3');
  assert.equal(s.aim.tower, 0);
  const hidden: Event = { type: 'hidden', seat: 0, tile: 4 };
  s = sp.show(s, shown(view(), { events: [hidden] }), 20);
  assert.equal(sp.me(s)?.face_up, null);
  assert.equal(s.picked, null);
});

/** Seat 0 resigned: the table's outcome, with no ending in the game's view. */
const resignation = { scores: [0, 1], winners: [1] };

test('the ending is said from the viewer’s side, and the table is over', () => {
  const label = (seat: number) => `Seat ${seat}`;
  const ended: Event = { type: 'ended', reason: 'pawn', winners: [0], pieces_left: [0, 3] };
  const mine = sp.show(seated(), shown(view({ ending: { reason: 'pawn', at: 9000, winners: [0] } }), { events: [ended] }), 10);
  assert.equal(sp.endWords(mine, label), 'Game over: You crowned the highest tower with a pawn.');
  assert.ok(!sp.playing(mine));
  assert.deepEqual(sp.main(mine), { label: 'Game over', action: 'over', disabled: true });
  const theirs = sp.show(seated(), shown(view({ ending: { reason: 'stuck', at: 9000, winners: [1, 0] } })), 10);
  assert.equal(sp.endWords(theirs, label), 'Game over: nobody could place any more; fewest pieces left wins: Seat 1 and you.');
  assert.equal(sp.endWords(seated(), label), null);
  // Ended at the table (a resignation): over though the view has no ending.
  const resigned = sp.show(seated(), shown(view(), { outcome: resignation }), 10);
  assert.ok(resigned.overAtTable);
  assert.ok(!sp.playing(resigned));
  assert.equal(sp.main(resigned)?.label, 'Game over');
  assert.equal(sp.key(resigned, 'r', keys), null);
  // A spectator sees it over too, with no button.
  const watching = sp.show(sp.initial({ sends: false, seat: null, inReplay: false }, 'placed_first'), shown(view({ hand: null }), { outcome: resignation }), 10);
  assert.deepEqual(sp.main(watching), { label: 'Game over', action: null, disabled: true });
});
