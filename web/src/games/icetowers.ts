// IceTowers from above: every tower at its spot on the table (table.rs
// Pos, millimetres), drawn as nested squares, top piece last, with the
// top colour's letter so colours need not be told apart by hue alone, and
// the tower's number as the history names it.
//
// Playing: your free-standers are also listed as big buttons under the
// table (your pieces, `hand`); pick one (or click it on the table), then
// click a tower to cap it. With a piece in hand, a tower = cap onto it.
// Any other tower opens its panel over the table (mine a piece, split).
// What is legal right now is highlighted before you try: the list comes
// from the rules themselves compiled to WebAssembly (their `legal` question,
// IceTowers::legal_actions on the table rebuilt from the view), never from
// rules re-typed here; the server still judges every action. What the
// table keeps and how each input changes it is icetowersState.ts; this
// file draws it and feeds it clicks, the server's views, the rules'
// answers and the clock.
//
// Nothing under the pointer is rebuilt while the game runs: the buttons
// and the towers' click targets stay the same elements and only change
// their text and classes (a click that lands during a redraw is not lost);
// the clocks tick by changing text only.

import { h, replace, s } from '../ui/dom';
import type { Action, Event, PieceId, TowerId, TowerView, View } from '../wire/icetowers';
import { pieceName, piecePips } from '../wire/icetowers';
import { NOTHING_HERE } from '../generated/icetowers';
import { ruleHref } from '../words';
import { plural } from '../words/say';
import type { GameContext, GameUi, Shown } from './types';
import { toldLog } from './toldLog';
import type { Ice3d } from './ice3d';
import * as table from './icetowersState';
import type { IceState } from './icetowersState';

