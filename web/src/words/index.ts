// Every game's words in one place for the screens: history lines from the
// events this viewer received, refusals as sentences, and where a rule
// lives on its rules page. Both the lines and the rules' refusals are
// worded in Rust, by each game's crate.

import type { Line } from './say';
import { clean, commonRefusal } from './say';

export type { Line } from './say';

/** Who reads a game's words: their seat (null: watching) and each seat's name. */
export interface Readers {
  seat: number | null;
  names: string[];
}

/** What happened in one step, as this viewer saw it, in the game's own
 *  words (its rules crate's `Listed::narrate`, through the rules compiled to
 *  WebAssembly): no TypeScript words an event or names its rule. `before`
 *  is the view the step started from (pieces that left the table are named
 *  from it); `settings` the table's (Leaning Towers' tries). */
export async function eventLines(game: string, events: unknown[], view: unknown, readers: Readers, before: unknown = null, settings: unknown = null): Promise<Line[]> {
  if (!events.length || !view) return [];
  try {
    const { narrate } = await import('../rules/wasm');
    const told = await narrate(game, { events, view, before, settings, viewer: readers.seat, names: readers.names });
    return told.map((l) => ({ text: l.text, kind: l.kind, rule: l.rule, mine: l.mine }));
  } catch {
    // No rules module (it did not load, most likely): the table says so in
    // words instead of leaving the history silently empty.
    return [UNWORDED];
  }
}

/** Said when the rules module cannot word a step: the player is told why
 *  the moves go untold, and that the board still shows them. */
export const UNWORDED: Line = {
  kind: 'unworded',
  text: 'This browser could not load the game’s rules, so moves are not described here; the board still shows them. Reload the page to try again.',
};

/** A refusal from the server as a sentence, without rule ids. The rules'
 *  refusals come worded by the game's rules crate (`RuleError::refusal`,
 *  addressed to the player who tried, the rule apart): shown as they are.
 *  The server's own refusals mean the same in every game. */
export function refusalText(kind: string, message: string): string {
  if (kind === 'rule') return message;
  return commonRefusal(kind) ?? clean(message);
}

/** The rule's place on its game's rules page. */
export function ruleHref(game: string, rule: string): string {
  return `#/rules/${encodeURIComponent(game)}/${encodeURIComponent(rule)}`;
}
