// The web's one registration of each game (by the registry's stable game
// name): its renderer, its lobby picture, and the few words that are the
// browser's own (an action in a list, a seat's colour). What a game is
// (title, seats, length, bots, settings form, rules page) the server's
// game list says, from the game's Rust declaration, and how its events and
// refusals read its rules crate says (`Listed::narrate`, and the server's
// refusals in `RuleError::refusal`'s words); no screen names a game.

import { babelUi } from './babel';
import { genericUi } from './generic';
import { iceUi } from './icetowers';
import { towersUi } from './towers';
import type { GameUi, GameUiFactory, Shown } from './types';
import type { Ending, Outcome } from '../protocol';
import { babelOutcome } from '../words/babel';
import { h, replace } from '../ui/dom';
import { babelPicture, icePicture, leaningPicture, speedyPicture, towersPicture } from './pictures';
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

/** One game's web module. */
export interface GameModule {
  /** The table. Events and refusals are worded by the game's rules crate
   *  (`Listed::narrate`, `RuleError::refusal`), never here. */
  ui: GameUiFactory;
  /** "Alice has more floors.": why the winners won a game that ended by its rules. */
  win?: (who: string, has: string, view: unknown) => string;
  /** A one-seat game's result as one statement (title, kind, why). */
  solo?: (outcome: Outcome | null, ending: Ending | null) => { title: string; kind: string; why: string } | null;
  /** The lobby card's small picture. */
  picture?: () => SVGSVGElement;
  /** An action in words for lists (replays): the game's own notation where it has one. */
  action?: (action: never) => string;
  /** A seat's colour and letter where the game gives seats colours. */
  seatMark?: (seat: number, view: unknown) => SeatMark | null;
  /** A finished game's result in a few words, where winners do not say it (a solitaire's score). */
  outcomeShort?: (outcome: Outcome) => string;
  /** A daily board's score in words. */
  dailyScore?: (score: number) => string;
  /** How the daily board ranks, in one sentence (with what giving up counts as). */
  dailyRule?: string;
  /** The table fits one screen: a physical (real-time, 3-D) table, its
   *  pieces, the main action and the last verdict without scrolling (issue 24). */
  fit?: boolean;
}

export interface SeatMark {
  fill: string;
  letter: string;
  title: string;
}

const stacks = (n: number) => `${n} ${n === 1 ? 'stack' : 'stacks'}`;
// The same hues as the IceTowers table (Okabe–Ito).
const ICE_FILLS: Record<string, string> = { red: '#D55E00', yellow: '#F0E442', green: '#009E73', blue: '#0072B2', black: '#222222', white: '#F7F7F7' };
const ICE_LETTERS: Record<string, string> = { red: 'R', yellow: 'Y', green: 'G', blue: 'B', black: 'K', white: 'W' };
// The Leaning Towers table's seat colours (games/leaning.ts SEAT_FILLS), by letter A, B, …
const LEANING_FILLS = ['#e69f00', '#56b4e9', '#009e73', '#f0e442', '#0072b2', '#d55e00', '#cc79a7', '#222222', '#f7f7f7', '#8c6d46'];

