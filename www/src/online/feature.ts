// Online play as the game sees it (game/features.ts): its entries, in the element's first load, each asking
// online play's chunk (online-loader.ts) once it is here; before, there is no room, so nothing is online.
import type { OnlineFeature } from '../game/features.js';
import { followLinks, leaveOnline, onlineLoaded, onlineServer, resumeOnline, startOnline } from './online-loader.js';
import { coachOn, onlineCommand, onlineOf } from './online-state.js';

export const onlineFeature: OnlineFeature = {
  followLinks,
  resume: resumeOnline,
  offered: async (ctx) => (await onlineServer(ctx)) !== null,
  start: startOnline,
  leave: leaveOnline,
  headline: (ctx) => onlineLoaded()?.onlineHeadline(ctx) ?? null,
  draw: (ctx) => onlineLoaded()?.drawOnline(ctx),
  coachAllowed: coachOn,
  seat(ctx) {
    const online = onlineOf(ctx);
    if (!online || online.seat === null) return 'none';
    return online.state?.room.status === 'over' ? 'over' : 'playing';
  },
  rematch: (ctx) => onlineCommand(ctx, 'rematch'),
};
