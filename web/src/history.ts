// What this viewer saw happen at a table, kept per table and seat in
// localStorage so a reload brings the history back as it was. Only lines
// built from events this viewer received are stored: never anything hidden.

import type { Line } from './words';

interface Stored {
  version: number;
  lines: Line[];
}

/** Enough for a long game; older lines drop off first. */
const MAX_LINES = 400;

const key = (table: string, seat: number | null) => `stackyard.history.${table}.${seat === null ? 'watch' : seat}`;

export function loadHistory(table: string, seat: number | null): Stored | null {
  try {
    const raw = localStorage.getItem(key(table, seat));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<Stored>;
    if (typeof v.version !== 'number' || !Array.isArray(v.lines)) return null;
    return { version: v.version, lines: v.lines.filter((l): l is Line => typeof l?.text === 'string' && typeof l?.kind === 'string') };
  } catch {
    return null;
  }
}

export function saveHistory(table: string, seat: number | null, version: number, lines: Line[]): void {
  try {
    localStorage.setItem(key(table, seat), JSON.stringify({ version, lines: lines.slice(-MAX_LINES) }));
  } catch {
    /* storage full or disabled: the history lasts for this page only */
  }
}
