// Which renderer draws which game (by the registry's stable game name).

import { babelUi } from './babel';
import { genericUi } from './generic';
import { iceUi } from './icetowers';
import { towersUi } from './towers';
import type { GameUiFactory } from './types';
import { actionText as babelAction, type Action as BabelAction } from '../wire/babel';
import { moveText, type Move } from '../wire/towers';
import type { Action as IceAction } from '../wire/icetowers';

const UIS: Record<string, GameUiFactory> = {
  towers: towersUi as GameUiFactory,
  babel: babelUi as GameUiFactory,
  icetowers: iceUi as GameUiFactory,
};

export function uiFor(game: string): GameUiFactory {
  return UIS[game] ?? genericUi;
}

/** An action in words for lists (replays): each game's own notation where it has one. */
export function actionLabel(game: string, action: unknown): string {
  if (action === null || action === undefined) return '';
  switch (game) {
    case 'towers':
      return moveText(action as Move);
    case 'babel':
      return babelAction(action as BabelAction);
    case 'icetowers': {
      const a = action as IceAction;
      switch (a.type) {
        case 'cap':
          return `cap tower ${a.onto} with piece ${a.piece}`;
        case 'mine':
          return `mine piece ${a.piece} from tower ${a.tower}`;
        case 'split':
          return `split tower ${a.tower} above ${a.at}`;
        default:
          return a.type.replace('_', ' ');
      }
    }
    default:
      return JSON.stringify(action);
  }
}
