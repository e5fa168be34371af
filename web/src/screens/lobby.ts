// The lobby, for someone who has never heard of these games: each game a
// card (a picture, one sentence, who plays, how long) with one button that
// starts a good first game, a way to play a friend, the tables someone is
// waiting at, and every other choice in words under "More options" (engine
// settings only under "Advanced"). Today's deals and recent games below.

import { ApiFailure, api } from '../api';
import type { CreateTable, DailyEntry, DailyInfo, FinishedTable, GameInfo, SeatRequest, TableSummary } from '../protocol';
import { loadSeat, playerName, saveSeat, setPlayerName } from '../seats';
import { h, replace } from '../ui/dom';
import { askName } from '../ui/name';
import { say } from '../ui/status';
import { FACTS, firstGame } from '../words/games';
import { EXTRA_LEVELS, FIRST_BOT, botAbout, botTitle, matchLine, seatNames } from '../words/names';
import type { Screen } from './screen';

/** A settings editor for one game: the form fields and how to read them. */
interface SettingsForm {
  el: HTMLElement;
  read(): unknown;
  seats(): number;
  onChange(f: () => void): void;
}

const advanced = (...children: HTMLElement[]) => h('details', { class: 'advanced' }, h('summary', {}, 'Advanced'), ...children);

function towersForm(defaults: unknown): SettingsForm {
  const start = typeof defaults === 'string' ? defaults : '8x8';
  const size = h('select', { name: 'board' }, [6, 8, 10].map((n) => h('option', { value: `${n}x${n}`, selected: start.startsWith(`${n}x${n}`) }, `${n} by ${n} blocks`)));
  const capture = h('input', { type: 'checkbox', name: 'capture' });
  const sprawl = h('input', { type: 'checkbox', name: 'sprawl' });
  const infra = h('input', { type: 'checkbox', name: 'infrastructure' });
  // The game's own variant text, for what the boxes above do not cover;
  // typed in, it wins over them.
  const text = h('input', { name: 'variant', value: '', placeholder: start, size: 24, 'aria-label': 'variant text' });
  const composed = () =>
    [size.value, sprawl.checked ? 'sprawl' : '', infra.checked ? 'infrastructure:4' : '', capture.checked ? 'capture' : ''].filter(Boolean).join('+');
  return {
    el: h(
      'div',
      { class: 'options' },
      h('label', {}, 'Board ', size),
      h('label', {}, capture, ' Capture: floors you knock down count for you'),
      h('label', {}, sprawl, ' Sprawl: start by placing single floors on an empty board'),
      h('label', {}, infra, ' Infrastructure: start with four utilities nobody owns'),
      advanced(h('label', {}, 'Variant as text ', text, h('small', { class: 'muted' }, ' (for example 8x8+sprawl)'))),
    ),
    read: () => text.value.trim() || composed(),
    seats: () => 2,
    onChange: () => {},
  };
}

