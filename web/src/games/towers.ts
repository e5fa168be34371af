// Towers on a 2-D board: one button per block (so the board is keyboard-
// and screen-reader-usable), the height as a number, the owner by colour
// AND shape (Black: filled disc, White: hollow square, utility: hatched
// "U"), legal targets from the view's `legal` list only.

import { h, replace } from '../ui/dom';
import type { Stuck } from '../generated/towers';
import type { Block, Event, Move, Square, View } from '../wire/towers';
import { moveText, squareName } from '../wire/towers';
import { mayAct, type GameContext, type GameUi, type Shown } from './types';

// Long enough to see which towers came down while the message line over
// the board says why (issue #49: a wipe-out of 41 towers was gone before
// anyone saw it). The ghosts outlive re-renders until then.
const GONE_MS = 3000;

export function towersUi(ctx: GameContext<Move>): GameUi<View, Event, Move> {
  const board = h('div', { class: 'tw-board', role: 'grid', 'aria-label': 'Towers board' });
  const side = h('div', { class: 'tw-side' });
  const root = h('div', { class: 'tw' }, board, side);

  let view: View | null = null;
  let selected: Square | null = null;
  let lastMove: Move | null = null;
  // The last move in the history's words (games/towers/src/words.rs, worded
  // once per step by the table screen or the replay); its notation until
  // they arrive, or if the rules module could not word it.
  let lastWords = '';
  let lastStep = 0;
  let focusSquare: Square = 'a1';
  let canAct = false;
  // Over by the rules (view.over) or outside them (resignation, agreed draw, time).
  let finished = false;
  let history: string[] = [];
  // Towers that just came down (T13, T14) or were flattened (T19): drawn
  // as they stood over their blocks until `until`, whatever re-renders.
  const ghosts = new Map<Square, { block: Block; at: number; until: number }>();
  let ghostTimer = 0;

  function steps(): Extract<Move, { type: 'step' }>[] {
    return (view?.legal ?? []).filter((m): m is Extract<Move, { type: 'step' }> => m.type === 'step');
  }

  function targetsOf(from: Square): Set<Square> {
    return new Set(steps().filter((m) => m.from === from).map((m) => m.to));
  }

  function placement(sq: Square): Move | undefined {
    return view?.legal.find((m) => (m.type === 'place' || m.type === 'utility') && m.at === sq);
  }

  function send(m: Move): void {
    selected = null;
    ctx.act?.(m);
    render();
  }

  /** A tower of the mover's that the view gives no move: the rules say
   *  why (surrounded, T9; nothing to land on at its distance, T8), in the
   *  message line over the board, instead of a click that does nothing. */
  function explainStuck(sq: Square): void {
    const v = view;
    if (!v) return;
    selected = null;
    render();
    // The rules module loads on first use, as for the history's words.
    import('../rules/wasm')
      .then(({ ask }) => ask<Stuck | null>('towers', 'stuck', v, sq, ctx.settings))
      .then((why) => {
        if (why && view === v) ctx.tell?.(why.text, why.rule);
      })
      .catch(() => ctx.tell?.(`The tower on ${sq} has no move now (this browser could not load the rules to say why).`, null));
  }

  function isMine(sq: Square): boolean {
    const v = view;
    if (!v || v.phase !== 'moves') return false;
    const b = v.blocks[(Number(sq.slice(1)) - 1) * v.cols + (sq.charCodeAt(0) - 97)];
    return b !== undefined && b.height > 0 && b.top === v.turn;
  }

  function click(sq: Square): void {
    focusSquare = sq;
    if (!canAct || !view) return;
    if (selected && targetsOf(selected).has(sq)) {
      send({ type: 'step', from: selected, to: sq });
      return;
    }
    const p = placement(sq);
    if (p) {
      send(p);
      return;
    }
    if (targetsOf(sq).size === 0 && isMine(sq) && !view.legal.some((m) => m.type === 'pass')) {
      explainStuck(sq);
      return;
    }
    if (selected && selected !== sq && targetsOf(sq).size === 0) {
      // Not a landing the view offers: the server refuses it in the game's
      // own words (the rule one click away), never silently.
      send({ type: 'step', from: selected, to: sq });
      return;
    }
    selected = selected !== sq && targetsOf(sq).size > 0 ? sq : null;
    render();
  }

  function describe(sq: Square, b: Block): string {
    if (b.height === 0) return `${sq} empty`;
    const owner = b.top === 'utility' ? 'utility' : `${b.top}`;
    return `${sq} ${owner} tower, ${b.height} floor${b.height === 1 ? '' : 's'}${b.utility ? ', utility inside' : ''}`;
  }

  function cell(col: number, row: number, targets: Set<Square>, movable: Set<Square>): HTMLElement {
    const v = view!;
    const sq = squareName(col, row);
    const b = v.blocks[row * v.cols + col];
    const isTarget = targets.has(sq);
    const canPlace = canAct && placement(sq) !== undefined;
    const last =
      lastMove &&
      ((lastMove.type === 'step' && (lastMove.from === sq || lastMove.to === sq)) ||
        ((lastMove.type === 'place' || lastMove.type === 'utility') && lastMove.at === sq));
    const cls = [
      'tw-cell',
      b.height === 0 ? 'empty' : `own-${b.top}`,
      selected === sq ? 'selected' : '',
      isTarget ? 'target' : '',
      canPlace ? 'placeable' : '',
      canAct && movable.has(sq) ? 'movable' : '',
      last ? 'last' : '',
    ].join(' ');
    let label = describe(sq, b);
    const ghost = ghosts.get(sq);
    if (ghost) label += `, just came down: a tower of ${ghost.block.height}`;
    if (selected === sq) label += ', picked';
    if (isTarget) label += ', legal target';
    if (canPlace) label += ', you may place here';
    if (last) label += ', last move';
    return h(
      'button',
      {
        class: cls,
        role: 'gridcell',
        'data-square': sq,
        'data-height': b.height,
        'data-top': b.top ?? '',
        'data-target': isTarget || null,
        'data-movable': (canAct && movable.has(sq)) || null,
        'data-placeable': canPlace || null,
        tabindex: sq === focusSquare ? 0 : -1,
        'aria-label': label,
        onclick: () => click(sq),
      },
      b.height > 0 ? h('span', { class: 'mark', 'aria-hidden': 'true' }) : null,
      b.height > 0 ? h('span', { class: 'height' }, b.height) : null,
      b.utility && b.top !== 'utility' ? h('span', { class: 'util', title: 'utility inside' }, 'u') : null,
      isTarget || canPlace ? h('span', { class: 'dot', 'aria-hidden': 'true' }) : null,
      ghost
        ? h(
            'span',
            {
              class: `tw-gone own-${ghost.block.top}`,
              'data-testid': 'demolished',
              'aria-hidden': 'true',
              // Continues where it was after a re-render.
              style: `animation-duration:${GONE_MS}ms;animation-delay:${ghost.at - Date.now()}ms`,
            },
            h('span', { class: 'height' }, ghost.block.height),
          )
        : null,
    );
  }

  // Arrow keys move focus around the grid (one tab stop for the board).
  board.addEventListener('keydown', (e: KeyboardEvent) => {
    if (!view) return;
    const col = focusSquare.charCodeAt(0) - 97;
    const row = Number(focusSquare.slice(1)) - 1;
    const d: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, 1],
      ArrowDown: [0, -1],
    };
    const step = d[e.key];
    if (e.key === 'Escape') {
      selected = null;
      render();
      return;
    }
    if (!step) return;
    e.preventDefault();
    const c = Math.max(0, Math.min(view.cols - 1, col + step[0]));
    const r = Math.max(0, Math.min(view.rows - 1, row + step[1]));
    focusSquare = squareName(c, r);
    render();
    board.querySelector<HTMLElement>(`[data-square="${focusSquare}"]`)?.focus();
  });

  function render(): void {
    const v = view;
    if (!v) return;
    const now = Date.now();
    for (const [sq, g] of ghosts) if (g.until <= now) ghosts.delete(sq);
    const targets = selected ? targetsOf(selected) : new Set<Square>();
    const movable = new Set(steps().map((m) => m.from));
    board.style.setProperty('--cols', String(v.cols));
    const hadFocus = board.contains(document.activeElement);
    const cells: HTMLElement[] = [];
    // Row 1 at the bottom, as in T3 and the command line's diagrams, with
    // the row numbers and column letters of the notation around it.
    for (let row = v.rows - 1; row >= 0; row--) {
      cells.push(h('span', { class: 'tw-label', 'aria-hidden': 'true' }, row + 1));
      for (let col = 0; col < v.cols; col++) cells.push(cell(col, row, targets, movable));
    }
    cells.push(h('span', { class: 'tw-label' }));
    for (let col = 0; col < v.cols; col++) {
      cells.push(h('span', { class: 'tw-label', 'aria-hidden': 'true' }, String.fromCharCode(97 + col)));
    }
    replace(board, cells);
    if (hadFocus) board.querySelector<HTMLElement>(`[data-square="${focusSquare}"]`)?.focus();
    board.dataset.turn = v.turn;
    board.dataset.over = String(v.over);
    renderSide(v);
  }

  function renderSide(v: View): void {
    const me = ctx.seat === null ? null : ctx.seat === 0 ? 'black' : 'white';
    const capture = v.variant.includes('capture');
    const player = (c: 'black' | 'white', i: 0 | 1) =>
      h(
        'div',
        { class: `tw-player ${v.turn === c && !finished ? 'to-move' : ''}`, 'data-score': v.scores[i] },
        h('span', { class: `chip own-${c}`, 'aria-hidden': 'true' }, h('span', { class: 'mark' })),
        h('b', {}, c === 'black' ? 'Black' : 'White'),
        ` ${ctx.seatLabel(i)} `,
        h('span', { class: 'score' }, `${v.scores[i]} floors`),
        capture ? h('span', { class: 'muted' }, ` (captured ${v.captured[i]})`) : null,
        v.turn === c && !finished ? h('span', { class: 'badge' }, 'to move') : null,
      );
    const phase =
      v.phase === 'utilities'
        ? `Infrastructure: place utilities (${v.utilities_left} left)`
        : v.phase === 'sprawl'
          ? 'Sprawl: place single floors on empty blocks'
          : null;
    const pass = v.legal.find((m) => m.type === 'pass');
    replace(
      side,
      player('black', 0),
      player('white', 1),
      h('p', { class: 'muted' }, `${v.cols} by ${v.rows} board`, me ? ` · you play ${me}` : ''),
      phase ? h('p', { class: 'phase' }, phase) : null,
      canAct && selected ? h('p', {}, `Picked ${selected}: choose a highlighted target (Esc to cancel).`) : null,
      canAct && !selected && v.phase === 'moves' && !pass ? h('p', {}, 'Your move: pick one of your towers.') : null,
      canAct && pass
        ? h('button', { class: 'primary', 'data-action': 'pass', onclick: () => send(pass) }, 'Pass (no legal move)')
        : null,
      lastMove ? h('p', { class: 'last-move' }, 'Last move: ', lastWords) : null,
      history.length
        ? h('details', {}, h('summary', {}, `Moves (${history.length})`), h('p', { class: 'moves' }, history.join(' ')))
        : null,
      // Each side's floors are beside its name above, and the result says who won.
      v.over ? h('p', { class: 'over' }, 'Game over.') : null,
    );
  }

  /** Towers that just left the board stay drawn a moment, then drop away. */
  function showGone(before: View, squares: Square[]): void {
    const at = Date.now();
    for (const sq of squares) {
      const col = sq.charCodeAt(0) - 97;
      const row = Number(sq.slice(1)) - 1;
      const old = before.blocks[row * before.cols + col];
      if (old && old.height > 0) ghosts.set(sq, { block: old, at, until: at + GONE_MS });
    }
    if (!squares.length) return;
    window.clearTimeout(ghostTimer);
    ghostTimer = window.setTimeout(render, GONE_MS + 20);
  }

  /** The move list and last move from the steps so far (a reload's welcome). */
  function follow(past: Event[][]): void {
    history = [];
    lastMove = null;
    for (const events of past) {
      for (const e of events) {
        if (e.type !== 'played') continue;
        lastMove = e.move;
        history.push(moveText(e.move));
      }
    }
    lastWords = lastMove ? moveText(lastMove) : '';
  }

  return {
    root,
    show(s: Shown<View, Event>) {
      const before = view;
      view = s.view;
      finished = s.view.over || s.toAct.type === 'nobody' || s.ending !== null;
      canAct = ctx.act !== null && mayAct(s.toAct, ctx.seat) && !finished;
      let gone: Square[] = [];
      if (s.past && !ctx.inReplay) follow(s.past);
      for (const e of s.events) {
        if (e.type === 'played') {
          lastMove = e.move;
          lastWords = moveText(e.move);
          if (!ctx.inReplay) history.push(moveText(e.move));
        }
        if (e.type === 'demolished' || e.type === 'flattened') gone = gone.concat(e.squares);
      }
      if (!s.live && s.events.length === 0 && !s.past) lastMove = null;
      const step = ++lastStep;
      if (lastMove && s.told) {
        void s.told.then((lines) => {
          // The move's own line; what fell because of it has lines of its own.
          const words = lines.filter((l) => l.kind === 'move').map((l) => l.text);
          // Only if no later step has been shown meanwhile.
          if (step !== lastStep || words.length === 0) return;
          lastWords = words.join(' ');
          render();
        });
      }
      // A selection made on an older view may no longer be legal.
      if (selected && targetsOf(selected).size === 0) selected = null;
      if (s.live && before) showGone(before, gone);
      render();
    },
    destroy() {
      window.clearTimeout(ghostTimer);
      root.remove();
    },
  };
}
