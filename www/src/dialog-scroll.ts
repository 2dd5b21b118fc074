// The keyboard's way through a dialog's body that scrolls (dialogs.ts opens the dialogs; dialogs.css makes
// their bodies scroll between heading and buttons when the game's box is too short for them).

/**
 * A dialog's body scrolls between its heading and its buttons when it is taller than the box (dialogs.css):
 * while it does, it is a tab stop of its own, a group named as its dialog, so that a keyboard can scroll
 * it as a mouse or a finger can, text and tables included, not only the fields inside (WCAG 2.1.1; axe's
 * scrollable-region-focusable). It follows the body's size and content while the dialog is open;
 * returns the function that stops following.
 */
export function scrollableByKeyboard(dialog: HTMLDialogElement): () => void {
  const body = dialog.querySelector<HTMLElement>(':scope > .dlg-body');
  if (!body) return () => {};
  const update = (): void => {
    const overflows = body.scrollHeight > body.clientHeight + 1 || body.scrollWidth > body.clientWidth + 1;
    if (overflows === body.hasAttribute('tabindex')) return;
    if (overflows) {
      body.tabIndex = 0;
      body.setAttribute('role', 'group');
      body.setAttribute('aria-label', dialog.querySelector(':scope > h2')?.textContent ?? '');
    } else {
      for (const name of ['tabindex', 'role', 'aria-label']) body.removeAttribute(name);
    }
  };
  // The body's box changes with the game's box; its content's with a redrawn table or a message.
  const sizes = new ResizeObserver(update);
  const observeParts = (): void => {
    sizes.observe(body);
    for (const child of body.children) sizes.observe(child);
  };
  observeParts();
  const changes = new MutationObserver(() => {
    observeParts();
    update();
  });
  changes.observe(body, { childList: true, subtree: true, characterData: true });
  update();
  return () => {
    sizes.disconnect();
    changes.disconnect();
  };
}
