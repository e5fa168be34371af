// Leaning Towers' refusals in a player's words. Its events are worded by
// the rules crate (games/leaning/src/words.rs), not here.

import { clean, type Who } from './say';

export function leaningRefusal(message: string, who: Who): string {
  if (/was the previous placement: place a different size/.test(message)) return 'That size was just placed: pick a different size.';
  if (/must be tried again/.test(message)) return 'The piece that slipped must be tried again first.';
  if (/has no \w+ piece left/.test(message)) return 'You have no piece of that size left.';
  if (/already holds a piece/.test(message)) return 'You are already holding a piece.';
  return clean(message, who);
}