function babelForm(defaults: unknown): SettingsForm {
  const d = (defaults ?? {}) as { variant?: string };
  const select = h(
    'select',
    { name: 'variant' },
    h('option', { value: 'standard', selected: d.variant !== 'strict' }, 'Standard: draw whenever you like'),
    h('option', { value: 'strict', selected: d.variant === 'strict' }, 'Strict: draw only when no move is possible'),
  );
  const undo = h('input', { type: 'checkbox', name: 'undo', checked: true });
  return {
    el: h('div', { class: 'options' }, h('label', {}, 'Rules ', select), h('label', {}, undo, ' Allow taking moves back')),
    read: () => ({ ...(defaults as object), variant: select.value, undo: undo.checked }),
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
      { class: 'options' },
      h('label', {}, 'Players ', players),
      h('label', {}, ghost, ' Add a ghost: a white colour nobody owns that anyone may play'),
      h('label', {}, 'Seconds you may hold a piece ', hold),
      h('label', {}, 'Game length in seconds ', timer, h('small', { class: 'muted' }, ' (0: until everyone says done)')),
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
  // Two players to begin with, whatever the game's own default (a newcomer
  // should not find three bots at a first table).
  const players = h('input', { type: 'number', name: 'players', min: 2, max: 6, value: 2 });
  let changed = () => {};
  players.addEventListener('change', () => changed());
  const count = () => Math.max(2, Math.min(6, Math.round(Number(players.value)) || 2));
  return {
    el: h('div', { class: 'options' }, h('label', {}, 'Players ', players)),
    // The other settings (hand noise, layout, physics) keep the server's defaults.
    read: () => ({ ...(defaults as object), players: count() }),
    seats: count,
    onChange: (f) => (changed = f),
  };
}

function leaningForm(defaults: unknown): SettingsForm {
  // Players and the series target as fields; every other setting
  // (tolerances, hand noise, physics) as the game's JSON, under Advanced.
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
      { class: 'options' },
      h('label', {}, 'Players ', players),
      h('label', {}, 'Play until someone has ', target, ' points'),
      advanced(h('label', {}, 'Physics and other settings, as the game reads them ', area)),
    ),
    read: () => {
      const more = JSON.parse(area.value || '{}') as unknown;
      if (typeof more !== 'object' || more === null || Array.isArray(more)) throw new Error('the advanced settings are not a JSON object');
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
    el: h('div', { class: 'options' }, h('label', {}, 'Players ', seats), advanced(h('label', {}, 'Settings, as the game reads them ', area))),
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
  // Values stay the protocol's (person, bot, level names); what shows is words.
  const kind = h(
    'select',
    { name: `seat${i}-kind`, 'aria-label': i === 0 ? 'who plays first' : `player ${i + 1}` },
    h('option', { value: 'person', selected: i === 0 }, i === 0 ? 'You' : 'A friend (you send them a link)'),
    h('option', { value: 'bot', selected: i > 0 }, 'The computer'),
  );
  // Preselected: the level a beginner can beat (Leaning's weakest, `pass`,
  // only passes: a test aid, not an opponent).
  const first = FIRST_BOT[g.name] ?? g.bot_levels.find((b) => b.name !== 'pass')?.name;
  const level = h(
    'select',
    { name: `seat${i}-level`, 'aria-label': `player ${i + 1}: how strong` },
    [...(EXTRA_LEVELS[g.name] ?? []), ...g.bot_levels].map((b) => h('option', { value: b.name, selected: b.name === first }, `${botTitle(g.name, b.name)}: ${botAbout(g.name, b.name, b.about)}`)),
  );
  const sync = () => (level.hidden = kind.value !== 'bot');
  kind.addEventListener('change', sync);
  sync();
  return {
    el: h('div', { class: 'seat-row' }, h('span', {}, `Player ${i + 1}`), kind, level),
    read: () => (kind.value === 'bot' ? { kind: 'bot', level: level.value } : { kind: 'person' }),
  };
}

/** Creates a table, takes the first person seat under the remembered name, and opens it. */
async function startTable(body: CreateTable, message: HTMLElement): Promise<void> {
  try {
    const t = await api.create(body);
    const mine = (body.seats ?? []).findIndex((s) => s.kind === 'person');
    if (mine >= 0) {
      const ans = await api.join(t.id, { seat: mine, name: playerName() || undefined });
      saveSeat(t.id, ans);
    }
    location.hash = `#/table/${t.id}`;
  } catch (e) {
    say(message, e instanceof ApiFailure ? `The table could not be started: ${e.message}` : String(e), 'error');
  }
}

function createForm(g: GameInfo, message: HTMLElement): HTMLElement {
  const settings = settingsForm(g);
  const solitaire = settings.seats() === 1;
  const seatsEl = h('div', { class: 'seat-rows' });
  let rows: ReturnType<typeof seatRow>[] = [];
  const layoutSeats = () => {
    rows = Array.from({ length: settings.seats() }, (_, i) => seatRow(g, i));
    // A solitaire has one seat, yours: nothing to choose.
    replace(seatsEl, solitaire ? null : rows.map((r) => r.el));
  };
  settings.onChange(layoutSeats);
  layoutSeats();
  const clockOn = h('input', { type: 'checkbox', name: 'clock' });
  const minutes = h('input', { type: 'number', min: 1, value: 10, name: 'minutes', 'aria-label': 'minutes each' });
  const inc = h('input', { type: 'number', min: 0, value: 5, name: 'increment', 'aria-label': 'seconds added per move' });
  // A turnless game keeps its own time (the server refuses a clock for it),
  // and a solitaire has nobody to race.
  const withClock = !g.turnless && !solitaire;
  // Issue #27: a game between two signed-in players is rated unless this
  // is unticked (games with a bot or a guest never are).
  const ratedOn = h('input', { type: 'checkbox', name: 'rated', checked: true, 'data-testid': 'rated' });
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
    withClock ? h('label', { class: 'clock-choice' }, clockOn, ' A chess clock: ', minutes, ' minutes each, plus ', inc, ' seconds a move') : null,
    solitaire ? null : h('label', { class: 'rated-choice' }, ratedOn, ' Rated (when both players are signed in)'),
    h('button', { type: 'submit', class: 'primary' }, solitaire ? 'Start this deal' : 'Start this game'),
  );

  async function submit(): Promise<void> {
    let body: CreateTable;
    try {
      const seats = rows.map((r) => r.read());
      body = { game: g.name, settings: settings.read(), seats, rated: solitaire ? false : ratedOn.checked };
    } catch (e) {
      return say(message, `Those options do not work: ${e instanceof Error ? e.message : String(e)}`, 'error');
    }
    if (withClock && clockOn.checked) {
      body.clock = { initial_ms: Number(minutes.value) * 60_000, increment_ms: Number(inc.value) * 1000 };
    }
    if ((body.seats ?? []).filter((s) => s.kind === 'person').length > 1 && !(await askName('Your friend will see this name.'))) return;
    await startTable(body, message);
  }
  return form;
}

