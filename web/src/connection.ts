// One table's WebSocket, kept alive: it reconnects by itself with
// exponential backoff (plus jitter, so a restarted server is not hit by
// every client at the same instant), says `hello` with the seat token and
// the last version seen, and reports its state honestly to the screen.
// The server answers every hello with a full `welcome`, so a resync needs
// nothing from us but to replace what we show.

import { wsUrl } from './api';
import {
  CLOSE_POLICY,
  PROTOCOL,
  type ClientMessage,
  type ServerMessage,
} from './protocol';

export type ConnState =
  | { kind: 'connecting'; attempt: number }
  | { kind: 'open' }
  | { kind: 'waiting'; attempt: number; retryAt: number; reason: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'closed' };

type Outgoing = ClientMessage extends infer M
  ? M extends { id: number }
    ? Omit<M, 'id'>
    : never
  : never;

export interface ConnectionOptions {
  table: string;
  token: string | null;
  onMessage: (m: ServerMessage) => void;
  onState: (s: ConnState) => void;
}

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 15_000;
/** The server closes silent connections (idle timeout 90 s): ping well inside it. */
const PING_EVERY_MS = 25_000;
/** No answer at all for this long means the link is dead even if the socket has not noticed. */
const DEAD_AFTER_MS = 60_000;

export class Connection {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private timer: number | undefined;
  private nextId = 1;
  private lastVersion: number | null = null;
  private stopped = false;
  private pinger: number | undefined;
  private lastHeard = 0;
  state: ConnState = { kind: 'connecting', attempt: 0 };

  constructor(private readonly opts: ConnectionOptions) {
    // Come back at once when the network does, instead of waiting out
    // the backoff.
    window.addEventListener('online', this.retryNow);
    this.open();
  }

  /** Record the newest version shown, for `since` on the next hello. */
  seen(version: number): void {
    this.lastVersion = version;
  }

  /** Sends a message needing an id; returns the id, or null when offline. */
  send(msg: Outgoing): number | null {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || this.state.kind !== 'open') {
      return null;
    }
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ ...msg, id }));
    return id;
  }

  close(): void {
    this.stopped = true;
    window.removeEventListener('online', this.retryNow);
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    this.ws?.close(1000, 'leaving');
    this.setState({ kind: 'closed' });
  }

  private retryNow = (): void => {
    if (this.state.kind === 'waiting') {
      clearTimeout(this.timer);
      this.open();
    }
  };

  private setState(s: ConnState): void {
    this.state = s;
    this.opts.onState(s);
  }

  private open(): void {
    if (this.stopped) return;
    this.setState({ kind: 'connecting', attempt: this.attempt });
    const ws = new WebSocket(wsUrl(this.opts.table));
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws || this.stopped) return;
      const hello: ClientMessage = {
        type: 'hello',
        protocol: PROTOCOL,
        token: this.opts.token,
        since: this.lastVersion,
      };
      ws.send(JSON.stringify(hello));
      this.lastHeard = Date.now();
      clearInterval(this.pinger);
      this.pinger = window.setInterval(() => {
        if (Date.now() - this.lastHeard > DEAD_AFTER_MS) {
          ws.close(4000, 'no answer from the server');
          return;
        }
        this.send({ type: 'ping' });
      }, PING_EVERY_MS);
    };
    ws.onmessage = (e: MessageEvent<string>) => {
      // Once closed (the player left the table) or replaced by a newer
      // socket, nothing more reaches the screen: a message still in
      // flight would otherwise land on a screen that is gone.
      if (this.ws !== ws || this.stopped) return;
      this.lastHeard = Date.now();
      let m: ServerMessage;
      try {
        m = JSON.parse(e.data) as ServerMessage;
      } catch {
        return; // not ours to guess at
      }
      if (m.type === 'welcome') {
        // Only a welcome proves the hello was accepted: reset the backoff.
        this.attempt = 0;
        this.setState({ kind: 'open' });
      }
      this.opts.onMessage(m);
    };
    ws.onclose = (e: CloseEvent) => {
      if (this.ws !== ws || this.stopped) return;
      this.ws = null;
      clearInterval(this.pinger);
      if (e.code === CLOSE_POLICY) {
        // A refused token will be refused again: say so, do not loop.
        this.setState({ kind: 'refused', reason: e.reason || 'the server refused this connection' });
        return;
      }
      this.attempt += 1;
      const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (this.attempt - 1));
      const jittered = delay * (0.75 + Math.random() * 0.5);
      this.setState({
        kind: 'waiting',
        attempt: this.attempt,
        retryAt: Date.now() + jittered,
        reason: e.reason || (e.code === 1006 ? 'connection lost' : `closed (${e.code})`),
      });
      this.timer = window.setTimeout(() => this.open(), jittered);
    };
  }
}
