// Towers on a 2-D board: one button per block (so the board is keyboard-
// and screen-reader-usable), the height as a number, the owner by colour
// AND shape (Black: filled disc, White: hollow square, utility: hatched
// "U"), legal targets from the view's `legal` list only. What the table
// keeps and how each input changes it is towersState.ts; this file draws
// it and feeds it clicks, keys, the server's views and the clock.

import { h, replace } from '../ui/dom';
import type { Stuck } from '../generated/towers';
import type { Block, Event, Move, Square, View } from '../wire/towers';
import { squareName } from '../wire/towers';
import { type GameContext, type GameUi, type Shown } from './types';
import * as table from './towersState';
import { GONE_MS, type TowersState } from './towersState';

export function towersUi(ctx: GameContext<Move>): GameUi<View, Event, Move> {
  const board = h('div', { class: 'tw-board', role: 'grid', 'aria-label': 'Towers board' });
  const side = h('div', { class: 'tw-side' });
  const root = h('div', { class: 'tw' }, board, side);

  let state: TowersState = table.initial({ sends: ctx.act !== null, seat: ctx.seat, inReplay: ctx.inReplay });
  let ghostTimer = 0;

  /** What a click or a button asked for, after the new state is in. */
  function apply(r: table.Result): void {
    state = r.state;
    switch (r.effect.type) {
      case 'none':
        return;
      case 'send':
        ctx.act?.(r.effect.move);
        render();
        return;
      case 'explain':
        render();
        explainStuck(r.effect.square);
        return;
      case 'draw':
        render();
    }
  }

  /** A tower of the mover's that the view gives no move: the rules say
   *  why (surrounded, T9; nothing to land on at its distance, T8), in the
   *  message line over the board. */
  function explainStuck(sq: Square): void {
    const v = state.view;
    if (!v) return;
    // The rules module loads on first use, as for the history's words.
    import('../rules/wasm')
      .then(({ ask }) => ask<Stuck | null>('towers', 'stuck', v, sq, ctx.settings))
      .then((why) => {
        if (why && state.view === v) ctx.tell?.(why.text, why.rule);
      })
      .catch(() => ctx.tell?.(`The tower on ${sq} has no move now (this browser could not load the rules to say why).`, null));
  }

  function describe(sq: Square, b: Block): string {
    if (b.height === 0) return `${sq} empty`;
    const owner = b.top === 'utility' ? 'utility' : `${b.top}`;
    return `${sq} ${owner} tower, ${b.height} floor${b.height === 1 ? '' : 's'}${b.utility ? ', utility inside' : ''}`;
  }

  function cell(col: number, row: number, targets: Set<Square>, movable: Set<Square>): HTMLElement {
    const v = state.view!;
    const { selected, canAct } = state;
    const sq = squareName(col, row);
    const b = v.blocks[row * v.cols + col];
    const isTarget = targets.has(sq);
    const canPlace = canAct && table.placement(state, sq) !== undefined;
    const last = table.isLast(state, sq);
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
    const ghost = table.ghostAt(state, sq);
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
        tabindex: sq === state.focus ? 0 : -1,
        'aria-label': label,
        onclick: () => apply(table.click(state, sq)),
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
    if (!state.view) return;
    const d: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, 1],
      ArrowDown: [0, -1],
    };
    const step = d[e.key];
    if (e.key === 'Escape') {
      state = table.cancel(state);
      render();
      return;
    }
    if (!step) return;
    e.preventDefault();
    state = table.moveFocus(state, step[0], step[1]);
    render();
    board.querySelector<HTMLElement>(`[data-square="${state.focus}"]`)?.focus();
  });

  function render(): void {
    state = table.tick(state, Date.now());
    const v = state.view;
    if (!v) return;
    const targets = state.selected ? table.targetsOf(state, state.selected) : new Set<Square>();
    const movable = table.movable(state);
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
    if (hadFocus) board.querySelector<HTMLElement>(`[data-square="${state.focus}"]`)?.focus();
    board.dataset.turn = v.turn;
    board.dataset.over = String(v.over);
    renderSide(v);
  }

  function renderSide(v: View): void {
    const { canAct, selected, finished, lastMove, lastWords, history } = state;
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
    const pass = table.passMove(state);
    replace(
      side,
      player('black', 0),
      player('white', 1),
      h('p', { class: 'muted' }, `${v.cols} by ${v.rows} board`, me ? ` · you play ${me}` : ''),
      phase ? h('p', { class: 'phase' }, phase) : null,
      canAct && selected ? h('p', {}, `Picked ${selected}: choose a highlighted target (Esc to cancel).`) : null,
      canAct && !selected && v.phase === 'moves' && !pass ? h('p', {}, 'Your move: pick one of your towers.') : null,
      canAct && pass
        ? h('button', { class: 'primary', 'data-action': 'pass', onclick: () => apply(table.pass(state)) }, 'Pass (no legal move)')
        : null,
      lastMove ? h('p', { class: 'last-move' }, 'Last move: ', lastWords) : null,
      history.length
        ? h('details', {}, h('summary', {}, `Moves (${history.length})`), h('p', { class: 'moves' }, history.join(' ')))
        : null,
      // Each side's floors are beside its name above, and the result says who won.
      v.over ? h('p', { class: 'over' }, 'Game over.') : null,
    );
  }

  return {
    root,
    show(s: Shown<View, Event>) {
      const now = Date.now();
      const wake = state.wakeAt;
      state = table.show(state, s, now);
      const step = state.step;
      if (state.lastMove && s.told) {
        void s.told.then((lines) => {
          const next = table.told(state, step, lines);
          if (next === state) return;
          state = next;
          render();
        });
      }
      // Towers that just left the board stay drawn a moment, then drop away.
      if (state.wakeAt !== null && state.wakeAt !== wake) {
        window.clearTimeout(ghostTimer);
        ghostTimer = window.setTimeout(render, state.wakeAt - now);
      }
      render();
    },
    destroy() {
      window.clearTimeout(ghostTimer);
      root.remove();
    },
  };
}
