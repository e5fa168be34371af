// One table, live: connects, shows the game's renderer, who plays (by
// name), the connection state, what happened (kept across reloads), the
// server's refusals in a player's words with the rule one click away, and
// at the end a result from this viewer's side with a rematch. Seated
// players keep their seat across reloads through the token in localStorage.

import { ApiFailure, accounts, api } from '../api';
import { Connection, type ConnState } from '../connection';
import { fitsOneScreen, seatMark, uiFor } from '../games/registry';
import type { GameUi } from '../games/types';
import { loadHistory, saveHistory } from '../history';
import type { ClockState, CreateTable, MessageOf, SeatSummary, ServerMessage, TableSummary, ToAct, Viewer } from '../protocol';
import { NAME_MAX_CHARS } from '../protocol';
import { displayName, forgetSeat, guestName, loadSeat, playerName, saveSeat, setPlayerName } from '../seats';
import { h, replace } from '../ui/dom';
import { challengeButton } from '../ui/pairing';
import { muted, setMuted, sounds } from '../ui/sound';
import { renderConn, say } from '../ui/status';
import { UNWORDED, eventLines, refusalText, ruleHref, type Line } from '../words';
import { PROVISIONAL_TITLE, ratingText, seatNames } from '../words/names';
import { resultWords } from '../words/result';
import type { Screen } from './screen';

/** How long a seat may stay away, in words, from the server's
 *  `abandon_after_ms` (in every welcome; this client never restates it). */
export function awayLimitWords(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms) || ms <= 0) return 'too long';
  const seconds = Math.round(ms / 1000);
  if (seconds >= 60 && seconds % 60 === 0) {
    const minutes = seconds / 60;
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}


/** How long the message line keeps what a move knocked down, or a bot's
 *  answer to a draw, before the next step may clear it. */
const KEEP_MS = 8000;

