// The lobby, for someone who has never heard of these games: each game a
// card (a picture, one sentence, who plays, how long) with one button that
// starts a good first game, a way to play a friend, the tables someone is
// waiting at, and every other choice in words under "More options" (engine
// settings only under "Advanced"). Today's deals and recent games below.

import { ApiFailure, api } from '../api';
import type { CreateTable, DailyInfo, GameInfo, SeatRequest, TableSummary } from '../protocol';
import { NAME_MAX_CHARS } from '../protocol';
import { displayName, guestName, loadSeat, playerName, saveSeat, setPlayerName } from '../seats';
import { h, replace } from '../ui/dom';
import { finishedItem } from '../ui/finished';
import { askName } from '../ui/name';
import { PAIR_CLOCKS, challengeButton, playSomeone } from '../ui/pairing';
import { say } from '../ui/status';
import { factsOf, firstGame, startSettings, titlesOf } from '../words/games';
import { pictureFor, dailyRule, dailyScore } from '../games/registry';
import { PROVISIONAL_NOTE, PROVISIONAL_TITLE, anyProvisional, ratedNames, ratingText } from '../words/names';
import type { Screen } from './screen';

/** A settings editor for one game: the form fields and how to read them. */
interface SettingsEditor {
  el: HTMLElement;
  read(): unknown;
  seats(): number;
  onChange(f: () => void): void;
}

const advanced = (...children: HTMLElement[]) => h('details', { class: 'advanced' }, h('summary', {}, 'Advanced'), ...children);

/** A settings editor built from the game's own form (`about.settings`,
 *  declared in Rust beside its rules): what a person chooses, the rest at
 *  the game's defaults. */
function settingsForm(g: GameInfo): SettingsEditor {
  const form = g.about.settings;
  const seats = g.about.seats;
  const clampSeats = (v: unknown) => Math.max(seats.min, Math.min(seats.max, Math.round(Number(v)) || seats.min));
  let changed = () => {};
  if (form.type === 'text') {
    const start = typeof g.default_settings === 'string' ? g.default_settings : (form.base[0]?.value ?? '');
    const base = h('select', { name: form.base_name }, form.base.map((c) => h('option', { value: c.value, selected: start.split('+')[0] === c.value }, c.label)));
    const parts = form.parts.map((c) => ({ c, box: h('input', { type: 'checkbox', name: c.value.split(':')[0] }) }));
    // The game's own text, for what the choices above do not cover; typed
    // in, it wins over them.
    const text = h('input', { name: form.name, value: '', placeholder: start, size: 24, 'aria-label': `${form.name} text` });
    const composed = () => [base.value, ...parts.filter((p) => p.box.checked).map((p) => p.c.value)].join('+');
    return {
      el: h(
        'div',
        { class: 'options' },
        h('label', {}, `${form.base_label} `, base),
        parts.map((p) => h('label', {}, p.box, ` ${p.c.label}`)),
        advanced(h('label', {}, 'As text ', text, form.hint ? h('small', { class: 'muted' }, ` (${form.hint})`) : null)),
      ),
      read: () => text.value.trim() || composed(),
      seats: () => seats.min,
      onChange: () => {},
    };
  }
  const defaults = (g.default_settings ?? {}) as Record<string, unknown>;
  const start = startSettings(g) as Record<string, unknown>;
  const readers: ((out: Record<string, unknown>) => void)[] = [];
  let seatCount = () => seats.min;
  const controls = form.fields.map((f) => {
    const k = f.kind;
    switch (k.type) {
      case 'seats': {
        const input = h('input', { type: 'number', name: f.name, min: seats.min, max: seats.max, value: Number(start[f.key]) });
        input.addEventListener('change', () => changed());
        seatCount = () => clampSeats(input.value);
        readers.push((out) => (out[f.key] = seatCount()));
        return h('label', {}, `${f.label} `, input);
      }
      case 'flag': {
        const box = h('input', { type: 'checkbox', name: f.name, checked: Boolean(start[f.key]) });
        readers.push((out) => (out[f.key] = box.checked));
        return h('label', {}, box, ` ${f.label}`);
      }
      case 'choice': {
        const select = h('select', { name: f.name }, k.options.map((c) => h('option', { value: c.value, selected: start[f.key] === c.value }, c.label)));
        readers.push((out) => (out[f.key] = select.value));
        return h('label', {}, `${f.label} `, select);
      }
      case 'number': {
        const shown = start[f.key] === null || start[f.key] === undefined ? k.none_shows : Number(start[f.key]) / k.scale;
        const input = h('input', { type: 'number', name: f.name, min: k.min, max: k.max ?? undefined, value: shown });
        readers.push((out) => {
          const v = Number(input.value);
          out[f.key] = k.zero_is_none && !(v > 0) ? null : Math.round(v * k.scale);
        });
        return h('label', {}, `${f.label} `, input, k.hint ? h('small', { class: 'muted' }, k.hint) : null);
      }
    }
  });
  // Every other setting (tolerances, hand noise, physics) as the game's
  // JSON, under Advanced, where the game offers it.
  const rest = Object.fromEntries(Object.entries(defaults).filter(([key]) => !form.fields.some((f) => f.key === key)));
  const area = form.advanced ? h('textarea', { rows: 4, name: 'settings' }, JSON.stringify(rest, null, 1)) : null;
  return {
    el: h('div', { class: 'options' }, controls, area ? advanced(h('label', {}, 'Other settings, as the game reads them ', area)) : null),
    read: () => {
      let more: unknown = defaults;
      if (area) {
        more = JSON.parse(area.value || '{}') as unknown;
        if (typeof more !== 'object' || more === null || Array.isArray(more)) throw new Error('the advanced settings are not a JSON object');
      }
      const out: Record<string, unknown> = { ...(more as object) };
      for (const r of readers) r(out);
      return out;
    },
    seats: () => seatCount(),
    onChange: (f) => (changed = f),
  };
}

