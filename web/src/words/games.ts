// What each game is, for someone who has never heard of it: one sentence,
// who plays, how, how long, a small picture, and the first game worth
// starting in one click.

import { s } from '../ui/dom';
import type { CreateTable } from '../protocol';
import { FIRST_BOT } from './names';

export interface GameFacts {
  sentence: string;
  players: string;
  pace: 'Turn-based' | 'Real time';
  length: string;
  /** The primary action's label. */
  play: string;
  /** A small picture drawn from a real position. */
  picture: () => SVGSVGElement;
}

const OKABE = { red: '#D55E00', yellow: '#F0E442', green: '#009E73', blue: '#0072B2', black: '#222', white: '#f7f7f7' };

function svg(viewBox: string, label: string, ...children: SVGElement[]): SVGSVGElement {
  return s('svg', { viewBox, class: 'game-pic', role: 'img', 'aria-label': label }, ...children);
}

/** Towers: a corner of an 8×8 game a few moves in (heights as numbers, owner by colour). */
function towersPicture(): SVGSVGElement {
  const rows = ['B1 W1 .  W3', 'W1 B4 W1 B1', 'B1 .  B2 W1', 'W2 B1 W1 B1'];
  const cells: SVGElement[] = [];
  rows.forEach((r, y) =>
    r.split(/\s+/).forEach((c, x) => {
      cells.push(s('rect', { x: x * 20, y: y * 20, width: 20, height: 20, fill: (x + y) % 2 ? '#e8dcc4' : '#d8c8a8' }));
      if (c === '.') return;
      const black = c[0] === 'B';
      cells.push(s('circle', { cx: x * 20 + 10, cy: y * 20 + 10, r: 7, fill: black ? '#222' : '#fff', stroke: '#222', 'stroke-width': 1 }));
      cells.push(s('text', { x: x * 20 + 10, y: y * 20 + 13.5, 'text-anchor': 'middle', 'font-size': 9, fill: black ? '#fff' : '#222' }, c.slice(1)));
    }),
  );
  return svg('0 0 80 80', 'A Towers board: black and white towers of different heights', ...cells);
}

/** Tower of Babel: a line of stacks after a few moves. */
function babelPicture(): SVGSVGElement {
  const tiles: [string, string, string][] = [
    ['☀', '3', '#c8102e'],
    ['☾', '3', '#333'],
    ['♛', 'A', '#1a5fb4'],
    ['⚔', '5', '#26734d'],
  ];
  const out: SVGElement[] = [];
  tiles.forEach(([sym, v, colour], i) => {
    const x = 4 + i * 26;
    // Tiles stacked under the top one peek out above it.
    if (i < 2) out.push(s('rect', { x: x + 2, y: 14, width: 20, height: 30, rx: 3, fill: '#ddd', stroke: '#999' }));
    out.push(s('rect', { x, y: 20, width: 22, height: 32, rx: 3, fill: '#fffdf5', stroke: '#555' }));
    out.push(s('text', { x: x + 11, y: 35, 'text-anchor': 'middle', 'font-size': 12, fill: colour }, sym));
    out.push(s('text', { x: x + 11, y: 48, 'text-anchor': 'middle', 'font-size': 10, fill: '#222' }, v));
  });
  out.push(s('text', { x: 110, y: 40, 'font-size': 12, fill: '#777' }, '…'));
  return svg('0 0 120 60', 'A line of tiles; matching tiles stack on each other', ...out);
}

/** IceTowers: towers of pyramids seen from above (nested squares). */
function icePicture(): SVGSVGElement {
  const towers: [number, number, string[]][] = [
    [20, 20, ['red', 'blue', 'red']],
    [60, 18, ['yellow']],
    [40, 48, ['blue', 'yellow']],
    [80, 46, ['red', 'red', 'blue']],
  ];
  const out: SVGElement[] = [];
  for (const [x, y, pieces] of towers) {
    pieces.forEach((c, i) => {
      const r = 14 - i * 3.5;
      out.push(s('rect', { x: x - r, y: y - r, width: 2 * r, height: 2 * r, fill: OKABE[c as keyof typeof OKABE], stroke: '#333', 'stroke-width': 0.8 }));
      out.push(s('path', { d: `M${x - r} ${y - r}L${x + r} ${y + r}M${x + r} ${y - r}L${x - r} ${y + r}`, stroke: '#0004', 'stroke-width': 0.6 }));
    });
  }
  return svg('0 0 100 66', 'Stacks of coloured pyramids seen from above', ...out);
}

/** Speedy Towers: two towers of tiles and coins, side on, one piece falling. */
function speedyPicture(): SVGSVGElement {
  const out: SVGElement[] = [s('line', { x1: 0, y1: 60, x2: 120, y2: 60, stroke: '#888', 'stroke-width': 1.5 })];
  const tower = (x: number, pieces: string[]) =>
    pieces.forEach((p, i) => {
      const y = 60 - (i + 1) * 8;
      out.push(p === 'tile' ? s('rect', { x: x - 14, y, width: 28, height: 7, rx: 1, fill: '#f4ead2', stroke: '#6b5a3a' }) : s('rect', { x: x - 9, y: y + 1, width: 18, height: 6, rx: 3, fill: '#d9b44a', stroke: '#7a6520' }));
    });
  tower(30, ['tile', 'coin', 'tile', 'coin', 'tile']);
  tower(82, ['tile', 'tile', 'coin']);
  out.push(s('rect', { x: 88, y: 14, width: 28, height: 7, rx: 1, fill: '#f4ead2', stroke: '#6b5a3a', transform: 'rotate(25 102 17)' }));
  return svg('0 0 120 64', 'Two towers of tiles and coins; a tile tips off one', ...out);
}

