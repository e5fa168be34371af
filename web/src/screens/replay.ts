// A finished game, step by step. By link (#/replay/ID) the server replays
// the stored record with the real rules and hands us one frame per action
// (view + events). Offline (#/replay, or "Open a record file…" on any
// replay) a record file the user picks is stepped through by the same
// rules compiled to WebAssembly (../rules/wasm.ts, loaded only here), with
// no server at all. Either way we only page through frames.
// Keys: ← → step, Home/End jump.

import { ApiFailure, api } from '../api';
import { actionLabel, uiFor } from '../games/registry';
import type { Frame, GameRecord, Replay, TableSummary } from '../protocol';
import { h, replace } from '../ui/dom';
import { matchLine, seatNames } from '../words/names';
import { replayLines, type ReplayFacts } from '../words/replay';
import type { Line } from '../words/say';
import type { Screen } from './screen';

/** Records bigger than this are refused before reading (a record of a long game is a few MB). */
const MAX_RECORD_BYTES = 64 * 1024 * 1024;

export function replayScreen(id: string | null): Screen {
  const heading = h('h2', {}, id === null ? 'Replay a record' : `Replay of table ${id}`);
  const message = h('div', { class: 'message', role: 'alert' });
  const bar = h('div', { class: 'replay-bar' });
  const host = h('div', { class: 'game-host' });
  const list = h('ol', { class: 'replay-list', start: 0 });
  const picker = h('input', { type: 'file', accept: '.json,application/json', 'data-record-file': true, 'aria-label': 'record file' });
  const opener = h(
    'p',
    { class: 'replay-open' },
    h('label', {}, 'Open a record file… ', picker),
    ' ',
    h('span', { class: 'small' }, 'a finished game’s record (JSON: “Download record” on a replay from the server, or a file from stackyard … --out), stepped through by the rules in your browser, offline.'),
  );
  // Hidden until there is something to list (an offline viewer starts empty).
  const actions = h('details', { open: true, hidden: id === null }, h('summary', {}, 'Actions'), list);
  const root = h('section', { class: 'replay-screen', tabindex: -1 }, heading, message, bar, host, actions, opener);

  let frames: Frame[] = [];
  let at = 0;
  let game = '';
  let rulesLink: HTMLElement | null = null;
  // Players by name when the server says who sat where; a record file only numbers them.
  let seatName = (seat: number | null) => (seat === null ? '' : `Player ${seat + 1}`);
  let show: ((i: number, forward: boolean) => void) | null = null;
  let destroyUi: (() => void) | null = null;
  const actionText = (a: unknown) => (a === null || a === undefined ? 'start' : actionLabel(game, a));
  // Each frame in the live table's words (words/replay.ts), once worded.
  let lines: string[] = [];
  let told: Line[][] = [];
  // Without the table's seats, the players are numbered, as seatName numbers them.
  const numbered = (all: Frame[]) => Array.from({ length: Math.max(1, ...all.map((f) => (f.seat ?? -1) + 1)) }, (_, s) => seatName(s));

  function go(i: number): void {
    if (!show || frames.length === 0) return;
    const next = Math.max(0, Math.min(frames.length - 1, i));
    show(next, next === at + 1);
    at = next;
    renderBar();
  }

  function renderBar(): void {
    const f = frames[at];
    root.dataset.frame = String(at);
    root.dataset.frames = String(frames.length);
    replace(
      bar,
      h('button', { 'data-step': 'first', onclick: () => go(0), disabled: at === 0, 'aria-label': 'first' }, '|◀'),
      h('button', { 'data-step': 'back', onclick: () => go(at - 1), disabled: at === 0, 'aria-label': 'step back' }, '◀'),
      h('span', { class: 'where', 'aria-live': 'polite' }, `${at} / ${frames.length - 1}`, f && lines[at] ? ` · ${lines[at]}` : ''),
      h('button', { 'data-step': 'forward', onclick: () => go(at + 1), disabled: at >= frames.length - 1, 'aria-label': 'step forward' }, '▶'),
      h('button', { 'data-step': 'last', onclick: () => go(frames.length - 1), disabled: at >= frames.length - 1, 'aria-label': 'last' }, '▶|'),
      rulesLink,
      id !== null ? h('a', { class: 'button', href: `/api/v1/tables/${encodeURIComponent(id)}/record`, download: `stackyard-${id}.json` }, 'Download record') : null,
    );
    list.querySelectorAll('li').forEach((li, i) => li.classList.toggle('current', i === at));
  }

  // On the document, not the screen: stepping to the end disables the
  // focused button, and focus then falls back to <body>.
  const onKey = (e: KeyboardEvent) => {
    const to: Record<string, number> = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: frames.length - 1 };
    if (e.key in to && !(e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement)) {
      e.preventDefault();
      go(to[e.key]);
    }
  };
  document.addEventListener('keydown', onKey);

  /** `who` says who played (the server's table), else the source is named (a file). */
  async function withFrames(gameName: string, title: string, source: string, all: Frame[], facts: Omit<ReplayFacts, 'game'>, who: string | null): Promise<void> {
    game = gameName;
    frames = all;
    at = 0;
    ({ lines, told } = await replayLines(all, { ...facts, game: gameName }, (f) => `${seatName(f.seat)}: ${actionText(f.action)}`));
    root.dataset.game = gameName;
    root.dataset.source = source;
    heading.textContent = `Replay: ${title} · ${who ?? (id !== null && source === 'server' ? `table ${id}` : source)}`;
    rulesLink = h('a', { class: 'button', href: `#/rules/${gameName}` }, 'Rules');
    destroyUi?.();
    const ui = uiFor(gameName)({ act: null, hint: null, seat: null, inReplay: true, seatLabel: (s) => seatName(s) });
    destroyUi = () => ui.destroy();
    host.replaceChildren(ui.root);
    show = (i, forward) => {
      const f = frames[i];
      ui.show({ view: f.view, events: f.events, toAct: f.to_act, outcome: null, ending: null, live: forward, told: Promise.resolve(told[i] ?? []) });
    };
    replace(list, lines.map((line, i) => h('li', {}, h('button', { class: 'link', onclick: () => go(i) }, line))));
    actions.hidden = false;
    show(0, false);
    renderBar();
    root.focus();
  }

  /** A record stepped through by the rules compiled to WebAssembly, here in the page. */
  async function offline(record: string, source: string): Promise<void> {
    const { replayRecord } = await import('../rules/wasm');
    const r = await replayRecord(record);
    replace(message);
    const rec = (typeof record === 'string' ? JSON.parse(record) : record) as GameRecord;
    await withFrames(r.game, r.title, source, r.frames, { names: numbered(r.frames), settings: rec.settings, outcome: null, ending: rec.ending ?? null }, null);
  }

  picker.addEventListener('change', () => {
    const file = picker.files?.[0];
    if (!file) return;
    if (file.size > MAX_RECORD_BYTES) {
      replace(message, h('p', { class: 'error' }, `${file.name} is ${(file.size / 1e6).toFixed(1)} MB; records up to ${MAX_RECORD_BYTES / 1e6} MB are read.`));
      return;
    }
    replace(message, h('p', { class: 'info' }, `Replaying ${file.name}…`));
    file
      .text()
      .then((text) => offline(text, file.name))
      .catch((e: unknown) => replace(message, h('p', { class: 'error', 'data-replay-error': true }, `${file.name}: ${e instanceof Error ? e.message : String(e)}`)));
  });

  /** Without the replay endpoint, the record is replayed here; failing that, listed. */
  async function withRecordOnly(rec: GameRecord, why: string): Promise<void> {
    try {
      await offline(await api.recordText(String(id)), `table ${id} (replayed in this browser)`);
      return;
    } catch (e) {
      why += `; in the browser: ${e instanceof Error ? e.message : String(e)}`;
    }
    game = rec.game;
    replace(message, h('p', { class: 'info' }, `Step-by-step views are not available (${why}); here is the record.`));
    replace(list, rec.actions.map((e) => h('li', {}, `${seatName(e.seat)} at ${(e.at / 1000).toFixed(1)} s: ${actionText(e.action)}`)));
  }

  if (id !== null) {
    api
      .replay(id)
      .then(async (r: Replay) => {
        // Who sat where is in the table's summary; without it, players are numbered.
        // (Bots are named as their game names them: the server's game list.)
        const [table] = await Promise.all([api.table(id).catch((): TableSummary | null => null), api.games().catch(() => [])]);
        const names = table ? seatNames(r.table.game, table.seats) : numbered(r.frames);
        if (table) seatName = (seat) => (seat === null ? '' : names[seat] ?? `Player ${seat + 1}`);
        const facts = { names, settings: r.record.settings, outcome: table?.outcome ?? null, ending: table?.ending ?? r.record.ending ?? null };
        await withFrames(r.table.game, r.table.title, 'server', r.frames, facts, table ? matchLine(r.table.game, table.seats) : null);
      })
      .catch(async (e: unknown) => {
        if (e instanceof ApiFailure && e.status === 403) {
          replace(message, h('p', { class: 'error' }, 'This game is not finished yet: its record stays hidden until the end. ', h('a', { href: `#/table/${id}` }, 'Watch it live')));
          return;
        }
        try {
          await withRecordOnly(await api.record(id), e instanceof Error ? e.message : String(e));
        } catch (e2) {
          replace(message, h('p', { class: 'error' }, `No replay: ${e2 instanceof Error ? e2.message : String(e2)}`));
        }
      });
  } else {
    root.dataset.source = 'none';
  }

  return {
    root,
    title: id === null ? 'Replay a record' : `Replay ${id}`,
    destroy() {
      document.removeEventListener('keydown', onKey);
      destroyUi?.();
    },
  };
}