function seatRow(g: GameInfo, i: number): { el: HTMLElement; read(): SeatRequest } {
  // Values stay the protocol's (person, bot, level names); what shows is words.
  const kind = h(
    'select',
    { name: `seat${i}-kind`, 'aria-label': i === 0 ? 'who plays first' : `player ${i + 1}` },
    h('option', { value: 'person', selected: i === 0 }, i === 0 ? 'You' : 'A friend (you send them a link)'),
    h('option', { value: 'bot', selected: i > 0 }, 'The computer'),
  );
  // Preselected: the level a beginner can beat, as the game says.
  const first = g.about.first_bot ?? g.bot_levels[0]?.name;
  const level = h(
    'select',
    { name: `seat${i}-level`, 'aria-label': `player ${i + 1}: how strong` },
    g.bot_levels.map((b) => h('option', { value: b.name, selected: b.name === first }, `${b.title}: ${b.about}`)),
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
      const ans = await api.join(t.id, { seat: mine, name: displayName() });
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

/** Who is waiting at an open table, in words. */
function waitingLine(t: TableSummary): string {
  const names = ratedNames(t.game, t.seats);
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
  return h('li', { 'data-table': t.id }, h('span', {}, ratedNames(t.game, t.seats).join(' vs ')), h('a', { class: 'button', href: `#/table/${t.id}` }, 'Watch'));
}

function gameCard(g: GameInfo, message: HTMLElement, dailies: Promise<DailyInfo[]>): HTMLElement {
  const facts = factsOf(g);
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
              ? h(
                  'div',
                  {},
                  h(
                    'ol',
                    {},
                    rs.slice(0, 10).map((r) =>
                      h(
                        'li',
                        { 'data-testid': 'leader' },
                        h('a', { href: `#/player/${encodeURIComponent(r.name)}` }, r.name),
                        ': rating ',
                        h('span', { class: 'rating', title: r.provisional ? PROVISIONAL_TITLE : 'rating' }, `${Math.round(r.rating)}${r.provisional ? '? (provisional)' : ''}`),
                        ` after ${r.games} ${r.games === 1 ? 'game' : 'games'} `,
                        g.about.seats.min <= 2 && g.about.seats.max >= 2 ? challengeButton(r.name, g.name) : null,
                      ),
                    ),
                  ),
                  anyProvisional(rs.slice(0, 10)) ? h('p', { class: 'muted small', 'data-testid': 'provisional-note' }, PROVISIONAL_NOTE) : null,
                )
              : h('p', { class: 'muted' }, 'No rated games yet.'),
          ),
        )
        .catch(() => board.append(h('p', { class: 'muted' }, 'No rankings on this server.')));
    },
    { once: true },
  );
  const solitaire = g.about.seats.max === 1;
  const playComputer = h(
    'button',
    { class: 'primary big', 'data-testid': `play-computer-${g.name}`, onclick: () => void startTable(firstGame(g), message) },
    facts.play,
  );
  const friend = solitaire ? null : h('a', { class: 'friend-link', href: `#/friend/${g.name}`, 'data-friend': g.name }, 'Play a friend');
  // Issue #27: quick pairing with a signed-in player of a close rating.
  const forTwo = g.about.seats.min <= 2 && g.about.seats.max >= 2;
  // Players are paired only with the same clock: none, or one of a few.
  const pairClock = g.turnless
    ? null
    : h(
        'select',
        { class: 'pair-clock', 'data-testid': `pair-clock-${g.name}`, 'aria-label': 'clock for a paired game' },
        PAIR_CLOCKS.map((c, i) => h('option', { value: String(i) }, c.label)),
      );
  const someone = forTwo
    ? h(
        'span',
        { class: 'pair-choice' },
        h('button', { class: 'link', 'data-testid': `pair-${g.name}`, onclick: () => void playSomeone(g.name, g.title, message, PAIR_CLOCKS[Number(pairClock?.value ?? 0)]?.clock) }, 'Play someone'),
        pairClock,
      )
    : null;
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
    h('div', { class: 'card-head' }, pictureFor(g.name), h('div', {}, h('h3', {}, g.title), h('p', { class: 'what' }, facts.sentence))),
    h('p', { class: 'facts' }, h('span', {}, facts.players), h('span', {}, facts.pace), h('span', {}, facts.length)),
    h('div', { class: 'card-actions' }, playComputer, friend, someone, daily, h('a', { href: `#/rules/${g.name}`, class: 'how' }, 'How to play')),
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

