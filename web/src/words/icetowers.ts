// IceTowers' refusals in a player's words, without engine names. Its events
// are worded by the rules crate (games/icetowers/src/words.rs).

import { clean, type Who } from './say';

export function iceRefusal(message: string, who: Who): string {
  const rules: [RegExp, string][] = [
    [/is larger than the top of tower/, 'That pyramid is bigger than the top of that tower.'],
    [/is neither your colour nor the ghost's/, 'That pyramid is not your colour.'],
    [/cannot cap itself/, 'A pyramid cannot cap itself.'],
    [/is already topped by that colour/, 'That tower already has that colour on top.'],
    [/you cannot mine it/, 'You cannot take a pyramid out of a tower your colour already tops.'],
    [/fewer than two pieces of that colour/, 'A tower needs two pyramids of that colour before one can be taken out.'],
    [/no minebacks/, 'That pyramid just came out of that tower: it cannot go straight back.'],
    [/can still cap a tower, so it cannot be set down/, 'Your pyramid can still cap a tower, so you may not set it down yet.'],
    [/is holding a piece/, 'You are holding a pyramid: cap a tower with it or set it down first.'],
    [/holds no piece/, 'You are not holding a pyramid.'],
    [/is not a free-stander and not in your hand/, 'Only a pyramid standing alone, or the one in your hand, can cap a tower.'],
    [/ghost never caps a free-stander/, 'The ghost never caps a pyramid standing alone.'],
    [/cannot split/, 'You cannot split a tower while holding a pyramid.'],
    [/has no same-colour pair/, 'A tower splits only between two pyramids of the same colour.'],
    [/split a pair of your own colour/, 'You cannot split a pair of your own colour.'],
    [/has not started: every seat must say ready/, 'Not yet: everyone must say ready first.'],
  ];
  for (const [re, text] of rules) if (re.test(message)) return text;
  return clean(message.replace(/\bt(\d+)\b/g, '$1').replace(/\bpiece \w+#\d+/g, 'that pyramid'), who);
}
