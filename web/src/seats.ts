// Seat tokens, one per table, in localStorage: a reload or a reconnect
// presents the same token and so keeps the seat. The token is the seat's
// only secret; it never leaves this browser except in `hello`.

export interface SeatToken {
  seat: number;
  token: string;
}

const key = (table: string) => `stackyard.seat.${table}`;

export function loadSeat(table: string): SeatToken | null {
  try {
    const raw = localStorage.getItem(key(table));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<SeatToken>;
    return typeof v.seat === 'number' && typeof v.token === 'string'
      ? { seat: v.seat, token: v.token }
      : null;
  } catch {
    return null; // storage disabled or corrupt: play as a spectator
  }
}

export function saveSeat(table: string, seat: SeatToken): void {
  try {
    localStorage.setItem(key(table), JSON.stringify({ seat: seat.seat, token: seat.token }));
  } catch {
    // Private mode: the seat lasts for this page only.
  }
}

export function forgetSeat(table: string): void {
  try {
    localStorage.removeItem(key(table));
  } catch {
    /* nothing stored */
  }
}

const NAME_KEY = 'stackyard.name';
export function playerName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}
export function setPlayerName(name: string): void {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    /* not remembered */
  }
}

// A guest's name (issue #27): "Guest 1234", drawn once per browser and
// kept, so a guest is the same guest from game to game. Account names may
// not begin with "Guest", so it never passes for an account.
const GUEST_KEY = 'stackyard.guest';
let guestThisPage = '';
export function guestName(): string {
  try {
    const kept = localStorage.getItem(GUEST_KEY);
    if (kept && /^Guest \d{4}$/.test(kept)) return kept;
  } catch {
    /* storage disabled: one name for this page */
  }
  if (!guestThisPage) guestThisPage = `Guest ${String(1000 + Math.floor(Math.random() * 9000))}`;
  try {
    localStorage.setItem(GUEST_KEY, guestThisPage);
  } catch {
    /* not kept */
  }
  return guestThisPage;
}
/** The name to go by: the one typed, else the guest's. */
export function displayName(): string {
  return playerName().trim() || guestName();
}
