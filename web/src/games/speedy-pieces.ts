// How Speedy Towers pieces are named and drawn as small chips: words for
// screen readers and logs, and a suit's symbol and letter beside its
// colour so that no suit is told by colour alone. Presentation only.

import { h } from '../ui/dom';
import type { Card, Look, Placing, Suit, Value } from '../wire/speedy';
import { SUITS } from '../generated/speedy';

// The suits' names and symbols are the game's own (piece.rs Suit::name,
// Suit::symbol, generated as SUITS).
export { SUITS } from '../generated/speedy';

/** A suit's name and symbol by its letter, if it is one. */
export function suitOf(letter: string): { name: string; symbol: string } | undefined {
  return (SUITS as Record<string, { name: string; symbol: string } | undefined>)[letter];
}

/** The same hues as Tower of Babel's tiles (style.css .suit-*). */
export const SUIT_COLOUR: Record<string, string> = { S: '#a66300', M: '#0072b2', C: '#007556', A: '#9c4f7c' };

/** A value as printed on a piece: Null as 0, Ace as A (as in Tower of Babel). */
export function valueText(v: Value): string {
  return v === 'Null' ? '0' : v === 'Ace' ? 'A' : v;
}

export function cardName(c: Card): string {
  return `${SUITS[c.suit].name} ${c.value}`;
}

export function lookName(l: Look): string {
  switch (l.kind) {
    case 'tile':
      return `tile ${cardName(l.card)}`;
    case 'face_down_tile':
      return 'face-down tile';
    case 'pawn':
      return `${SUITS[l.suit].name} pawn`;
    case 'coin': {
      if (l.suit && l.value) return `coin ${SUITS[l.suit].name} ${l.value}, ${l.face} up`;
      if (l.face === 'suit') return `coin ${l.suit ? SUITS[l.suit].name : '?'} (suit up)`;
      return `coin ${l.value ?? '?'} (value up)`;
    }
  }
}

export function placingName(p: Placing, coinCard: (id: number) => Card | undefined, tileCard: Card | undefined): string {
  switch (p.kind) {
    case 'tile':
      return tileCard ? `tile ${cardName(tileCard)}` : 'your face-up tile';
    case 'pawn':
      return 'your pawn';
    case 'coin': {
      const c = coinCard(p.coin);
      return c ? `coin ${cardName(c)}, ${p.face} up` : `coin #${p.coin}, ${p.face} up`;
    }
  }
}

/** A tile's face as a chip: colour, symbol, value, and the name for screen readers. */
export function tileChip(c: Card, cls = ''): HTMLElement {
  return h(
    'span',
    { class: `sp-chip tile suit-${c.suit} ${cls}`, title: `tile ${cardName(c)}`, role: 'img', 'aria-label': `tile ${cardName(c)}` },
    h('span', { class: 'sym' }, SUITS[c.suit].symbol),
    h('span', { class: 'val' }, valueText(c.value)),
  );
}

/** One coin face: the suit face in its colour with symbol and letter, the value face plain. */
export function coinFaceChip(face: 'suit' | 'value', suit: Suit | null, value: Value | null): HTMLElement {
  if (face === 'suit') {
    const name = suit ? SUITS[suit].name : 'unknown suit';
    return h('span', { class: `sp-chip coin ${suit ? `suit-${suit}` : 'unknown'}`, title: name, role: 'img', 'aria-label': `suit face ${name}` }, suit ? `${SUITS[suit].symbol}${suit}` : '?');
  }
  return h('span', { class: 'sp-chip coin value', title: `value ${value ?? 'unknown'}`, role: 'img', 'aria-label': `value face ${value ?? 'unknown'}` }, value ? valueText(value) : '?');
}

/** A piece as a viewer sees it, as chips (a known coin shows both faces, up face first). */
export function lookChip(l: Look): HTMLElement {
  switch (l.kind) {
    case 'tile':
      return tileChip(l.card);
    case 'face_down_tile':
      return h('span', { class: 'sp-chip tile down', role: 'img', 'aria-label': 'face-down tile', title: 'face-down tile' }, '▒');
    case 'pawn':
      return h('span', { class: `sp-chip pawn suit-${l.suit}`, role: 'img', 'aria-label': lookName(l), title: lookName(l) }, `♟${l.suit}`);
    case 'coin': {
      const up = coinFaceChip(l.face, l.suit, l.value);
      const other = l.face === 'suit' ? (l.value ? coinFaceChip('value', null, l.value) : null) : l.suit ? coinFaceChip('suit', l.suit, null) : null;
      return h('span', { class: 'sp-coin', 'data-look': `coin-${l.face}` }, up, other ? h('span', { class: 'under', title: 'the face underneath, known to you' }, other) : null);
    }
  }
}
