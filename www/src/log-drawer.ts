// The game log as a drawer (windows under 1200 px wide, where it lies over the board and the tool bar):
// it closes by its own close button (data-act="log", handled like the tool bar's toggle), by Esc, and by a
// tap or click anywhere outside it (which does nothing else). On wider windows the log is a column beside the board and stays.

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
      if (event.key !== 'Escape' || !isOpen() || !logIsDrawer() || document.querySelector('dialog[open]')) return;
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
      const target = event.target as Element;
      if (log.contains(target) || target.closest('[data-act=log]') || target.closest('dialog')) return;
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
