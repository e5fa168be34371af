// Nothing in TypeScript restates a wire shape (issue #26): every type that
// crosses the wire or comes back from the rules compiled to WebAssembly is
// generated from Rust into src/generated/ (`cargo run -p
// stackyard-typegen`), and the rest of src/ imports it. This test reads the
// sources (no server, no browser) and fails on a hand-written copy: an
// `interface` or object `type` (or a `const`) in src/ outside generated/
// named like a generated declaration, or an interface or object type with
// the same keys as a generated object type under another name.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const GENERATED = join(SRC, 'generated');

/** Every .ts file under `dir`, skipping `skip` (the generated files, the
 *  wasm-bindgen glue in rules/pkg). */
function tsFiles(dir, skip) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (skip.includes(path)) continue;
    if (statSync(path).isDirectory()) out.push(...tsFiles(path, skip));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Source without comments (strings are kept: keys may be quoted). */
const uncommented = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** The text between the `{` at `open` and its matching `}`. */
function braced(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/** The top-level keys of an object type's body, sorted. */
function keysOf(body) {
  const keys = [];
  let depth = 0;
  let start = 0;
  const field = (part) => {
    const m = part.trim().match(/^(?:readonly\s+)?"?([A-Za-z_$][\w$]*)"?\??\s*:/);
    if (m) keys.push(m[1]);
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if ('{[(<'.includes(c)) depth++;
    else if ('}])>'.includes(c) && body[i - 1] !== '=') depth--;
    else if ((c === ',' || c === ';' || c === '\n') && depth === 0) {
      field(body.slice(start, i));
      start = i + 1;
    }
  }
  field(body.slice(start));
  return [...new Set(keys)].sort();
}

/** Declarations in one file: interfaces and object-literal types with their
 *  keys, and consts. */
function declarations(text) {
  const src = uncommented(text);
  const out = [];
  for (const m of src.matchAll(/(?:^|\n)\s*(?:export\s+)?(interface|type|const)\s+([A-Za-z_$][\w$]*)(\s*<[^=>{]*>)?\s*(=\s*)?/g)) {
    const [, kind, name] = m;
    const after = m.index + m[0].length;
    if (kind === 'const') {
      out.push({ kind, name, keys: null });
    } else if (kind === 'interface') {
      const open = src.indexOf('{', after);
      out.push({ kind, name, keys: keysOf(braced(src, open)) });
    } else if (src[after] === '{') {
      out.push({ kind, name, keys: keysOf(braced(src, after)) });
    } else {
      // An alias or a union: a name only if it names nothing generated.
      out.push({ kind: 'alias', name, keys: null });
    }
  }
  return out;
}

const generated = new Map(); // name -> { file, keys }
for (const file of tsFiles(GENERATED, [])) {
  for (const d of declarations(readFileSync(file, 'utf8'))) {
    generated.set(d.name, { file: relative(SRC, file), keys: d.keys });
  }
}
const byKeys = new Map(); // "a,b,c" -> generated name
for (const [name, g] of generated) {
  if (g.keys && g.keys.length >= 3) byKeys.set(g.keys.join(','), `${name} (src/${g.file})`);
}

/** What in `text` copies a generated declaration, in words. */
function copies(text) {
  const found = [];
  for (const d of declarations(text)) {
    const g = generated.get(d.name);
    if (g && d.kind !== 'alias') {
      found.push(`${d.kind} ${d.name} is declared in src/${g.file}: import it from there`);
    } else if (d.keys && d.keys.length >= 3 && byKeys.has(d.keys.join(','))) {
      found.push(`${d.kind} ${d.name} has the keys of the generated ${byKeys.get(d.keys.join(','))}: import that instead`);
    }
  }
  return found;
}

test('the generated files declare the types the browser reads from Rust', () => {
  // The roots this test leans on; a rename in Rust shows here first.
  for (const name of ['ServerMessage', 'Preview', 'PreviewPlacement', 'Suggestion', 'SuggestionAsk', 'RulesGame', 'OfflineReplay', 'SLIP_REASONS', 'DEFAULT_PIECES']) {
    assert.ok(generated.has(name), `src/generated/ declares no ${name}: rerun cargo run -p stackyard-typegen`);
  }
});

test('no file in src/ outside generated/ hand-writes a generated type', () => {
  const skip = [GENERATED, join(SRC, 'rules', 'pkg')];
  const found = [];
  for (const file of tsFiles(SRC, skip)) {
    for (const what of copies(readFileSync(file, 'utf8'))) found.push(`src/${relative(SRC, file)}: ${what}`);
  }
  assert.deepEqual(found, []);
});

test('a hand-written copy is caught, by its name or by its keys', () => {
  // The shapes src/games/leaningPreview.ts and src/rules/wasm.ts wrote by
  // hand before they were generated.
  const before = `
    /** What the physics predicts. */
    export interface LeaningSuggestion {
      size: 'small' | 'medium' | 'large';
      pose: Pose;
      how: 'lean' | 'rest';
      target: number;
      points: number;
      steady: number;
      shifts: number;
    }
    export interface Preview { verdict: string; rule: string | null }
    export interface GameName {
      name: string;
      title: string;
      engine: string;
      /** The questions. */
      queries: string[];
    }
    type Local = { a: number; b: number; c: number };
    export type Placement = Extract<Action, { type: 'place' }>;
    export type { Preview as P } from '../generated/leaning';
  `;
  const found = copies(before);
  assert.equal(found.length, 3, found.join('\n'));
  assert.match(found[0], /LeaningSuggestion has the keys of the generated Suggestion/);
  assert.match(found[1], /interface Preview is declared in src\/generated\/leaning\.ts/);
  assert.match(found[2], /GameName has the keys of the generated RulesGame/);
});

// Nothing in TypeScript restates a rule (issue #26): how a game's events
// read, and the rule each cites, are the game's own (`Listed::narrate`, in
// its rules crate, through the rules compiled to WebAssembly), and the
// piecepack's suit names and symbols are generated (SUITS). A rule id as a
// string literal in a game's module, or a table of suit names, is a copy.

const GAMES = join(SRC, 'games');
const WORDS = join(SRC, 'words');

/** Rule-id string literals ('L12', "T-3", `P10`) in `text`, comments aside. */
function ruleLiterals(text) {
  return [...uncommented(text).matchAll(/(['"`])([A-Z]-?\d+[a-z]?)\1/g)].map((m) => m[2]);
}

/** Suit-name tables: two suit names within one short stretch, comments aside. */
function suitTables(text) {
  return [...uncommented(text).matchAll(/\b(Suns|Moons|Crowns|Arms)\b[^\n]{0,120}\n?[^\n]{0,120}\b(Suns|Moons|Crowns|Arms)\b/g)].map((m) => m[0].slice(0, 60));
}

test('no game module or words file names a rule id: the rules crates say which rule a line cites', () => {
  const found = [];
  for (const file of [...tsFiles(GAMES, []), ...tsFiles(WORDS, [])]) {
    for (const id of ruleLiterals(readFileSync(file, 'utf8'))) found.push(`src/${relative(SRC, file)}: '${id}'`);
  }
  assert.deepEqual(found, []);
});

test('no file in src/ outside generated/ restates the suits\' names', () => {
  const found = [];
  for (const file of tsFiles(SRC, [GENERATED, join(SRC, 'rules', 'pkg')])) {
    for (const t of suitTables(readFileSync(file, 'utf8'))) found.push(`src/${relative(SRC, file)}: ${t}`);
  }
  assert.deepEqual(found, []);
  for (const name of ['SUITS', 'VALUES', 'Narration', 'Tell']) {
    assert.ok(generated.has(name), `src/generated/ declares no ${name}: rerun cargo run -p stackyard-typegen`);
  }
});

test('a rule id or a suit table written by hand is caught', () => {
  // What src/games/leaning.ts and src/wire/babel.ts held before.
  assert.deepEqual(ruleLiterals(`return { kind: 'held', mine, rule: 'L12', text }; // 'L9' in a comment is fine`), ['L12']);
  assert.deepEqual(ruleLiterals("const r = e.released ? 'L12' : \"L-6\"; const href = '#/rules/speedy/P10';"), ['L12', 'L-6']);
  assert.equal(suitTables(`export const SUITS = {\n  S: { name: 'Suns', symbol: '☀' },\n  M: { name: 'Moons', symbol: '☾' },\n};`).length, 1);
  assert.deepEqual(suitTables('// Suns and Moons in a comment'), []);
});
