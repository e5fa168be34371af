// Speedy Towers in a player's words: who let go of what, what fell and
// what was taken back.

import { cardName, lookName } from '../games/speedy-pieces';
import type { Event, Look, View } from '../wire/speedy';
import { clean, plural, type Line, type Who } from './say';

export function speedyLines(events: Event[], view: View, who: Who, before: View | null = null): Line[] {
  const out: Line[] = [];
  // Pieces named by what was placed in this step, or by how the views show
  // them: a piece that fell off the table is only in the view before.
  const looks = new Map<number, Look>();
  for (const v of [before, view]) for (const t of v?.towers ?? []) for (const p of t.pieces) looks.set(p.piece, p.look);
  const name = (p: number) => {
    const l = looks.get(p);
    return l ? lookName(l) : 'a piece';
  };
  let placer: number | null = null;
  for (const e of events) {
    switch (e.type) {
      case 'ready':
        out.push({ kind: 'info', text: `${who(e.seat)} ${who(e.seat) === 'You' ? 'are' : 'is'} ready.` });
        break;
      case 'started':
        out.push({ kind: 'info', text: `Go! The towers start with ${e.foundations.map(cardName).join(', ')}.` });
        break;
      case 'revealed':
        out.push({ kind: 'info', text: `${who(e.seat)} turned up ${cardName(e.card)}.` });
        break;
      case 'hidden':
        out.push({ kind: 'info', text: `${who(e.seat)} turned a tile face down again.` });
        break;
      case 'placed':
        placer = e.seat;
        looks.set(e.piece, e.look);
        out.push({ kind: 'move', text: `${who(e.seat)} let go of a ${lookName(e.look)} over tower ${e.tower}` });
        break;
      case 'settled': {
        let text: string;
        if (e.fallen.length === 0) text = 'it stands.';
        else {
          text = `${plural(e.fallen.length, 'piece')} fell (${e.fallen.map(name).join(', ')})`;
          if (e.taken_back !== null) text += `; ${placer !== null ? who(placer) : 'the player'} took the ${name(e.taken_back)} back`;
          text += '.';
        }
        if (e.pawn_returned !== null) text += ' The pawn went back to its owner.';
        const last = out[out.length - 1];
        if (last?.kind === 'move') {
          last.text += `: ${text}`;
          if (e.fallen.length) last.kind = 'fell';
        } else out.push({ kind: e.fallen.length ? 'fell' : 'info', text: text[0].toUpperCase() + text.slice(1) });
        break;
      }
      case 'ended':
        out.push({
          kind: 'end',
          text: `${e.reason === 'pawn' ? 'A pawn is on top: the game is over' : 'Nobody can place any more: the game is over'}. Pieces left: ${e.pieces_left.map((n, i) => `${who(i)} ${n}`).join(', ')}.`,
        });
        break;
    }
  }
  return out;
}

export function speedyRefusal(message: string, who: Who): string {
  if (/cannot go on/.test(message)) return clean(message.replace(/^(.*) cannot go on (.*?): (.*)$/, 'That piece does not fit on that tower: $3'), who);
  if (/the pawn goes last/.test(message)) return 'Your pawn goes last, after all your tiles and coins.';
  if (/lower than the highest tower/.test(message)) return 'The pawn goes on one of the highest towers.';
  if (/farther than .* from the tower's centre/.test(message)) return 'That is too far from the tower: aim closer to its middle.';
  if (/has no face-up tile/.test(message)) return 'Turn a tile face up first.';
  if (/already has a face-up tile/.test(message)) return 'You already have a tile face up: place it or turn it back first.';
  return clean(message, who);
}
