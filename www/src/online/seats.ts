// Which online seats this browser holds: each room's seat token, kept in the element's store (localStorage
// for the page), so that a reload, a lost connection or another tab rejoins the same seat; the room in
// progress; and the links that invite a friend or a spectator (`#room=ID`, `#watch=ID` after the page's URL).
import type { Store } from '../storage.js';

export interface HeldSeat {
  seat: number;
  token: string;
}

interface Saved {
  version: 1;
  seats: Record<string, HeldSeat>;
  /** The room on the board when the page was left. */
  current: { room: string; watch: boolean } | null;
}

const NAME = 'online.v1';
const ROOM = /^[0-9a-f]{32}$/;

function load(store: Store): Saved {
  const saved = store.read<Saved>(NAME);
  return saved && saved.version === 1 && typeof saved.seats === 'object' ? saved : { version: 1, seats: {}, current: null };
}

export function heldSeat(store: Store, room: string): HeldSeat | null {
  return load(store).seats[room] ?? null;
}

export function holdSeat(store: Store, room: string, held: HeldSeat): void {
  const saved = load(store);
  saved.seats[room] = held;
  // Keep the 50 most recent rooms.
  const rooms = Object.keys(saved.seats);
  for (const old of rooms.slice(0, Math.max(0, rooms.length - 50))) delete saved.seats[old];
  store.write(NAME, saved);
}

export function currentRoom(store: Store): { room: string; watch: boolean } | null {
  return load(store).current;
}

export function setCurrentRoom(store: Store, current: { room: string; watch: boolean } | null): void {
  store.write(NAME, { ...load(store), current });
}

/** The room an invite or watch link names (`#room=ID` or `#watch=ID`), if any. */
export function linkedRoom(hash: string): { room: string; watch: boolean } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const room = params.get('room');
  if (room && ROOM.test(room)) return { room, watch: false };
  const watch = params.get('watch');
  if (watch && ROOM.test(watch)) return { room: watch, watch: true };
  return null;
}

/** The link that opens `room` on this page: to take a seat, or to watch. */
export function roomLink(room: string, watch: boolean): string {
  const base = location.href.split('#')[0];
  return `${base}#${watch ? 'watch' : 'room'}=${room}`;
}
