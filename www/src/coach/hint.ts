// The hint's reason in terms of the chances: "It raises your chance at flag 3 from 40% to
// 85%", read from the engine's hint (the search's own move with the chances before and after it).
import type { Hint } from './client.js';
import { percent, say } from './words.js';

export function hintReason(hint: Hint): string {
  const win = percent(hint.after.win);
  const r = hint.reason;
  return r ? say('hintChance', { flag: r.flag, from: percent(r.from), to: percent(r.to), win }) : say('hintWin', { win });
}
