// Which renderer draws which game (by the registry's stable game name).

import { babelUi } from './babel';
import { genericUi } from './generic';
import { iceUi } from './icetowers';
import { towersUi } from './towers';
import type { GameUi, GameUiFactory, Shown } from './types';
import { h, replace } from '../ui/dom';
import { actionText as babelAction, type Action as BabelAction } from '../wire/babel';
import { moveText, type Move } from '../wire/towers';
import type { Action as IceAction } from '../wire/icetowers';
import type { Action as SpeedyAction } from '../wire/speedy';
import type { Action as LeaningAction } from '../wire/leaning';

/** A renderer whose code (and three.js after it) loads with its first
 *  table, kept out of the first load: what is shown before it arrives is
 *  replayed to it in order; if it cannot load, the table says so. */
function lazyUi(title: string, load: () => Promise<GameUiFactory>): GameUiFactory {
  return (ctx) => {
    const root = h('div', { class: 'lazy-ui' }, h('p', { class: 'muted' }, `Loading the ${title} table…`));
    let ui: GameUi | null = null;
    let gone = false;
    const queue: ((u: GameUi) => void)[] = [];
    const later = (f: (u: GameUi) => void) => (ui ? f(ui) : queue.push(f));
    load()
      .then((factory) => {
        if (gone) return;
        ui = factory(ctx);
        root.replaceChildren(ui.root);
        for (const f of queue.splice(0)) f(ui);
      })
      .catch((e: unknown) =>
        replace(root, h('p', { class: 'error' }, `The ${title} table could not load: ${e instanceof Error ? e.message : String(e)}. Reload to try again.`)),
      );
    return {
      root,
      show: (s: Shown<unknown, unknown>) => later((u) => u.show(s)),
      showHint: (a, text) => later((u) => u.showHint?.(a, text)),
      showError: (message, rule) => later((u) => u.showError?.(message, rule)),
      destroy: () => {
        gone = true;
        ui?.destroy();
        root.remove();
      },
    };
  };
}

const UIS: Record<string, GameUiFactory> = {
  towers: towersUi as GameUiFactory,
  babel: babelUi as GameUiFactory,
  icetowers: iceUi as GameUiFactory,
  speedy: lazyUi('Speedy Towers', () => import('./speedy').then((m) => m.speedyUi as GameUiFactory)),
  leaning: lazyUi('Leaning Towers', () => import('./leaning').then((m) => m.leaningUi as GameUiFactory)),
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
    case 'leaning': {
      const a = action as LeaningAction;
      const at = (p: { position: number[] }) => p.position.map((v) => v.toFixed(1)).join(', ');
      switch (a.type) {
        case 'place':
        case 'hold':
          return `${a.type} a ${a.size} at (${at(a.pose)})`;
        case 'foundation':
          return 'build the foundation';
        default:
          return a.type.replace('_', ' ');
      }
    }
    default:
      return JSON.stringify(action);
  }
}
