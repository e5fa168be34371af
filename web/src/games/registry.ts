// Which renderer draws which game (by the registry's stable game name).

import { babelUi } from './babel';
import { genericUi } from './generic';
import { iceUi } from './icetowers';
import { towersUi } from './towers';
import type { GameUiFactory } from './types';

const UIS: Record<string, GameUiFactory> = {
  towers: towersUi as GameUiFactory,
  babel: babelUi as GameUiFactory,
  icetowers: iceUi as GameUiFactory,
};

export function uiFor(game: string): GameUiFactory {
  return UIS[game] ?? genericUi;
}
