// The game log as a drawer (windows under 1200 px wide, where it lies over the board and the tool bar):
// it closes by its own close button (data-act="log", handled like the tool bar's toggle), by Esc, and by a
// tap or click anywhere outside it (which does nothing else). On wider windows the log is a column beside the board and stays.

import { dialogOpen } from './dialogs.js';

const drawerQuery = '(max-width: 1199px)';

/** True when the log is shown as a drawer over the page (the CSS media query of styles.css). */
export function logIsDrawer(): boolean {
  return window.matchMedia(drawerQuery).matches;
}

/** Closes the open drawer on Esc or on a press outside it (the log's toggle button excepted). */
export function installLogDrawer(log: HTMLElement, isOpen: () => boolean, close: () => void): void {
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || !isOpen() || !logIsDrawer() || dialogOpen()) return;
      event.preventDefault();
      event.stopImmediatePropagation(); // the Esc is the drawer's, not the selection's
      close();
    },
    true,
  );
  document.addEventListener(
    'pointerdown',
    (event) => {
      if (!isOpen() || !logIsDrawer()) return;
      // The path, not the target: from the document, a press inside the game's shadow root targets its host.
      const path = event.composedPath().filter((n): n is Element => n instanceof Element);
      if (path.some((el) => el === log || el.matches('[data-act=log], dialog'))) return;
      close();
      // The press only closes the drawer: the click it ends does not also play, select or open something.
      const swallow = (click: Event): void => {
        click.preventDefault();
        click.stopImmediatePropagation();
      };
      document.addEventListener('click', swallow, { capture: true, once: true });
      setTimeout(() => document.removeEventListener('click', swallow, { capture: true }), 1000);
    },
    true,
  );
}
