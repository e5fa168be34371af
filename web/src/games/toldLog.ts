// The table history's newest lines beside a turnless table (IceTowers,
// Speedy Towers): each step's told lines, in the order the steps came,
// although each step's words resolve a moment later (Shown.told).

import type { Line } from '../words/say';

export interface ToldLog {
  /** The lines kept, oldest first. */
  readonly lines: readonly Line[];
  /** Follows a step's told lines; `redraw` runs once they have arrived. */
  follow(told: Promise<Line[]> | undefined): void;
  /** The renderer is gone: lines still on their way are dropped. */
  stop(): void;
}

/** A log of at most `keep` lines; `redraw` shows it again after each step's lines. */
export function toldLog(keep: number, redraw: () => void): ToldLog {
  let lines: Line[] = [];
  // One chain, so a step whose words come back sooner waits its turn.
  let telling: Promise<void> = Promise.resolve();
  let stopped = false;
  return {
    get lines() {
      return lines;
    },
    follow(told) {
      if (!told) return;
      telling = telling.then(async () => {
        const said = await told;
        if (stopped) return;
        lines = [...lines, ...said].slice(-keep);
        redraw();
      });
    },
    stop() {
      stopped = true;
    },
  };
}
