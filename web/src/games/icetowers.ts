// IceTowers from above: every tower at its spot on the table (table.rs
// Pos, millimetres), drawn as nested squares, top piece last, with the
// top colour's letter so colours need not be told apart by hue alone.
// Clicking: with a piece in hand, a tower = cap onto it; otherwise your
// free-stander = pick it to cap with, any other tower = open its panel
// (mine a piece, split between two neighbours). The browser checks no rule:
// the server refuses an illegal action and the table shows why.

import { h, replace, s } from '../ui/dom';
import type { Action, Event, PieceId, TowerId, TowerView, View } from '../wire/icetowers';
import { COLOURS, pieceColour, pieceName, piecePips } from '../wire/icetowers';
import type { GameContext, GameUi, Shown } from './types';
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
const SIZE = [0, 9, 12.5, 16]; // half-side per pips, in table millimetres (towers stand 40 apart)

export function iceUi(ctx: GameContext<Action>): GameUi<View, Event, Action> {
  const svgHost = h('div', { class: 'it-table' });
  const panel = h('div', { class: 'it-panel' });
  const seatsEl = h('div', { class: 'it-seats' });
  const controls = h('div', { class: 'it-controls' });
  const root = h('div', { class: 'it' }, controls, svgHost, h('div', { class: 'it-side' }, seatsEl, panel));

  let view: View | null = null;
  let received = 0; // Date.now() when `view` arrived: view.now then matches it
  let capWith: PieceId | null = null;
  let opened: TowerId | null = null;
  let recent = new Map<TowerId, string>();
  let log: string[] = [];
  let timer: number | undefined;
  // The 3-D table, once asked for (three.js is loaded on demand).
  let three: Ice3d | null = null;
  let want3d = false;

  async function toggle3d(): Promise<void> {
    want3d = !want3d;
    if (want3d && !three) {
      const { createIce3d } = await import('./ice3d');
      svgHost.replaceChildren();
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

  const colours = () => view?.seats.map((s) => s.colour).concat(view.settings.ghost ? ['white'] : []) ?? COLOURS;
  const myColour = () => (ctx.seat === null ? null : ctx.seat);
  const mySeat = () => (ctx.seat === null || !view ? null : view.seats[ctx.seat]);
  const tower = (id: TowerId) => view?.towers.find((t) => t.id === id);
  const colourOf = (p: PieceId) => colours()[pieceColour(p)] ?? 'white';
  const ghostColour = () => (view?.settings.ghost ? view.seats.length : -1);

  function send(a: Action): void {
    capWith = null;
    ctx.act?.(a);
    render();
  }

  function clickTower(t: TowerView): void {
    if (!ctx.act || !view) {
      opened = t.id;
      return render();
    }
    const me = mySeat();
    if (me?.holding) return send({ type: 'cap', piece: me.holding.piece, onto: t.id });
    if (capWith !== null) {
      if (t.pieces.length === 1 && t.pieces[0] === capWith) {
        capWith = null;
        return render();
      }
      return send({ type: 'cap', piece: capWith, onto: t.id });
    }
    const c = pieceColour(t.pieces[0]);
    // Your own (or the ghost's) free-stander is a piece to cap with; the
    // server will say if that cap is illegal.
    if (t.pieces.length === 1 && (c === myColour() || c === ghostColour())) {
      capWith = t.pieces[0];
      opened = null;
      return render();
    }
    opened = t.id;
    render();
  }

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

  function towerSvg(t: TowerView, k: number): SVGGElement {
    const top = t.pieces[t.pieces.length - 1];
    const topColour = colourOf(top);
    const pips = t.pieces.reduce((n, p) => n + piecePips(p), 0);
    const classes = [
      'it-tower',
      capWith !== null && t.pieces.length === 1 && t.pieces[0] === capWith ? 'capwith' : '',
      opened === t.id ? 'opened' : '',
      recent.has(t.id) ? 'recent' : '',
    ].join(' ');
    const g = s(
      'g',
      {
        class: classes,
        transform: `translate(${t.pos.x} ${-t.pos.y}) scale(${k})`,
        tabindex: 0,
        role: 'button',
        'data-tower': t.id,
        'data-top-colour': topColour,
        'data-count': t.pieces.length,
        'aria-label': `tower ${t.id}: ${t.pieces.map((p) => pieceName(p, colours())).join(', ')} (bottom to top), ${pips} pips, ${topColour} on top`,
        onclick: () => clickTower(t),
        onkeydown: ((e: KeyboardEvent) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            clickTower(t);
          }
        }) as EventListener,
      },
      s('title', {}, `tower ${t.id}`),
      // The whole footprint is the click target, however small the pieces:
      // easier on touch screens than hitting a small pyramid.
      s('rect', { class: 'hit', x: -20, y: -20, width: 40, height: 40, fill: 'transparent' }),
    );
    // Bottom first, so the top piece is drawn last, fully visible; each
    // piece is a square pyramid seen from above (its ridges as diagonals).
    t.pieces.forEach((p, i) => {
      const r = SIZE[piecePips(p)] - Math.min(i, 3) * 1.5;
      const fill = FILL[colourOf(p)] ?? '#999';
      g.append(
        s('rect', { x: -r, y: -r, width: 2 * r, height: 2 * r, fill, class: 'piece', 'data-piece': p }),
        s('path', { d: `M${-r} ${-r}L${r} ${r}M${r} ${-r}L${-r} ${r}`, class: 'ridge' }),
      );
    });
    g.append(s('text', { class: `letter on-${topColour}`, y: 4 }, LETTER[topColour] ?? '?'));
    if (t.pieces.length > 1) g.append(s('text', { class: 'count', x: SIZE[3] + 1, y: SIZE[3] + 2 }, `${t.pieces.length}·${pips}`));
    // The tower's number, as the history and the refusals name it.
    g.append(s('text', { class: 'tower-id', x: -SIZE[3] - 1, y: -SIZE[3] + 1 }, String(t.id)));
    return g;
  }

  function renderTable(v: View): void {
    if (three) {
      const marked = new Set<TowerId>(recent.keys());
      if (opened !== null) marked.add(opened);
      if (capWith !== null) v.towers.filter((t) => t.pieces.length === 1 && t.pieces[0] === capWith).forEach((t) => marked.add(t.id));
      three.update(v.towers, colourOf, piecePips, marked);
      return;
    }
    const xs = v.towers.map((t) => t.pos.x);
    const ys = v.towers.map((t) => -t.pos.y);
    const k = scaleFor(v.towers);
    const pad = 34 * k;
    const minX = Math.min(...xs, 0) - pad;
    const minY = Math.min(...ys, 0) - pad;
    const w = Math.max(...xs, 0) + pad - minX;
    const hgt = Math.max(...ys, 0) + pad - minY;
    const svg = s(
      'svg',
      { viewBox: `${minX} ${minY} ${w} ${hgt}`, class: 'it-svg', role: 'group', 'aria-label': 'The table, seen from above' },
      v.towers.map((t) => towerSvg(t, k)),
    );
    replace(svgHost, svg);
  }

  function heldText(v: View, seat: number): string | null {
    const held = v.seats[seat].holding;
    if (!held) return null;
    const left = Math.max(0, held.deadline - (v.now + (Date.now() - received)));
    return `holding ${pieceName(held.piece, colours())} (${(left / 1000).toFixed(1)} s)`;
  }

  function renderSeats(v: View): void {
    replace(
      seatsEl,
      h('h3', {}, 'Scores'),
      h(
        'ul',
        { class: 'it-seatlist' },
        v.seats.map((st, i) =>
          h(
            'li',
            { 'data-seat': i, 'data-score': st.score, class: i === ctx.seat ? 'me' : '' },
            h('span', { class: `swatch`, style: `background:${FILL[st.colour]}` }, LETTER[st.colour]),
            ` ${st.colour} · ${ctx.seatLabel(i)} · `,
            h('b', {}, `${st.score} pips`),
            st.ready || v.started !== null ? null : h('span', { class: 'badge' }, 'not ready'),
            st.done ? h('span', { class: 'badge' }, 'done') : null,
            heldText(v, i) ? h('span', { class: 'held' }, ' ', heldText(v, i)) : null,
          ),
        ),
        v.ghost_score !== null
          ? h('li', {}, h('span', { class: 'swatch', style: `background:${FILL.white}` }, 'W'), ` ghost · ${v.ghost_score} pips`)
          : null,
      ),
      v.game_deadline !== null && !v.ending
        ? h('p', { class: 'muted' }, `Game timer: ${Math.max(0, (v.game_deadline - v.now - (Date.now() - received)) / 1000).toFixed(0)} s`)
        : null,
      v.ending ? h('p', { class: 'over', 'data-ended': v.ending.reason }, 'Game over.') : null,
    );
  }

  function renderPanel(v: View): void {
    const t = opened === null ? undefined : tower(opened);
    if (!t) {
      replace(
        panel,
        log.length ? h('h3', {}, 'Latest') : null,
        h('ol', { class: 'it-log', reversed: true }, log.slice(-8).reverse().map((l) => h('li', {}, l))),
      );
      return;
    }
    const act = ctx.act !== null && v.started !== null && !v.ending;
    const rows: HTMLElement[] = [];
    // Top of the tower first, as it is read from above.
    for (let i = t.pieces.length - 1; i >= 0; i--) {
      const p = t.pieces[i];
      rows.push(
        h(
          'li',
          {},
          h('span', { class: 'swatch', style: `background:${FILL[colourOf(p)]}` }, LETTER[colourOf(p)]),
          ` ${pieceName(p, colours())} `,
          // Only buried pieces can be pulled out; the top one is capped with.
          act && i < t.pieces.length - 1
            ? h('button', { 'data-action': 'mine', 'data-piece': p, onclick: () => send({ type: 'mine', tower: t.id, piece: p }) }, 'mine')
            : null,
        ),
      );
      // Offer a split between neighbours of one colour (where I11 can
      // apply at all); whether it is legal for you is the server's call.
      if (act && i > 0 && pieceColour(t.pieces[i - 1]) === pieceColour(p)) {
        rows.push(
          h('li', { class: 'split' }, h('button', { 'data-action': 'split', onclick: () => send({ type: 'split', tower: t.id, at: i }) }, `split here (${i} stay below)`)),
        );
      }
    }
    replace(
      panel,
      h('h3', {}, `Tower ${t.id}`, h('button', { class: 'link', 'aria-label': 'close', onclick: () => ((opened = null), render()) }, '×')),
      h('ul', { class: 'it-pieces' }, rows),
    );
  }

  function renderControls(v: View): void {
    const me = mySeat();
    const act = ctx.act !== null && me !== null && !v.ending;
    const started = v.started !== null;
    replace(
      controls,
      act && !started && !me!.ready ? h('button', { class: 'primary', 'data-action': 'ready', onclick: () => send({ type: 'ready' }) }, 'Ready') : null,
      act && !started && me!.ready ? h('span', {}, 'Waiting for everyone to be ready…') : null,
      act && started && me!.holding
        ? h('span', { class: 'holding', role: 'status' }, `In hand: ${pieceName(me!.holding.piece, colours())}. Click a tower to cap it, or `, h('button', { 'data-action': 'set_down', onclick: () => send({ type: 'set_down' }) }, 'set it down'), ` — ${heldText(v, ctx.seat!)?.replace(/^holding .*\(/, '').replace(')', '')} left`)
        : null,
      act && started && capWith !== null ? h('span', {}, `Capping with ${pieceName(capWith, colours())}: click the tower to cap.`) : null,
      act && started && !me!.holding
        ? me!.done
          ? h('button', { 'data-action': 'undone', onclick: () => send({ type: 'undone' }) }, 'Undo “done”')
          : h('button', { 'data-action': 'done', onclick: () => send({ type: 'done' }) }, 'Done (no more plays)')
        : null,
      !act && !v.ending ? h('span', { class: 'muted' }, started ? 'Watching: every action appears live.' : 'Waiting for the players to be ready.') : null,
      h('button', { class: 'view-toggle', 'data-action': 'toggle-3d', 'aria-pressed': String(want3d), onclick: () => void toggle3d() }, want3d ? '2-D view' : '3-D view'),
    );
  }

  function render(): void {
    if (!view) return;
    renderControls(view);
    renderTable(view);
    renderSeats(view);
    renderPanel(view);
  }

  function describe(e: Event): string | null {
    const who = (seat: number) => `${colours()[seat] ?? 'seat ' + seat}`;
    switch (e.type) {
      case 'capped':
        return `${who(e.seat)} capped tower ${e.onto} with ${pieceName(e.piece, colours())}`;
      case 'mined':
        return `${who(e.seat)} mined ${pieceName(e.piece, colours())} from tower ${e.from}`;
      case 'set_down':
        return `${who(e.seat)} set down ${pieceName(e.piece, colours())}${e.forced ? ' (hold limit)' : ''}`;
      case 'split':
        return `${who(e.seat)} split tower ${e.tower}`;
      case 'done':
        return `${who(e.seat)} is done`;
      case 'undone':
        return `${who(e.seat)} is not done after all`;
      case 'started':
        return 'Everyone is ready: go!';
      case 'ended':
        return `Game over: ${e.scores.join(' – ')}`;
      default:
        return null;
    }
  }

  // The hold and game timers tick between steps.
  timer = window.setInterval(() => {
    if (view && !view.ending && (view.seats.some((s) => s.holding) || view.game_deadline !== null)) {
      renderSeats(view);
      renderControls(view);
    }
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
        const line = ctx.inReplay ? null : describe(e);
        if (line) log.push(line);
      }
      if (log.length > 50) log = log.slice(-50);
      if (capWith !== null && !sh.view.towers.some((t) => t.pieces.length === 1 && t.pieces[0] === capWith)) capWith = null;
      if (opened !== null && !tower(opened)) opened = null;
      render();
    },
    destroy() {
      clearInterval(timer);
      three?.dispose();
      root.remove();
    },
  };
}
