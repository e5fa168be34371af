// The keys of each server message as src/generated/server.ts declares them
// (generated from shells/server/src/protocol.rs `ServerMessage`). The e2e
// tests check every message the real server sends against this list, so a
// key added or renamed on either side fails a test in the browser too; the
// server's own tests read every message they receive as a `ServerMessage`.

export const SERVER_MESSAGES = {
  welcome: { required: ['type', 'protocol', 'table', 'viewer', 'version', 'view', 'to_act', 'clocks', 'now_ms', 'abandon_after_ms'], optional: ['draw_offered_by', 'ended', 'outcome'] },
  step: { required: ['type', 'version', 'events', 'view', 'to_act', 'clocks', 'ended', 'outcome'], optional: [] },
  ack: { required: ['type', 'id', 'version'], optional: [] },
  error: { required: ['type', 'id', 'kind', 'rule', 'message'], optional: [] },
  hint: { required: ['type', 'id', 'action', 'text'], optional: [] },
  pong: { required: ['type', 'id'], optional: [] },
  table: { required: ['type', 'table'], optional: [] },
  draw_offered: { required: ['type', 'seat'], optional: [] },
};

export const TABLE_SUMMARY = {
  required: ['id', 'game', 'title', 'status', 'settings', 'seats', 'created_at', 'version'],
  optional: ['actions', 'clock', 'rated', 'outcome', 'ending', 'daily', 'rematch'],
};

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
