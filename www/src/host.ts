// What a game needs from whoever shows it (the <battle-line-game> element, element/element.ts): where it is
// drawn, where it keeps things, where keys are heard, and whom to tell what happened. The controller knows
// nothing else of the page around it.
import type { Game, GameRecord } from '../../pkg/full.js';
import type { Review } from './coach/client.js';
import type { CoachFeatures } from './coach/state.js';
import type { StartChoice } from './start-dialog.js';
import type { Lang } from './i18n.js';
import type { Settings, Store } from './storage.js';

/** Where the Rules button leads: a page of the players' rules, or their text shown in a dialog (at once, or once fetched). */
export type RulesSource = { href: string } | { html(lang: Lang): string | Promise<string> };

export interface GameHost {
  /** The shadow root the game is drawn in: dialogs are added there (its styles apply) and focus is read there. */
  readonly shadow: ShadowRoot;
  /** The saved game, the settings and the tutorial's progress. */
  readonly store: Store;
  /** The settings to begin with (the stored ones, with the element's `lang`). */
  readonly settings: Settings;
  /** Where keys are heard: the whole document on the page (a key works wherever the focus is), else the element. */
  readonly keys: EventTarget;
  /** The Rules button's target; null hides the button. */
  readonly rules: RulesSource | null;
  /** The game server for online play (the element's `server` attribute: a URL or `auto`); null: none. */
  readonly server?: string | null;
  /** The URL of the computer's worker script (the element's `worker-url`); null: started from a Blob URL. */
  readonly worker: string | null;
  /** A game to start at once instead of asking (the element's attributes); null: the start dialog asks. */
  readonly autostart: StartChoice | null;
  /** An action was applied: the action at `index` of `game`'s record. */
  played(game: Game, index: number): void;
  /** Drawn again; `title` says the state in a line (the page puts it in the window's title). */
  rendered(title: string): void;
  /** The coach's parts this element offers. */
  readonly coach: CoachFeatures;
  /** A review of `record` finished. */
  reviewed(review: Review, record: GameRecord): void;
}
