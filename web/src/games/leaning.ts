// Leaning Towers: the 3-D table (three.js, loaded with it), the aim, and
// the server's verdicts. Pick a size the view allows (view.turn: the rules
// decide, never this file), move and turn the aimed piece with the gizmo or
// the keys, then place or hold it; the server's physics judges it and the
// table shows the verdict (clean, slip, break, wreck, or refused with the
// rule id), the points and the scores. Other seats' pieces glide in from
// the server's events.
//
// "Where would it rest?" needs the physics. This file never simulates: it
// shows the aim as the aim, and asks the one hook in leaningPreview.ts (a
// judge preview, the rules crate compiled to WebAssembly, once plugged in).
//
// What the table keeps and how each message changes it (the server's
// views, their events in words, refusals, the aim, the suggestions) is
// leaningState.ts; this file draws it, sends, and asks the rules.

import { h, replace } from '../ui/dom';
import type { Action, Event, PieceView, Pose, Settings, Size, View } from '../wire/leaning';
import { SIZES } from '../wire/leaning';
import type { Narration } from '../generated/core';
import type { GameContext, GameUi, Shown } from './types';
import type { Leaning3d, PieceLook } from './leaning3d';
import { leaningPreview, setLeaningPreview, suggestLeaning, wasmPreview, type PlaceAction, type PreviewShown } from './leaningPreview';
import * as table from './leaningState';
import type { LeaningState, VerdictLine } from './leaningState';

const TUTORIAL_KEY = 'stackyard.leaning.tutorial';

// The table's preview is the rules' own, compiled to WebAssembly; it loads on
// the first aim (a test may plug in another, or none, before that).
if (!leaningPreview()) setLeaningPreview(wasmPreview);

/** Okabe–Ito hues, then black and white: each with a pattern and a letter too. */
const SEAT_FILLS = ['#e69f00', '#56b4e9', '#009e73', '#f0e442', '#0072b2', '#d55e00', '#cc79a7', '#222222', '#f7f7f7', '#8c6d46'];
const SEAT_INKS = ['#000000', '#000000', '#ffffff', '#000000', '#ffffff', '#000000', '#000000', '#ffffff', '#000000', '#ffffff'];
const NEUTRAL: PieceLook = { fill: '#b9b2a4', ink: '#3d3a33', pattern: 0, letter: '' };

export function seatLook(seat: number): PieceLook {
  return {
    fill: SEAT_FILLS[seat % SEAT_FILLS.length],
    ink: SEAT_INKS[seat % SEAT_INKS.length],
    pattern: seat % 5,
    letter: String.fromCharCode(65 + seat),
  };
}

/** The nudge buttons: key, label, what it does. */
const NUDGES: [string, string, string][] = [
  ['ArrowLeft', '←', 'left 5 mm (←)'],
  ['ArrowRight', '→', 'right 5 mm (→)'],
  ['ArrowUp', '↑', 'away 5 mm (↑)'],
  ['ArrowDown', '↓', 'nearer 5 mm (↓)'],
  ['PageUp', 'up', 'up 5 mm (PgUp)'],
  ['PageDown', 'down', 'down 5 mm (PgDn)'],
  ['q', 'x+', 'turn +5° about x (Q)'],
  ['a', 'x−', 'turn −5° about x (A)'],
  ['w', 'y+', 'turn +5° about y (W)'],
  ['s', 'y−', 'turn −5° about y (S)'],
  ['e', 'z+', 'turn +5° about z (E)'],
  ['d', 'z−', 'turn −5° about z (D)'],
  ['g', 'to table', 'down until the lowest corner is 0.1 mm above the table (G)'],
];

const SIZE_KEY: Record<string, Size> = { '1': 'small', '2': 'medium', '3': 'large' };
const ruleLink = (rule: string | null | undefined) =>
  rule ? [' ', h('a', { href: `#/rules/leaning/${rule}`, class: 'rule-link', 'data-rule': rule }, 'the rule')] : null;

