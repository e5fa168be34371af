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

const BY_RULES = 'The game ended by its rules.';

/** Why the winners won a game that ended by its rules, in the game's own measure. */
function byScore(game: string, winners: string[], view: unknown): string {
  const who = winners.join(' and ');
  const has = winners.length === 1 && who !== 'You' ? 'has' : 'have';
  switch (game) {
    case 'towers':
      return `No more moves: ${who} ${has} more floors.`;
    case 'icetowers':
      return `${who} ${has} the most pips on top.`;
    case 'speedy': {
      const reason = (view as { ending?: { reason?: string } } | null)?.ending?.reason;
      if (reason === 'pawn') return `${who} crowned the highest tower with a pawn.`;
      if (reason === 'stuck') return `Nobody could place any more: ${who} ${has} the fewest pieces left.`;
      return `${who} won.`;
    }
    case 'leaning':
      return `${who} ${has} the most points.`;
    default:
      return `${who} won.`;
  }
}

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
  const rule = !ending || ending.type === 'rules' ? END_RULE[game] ?? null : null;
  if (game === 'babel' && ending?.type === 'resigned') {
    // A solitaire given up is lost, whatever the line looked like.
    return { title: 'You lost', kind: 'lost', why: 'You gave up this deal.', rule: null, scores: [] };
  }
  if (game === 'babel' && outcome && (!ending || ending.type === 'rules')) {
    // The one statement of a Babel game's outcome: stacks left and what that is worth.
    const b = babelOutcome(-outcome.scores[0]);
    return { title: b.title, kind: b.kind, why: b.why, rule, scores: [] };
  }
  if (me !== null) {
    if (winners.includes(me)) return { title: 'You won', kind: 'won', why: why === BY_RULES ? byScore(game, winners.map(by), view) : why, rule, scores };
    if (winners.length) return { title: 'You lost', kind: 'lost', why: why === BY_RULES ? byScore(game, winners.map(by), view) : why, rule, scores };
    return { title: 'Draw', kind: 'draw', why, rule, scores };
  }
  if (winners.length) return { title: `${winners.map(name).join(' and ')} won`, kind: 'over', why: why === BY_RULES ? byScore(game, winners.map(name), view) : why, rule, scores };
  return { title: 'Draw', kind: 'draw', why, rule, scores };
}
