// Who sits where, in a player's words: bots by what they are like to play
// ("Easy bot", numbered when a table has two alike), people by their name,
// never a seat number or an engine's level name.

import type { SeatSummary } from '../protocol';

/** Each game's bot levels as a player would call them, weakest first. */
const BOT_WORDS: Record<string, Record<string, { title: string; about: string }>> = {
  towers: {
    random: { title: 'Random bot', about: 'plays any legal move, without a plan' },
    greedy: { title: 'Easy bot', about: 'takes the most floors it can right now, never looks ahead' },
    'mcts:n2000': { title: 'Medium bot', about: 'tries out many games in its head before each move' },
    'alphabeta:n20000': { title: 'Hard bot', about: 'looks several moves ahead' },
    'alphabeta:1s': { title: 'Strongest bot', about: 'thinks for a second before each move, looking far ahead' },
  },
  babel: {
    greedy: { title: 'Simple bot', about: 'always plays the first move it sees' },
    heuristic: { title: 'Careful bot', about: 'plays the move that keeps the most chances open' },
    best: { title: 'Best bot', about: 'the strongest play there is' },
  },
  icetowers: {
    beginner: { title: 'Easy bot', about: 'takes whatever helps it most right now, at a person’s pace (one play every 1.5 to 3 seconds)' },
    random: { title: 'Random bot', about: 'plays at random, with quick hands' },
    'greedy:2500': { title: 'Patient bot', about: 'takes whatever helps it most right now, taking its time (2.5 seconds a play)' },
    greedy: { title: 'Medium bot', about: 'takes whatever helps it most right now, quickly' },
    strong: { title: 'Strong bot', about: 'thinks one step ahead about what the others will do' },
    'greedy:300': { title: 'Quick bot', about: 'like the medium bot, with very quick hands' },
  },
  speedy: {
    beginner: { title: 'Easy bot', about: 'plays at a person’s pace (one drop every 1.5 to 3 seconds), a little clumsy' },
    easy: { title: 'Brisk bot', about: 'a little quicker (about 1.5 seconds a drop), a little clumsy' },
    medium: { title: 'Medium bot', about: 'quicker, with steadier hands' },
    hard: { title: 'Hard bot', about: 'fast and careful' },
  },
  leaning: {
    pass: { title: 'Passing bot', about: 'never places a piece (for trying things out)' },
    easy: { title: 'Easy bot', about: 'tries a few places and takes a safe one' },
    medium: { title: 'Medium bot', about: 'tries more places, takes some risks' },
    hard: { title: 'Hard bot', about: 'searches hard for the best place' },
  },
};

/** The level a beginner can beat but that plays sensibly, per game. */
export const FIRST_BOT: Record<string, string> = {
  towers: 'greedy',
  // The real-time games: the beginner level plays sensibly at a person's
  // pace (one action every 1.5 to 3 s, its own reaction time, issue 24).
  icetowers: 'beginner',
  speedy: 'beginner',
  leaning: 'easy',
};

/** Levels this client offers beyond the server's list (none now: the
 *  server lists every level a table may seat). */
export const EXTRA_LEVELS: Record<string, { name: string; about: string }[]> = {};

export function botTitle(game: string, level: string | null | undefined): string {
  const w = level ? BOT_WORDS[game]?.[level] : undefined;
  if (w) return w.title;
  // A level this client does not know yet: its first word, capitalised.
  const word = (level ?? '').split(/[^a-z]+/i)[0] || 'computer';
  return `${word[0].toUpperCase()}${word.slice(1)} bot`;
}

export function botAbout(game: string, level: string, fallback: string): string {
  return BOT_WORDS[game]?.[level]?.about ?? fallback;
}

/** Every seat's name at a table: bots numbered when two share a title, people by name. */
export function seatNames(game: string, seats: SeatSummary[]): string[] {
  const titles = seats.map((s) => (s.kind === 'bot' ? botTitle(game, s.level) : null));
  const count = new Map<string, number>();
  for (const t of titles) if (t) count.set(t, (count.get(t) ?? 0) + 1);
  const seen = new Map<string, number>();
  return seats.map((s, i) => {
    const t = titles[i];
    if (t) {
      if ((count.get(t) ?? 0) < 2) return t;
      const n = (seen.get(t) ?? 0) + 1;
      seen.set(t, n);
      return `${t} ${n}`;
    }
    if (s.name) return s.name;
    return s.taken ? 'Someone' : 'A friend';
  });
}

/** "Alice vs Easy bot", or for one seat just the name. */
export function matchLine(game: string, seats: SeatSummary[]): string {
  return seatNames(game, seats).join(' vs ');
}

/** A seat's colour and letter where the game gives seats colours, so a
 *  player's name and their pieces can be matched at a glance. */
export function seatMark(game: string, seat: number, view: unknown): { fill: string; letter: string; title: string } | null {
  switch (game) {
    case 'towers':
      return seat === 0 ? { fill: '#222222', letter: 'B', title: 'Black' } : { fill: '#f7f7f7', letter: 'W', title: 'White' };
    case 'icetowers': {
      // The same hues as the IceTowers table (Okabe–Ito).
      const fills: Record<string, string> = { red: '#D55E00', yellow: '#F0E442', green: '#009E73', blue: '#0072B2', black: '#222222', white: '#F7F7F7' };
      const colour = (view as { seats?: { colour?: string }[] } | null)?.seats?.[seat]?.colour;
      return colour ? { fill: fills[colour] ?? '#999', letter: ({ red: 'R', yellow: 'Y', green: 'G', blue: 'B', black: 'K', white: 'W' } as Record<string, string>)[colour] ?? '?', title: colour } : null;
    }
    case 'leaning': {
      // The Leaning Towers table's seat colours (games/leaning.ts SEAT_FILLS), by letter A, B, …
      const fills = ['#e69f00', '#56b4e9', '#009e73', '#f0e442', '#0072b2', '#d55e00', '#cc79a7', '#222222', '#f7f7f7', '#8c6d46'];
      return { fill: fills[seat % fills.length], letter: String.fromCharCode(65 + seat), title: `colour ${String.fromCharCode(65 + seat)}` };
    }
    default:
      return null;
  }
}
