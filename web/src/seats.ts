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
