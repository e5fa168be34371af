// Leaning Towers in a player's words: each placement's verdict (clean,
// slip, break, wreck) with its points, and refusals.

import type { Event, View } from '../wire/leaning';
// Why a piece slipped, in the game's own words (games/leaning SlipReason::words).
import { SLIP_REASONS } from '../wire/leaning';
import { clean, plural, type Line, type Who } from './say';

const pts = (n: number) => `${n > 0 ? '+' : ''}${plural(n, 'point')}`;

export function leaningLines(events: Event[], _view: View, who: Who): Line[] {
  const out: Line[] = [];
  for (const e of events) {
    switch (e.type) {
      case 'foundation_built':
        out.push({ kind: 'info', text: 'The foundation stands.' });
        break;
      case 'foundation_failed':
        out.push({ kind: 'info', text: `The foundation did not stand (${e.reason}); it is built again.` });
        break;
      case 'placed':
        out.push({
          kind: 'verdict',
          text: who(e.seat) === 'You' ? `Your ${e.released ? 'held ' : ''}${e.size} pyramid rests, clean: ${pts(e.points)}.` : `${who(e.seat)} ${e.released ? 'let go of the held' : 'placed a'} ${e.size} pyramid, clean: ${pts(e.points)}.`,
        });
        break;
      case 'held':
        out.push({ kind: 'verdict', text: `${who(e.seat)} ${who(e.seat) === 'You' ? 'hold' : 'holds'} a ${e.size} pyramid in place (${pts(e.points)} so far); ${who(e.seat) === 'You' ? 'you let' : 'they let'} it go on ${who(e.seat) === 'You' ? 'your' : 'their'} next turn.` });
        break;
      case 'failed': {
        const what = `${e.released ? 'the held' : 'a'} ${e.size} pyramid`;
        if (e.verdict === 'slip') {
          const why = (e.slip && SLIP_REASONS[e.slip]?.words) || 'it slipped';
          if (who(e.seat) === 'You') {
            out.push({
              kind: 'fell',
              text: `Your ${e.released ? 'held ' : ''}${e.size} pyramid slipped (${why}): ${e.forfeited ? (e.released ? `the piece is lost, ${pts(e.points)}` : 'no points, and that was the last try: the piece is lost') : 'no points, try again'}. The table is put back.`,
            });
          } else out.push({ kind: 'fell', text: `${who(e.seat)}: ${what} slipped (${why}). The table is put back.${e.forfeited ? ' The piece is lost.' : ' Same size again next try.'}` });
        } else {
          out.push({ kind: 'fell', text: `${who(e.seat)}: ${what} ${e.verdict === 'break' ? 'knocked' : 'wrecked'} ${plural(e.disturbed.length, 'piece')}: ${pts(e.points)}. The piece is lost and the table is put back.` });
        }
        break;
      }
      case 'frozen':
        out.push({ kind: 'info', text: 'The held piece that failed stays where it is, owned by nobody.' });
        break;
      case 'out':
        out.push({ kind: 'info', text: `${who(e.seat)} ${who(e.seat) === 'You' ? 'are' : 'is'} out of this game after a wreck.` });
        break;
      case 'passed':
        out.push({ kind: 'move', text: `${who(e.seat)} passed.` });
        break;
      case 'closed':
        out.push({ kind: 'end', text: 'Everyone passed in a row: the game closes.' });
        break;
      case 'game_over':
        out.push({ kind: 'end', text: `Game over: ${e.scores.map((s, i) => `${who(i)} ${s}`).join(', ')} points.` });
        break;
    }
  }
  return out;
}

export function leaningRefusal(message: string, who: Who): string {
  if (/was the previous placement: place a different size/.test(message)) return 'That size was just placed: pick a different size.';
  if (/must be tried again/.test(message)) return 'The piece that slipped must be tried again first.';
  if (/has no \w+ piece left/.test(message)) return 'You have no piece of that size left.';
  if (/already holds a piece/.test(message)) return 'You are already holding a piece.';
  return clean(message, who);
}
