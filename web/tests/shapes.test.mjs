// The message shapes the browser tests check the server against are read
// from the generated TypeScript (tests/lib/shapes.mjs), not kept by hand:
// every message type of `ServerMessage` is there with its keys, and a key
// the types do not declare is reported.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { SERVER_MESSAGES, TABLE_SUMMARY, checkMessage } from './lib/shapes.mjs';

const generated = readFileSync(new URL('../src/generated/server.ts', import.meta.url), 'utf8');

test('every ServerMessage type of the generated types has its shape', () => {
  const union = generated.slice(generated.indexOf('export type ServerMessage = '));
  const types = [...union.slice(0, union.indexOf(';\n')).matchAll(/\{ "type": "([a-z_]+)"/g)].map((m) => m[1]);
  assert.ok(types.length >= 8, `${types}`);
  assert.deepEqual(Object.keys(SERVER_MESSAGES).sort(), [...types].sort());
  for (const [type, shape] of Object.entries(SERVER_MESSAGES)) {
    assert.ok(shape.required.includes('type'), type);
  }
  assert.ok(SERVER_MESSAGES.welcome.required.includes('abandon_after_ms'));
  assert.ok(SERVER_MESSAGES.welcome.optional.includes('draw_offered_by'), 'a nullable key may be left out');
  assert.ok(TABLE_SUMMARY.required.includes('game') && TABLE_SUMMARY.optional.includes('rematch'));
});

test('a message with a key the types lack, or without a required one, is reported', () => {
  assert.deepEqual(checkMessage({ type: 'pong', id: 1 }), []);
  assert.deepEqual(checkMessage({ type: 'pong', id: 1, extra: true }), ['pong: unexpected extra (add it to src/protocol.ts)']);
  assert.deepEqual(checkMessage({ type: 'ack', id: 1 }), ['ack: missing version']);
  assert.deepEqual(checkMessage({ type: 'nonsense' }), ['unknown message type "nonsense"']);
});