export function leaningUi(ctx: GameContext<Action>): GameUi<View, Event, Action> {
  const host = h('div', { class: 'lt-host', tabindex: 0, 'aria-label': 'Leaning Towers table: keys nudge the aimed piece' });
  const loading = h('p', { class: 'muted lt-loading' }, 'Loading the 3-D table…');
  host.append(loading);
  const controls = h('div', { class: 'lt-controls' });
  const aimEl = h('div', { class: 'lt-aim' });
  // The verdicts, built once and changed in place (the dismiss button is
  // never rebuilt under a finger): your own on top, kept until you dismiss
  // it or your next one replaces it (issue 49: a bot moving at once used to
  // replace it within a third of a second); below it what the others did
  // since.
  const verdictEl = h('div', { class: 'lt-verdict', role: 'status', 'aria-live': 'polite' });
  const ownText = h('span', { class: 'lt-v-text' });
  const dismissBtn = h('button', { type: 'button', class: 'lt-dismiss', 'data-action': 'dismiss-verdict', title: 'Dismiss your verdict', 'aria-label': 'Dismiss your verdict' }, '×');
  const ownEl = h('p', { class: 'lt-v', 'data-testid': 'lt-verdict-mine', hidden: true }, ownText, dismissBtn);
  const othersEl = h('div', { class: 'lt-v-others', 'data-testid': 'lt-verdict-others' });
  verdictEl.append(ownEl, othersEl);
  const seatsEl = h('div', { class: 'lt-seats' });
  const logEl = h('ol', { class: 'lt-log', reversed: true });
  // No heading over an empty list (before anything happened).
  const latestEl = h('h3', { hidden: true }, 'Latest');
  const keysEl = h(
    'details',
    { class: 'lt-keys' },
    h('summary', {}, 'Keys'),
    h(
      'ul',
      {},
      h('li', {}, h('kbd', {}, '1'), ' ', h('kbd', {}, '2'), ' ', h('kbd', {}, '3'), ' pick small, medium, large'),
      h('li', {}, h('kbd', {}, '←'), h('kbd', {}, '→'), h('kbd', {}, '↑'), h('kbd', {}, '↓'), ' move across the table (↑ away from you), ', h('kbd', {}, 'PgUp'), h('kbd', {}, 'PgDn'), ' up and down: 5 mm'),
      h('li', {}, h('kbd', {}, 'Q'), h('kbd', {}, 'A'), ' turn about x, ', h('kbd', {}, 'W'), h('kbd', {}, 'S'), ' about y, ', h('kbd', {}, 'E'), h('kbd', {}, 'D'), ' about z: 5°'),
      h('li', {}, 'hold ', h('kbd', {}, 'Shift'), ' for fine steps (0.5 mm, 0.5°)'),
      h('li', {}, h('kbd', {}, 'G'), ' down until its lowest corner is 0.1 mm above the table'),
      h('li', {}, h('kbd', {}, 'T'), ' gizmo moves, ', h('kbd', {}, 'R'), ' gizmo turns; ', h('kbd', {}, 'Esc'), ' aim afresh'),
      h('li', {}, h('kbd', {}, 'Enter'), ' place, ', h('kbd', {}, 'H'), ' hold, ', h('kbd', {}, 'P'), ' pass'),
    ),
  );
  host.dataset.testid = 'table';
  host.dataset.fill = 'true';
  // The main action, one button never rebuilt: Place, Let go (a held
  // piece, L12), or Build the foundation (L4).
  const mainBtn = h('button', { type: 'button', class: 'primary lt-main-action', 'data-testid': 'main-action', 'aria-keyshortcuts': 'Enter' }, 'Place');
  // The player's pieces: the sizes the rules allow now (view.turn.sizes).
  const handEl = h('span', { class: 'lt-sizes', role: 'group', 'aria-label': 'piece size', 'data-testid': 'hand' });
  const turnEl = h('span', { class: 'lt-turn', role: 'status' });
  const suggestEl = h('div', { class: 'lt-suggest' });
  const tutorialEl = h('div', { class: 'lt-tutorial', hidden: true, 'data-tutorial': 'true', role: 'note' });
  const bar = h('div', { class: 'lt-bar' }, turnEl, handEl, mainBtn);
  const stage = h('div', { class: 'lt-stage' }, host, tutorialEl);
  const root = h(
    'div',
    { class: 'lt' },
    bar,
    controls,
    // The verdict right under the table, its rule one click away.
    h('div', { class: 'lt-main' }, stage, verdictEl, suggestEl, aimEl),
    // A replay keeps its own list of actions and takes no keys.
    h('div', { class: 'lt-side' }, seatsEl, ctx.inReplay ? null : [keysEl, latestEl, logEl]),
  );

  let three: Leaning3d | null = null;
  let destroyed = false;
  let mode: 'translate' | 'rotate' = 'translate';
  let state: LeaningState = table.initial({ sends: ctx.act !== null, seat: ctx.seat, inReplay: ctx.inReplay }, localStorage.getItem(TUTORIAL_KEY) !== 'done');
  let previewShown: PreviewShown | null = null;
  let previewTimer: number | undefined;
  let previewAsked = 0;
  let suggesting = false;
  let suggestAsked = 0;

  // The table's own settings (tolerances, tries), as the server sent them.
  const given = (ctx.settings ?? {}) as Partial<Settings>;
  /** "try 2 of 3" (the table's `max_tries`). */
  const tryOf = (n: number) => (given.max_tries !== undefined ? `try ${n} of ${given.max_tries}` : `try ${n}`);
  const seatName = (seat: number) => `${String.fromCharCode(65 + seat)} · ${ctx.seatLabel(seat)}`;
  const myTurn = () => table.myTurn(state);
  const allowed = (z: Size) => table.allowed(state, z);
  const lookOf = (p: PieceView): PieceLook => (p.owner.type === 'seat' ? seatLook(p.owner.seat) : NEUTRAL);

  void import('./leaning3d').then(({ createLeaning3d }) => {
    if (destroyed) return;
    loading.remove();
    three = createLeaning3d(host, (p) => {
      state = table.aimed(state, p);
      aimChanged(false);
    });
    three.setMode(mode);
    render();
  });

  function send(a: Action): void {
    sent(table.send(state, a));
  }

  function sent(r: table.Sent): void {
    state = r.state;
    if (!r.action) return;
    ctx.act?.(r.action);
    render();
  }

  function pick(z: Size): void {
    const changed = state.size !== z;
    const next = table.pick(state, z);
    if (!next) return;
    state = next;
    aimChanged(true);
    renderControls();
    host.focus({ preventScroll: true });
    if (changed || !state.suggestions.length) void askSuggestions();
  }

  /** Asks the rules for resting poses for the picked size; the aim jumps to the first. */
  async function askSuggestions(near = state.near): Promise<void> {
    const v = state.view;
    const z = state.size;
    if (!v || !z || !myTurn() || ctx.inReplay) return;
    const asked = ++suggestAsked;
    suggesting = true;
    state = table.suggesting(state, near);
    renderSuggest();
    try {
      const list = await suggestLeaning(v, { size: z, near, max: 4, budget: 40 }, ctx.settings);
      if (asked !== suggestAsked || v !== state.view || state.size !== z) return;
      const touched = state.aimTouched;
      state = table.suggested(state, list);
      if (list.length && !touched) suggestionUsed();
    } catch {
      // No rules module here: the aim stays the player's own.
      if (asked === suggestAsked) state = table.suggesting(state);
    } finally {
      if (asked === suggestAsked) {
        suggesting = false;
        renderSuggest();
      }
    }
  }

  function useSuggestion(i: number): void {
    if (!state.suggestions.length) return;
    state = table.useSuggestion(state, i);
    suggestionUsed();
  }

  /** The aim went to a suggestion: the preview then judges exactly that pose. */
  function suggestionUsed(): void {
    aimChanged(true);
    renderSuggest();
  }

  function renderSuggest(): void {
    const v = state.view;
    const { suggestions, suggestionAt, aimTouched, near } = state;
    if (!v || !myTurn() || v.phase.type !== 'play' || v.turn?.release || !state.size) {
      replace(suggestEl);
      renderTutorial();
      return;
    }
    const sg = suggestions[suggestionAt];
    const standing = v.pieces.filter((p) => p.status === 'standing' || p.status === 'held');
    replace(
      suggestEl,
      suggesting
        ? h('span', { class: 'muted', 'data-suggest': 'busy' }, 'Finding a place where it rests…')
        : sg
          ? h(
              'span',
              { 'data-suggest': suggestionAt },
              h('b', {}, `Place ${suggestionAt + 1} of ${suggestions.length}`),
              `: ${sg.how === 'lean' ? 'leaning on' : 'resting on'} piece ${sg.target}, about ${sg.points} point${sg.points === 1 ? '' : 's'}. `,
            )
          : h('span', { class: 'muted', 'data-suggest': 'none' }, 'No resting place found nearby: lean it on a piece by hand (at most two corners on the table). '),
      sg && aimTouched ? h('button', { type: 'button', 'data-action': 'use-suggestion', onclick: () => useSuggestion(suggestionAt) }, 'Back to this place') : null,
      suggestions.length > 1 ? h('button', { type: 'button', 'data-action': 'next-suggestion', onclick: () => useSuggestion(suggestionAt + 1) }, 'Another place') : null,
      standing.length > 1
        ? h(
            'label',
            { class: 'lt-near' },
            ' next to ',
            h(
              'select',
              {
                name: 'near',
                onchange: ((e: globalThis.Event) => {
                  const val = (e.target as HTMLSelectElement).value;
                  void askSuggestions(val === '' ? null : Number(val));
                }) as EventListener,
              },
              h('option', { value: '', selected: near === null }, 'any piece'),
              standing.map((p) => h('option', { value: p.id, selected: near === p.id }, `piece ${p.id}`)),
            ),
          )
        : null,
    );
    renderTutorial();
  }

  /** Three steps for the first placement; each goes when it is done. */
  function renderTutorial(): void {
    const v = state.view;
    const show = state.tutorial && v !== null && myTurn() && v.phase.type === 'play' && !v.turn?.release;
    tutorialEl.hidden = !show;
    if (!show) return;
    const step = !state.size ? 1 : suggesting ? 2 : 3;
    replace(
      tutorialEl,
      h('b', {}, `First placement · step ${step} of 3`),
      h(
        'p',
        {},
        step === 1
          ? 'Pick a size: small, medium or large. A piece must lean on or rest on others: at most two corners on the table, touching no more pieces than its dots.'
          : step === 2
            ? 'The rules are looking for places where it rests…'
            : 'The piece is aimed at a place that rests (green ghost: where it ends). Try “Another place”, drag the arrows to adjust, then press Place.',
      ),
      h('button', { type: 'button', class: 'link', 'data-action': 'skip-tutorial', onclick: () => endTutorial() }, 'Got it'),
    );
  }

  function endTutorial(): void {
    state = table.endTutorial(state);
    localStorage.setItem(TUTORIAL_KEY, 'done');
    tutorialEl.hidden = true;
  }

  /** The aim moved (from the keys, the inputs or the gizmo). */
  function aimChanged(redrawGhost: boolean): void {
    previewShown = null;
    three?.rest(null);
    if (redrawGhost) renderAimGhost();
    renderAim();
    schedulePreview();
  }

  function schedulePreview(): void {
    clearTimeout(previewTimer);
    const fn = leaningPreview();
    const { view: v, size, pose } = state;
    if (!fn || !v || !size || !pose || !myTurn()) return;
    const asked = ++previewAsked;
    const placement: PlaceAction = { type: 'place', size, pose };
    previewTimer = window.setTimeout(() => {
      fn(v, placement, ctx.settings)
        .then((p) => {
          if (asked !== previewAsked) return; // the aim moved on
          previewShown = p;
          three?.rest(p.rest_pose);
          renderAim();
        })
        .catch(() => {});
    }, 250);
  }

  function nudge(dx: number, dy: number, dz: number): void {
    if (!state.pose) return;
    state = table.nudge(state, dx, dy, dz);
    aimChanged(true);
  }

  function turn(axis: 0 | 1 | 2, deg: number): void {
    if (!state.pose || !three) return;
    state = table.aimed(state, three.turned(state.pose, axis, deg));
    aimChanged(true);
  }

  function downToTable(): void {
    const { pose, size } = state;
    if (!pose || !size || !three) return;
    const low = three.lowest(size, pose);
    nudge(0, 0, 0.1 - low);
  }

  /** One key's command (also the nudge buttons'); false when `key` means nothing. */
  function command(key: string, fine: boolean): boolean {
    const step = fine ? 0.5 : 5;
    const arrows: Record<string, [number, number]> = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (SIZE_KEY[key]) pick(SIZE_KEY[key]);
    else if (key in arrows) {
      if (!state.pose) return true;
      // ↑ moves away from the viewer along the table axis closest to the
      // view direction; ← → sideways.
      const f = three?.forward() ?? { axis: 1, sign: 1 };
      const [side, ahead] = arrows[key];
      const fwd = [0, 0];
      fwd[f.axis] = f.sign;
      const right = [fwd[1], -fwd[0]];
      nudge(step * (ahead * fwd[0] + side * right[0]), step * (ahead * fwd[1] + side * right[1]), 0);
    } else if (key === 'PageUp') nudge(0, 0, step);
    else if (key === 'PageDown') nudge(0, 0, -step);
    else if (key === 'q' || key === 'a') turn(0, key === 'q' ? step : -step);
    else if (key === 'w' || key === 's') turn(1, key === 'w' ? step : -step);
    else if (key === 'e' || key === 'd') turn(2, key === 'e' ? step : -step);
    else if (key === 'g') downToTable();
    else if (key === 't' || key === 'r') setMode(key === 't' ? 'translate' : 'rotate');
    else if (key === 'Escape') {
      if (state.size) {
        state = table.aimAfresh(state);
        aimChanged(true);
      }
    } else if (key === 'Enter') sent(table.placeOrRelease(state));
    else if (key === 'h') act('hold');
    else if (key === 'p') send({ type: 'pass' });
    else return false;
    return true;
  }

  function onKey(e: KeyboardEvent): void {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement) return;
    if (e.target instanceof HTMLButtonElement && (e.key === 'Enter' || e.key === ' ')) return; // the button's own click
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (!myTurn()) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (command(key, e.shiftKey)) e.preventDefault();
  }
  root.addEventListener('keydown', onKey as EventListener);

  function setMode(m: 'translate' | 'rotate'): void {
    mode = m;
    three?.setMode(m);
    renderControls();
  }

  function act(kind: 'place' | 'hold'): void {
    sent(table.place(state, kind));
  }

  function renderAimGhost(): void {
    if (!three) return;
    const { size, pose } = state;
    if (myTurn() && size && pose && ctx.seat !== null) three.aim({ size, pose, look: seatLook(ctx.seat) });
    else three.aim(null);
  }

  function numberInput(label: string, value: number, set: (v: number) => void): HTMLElement {
    const input = h('input', {
      type: 'number',
      step: 'any',
      value: String(value),
      'aria-label': label,
      name: label,
      onchange: ((e: globalThis.Event) => {
        const v = Number((e.target as HTMLInputElement).value);
        if (Number.isFinite(v)) set(v);
      }) as EventListener,
    });
    return h('label', {}, h('span', {}, label), input);
  }

  function renderAim(): void {
    const { view, size, pose } = state;
    if (!view || !myTurn() || view.phase.type !== 'play' || !size || !pose) {
      replace(aimEl);
      return;
    }
    const p = pose;
    const setPos = (i: number) => (v: number) => {
      const position = [...p.position] as Pose['position'];
      position[i] = v;
      state = table.aimed(state, { ...p, position });
      aimChanged(true);
    };
    const setRot = (i: number) => (v: number) => {
      const rotation_deg = [...p.rotation_deg] as Pose['rotation_deg'];
      rotation_deg[i] = v;
      state = table.aimed(state, { ...p, rotation_deg });
      aimChanged(true);
    };
    const fix = (v: number) => Number(v.toFixed(2));
    const preview = previewShown;
    replace(
      aimEl,
      h(
        'p',
        { class: 'lt-aim-note', 'data-aim': preview ? 'preview' : 'aim' },
        preview
          ? preview.verdict === 'refused'
            ? h('span', {}, h('b', {}, 'Preview'), `: refused: ${preview.reason ?? 'not allowed.'}`, ruleLink(preview.rule))
            : h('span', {}, h('b', {}, 'Preview'), ` (simulated here without hand noise; the server decides): ${preview.verdict}${preview.reason ? ` (${preview.reason})` : ''}, green ghost where it would rest`, preview.verdict === 'clean' ? `, ${preview.points} point${preview.points === 1 ? '' : 's'}.` : '.')
          : h('span', {}, h('b', {}, 'Aim'), `: where your ${size} piece is let go, not where it will rest. The server's physics decides that, with a little hand noise.`),
      ),
      h(
        'div',
        { class: 'lt-pose', 'data-pose': JSON.stringify(p) },
        numberInput('x mm', fix(p.position[0]), setPos(0)),
        numberInput('y mm', fix(p.position[1]), setPos(1)),
        numberInput('z mm', fix(p.position[2]), setPos(2)),
        numberInput('rx °', fix(p.rotation_deg[0]), setRot(0)),
        numberInput('ry °', fix(p.rotation_deg[1]), setRot(1)),
        numberInput('rz °', fix(p.rotation_deg[2]), setRot(2)),
      ),
      // The keys as buttons, for touch screens and mice: each does what its key does.
      h(
        'div',
        { class: 'lt-nudge', role: 'group', 'aria-label': 'nudge the aimed piece (5 mm, 5°)' },
        NUDGES.map(([key, label, title]) => h('button', { 'data-nudge': key, title, onclick: () => command(key, false) }, label)),
      ),
    );
  }

  function setMain(label: string, action: string | null, disabled: boolean, title = ''): void {
    mainBtn.hidden = action === null;
    if (mainBtn.textContent !== label) mainBtn.textContent = label;
    if (action === null) delete mainBtn.dataset.action;
    else mainBtn.dataset.action = action;
    mainBtn.disabled = disabled;
    mainBtn.title = title;
  }

  function onMain(): void {
    const a = mainBtn.dataset.action;
    if (a === 'auto_foundation') send({ type: 'auto_foundation' });
    else if (a === 'release' || a === 'place') sent(table.placeOrRelease(state));
  }
  mainBtn.addEventListener('click', onMain);

  function renderControls(): void {
    const { view: v, size, pending } = state;
    if (!v) return replace(controls);
    const mine = myTurn();
    const over = v.phase.type === 'over';
    const parts: (HTMLElement | string | null)[] = [];
    const hand = ctx.seat !== null ? v.hands[ctx.seat] : null;
    const setTurn = (t: string) => turnEl.textContent !== t && (turnEl.textContent = t);
    // The sizes: always shown to a seated player (its pieces), usable on its turn.
    replace(
      handEl,
      // Once the game is over there is nothing left to pick (the result says how it ended).
      hand && !over
        ? SIZES.map((z, i) =>
            h(
              'button',
              {
                type: 'button',
                'data-size': z,
                'aria-pressed': String(size === z),
                class: size === z ? 'selected' : '',
                disabled: !mine || v.phase.type !== 'play' || Boolean(v.turn?.release) || !allowed(z) || pending,
                title: allowed(z) ? `${z} (${i + 1})` : `not allowed now: none left, the same size as the last placement, or a slipped piece to try again`,
                onclick: () => pick(z),
              },
              `${z} ×${hand[z]}`,
              h('kbd', {}, String(i + 1)),
            ),
          )
        : null,
    );
    if (over) {
      setTurn('The game is over.');
      setMain('Game over', ctx.act ? 'over' : null, true);
    } else if (!ctx.act) {
      setTurn(v.to_act === null ? '' : `${seatName(v.to_act)} to play. Drag to orbit, pinch or scroll to zoom.`);
      setMain('', null, true);
    } else if (!mine) {
      setTurn(v.to_act === null ? '' : `Waiting for ${seatName(v.to_act)}…`);
      turnEl.dataset.waiting = 'true';
      setMain('Place', 'wait', true, 'not your turn yet');
    } else if (v.phase.type === 'foundation') {
      setTurn('You go first, so you set up the two foundation pieces.');
      setMain('Build the foundation', 'auto_foundation', pending);
    } else if (v.turn?.release) {
      // L12 (L-14): letting the held piece go is this turn's placement.
      setTurn('Your turn: let go of the piece you are holding. It is judged like a placement.');
      setMain('Let go', 'release', pending);
    } else {
      setTurn(v.slipped ? `Your turn: try the ${v.slipped} again (${tryOf(v.tries + 1)}).` : size ? `Your turn: place the ${size} piece.` : 'Your turn: pick a size.');
      setMain('Place', 'place', !size || pending);
      parts.push(
        h(
          'span',
          { class: 'lt-mode', role: 'group', 'aria-label': 'gizmo' },
          h('button', { type: 'button', 'data-mode': 'translate', 'aria-pressed': String(mode === 'translate'), onclick: () => setMode('translate') }, 'Move', h('kbd', {}, 'T')),
          h('button', { type: 'button', 'data-mode': 'rotate', 'aria-pressed': String(mode === 'rotate'), onclick: () => setMode('rotate') }, 'Turn', h('kbd', {}, 'R')),
        ),
        h('button', { type: 'button', 'data-action': 'hold', disabled: !size || !v.turn?.hold || pending, title: 'Hold it fixed until your next turn', onclick: () => act('hold') }, 'Hold', h('kbd', {}, 'H')),
        h('button', { type: 'button', 'data-action': 'pass', disabled: pending, onclick: () => send({ type: 'pass' }) }, 'Pass', h('kbd', {}, 'P')),
      );
    }
    if (mine || over || !ctx.act) delete turnEl.dataset.waiting;
    replace(controls, parts);
    renderSuggest();
  }

  /** A seat's pieces in hand as a player says them, not as size letters. */
  function inHand(hand: View['hands'][number]): string {
    const left = SIZES.filter((z) => hand[z] > 0).map((z) => `${hand[z]} ${z}`);
    return left.length ? `In hand: ${left.join(', ')}` : 'Nothing left in hand';
  }

  function renderSeats(v: View): void {
    replace(
      seatsEl,
      h('h3', {}, 'Scores'),
      h(
        'ul',
        { class: 'lt-seatlist' },
        v.scores.map((score, i) => {
          const look = seatLook(i);
          const hand = v.hands[i];
          return h(
            'li',
            { 'data-seat': i, 'data-score': score, class: [i === ctx.seat ? 'me' : '', v.to_act === i ? 'to-act' : ''].join(' ') },
            h('span', { class: `swatch lt-pattern-${look.pattern}`, style: `background-color:${look.fill};color:${look.ink}` }, look.letter),
            ` ${ctx.seatLabel(i)} `,
            h('b', {}, `${score} pts`),
            h('span', { class: 'muted', 'data-testid': `lt-hand-${i}` }, ` · ${inHand(hand)}`),
            v.held[i] !== null ? h('span', { class: 'badge' }, 'holding') : null,
            v.out[i] ? h('span', { class: 'badge' }, 'out (wreck)') : null,
            v.to_act === i ? h('span', { class: 'badge' }, 'to play') : null,
          );
        }),
      ),
    );
  }

  const verdictLine = (v: VerdictLine, el: HTMLElement = h('p', {})): HTMLElement => {
    el.className = `lt-v lt-v-${v.kind}`;
    el.dataset.verdict = v.kind;
    el.dataset.mine = String(v.mine);
    if (v.rule) el.dataset.rule = v.rule;
    else delete el.dataset.rule;
    return el;
  };

  let ownShown: VerdictLine | null = null;
  let othersShown: readonly VerdictLine[] | null = null;
  dismissBtn.addEventListener('click', () => {
    state = table.dismiss(state);
    renderVerdict();
  });

  function renderVerdict(): void {
    const { ownVerdict, others } = state;
    if (ownShown !== ownVerdict) {
      ownShown = ownVerdict;
      ownEl.hidden = ownVerdict === null;
      if (ownVerdict) {
        verdictLine(ownVerdict, ownEl);
        replace(ownText, ownVerdict.text, ruleLink(ownVerdict.rule));
      } else {
        for (const k of ['verdict', 'mine', 'rule']) delete ownEl.dataset[k];
        replace(ownText);
      }
    }
    if (othersShown !== others) {
      othersShown = others;
      replace(
        othersEl,
        others.map((v) => {
          const el = verdictLine(v);
          replace(el, v.text, ruleLink(v.rule));
          return el;
        }),
      );
    }
  }

  function render(): void {
    const { view, log } = state;
    if (!view) return;
    renderControls();
    renderSeats(view);
    renderVerdict();
    renderAim();
    latestEl.hidden = log.length === 0;
    replace(
      logEl,
      log
        .slice(-10)
        .reverse()
        .map((l) => h('li', { 'data-kind': l.kind, 'data-rule': l.rule ?? null }, l.text)),
    );
    if (three) {
      three.show(view.pieces, view.dimensions, lookOf, state.arriving);
      state = table.arrived(state);
      renderAimGhost();
    }
  }

  /** Events in the game's own words (games/leaning/src/words.rs, through
   *  the rules compiled to WebAssembly; one line per event, each with the
   *  rule it cites): the log gets each, the verdict the newest that counts.
   *  Told in order, one step after another. */
  let telling: Promise<void> = Promise.resolve();
  function tell(events: Event[], v: View): void {
    if (!events.length) return;
    const names = Array.from({ length: v.seats }, (_, s) => seatName(s));
    telling = telling.then(async () => {
      let lines: Narration[] = [];
      try {
        const { narrate } = await import('../rules/wasm');
        lines = await narrate('leaning', { events, view: v, settings: ctx.settings ?? null, viewer: ctx.seat, names });
      } catch {
        return; // no rules module here: the seats and scores still show
      }
      if (destroyed) return;
      state = table.said(state, events, lines);
      render();
    });
  }

  return {
    root,
    show(sh: Shown<View, Event>) {
      const wasTutorial = state.tutorial;
      state = table.show(state, sh);
      if (wasTutorial && !state.tutorial) endTutorial();
      tell(sh.events, sh.view);
      for (const e of sh.events) {
        if (sh.live && e.type === 'failed') window.setTimeout(() => three?.flash(e.disturbed), 50);
      }
      if (!myTurn()) previewShown = null;
      render();
    },
    showError(message: string, rule: string | null) {
      // The table's refusal sentence (the rules crate's words, or the server's own).
      state = table.refused(state, message, rule);
      render();
    },
    destroy() {
      destroyed = true;
      clearTimeout(previewTimer);
      three?.dispose();
      root.remove();
    },
  };
}