function finishedItem(t: FinishedTable, titles: Map<string, string>): HTMLElement {
  const names = seatNames(t.game, t.seats);
  const won =
    t.game === 'babel' && t.outcome
      ? ` · ${-t.outcome.scores[0]} ${t.outcome.scores[0] === -1 ? 'stack' : 'stacks'} left`
      : t.outcome?.winners.length
        ? ` · ${t.outcome.winners.map((w) => names[w] ?? 'someone').join(' and ')} won`
        : t.outcome
          ? ' · a draw'
          : '';
  return h(
    'li',
    { 'data-table': t.id },
    h('span', {}, `${titles.get(t.game) ?? t.game}: ${names.join(' vs ')}${won}`),
    h('a', { class: 'button', href: `#/replay/${t.id}` }, 'Replay'),
  );
}

/** Who is waiting at an open table, in words. */
function waitingLine(t: TableSummary): string {
  const names = seatNames(t.game, t.seats);
  const here = t.seats.filter((s) => s.kind === 'person' && s.taken).map((s) => names[s.seat]);
  const free = t.seats.filter((s) => s.kind === 'person' && !s.taken).length;
  const bots = t.seats.filter((s) => s.kind === 'bot').map((s) => names[s.seat]);
  const who = here.length ? here.join(' and ') : 'Nobody yet';
  return `${t.title}: ${who} ${here.length === 1 ? 'waits' : 'wait'} for ${free === 1 ? 'one more player' : `${free} more players`}${bots.length ? ` (with ${bots.join(', ')})` : ''}`;
}

/** An open table worth offering: a seat free, and whoever took a seat still there. */
function joinable(t: TableSummary): boolean {
  if (t.status !== 'open') return false;
  const people = t.seats.filter((s) => s.kind === 'person');
  if (!people.some((s) => !s.taken)) return false;
  const taken = people.filter((s) => s.taken);
  // Tables whose creator has gone, or that nobody took a seat at, are abandoned.
  return taken.length > 0 && taken.every((s) => s.connected);
}

async function joinTable(t: TableSummary, seat: number, message: HTMLElement): Promise<void> {
  const name = await askName(`You are joining ${t.title}. The other players will see this name.`);
  if (!name) return;
  try {
    saveSeat(t.id, await api.join(t.id, { seat, name }));
    location.hash = `#/table/${t.id}`;
  } catch (e) {
    say(message, e instanceof ApiFailure ? `That seat could not be taken: ${e.message}` : String(e), 'error');
  }
}

function openItem(t: TableSummary, message: HTMLElement): HTMLElement {
  const free = t.seats.find((s) => s.kind === 'person' && !s.taken)!;
  return h('li', { 'data-table': t.id }, h('span', {}, waitingLine(t)), h('button', { class: 'primary', onclick: () => void joinTable(t, free.seat, message) }, 'Join'));
}

function playingItem(t: TableSummary): HTMLElement {
  return h('li', { 'data-table': t.id }, h('span', {}, matchLine(t.game, t.seats)), h('a', { class: 'button', href: `#/table/${t.id}` }, 'Watch'));
}