/** Leaning Towers: pyramids leaning on a foundation, side on. */
function leaningPicture(): SVGSVGElement {
  const tri = (x: number, y: number, w: number, hgt: number, fill: string, turn = 0) =>
    s('path', { d: `M${x - w / 2} ${y}L${x + w / 2} ${y}L${x} ${y - hgt}Z`, fill, stroke: '#333', 'stroke-width': 0.8, transform: turn ? `rotate(${turn} ${x} ${y})` : null });
  return svg(
    '0 0 120 64',
    'Pyramids leaning on each other',
    s('line', { x1: 0, y1: 60, x2: 120, y2: 60, stroke: '#888', 'stroke-width': 1.5 }),
    tri(40, 60, 36, 40, '#bbb'),
    tri(76, 60, 36, 40, '#bbb'),
    tri(58, 34, 24, 26, OKABE.blue, -18),
    tri(64, 22, 18, 20, OKABE.red, 24),
  );
}

export const FACTS: Record<string, GameFacts> = {
  towers: {
    sentence: 'Pick up one of your towers and drop it on another to build higher; whoever owns the most floors at the end wins.',
    players: '2 players',
    pace: 'Turn-based',
    length: 'about 10 minutes',
    play: 'Play the computer',
    picture: towersPicture,
  },
  babel: {
    sentence: 'A patience game: lay tiles in a line and pile matching ones together until as few stacks as possible are left.',
    players: '1 player',
    pace: 'Turn-based',
    length: 'about 5 minutes',
    play: 'Start a deal',
    picture: babelPicture,
  },
  icetowers: {
    sentence: 'Everyone plays at once: cap towers of pyramids with your own colour to own them, and steal pieces from the others.',
    players: '2–5 players',
    pace: 'Real time',
    length: 'about 5 minutes',
    play: 'Play the computer',
    picture: icePicture,
  },
  speedy: {
    sentence: 'Race to stack your tiles and coins on matching towers without knocking anything over; first to get rid of them all wins.',
    players: '2–6 players',
    pace: 'Real time',
    length: 'about 5 minutes',
    play: 'Play the computer',
    picture: speedyPicture,
  },
  leaning: {
    sentence: 'Take turns leaning pyramids on a growing sculpture; the higher and riskier the placement, the more points, unless it falls.',
    players: '2–10 players',
    pace: 'Turn-based',
    length: 'about 15 minutes',
    play: 'Play the computer',
    picture: leaningPicture,
  },
};

/** The table a newcomer's first game starts: you against a bot they can beat, or a Babel deal. */
export function firstGame(game: string, defaults: unknown): CreateTable {
  switch (game) {
    case 'babel':
      // B-8: a casual deal lets the player take moves back (the daily deal does not).
      return { game, settings: { ...(defaults as object), variant: 'standard', undo: true }, seats: [{ kind: 'person' }] };
    case 'icetowers':
      // A game timer so a first game ends on its own (I13) even if nobody says "done".
      return { game, settings: { ...(defaults as object), players: 2, game_timer_ms: 300_000 }, seats: [{ kind: 'person' }, { kind: 'bot', level: FIRST_BOT.icetowers }] };
    case 'speedy':
      return { game, settings: { ...(defaults as object), players: 2 }, seats: [{ kind: 'person' }, { kind: 'bot', level: FIRST_BOT.speedy }] };
    case 'leaning':
      return { game, settings: { ...(defaults as object), seats: 2 }, seats: [{ kind: 'person' }, { kind: 'bot', level: FIRST_BOT.leaning }] };
    case 'towers':
      return { game, settings: '8x8', seats: [{ kind: 'person' }, { kind: 'bot', level: FIRST_BOT.towers }] };
    default:
      return { game, settings: defaults, seats: [{ kind: 'person' }, { kind: 'person' }] };
  }
}

/** A table to play a friend: every seat a person, the first one yours. */
export function friendGame(game: string, defaults: unknown): CreateTable {
  switch (game) {
    case 'icetowers':
      return { game, settings: { ...(defaults as object), players: 2, game_timer_ms: 300_000 }, seats: [{ kind: 'person' }, { kind: 'person' }] };
    case 'speedy':
      return { game, settings: { ...(defaults as object), players: 2 }, seats: [{ kind: 'person' }, { kind: 'person' }] };
    case 'leaning':
      return { game, settings: { ...(defaults as object), seats: 2 }, seats: [{ kind: 'person' }, { kind: 'person' }] };
    case 'towers':
      return { game, settings: '8x8', seats: [{ kind: 'person' }, { kind: 'person' }] };
    default:
      return { game, settings: defaults, seats: [{ kind: 'person' }, { kind: 'person' }] };
  }
}
