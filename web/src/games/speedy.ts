// Speedy Towers: the 3-D table (speedy3d.ts, loaded with three.js when
// the table opens), the towers as a list of buttons (the same table in
// words, and what works without WebGL), your pile, everyone's public
// piles and a log of who placed what and what fell.
//
// Playing: pick a piece from your pile (a coin with the face you want
// up), aim at a tower (click it, or T), move the aim (drag the ghost,
// arrow keys, Q/E to turn), let go (Enter). The browser judges no rule:
// which piece fits which tower comes from the server's view (Hand.fits),
// and every pose on screen is the server physics' verdict. What the
// table keeps and how each input changes it is speedyState.ts; this file
// draws it and feeds it keys, clicks, drags and the server's views.

import './speedy.css';
import { h, replace } from '../ui/dom';
import type { Action, Event, PieceId, PiecePose, Placing, Settings, TakeBack, TowerId, View } from '../wire/speedy';
import { cardName, coinFaceChip, lookChip, tileChip } from './speedy-pieces';
import type { GhostLook, GhostSpec, Speedy3d, StepChanges } from './speedy3d';
import type { GameContext, GameUi, Shown } from './types';
import { toldLog } from './toldLog';
import * as table from './speedyState';
import type { Fall, SpeedyState } from './speedyState';
import { NUDGE_FAST_MM, NUDGE_MM, samePlacing, TURN_DEG, TURN_FAST_DEG } from './speedyState';

const TAKE_BACK_KEY = 'stackyard.speedy.takeBack';

