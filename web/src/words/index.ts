// Every game's words in one place for the screens: history lines from the
// events this viewer received, refusals as sentences, and where a rule
// lives on its rules page.

import type { Line, Who } from './say';
import { clean, commonRefusal } from './say';
import { towersLines, towersRefusal } from './towers';
import { babelLines, babelRefusal } from './babel';
import { iceLines, iceRefusal } from './icetowers';
import { speedyLines, speedyRefusal } from './speedy';
import { leaningLines, leaningRefusal } from './leaning';

export type { Line, Who } from './say';

/** What happened in one step, as this viewer saw it. */
export function eventLines(game: string, events: unknown[], view: unknown, who: Who): Line[] {
  if (!events.length || !view) return [];
  try {
    switch (game) {
      case 'towers':
        return towersLines(events as never, view as never, who);
      case 'babel':
        return babelLines(events as never, view as never);
      case 'icetowers':
        return iceLines(events as never, view as never, who);
      case 'speedy':
        return speedyLines(events as never, view as never, who);
      case 'leaning':
        return leaningLines(events as never, view as never, who);
      default:
        return [];
    }
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
  switch (game) {
    case 'towers':
      return towersRefusal(message, who);
    case 'babel':
      return babelRefusal(message);
    case 'icetowers':
      return iceRefusal(message, who);
    case 'speedy':
      return speedyRefusal(message, who);
    case 'leaning':
      return leaningRefusal(message, who);
    default:
      return clean(message, who);
  }
}

/** The rule's place on its game's rules page. */
export function ruleHref(game: string, rule: string): string {
  return `#/rules/${encodeURIComponent(game)}/${encodeURIComponent(rule)}`;
}
