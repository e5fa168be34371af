// The result of a game from one viewer's side: who won in words, why, and
// the scores labelled with what they count.

import type { Ending, Outcome } from '../protocol';
import { babelOutcome } from './babel';
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

/** Where each game says how it ends and who wins. */
const END_RULE: Record<string, string> = { towers: 'T11', babel: 'B7', icetowers: 'I13', speedy: 'P11', leaning: 'L13' };

function scoreText(game: string, score: number): string {
  switch (game) {
    case 'towers':
      return plural(score, 'floor');
    case 'babel':
      return plural(-score, 'stack') + ' left';
    case 'speedy':
      return plural(-score, 'piece') + ' left';
    case 'icetowers':
      return plural(score, 'point');
    case 'leaning':
      return plural(score, 'point');
    default:
      return String(score);
  }
}

export function resultWords(game: string, outcome: Outcome | null, ending: Ending | null, me: number | null, name: (seat: number) => string): ResultWords {
  const scores = outcome ? outcome.scores.map((s, i) => `${name(i)}: ${scoreText(game, s)}`) : [];
  const winners = outcome?.winners ?? [];
  const by = (seat: number) => (seat === me ? 'You' : name(seat));
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
      why = 'The game ended by its rules.';
  }
  const rule = !ending || ending.type === 'rules' ? END_RULE[game] ?? null : null;
  if (game === 'babel' && ending?.type === 'resigned') {
    // A solitaire given up is lost, whatever the line looked like.
    return { title: 'You lost', kind: 'lost', why: 'You gave up this deal.', rule: null, scores: [] };
  }
  if (game === 'babel' && outcome && (!ending || ending.type === 'rules')) {
    // The one statement of a Babel game's outcome: stacks left and what that is worth.
    const b = babelOutcome(-outcome.scores[0]);
    return { title: b.title, kind: b.title === 'You won' ? 'won' : 'lost', why: b.why, rule, scores: [] };
  }
  if (me !== null) {
    if (winners.includes(me)) return { title: 'You won', kind: 'won', why, rule, scores };
    if (winners.length) return { title: 'You lost', kind: 'lost', why: why === 'The game ended by its rules.' ? `${winners.map(by).join(' and ')} won.` : why, rule, scores };
    return { title: 'Draw', kind: 'draw', why, rule, scores };
  }
  if (winners.length) return { title: `${winners.map(name).join(' and ')} ${winners.length > 1 ? 'won' : 'won'}`, kind: 'over', why, rule, scores };
  return { title: 'Draw', kind: 'draw', why, rule, scores };
}
