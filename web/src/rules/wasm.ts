// The rules themselves, compiled to WebAssembly (shells/wasm, built into
// ./pkg by scripts/wasm): the same Rust code the server runs, so the
// browser never re-implements a rule. Two modules: the full one (every
// game, with the physics of Speedy and Leaning Towers) and a small one
// without physics (Towers, Tower of Babel, IceTowers), which a replay of
// those games loads instead. Each is fetched on its first use only (a
// dynamic import: Vite puts each with its .wasm in their own chunk), so
// screens that never call them never load them.
//
// Every Rust export answers `{"ok": value}` or `{"error": "what was wrong"}`;
// here an error becomes a rejected promise with a RulesError.

import type { OfflineReplay, RulesGame } from '../generated/wasm';
import { LITE_GAMES } from '../generated/wasm';
import type { Narration, Tell } from '../generated/core';
import type { Viewer } from '../protocol';

// What the module answers is generated from shells/wasm's own types
// (`RulesGame`: a game and the questions it answers; `OfflineReplay`: a
// record's frames), never restated here.
export type { OfflineReplay, RulesGame };

type RulesModule = typeof import('./pkg/stackyard_rules');
type LiteModule = typeof import('./pkg/stackyard_rules_lite');

/** Bad input (or a module that would not load), in the rules' own words. */
export class RulesError extends Error {
  override name = 'RulesError';
}

let full: Promise<RulesModule> | null = null;
let lite: Promise<LiteModule> | null = null;

async function instantiate<M extends { default: () => Promise<unknown> }>(load: () => Promise<M>): Promise<M> {
  try {
    const m = await load();
    await m.default();
    return m;
  } catch (e) {
    throw new RulesError(`the rules module did not load: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Loads and instantiates the full module once (every game); later calls share it. */
export function loadRules(): Promise<RulesModule> {
  full ??= instantiate(() => import('./pkg/stackyard_rules')).catch((e: unknown) => {
    full = null;
    throw e;
  });
  return full;
}

/** The small module without physics (Towers, Tower of Babel, IceTowers). */
function loadLite(): Promise<LiteModule> {
  lite ??= instantiate(() => import('./pkg/stackyard_rules_lite')).catch((e: unknown) => {
    lite = null;
    throw e;
  });
  return lite;
}

/**
 * Calls into a module. The Rust side answers bad input with an error value;
 * a trap (a panic inside it, which should not happen) leaves the instance
 * unusable, so the next call loads a fresh one.
 */
function call(which: 'full' | 'lite', run: () => string): string {
  try {
    return run();
  } catch (e) {
    if (which === 'full') full = null;
    else lite = null;
    throw new RulesError(`the rules module stopped (${e instanceof Error ? e.message : String(e)}); the next call starts it again`);
  }
}

function unwrap<T>(answer: string): T {
  const parsed = JSON.parse(answer) as { ok: T } | { error: string };
  if ('error' in parsed) throw new RulesError(parsed.error);
  return parsed.ok;
}

/** Every game the module knows, in lobby order. */
export async function ruleGames(): Promise<RulesGame[]> {
  const m = await loadRules();
  return unwrap<RulesGame[]>(call('full', () => m.games()));
}


/**
 * A record (stackyard_core::Record as JSON: the server's
 * /api/v1/tables/{id}/record, or a file from `--out`) stepped through by the
 * real rules: frame 0 is the start, frame i the table after action i, as
 * `viewer` sees it (default: a spectator). The same frames the server's
 * /replay endpoint serves.
 */
export async function replayRecord(record: unknown, viewer: Viewer = { type: 'spectator' }): Promise<OfflineReplay> {
  const text = typeof record === 'string' ? record : JSON.stringify(record);
  let game: unknown = undefined;
  try {
    game = (JSON.parse(text) as { game?: unknown } | null)?.game;
  } catch {
    // Not JSON: the rules say so below, in their words.
  }
  // The small module when it holds the game; the full one otherwise (it
  // knows every game, and names them when the record's is none of them).
  const [m, which] = await moduleFor(typeof game === 'string' ? game : '');
  return unwrap<OfflineReplay>(call(which, () => m.replay(text, JSON.stringify(viewer))));
}

// ---- a game's questions about a view ----------------------------------------

/**
 * Asks the game called `game` the question called `query` about `view` (as
 * the server sent it), with the question's own `input` and the table's
 * `settings` (omitted: the defaults for the view). Each game declares its
 * questions in its rules crate (`Listed::QUERIES`; `ruleGames()` lists them),
 * so this file names none. The small module answers when it knows the game,
 * the full one otherwise. Rejects with a RulesError naming bad input.
 */
export async function ask<T = unknown>(game: string, query: string, view: unknown, input: unknown, settings?: unknown): Promise<T> {
  const [m, which] = await moduleFor(game);
  const settingsText = settings === undefined || settings === null ? '' : JSON.stringify(settings);
  return unwrap<T>(call(which, () => m.ask(game, query, JSON.stringify(view), JSON.stringify(input), settingsText)));
}

/** The small module when it holds the game (the list comes from the Rust
 *  registry, `LITE_GAMES`), the full one otherwise: a physics game never
 *  fetches the small module it cannot use. */
async function moduleFor(game: string): Promise<[RulesModule | LiteModule, 'full' | 'lite']> {
  return (LITE_GAMES as readonly string[]).includes(game) ? [await loadLite(), 'lite'] : [await loadRules(), 'full'];
}

// ---- a step's events in words -----------------------------------------------

/**
 * One step's events of the game called `game` in a player's words, from the
 * reader's side (`tell.viewer`'s seat is "You", the others go by
 * `tell.names`): each game declares its words in its rules crate
 * (`Listed::narrate`), with the rule each line cites kept apart from its
 * sentence, so no TypeScript words an event or names a rule.
 */
export async function narrate(game: string, tell: Tell): Promise<Narration[]> {
  const [m, which] = await moduleFor(game);
  return unwrap<Narration[]>(call(which, () => m.narrate(game, JSON.stringify(tell))));
}
