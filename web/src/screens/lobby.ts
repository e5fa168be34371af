// The lobby: today's deals (play one, see the day's board), every game the
// server hosts, its open and running tables, a form to create a table
// (settings, seats: person or bot and its level, optional clock), and the
// recent finished games for replay.

import { ApiFailure, api } from '../api';
import type { CreateTable, DailyEntry, DailyInfo, FinishedTable, GameInfo, SeatRequest, SeatSummary, TableSummary } from '../protocol';
import { loadSeat, playerName, saveSeat, setPlayerName } from '../seats';
import { h, replace } from '../ui/dom';
import { say } from '../ui/status';
import type { Screen } from './screen';

/** A settings editor for one game: the form fields and how to read them. */
interface SettingsForm {
  el: HTMLElement;
  read(): unknown;
  seats(): number;
  onChange(f: () => void): void;
}

function towersForm(defaults: unknown): SettingsForm {
  const input = h('input', { name: 'variant', value: typeof defaults === 'string' ? defaults : '8x8', list: 'tw-variants', 'aria-describedby': 'tw-help', size: 28 });
  const presets = ['8x8', '8x8+capture', '8x8+sprawl', '8x8+infrastructure:4', '6x6', '10x10'];
  return {
    el: h(
      'div',
      {},
      h('label', {}, 'Board and variants ', input),
      h('datalist', { id: 'tw-variants' }, presets.map((p) => h('option', { value: p }))),
      h('small', { id: 'tw-help', class: 'muted' }, ' e.g. 8x8, 8x8+sprawl, 8x8+infrastructure:4+capture (T20)'),
    ),
    read: () => input.value.trim(),
    seats: () => 2,
    onChange: () => {},
  };
}

function babelForm(defaults: unknown): SettingsForm {
  const d = (defaults ?? {}) as { variant?: string };
  const select = h('select', { name: 'variant' }, ['standard', 'strict'].map((v) => h('option', { value: v, selected: v === d.variant }, v)));
  return {
    el: h('label', {}, 'Variant ', select),
    read: () => ({ ...(defaults as object), variant: select.value }),
    seats: () => 1,
    onChange: () => {},
  };
}

function iceForm(defaults: unknown): SettingsForm {
  const d = (defaults ?? {}) as { players?: number; ghost?: boolean; hold_limit_ms?: number; game_timer_ms?: number | null };
  const players = h('input', { type: 'number', name: 'players', min: 2, max: 5, value: d.players ?? 2 });
  const ghost = h('input', { type: 'checkbox', name: 'ghost', checked: d.ghost ?? false });
  const hold = h('input', { type: 'number', name: 'hold', min: 1, value: (d.hold_limit_ms ?? 10000) / 1000 });
  const timer = h('input', { type: 'number', name: 'timer', min: 0, value: d.game_timer_ms ? d.game_timer_ms / 1000 : 300 });
  let changed = () => {};
  players.addEventListener('change', () => changed());
  return {
    el: h(
      'div',
      { class: 'row' },
      h('label', {}, 'Players ', players),
      h('label', {}, ghost, ' ghost (I14)'),
      h('label', {}, 'Hold limit (s) ', hold),
      h('label', {}, 'Game timer (s, 0 = none) ', timer),
    ),
    read: () => ({
      players: Number(players.value),
      ghost: ghost.checked,
      hold_limit_ms: Math.round(Number(hold.value) * 1000),
      game_timer_ms: Number(timer.value) > 0 ? Math.round(Number(timer.value) * 1000) : null,
    }),
    seats: () => Math.max(2, Math.min(5, Number(players.value) || 2)),
    onChange: (f) => (changed = f),
  };
}

function speedyForm(defaults: unknown): SettingsForm {
  const d = (defaults ?? {}) as { players?: number };
  const players = h('input', { type: 'number', name: 'players', min: 2, max: 6, value: d.players ?? 2 });
  let changed = () => {};
  players.addEventListener('change', () => changed());
  const count = () => Math.max(2, Math.min(6, Math.round(Number(players.value)) || 2));
  return {
    el: h('div', { class: 'row' }, h('label', {}, 'Players ', players)),
    // The other settings (hand noise, layout, physics) keep the server's defaults.
    read: () => ({ ...(defaults as object), players: count() }),
    seats: count,
    onChange: (f) => (changed = f),
  };
}

