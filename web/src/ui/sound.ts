// Short tones for your turn, a fall and the end of a game, made with Web
// Audio (no sound files to load), with a mute switch remembered in
// localStorage. The audio context starts only after the player has
// touched the page, as browsers require.

const MUTE_KEY = 'stackyard.muted';

let context: AudioContext | null = null;
let unlocked = false;

function unlock(): void {
  unlocked = true;
  window.removeEventListener('pointerdown', unlock);
  window.removeEventListener('keydown', unlock);
}
window.addEventListener('pointerdown', unlock);
window.addEventListener('keydown', unlock);

export function muted(): boolean {
  try {
    return localStorage.getItem(MUTE_KEY) === '1';
  } catch {
    return false;
  }
}

export function setMuted(m: boolean): void {
  try {
    localStorage.setItem(MUTE_KEY, m ? '1' : '0');
  } catch {
    /* not remembered */
  }
}

/** Notes as [frequency Hz, start s, length s]. */
function play(notes: [number, number, number][]): void {
  if (muted() || !unlocked || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    for (const [freq, at, len] of notes) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + at);
      gain.gain.exponentialRampToValueAtTime(0.15, now + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + len);
      osc.connect(gain).connect(context.destination);
      osc.start(now + at);
      osc.stop(now + at + len + 0.05);
    }
  } catch {
    // No audio here: the game goes on in silence.
  }
}

export const sounds = {
  yourTurn: () => play([[660, 0, 0.15], [880, 0.12, 0.2]]),
  fall: () => play([[220, 0, 0.25], [165, 0.15, 0.35]]),
  end: () => play([[523, 0, 0.2], [659, 0.15, 0.2], [784, 0.3, 0.4]]),
};
