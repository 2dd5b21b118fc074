// The game log as a drawer (games under 1200 px wide, where it lies over the board and the tool bar):
// it closes by its own close button (data-act="log", handled like the tool bar's toggle), by Esc, and by a
// tap or click anywhere outside it (which, inside the game, does nothing else). On wider games the log is
// a column beside the board and stays. The width is the element's own, not the window's (log-drawer.css's
// container queries say the same).

import { dialogOpen } from './dialogs.js';

/** The widest game whose log is a drawer (log-drawer.css: `@container battle-line (max-width: 1199px)`). */
const DRAWER_MAX_WIDTH = 1199;

/** True when the log of the game drawn in `root` is shown as a drawer over the game. */
export function logIsDrawer(root: HTMLElement): boolean {
  const host = (root.getRootNode() as ShadowRoot).host ?? root;
  // A hidden element (the page shows it once it is ready) has no width yet: the window's is the guess.
  const width = host.getBoundingClientRect().width || window.innerWidth;
  return width <= DRAWER_MAX_WIDTH;
}

/**
 * Closes the open drawer on Esc or on a press outside it (the log's toggle button excepted). The
 * listeners are on the document (a press outside the element closes it too) until `signal` aborts.
 */
export function installLogDrawer(log: HTMLElement, isOpen: () => boolean, close: () => void, signal: AbortSignal): void {
  const shadow = log.getRootNode() as ShadowRoot;
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || !isOpen() || !logIsDrawer(log) || dialogOpen(shadow)) return;
      event.preventDefault();
      event.stopImmediatePropagation(); // the Esc is the drawer's, not the selection's
      close();
    },
    { capture: true, signal },
  );
  document.addEventListener(
    'pointerdown',
    (event) => {
      if (!isOpen() || !logIsDrawer(log)) return;
      // The path, not the target: from the document, a press inside the game's shadow root targets its host.
      const path = event.composedPath().filter((n): n is Element => n instanceof Element);
      if (path.some((el) => el === log || el.matches('[data-act=log], dialog'))) return;
      close();
      // A press in the game only closes the drawer: the click it ends does not also play, select or open
      // something. A press on the host page's own content is the host's: its click goes through.
      if (!path.includes(shadow.host)) return;
      const swallow = (click: Event): void => {
        click.preventDefault();
        click.stopImmediatePropagation();
      };
      document.addEventListener('click', swallow, { capture: true, once: true });
      setTimeout(() => document.removeEventListener('click', swallow, { capture: true }), 1000);
    },
    { capture: true, signal },
  );
}