function leaningForm(defaults: unknown): SettingsForm {
  // Players (L1: 2 to 10) and the series target (L13) as fields; every
  // other setting (tolerances, hand noise, physics) as JSON, folded away.
  const { seats: s0, target_score: t0, ...rest } = (defaults ?? {}) as { seats?: number; target_score?: number };
  const players = h('input', { type: 'number', name: 'players', min: 2, max: 10, value: s0 ?? 2 });
  const target = h('input', { type: 'number', name: 'target', min: 1, value: t0 ?? 50 });
  const area = h('textarea', { rows: 4, name: 'settings' }, JSON.stringify(rest, null, 1));
  let changed = () => {};
  players.addEventListener('change', () => changed());
  const count = () => Math.max(2, Math.min(10, Math.round(Number(players.value)) || 2));
  return {
    el: h(
      'div',
      {},
      h('div', { class: 'row' }, h('label', {}, 'Players ', players), h('label', {}, 'Series to ', target, ' points')),
      h('details', {}, h('summary', {}, 'More settings (JSON)'), area),
    ),
    read: () => {
      const more = JSON.parse(area.value || '{}') as unknown;
      if (typeof more !== 'object' || more === null || Array.isArray(more)) throw new Error('the settings are a JSON object');
      return { ...more, seats: count(), target_score: Math.round(Number(target.value)) };
    },
    seats: count,
    onChange: (f) => (changed = f),
  };
}

function jsonForm(defaults: unknown): SettingsForm {
  const area = h('textarea', { rows: 3, name: 'settings' }, JSON.stringify(defaults));
  const seats = h('input', { type: 'number', min: 1, max: 8, value: 2, name: 'seats' });
  let changed = () => {};
  seats.addEventListener('change', () => changed());
  return {
    el: h('div', {}, h('label', {}, 'Settings (JSON) ', area), h('label', {}, ' Seats ', seats)),
    read: () => JSON.parse(area.value) as unknown,
    seats: () => Number(seats.value) || 1,
    onChange: (f) => (changed = f),
  };
}

function settingsForm(g: GameInfo): SettingsForm {
  switch (g.name) {
    case 'towers':
      return towersForm(g.default_settings);
    case 'babel':
      return babelForm(g.default_settings);
    case 'icetowers':
      return iceForm(g.default_settings);
    case 'speedy':
      return speedyForm(g.default_settings);
    case 'leaning':
      return leaningForm(g.default_settings);
    default:
      return jsonForm(g.default_settings);
  }
}

function seatRow(g: GameInfo, i: number): { el: HTMLElement; read(): SeatRequest } {
  const kind = h('select', { name: `seat${i}-kind`, 'aria-label': `seat ${i}: person or bot` }, h('option', { value: 'person', selected: i === 0 }, 'person'), h('option', { value: 'bot', selected: i > 0 }, 'bot'));
  // Preselected: the weakest bot that plays (Leaning's weakest, `pass`,
  // only passes: a test aid, not an opponent).
  const playing = g.bot_levels.find((b) => b.name !== 'pass')?.name;
  const level = h('select', { name: `seat${i}-level`, 'aria-label': `seat ${i}: bot level` }, g.bot_levels.map((b) => h('option', { value: b.name, title: b.about, selected: b.name === playing }, `${b.name}: ${b.about}`)));
  const sync = () => (level.hidden = kind.value !== 'bot');
  kind.addEventListener('change', sync);
  sync();
  return {
    el: h('div', { class: 'seat-row' }, h('span', {}, `Seat ${i}`), kind, level),
    read: () => (kind.value === 'bot' ? { kind: 'bot', level: level.value } : { kind: 'person' }),
  };
}

function createForm(g: GameInfo, message: HTMLElement): HTMLElement {
  const settings = settingsForm(g);
  const seatsEl = h('div', { class: 'seat-rows' });
  let rows: ReturnType<typeof seatRow>[] = [];
  const layoutSeats = () => {
    rows = Array.from({ length: settings.seats() }, (_, i) => seatRow(g, i));
    replace(seatsEl, rows.map((r) => r.el));
  };
  settings.onChange(layoutSeats);
  layoutSeats();
  const clockOn = h('input', { type: 'checkbox', name: 'clock' });
  const minutes = h('input', { type: 'number', min: 1, value: 10, name: 'minutes', 'aria-label': 'minutes each' });
  const inc = h('input', { type: 'number', min: 0, value: 5, name: 'increment', 'aria-label': 'seconds added per move' });
  // A turnless game keeps its own time; the server refuses a clock for it.
  const turnBased = !g.turnless;
  const form = h(
    'form',
    {
      class: 'create',
      'data-create': g.name,
      onsubmit: ((e: SubmitEvent) => {
        e.preventDefault();
        void submit();
      }) as EventListener,
    },
    settings.el,
    seatsEl,
    turnBased ? h('label', {}, clockOn, ' clock: ', minutes, ' min + ', inc, ' s a move') : null,
    h('button', { type: 'submit', class: 'primary' }, `New ${g.title} table`),
  );

  async function submit(): Promise<void> {
    let body: CreateTable;
    let seats: SeatRequest[];
    try {
      seats = rows.map((r) => r.read());
      body = { game: g.name, settings: settings.read(), seats };
    } catch (e) {
      return say(message, `Settings: ${String(e)}`, 'error');
    }
    if (turnBased && clockOn.checked) {
      body.clock = { initial_ms: Number(minutes.value) * 60_000, increment_ms: Number(inc.value) * 1000 };
    }
    try {
      const t = await api.create(body);
      const mine = seats.findIndex((s) => s.kind === 'person');
      if (mine >= 0) {
        const ans = await api.join(t.id, { seat: mine, name: playerName() || undefined });
        saveSeat(t.id, ans);
      }
      location.hash = `#/table/${t.id}`;
    } catch (e) {
      say(message, e instanceof ApiFailure ? `Could not create the table: ${e.message}` : String(e), 'error');
    }
  }
  return form;
}