export function tableScreen(id: string): Screen {
  const conn = h('span', { class: 'conn', role: 'status', 'aria-live': 'polite', 'data-state': 'connecting' });
  const heading = h('h2', {}, 'Table');
  const seatsEl = h('div', { class: 'seats' });
  const waitingEl = h('div', { class: 'waiting' });
  const actions = h('div', { class: 'table-actions' });
  const message = h('div', { class: 'message', role: 'alert', 'aria-live': 'assertive', 'data-testid': 'message' });
  const gameHost = h('div', { class: 'game-host' });
  const banner = h('div', { class: 'banner' });
  const clocksEl = h('div', { class: 'clocks', 'aria-live': 'off' });
  // Newest first, numbered from the first: the newest line has the highest number.
  const historyList = h('ol', { class: 'history-list', reversed: true });
  const historyEl = h('section', { class: 'history', 'data-testid': 'history', 'aria-label': 'What happened' }, h('h3', {}, 'What happened'), historyList);
  const root = h(
    'section',
    { class: 'table-screen', 'data-table': id },
    h('header', { class: 'table-head' }, heading, conn),
    seatsEl,
    waitingEl,
    clocksEl,
    actions,
    message,
    banner,
    gameHost,
    historyEl,
  );

  let table: TableSummary | null = null;
  let viewer: Viewer = { type: 'spectator' };
  let ui: GameUi | null = null;
  let connection: Connection | null = null;
  let version = -1;
  let connState: ConnState = { kind: 'connecting', attempt: 0 };
  let ended = false;
  let drawOfferedBy: number | null = null;
  // The server's abandonment limit, from the welcome.
  let abandonAfterMs: number | null = null;
  let confirmingResign = false;
  let toAct: ToAct = { type: 'nobody' };
  // The last view shown, to show it again when the table starts (its
  // turn is withheld until every seat is taken).
  let lastView: unknown = null;
  let history: Line[] = [];
  // Set when the server says the token is bad: only then is forgetting the
  // seat right (a 1008 close can also mean flooding).
  let tokenRejected = false;
  // Clocks as the server last reported them, and when that was: the
  // running one is shown counting down locally between messages.
  let clocks: ClockState[] | null = null;
  let clocksAt = 0;
  // The table's game time (welcome's now_ms) and when it arrived: today's
  // deal is ranked by time, so its running time is shown.
  let gameMs = 0;
  let gameMsAt = 0;
  let endedAtMs: number | null = null;
  const tick = window.setInterval(() => {
    if (connState.kind === 'waiting') renderConn(conn, connState);
    renderClocks();
  }, 500);

  function renderClocks(): void {
    // (A deal that ended before this page saw it: its time is on the day's board.)
    if (!clocks && table?.daily && (!ended || endedAtMs !== null)) {
      const ms = endedAtMs ?? gameMs + (Date.now() - gameMsAt);
      const t = Math.max(0, Math.floor(ms / 1000));
      return replace(clocksEl, h('span', { class: 'clock running', 'data-daily-time': true }, 'Your time: ', h('b', {}, `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`)));
    }
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

  // Which games allow agreed draws (GET /api/v1/games has_draws). The
  // game list also names the bots ("Easy bot"): the table connects only
  // once it is read (or failed), so the welcome's words never fall back
  // to an engine's level name ("Greedy bot" after a reload, CI 2026-12-03).
  let drawGames = new Set<string>();
  const hasDraws = () => table !== null && drawGames.has(table.game);
  const gamesRead = api
    .games()
    .then((gs) => {
      drawGames = new Set(gs.filter((g) => g.has_draws).map((g) => g.name));
      renderSeats();
    })
    .catch(() => {});

  // Issue #27: beside each name, the account's rating in this game
  // ("1500?" while provisional), or "guest". The WebSocket's seats carry
  // whether a seat is an account's; the ratings come from the table's
  // summary over HTTP, asked once the seats are taken.
  // Asked again once the game is over (the new ratings are written then).
  let ratedSeats: Map<number, SeatSummary> | null = null;
  let ratingsAskedAt: string | null = null;
  function seatBadge(st: SeatSummary): HTMLElement | null {
    if (st.kind !== 'person' || !st.taken) return null;
    if (!st.account) return h('span', { class: 'muted guest-mark', 'data-testid': 'seat-guest' }, ' · guest');
    if (table && table.status !== 'open' && ratingsAskedAt !== table.status) {
      ratingsAskedAt = table.status;
      window.setTimeout(
        () =>
          void api
            .table(id)
            .then((t) => {
              ratedSeats = new Map(t.seats.map((x) => [x.seat, x]));
              renderSeats();
            })
            .catch(() => {}),
        table.status === 'finished' ? 1500 : 0,
      );
    }
    const r = ratedSeats?.get(st.seat);
    if (!r) return null;
    return h('span', { class: 'rating', 'data-testid': 'seat-rating', title: r.provisional ? PROVISIONAL_TITLE : 'rating' }, ratingText(r));
  }

  const mySeat = (): number | null => (viewer.type === 'seat' ? viewer.seat : null);
  const names = (): string[] => (table ? seatNames(table.game, table.seats) : []);
  const nameOf = (seat: number): string => {
    const n = names()[seat];
    if (seat === mySeat()) return table?.seats[seat]?.name || `Player ${seat + 1}`;
    return n ?? `Player ${seat + 1}`;
  };
  /** For the game's own labels: names, and "(you)" on this viewer's seat. */
  const seatLabel = (seat: number): string => (seat === mySeat() ? `${nameOf(seat)} (you)` : nameOf(seat));
  /** Who reads the game's words: this viewer's seat and every seat's name. */
  const readers = () => ({ seat: mySeat(), names: (table?.seats ?? []).map((_, s) => nameOf(s)) });
  /** The history's lines in the order their steps came (each game's words are worded asynchronously). */
  let told: Promise<void> = Promise.resolve();
  const waitingFor = (): string[] => (table ? table.seats.filter((s) => s.kind === 'person' && !s.taken).map((s) => nameOf(s.seat)) : []);
  const started = () => table !== null && table.status !== 'open';

  function send(msg: Parameters<Connection['send']>[0]): void {
    if (connection?.send(msg) === null) {
      say(message, 'Not connected: that was not sent. It will work again once reconnected.', 'error');
    }
  }

  function mountUi(t: TableSummary): void {
    if (ui) return;
    const seat = mySeat();
    ui = uiFor(t.game)({
      act: seat === null ? null : (action: unknown) => send({ type: 'act', action }),
      // The server hints any game with bots; a renderer offers it where it wants.
      hint: seat !== null ? () => send({ type: 'hint' }) : null,
      seat,
      inReplay: false,
      seatLabel,
      settings: t.settings,
      tell: (text, rule) => showNote(text, rule, 'note'),
    });
    gameHost.replaceChildren(ui.root);
    // The physical tables (real time, 3-D) fit one screen: the table, the
    // player's pieces, the main action and the last verdict without
    // scrolling (issue 24); the seats, buttons and history follow below.
    root.classList.toggle('fit', fitsOneScreen(t.game));
  }

  /** On a fitted table the message line keeps the last verdict in view:
   *  a refusal stays a few seconds, then the newest line about this
   *  viewer (or, failing that, the newest line) takes its place. */
  let messageAt = 0;
  let messageOwn = false;
  function showLatest(lines: Line[]): void {
    if (!table || !fitsOneScreen(table.game)) return showTurnBased(lines);
    const now = Date.now();
    // How the game ended always takes the line: a line of one's own from a
    // moment before must not stay there as the last word.
    const end = lines.find((l) => l.kind === 'end');
    // A line of one's own is the game's word for it (Leaning's "Clean! Your
    // medium pyramid rests…" begins with its verdict), or begins with You.
    const own = [...lines].reverse().find((l) => l.mine || /^(You|Your)\b/.test(l.text));
    const keepError = message.dataset.kind === 'error' && now - messageAt < 5000;
    const keepOwn = messageOwn && now - messageAt < 4000;
    const line = end ?? own ?? (keepError || keepOwn ? undefined : lines[lines.length - 1]);
    if (!line) return;
    if (keepError && !own && !end) return;
    say(message, line.text);
    message.dataset.line = line.kind;
    messageAt = now;
    messageOwn = line === own;
  }

  /** On the other tables the message line over the board says what a
   *  step knocked down, with the move that did it (issue #49: a wipe-out
   *  of 41 towers was told only below the board), and keeps it, or a
   *  bot's answer to a draw, a few seconds even when the next move comes
   *  at once; any other step clears the line. */
  function showTurnBased(lines: Line[]): void {
    const fell = lines.filter((l) => l.kind === 'fell');
    if (fell.length) {
      const said = lines.filter((l) => l.kind === 'move').concat(fell);
      showNote(said.map((l) => l.text).join(' '), fell[0].rule ?? null, 'fell');
      return;
    }
    const kept = message.dataset.line === 'fell' || message.dataset.line === 'draw';
    if (kept && Date.now() - messageAt < KEEP_MS) return;
    say(message, '');
    delete message.dataset.line;
  }

  /** A sentence in the message line with its rule one click away. */
  function showNote(text: string, rule: string | null, line: string): void {
    replace(
      message,
      h('p', { class: 'info' }, text, rule && table ? [' ', h('a', { href: ruleHref(table.game, rule), class: 'rule-link', 'data-rule': rule }, 'See the rule')] : null),
    );
    message.dataset.kind = 'info';
    message.dataset.line = line;
    messageAt = Date.now();
    messageOwn = false;
  }

  /** A bot's answer to a draw offer (T-8), from this viewer's side. */
  function drawAnswerWords(m: MessageOf<'draw_answered'>): string {
    const offer = m.offered_by === mySeat() ? 'your draw offer' : `${nameOf(m.offered_by)}'s draw offer`;
    const why =
      m.standing === 'level' ? 'it judges the game level' : m.standing === 'behind' ? 'it judges itself behind' : m.standing === 'ahead' ? 'it judges itself ahead' : 'it cannot judge this position';
    return m.accepts ? `${nameOf(m.seat)} accepts ${offer}: ${why}.` : `${nameOf(m.seat)} declines ${offer}: ${why}, so the game goes on.`;
  }

  /** A turn of this viewer's own in a turn-based game (the real-time ones have no turns to announce). */
  const mineToAct = (t: ToAct): boolean => mySeat() !== null && started() && t.type === 'seat' && t.seat === mySeat();

  /** Until every seat is taken nobody is to act, whatever the rules' turn says. */
  const shownToAct = (): ToAct => (started() ? toAct : { type: 'nobody' });

  function updateTitle(): void {
    if (!table) return;
    const seat = mySeat();
    const mine = !ended && started() && seat !== null && (toAct.type === 'any_seat' || (toAct.type === 'seat' && toAct.seat === seat));
    const prefix = ended ? 'Game over' : !started() ? 'Waiting' : mine && toAct.type === 'seat' ? 'Your move' : null;
    document.title = `${prefix ? `${prefix} · ` : ''}${table.title} · Stackyard`;
  }

  function mark(seat: number): HTMLElement | null {
    const m = table ? seatMark(table.game, seat, lastView) : null;
    if (!m) return null;
    // The letter in white on dark colours, black on light ones.
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(m.fill.slice(i, i + 2), 16) / 255);
    const dark = 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.45;
    return h('span', { class: 'seat-mark', style: `background:${m.fill};color:${dark ? '#fff' : '#111'}`, title: m.title, 'aria-label': m.title }, m.letter);
  }

  function renderSeats(): void {
    const t = table;
    if (!t) return;
    heading.textContent = t.title;
    const seat = mySeat();
    const canTake = seat === null && t.status === 'open';
    replace(
      seatsEl,
      h(
        'ul',
        { class: 'seat-list' },
        t.seats.map((st) =>
          h(
            'li',
            { 'data-seat': st.seat, class: st.seat === seat ? 'me' : '' },
            st.kind === 'person' && st.taken
              ? h('span', { class: `presence ${st.connected || st.seat === seat ? 'on' : 'off'}`, title: st.connected || st.seat === seat ? 'connected' : 'not connected', 'aria-label': st.connected || st.seat === seat ? 'connected' : 'not connected' })
              : null,
            mark(st.seat),
            seatLabel(st.seat),
            seatBadge(st),
            st.kind === 'person' && !st.taken ? h('span', { class: 'off' }, ' · not here yet') : null,
            st.kind === 'person' && st.taken && !st.connected && st.seat !== seat
              ? h('span', { class: 'off', 'data-away': st.seat }, ended ? ' · away' : ` · away: if they stay away ${awayLimitWords(abandonAfterMs)}, the game ends as abandoned`)
              : null,
          ),
        ),
      ),
      h('p', { class: 'muted', 'data-viewer': viewer.type }, seat === null ? 'You are watching.' : ended ? 'You played this game.' : t.seats[seat]?.name ? `You play as ${t.seats[seat].name}.` : 'You are playing.'),
    );
    renderWaiting(canTake);
    const playing = seat !== null && !ended;
    const offerDraw = playing && started() && hasDraws() && drawOfferedBy === null;
    replace(
      actions,
      h('a', { href: `#/rules/${t.game}`, class: 'button' }, 'How to play'),
      playing && started() && !confirmingResign
        ? h('button', { 'data-testid': 'resign', onclick: () => ((confirmingResign = true), renderSeats()) }, t.seats.length > 1 ? 'Resign' : 'Give up')
        : null,
      playing && started() && confirmingResign
        ? h(
            'span',
            { class: 'confirm-resign', role: 'group', 'aria-label': 'Resign?' },
            t.seats.length > 1 ? 'Resign and lose this game? ' : 'Give up this deal? ',
            h('button', { class: 'danger', 'data-testid': 'confirm', onclick: () => ((confirmingResign = false), send({ type: 'resign' }), renderSeats()) }, t.seats.length > 1 ? 'Yes, resign' : 'Yes, give up'),
            h('button', { onclick: () => ((confirmingResign = false), renderSeats()) }, 'Keep playing'),
          )
        : null,
      offerDraw ? h('button', { onclick: () => send({ type: 'offer_draw' }) }, 'Offer draw') : null,
      h(
        'button',
        { class: 'mute', 'aria-pressed': String(muted()), 'data-mute': true, onclick: () => (setMuted(!muted()), renderSeats()) },
        muted() ? 'Sound off' : 'Sound on',
      ),
      ended ? h('a', { href: `#/replay/${t.id}`, class: 'button', 'data-replay': t.id }, 'Replay') : null,
      !ended && drawOfferedBy !== null
        ? h(
            'span',
            { class: 'draw-offer', role: 'status' },
            drawOfferedBy === seat ? 'You offered a draw.' : `${nameOf(drawOfferedBy)} offers a draw. `,
            playing && drawOfferedBy !== seat
              ? h('button', { class: 'primary', 'data-action': 'accept-draw', onclick: () => send({ type: 'accept_draw' }) }, 'Accept draw')
              : null,
          )
        : null,
    );
    updateTitle();
  }

  /** Until every seat is taken: who the table waits for, the link to send, and a seat to take. */
  function renderWaiting(canTake: boolean): void {
    const t = table!;
    if (t.status !== 'open' || ended) return replace(waitingEl);
    const missing = waitingFor();
    const link = `${location.origin}${location.pathname}#/table/${id}`;
    const free = t.seats.find((s) => s.kind === 'person' && !s.taken);
    const nameInput = h('input', { name: 'join-name', value: playerName(), placeholder: guestName(), maxlength: NAME_MAX_CHARS, 'aria-label': 'your name' });
    replace(
      waitingEl,
      h(
        'div',
        { class: 'waiting-box', 'data-waiting': 'true' },
        h('p', {}, h('b', {}, `Waiting for ${missing.length === 1 ? 'one more player' : `${missing.length} more players`}.`), ' The game starts when every seat is taken.'),
        !canTake
          ? h('p', { class: 'share-line' }, 'Send this link to a friend: ', h('input', { readonly: true, value: link, class: 'share-link', 'aria-label': 'link to this table', onfocus: ((e: FocusEvent) => (e.target as HTMLInputElement).select()) as EventListener }), ' ', h('button', { onclick: () => void share() }, 'Copy'))
          : null,
        canTake && free
          ? h(
              'form',
              {
                class: 'join-form',
                onsubmit: ((e: SubmitEvent) => {
                  e.preventDefault();
                  void takeSeat(free.seat, nameInput.value);
                }) as EventListener,
              },
              h('label', {}, 'Your name ', nameInput),
              h('button', { type: 'submit', class: 'primary', 'data-join': free.seat }, 'Take the seat and play'),
            )
          : null,
      ),
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

  async function takeSeat(seat: number, typed: string): Promise<void> {
    // A guest who types no name goes by its "Guest 1234" (issue #27).
    if (typed.trim()) setPlayerName(typed.trim());
    const name = typed.trim() || displayName();
    try {
      const ans = await api.join(id, { seat, name });
      saveSeat(id, ans);
      connect();
    } catch (e) {
      say(message, e instanceof ApiFailure ? `That seat could not be taken: ${e.message}` : String(e), 'error');
    }
  }

  /** The id of this seat's "rematch" request while it waits for the server's answer. */
  let rematchRequest: number | null = null;

  /**
   * Play again: the server opens the rematch once for everyone at the
   * table (a friend is told and offered to join it); this viewer takes
   * the seat it had. A table that has already left the server's memory
   * cannot be asked: this viewer then opens the new table itself.
   */
  async function rematch(button: HTMLButtonElement): Promise<void> {
    const t = table;
    if (!t || mySeat() === null) return;
    button.disabled = true;
    if (t.rematch) return joinRematch(t.rematch.table, button);
    const asked = connState.kind === 'open' ? (connection?.send({ type: 'rematch' }) ?? null) : null;
    if (asked === null) return rematchAlone(button);
    rematchRequest = asked;
  }

  async function joinRematch(fresh: string, button: HTMLButtonElement | null): Promise<void> {
    const t = table;
    const seat = mySeat();
    if (!t || seat === null) return;
    try {
      saveSeat(fresh, await api.join(fresh, { seat, name: playerName() || t.seats[seat]?.name || undefined }));
      location.hash = `#/table/${fresh}`;
    } catch (e) {
      if (button) button.disabled = false;
      say(message, e instanceof ApiFailure ? `The rematch could not be joined: ${e.message}` : String(e), 'error');
    }
  }

  /** A new table with the same game, settings, seats and clock; this viewer takes the same seat. */
  async function rematchAlone(button: HTMLButtonElement): Promise<void> {
    const t = table;
    const seat = mySeat();
    if (!t || seat === null) return;
    const body: CreateTable = {
      game: t.game,
      settings: t.settings,
      seats: t.seats.map((s) => (s.kind === 'bot' ? { kind: 'bot', level: s.level ?? '' } : { kind: 'person' })),
    };
    if (t.clock) body.clock = t.clock;
    try {
      const fresh = await api.create(body);
      saveSeat(fresh.id, await api.join(fresh.id, { seat, name: playerName() || t.seats[seat]?.name || undefined }));
      location.hash = `#/table/${fresh.id}`;
    } catch (e) {
      button.disabled = false;
      say(message, e instanceof ApiFailure ? `The rematch could not be started: ${e.message}` : String(e), 'error');
    }
  }

  /** The rating changes of a rated table (issue #27), the viewer's first;
   * the server writes them just after the end, so this asks a few times. */
  function ratingChanges(id: string, mine: string | null): HTMLElement {
    const el = h('p', { class: 'rating-changes muted', 'data-testid': 'rating-change' });
    void (async () => {
      for (let i = 0; i < 10; i++) {
        const changes = await accounts.ratingChanges(id).catch(() => []);
        if (changes.length) {
          changes.sort((a, b) => Number(b.name === mine) - Number(a.name === mine));
          replace(
            el,
            changes.flatMap((c, i) => {
              const d = Math.round(c.after) - Math.round(c.before);
              const who = c.name === mine ? 'Your rating' : `${c.name}'s rating`;
              return [i ? ' · ' : '', `${who}: ${Math.round(c.before)} → ${Math.round(c.after)} (${d >= 0 ? '+' : ''}${d})`];
            }),
          );
          return;
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      el.textContent = 'Not rated: only games between two signed-in players count.';
    })();
    return el;
  }

  /** The other seats' account names at a table for two (none at a
   *  table with a bot or a guest). */
  function opponentsToChallenge(seat: number | null): string[] {
    if (!table || table.seats.length !== 2 || seat === null) return [];
    return table.seats.filter((s) => s.seat !== seat && s.kind === 'person' && s.account && s.name).map((s) => s.name!);
  }

  /** Whether the result was brought into sight already (once per table). */
  let outcomeSeen = false;
  function showOutcome(): void {
    if (!table || !ended) return replace(banner);
    const r = resultWords(table.game, table.outcome ?? null, table.ending ?? null, mySeat(), nameOf, lastView);
    const seat = mySeat();
    const canRematch = seat !== null && !table.daily;
    // Someone else at the table asked for a rematch: say who, offer to join.
    const offeredBy = table.rematch && table.rematch.by !== seat ? nameOf(table.rematch.by) : null;
    replace(
      banner,
      h(
        'div',
        { class: `result result-${r.kind}`, 'data-testid': 'result', 'data-result': r.kind, role: 'status' },
        h('h3', { class: 'result-title' }, r.title),
        h(
          'p',
          { 'data-outcome': 'true' },
          h('a', { href: `#/replay/${table.id}`, class: 'replay-link' }, 'Watch the replay'),
          ' · ',
          r.why,
          r.rule ? [' ', h('a', { href: ruleHref(table.game, r.rule), class: 'rule-link' }, 'How a game ends')] : null,
        ),
        r.scores.length ? h('ul', { class: 'scores' }, r.scores.map((s) => h('li', {}, s))) : null,
        table.rated ? ratingChanges(table.id, seat === null ? null : nameOf(seat)) : null,
        canRematch && offeredBy ? h('p', { class: 'rematch-offer', 'data-rematch-offer': 'true' }, `${offeredBy} wants a rematch.`) : null,
        h(
          'div',
          { class: 'row' },
          canRematch ? h('button', { class: 'primary', 'data-testid': 'rematch', onclick: (e: Event) => void rematch(e.currentTarget as HTMLButtonElement) }, offeredBy ? 'Join the rematch' : table.seats.length > 1 ? 'Rematch' : 'Play another deal') : null,
          // Issue #27: against a person with an account, challenge them again (another game or clock).
          canRematch ? opponentsToChallenge(seat).map((name) => challengeButton(name, table!.game, 'Challenge again')) : null,
          h('a', { href: '#/', class: 'button', 'data-new-game': true }, 'New game'),
        ),
      ),
    );
    // Brought into sight once (on a phone the buttons that end a game sit
    // far below it); its scroll margin keeps the sticky message off it.
    if (!outcomeSeen) {
      outcomeSeen = true;
      banner.firstElementChild?.scrollIntoView({ block: 'nearest' });
    }
  }

  /** A line of history: the game's sentence, and the rule it cites one
   *  click away (a mark beside it, never in the words). */
  function historyItem(l: Line): HTMLElement {
    const rule = l.rule && table ? h('a', { href: ruleHref(table.game, l.rule), class: 'rule-mark', 'data-rule': l.rule, title: 'The rule', 'aria-label': 'the rule' }) : null;
    return h('li', { 'data-kind': l.kind, class: l.kind }, l.text, rule);
  }

  function renderHistory(): void {
    // Newest first: what just happened is where the eye is.
    replace(
      historyList,
      history.length ? history.slice(-200).reverse().map(historyItem) : h('li', { class: 'muted gap' }, 'Nothing yet.'),
    );
  }

  function addHistory(lines: Line[]): void {
    if (!lines.length) return;
    history = history.concat(lines);
    renderHistory();
  }

  function restoreHistory(at: number): void {
    const stored = loadHistory(id, mySeat());
    history = stored?.lines ?? [];
    if (stored && stored.version < at && stored.lines.length) {
      history.push({ kind: 'gap', text: 'Some moves were made while you were away.' });
    } else if (!stored && at > 0 && table?.status !== 'open') {
      history.push({ kind: 'gap', text: 'You arrived during the game: the earlier moves are in the replay once it ends.' });
    }
    renderHistory();
    saveHistory(id, mySeat(), at, history);
  }

  /** Shows a refusal in words, the rule one click away; the sentence shown. */
  function showRefusal(kind: string, rule: string | null, text: string): string {
    const sentence = refusalText(kind, text);
    replace(
      message,
      h('p', { class: 'error' }, sentence, rule && table ? [' ', h('a', { href: ruleHref(table.game, rule), class: 'rule-link', 'data-rule': rule }, 'See the rule')] : null),
    );
    message.dataset.kind = 'error';
    messageAt = Date.now();
    messageOwn = false;
    return sentence;
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
        abandonAfterMs = m.abandon_after_ms ?? null;
        clocks = m.clocks;
        clocksAt = Date.now();
        gameMs = m.now_ms;
        gameMsAt = Date.now();
        toAct = m.to_act;
        lastView = m.view;
        restoreHistory(m.version);
        if (!message.textContent) showLatest(history.slice(-1));
        renderClocks();
        renderSeats();
        showOutcome();
        // The steps so far, as this viewer received them: the renderer's
        // last move and move list are as they were before a reload.
        const past = (m.past ?? []).map((p) => p.events);
        const lastPast = past[past.length - 1];
        const told = lastPast && table ? eventLines(table.game, lastPast, m.view, readers(), null, table.settings) : undefined;
        ui!.show({ view: m.view, events: [], toAct: shownToAct(), outcome: table.outcome ?? null, ending: table.ending ?? null, live: false, past, told });
        root.dataset.version = String(m.version);
        break;
      }
      case 'step': {
        if (m.version <= version) return; // already shown (resync overlap)
        version = m.version;
        connection?.seen(m.version);
        root.dataset.version = String(m.version);
        const turnBefore = toAct;
        toAct = m.to_act;
        const viewBefore = lastView;
        lastView = m.view;
        if (table && table.status === 'open') table = { ...table, status: 'playing' };
        if (m.ended || m.outcome) {
          ended = true;
          endedAtMs ??= gameMs + (Date.now() - gameMsAt);
          confirmingResign = false;
          if (table) table = { ...table, status: 'finished', outcome: m.outcome ?? undefined, ending: m.ended ?? undefined };
          showOutcome();
        }
        clocks = m.clocks;
        clocksAt = Date.now();
        renderClocks();
        if (drawOfferedBy !== null) drawOfferedBy = null; // an offer lapses at the next accepted action
        renderSeats();
        const wasMine = mineToAct(turnBefore);
        const step = m;
        const game = table?.game ?? null;
        // The game's own words (its rules crate, through WebAssembly),
        // worded once for this step: the history and the renderer's own log
        // (`Shown.told`) share them. Told in order, one step after another.
        const said: Promise<Line[]> = game ? eventLines(game, step.events, step.view, readers(), viewBefore, table?.settings) : Promise.resolve([]);
        told = told.then(async () => {
          const lines = await said;
          if (lines.includes(UNWORDED)) {
            // Said once in the history, and where the player is looking.
            if (!history.some((l) => l.kind === UNWORDED.kind)) addHistory([UNWORDED]);
            say(message, UNWORDED.text, 'error');
          } else {
            addHistory(lines);
            showLatest(lines);
          }
          if (step.ended || step.outcome) sounds.end();
          else if (lines.some((l) => l.kind === 'fell')) sounds.fall();
          else if (!wasMine && mineToAct(step.to_act)) sounds.yourTurn();
          saveHistory(id, mySeat(), step.version, history);
        });
        ui?.show({ view: m.view, events: m.events, toAct: shownToAct(), outcome: m.outcome, ending: m.ended, live: true, told: said });
        break;
      }
      case 'error': {
        if (m.id != null && m.id === rematchRequest) {
          // The table has left the server's memory: open the rematch here.
          rematchRequest = null;
          const button = root.querySelector<HTMLButtonElement>('[data-testid="rematch"]');
          if (button) void rematchAlone(button);
          break;
        }
        const sentence = showRefusal(m.kind, m.rule ?? null, m.message);
        message.dataset.errorKind = m.kind;
        ui?.showError?.(sentence, m.rule ?? null);
        if (m.kind === 'bad_token') tokenRejected = true;
        break;
      }
      case 'table': {
        const wasOpen = table?.status === 'open';
        const hadRematch = table?.rematch?.table;
        table = { ...m.table, outcome: table?.outcome ?? m.table.outcome, ending: table?.ending ?? m.table.ending };
        renderSeats();
        if (m.table.rematch && m.table.rematch.table !== hadRematch) {
          if (rematchRequest !== null) {
            rematchRequest = null;
            void joinRematch(m.table.rematch.table, null);
          } else showOutcome();
        }
        if (wasOpen && m.table.status !== 'open' && lastView !== null) {
          const at = version;
          told = told.then(() => {
            addHistory([{ kind: 'info', text: 'Everyone is here: the game begins.' }]);
            saveHistory(id, mySeat(), at, history);
          });
          if (mineToAct(toAct)) sounds.yourTurn();
          ui?.show({ view: lastView, events: [], toAct: shownToAct(), outcome: null, ending: null, live: false });
        }
        break;
      }
      case 'draw_offered':
        drawOfferedBy = m.seat;
        renderSeats();
        break;
      case 'draw_answered': {
        drawOfferedBy = null;
        renderSeats();
        const text = drawAnswerWords(m);
        showNote(text, null, 'draw');
        const at = version;
        told = told.then(() => {
          addHistory([{ kind: 'info', text }]);
          saveHistory(id, mySeat(), at, history);
        });
        break;
      }
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
        // A warning before the seat is given up: the server ends a game
        // whose seat stays without a connection too long (abandoned).
        if ((s.kind === 'waiting' || s.kind === 'connecting') && mySeat() !== null && !ended && started()) {
          say(message, `You are offline; reconnecting… A seat that stays away ${awayLimitWords(abandonAfterMs)} is given up and the game ends as abandoned.`, 'error');
          message.dataset.away = 'true';
        } else if (s.kind === 'open' && message.dataset.away === 'true') {
          delete message.dataset.away;
          say(message, 'Back online: your seat is still yours.');
        }
        if (s.kind === 'refused' && token && tokenRejected) {
          // A bad token would be refused forever: watch instead.
          tokenRejected = false;
          forgetSeat(id);
          say(message, 'This browser’s seat at the table was not accepted; you are watching instead.', 'error');
          setTimeout(connect, 500);
        } else if (s.kind === 'refused') {
          replace(message, h('p', { class: 'error' }, `The server closed the connection: ${s.reason}. `, h('button', { onclick: connect }, 'Reconnect')));
        }
      },
    });
  }

  Promise.all([api.table(id), gamesRead])
    .then(([t]) => {
      table = t;
      renderSeats();
      connect();
    })
    .catch((e: unknown) => {
      say(message, e instanceof ApiFailure && e.status === 404 ? 'There is no such table: it may have been a mistyped link.' : String(e instanceof Error ? e.message : e), 'error');
      renderConn(conn, { kind: 'closed' });
    });

  return {
    root,
    title: 'Table',
    destroy() {
      clearInterval(tick);
      connection?.close();
      ui?.destroy();
    },
  };
}
