// IceTowers in a player's words: towers by the number the board shows
// on them, pyramids by colour and size, refusals without engine names.

import { COLOURS, pieceColour, piecePips, type EndReason, type Event, type View } from '../wire/icetowers';
import { clean, type Line, type Who } from './say';

function colours(view: View): string[] {
  return view.seats.map((s) => s.colour).concat(view.settings.ghost ? ['white'] : []);
}

export function pyramid(piece: number, view: View): string {
  const c = colours(view)[pieceColour(piece)] ?? COLOURS[pieceColour(piece)] ?? 'grey';
  return `${['small', 'medium', 'large'][piecePips(piece) - 1]} ${c} pyramid`;
}

/** Why the game ended (I13), as the log's last line opens. */
const ENDINGS: Record<EndReason, string> = {
  all_done: 'Everyone is done',
  no_plays: 'Nobody can play any more',
  timer: 'Time is up',
};

export function iceLines(events: Event[], view: View, who: Who): Line[] {
  const out: Line[] = [];
  for (const e of events) {
    switch (e.type) {
      case 'ready':
        out.push({ kind: 'info', text: `${who(e.seat)} ${who(e.seat) === 'You' ? 'are' : 'is'} ready.` });
        break;
      case 'started':
        out.push({ kind: 'info', text: 'Everyone is ready: go!' });
        break;
      case 'capped':
        out.push({ kind: 'move', text: `${who(e.seat)} capped tower ${e.onto} with a ${pyramid(e.piece, view)}.` });
        break;
      case 'mined':
        out.push({ kind: 'move', text: `${who(e.seat)} took a ${pyramid(e.piece, view)} out of tower ${e.from}.` });
        break;
      case 'set_down':
        out.push({ kind: 'move', text: `${who(e.seat)} set a ${pyramid(e.piece, view)} down as tower ${e.tower}${e.forced ? ' (held too long)' : ''}.` });
        break;
      case 'split':
        out.push({ kind: 'move', text: `${who(e.seat)} split tower ${e.tower}: its top is now tower ${e.new_tower}.` });
        break;
      case 'done':
        out.push({ kind: 'info', text: `${who(e.seat)} ${who(e.seat) === 'You' ? 'have' : 'has'} no more plays.` });
        break;
      case 'undone':
        out.push({ kind: 'info', text: `${who(e.seat)} ${who(e.seat) === 'You' ? 'play' : 'plays'} on after all.` });
        break;
      case 'ended':
        out.push({ kind: 'end', text: `${ENDINGS[e.reason]}: ${e.scores.map((s, i) => `${who(i)} ${s}`).join(', ')} points.` });
        break;
    }
  }
  return out;
}

export function iceRefusal(message: string, who: Who): string {
  const rules: [RegExp, string][] = [
    [/is larger than the top of tower/, 'That pyramid is bigger than the top of that tower.'],
    [/is neither your colour nor the ghost's/, 'That pyramid is not your colour.'],
    [/cannot cap itself/, 'A pyramid cannot cap itself.'],
    [/is already topped by that colour/, 'That tower already has that colour on top.'],
    [/you cannot mine it/, 'You cannot take a pyramid out of a tower your colour already tops.'],
    [/fewer than two pieces of that colour/, 'A tower needs two pyramids of that colour before one can be taken out.'],
    [/no minebacks/, 'That pyramid just came out of that tower: it cannot go straight back.'],
    [/can still cap a tower, so it cannot be set down/, 'Your pyramid can still cap a tower, so you may not set it down yet.'],
    [/is holding a piece/, 'You are holding a pyramid: cap a tower with it or set it down first.'],
    [/holds no piece/, 'You are not holding a pyramid.'],
    [/is not a free-stander and not in your hand/, 'Only a pyramid standing alone, or the one in your hand, can cap a tower.'],
    [/ghost never caps a free-stander/, 'The ghost never caps a pyramid standing alone.'],
    [/cannot split/, 'You cannot split a tower while holding a pyramid.'],
    [/has no same-colour pair/, 'A tower splits only between two pyramids of the same colour.'],
    [/split a pair of your own colour/, 'You cannot split a pair of your own colour.'],
    [/has not started: every seat must say ready/, 'Not yet: everyone must say ready first.'],
  ];
  for (const [re, text] of rules) if (re.test(message)) return text;
  return clean(message.replace(/\bt(\d+)\b/g, '$1').replace(/\bpiece \w+#\d+/g, 'that pyramid'), who);
}
