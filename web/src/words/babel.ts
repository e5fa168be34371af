// Tower of Babel's outcome and refusals in a player's words. The outcome is
// said once, by the result screen (resultWords); the events are worded by
// the rules crate (games/babel/src/words.rs).

import { clean, plural } from './say';

/** Babel's one statement of the outcome (B7): one stack wins; two or three
 *  are a partial win, which the engine does not count as a win (B-3). */
export function babelOutcome(stacks: number): { title: string; kind: 'won' | 'partial' | 'lost'; why: string } {
  if (stacks === 1) return { title: 'You won', kind: 'won', why: 'Everything ended in one stack.' };
  if (stacks <= 3) return { title: 'Partial win', kind: 'partial', why: `${plural(stacks, 'stack')} left. One stack would have been a complete win.` };
  return { title: 'You lost', kind: 'lost', why: `${plural(stacks, 'stack')} left: three or fewer would have been a partial win.` };
}

export function babelRefusal(message: string): string {
  if (/does not match/.test(message)) return 'Those two tiles do not match: they need the same suit or the same number.';
  if (/moves 1 or 3 positions left/.test(message)) return 'A stack moves onto the stack next to it, or three places to its left.';
  if (/Strict variant: a move is legal/.test(message)) return 'In the Strict rules you may draw only when no move is possible, and there is one.';
  if (/cannot be taken back in this game/.test(message)) return 'Moves cannot be taken back in this game.';
  if (/no move since the last draw/.test(message)) return 'There is no move to take back: a draw cannot be undone.';
  if (/tiles are still to draw/.test(message)) return 'You can end the game only after the last tile is drawn.';
  return clean(message);
}