function gameCard(g: GameInfo, message: HTMLElement, dailies: Promise<DailyInfo[]>): HTMLElement {
  const facts = FACTS[g.name];
  const lists = h('div', { class: 'tables' });
  Promise.all([api.tables(g.name, 'open'), api.tables(g.name, 'playing')])
    .then(([open, playing]) => {
      const waiting = open.filter(joinable);
      replace(
        lists,
        waiting.length ? h('h4', {}, 'Waiting for a player') : null,
        waiting.length ? h('ul', { class: 'table-list' }, waiting.slice(0, 10).map((t) => openItem(t, message))) : null,
        playing.length ? h('details', { class: 'watching' }, h('summary', {}, `Being played now (${playing.length})`), h('ul', { class: 'table-list' }, playing.slice(0, 10).map(playingItem))) : null,
      );
    })
    .catch(() => replace(lists));
  const board = h('details', { class: 'leaderboard' }, h('summary', {}, 'Best players'));
  board.addEventListener(
    'toggle',
    () => {
      api
        .ratings(g.name)
        .then((rs) =>
          board.append(
            rs.length
              ? h('ol', {}, rs.slice(0, 10).map((r) => h('li', {}, `${r.name}: rating ${Math.round(r.rating)} after ${r.games} ${r.games === 1 ? 'game' : 'games'}`)))
              : h('p', { class: 'muted' }, 'No rated games yet.'),
          ),
        )
        .catch(() => board.append(h('p', { class: 'muted' }, 'No rankings on this server.')));
    },
    { once: true },
  );
  const solitaire = g.name === 'babel';
  const playComputer = h(
    'button',
    { class: 'primary big', 'data-testid': `play-computer-${g.name}`, onclick: () => void startTable(firstGame(g.name, g.default_settings), message) },
    facts?.play ?? 'Play the computer',
  );
  const friend = solitaire ? null : h('a', { class: 'friend-link', href: `#/friend/${g.name}`, 'data-friend': g.name }, 'Play a friend');
  const daily = solitaire
    ? h(
        'button',
        {
          class: 'link',
          'data-daily-start': g.name,
          onclick: async () => {
            const ds = await dailies.catch(() => []);
            const d = ds.find((x) => x.game === g.name);
            if (!d) return say(message, 'There is no deal of the day on this server.', 'error');
            await playDaily(d, message);
          },
        },
        'Today’s deal',
      )
    : null;
  const fold = h('details', { class: 'more' }, h('summary', {}, 'More options'), createForm(g, message));
  return h(
    'article',
    { class: 'game-card', 'data-game': g.name, 'data-testid': `game-${g.name}` },
    h('div', { class: 'card-head' }, facts?.picture() ?? null, h('div', {}, h('h3', {}, g.title), facts ? h('p', { class: 'what' }, facts.sentence) : null)),
    facts ? h('p', { class: 'facts' }, h('span', {}, facts.players), h('span', {}, facts.pace), h('span', {}, facts.length)) : null,
    h('div', { class: 'card-actions' }, playComputer, friend, daily, h('a', { href: `#/rules/${g.name}`, class: 'how' }, 'How to play')),
    fold,
    lists,
    board,
  );
}

async function playDaily(d: DailyInfo, message: HTMLElement): Promise<void> {
  const who = await askName('Today’s deal is ranked by name.');
  if (!who) return;
  await startDaily(d, who, message);
}

/** Starts `who`'s attempt at today's deal, or goes back to the seat this
 * browser already holds for it (one attempt a day). */
async function startDaily(d: DailyInfo, who: string, message: HTMLElement): Promise<void> {
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
    await startDaily(d, who, message);
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
    h('div', { class: 'lobby-head' }, h('h2', {}, 'Pick a game'), h('label', {}, 'Your name ', name)),
    message,
    games,
    dailies,
    h('p', {}, h('a', { href: '#/rules' }, 'All the rules')),
    h('h2', {}, 'Recent games'),
    recent,
    h('p', {}, h('a', { href: '#/replay', 'data-open-record': true }, 'Replay a record file'), ' (offline, in this browser)'),
  );
  const dailyLoaded = api.daily();
  dailyLoaded.then((ds) => replace(dailies, ds.map((d) => dailyCard(d, message, currentName)))).catch(() => replace(dailies));
  const gamesLoaded = api.games();
  gamesLoaded
    .then((gs) => replace(games, gs.map((g) => gameCard(g, message, dailyLoaded))))
    .catch((e: unknown) => replace(games, h('p', { class: 'error' }, `The server did not list its games: ${e instanceof Error ? e.message : String(e)}`)));
  Promise.all([api.records(12), gamesLoaded.catch(() => [] as GameInfo[])])
    .then(([rs, gs]) => {
      const titles = new Map(gs.map((g) => [g.name, g.title]));
      replace(recent, rs.length ? h('ul', { class: 'table-list' }, rs.map((t) => finishedItem(t, titles))) : h('p', { class: 'muted' }, 'No finished games yet.'));
    })
    .catch(() => replace(recent, h('p', { class: 'muted' }, 'Recent games are not available.')));
  return { root, title: 'Games', destroy() {} };
}
