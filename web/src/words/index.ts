// Every game's words in one place for the screens: history lines from the
// events this viewer received, refusals as sentences, and where a rule
// lives on its rules page.

import type { Line, Who } from './say';
import { clean, commonRefusal } from './say';
import { wordsFor } from '../games/registry';

export type { Line, Who } from './say';

/** What happened in one step, as this viewer saw it. `before` is the view
 *  the step started from (pieces that left the table are named from it). */
export function eventLines(game: string, events: unknown[], view: unknown, who: Who, before: unknown = null): Line[] {
  if (!events.length || !view) return [];
  const lines = wordsFor(game)?.lines;
  if (!lines) return [];
  try {
    return lines(events, view, who, before);
  } catch {
    // A new event this client cannot word yet is not worth a broken table.
    return [];
  }
}

/** A refusal from the server as a sentence, without rule ids. */
export function refusalText(game: string, kind: string, message: string, who: Who): string {
  if (kind !== 'rule') {
    const common = commonRefusal(kind);
    if (common) return common;
  }
  const refusal = wordsFor(game)?.refusal;
  return refusal ? refusal(message, who) : clean(message, who);
}

/** The rule's place on its game's rules page. */
export function ruleHref(game: string, rule: string): string {
  return `#/rules/${encodeURIComponent(game)}/${encodeURIComponent(rule)}`;
}