/** How long until the next UTC day's deal, in words ("5 h 12 min"), as
 * the server says it. */
function untilNextDeal(now = Date.now()): string {
  const day = 86_400_000;
  const minutes = Math.floor((day - (((now % day) + day) % day)) / 60_000);
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return minutes === 0 ? 'under a minute' : `${minutes} min`;
  return `${hours} h ${minutes % 60} min`;
}

/** Starts `who`'s attempt at today's deal; told next to the button. */
async function startDaily(d: DailyInfo, who: string, message: HTMLElement): Promise<void> {
  try {
    const started = await api.dailyStart(d.game, who);
    saveSeat(started.table, started);
    location.hash = `#/table/${started.table}`;
  } catch (e) {
    if (e instanceof ApiFailure && e.kind === 'already_played' && e.table) await alreadyPlayed(d, who, e, e.table, message);
    else say(message, e instanceof ApiFailure ? e.message : String(e), 'error');
    message.scrollIntoView({ block: 'nearest' });
  }
}

/** One attempt a day (issue #49): how the earlier one went, in words,
 * and the way back to it where this browser holds its seat, never a
 * silent jump to the old table. */
async function alreadyPlayed(d: DailyInfo, who: string, e: ApiFailure, table: string, message: HTMLElement): Promise<void> {
  const summary = await api.table(table).catch(() => null);
  const mine = loadSeat(table) !== null;
  const next = ` Next deal in ${untilNextDeal()}.`;
  // Not held here (another device, or a name someone else took): the
  // server's own words say whose attempt it was.
  if (!summary || !mine) return say(message, e.message, 'error');
  const as = summary.seats[0]?.name && summary.seats[0].name !== who ? ` as ${summary.seats[0].name}` : '';
  const score = summary.outcome?.scores[0];
  let said: string;
  if (summary.status !== 'finished') said = `You have started today’s deal${as} and it is not over yet: one attempt a day.`;
  else if (score === undefined) said = `You played today’s deal${as}.`;
  else if (summary.ending && summary.ending.type !== 'rules') said = `You gave up today’s deal${as}: it counts as ${dailyResult(d.game, score)}.`;
  else said = `You played today’s deal${as}: ${dailyResult(d.game, score)} left.`;
  message.dataset.kind = 'info';
  replace(
    message,
    h(
      'p',
      { class: 'info', 'data-testid': 'daily-played' },
      said + next,
      ' ',
      h('a', { href: `#/table/${table}`, 'data-daily-back': true }, summary.status === 'finished' ? 'See it again' : 'Carry on'),
    ),
  );
}

/** A board line's result in the game's own words. */
function dailyResult(game: string, score: number): string {
  return dailyScore(game, score) ?? `score ${score}`;
}

/** How a daily deal ended other than by its rules, from the player's side:
 * a solitaire is given up, not resigned to anyone. */
function endingWords(type: string): string {
  return type === 'resigned' ? 'gave up' : type.replace('_', ' ');
}