/** Okabe–Ito hues for red, yellow, green, blue; black and white as is. */
const FILL: Record<string, string> = {
  red: '#D55E00',
  yellow: '#F0E442',
  green: '#009E73',
  blue: '#0072B2',
  black: '#222222',
  white: '#F7F7F7',
};
const LETTER: Record<string, string> = { red: 'R', yellow: 'Y', green: 'G', blue: 'B', black: 'K', white: 'W' };
const SIZE = [0, 9, 13, 17.5]; // half-side per pips, in table millimetres (towers stand 40 apart)
export function iceUi(ctx: GameContext<Action>): GameUi<View, Event, Action> {
  // ---- the persistent frame ----------------------------------------------
  const status = h('span', { class: 'it-status', role: 'status' });
  const mainBtn = h('button', { class: 'primary it-main', 'data-testid': 'main-action', type: 'button' }, 'Ready');
  const setDownBtn = h('button', { 'data-action': 'set_down', type: 'button', hidden: true }, 'Set it down');
  const toggleBtn = h('button', { class: 'view-toggle', 'data-action': 'toggle-3d', 'aria-pressed': 'false', type: 'button' }, '3-D view');
  const bar = h('div', { class: 'it-controls it-bar' }, mainBtn, setDownBtn, status, toggleBtn);
  const svgHost = h('div', { class: 'it-svg-host' });
  const panel = h('div', { class: 'it-panel', hidden: true });
  const countdownEl = h('div', { class: 'it-countdown', 'aria-live': 'assertive', hidden: true });
  const tableEl = h('div', { class: 'it-table', 'data-testid': 'table' }, svgHost, panel, countdownEl);
  const handEl = h('div', { class: 'it-hand', 'data-testid': 'hand', role: 'group', 'aria-label': 'Your pyramids standing alone' });
  const seatsEl = h('div', { class: 'it-seats' });
  const logEl = h('div', { class: 'it-log-box' });
  const root = h('div', { class: 'it' }, bar, h('div', { class: 'it-play' }, tableEl, handEl), h('div', { class: 'it-side' }, seatsEl, logEl));

  let state: IceState = table.initial({ sends: ctx.act !== null, seat: ctx.seat });
  // The table history's own lines (the game's words, games/icetowers/src/
  // words.rs, worded once per step by the table screen), newest beside the
  // table; never worded again here.
  const log = toldLog(50, () => renderLog());
  let countdownTimer: number | undefined;
  // The 3-D table, once asked for (three.js is loaded on demand).
  let three: Ice3d | null = null;
  let want3d = false;
  // The SVG and each tower's element, kept across redraws (keyed by id).
  let svg: SVGSVGElement | null = null;
  /** The towers' worth, drawn over every tower (renderTable). */
  let labels: SVGGElement | null = null;
  const towerEls = new Map<TowerId, { g: SVGGElement; body: SVGGElement; sig: string }>();

  const colours = () => table.colours(state);
  const colourOf = (p: PieceId) => table.colourOf(state, p);

  // ---- asking the rules what is legal --------------------------------------

  async function refreshLegal(): Promise<void> {
    const r = table.askLegal(state);
    state = r.state;
    const q = r.ask;
    if (!q) return;
    try {
      const { ask } = await import('../rules/wasm');
      const actions = await ask<Action[]>('icetowers', 'legal', q.view, q.seat);
      const next = table.legalAnswer(state, q, actions);
      if (next === state) return; // the table moved on meanwhile
      state = next;
    } catch {
      state = table.legalFailed(state);
    }
    render();
  }

  // ---- acting ----------------------------------------------------------------

  /** What a click or a button asked for, after the new state is in. */
  function apply(r: table.Result): void {
    state = r.state;
    switch (r.effect.type) {
      case 'none':
        return;
      case 'send':
        ctx.act?.(r.effect.action);
        render();
        return;
      case 'countdown':
        startCountdown();
        return;
      case 'draw':
        render();
    }
  }

  function startCountdown(): void {
    const tick = () => {
      const r = table.countdownTick(state);
      state = r.state;
      if (r.effect.type === 'none') return;
      if (r.effect.type === 'send') {
        window.clearInterval(countdownTimer);
        ctx.act?.(r.effect.action);
      }
      render();
      state = table.countedDown(state);
    };
    tick();
    countdownTimer = window.setInterval(tick, 1000);
  }

  mainBtn.addEventListener('click', () => apply(table.pressMain(state)));
  setDownBtn.addEventListener('click', () => apply(table.setDown(state)));
  toggleBtn.addEventListener('click', () => void toggle3d());

  function clickTower(id: TowerId): void {
    apply(table.clickTower(state, id));
  }

  async function toggle3d(): Promise<void> {
    want3d = !want3d;
    if (want3d && !three) {
      const { createIce3d } = await import('./ice3d');
      svgHost.replaceChildren();
      svg = null;
      towerEls.clear();
      three = createIce3d(svgHost, FILL, clickTower);
    } else if (!want3d && three) {
      three.dispose();
      three = null;
    }
    render();
  }

  // ---- drawing the table -----------------------------------------------------

  /** Towers stand at least 40 mm apart but often much further: draw the
   *  pieces as large as the closest pair allows, so a sparse table stays readable. */
  function scaleFor(towers: TowerView[]): number {
    let nearest = Infinity;
    for (let i = 0; i < towers.length; i++) {
      for (let j = i + 1; j < towers.length; j++) {
        const d = Math.hypot(towers[i].pos.x - towers[j].pos.x, towers[i].pos.y - towers[j].pos.y);
        if (d < nearest) nearest = d;
      }
    }
    return Number.isFinite(nearest) ? Math.max(1, Math.min(3, nearest / 40)) : 1;
  }

  function towerBody(t: TowerView): SVGGElement {
    const top = t.pieces[t.pieces.length - 1];
    const topColour = colourOf(top);
    const body = s('g', { class: 'it-body' });
    // Bottom first, so the top piece is drawn last, fully visible; each
    // piece is a square pyramid seen from above (its ridges as diagonals).
    t.pieces.forEach((p, i) => {
      const r = SIZE[piecePips(p)] - Math.min(i, 3) * 1.5;
      const fill = FILL[colourOf(p)] ?? '#999';
      body.append(
        s('rect', { x: -r, y: -r, width: 2 * r, height: 2 * r, fill, class: 'piece', 'data-piece': p }),
        s('path', { d: `M${-r} ${-r}L${r} ${r}M${r} ${-r}L${-r} ${r}`, class: 'ridge' }),
      );
    });
    // The top's size as pips (dots), so a phone shows small, medium and
    // large without comparing squares.
    const n = piecePips(top);
    for (let i = 0; i < n; i++) body.append(s('circle', { class: `pip on-${topColour}`, cx: (i - (n - 1) / 2) * 5.5, cy: 6.5, r: 1.9 }));
    body.append(s('text', { class: `letter on-${topColour}`, y: 1.5 }, LETTER[topColour] ?? '?'));
    // The tower's number, as the history and the refusals name it.
    body.append(s('g', { class: 'tower-id' }, s('rect', { x: -20, y: -20, width: 13, height: 9.5, rx: 2 }), s('text', { x: -13.5, y: -12.6 }, String(t.id))));
    return body;
  }

  function towerEl(t: TowerView): { g: SVGGElement; body: SVGGElement; sig: string } {
    let el = towerEls.get(t.id);
    if (!el) {
      const g = s('g', {
        class: 'it-tower',
        tabindex: 0,
        role: 'button',
        'data-tower': t.id,
        onkeydown: ((e: KeyboardEvent) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            clickTower(t.id);
          }
        }) as EventListener,
      });
      // The whole footprint is the click target, however small the pieces,
      // and it stays the same element whatever is redrawn inside.
      const hit = s('rect', { class: 'hit', x: -20, y: -20, width: 40, height: 40, fill: 'transparent' });
      hit.addEventListener('click', () => clickTower(t.id));
      const body = s('g', { class: 'it-body' });
      g.append(s('title', {}, `tower ${t.id}`), body, hit);
      el = { g, body, sig: '' };
      towerEls.set(t.id, el);
    }
    return el;
  }

  function renderTable(v: View): void {
    if (three) {
      three.update(v.towers, colourOf, piecePips, table.marked(state));
      return;
    }
    const xs = v.towers.map((t) => t.pos.x);
    const ys = v.towers.map((t) => -t.pos.y);
    // Pieces readable on a phone: a large pyramid at least about 40 px
    // across, even where that lets neighbours overlap a little.
    const spanX = Math.max(...xs) - Math.min(...xs) + 60;
    const spanY = Math.max(...ys) - Math.min(...ys) + 60;
    const pxPerMm = Math.min((svgHost.clientWidth || 600) / spanX, (svgHost.clientHeight || 400) / spanY);
    const k = Math.min(2.4, Math.max(scaleFor(v.towers), 40 / (2 * SIZE[3] * pxPerMm)));
    const pad = 22 * k;
    const minX = Math.min(...xs) - pad;
    const minY = Math.min(...ys) - pad;
    const w = Math.max(...xs) + pad - minX;
    // Room below the lowest tower for its worth label (26 under its centre).
    const hgt = Math.max(...ys) + pad + 8 * k - minY;
    if (!svg) {
      svg = s('svg', { class: 'it-svg', role: 'group', 'aria-label': 'The table, seen from above', preserveAspectRatio: 'xMidYMid meet' });
      svgHost.replaceChildren(svg);
    }
    svg.setAttribute('viewBox', `${minX} ${minY} ${w} ${hgt}`);
    const live = new Set<TowerId>();
    const ordered: SVGGElement[] = [];
    // The towers a click may cap now, drawn over the rest: on a phone the
    // pieces are scaled up until neighbours overlap, and "click a
    // highlighted tower" must never land on the tower beside it.
    const raised: SVGGElement[] = [];
    // What each tower is worth to whoever tops it (I15), under it, on a
    // layer above every tower: towers stand 40 mm apart, so a label under
    // one lies on the next, which would otherwise be drawn over it. A lone
    // pyramid shows its pips as dots already.
    const worth: SVGElement[] = [];
    for (const t of v.towers) {
      live.add(t.id);
      const el = towerEl(t);
      const top = t.pieces[t.pieces.length - 1];
      const topColour = colourOf(top);
      const sig = `${t.pieces.join(',')}|${topColour}`;
      if (sig !== el.sig) {
        const body = towerBody(t);
        el.g.replaceChild(body, el.body);
        el.body = body;
        el.sig = sig;
      }
      const pips = t.pieces.reduce((n, p) => n + piecePips(p), 0);
      if (t.pieces.length > 1) worth.push(s('text', { class: 'count', transform: `translate(${t.pos.x} ${-t.pos.y}) scale(${k})`, x: 0, y: 26 }, `${pips} pips`));
      const m = table.towerMarks(state, t);
      const cls = [
        'it-tower',
        m.picked ? 'capwith' : '',
        m.opened ? 'opened' : '',
        m.recent ? 'recent' : '',
        m.target === true ? 'legal' : '',
        m.target === false && !m.picked ? 'dim' : '',
        m.canMine ? 'can-mine' : '',
        m.canPick ? 'can-pick' : '',
      ]
        .filter(Boolean)
        .join(' ');
      el.g.setAttribute('class', cls);
      el.g.setAttribute('transform', `translate(${t.pos.x} ${-t.pos.y}) scale(${k})`);
      el.g.dataset.topColour = topColour;
      el.g.dataset.count = String(t.pieces.length);
      el.g.dataset.legal = m.target === null ? '' : String(m.target);
      // What its panel offers this seat now (I7 mine, I11 split), for tests and tools.
      el.g.dataset.can = m.can;
      el.g.setAttribute(
        'aria-label',
        `tower ${t.id}: ${t.pieces.map((p) => pieceName(p, colours())).join(', ')} (bottom to top), ${pips} pips, ${topColour} on top${m.target ? ', you may cap it' : ''}`,
      );
      (m.target === true ? raised : ordered).push(el.g);
    }
    for (const [id, el] of towerEls) {
      if (!live.has(id)) {
        el.g.remove();
        towerEls.delete(id);
      }
    }
    // Append in view order, the raised last (moving existing nodes keeps
    // them the same nodes).
    ordered.push(...raised);
    ordered.forEach((g, i) => {
      if (svg!.children[i] !== g) svg!.insertBefore(g, svg!.children[i] ?? null);
    });
    labels ??= s('g', { class: 'it-labels', 'aria-hidden': 'true' });
    labels.replaceChildren(...worth);
    svg.append(labels);
  }

  // ---- your pieces ---------------------------------------------------------

  const handBtns = new Map<PieceId, HTMLButtonElement>();
  const heldEl = h('div', { class: 'it-held', hidden: true });

  function pieceGlyph(p: PieceId): HTMLElement {
    const c = colourOf(p);
    return h('span', { class: `it-glyph size-${piecePips(p)} on-${c}`, style: `background:${FILL[c]}` }, '•'.repeat(piecePips(p)));
  }

  function renderHand(v: View): void {
    const me = table.mySeat(state);
    if (!me || ctx.act === null) {
      replace(handEl, h('span', { class: 'muted' }, v.started === null ? 'Waiting for the players to be ready.' : 'Watching: every action appears live.'));
      handBtns.clear();
      return;
    }
    if (!handEl.contains(heldEl)) replace(handEl, heldEl);
    const held = me.holding;
    heldEl.hidden = !held;
    if (held) {
      const sig = `held ${held.piece}`;
      if (heldEl.dataset.sig !== sig) {
        replace(heldEl, h('span', {}, 'In hand: '), pieceGlyph(held.piece), ` ${pieceName(held.piece, colours())} `, h('span', { class: 'it-held-time' }));
        heldEl.dataset.sig = sig;
      }
    }
    const mine = table.handPieces(state);
    const live = new Set(mine.map((m) => m.piece));
    for (const [p, b] of handBtns) {
      if (!live.has(p)) {
        b.remove();
        handBtns.delete(p);
      }
    }
    const playing = table.playing(state);
    let prev: Element = heldEl;
    for (const m of mine) {
      let b = handBtns.get(m.piece);
      if (!b) {
        const piece = m.piece;
        b = h('button', { type: 'button', class: 'it-pick', 'data-pick': piece }, pieceGlyph(piece), h('span', { class: 'it-pick-label' }));
        b.addEventListener('click', () => apply(table.pickPiece(state, piece)));
        handBtns.set(piece, b);
      }
      // The size and the tower number the table shows above it: "small, tower 4".
      const label = `${['small', 'medium', 'large'][piecePips(m.piece) - 1]}, tower ${m.tower}`;
      const lab = b.querySelector('.it-pick-label')!;
      if (lab.textContent !== label) lab.textContent = label;
      b.setAttribute('aria-pressed', String(state.capWith === m.piece));
      b.setAttribute('aria-label', `${pieceName(m.piece, colours())} standing alone as tower ${m.tower}${m.can ? '' : ': no tower takes it now'}`);
      b.classList.toggle('cannot', !m.can);
      b.disabled = !playing || Boolean(me.holding);
      if (prev.nextSibling !== b) prev.after(b);
      prev = b;
    }
  }

  // ---- the bar: one main action, never rebuilt ------------------------------

  function setMain(label: string, action: string, disabled = false): void {
    if (mainBtn.textContent !== label) mainBtn.textContent = label;
    mainBtn.dataset.action = action;
    mainBtn.disabled = disabled;
  }

  function setStatus(text: string, plays = ''): void {
    if (status.textContent !== text) status.textContent = text;
    if (status.dataset.plays !== plays) status.dataset.plays = plays;
  }

  function renderBar(): void {
    toggleBtn.textContent = want3d ? '2-D view' : '3-D view';
    toggleBtn.setAttribute('aria-pressed', String(want3d));
    const b = table.bar(state);
    if (!b) return;
    setDownBtn.hidden = !b.setDown;
    setMain(b.label, b.action, b.disabled);
    setStatus(b.status, b.plays);
  }

  // ---- seats, panel, log --------------------------------------------------------

  function renderSeats(v: View): void {
    replace(
      seatsEl,
      h(
        'ul',
        { class: 'it-seatlist' },
        v.seats.map((st, i) =>
          h(
            'li',
            { 'data-seat': i, 'data-score': st.score, class: i === ctx.seat ? 'me' : '' },
            h('span', { class: `swatch`, style: `background:${FILL[st.colour]}` }, LETTER[st.colour]),
            ` ${ctx.seatLabel(i)} · `,
            // The score as the result counts it (I15: the pips of the towers one owns).
            h('b', {}, plural(st.score, 'point')),
            st.ready || v.started !== null ? null : h('span', { class: 'badge' }, 'not ready'),
            st.done ? h('span', { class: 'badge' }, 'done') : null,
            st.holding ? h('span', { class: 'held' }, ` holding ${pieceName(st.holding.piece, colours())} (`, h('span', { class: 'it-held-time', 'data-seat': i }), ')') : null,
          ),
        ),
        v.ghost_score !== null ? h('li', {}, h('span', { class: 'swatch', style: `background:${FILL.white}` }, 'W'), ` ghost · ${plural(v.ghost_score, 'point')}`) : null,
      ),
      v.game_deadline !== null && !v.ending ? h('p', { class: 'muted' }, 'Game timer: ', h('span', { class: 'it-game-time' }), ' s') : null,
      v.ending ? h('p', { class: 'over', 'data-ended': v.ending.reason }, 'Game over.') : null,
    );
    tickTimes();
  }

  /** The clocks only: text changes, no element is replaced. */
  function tickTimes(): void {
    if (!state.view) return;
    const now = Date.now();
    root.querySelectorAll<HTMLElement>('.it-held-time').forEach((el) => {
      const seat = el.dataset.seat !== undefined ? Number(el.dataset.seat) : ctx.seat;
      const t = seat === null ? null : table.heldText(state, seat, now);
      const text = t === null ? '' : el.dataset.seat !== undefined ? t : `(${t} left)`;
      if (el.textContent !== text) el.textContent = text;
    });
    const g = root.querySelector('.it-game-time');
    const text = table.gameTimeText(state, now);
    if (g && text !== null && g.textContent !== text) g.textContent = text;
  }

  function renderPanel(): void {
    const p = table.panel(state);
    panel.hidden = !p;
    if (!p) {
      replace(panel);
      return;
    }
    const t = p.tower;
    // Over the half of the table away from the tower, so the tower (and
    // its neighbours) stay in reach.
    panel.classList.toggle('at-top', p.atTop);
    const rows: HTMLElement[] = [];
    for (const r of p.rows) {
      rows.push(
        h(
          'li',
          {},
          pieceGlyph(r.piece),
          ` ${pieceName(r.piece, colours())} `,
          r.mine ? h('button', { type: 'button', 'data-action': 'mine', 'data-piece': r.piece, onclick: () => apply(table.mine(state, t.id, r.piece)) }, 'Take it out') : null,
        ),
      );
      if (r.split) {
        rows.push(h('li', { class: 'split' }, h('button', { type: 'button', 'data-action': 'split', onclick: () => apply(table.split(state, t.id, r.index)) }, `Split here (${r.index} stay below)`)));
      }
    }
    replace(
      panel,
      h('h3', {}, `Tower ${t.id}`, h('button', { type: 'button', class: 'link', 'aria-label': 'close', onclick: () => ((state = table.closePanel(state)), render()) }, '×')),
      h('ul', { class: 'it-pieces' }, rows),
      // The hint and its rule are the rules crate's (games/icetowers/src/words.rs).
      p.nothing ? h('p', { class: 'muted' }, `${NOTHING_HERE.words} `, h('a', { href: ruleHref('icetowers', NOTHING_HERE.rule), class: 'rule-link' }, 'The rule')) : null,
    );
  }

  function renderLog(): void {
    replace(logEl, log.lines.length ? h('h3', {}, 'Latest') : null, h('ol', { class: 'it-log', reversed: true }, log.lines.slice(-8).reverse().map((l) => h('li', { class: l.kind }, l.text))));
  }

  function renderCountdown(): void {
    const { countdown } = state;
    countdownEl.hidden = countdown === null;
    if (countdown !== null) countdownEl.textContent = countdown > 0 ? String(countdown) : 'Go!';
  }

  function render(): void {
    const v = state.view;
    if (!v) return;
    renderBar();
    renderTable(v);
    renderHand(v);
    renderSeats(v);
    renderPanel();
    renderCountdown();
  }

  // The hold and game timers tick between steps: text only.
  const timer = window.setInterval(() => {
    if (table.ticking(state)) tickTimes();
  }, 250);

  return {
    root,
    show(sh: Shown<View, Event>) {
      const counting = state.countdown !== null;
      state = table.show(state, sh, Date.now());
      if (!ctx.inReplay) log.follow(sh.told);
      if (counting && state.countdown === null) window.clearInterval(countdownTimer);
      // The last answer's highlights stay until the rules answer for this
      // view (a few milliseconds), so nothing flickers.
      render();
      renderLog();
      void refreshLegal();
    },
    destroy() {
      log.stop();
      window.clearInterval(timer);
      window.clearInterval(countdownTimer);
      three?.dispose();
      root.remove();
    },
  };
}
