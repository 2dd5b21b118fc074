// Online play, loaded when first used: the chunk (online-chunk.ts) is fetched when a room is created, an
// invite link is opened or a room on the board before a reload is resumed. Until then there is no room, so
// nothing is online to draw, send or leave: those calls do nothing while the chunk is not loaded.
import type { StartChoice } from '../start-dialog.js';
import type { Ctx } from '../game/state.js';
import { onlineSlot } from './online-state.js';
import { currentRoom, linkedRoom } from './seats.js';
import { resolveServer } from './server.js';

export type OnlineChunk = typeof import('./online-chunk.js');

let loaded: OnlineChunk | null = null;
let loading: Promise<OnlineChunk> | null = null;

/** The chunk, fetched once (again after a failed fetch). */
function loadOnline(): Promise<OnlineChunk> {
  loading ??= import('./online-chunk.js').then(
    (chunk) => (loaded = chunk),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The chunk if loaded (always once a room was joined or created). */
export function onlineLoaded(): OnlineChunk | null {
  return loaded;
}

/** The server this element plays on, if it has one (its `server` attribute; the page: `auto`). */
export function onlineServer(ctx: Ctx): Promise<string | null> {
  return resolveServer(ctx.host.server ?? null);
}

/** Resumes the room an invite link names, or the room on the board before a reload; false if none. */
export async function resumeOnline(ctx: Ctx): Promise<boolean> {
  if (!linkedRoom(location.hash) && !currentRoom(ctx.host.store)) return false;
  return (await loadOnline()).resumeOnline(ctx);
}

/**
 * A new room with the start dialog's options (online/session.ts startOnline), once the chunk is here, when
 * the choice is an online game: true then; false for a game of this device, which the caller starts.
 */
export function startOnline(ctx: Ctx, choice: StartChoice): boolean {
  if (choice.mode !== 'online') return false;
  void loadOnline().then(
    (chunk) => chunk.startOnline(ctx, choice),
    (err: unknown) => console.error('battleline: online play could not be loaded', err),
  );
  return true;
}

/** Leaves the online game, if any (online/session.ts leaveOnline). */
export function leaveOnline(ctx: Ctx, onPurpose = false): void {
  loaded?.leaveOnline(ctx, onPurpose);
}

/**
 * An invite or watch link opened in a tab where the page already runs (only the address's `#…` changes, so
 * the page is not loaded again): go to that room, whatever game is on the board, as a fresh load would.
 */
export function followLinks(ctx: Ctx): void {
  const slot = onlineSlot(ctx);
  if (slot.following) return;
  slot.following = true;
  window.addEventListener('hashchange', () => {
    const target = linkedRoom(location.hash);
    if (!target || !ctx.host.shadow.host.isConnected) return;
    const o = slot.session;
    if (o && o.room === target.room) return;
    void resumeOnline(ctx);
  });
}
