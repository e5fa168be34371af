// A real `stackyard serve` on a free port with a temporary SQLite
// database, serving the built client from web/dist.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const web = resolve(here, '..', '..');
const repo = resolve(web, '..');

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

export function serverBinary() {
  const candidates = [
    process.env.STACKYARD_BIN,
    process.env.CARGO_TARGET_DIR && join(process.env.CARGO_TARGET_DIR, 'debug', 'stackyard'),
    join(repo, 'target', 'debug', 'stackyard'),
  ].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      `no stackyard binary (looked at ${candidates.join(', ')}); run scripts/web-test or set STACKYARD_BIN`,
    );
  }
  return found;
}

async function waitHealthy(url, child, log) {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`stackyard serve exited (${child.exitCode}):\n${log.join('')}`);
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`stackyard serve did not answer /healthz:\n${log.join('')}`);
}

export async function startServer() {
  const bin = serverBinary();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'stackyard-web-'));
  const db = join(dir, 'test.sqlite');
  // Every browser of a test file comes from 127.0.0.1, one "client" to the
  // server, and a file's tests share one server: the cap on a client's
  // unfinished tables (20 by default, tested by the server's own suite)
  // would count the tables of every player of every test here together.
  const args = ['serve', '--addr', `127.0.0.1:${port}`, '--db', `sqlite://${db}?mode=rwc`, '--web', join(web, 'dist'), '--tables-per-client', '200'];
  const child = spawn(bin, args, { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? 'warn' } });
  const log = [];
  child.stdout.on('data', (d) => log.push(String(d)));
  child.stderr.on('data', (d) => log.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child, log);
  return {
    url,
    log,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// The game list exactly as a real server sends it (the registry's titles,
// about pages, bot levels and defaults), so fixture tests never restate it
// by hand and cannot drift from the registry.
export async function realGames(names) {
  const server = await startServer();
  try {
    const all = await (await fetch(`${server.url}/api/v1/games`)).json();
    const wanted = names ? all.filter((g) => names.includes(g.name)) : all;
    if (names && wanted.length !== names.length) {
      throw new Error(`the server has no game named ${names.filter((n) => !all.some((g) => g.name === n)).join(', ')}`);
    }
    return wanted;
  } finally {
    await server.stop();
  }
}