const seatNames = (seats: SeatSummary[]) =>
  seats.map((s) => (s.kind === 'bot' ? `bot ${s.level ?? ''}` : s.name || (s.taken ? 'player' : 'open'))).join(' vs ');

function finishedItem(t: FinishedTable, titles: Map<string, string>): HTMLElement {
  const score = t.outcome ? ` · ${t.outcome.scores.join('–')}` : '';
  return h(
    'li',
    { 'data-table': t.id },
    h('span', {}, `${titles.get(t.game) ?? t.game} · ${t.id} · ${seatNames(t.seats)}${score}`),
    h('a', { class: 'button', href: `#/replay/${t.id}` }, 'Replay'),
  );
}

function tableItem(t: TableSummary, message: HTMLElement): HTMLElement {
  const free = t.seats.find((s) => s.kind === 'person' && !s.taken);
  const who = seatNames(t.seats);
  const join = async (seat: number) => {
    try {
      saveSeat(t.id, await api.join(t.id, { seat, name: playerName() || undefined }));
      location.hash = `#/table/${t.id}`;
    } catch (e) {
      say(message, e instanceof ApiFailure ? e.message : String(e), 'error');
    }
  };
  return h(
    'li',
    { 'data-table': t.id },
    h('span', {}, `${t.title} · ${t.id} · ${who}`),
    free && t.status !== 'finished' ? h('button', { class: 'primary', onclick: () => void join(free.seat) }, 'Join') : null,
    t.status === 'finished' ? h('a', { class: 'button', href: `#/replay/${t.id}` }, 'Replay') : h('a', { class: 'button', href: `#/table/${t.id}` }, 'Watch'),
  );
}

function gameCard(g: GameInfo, message: HTMLElement): HTMLElement {
  const lists = h('div', { class: 'tables' }, h('p', { class: 'muted' }, 'Loading tables…'));
  Promise.all([api.tables(g.name, 'open'), api.tables(g.name, 'playing')])
    .then(([open, playing]) =>
      replace(
        lists,
        open.length ? h('h4', {}, 'Open tables') : null,
        open.length ? h('ul', { class: 'table-list' }, open.map((t) => tableItem(t, message))) : null,
        playing.length ? h('h4', {}, 'Being played') : null,
        playing.length ? h('ul', { class: 'table-list' }, playing.slice(0, 10).map((t) => tableItem(t, message))) : null,
        !open.length && !playing.length ? h('p', { class: 'muted' }, 'No open tables: create one.') : null,
      ),
    )
    .catch((e: unknown) => replace(lists, h('p', { class: 'error' }, `Tables: ${e instanceof Error ? e.message : String(e)}`)));
  const board = h('details', { class: 'leaderboard' }, h('summary', {}, 'Leaderboard'));
  board.addEventListener(
    'toggle',
    () => {
      api
        .ratings(g.name)
        .then((rs) =>
          board.append(
            rs.length
              ? h('ol', {}, rs.slice(0, 10).map((r) => h('li', {}, `${r.name}: ${Math.round(r.rating)} ±${Math.round(r.deviation)} (${r.games} games)`)))
              : h('p', { class: 'muted' }, 'No rated games yet.'),
          ),
        )
        .catch(() => board.append(h('p', { class: 'muted' }, 'No leaderboard on this server.')));
    },
    { once: true },
  );
  return h(
    'article',
    { class: 'game-card', 'data-game': g.name },
    h('h3', {}, g.title, ' ', h('a', { href: `#/rules/${g.name}`, class: 'small' }, 'rules')),
    createForm(g, message),
    lists,
    board,
  );
}

