// Which renderer draws which game (by the registry's stable game name).

import { babelUi } from './babel';
import { genericUi } from './generic';
import { iceUi } from './icetowers';
import { speedyEntryUi } from './speedy-entry';
import { towersUi } from './towers';
import type { GameUiFactory } from './types';
import { actionText as babelAction, type Action as BabelAction } from '../wire/babel';
import { moveText, type Move } from '../wire/towers';
import type { Action as IceAction } from '../wire/icetowers';
import type { Action as SpeedyAction } from '../wire/speedy';

const UIS: Record<string, GameUiFactory> = {
  towers: towersUi as GameUiFactory,
  babel: babelUi as GameUiFactory,
  icetowers: iceUi as GameUiFactory,
  speedy: speedyEntryUi,
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
    case 'speedy': {
      const a = action as SpeedyAction;
      if (a.type !== 'place') return a.type;
      const piece = a.piece.kind === 'coin' ? `coin #${a.piece.coin} ${a.piece.face} up` : a.piece.kind;
      const r = a.aim.rotation_deg ?? 0;
      return `place ${piece} on tower ${a.tower} at (${a.aim.x_mm.toFixed(1)}, ${a.aim.y_mm.toFixed(1)}) mm${r ? `, turned ${r.toFixed(0)}°` : ''}`;
    }
    default:
      return JSON.stringify(action);
  }
}
