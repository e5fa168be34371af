// One table, live: connects, shows the game's renderer, the seats, the
// connection state, and the server's errors verbatim. Seated players keep
// their seat across reloads through the token in localStorage.

import { ApiFailure, api } from '../api';
import { Connection, type ConnState } from '../connection';
import { uiFor } from '../games/registry';
import type { GameUi } from '../games/types';
import type { ClockState, ServerMessage, TableSummary, Viewer } from '../protocol';
import { forgetSeat, loadSeat, playerName, saveSeat } from '../seats';
import { h, replace } from '../ui/dom';
import { renderConn, say } from '../ui/status';
import type { Screen } from './screen';

export function tableScreen(id: string): Screen {
  const conn = h('span', { class: 'conn', role: 'status', 'aria-live': 'polite', 'data-state': 'connecting' });
  const heading = h('h2', {}, 'Table');
  const seatsEl = h('div', { class: 'seats' });
  const actions = h('div', { class: 'table-actions' });
  const message = h('div', { class: 'message', role: 'alert', 'aria-live': 'assertive' });
  const gameHost = h('div', { class: 'game-host' });
  const banner = h('div', { class: 'banner' });
  const clocksEl = h('div', { class: 'clocks', 'aria-live': 'off' });
  const root = h(
    'section',
    { class: 'table-screen', 'data-table': id },
    h('header', { class: 'table-head' }, heading, conn),
    seatsEl,
    clocksEl,
    actions,
    message,
    banner,
    gameHost,
  );

  let table: TableSummary | null = null;
  let viewer: Viewer = { type: 'spectator' };
  let ui: GameUi | null = null;
  let connection: Connection | null = null;
  let version = -1;
  let connState: ConnState = { kind: 'connecting', attempt: 0 };
  let ended = false;
  let drawOfferedBy: number | null = null;
  // Set when the server says the token is bad: only then is forgetting the
  // seat right (a 1008 close can also mean flooding).
  let tokenRejected = false;
  // Clocks as the server last reported them, and when that was: the
  // running one is shown counting down locally between messages.
  let clocks: ClockState[] | null = null;
  let clocksAt = 0;
  const tick = window.setInterval(() => {
    if (connState.kind === 'waiting') renderConn(conn, connState);
    renderClocks();
  }, 500);

  function renderClocks(): void {
    if (!clocks) return replace(clocksEl);
    const fmt = (ms: number) => {
      const t = Math.max(0, Math.ceil(ms / 1000));
      return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`;
    };
    replace(
      clocksEl,
      clocks.map((c, i) =>
        h(
          'span',
          { class: `clock ${c.running && !ended ? 'running' : ''}`, 'data-clock': i },
          `${seatLabel(i)}: `,
          h('b', {}, fmt(c.running && !ended ? c.remaining_ms - (Date.now() - clocksAt) : c.remaining_ms)),
          c.running && !ended ? ' ⏱' : '',
        ),
      ),
    );
  }

  // Which games allow agreed draws (GET /api/v1/games has_draws).
  let drawGames = new Set<string>();
  const hasDraws = () => table !== null && drawGames.has(table.game);
  void api
    .games()
    .then((gs) => {
      drawGames = new Set(gs.filter((g) => g.has_draws).map((g) => g.name));
      renderSeats();
    })
    .catch(() => {});

  const mySeat = (): number | null => (viewer.type === 'seat' ? viewer.seat : null);

  function seatLabel(seat: number): string {
    const st = table?.seats.find((x) => x.seat === seat);
    const you = seat === mySeat() ? ' (you)' : '';
    if (!st) return `seat ${seat}${you}`;
    if (st.kind === 'bot') return `bot ${st.level ?? ''}${you}`.trim();
    return `${st.name || (st.taken ? 'player' : 'open seat')}${you}`;
  }

  function send(msg: Parameters<Connection['send']>[0]): void {
    if (connection?.send(msg) === null) {
      say(message, 'Not connected: the action was not sent. It will be possible again once reconnected.', 'error');
    }
  }

  function mountUi(t: TableSummary): void {
    if (ui) return;
    const seat = mySeat();
    ui = uiFor(t.game)({
      act: seat === null ? null : (action: unknown) => send({ type: 'act', action }),
      hint: seat !== null && t.game === 'babel' ? () => send({ type: 'hint' }) : null,
      seat,
      inReplay: false,
      seatLabel,
      settings: t.settings,
    });
    gameHost.replaceChildren(ui.root);
  }

  function renderSeats(): void {
    const t = table;
    if (!t) return;
    heading.textContent = `${t.title} · table ${t.id}`;
    const seat = mySeat();
    replace(
      seatsEl,
      h(
        'ul',
        { class: 'seat-list' },
        t.seats.map((st) =>
          h(
            'li',
            { 'data-seat': st.seat, class: st.seat === seat ? 'me' : '' },
            `Seat ${st.seat}: ${seatLabel(st.seat)}`,
            // No online/away marks: the server announces seats taken, not
            // connections, so such a mark would soon be stale.
            st.kind === 'person' && !st.taken ? h('span', { class: 'off' }, ' · waiting for a player') : null,
            seat === null && st.kind === 'person' && !st.taken && t.status !== 'finished'
              ? h('button', { class: 'primary', 'data-join': st.seat, onclick: () => void takeSeat(st.seat) }, `Take seat ${st.seat}`)
              : null,
          ),
        ),
      ),
      h('p', { class: 'muted', 'data-viewer': viewer.type }, seat === null ? 'You are watching.' : `You play seat ${seat}.`),
    );
    const playing = seat !== null && !ended;
    replace(
      actions,
      h('a', { href: `#/rules/${t.game}`, class: 'button' }, 'Rules'),
      h('button', { onclick: () => void share() }, 'Share link'),
      playing ? h('button', { onclick: () => confirm('Resign this game?') && send({ type: 'resign' }) }, 'Resign') : null,
      playing && hasDraws() && drawOfferedBy === null
        ? h('button', { onclick: () => send({ type: 'offer_draw' }) }, 'Offer draw')
        : null,
      ended ? h('a', { href: `#/replay/${t.id}`, class: 'button', 'data-replay': t.id }, 'Replay') : null,
      !ended && drawOfferedBy !== null
        ? h(
            'span',
            { class: 'draw-offer', role: 'status' },
            drawOfferedBy === seat ? 'You offered a draw.' : `${seatLabel(drawOfferedBy)} offers a draw. `,
            playing && drawOfferedBy !== seat
              ? h('button', { class: 'primary', 'data-action': 'accept-draw', onclick: () => send({ type: 'accept_draw' }) }, 'Accept draw')
              : null,
          )
        : null,
      t.status === 'open' && !ended
        ? h('span', { class: 'muted', 'data-waiting': 'true' }, 'Waiting for every seat to be taken: share the link.')
        : null,
    );
  }

  async function share(): Promise<void> {
    const url = `${location.origin}${location.pathname}#/table/${id}`;
    try {
      await navigator.clipboard.writeText(url);
      say(message, `Link copied: ${url}`);
    } catch {
      say(message, `Share this link: ${url}`);
    }
  }

  async function takeSeat(seat: number): Promise<void> {
    try {
      const ans = await api.join(id, { seat, name: playerName() || undefined });
      saveSeat(id, ans);
      connect();
    } catch (e) {
      say(message, e instanceof ApiFailure ? e.message : String(e), 'error');
    }
  }

  function showOutcome(): void {
    if (!table || !ended) return replace(banner);
    const o = table.outcome;
    const e = table.ending;
    const who = o ? (o.winners.length ? o.winners.map(seatLabel).join(' and ') + (o.winners.length > 1 ? ' win' : ' wins') : 'No winner') : 'Game over';
    const how = e && e.type !== 'rules' ? ` (${e.type.replace('_', ' ')}${'seat' in e ? ': ' + seatLabel(e.seat) : ''})` : '';
    replace(
      banner,
      h(
        'div',
        { class: 'outcome', 'data-outcome': 'true' },
        h('b', {}, `${who}${how}.`),
        o ? ` Scores: ${o.scores.join(' – ')}.` : '',
        ' ',
        h('a', { href: `#/replay/${table.id}` }, 'Watch the replay'),
      ),
    );
  }

  function onMessage(m: ServerMessage): void {
    switch (m.type) {
      case 'welcome': {
        table = m.table;
        const before = mySeat();
        viewer = m.viewer;
        if (ui && before !== mySeat()) {
          // The seat changed (joined, or token refused): rebuild the renderer.
          ui.destroy();
          ui = null;
        }
        mountUi(m.table);
        version = m.version;
        connection?.seen(m.version);
        ended = m.table.status === 'finished' || Boolean(m.ended) || Boolean(m.outcome);
        table = { ...m.table, outcome: m.outcome ?? m.table.outcome, ending: m.ended ?? m.table.ending };
        drawOfferedBy = m.draw_offered_by ?? null;
        clocks = m.clocks;
        clocksAt = Date.now();
        renderClocks();
        renderSeats();
        showOutcome();
        ui!.show({ view: m.view, events: [], toAct: m.to_act, outcome: table.outcome ?? null, ending: table.ending ?? null, live: false });
        root.dataset.version = String(m.version);
        break;
      }
      case 'step': {
        if (m.version <= version) return; // already shown (resync overlap)
        version = m.version;
        connection?.seen(m.version);
        root.dataset.version = String(m.version);
        if (m.ended || m.outcome) {
          ended = true;
          if (table) table = { ...table, status: 'finished', outcome: m.outcome ?? undefined, ending: m.ended ?? undefined };
          renderSeats();
          showOutcome();
        }
        say(message, '');
        clocks = m.clocks;
        clocksAt = Date.now();
        renderClocks();
        if (drawOfferedBy !== null) {
          drawOfferedBy = null; // an offer lapses at the next accepted action
          renderSeats();
        }
        ui?.show({ view: m.view, events: m.events, toAct: m.to_act, outcome: m.outcome, ending: m.ended, live: true });
        break;
      }
      case 'error': {
        const rule = m.rule ? ` (rule ${m.rule})` : '';
        say(message, `${m.message}${rule}`, 'error');
        message.dataset.errorKind = m.kind;
        ui?.showError?.(m.message, m.rule ?? null);
        if (m.kind === 'bad_token') tokenRejected = true;
        break;
      }
      case 'table':
        table = { ...m.table, outcome: table?.outcome ?? m.table.outcome, ending: table?.ending ?? m.table.ending };
        renderSeats();
        break;
      case 'draw_offered':
        drawOfferedBy = m.seat;
        renderSeats();
        break;
      case 'hint':
        ui?.showHint?.(m.action, m.text);
        break;
      case 'ack':
      case 'pong':
        break;
    }
  }

  function connect(): void {
    connection?.close();
    const token = loadSeat(id)?.token ?? null;
    connection = new Connection({
      table: id,
      token,
      onMessage,
      onState: (s) => {
        connState = s;
        renderConn(conn, s);
        root.dataset.conn = s.kind;
        if (s.kind === 'refused' && token && tokenRejected) {
          // A bad token would be refused forever: watch instead.
          tokenRejected = false;
          forgetSeat(id);
          say(message, `Your seat token was not accepted (${s.reason}); watching instead.`, 'error');
          setTimeout(connect, 500);
        } else if (s.kind === 'refused') {
          replace(message, h('p', { class: 'error' }, `The server closed the connection: ${s.reason}. `, h('button', { onclick: connect }, 'Reconnect')));
        }
      },
    });
  }

  api
    .table(id)
    .then((t) => {
      table = t;
      renderSeats();
      connect();
    })
    .catch((e: unknown) => {
      say(message, e instanceof ApiFailure && e.status === 404 ? `There is no table ${id}.` : String(e instanceof Error ? e.message : e), 'error');
      renderConn(conn, { kind: 'closed' });
    });

  return {
    root,
    title: `Table ${id}`,
    destroy() {
      clearInterval(tick);
      connection?.close();
      ui?.destroy();
    },
  };
}