/** A board line's result in the game's own words. */
function dailyResult(game: string, e: DailyEntry): string {
  if (game === 'babel') {
    const stacks = -e.score;
    return `${stacks} ${stacks === 1 ? 'stack' : 'stacks'}`;
  }
  return `score ${e.score}`;
}

function clockText(ms: number): string {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Today's deal of one game: a button to play it, and the day's board. */
function dailyCard(d: DailyInfo, message: HTMLElement, name: () => string): HTMLElement {
  const board = h('div', { class: 'daily-board', 'data-daily-board': d.game }, h('p', { class: 'muted' }, 'Loading the board…'));
  api
    .dailyBoard(d.game)
    .then((b) =>
      replace(
        board,
        b.entries.length
          ? h(
              'ol',
              {},
              b.entries.slice(0, 20).map((e) =>
                h(
                  'li',
                  { 'data-name': e.name },
                  `${e.name}: ${dailyResult(d.game, e)} in ${clockText(e.time_ms)}`,
                  e.hints ? ` · ${e.hints} ${e.hints === 1 ? 'hint' : 'hints'}` : '',
                  e.ending && e.ending.type !== 'rules' ? ` (${e.ending.type.replace('_', ' ')})` : '',
                ),
              ),
            )
          : h('p', { class: 'muted' }, 'Nobody has finished today’s deal yet.'),
      ),
    )
    .catch((e: unknown) => replace(board, h('p', { class: 'muted' }, `The board is not available: ${e instanceof Error ? e.message : String(e)}`)));
  const play = async () => {
    const who = name();
    if (!who) return say(message, 'Type your name first: today’s deal is ranked by name.', 'error');
    try {
      const started = await api.dailyStart(d.game, who);
      saveSeat(started.table, started);
      location.hash = `#/table/${started.table}`;
    } catch (e) {
      // One attempt a day: if this browser holds the seat, carry on.
      const earlier = e instanceof ApiFailure && e.kind === 'already_played' ? /table ([0-9a-f]+)/.exec(e.message)?.[1] : undefined;
      if (earlier && loadSeat(earlier)) {
        location.hash = `#/table/${earlier}`;
        return;
      }
      say(message, e instanceof ApiFailure ? e.message : String(e), 'error');
    }
  };
  return h(
    'article',
    { class: 'game-card daily', 'data-daily': d.game },
    h('h3', {}, `${d.title}: today’s deal`, ' ', h('span', { class: 'small muted' }, `${d.day} (UTC)`)),
    h('p', { class: 'muted' }, 'The same deal for everyone today; one attempt per name. Fewest stacks wins, then the quickest.'),
    h('button', { class: 'primary', 'data-daily-play': d.game, onclick: () => void play() }, 'Play today’s deal'),
    board,
  );
}

export function lobbyScreen(): Screen {
  const message = h('div', { class: 'message', role: 'alert' });
  const games = h('div', { class: 'games' }, h('p', { class: 'muted' }, 'Loading games…'));
  const recent = h('div', { class: 'recent' });
  const dailies = h('div', { class: 'games dailies' });
  const name = h('input', { value: playerName(), placeholder: 'your name', 'aria-label': 'your name', maxlength: 32, name: 'player-name' });
  name.addEventListener('change', () => setPlayerName(name.value.trim()));
  const currentName = () => {
    setPlayerName(name.value.trim());
    return name.value.trim();
  };
  const root = h(
    'section',
    { class: 'lobby' },
    h('div', { class: 'lobby-head' }, h('h2', {}, 'Lobby'), h('label', {}, 'Name ', name)),
    message,
    dailies,
    games,
    h('h2', {}, 'Recent games'),
    recent,
    h('p', {}, h('a', { href: '#/replay', 'data-open-record': true }, 'Replay a record file'), ' (offline, in this browser)'),
  );
  api
    .daily()
    .then((ds) => replace(dailies, ds.map((d) => dailyCard(d, message, currentName))))
    .catch(() => replace(dailies));
  const gamesLoaded = api.games();
  gamesLoaded
    .then((gs) => replace(games, gs.map((g) => gameCard(g, message))))
    .catch((e: unknown) => replace(games, h('p', { class: 'error' }, `The server did not list its games: ${e instanceof Error ? e.message : String(e)}`)));
  Promise.all([api.records(12), gamesLoaded.catch(() => [] as GameInfo[])])
    .then(([rs, gs]) => {
      const titles = new Map(gs.map((g) => [g.name, g.title]));
      replace(recent, rs.length ? h('ul', { class: 'table-list' }, rs.map((t) => finishedItem(t, titles))) : h('p', { class: 'muted' }, 'No finished games yet.'));
    })
    .catch(() => replace(recent, h('p', { class: 'muted' }, 'Recent games are not available.')));
  return { root, title: 'Lobby', destroy() {} };
}
