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
// rules re-typed here; the server still judges every action.
//
// Nothing under the pointer is rebuilt while the game runs: the buttons
// and the towers' click targets stay the same elements and only change
// their text and classes (a click that lands during a redraw is not lost);
// the clocks tick by changing text only.

import { h, replace, s } from '../ui/dom';
import type { Action, Event, PieceId, TowerId, TowerView, View } from '../wire/icetowers';
import { COLOURS, pieceColour, pieceName, piecePips } from '../wire/icetowers';
import { NOTHING_HERE } from '../generated/icetowers';
import { ruleHref } from '../words';
import { plural } from '../words/say';
import type { GameContext, GameUi, Shown } from './types';
import { toldLog } from './toldLog';
import type { Ice3d } from './ice3d';

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
/** Seconds counted down after "Ready" before this seat says ready. */
const COUNTDOWN_S = 3;

/** What the rules allow this seat now, by tower and piece. */
interface Legal {
  caps: Map<PieceId, Set<TowerId>>;
  mines: Map<TowerId, Set<PieceId>>;
  splits: Map<TowerId, Set<number>>;
}

function legalOf(actions: Action[]): Legal {
  const l: Legal = { caps: new Map(), mines: new Map(), splits: new Map() };
  for (const a of actions) {
    if (a.type === 'cap') {
      if (!l.caps.has(a.piece)) l.caps.set(a.piece, new Set());
      l.caps.get(a.piece)!.add(a.onto);
    } else if (a.type === 'mine') {
      if (!l.mines.has(a.tower)) l.mines.set(a.tower, new Set());
      l.mines.get(a.tower)!.add(a.piece);
    } else if (a.type === 'split') {
      if (!l.splits.has(a.tower)) l.splits.set(a.tower, new Set());
      l.splits.get(a.tower)!.add(a.at);
    }
  }
  return l;
}

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

  let view: View | null = null;
  let received = 0; // Date.now() when `view` arrived: view.now then matches it
  let capWith: PieceId | null = null;
  let opened: TowerId | null = null;
  let recent = new Map<TowerId, string>();
  // The table history's own lines (the game's words, games/icetowers/src/
  // words.rs, worded once per step by the table screen), newest beside the
  // table; never worded again here.
  const log = toldLog(50, () => renderLog());
  let legal: Legal | null = null;
  let countdown: number | null = null; // seconds left before "ready" is sent
  let countdownTimer: number | undefined;
  // The 3-D table, once asked for (three.js is loaded on demand).
  let three: Ice3d | null = null;
  let want3d = false;
  // The SVG and each tower's element, kept across redraws (keyed by id).
  let svg: SVGSVGElement | null = null;
  /** The towers' worth, drawn over every tower (renderTable). */
  let labels: SVGGElement | null = null;
  const towerEls = new Map<TowerId, { g: SVGGElement; body: SVGGElement; sig: string }>();

  const colours = () => view?.seats.map((s) => s.colour).concat(view.settings.ghost ? ['white'] : []) ?? COLOURS;
  const mySeat = () => (ctx.seat === null || !view ? null : view.seats[ctx.seat]);
  const tower = (id: TowerId) => view?.towers.find((t) => t.id === id);
  const colourOf = (p: PieceId) => colours()[pieceColour(p)] ?? 'white';
  const ghostColour = () => (view?.settings.ghost ? view.seats.length : -1);
  const playing = () => ctx.act !== null && view !== null && view.started !== null && !view.ending && mySeat() !== null;
  /** Pieces this seat may pick up to cap with: its own free-standers, and the ghost's. */
  const pickable = (t: TowerView) => t.pieces.length === 1 && (pieceColour(t.pieces[0]) === ctx.seat || pieceColour(t.pieces[0]) === ghostColour());
  /** The piece a tower click would cap with: the one held, else the one picked. */
  const capping = (): PieceId | null => mySeat()?.holding?.piece ?? capWith;

  // ---- asking the rules what is legal --------------------------------------

  let legalAsked = 0;
  async function refreshLegal(): Promise<void> {
    const v = view;
    if (!v || ctx.seat === null || ctx.act === null || v.started === null || v.ending) {
      legal = null;
      return;
    }
    const asked = ++legalAsked;
    try {
      const { ask } = await import('../rules/wasm');
      const actions = await ask<Action[]>('icetowers', 'legal', v, ctx.seat);
      if (asked !== legalAsked || v !== view) return; // the table moved on meanwhile
      legal = legalOf(actions);
    } catch {
      // No rules module (or a view it cannot rebuild): no highlights; the
      // server still judges every action.
      legal = null;
    }
    render();
  }

  // ---- acting ----------------------------------------------------------------

  function send(a: Action): void {
    capWith = null;
    opened = null;
    ctx.act?.(a);
    render();
  }

  function startCountdown(): void {
    if (countdown !== null) return;
    countdown = COUNTDOWN_S;
    const tick = () => {
      if (countdown === null) return;
      if (countdown <= 0) {
        countdown = null;
        window.clearInterval(countdownTimer);
        ctx.act?.({ type: 'ready' });
      }
      render();
      if (countdown !== null) countdown -= 1;
    };
    tick();
    countdownTimer = window.setInterval(tick, 1000);
  }

  function onMain(): void {
    const a = mainBtn.dataset.action;
    if (a === 'ready') startCountdown();
    else if (a === 'done') send({ type: 'done' });
    else if (a === 'undone') send({ type: 'undone' });
  }
  mainBtn.addEventListener('click', onMain);
  setDownBtn.addEventListener('click', () => send({ type: 'set_down' }));
  toggleBtn.addEventListener('click', () => void toggle3d());

  function pick(p: PieceId | null): void {
    capWith = p;
    opened = null;
    render();
  }

  function clickTower(t: TowerView): void {
    if (!ctx.act || !view || view.started === null || view.ending) {
      opened = opened === t.id ? null : t.id;
      return render();
    }
    const held = mySeat()?.holding;
    if (held) return send({ type: 'cap', piece: held.piece, onto: t.id });
    if (capWith !== null) {
      if (t.pieces.length === 1 && t.pieces[0] === capWith) return pick(null);
      // Another of your free-standers while one is picked: pick that one
      // instead, unless the picked one may cap it.
      if (pickable(t) && legal && !legal.caps.get(capWith)?.has(t.id)) return pick(t.pieces[0]);
      return send({ type: 'cap', piece: capWith, onto: t.id });
    }
    // Your own (or the ghost's) free-stander is a piece to cap with; the
    // server will say if that cap is illegal.
    if (pickable(t)) return pick(t.pieces[0]);
    opened = opened === t.id ? null : t.id;
    render();
  }

  async function toggle3d(): Promise<void> {
    want3d = !want3d;
    if (want3d && !three) {
      const { createIce3d } = await import('./ice3d');
      svgHost.replaceChildren();
      svg = null;
      towerEls.clear();
      three = createIce3d(svgHost, FILL, (id) => {
        const t = tower(id);
        if (t) clickTower(t);
      });
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
            const now = tower(t.id);
            if (now) clickTower(now);
          }
        }) as EventListener,
      });
      // The whole footprint is the click target, however small the pieces,
      // and it stays the same element whatever is redrawn inside.
      const hit = s('rect', { class: 'hit', x: -20, y: -20, width: 40, height: 40, fill: 'transparent' });
      hit.addEventListener('click', () => {
        const now = tower(t.id);
        if (now) clickTower(now);
      });
      const body = s('g', { class: 'it-body' });
      g.append(s('title', {}, `tower ${t.id}`), body, hit);
      el = { g, body, sig: '' };
      towerEls.set(t.id, el);
    }
    return el;
  }

  function renderTable(v: View): void {
    if (three) {
      const marked = new Set<TowerId>(recent.keys());
      if (opened !== null) marked.add(opened);
      const c = capping();
      if (c !== null && legal) for (const id of legal.caps.get(c) ?? []) marked.add(id);
      three.update(v.towers, colourOf, piecePips, marked);
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
    const c = capping();
    const targets = c !== null && legal ? (legal.caps.get(c) ?? new Set<TowerId>()) : null;
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
      const isPicked = capWith !== null && t.pieces.length === 1 && t.pieces[0] === capWith;
      const mine = legal?.mines.has(t.id) || legal?.splits.has(t.id);
      const canPick = playing() && c === null && pickable(t) && (legal === null || (legal.caps.get(t.pieces[0])?.size ?? 0) > 0);
      const cls = [
        'it-tower',
        isPicked ? 'capwith' : '',
        opened === t.id ? 'opened' : '',
        recent.has(t.id) ? 'recent' : '',
        targets?.has(t.id) ? 'legal' : '',
        targets && !targets.has(t.id) && !isPicked ? 'dim' : '',
        playing() && c === null && mine ? 'can-mine' : '',
        canPick ? 'can-pick' : '',
      ]
        .filter(Boolean)
        .join(' ');
      el.g.setAttribute('class', cls);
      el.g.setAttribute('transform', `translate(${t.pos.x} ${-t.pos.y}) scale(${k})`);
      el.g.dataset.topColour = topColour;
      el.g.dataset.count = String(t.pieces.length);
      el.g.dataset.legal = targets ? String(targets.has(t.id)) : '';
      // What its panel offers this seat now (I7 mine, I11 split), for tests and tools.
      el.g.dataset.can = playing() && c === null && legal ? [legal.mines.has(t.id) ? 'mine' : '', legal.splits.has(t.id) ? 'split' : ''].filter(Boolean).join(' ') : '';
      el.g.setAttribute(
        'aria-label',
        `tower ${t.id}: ${t.pieces.map((p) => pieceName(p, colours())).join(', ')} (bottom to top), ${pips} pips, ${topColour} on top${targets?.has(t.id) ? ', you may cap it' : ''}`,
      );
      (targets?.has(t.id) ? raised : ordered).push(el.g);
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
    const me = mySeat();
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
    const mine = v.towers.filter(pickable).map((t) => ({ piece: t.pieces[0], tower: t.id }));
    mine.sort((a, b) => piecePips(a.piece) - piecePips(b.piece) || a.tower - b.tower);
    const live = new Set(mine.map((m) => m.piece));
    for (const [p, b] of handBtns) {
      if (!live.has(p)) {
        b.remove();
        handBtns.delete(p);
      }
    }
    let prev: Element = heldEl;
    for (const m of mine) {
      let b = handBtns.get(m.piece);
      if (!b) {
        const piece = m.piece;
        b = h('button', { type: 'button', class: 'it-pick', 'data-pick': piece }, pieceGlyph(piece), h('span', { class: 'it-pick-label' }));
        b.addEventListener('click', () => {
          if (!playing() || mySeat()?.holding) return;
          pick(capWith === piece ? null : piece);
        });
        handBtns.set(piece, b);
      }
      const can = legal === null || (legal.caps.get(m.piece)?.size ?? 0) > 0;
      // The size and the tower number the table shows above it: "small, tower 4".
      const label = `${['small', 'medium', 'large'][piecePips(m.piece) - 1]}, tower ${m.tower}`;
      const lab = b.querySelector('.it-pick-label')!;
      if (lab.textContent !== label) lab.textContent = label;
      b.setAttribute('aria-pressed', String(capWith === m.piece));
      b.setAttribute('aria-label', `${pieceName(m.piece, colours())} standing alone as tower ${m.tower}${can ? '' : ': no tower takes it now'}`);
      b.classList.toggle('cannot', !can);
      b.disabled = !playing() || Boolean(me.holding);
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

  /** What is left for this seat to do, by the rules' own list (I6, I7,
   *  I11), and the status line saying it: when none of its pyramids can
   *  cap, the table says so and what is left, rather than "pick one of
   *  your pyramids" (issue 49). `plays` marks the case for tests. */
  function leftToDo(v: View): { text: string; plays: string } {
    if (!legal || [...legal.caps.values()].some((t) => t.size > 0)) {
      const text = capWith !== null ? `Capping with ${pieceName(capWith, colours())}: click a highlighted tower.` : 'Pick one of your pyramids, then a tower to cap.';
      return { text, plays: legal ? 'cap' : '' };
    }
    const others = v.seats.every((st, i) => i === ctx.seat || st.done);
    const finish = others ? 'press Done to end the game' : 'press Done if you have finished';
    const ways = [legal.mines.size > 0 ? 'take one of yours out' : '', legal.splits.size > 0 ? 'split it' : ''].filter(Boolean).join(' or ');
    if (ways) return { text: `None of your pyramids can cap now: click a tower outlined in orange to ${ways}, or ${finish}.`, plays: 'no-cap' };
    // I13: the game ends when everyone is done (or nobody can play), not at the timer.
    return { text: others ? 'No plays left: press Done to end the game.' : 'No plays left for now: press Done; the game ends when everyone is done.', plays: 'none' };
  }

  function renderBar(v: View): void {
    const me = mySeat();
    const act = ctx.act !== null && me !== null && !v.ending;
    const started = v.started !== null;
    toggleBtn.textContent = want3d ? '2-D view' : '3-D view';
    toggleBtn.setAttribute('aria-pressed', String(want3d));
    setDownBtn.hidden = !(act && started && me!.holding);
    if (v.ending) {
      setMain('Game over', 'over', true);
      setStatus('');
    } else if (!act) {
      setMain(started ? 'Watching' : 'Waiting', 'none', true);
      setStatus(started ? 'Watching: every action appears live.' : 'Waiting for the players to be ready.');
    } else if (!started && countdown !== null) {
      setMain(`Starting in ${countdown}…`, 'countdown', true);
      setStatus('Get ready: your pyramids are the ones in the row below the table.');
    } else if (!started && !me!.ready) {
      setMain('Ready', 'ready');
      setStatus('Press Ready: the game starts after a short countdown.');
    } else if (!started) {
      setMain('Waiting…', 'waiting', true);
      setStatus('Waiting for everyone to be ready…');
    } else if (me!.holding) {
      setMain('Done', 'done', true);
      setStatus(legal && (legal.caps.get(me!.holding.piece)?.size ?? 0) === 0 ? 'No tower takes it: set it down.' : 'Cap a highlighted tower with it.');
    } else if (me!.done) {
      setMain('Undo “done”', 'undone');
      setStatus('You said you are done; the game ends when everyone is.');
    } else {
      setMain('Done', 'done');
      const left = leftToDo(v);
      setStatus(left.text, left.plays);
    }
  }

  // ---- seats, panel, log --------------------------------------------------------

  function heldText(v: View, seat: number): string | null {
    const held = v.seats[seat].holding;
    if (!held) return null;
    const left = Math.max(0, held.deadline - (v.now + (Date.now() - received)));
    return `${(left / 1000).toFixed(1)} s`;
  }

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
    const v = view;
    if (!v) return;
    root.querySelectorAll<HTMLElement>('.it-held-time').forEach((el) => {
      const seat = el.dataset.seat !== undefined ? Number(el.dataset.seat) : ctx.seat;
      const t = seat === null ? null : heldText(v, seat);
      const text = t === null ? '' : el.dataset.seat !== undefined ? t : `(${t} left)`;
      if (el.textContent !== text) el.textContent = text;
    });
    const g = root.querySelector('.it-game-time');
    if (g && v.game_deadline !== null) {
      const text = Math.max(0, (v.game_deadline - v.now - (Date.now() - received)) / 1000).toFixed(0);
      if (g.textContent !== text) g.textContent = text;
    }
  }

  function renderPanel(): void {
    const t = opened === null ? undefined : tower(opened);
    panel.hidden = !t;
    if (!t) {
      replace(panel);
      return;
    }
    // Over the half of the table away from the tower, so the tower (and
    // its neighbours) stay in reach.
    const ys = view?.towers.map((x) => x.pos.y) ?? [0];
    const mid = (Math.min(...ys) + Math.max(...ys)) / 2;
    panel.classList.toggle('at-top', t.pos.y <= mid);
    const act = playing() && !mySeat()?.holding;
    const rows: HTMLElement[] = [];
    // Top of the tower first, as it is read from above.
    for (let i = t.pieces.length - 1; i >= 0; i--) {
      const p = t.pieces[i];
      // Only what the rules allow now is offered (all buried pieces when
      // the rules module could not answer: the server judges).
      const mineOk = act && i < t.pieces.length - 1 && (legal ? Boolean(legal.mines.get(t.id)?.has(p)) : true);
      rows.push(
        h(
          'li',
          {},
          pieceGlyph(p),
          ` ${pieceName(p, colours())} `,
          mineOk ? h('button', { type: 'button', 'data-action': 'mine', 'data-piece': p, onclick: () => send({ type: 'mine', tower: t.id, piece: p }) }, 'Take it out') : null,
        ),
      );
      const splitOk = act && i > 0 && (legal ? Boolean(legal.splits.get(t.id)?.has(i)) : pieceColour(t.pieces[i - 1]) === pieceColour(p));
      if (splitOk) {
        rows.push(h('li', { class: 'split' }, h('button', { type: 'button', 'data-action': 'split', onclick: () => send({ type: 'split', tower: t.id, at: i }) }, `Split here (${i} stay below)`)));
      }
    }
    const nothing = act && legal && !legal.mines.has(t.id) && !legal.splits.has(t.id);
    replace(
      panel,
      h('h3', {}, `Tower ${t.id}`, h('button', { type: 'button', class: 'link', 'aria-label': 'close', onclick: () => ((opened = null), render()) }, '×')),
      h('ul', { class: 'it-pieces' }, rows),
      // The hint and its rule are the rules crate's (games/icetowers/src/words.rs).
      nothing ? h('p', { class: 'muted' }, `${NOTHING_HERE.words} `, h('a', { href: ruleHref('icetowers', NOTHING_HERE.rule), class: 'rule-link' }, 'The rule')) : null,
    );
  }

  function renderLog(): void {
    replace(logEl, log.lines.length ? h('h3', {}, 'Latest') : null, h('ol', { class: 'it-log', reversed: true }, log.lines.slice(-8).reverse().map((l) => h('li', { class: l.kind }, l.text))));
  }

  function renderCountdown(): void {
    countdownEl.hidden = countdown === null;
    if (countdown !== null) countdownEl.textContent = countdown > 0 ? String(countdown) : 'Go!';
  }

  function render(): void {
    if (!view) return;
    renderBar(view);
    renderTable(view);
    renderHand(view);
    renderSeats(view);
    renderPanel();
    renderCountdown();
  }

  // The hold and game timers tick between steps: text only.
  const timer = window.setInterval(() => {
    if (view && !view.ending) tickTimes();
  }, 250);

  return {
    root,
    show(sh: Shown<View, Event>) {
      view = sh.view;
      received = Date.now();
      recent = new Map();
      for (const e of sh.events) {
        if (e.type === 'capped') recent.set(e.onto, 'capped');
        if (e.type === 'split') recent.set(e.new_tower, 'split');
        if (e.type === 'set_down') recent.set(e.tower, 'set_down');
      }
      if (!ctx.inReplay) log.follow(sh.told);
      if (capWith !== null && !sh.view.towers.some((t) => t.pieces.length === 1 && t.pieces[0] === capWith)) capWith = null;
      if (opened !== null && !tower(opened)) opened = null;
      if (sh.view.started !== null && countdown !== null) {
        countdown = null;
        window.clearInterval(countdownTimer);
      }
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
