// Tower of Babel's outcome in a player's words, said once, by the result
// screen (resultWords); the events and refusals are worded by the rules
// crate (games/babel/src/words.rs).

import { plural } from './say';

/** Babel's one statement of the outcome (B7): one stack wins; two or three
 *  are a partial win, which the engine does not count as a win (B-3). */
export function babelOutcome(stacks: number): { title: string; kind: 'won' | 'partial' | 'lost'; why: string } {
  if (stacks === 1) return { title: 'You won', kind: 'won', why: 'Everything ended in one stack.' };
  if (stacks <= 3) return { title: 'Partial win', kind: 'partial', why: `${plural(stacks, 'stack')} left. One stack would have been a complete win.` };
  return { title: 'You lost', kind: 'lost', why: `${plural(stacks, 'stack')} left: three or fewer would have been a partial win.` };
}
