// Speedy Towers' refusals in a player's words. Its events are worded by the
// rules crate (games/speedy/src/words.rs).

import { clean, type Who } from './say';

export function speedyRefusal(message: string, who: Who): string {
  if (/cannot go on/.test(message)) return clean(message.replace(/^(.*) cannot go on (.*?): (.*)$/, 'That piece does not fit on that tower: $3'), who);
  if (/the pawn goes last/.test(message)) return 'Your pawn goes last, after all your tiles and coins.';
  if (/lower than the highest tower/.test(message)) return 'The pawn goes on one of the highest towers.';
  if (/farther than .* from the tower's centre/.test(message)) return 'That is too far from the tower: aim closer to its middle.';
  if (/has no face-up tile/.test(message)) return 'Turn a tile face up first.';
  if (/already has a face-up tile/.test(message)) return 'You already have a tile face up: place it or turn it back first.';
  return clean(message, who);
}
