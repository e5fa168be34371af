// The keys of each server message, read from src/generated/server.ts
// (generated from shells/server/src/protocol.rs `ServerMessage` by
// `cargo run -p stackyard-typegen`), so this list cannot drift from the
// server's types. The e2e tests check every message the real server sends
// against it, so a key added or renamed on either side fails a test in the
// browser too; the server's own tests read every message they receive as a
// `ServerMessage`.
//
// A key is required unless it is declared optional (`key?:`) or nullable
// (`key: T | null`): the server leaves a `None` out of some messages
// (serde's skip_serializing_if), which the TypeScript declares as null.

import { readFileSync } from 'node:fs';

const GENERATED = readFileSync(new URL('../../src/generated/server.ts', import.meta.url), 'utf8');

/** The text of `export type NAME = …;`, doc comments left out. */
function declaration(name) {
  const start = GENERATED.indexOf(`export type ${name} = `);
  if (start < 0) throw new Error(`src/generated/server.ts declares no ${name}: rerun cargo run -p stackyard-typegen`);
  const next = GENERATED.indexOf('\nexport type ', start + 1);
  return GENERATED.slice(start, next < 0 ? undefined : next).replace(/\/\*\*[\s\S]*?\*\//g, '');
}

/** The keys of one object type's body (`{ a: T, b?: U, … }`), top level only. */
function keysOf(body) {
  const required = [];
  const optional = [];
  let depth = 0;
  let at = 0;
  const fields = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '{' || c === '<' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === '>' || c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      fields.push(body.slice(at, i));
      at = i + 1;
    }
  }
  fields.push(body.slice(at));
  for (const field of fields) {
    const m = /^\s*"?([A-Za-z_][A-Za-z0-9_]*)"?(\??):\s*([\s\S]*)$/.exec(field);
    if (!m) continue;
    const [, key, question, type] = m;
    if (question || /\|\s*null\s*$/.test(type.trim())) optional.push(key);
    else required.push(key);
  }
  return { required, optional };
}

/** The bodies of the object types of a union (`{ … } | { … }`), top level only. */
function objects(text) {
  const bodies = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') {
      if (depth === 0) start = i + 1;
      depth++;
    } else if (text[i] === '}') {
      depth--;
      if (depth === 0) bodies.push(text.slice(start, i));
    }
  }
  return bodies;
}

export const SERVER_MESSAGES = Object.fromEntries(
  objects(declaration('ServerMessage')).map((body) => {
    const shape = keysOf(body);
    const type = /"type":\s*"([a-z_]+)"/.exec(body)?.[1];
    if (!type) throw new Error(`a ServerMessage without a type: ${body.slice(0, 80)}`);
    return [type, shape];
  }),
);

export const TABLE_SUMMARY = keysOf(objects(declaration('TableSummary'))[0]);

/** Problems with one message, as text (empty when it fits). */
export function checkMessage(m) {
  const shape = SERVER_MESSAGES[m.type];
  if (!shape) return [`unknown message type ${JSON.stringify(m.type)}`];
  const problems = checkKeys(m, shape, m.type);
  if (m.table) problems.push(...checkKeys(m.table, TABLE_SUMMARY, `${m.type}.table`));
  return problems;
}

function checkKeys(obj, { required, optional }, where) {
  const known = new Set([...required, ...optional]);
  return [
    ...required.filter((k) => !(k in obj)).map((k) => `${where}: missing ${k}`),
    ...Object.keys(obj).filter((k) => !known.has(k)).map((k) => `${where}: unexpected ${k} (add it to src/protocol.ts)`),
  ];
}
