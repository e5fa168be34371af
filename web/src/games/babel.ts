// Tower of Babel: the line of stacks, left to right. A stack that has a
// legal move (from the view's `legal` list) can be picked, by click or by
// dragging it; its legal targets (1 or 3 to the left) light up. Draw, end
// and hint are buttons. Tiles show suit by symbol AND colour. What the
// table keeps and how each input changes it is babelState.ts; this file
// draws it and feeds it clicks, drags, hints and the server's views.

import { h, replace } from '../ui/dom';
import type { Action, Event, Tile, View } from '../wire/babel';
import { suitOf, tileName } from '../wire/babel';
import { type GameContext, type GameUi, type Shown } from './types';
import { plural } from '../words/say';
import * as table from './babelState';
import type { BabelState, MoveAction } from './babelState';

function tileEl(t: Tile, cls = ''): HTMLElement {
  const suit = suitOf(t[0]);
  return h(
    'span',
    { class: `bb-tile suit-${t[0]} ${cls}`, title: tileName(t), 'data-tile': t },
    h('span', { class: 'sym', 'aria-hidden': 'true' }, suit?.symbol ?? t[0]),
    h('span', { class: 'val' }, t[1] === 'n' ? '0' : t[1] === 'a' ? 'A' : t[1]),
  );
}

/** A hinted action in words: the stacks by the numbers the line shows. */
function hintWords(a: Action): string {
  switch (a.type) {
    case 'move':
      return `put stack ${a.from} onto stack ${a.from - a.gap}`;
    case 'draw':
      return 'draw the next tile';
    case 'undo':
      return 'take back your last move';
    default:
      return 'end the game';
  }
}

export function babelUi(ctx: GameContext<Action>): GameUi<View, Event, Action> {
  const line = h('div', { class: 'bb-line', role: 'list', 'aria-label': 'The line of stacks' });
  const controls = h('div', { class: 'bb-controls' });
  const info = h('div', { class: 'bb-info' });
  const root = h('div', { class: 'bb' }, controls, line, info);

  let state: BabelState = table.initial({ sends: ctx.act !== null, seat: ctx.seat });

  /** What a click, a drop or a button asked for, after the new state is in. */
  function apply(r: table.Result): void {
    state = r.state;
    if (r.effect.type === 'none') return;
    if (r.effect.type === 'send') ctx.act?.(r.effect.action);
    render();
  }

  function stackEl(stack: Tile[], pos: number, targets: Map<number, MoveAction>, movable: Set<number>): HTMLElement {
    const { selected, hinted, canAct, lastTo } = state;
    const top = stack[stack.length - 1];
    const isTarget = targets.has(pos);
    const canMove = canAct && movable.has(pos);
    const isHintFrom = hinted?.type === 'move' && hinted.from === pos;
    const isHintTo = hinted?.type === 'move' && hinted.from - hinted.gap === pos;
    const el = h(
      'button',
      {
        class: [
          'bb-stack',
          selected === pos ? 'selected' : '',
          isTarget ? 'target' : '',
          canMove ? 'movable' : '',
          isHintFrom || isHintTo ? 'hinted' : '',
          lastTo === pos ? 'last' : '',
        ].join(' '),
        role: 'listitem',
        'data-pos': pos,
        'data-top': top,
        'data-movable': canMove || null,
        'data-target': isTarget || null,
        draggable: canMove ? 'true' : null,
        'aria-label':
          `stack ${pos}: ${tileName(top)} on top, ${stack.length} tile${stack.length === 1 ? '' : 's'}` +
          (isTarget ? ', legal target' : '') +
          (selected === pos ? ', picked' : ''),
        onclick: () => apply(table.click(state, pos)),
        ondragstart: ((e: DragEvent) => {
          state = table.drag(state, pos);
          e.dataTransfer?.setData('text/plain', String(pos));
          // Re-render after the drag image is taken, so targets light up.
          setTimeout(render, 0);
        }) as EventListener,
        ondragover: ((e: DragEvent) => {
          if (table.mayDrop(state, pos)) e.preventDefault();
        }) as EventListener,
        ondrop: ((e: DragEvent) => {
          e.preventDefault();
          apply(table.drop(state, pos));
        }) as EventListener,
      },
      h('span', { class: 'pos' }, pos),
      h(
        'span',
        { class: 'bb-under', 'aria-hidden': 'true' },
        stack.slice(0, -1).map((t) => tileEl(t, 'small')),
      ),
      tileEl(top, 'top'),
    );
    return el;
  }

  function render(): void {
    const v = state.view;
    if (!v) return;
    const { canAct, selected, hinted, hintText } = state;
    const targets = table.targets(state);
    const movable = table.movable(state);
    const send = (a: Action) => apply(table.send(state, a));
    replace(
      line,
      v.line.length
        ? v.line.map((st, i) => stackEl(st, i + 1, targets, movable))
        : h('p', { class: 'muted' }, 'The line is empty: draw the first tile.'),
    );
    const draw = v.legal.find((a) => a.type === 'draw');
    const end = v.legal.find((a) => a.type === 'end');
    replace(
      controls,
      h(
        'button',
        { class: `primary ${hinted?.type === 'draw' ? 'hinted' : ''}`, 'data-action': 'draw', disabled: !canAct || !draw, onclick: () => draw && send(draw) },
        `Draw (${v.undrawn} left)`,
      ),
      end ? h('button', { 'data-action': 'end', disabled: !canAct, onclick: () => send(end) }, 'End the game') : null,
      // B-8: take a move back (since the last draw), where the game allows it.
      v.can_undo ? h('button', { 'data-action': 'undo', disabled: !canAct, title: 'Take back your last move (not a draw)', onclick: () => send({ type: 'undo' }) }, 'Undo move') : null,
      ctx.hint
        ? h('button', { 'data-action': 'hint', disabled: !canAct, onclick: () => ctx.hint?.() }, 'Hint')
        : null,
      // Once over, the same line says so (\`data-summary\`); the outcome
      // itself is stated once, by the table's result.
      h('span', { class: 'muted', 'data-summary': v.over ? 'true' : null }, `${v.over ? 'Game over: ' : ''}${plural(v.line.length, 'stack')}${v.over ? ' left' : ''} · ${v.variant}`),
    );
    replace(
      info,
      hintText || hinted
        ? h('p', { class: 'hint', role: 'status' }, 'Hint: ', hinted ? hintWords(hinted) : null, hintText ? ` (${hintText})` : '')
        : null,
      canAct && selected !== null ? h('p', {}, `Stack ${selected} picked: drop it on a highlighted stack.`) : null,
      canAct && selected === null && table.moves(state).length > 0
        ? h('p', { class: 'muted' }, 'Pick or drag a stack onto a matching stack 1 or 3 places to its left.')
        : null,
      v.undrawn_tiles.length
        ? h(
            'details',
            {},
            h('summary', {}, `Still to come (${v.undrawn}, in no particular order)`),
            h('div', { class: 'bb-undrawn' }, v.undrawn_tiles.map((t) => tileEl(t, 'small'))),
          )
        : null,
    );
  }

  return {
    root,
    show(s: Shown<View, Event>) {
      state = table.show(state, s);
      render();
    },
    showHint(action: Action | null, text: string) {
      state = table.hint(state, action, text);
      render();
    },
    destroy() {
      root.remove();
    },
  };
}
