// The result of a game from one viewer's side: who won in words, why, and
// the scores labelled with what they count.

import type { Ending, Outcome } from '../protocol';
import { gameInfo } from '../api';
import { soloResult, winWords } from '../games/registry';
import { plural } from './say';

export interface ResultWords {
  title: string;
  /** 'won' | 'lost' | 'draw' | 'over' (for a spectator) */
  kind: string;
  why: string;
  /** A rule worth one click: how this game ends. */
  rule: string | null;
  scores: string[];
}

const BY_RULES = 'The game ended by its rules.';

/** What a score counts, as the game declares it (`about.score`). */
function scoreText(game: string, score: number): string {
  const words = gameInfo(game)?.about.score;
  if (!words) return String(score);
  return words.left ? `${plural(-score, words.unit)} left` : plural(score, words.unit);
}

/** Why the winners won a game that ended by its rules, in the game's own
 *  measure where its web module words it. */
function byScore(game: string, winners: string[], view: unknown): string {
  const who = winners.join(' and ');
  const has = winners.length === 1 && who !== 'You' ? 'has' : 'have';
  return winWords(game, who, has, view) ?? `${who} won.`;
}

/** `view` is the last view this viewer was sent (Speedy Towers says there how it ended). */
export function resultWords(game: string, outcome: Outcome | null, ending: Ending | null, me: number | null, name: (seat: number) => string, view: unknown = null): ResultWords {
  const winners = outcome?.winners ?? [];
  const by = (seat: number) => (seat === me ? 'You' : name(seat));
  const scores = outcome ? outcome.scores.map((s, i) => `${by(i)}: ${scoreText(game, s)}`) : [];
  let why: string;
  switch (ending?.type) {
    case 'resigned':
      why = ending.seat === me ? 'You resigned.' : `${by(ending.seat)} resigned.`;
      break;
    case 'timed_out':
      why = `${by(ending.seat)} ran out of time.`;
      break;
    case 'abandoned':
      why = `${by(ending.seat)} left the game and did not come back.`;
      break;
    case 'draw_agreed':
      why = 'Both sides agreed to a draw: no winner.';
      break;
    default:
      why = BY_RULES;
  }
  const rule = !ending || ending.type === 'rules' ? gameInfo(game)?.about.ends_by ?? null : null;
  // A one-seat game's result is its own statement (stacks left and what that is worth).
  const solo = soloResult(game, outcome, ending);
  if (solo) return { ...solo, rule, scores: [] };
  if (me !== null) {
    if (winners.includes(me)) return { title: 'You won', kind: 'won', why: why === BY_RULES ? byScore(game, winners.map(by), view) : why, rule, scores };
    if (winners.length) return { title: 'You lost', kind: 'lost', why: why === BY_RULES ? byScore(game, winners.map(by), view) : why, rule, scores };
    return { title: 'Draw', kind: 'draw', why, rule, scores };
  }
  if (winners.length) return { title: `${winners.map(name).join(' and ')} won`, kind: 'over', why: why === BY_RULES ? byScore(game, winners.map(name), view) : why, rule, scores };
  return { title: 'Draw', kind: 'draw', why, rule, scores };
}
