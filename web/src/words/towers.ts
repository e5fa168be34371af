// Towers' refusals in a player's words. Its events are worded by the rules
// crate (games/towers/src/words.rs), not here.

import { clean, type Who } from './say';

export function towersRefusal(message: string, who: Who): string {
  if (/is not a straight move/.test(message)) return 'Towers move in a straight line along a row or a column.';
  const dist = /must move exactly (\d+) block/.exec(message);
  if (dist) return `A tower moves exactly as many blocks as it is tall (${dist[1]} here).`;
  if (/must land on another tower/.test(message)) return 'A tower must land on another tower, not on an empty block.';
  if (/surrounded on all four sides/.test(message)) return 'That tower is hemmed in on all four sides and cannot move.';
  return clean(message.replace(/^it is (\w+)'s turn, not (\w+)'s/, 'it is not your turn'), who);
}