const pickKey = (p: Placing) => (p.kind === 'coin' ? `coin-${p.coin}-${p.face}` : p.kind);
const fmt = (v: number) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(1)}`;
const towerList = (ts: TowerId[]) => (ts.length ? `→ tower${ts.length > 1 ? 's' : ''} ${ts.join(', ')}` : 'fits nowhere now');

export function speedyUi(ctx: GameContext<Action>): GameUi<View, Event, Action> {
  const controls = h('div', { class: 'sp-controls' });
  const stage = h('div', { class: 'sp-stage' });
  const aimBar = h('div', { class: 'sp-aim', role: 'group', 'aria-label': 'Aim' });
  const towersEl = h('ul', { class: 'sp-towers', 'aria-label': 'Towers' });
  const handEl = h('section', { class: 'sp-hand', 'aria-label': 'Your pile' });
  const seatsEl = h('section', { class: 'sp-seats', 'aria-label': 'Players' });
  const logEl = h('section', { class: 'sp-log', 'aria-label': 'Latest placements' });
  const keys = h(
    'details',
    { class: 'sp-keys' },
    h('summary', {}, 'Keys'),
    h(
      'ul',
      {},
      h('li', {}, h('kbd', {}, 'R'), ' reveal a tile · ', h('kbd', {}, 'H'), ' hide it'),
      h('li', {}, h('kbd', {}, 'N'), ' / ', h('kbd', {}, 'P'), ' next / previous piece that fits · ', h('kbd', {}, 'F'), ' flip the coin in hand'),
      h('li', {}, h('kbd', {}, 'T'), ' / ', h('kbd', {}, 'Shift+T'), ' next / previous tower it fits'),
      h('li', {}, h('kbd', {}, '← ↑ ↓ →'), ` move the aim ${NUDGE_MM} mm (with Shift ${NUDGE_FAST_MM} mm), as seen on screen · `, h('kbd', {}, 'C'), ' centre'),
      h('li', {}, h('kbd', {}, 'Q'), ' / ', h('kbd', {}, 'E'), ` turn ${TURN_DEG}° (with Shift ${TURN_FAST_DEG}°)`),
      h('li', {}, h('kbd', {}, 'Enter'), ' let go · ', h('kbd', {}, 'Esc'), ' put the piece back'),
      h('li', {}, h('kbd', {}, 'V'), ' look at the whole table again'),
      h('li', {}, 'Mouse or touch: drag the table to look around, click a tower to aim at it, drag the ghost piece to move the aim, drag the purple ring around it (its notch shows the turn) to turn it.'),
    ),
  );
  // The main action, one button that is never rebuilt: Ready before the
  // race, Let go during it (issue 24's `main-action`).
  const mainBtn = h('button', { type: 'button', class: 'primary sp-main-action', 'data-testid': 'main-action', 'aria-keyshortcuts': 'Enter' }, 'Let go');
  const revealBtn = h('button', { type: 'button', 'data-action': 'reveal', 'aria-keyshortcuts': 'R', hidden: true }, 'Reveal a tile (R)');
  const hideBtn = h('button', { type: 'button', 'data-action': 'hide', 'aria-keyshortcuts': 'H', hidden: true }, 'Hide the tile (H)');
  const statusEl = h('span', { class: 'sp-status', role: 'status' });
  const resetBtn = h('button', { type: 'button', class: 'sp-reset-view', 'data-action': 'reset-view', 'aria-keyshortcuts': 'V' }, 'Whole table (V)');
  controls.append(revealBtn, hideBtn, statusEl, resetBtn, mainBtn);
  stage.dataset.testid = 'table';
  handEl.dataset.testid = 'hand';
  // Where a fall happened: a note over the 3-D table at the tower.
  const callouts = h('div', { class: 'sp-callouts', 'aria-hidden': 'true' });
  const stageBox = h('div', { class: 'sp-stage-box' }, stage, callouts);
  stage.dataset.fill = 'true';
  const root = h(
    'div',
    { class: 'sp' },
    controls,
    h('div', { class: 'sp-main' }, stageBox, aimBar),
    handEl,
    towersEl,
    h('div', { class: 'sp-side' }, seatsEl, logEl, keys),
  );

  // P10's choice, made before the race, is remembered by this browser.
  let state: SpeedyState = table.initial(
    { sends: ctx.act !== null, seat: ctx.seat, inReplay: ctx.inReplay },
    localStorage.getItem(TAKE_BACK_KEY) === 'highest_ranked' ? 'highest_ranked' : 'placed_first',
  );
  const log = toldLog(60, () => renderLog());
  let three: Speedy3d | null = null;
  let threeFailed = '';
  let disposed = false;

  const playing = () => table.playing(state);
  const me = () => table.me(state);
  const tower = (id: TowerId | null) => table.towerOf(state, id);
  const fitsOf = (p: Placing | null) => table.fitsOf(state, p);
  const pickedName = () => table.pickedName(state);

  /** What an input asked for, after the new state is in. */
  function apply(r: table.Result): void {
    state = r.state;
    switch (r.effect.type) {
      case 'none':
        return;
      case 'draw':
        return render();
      case 'aim':
        return renderAim();
      case 'send':
        return ctx.act?.(r.effect.action);
      case 'resetView':
        return three?.resetView();
    }
  }
  const draw = (next: SpeedyState) => apply({ state: next, effect: { type: 'draw' } });
  const drawAim = (next: SpeedyState) => apply({ state: next, effect: { type: 'aim' } });
  const send = (action: Action) => apply({ state, effect: { type: 'send', action } });

  // ---- 3-D ---------------------------------------------------------------

  async function load3d(): Promise<void> {
    try {
      const { createSpeedy3d } = await import('./speedy3d');
      if (disposed) return;
      three = createSpeedy3d(stage, {
        onTower: (id) => draw(table.aimAt(state, id)),
        onDrag: (x, y) => {
          if (tower(state.aim.tower)) drawAim(table.dragTo(state, x, y));
        },
        onTurn: (deg) => drawAim(table.turnTo(state, deg)),
        canDrag: () => state.picked !== null && state.aim.tower !== null && playing(),
      }, (ctx.settings as Partial<Settings> | undefined)?.physics?.pieces);
      stage.dataset.ready = 'true';
      if (state.view) three.show(state.view, null);
      render();
    } catch (e) {
      // No WebGL (or the chunk failed to load): the tower list is the table.
      threeFailed = `The 3-D table could not start (${e instanceof Error ? e.message : String(e)}); the list of towers below is the whole table.`;
      replace(stage, h('p', { class: 'muted sp-no3d' }, threeFailed));
    }
  }

  function ghostSpec(): GhostSpec | null {
    const { picked, aim } = state;
    const t = tower(aim.tower);
    if (!picked || !t || !playing()) return null;
    let look: GhostLook | null = null;
    if (picked.kind === 'tile') {
      const c = me()?.face_up?.card;
      look = c ? { kind: 'tile', card: c } : null;
    } else if (picked.kind === 'coin') {
      const c = table.coinCard(state, picked.coin);
      look = c ? { kind: 'coin', face: picked.face, suit: c.suit, value: c.value } : null;
    } else {
      look = { kind: 'pawn', suit: null };
    }
    if (!look) return null;
    return {
      look,
      x: t.centre_mm[0] + aim.x,
      y: t.centre_mm[1] + aim.y,
      z: t.height_mm + 0.3,
      rotationDeg: aim.rot,
      fits: fitsOf(picked).includes(t.id),
    };
  }

  function update3d(): void {
    if (!three) return;
    three.mark(playing() ? state.aim.tower : null, new Set(playing() ? fitsOf(state.picked) : []));
    three.ghost(ghostSpec());
  }

  mainBtn.addEventListener('click', () => apply(table.pressMain(state)));
  revealBtn.addEventListener('click', () => send({ type: 'reveal' }));
  hideBtn.addEventListener('click', () => send({ type: 'hide' }));
  resetBtn.addEventListener('click', () => three?.resetView());

  function onKey(e: KeyboardEvent): void {
    if (!root.isConnected || !state.view || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target as HTMLElement | null;
    const tag = target?.tagName ?? '';
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target?.isContentEditable) return;
    const onButton = tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY';
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const r = table.key(state, key, { fast: e.shiftKey, onButton, azimuth: three?.azimuth() ?? 0 });
    if (!r) return;
    e.preventDefault();
    apply(r);
  }
  document.addEventListener('keydown', onKey);

  // ---- drawing ------------------------------------------------------------

  function takeBackChoice(): HTMLElement {
    const sel = h(
      'select',
      {
        name: 'take_back',
        onchange: ((e: Event & { target: HTMLSelectElement }) => {
          state = table.chooseTakeBack(state, e.target.value as TakeBack);
          localStorage.setItem(TAKE_BACK_KEY, state.takeBack);
          // Both places that offer it say the same.
          root.querySelectorAll<HTMLSelectElement>('select[name=take_back]').forEach((o) => (o.value = state.takeBack));
        }) as unknown as EventListener,
      },
      h('option', { value: 'placed_first', selected: state.takeBack === 'placed_first' }, 'the piece I placed (if it fell)'),
      h('option', { value: 'highest_ranked', selected: state.takeBack === 'highest_ranked' }, 'the highest-ranked fallen piece'),
    );
    return h('label', { class: 'sp-takeback' }, 'If pieces fall, take back ', sel, ' ', h('a', { href: '#/rules/speedy/P10', class: 'rule-link' }, 'the rule'));
  }

  // Before the race: the take-back choice next to Ready (P10), so it is
  // never in the way once the race runs.
  const before = h('div', { class: 'sp-before' }, takeBackChoice());
  controls.after(before);

  function setMain({ label, action, disabled }: table.Main): void {
    mainBtn.hidden = action === null;
    if (mainBtn.textContent !== label) mainBtn.textContent = label;
    if (action === null) delete mainBtn.dataset.action;
    else mainBtn.dataset.action = action;
    mainBtn.disabled = disabled;
  }

  function setStatus(text: string, cls = ''): void {
    if (statusEl.textContent !== text) statusEl.textContent = text;
    statusEl.className = `sp-status ${cls}`;
  }

  function renderControls(v: View): void {
    const st = me();
    const { picked, overAtTable } = state;
    const seated = ctx.act !== null && st !== null;
    const started = v.started !== null;
    const hand = v.hand;
    before.hidden = !(seated && !started && !v.ending && !overAtTable);
    revealBtn.hidden = !(playing() && st!.face_up === null);
    revealBtn.disabled = !playing() || st!.face_down === 0;
    // P5: only a face-up tile that fits no tower may be turned back down.
    hideBtn.hidden = !(playing() && st!.face_up !== null && fitsOf({ kind: 'tile' }).length === 0);
    setMain(table.main(state)!);
    if (v.ending) {
      setStatus(table.endWords(state, ctx.seatLabel)!, 'over');
      statusEl.dataset.ended = v.ending.reason;
    } else if (overAtTable) setStatus('Game over.', 'over');
    else if (!seated) setStatus(started ? 'Watching: every drop plays out live.' : 'Waiting for the players to be ready.', 'muted');
    else if (!started && !st!.ready) setStatus('Choose what you take back if pieces fall, then press Ready.');
    else if (!started) setStatus('Waiting for everyone to be ready…');
    else {
      const t = tower(state.aim.tower);
      if (hand && hand.fits.every((f) => f.towers.length === 0)) {
        setStatus(st!.face_down > 0 && st!.face_up === null ? 'Nothing in your pile fits now: reveal a tile.' : 'Nothing in your pile fits now.', 'muted');
      } else if (!picked) setStatus('Pick a piece from your pile below.');
      else if (!t) setStatus(`${pickedName()}: tap a tower.`);
      else if (!table.aimFits(state)) setStatus(`${pickedName()} does not fit tower ${t.id}.`, 'warn');
      else setStatus(`${pickedName()} over tower ${t.id}: drag to aim, then let go.`);
    }
    if (!v.ending) delete statusEl.dataset.ended;
  }

  /** A nudge as seen on screen, by the camera's azimuth now. */
  const nudge = (right: number, up: number) => drawAim(table.nudge(state, right, up, three?.azimuth() ?? 0));

  // The aim bar is built once: its buttons stay under the finger while
  // the text changes (a second tap on a nudge is never lost to a redraw).
  const aimText = h('p', { class: 'sp-aim-text', 'aria-live': 'polite' });
  const nb = (label: string, text: string, f: () => void, k: string) => h('button', { type: 'button', 'aria-label': label, title: label, 'data-nudge': k, onclick: f }, text);
  aimBar.append(
    aimText,
    h(
      'div',
      { class: 'sp-nudges' },
      nb('move the aim left', '←', () => nudge(-NUDGE_MM, 0), 'left'),
      nb('move the aim away', '↑', () => nudge(0, NUDGE_MM), 'up'),
      nb('move the aim closer', '↓', () => nudge(0, -NUDGE_MM), 'down'),
      nb('move the aim right', '→', () => nudge(NUDGE_MM, 0), 'right'),
      nb('turn anticlockwise', '⟲', () => drawAim(table.turn(state, TURN_DEG)), 'turn-left'),
      nb('turn clockwise', '⟳', () => drawAim(table.turn(state, -TURN_DEG)), 'turn-right'),
      nb('centre the aim', '◎', () => drawAim(table.setOffset(state, 0, 0)), 'centre'),
      // T for a finger: on a phone the list of towers is below the fold,
      // and reaching it scrolled the page away from the pile (issue 49).
      nb('aim at the next tower it fits (T)', '⇆', () => draw(table.nextTower(state, 1)), 'next-tower'),
    ),
  );

  function renderAim(): void {
    const { picked, aim } = state;
    const t = tower(aim.tower);
    const can = playing();
    aimBar.hidden = !can;
    if (can) {
      const fits = table.aimFits(state);
      aimText.dataset.aim = t ? `${t.id} ${aim.x} ${aim.y} ${aim.rot}` : '';
      replace(
        aimText,
        picked ? h('b', {}, pickedName()) : 'Pick a piece from your pile (N)',
        t ? ` over tower ${t.id}: x ${fmt(aim.x)} mm, y ${fmt(aim.y)} mm, turned ${aim.rot.toFixed(0)}°` : picked ? ': click a tower (T)' : '',
        picked && t && !fits ? h('span', { class: 'warn' }, ` — it does not fit tower ${t.id}`) : null,
      );
    }
    if (state.view) renderControls(state.view);
    update3d();
  }

  function renderTowers(v: View): void {
    const fits = new Set(playing() ? fitsOf(state.picked) : []);
    // Once the game is over nothing is aimed any more.
    const aimed = v.ending || state.overAtTable ? null : state.aim.tower;
    const now = Date.now();
    replace(
      towersEl,
      v.towers.map((t) => {
        const top = t.pieces[t.pieces.length - 1];
        const topLook = top ? top.look : t.foundation;
        const tallest = v.towers.length > 1 && t.height_mm === v.highest_mm && t.pieces.length > 0;
        return h(
          'li',
          {},
          h(
            'button',
            {
              class: `sp-tower ${fits.has(t.id) ? 'fits' : ''}`,
              'data-tower': t.id,
              'data-count': t.pieces.length,
              'data-fits': String(fits.has(t.id)),
              'aria-pressed': String(aimed === t.id),
              onclick: () => draw(table.aimAt(state, t.id)),
            },
            h('b', {}, `Tower ${t.id}`),
            lookChip(topLook),
            h(
              'span',
              { class: 'sp-tower-text' },
              t.top ? `counts as ${cardName(t.top)} · ` : '',
              `${t.pieces.length} on the foundation · ${t.height_mm.toFixed(1)} mm`,
              top ? ` · top by ${ctx.seatLabel(top.by)}` : '',
            ),
            tallest ? h('span', { class: 'badge' }, '▲ tallest') : null,
            fellBadge(table.fallOn(state, t.id, now)),
            fits.has(t.id) ? h('span', { class: 'badge fit' }, '✓ fits') : null,
            aimed === t.id ? h('span', { class: 'badge aimed' }, '◎ aimed') : null,
          ),
        );
      }),
    );
  }

  // Pick buttons are kept (by piece) across redraws: another player's drop
  // changes what fits, which updates the buttons in place, never replaces
  // one under the pointer.
  const pickBtns = new Map<string, HTMLButtonElement>();
  let handSig = '';

  function pickButton(p: Placing, label: () => Node, extra: string, id: string): HTMLButtonElement {
    const towers = fitsOf(p);
    const on = state.picked !== null && samePlacing(state.picked, p);
    let b = pickBtns.get(id);
    if (!b) {
      b = h('button', { type: 'button', class: 'sp-pick', 'data-pick': pickKey(p) }, label(), h('span', { class: 'sp-fits' }));
      b.addEventListener('click', () => {
        draw(table.togglePick(state, p));
        // The keys go to the table next (Enter lets go, arrows aim), not
        // to this button (which stays: Enter on it would put the piece back).
        stage.querySelector<HTMLElement>('canvas')?.focus({ preventScroll: true });
      });
      pickBtns.set(id, b);
    }
    b.classList.toggle('on', on);
    b.dataset.fits = towers.join(',');
    b.setAttribute('aria-pressed', String(on));
    b.disabled = towers.length === 0;
    const text = `${extra}${towerList(towers)}`;
    const f = b.querySelector('.sp-fits')!;
    if (f.textContent !== text) f.textContent = text;
    b.title = text.trim();
    return b;
  }

  function renderHand(v: View): void {
    const hand = v.hand;
    const st = me();
    if (!hand || !st) {
      replace(handEl);
      handEl.hidden = true;
      handSig = '';
      return;
    }
    handEl.hidden = false;
    const live = playing();
    const up = st.face_up?.card;
    const sig = JSON.stringify([live, up ?? null, hand.coins.map((c) => c.coin), hand.pawn, hand.face_down.length, hand.skips_hidden]);
    const buttons: HTMLButtonElement[] = [];
    const tileBtn = live && up ? pickButton({ kind: 'tile' }, () => tileChip(up), ' ', `tile-${up.suit}-${up.value}`) : null;
    if (tileBtn) buttons.push(tileBtn);
    const coinBtns = hand.coins.map((c) =>
      live
        ? [
            pickButton({ kind: 'coin', coin: c.coin, face: 'suit' }, () => coinFaceChip('suit', c.card.suit, null), ' up ', `coin-${c.coin}-suit`),
            pickButton({ kind: 'coin', coin: c.coin, face: 'value' }, () => coinFaceChip('value', null, c.card.value), ' up ', `coin-${c.coin}-value`),
          ]
        : null,
    );
    const pawnBtn = live && hand.pawn !== null ? pickButton({ kind: 'pawn' }, () => h('span', { class: 'sp-chip pawn neutral' }, '♟'), ' pawn ', 'pawn') : null;
    if (sig === handSig) return; // the same pile: the buttons were updated in place
    handSig = sig;
    for (const [id, b] of pickBtns) if (![tileBtn, pawnBtn, ...coinBtns.flat()].includes(b)) pickBtns.delete(id);
    replace(
      handEl,
      h('h3', {}, 'Your pile'),
      h('div', { class: 'sp-faceup' }, up ? (tileBtn ?? tileChip(up)) : h('span', { class: 'muted' }, 'No tile face up.')),
      hand.coins.length
        ? h(
            'ul',
            { class: 'sp-coins', 'aria-label': 'Your coins' },
            hand.coins.map((c, i) => h('li', { 'data-coin': c.coin }, coinBtns[i] ?? [coinFaceChip('suit', c.card.suit, null), coinFaceChip('value', null, c.card.value)])),
          )
        : null,
      hand.pawn !== null ? h('span', { class: 'sp-pawn' }, pawnBtn ?? '♟ your pawn') : null,
      hand.face_down.length === 0
        ? null
        : h(
            'p',
            { class: 'sp-facedown muted' },
            `Face down (${hand.face_down.length}), in no order — a reveal turns one up at random${hand.skips_hidden ? ', not the one just hidden' : ''}: `,
            h('span', { class: 'sp-chips' }, hand.face_down.map((c) => tileChip(c, 'small'))),
          ),
      // During the race the take-back choice waits in a fold (chosen before the start).
      live ? h('details', { class: 'sp-takeback-fold' }, h('summary', {}, `If pieces fall you take back ${state.takeBack === 'placed_first' ? 'the piece you placed' : 'the highest-ranked fallen piece'}`), takeBackChoice()) : null,
    );
  }

  function renderSeats(v: View): void {
    const winners = new Set(v.ending?.winners ?? []);
    replace(
      seatsEl,
      h('h3', {}, 'Players'),
      h(
        'ul',
        { class: 'sp-seatlist' },
        v.seats.map((st, i) =>
          h(
            'li',
            { 'data-seat': i, 'data-left': st.pieces_left, class: `${i === ctx.seat ? 'me' : ''} ${winners.has(i) ? 'won' : ''}` },
            h('b', {}, ctx.seatLabel(i)),
            winners.has(i) ? h('span', { class: 'badge fit' }, '★ wins') : null,
            v.started === null ? h('span', { class: 'badge' }, st.ready ? 'ready' : 'not ready') : null,
            h('br'),
            h('span', { class: 'sp-left' }, `${st.pieces_left} left`),
            ` · ${st.face_down} face down · ${st.coins} coin${st.coins === 1 ? '' : 's'} · pawn ${st.pawn ? 'in hand' : 'placed'} `,
            st.face_up ? tileChip(st.face_up.card, 'small') : null,
          ),
        ),
      ),
      v.out_of_game.length || v.set_aside
        ? h(
            'p',
            { class: 'muted sp-out' },
            `Out of the game: ${v.out_of_game.length}`,
            v.set_aside ? ` (and ${v.set_aside} set aside at the deal)` : '',
            ' ',
            v.out_of_game.slice(-12).map((l) => lookChip(l)),
          )
        : null,
    );
  }

  function renderLog(): void {
    replace(
      logEl,
      log.lines.length ? h('h3', {}, 'Latest') : null,
      h(
        'ol',
        { class: 'sp-loglist', reversed: true },
        log.lines
          .slice(-10)
          .reverse()
          .map((l) => h('li', { class: l.kind }, l.text)),
      ),
    );
  }

  function render(): void {
    const view = state.view;
    if (!view) return;
    // Keep keyboard focus on the same control across a redraw.
    const active = document.activeElement as HTMLElement | null;
    const focusKey = active && root.contains(active) ? (['pick', 'tower', 'action', 'nudge'] as const).map((k) => (active.dataset[k] !== undefined ? `[data-${k}="${active.dataset[k]}"]` : '')).find(Boolean) : '';
    renderControls(view);
    renderTowers(view);
    renderHand(view);
    renderSeats(view);
    renderLog();
    renderAim();
    // Without scrolling: a redraw from somebody else's drop must not move the page.
    if (focusKey) (root.querySelector(focusKey) as HTMLElement | null)?.focus({ preventScroll: true });
  }

  // ---- events → log and animation ----------------------------------------

  // ---- falls and take-backs, where they happen -------------------------

  /** A fall in words: how many fell, and what the placer took back (P10). */
  function fallText(f: Fall): string {
    let text = `⤓ ${f.fallen} fell`;
    if (f.takenBack !== null) text += ` · ${f.by === null ? 'the placer' : f.by === ctx.seat ? 'you' : ctx.seatLabel(f.by)} took back the ${f.takenBack}`;
    if (f.pawnReturned) text += ' · the pawn went back';
    return text;
  }

  function fellBadge(f: Fall | undefined): HTMLElement | null {
    return f ? h('span', { class: 'badge fell', 'data-fell': true }, fallText(f)) : null;
  }

  /** The notes over the 3-D table at the towers where the step's pieces fell. */
  function showFalls(falls: readonly Fall[]): void {
    for (const f of falls) {
      const at = f.tower;
      const t = tower(at);
      const p = t && three ? three.screenOf(t.centre_mm[0], t.centre_mm[1], t.height_mm + 20) : null;
      const note = h('div', { class: `sp-callout ${f.by === ctx.seat ? 'mine' : ''}`, 'data-fell-tower': at }, `Tower ${at}: ${fallText(f)}`);
      if (p) {
        // Kept inside the table's frame (the note is centred on its point).
        const w = callouts.clientWidth || 300;
        note.style.left = `${Math.round(Math.max(Math.min(130, w / 2), Math.min(w - Math.min(130, w / 2), p.x)))}px`;
        note.style.top = `${Math.round(Math.max(40, p.y))}px`;
      } else note.classList.add('corner');
      callouts.append(note);
      window.setTimeout(() => note.remove(), 5000);
      // The badge's time is up a moment later.
      window.setTimeout(() => state.view && renderTowers(state.view), table.FELL_MS + 100);
    }
  }

  // The phone's table is as tall as the pile leaves room for (speedy.css):
  // the pile's height, as laid out, is the one number it needs.
  const pileObserver = new ResizeObserver(() => root.style.setProperty('--sp-pile-h', `${Math.ceil(handEl.getBoundingClientRect().height)}px`));
  pileObserver.observe(handEl);

  // Load the 3-D table straight away: it is the table.
  void load3d();

  return {
    root,
    show(sh: Shown<View, Event>) {
      state = table.show(state, sh, Date.now());
      const changes: StepChanges = { dropped: new Map(), fallen: new Map(), looks: new Map() };
      for (const e of sh.events) {
        if (e.type === 'placed') {
          changes.dropped.set(e.piece, e.drop);
          changes.looks.set(e.piece, e.look);
        }
        if (e.type === 'settled') {
          const at = new Map<PieceId, PiecePose>(e.moved.map((m) => [m.piece, m]));
          for (const p of e.fallen) changes.fallen.set(p, at.get(p) ?? null);
        }
      }
      // The table history's own lines (the game's words,
      // games/speedy/src/words.rs, worded once per step by the table
      // screen), newest beside the table.
      if (!ctx.inReplay) log.follow(sh.told);
      three?.show(sh.view, sh.live ? changes : null);
      showFalls(state.newFalls);
      render();
    },
    destroy() {
      disposed = true;
      pileObserver.disconnect();
      log.stop();
      document.removeEventListener('keydown', onKey);
      three?.dispose();
      root.remove();
    },
  };
}
