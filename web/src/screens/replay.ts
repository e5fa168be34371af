// A finished game, step by step. The server replays the record with the
// real rules and hands us one frame per action (view + events); we only
// page through them. Keys: ← → step, Home/End jump.

import { ApiFailure, api } from '../api';
import { actionLabel, uiFor } from '../games/registry';
import type { Frame, GameRecord, Replay } from '../protocol';
import { h, replace } from '../ui/dom';
import type { Screen } from './screen';

export function replayScreen(id: string): Screen {
  const heading = h('h2', {}, `Replay of table ${id}`);
  const message = h('div', { class: 'message', role: 'alert' });
  const bar = h('div', { class: 'replay-bar' });
  const host = h('div', { class: 'game-host' });
  const list = h('ol', { class: 'replay-list', start: 0 });
  const root = h('section', { class: 'replay-screen', tabindex: -1 }, heading, message, bar, host, h('details', { open: true }, h('summary', {}, 'Actions'), list));

  let frames: Frame[] = [];
  let at = 0;
  let table: Replay['table'] | null = null;
  let show: ((i: number, forward: boolean) => void) | null = null;
  let game = '';
  const actionText = (a: unknown) => (a === null || a === undefined ? 'start' : actionLabel(game, a));

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
    replace(
      bar,
      h('button', { 'data-step': 'first', onclick: () => go(0), disabled: at === 0, 'aria-label': 'first' }, '|◀'),
      h('button', { 'data-step': 'back', onclick: () => go(at - 1), disabled: at === 0, 'aria-label': 'step back' }, '◀'),
      h('span', { class: 'where', 'aria-live': 'polite' }, `${at} / ${frames.length - 1}`, f && f.action !== null ? ` · seat ${f.seat}: ${actionText(f.action)}` : ''),
      h('button', { 'data-step': 'forward', onclick: () => go(at + 1), disabled: at >= frames.length - 1, 'aria-label': 'step forward' }, '▶'),
      h('button', { 'data-step': 'last', onclick: () => go(frames.length - 1), disabled: at >= frames.length - 1, 'aria-label': 'last' }, '▶|'),
      table ? h('a', { class: 'button', href: `#/rules/${table.game}` }, 'Rules') : null,
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

  function withFrames(r: Replay): void {
    table = r.table;
    game = r.table.game;
    frames = r.frames;
    heading.textContent = `Replay: ${r.table.title} · table ${id}`;
    const ui = uiFor(r.table.game)({ act: null, hint: null, seat: null, inReplay: true, seatLabel: (s) => `seat ${s}` });
    host.replaceChildren(ui.root);
    show = (i, forward) => {
      const f = frames[i];
      ui.show({ view: f.view, events: f.events, toAct: f.to_act, outcome: null, ending: null, live: forward });
    };
    replace(list, frames.map((f, i) => h('li', {}, h('button', { class: 'link', onclick: () => go(i) }, f.action === null ? (i === 0 ? 'start' : 'ending') : `seat ${f.seat}: ${actionText(f.action)}`))));
    show(0, false);
    renderBar();
    root.focus();
  }

  /** Without the replay endpoint we can list the record but not draw it: say so. */
  function withRecordOnly(rec: GameRecord, why: string): void {
    game = rec.game;
    replace(message, h('p', { class: 'info' }, `Step-by-step views are not available from this server (${why}); here is the record.`));
    replace(list, rec.actions.map((e) => h('li', {}, `seat ${e.seat} at ${(e.at / 1000).toFixed(1)} s: ${actionText(e.action)}`)));
  }

  api
    .replay(id)
    .then(withFrames)
    .catch(async (e: unknown) => {
      if (e instanceof ApiFailure && e.status === 403) {
        replace(message, h('p', { class: 'error' }, 'This game is not finished yet: its record stays hidden until the end. ', h('a', { href: `#/table/${id}` }, 'Watch it live')));
        return;
      }
      try {
        withRecordOnly(await api.record(id), e instanceof Error ? e.message : String(e));
      } catch (e2) {
        replace(message, h('p', { class: 'error' }, `No replay: ${e2 instanceof Error ? e2.message : String(e2)}`));
      }
    });

  return {
    root,
    title: `Replay ${id}`,
    destroy() {
      document.removeEventListener('keydown', onKey);
    },
  };
}
