// What every game's words share: a line of history, a refusal, and the
// clean-up of a message that is not yet a sentence (rule ids come out of
// it: the table puts them behind a link instead).

import type { Narration } from '../generated/core';

/** A line of history: the game's words (`Narration`), or one of the
 *  table's own (a gap, the rules module missing), which cite no rule and
 *  are about nobody's seat. */
export type Line = Pick<Narration, 'text'> & {
  /** For styling and tests: 'move', 'fell', 'verdict', 'end', 'gap', … */
  kind: string;
  /** The rule the game's words cite, shown one click away (never in `text`). */
  rule?: Narration['rule'];
  /** About the reader's own seat (`Narration.mine`). */
  mine?: Narration['mine'];
};

const ID = String.raw`[A-Z]-?\d+`;

/** A message without rule ids, as a sentence: the server's own refusals.
 *  The rules' refusals need none of it: their crates word them
 *  (`RuleError::refusal`). */
export function clean(message: string): string {
  let m = message
    .replace(new RegExp(String.raw`\s*\((?:rules?\s+)?${ID}(?:\s*(?:,|and)\s*${ID})*\)`, 'g'), '')
    .replace(new RegExp(String.raw`\((?:${ID})(?:\s*,\s*${ID})*:\s*`, 'g'), '(')
    .replace(new RegExp(String.raw`,\s*${ID}\)`, 'g'), ')')
    .replace(new RegExp(String.raw`^${ID}:\s*`), '')
    .trim();
  if (!m) return 'That is not allowed.';
  m = m[0].toUpperCase() + m.slice(1);
  return /[.!?]$/.test(m) ? m : `${m}.`;
}

/** Refusals that mean the same in every game (the server's error kinds). */
export function commonRefusal(kind: string): string | null {
  switch (kind) {
    case 'not_your_turn':
      return 'It is not your turn yet.';
    case 'not_started':
      return 'Not yet: the game starts when every seat is taken.';
    case 'over':
      return 'The game is over.';
    case 'not_your_seat':
      return 'You are watching this table: only the players can move.';
    case 'no_draws':
      return 'This game has no draws.';
    case 'malformed':
      return 'That move was not understood.';
    case 'storage':
      return 'The server could not save that move; nothing changed. Try again.';
    default:
      return null;
  }
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