function clockText(ms: number): string {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Today's deal of one game: a button to play it, and the day's board. */
function dailyCard(d: DailyInfo, name: () => string, setName: (n: string) => void): HTMLElement {
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
                  e.name,
                  // Issue #27: an account's rating beside its name; a guest's attempt marked as one (last).
                  e.account && e.rating !== undefined && e.rating !== null
                    ? h('span', { class: 'rating', 'data-testid': 'daily-rating', title: e.provisional ? PROVISIONAL_TITLE : 'rating' }, ratingText(e))
                    : null,
                  `: ${dailyResult(d.game, e.score)} in ${clockText(e.time_ms)}`,
                  e.hints ? ` · ${e.hints} ${e.hints === 1 ? 'hint' : 'hints'}` : '',
                  e.ending && e.ending.type !== 'rules' ? ` (${endingWords(e.ending.type)})` : '',
                  e.account ? null : h('span', { class: 'muted', 'data-testid': 'daily-guest', title: 'played as a guest, not signed in' }, ' · as a guest'),
                ),
              ),
            )
          : h('p', { class: 'muted' }, 'Nobody has finished today’s deal yet.'),
      ),
    )
    .catch((e: unknown) => replace(board, h('p', { class: 'muted' }, `The board is not available: ${e instanceof Error ? e.message : String(e)}`)));
  // Said here, next to the button, where the player is looking (issue #49):
  // the lobby's message line is a screen away on a phone.
  const said = h('div', { class: 'message daily-message', role: 'alert', 'data-daily-message': d.game });
  // Asked here too, when the lobby's name field (at the top) is empty.
  const typed = h('input', { name: 'daily-name', maxlength: NAME_MAX_CHARS, autocomplete: 'nickname', 'aria-label': 'your name for the board', placeholder: guestName() });
  const ask = h('label', { class: 'daily-name', hidden: true }, 'Your name on the board ', typed);
  const play = async () => {
    const here = typed.value.trim();
    if (here) setName(here);
    const who = name();
    if (!who) {
      ask.hidden = false;
      say(said, 'Type your name first: today’s deal is ranked by name.', 'error');
      typed.focus();
      return;
    }
    ask.hidden = true;
    await startDaily(d, who, said);
  };
  typed.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') void play();
  });
  return h(
    'article',
    { class: 'game-card daily', 'data-daily': d.game },
    h('h3', {}, `${d.title}: today’s deal`, ' ', h('span', { class: 'small muted' }, `${d.day} (UTC)`)),
    h('p', { class: 'muted' }, `The same deal for everyone today, one attempt each (per account, or per browser as a guest). ${dailyRule(d.game) ?? 'The best result wins, then the quickest.'}`),
    h('div', { class: 'daily-play' }, h('button', { class: 'primary', 'data-daily-play': d.game, onclick: () => void play() }, 'Play today’s deal'), ask),
    said,
    board,
  );
}

export function lobbyScreen(): Screen {
  const message = h('div', { class: 'message', role: 'alert' });
  const games = h('div', { class: 'games' }, h('p', { class: 'muted' }, 'Loading games…'));
  const recent = h('div', { class: 'recent' });
  const dailies = h('div', { class: 'games dailies' });
  const name = h('input', { value: playerName(), placeholder: guestName(), 'aria-label': 'your name', maxlength: NAME_MAX_CHARS, name: 'player-name' });
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
  const typedName = (n: string) => {
    name.value = n;
    setPlayerName(n);
  };
  dailyLoaded.then((ds) => replace(dailies, ds.map((d) => dailyCard(d, currentName, typedName)))).catch(() => replace(dailies));
  const gamesLoaded = api.games();
  gamesLoaded
    .then((gs) => replace(games, gs.map((g) => gameCard(g, message, dailyLoaded))))
    .catch((e: unknown) => replace(games, h('p', { class: 'error' }, `The server did not list its games: ${e instanceof Error ? e.message : String(e)}`)));
  Promise.all([api.records(12), gamesLoaded.catch(() => [] as GameInfo[])])
    .then(([rs, gs]) => {
      const titles = titlesOf(gs);
      replace(recent, rs.length ? h('ul', { class: 'table-list' }, rs.map((t) => finishedItem(t, titles, { challenges: true }))) : h('p', { class: 'muted' }, 'No finished games yet.'));
    })
    .catch(() => replace(recent, h('p', { class: 'muted' }, 'Recent games are not available.')));
  return { root, title: 'Games', destroy() {} };
}
