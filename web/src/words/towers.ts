// Towers in a player's words: moves, knocked-down towers, refusals.

import type { Event, View } from '../wire/towers';
import { clean, plural, type Line, type Who } from './say';

const seatOf = (c: string) => (c === 'black' ? 0 : 1);

export function towersLines(events: Event[], _view: View, who: Who): Line[] {
  const out: Line[] = [];
  for (const e of events) {
    switch (e.type) {
      case 'played': {
        const name = `${who(seatOf(e.by))} (${e.by === 'black' ? 'Black' : 'White'})`;
        const m = e.move;
        out.push({
          kind: 'move',
          text:
            m.type === 'step'
              ? `${name} moved the tower on ${m.from} onto ${m.to}.`
              : m.type === 'place'
                ? `${name} placed a floor on ${m.at}.`
                : m.type === 'utility'
                  ? `${name} placed a utility on ${m.at}.`
                  : `${name} passed: no move was possible.`,
        });
        break;
      }
      case 'demolished':
        out.push({
          kind: 'fell',
          text: `${plural(e.squares.length, 'tower')} cut off from the tallest building came down (${e.squares.join(', ')}): ${plural(e.floors, 'floor')} gone.`,
        });
        break;
      case 'flattened':
        out.push({ kind: 'fell', text: `Flattened to one floor: ${e.squares.join(', ')} (${plural(e.floors, 'floor')} left the game).` });
        break;
      case 'ended':
        out.push({ kind: 'end', text: `No more moves: Black has ${plural(e.scores[0], 'floor')}, White ${plural(e.scores[1], 'floor')}.` });
        break;
    }
  }
  return out;
}

export function towersRefusal(message: string, who: Who): string {
  if (/is not a straight move/.test(message)) return 'Towers move in a straight line along a row or a column.';
  const dist = /must move exactly (\d+) block/.exec(message);
  if (dist) return `A tower moves exactly as many blocks as it is tall (${dist[1]} here).`;
  if (/must land on another tower/.test(message)) return 'A tower must land on another tower, not on an empty block.';
  if (/surrounded on all four sides/.test(message)) return 'That tower is hemmed in on all four sides and cannot move.';
  return clean(message.replace(/^it is (\w+)'s turn, not (\w+)'s/, 'it is not your turn'), who);
}
