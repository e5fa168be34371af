// The player's socket (issue #27: push instead of polling): one WebSocket
// per tab, GET /api/v1/me/ws, on which the server says "paired, here is
// your table" and "challenge received / accepted / declined / cancelled"
// as it happens. While it is down (not signed in yet, the server
// restarting, a proxy that drops it) the challenges bar and the waiting
// view poll the HTTP routes instead, and it reconnects with a growing
// pause.

import type { PlayerEvent } from '../generated/server';

type Listener = (e: PlayerEvent) => void;
const listeners = new Set<Listener>();
let socket: WebSocket | null = null;
let up = false;
let pause = 1000;
let retry: number | undefined;

function url(): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/v1/me/ws`;
}

/** Whether the socket is open and signed in: events arrive by themselves. */
export function pushUp(): boolean {
  return up;
}

/** Calls `f` on every event; answers how to stop. */
export function onPlayerEvent(f: Listener): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** Opens the socket if it is not open (call it when the player signs in,
 *  and from time to time: it does nothing while the socket is open). */
export function ensurePush(signedIn: boolean): void {
  if (!signedIn) {
    if (socket) socket.close();
    return;
  }
  if (socket || retry !== undefined) return;
  let ws: WebSocket;
  try {
    ws = new WebSocket(url());
  } catch {
    return;
  }
  socket = ws;
  ws.onmessage = (m) => {
    let e: PlayerEvent;
    try {
      e = JSON.parse(String(m.data)) as PlayerEvent;
    } catch {
      return;
    }
    if (e.type === 'hello') {
      up = e.name !== undefined && e.name !== null;
      pause = 1000;
    }
    for (const f of [...listeners]) f(e);
  };
  ws.onclose = () => {
    const was = up;
    up = false;
    socket = null;
    // Back to polling meanwhile; try again after a pause (1 s, doubling to 30 s).
    retry = window.setTimeout(() => {
      retry = undefined;
      ensurePush(/(?:^|;\s*)stackyard_csrf=[^;]+/.test(document.cookie));
    }, pause);
    pause = Math.min(pause * 2, 30_000);
    if (was) for (const f of [...listeners]) f({ type: 'hello' });
  };
}
