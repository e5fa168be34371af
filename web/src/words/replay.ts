// A replay's steps in the words the live table uses: each move as the
// game's rules crate narrates it (`eventLines`, through the rules compiled
// to WebAssembly) for a spectator who knows the players by name, the first
// frame as the start, and the last as the result said plainly.

import type { Ending, Frame, Outcome } from '../protocol';
import { eventLines } from './index';
import type { Line } from './say';
import { resultWords } from './result';

/** What a replay knows of the game beyond its frames. */
export interface ReplayFacts {
  game: string;
  /** Each seat's name, by seat. */
  names: string[];
  settings: unknown;
  /** From the table's summary (a record file has none). */
  outcome: Outcome | null;
  ending: Ending | null;
}

export const GAME_STARTS = 'Game starts';

/** A replay in words: one line per frame for the list, and each frame's
 *  events as the rules crate told them (what a game's renderer is given as
 *  `Shown.told`, as at the live table). */
export interface ReplayWords {
  lines: string[];
  told: Line[][];
}

/** One line per frame. `fallback` words a frame the rules module could not
 *  (it did not load): the action in the game's own notation. */
export async function replayLines(frames: Frame[], facts: ReplayFacts, fallback: (f: Frame) => string): Promise<ReplayWords> {
  const readers = { seat: null, names: facts.names };
  const name = (seat: number) => facts.names[seat] ?? `Player ${seat + 1}`;
  const lines: string[] = [];
  const toldAll: Line[][] = [];
  for (const [i, f] of frames.entries()) {
    if (i === 0) {
      lines.push(GAME_STARTS);
      toldAll.push([]);
      continue;
    }
    const told = await eventLines(facts.game, f.events, f.view, readers, frames[i - 1].view, facts.settings);
    toldAll.push(told);
    const words = told.filter((l) => l.kind !== 'unworded').map((l) => l.text);
    const last = i === frames.length - 1 && f.action === null;
    if (last) lines.push(endingLine(facts, name, f.view, words));
    else if (words.length) lines.push(words.join(' '));
    // A step with no action is the game's clock (a timer), which said nothing.
    else lines.push(f.action === null ? 'Time passes.' : fallback(f));
  }
  return { lines, told: toldAll };
}

/** The result as the table's result box says it ("Easy bot won. Ann
 *  resigned."), or what the rules said of the end, or a plain "Game over". */
function endingLine(facts: ReplayFacts, name: (seat: number) => string, view: unknown, words: string[]): string {
  if (facts.outcome) {
    const r = resultWords(facts.game, facts.outcome, facts.ending, null, name, view);
    return `Game over: ${r.title}. ${r.why}`;
  }
  const why = facts.ending?.type === 'resigned' ? `${name(facts.ending.seat)} resigned.` : '';
  return ['Game over.', ...words, why].filter(Boolean).join(' ');
}