// Built on first use: the renderers import the words, which ask this file
// for a game's module, so nothing here may run while modules load.
let modules: Record<string, GameModule> | null = null;
const MODULES_OF = (): Record<string, GameModule> => (modules ??= {
  towers: {
    ui: towersUi as GameUiFactory,
    picture: towersPicture,
    action: (a: Move) => moveText(a),
    seatMark: (seat) => (seat === 0 ? { fill: '#222222', letter: 'B', title: 'Black' } : { fill: '#f7f7f7', letter: 'W', title: 'White' }),
    win: (who, has) => `No more moves: ${who} ${has} more floors.`,
  },
  babel: {
    ui: babelUi as GameUiFactory,
    picture: babelPicture,
    action: (a: BabelAction) => babelAction(a),
    outcomeShort: (o) => `${stacks(-o.scores[0])} left`,
    dailyScore: (score) => stacks(-score),
    // B-10: a deal given up counts each tile not drawn as a stack.
    dailyRule: 'Fewest stacks wins, then the quickest; giving up counts every tile not yet drawn as a stack.',
    solo: (outcome, ending) => {
      // A solitaire given up is lost, whatever the line looked like.
      if (ending?.type === 'resigned') return { title: 'You lost', kind: 'lost', why: 'You gave up this deal.' };
      if (outcome && (!ending || ending.type === 'rules')) return babelOutcome(-outcome.scores[0]);
      return null;
    },
  },
  icetowers: {
    fit: true,
    ui: iceUi as GameUiFactory,
    picture: icePicture,
    action: (a: IceAction) => {
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
    },
    seatMark: (seat, view) => {
      const colour = (view as { seats?: { colour?: string }[] } | null)?.seats?.[seat]?.colour;
      return colour ? { fill: ICE_FILLS[colour] ?? '#999', letter: ICE_LETTERS[colour] ?? '?', title: colour } : null;
    },
    win: (who, has) => `${who} ${has} the most pips on top.`,
  },
  speedy: {
    fit: true,
    ui: lazyUi('Speedy Towers', () => import('./speedy').then((m) => m.speedyUi as GameUiFactory)),
    picture: speedyPicture,
    action: (a: SpeedyAction) => {
      if (a.type !== 'place') return a.type;
      const piece = a.piece.kind === 'coin' ? `coin #${a.piece.coin} ${a.piece.face} up` : a.piece.kind;
      const r = a.aim.rotation_deg ?? 0;
      return `place ${piece} on tower ${a.tower} at (${a.aim.x_mm.toFixed(1)}, ${a.aim.y_mm.toFixed(1)}) mm${r ? `, turned ${r.toFixed(0)}°` : ''}`;
    },
    win: (who, has, view) => {
      const reason = (view as { ending?: { reason?: string } } | null)?.ending?.reason;
      if (reason === 'pawn') return `${who} crowned the highest tower with a pawn.`;
      if (reason === 'stuck') return `Nobody could place any more: ${who} ${has} the fewest pieces left.`;
      return `${who} won.`;
    },
  },
  leaning: {
    fit: true,
    ui: lazyUi('Leaning Towers', () => import('./leaning').then((m) => m.leaningUi as GameUiFactory)),
    picture: leaningPicture,
    action: (a: LeaningAction) => {
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
    },
    seatMark: (seat) => ({ fill: LEANING_FILLS[seat % LEANING_FILLS.length], letter: String.fromCharCode(65 + seat), title: `colour ${String.fromCharCode(65 + seat)}` }),
    win: (who, has) => `${who} ${has} the most points.`,
  },
});

const MODULES = new Proxy({} as Record<string, GameModule>, { get: (_, game: string) => MODULES_OF()[game] });

/** Why the winners won, in the game's measure, where its module says. */
export function winWords(game: string, who: string, has: string, view: unknown): string | null {
  return MODULES[game]?.win?.(who, has, view) ?? null;
}

/** A one-seat game's result as one statement, where its module gives one. */
export function soloResult(game: string, outcome: Outcome | null, ending: Ending | null): { title: string; kind: string; why: string } | null {
  return MODULES[game]?.solo?.(outcome, ending) ?? null;
}

export function uiFor(game: string): GameUiFactory {
  return MODULES[game]?.ui ?? genericUi;
}

/** The lobby card's picture, if the game has one. */
export function pictureFor(game: string): SVGSVGElement | null {
  return MODULES[game]?.picture?.() ?? null;
}

/** An action in words for lists (replays): each game's own notation where it has one. */
export function actionLabel(game: string, action: unknown): string {
  if (action === null || action === undefined) return '';
  const f = MODULES[game]?.action as ((a: unknown) => string) | undefined;
  return f ? f(action) : JSON.stringify(action);
}

/** A seat's colour and letter where the game gives seats colours, so a
 *  player's name and their pieces can be matched at a glance. */
export function seatMark(game: string, seat: number, view: unknown): SeatMark | null {
  return MODULES[game]?.seatMark?.(seat, view) ?? null;
}

/** A finished game's result in a few words where the game has its own. */
export function outcomeShort(game: string, outcome: Outcome): string | null {
  return MODULES[game]?.outcomeShort?.(outcome) ?? null;
}

/** Whether the game's table fits one screen (its module says). */
export function fitsOneScreen(game: string): boolean {
  return MODULES[game]?.fit ?? false;
}

/** A daily board's score in the game's words, where it has them. */
export function dailyScore(game: string, score: number): string | null {
  return MODULES[game]?.dailyScore?.(score) ?? null;
}

/** How a game's daily board ranks, in the game's words, where it has them. */
export function dailyRule(game: string): string | null {
  return MODULES[game]?.dailyRule ?? null;
}
