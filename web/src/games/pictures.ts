// Small pictures of each game for its lobby card, drawn from a real
// position. Registered per game in ./registry.ts.

import { s } from '../ui/dom';

const OKABE = { red: '#D55E00', yellow: '#F0E442', green: '#009E73', blue: '#0072B2', black: '#222', white: '#f7f7f7' };

function svg(viewBox: string, label: string, ...children: SVGElement[]): SVGSVGElement {
  return s('svg', { viewBox, class: 'game-pic', role: 'img', 'aria-label': label }, ...children);
}

/** Towers: a corner of an 8×8 game a few moves in (heights as numbers, owner by colour). */
export function towersPicture(): SVGSVGElement {
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
export function babelPicture(): SVGSVGElement {
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
export function icePicture(): SVGSVGElement {
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
export function speedyPicture(): SVGSVGElement {
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
export function leaningPicture(): SVGSVGElement {
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

