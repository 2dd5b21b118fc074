// The game as a guest on someone else's page: it never takes the page's focus or scrolls it. The game
// moves the keyboard focus (to the hand, the hand-over curtain's button, a dialog's primary button) only
// while the focus is already inside it, or when the person's last interaction was with it and the focus
// has not gone to something else of the page since; and every such move is made without scrolling. The
// element (element/element.ts) tells this module what the person did; the page in www/, where the game is
// the whole page, owns the focus from the start.

/** The games whose person last interacted with them (a press, a key, a focus inside), by shadow root. */
const engaged = new WeakSet<ShadowRoot>();

/** The person interacted with the game in `shadow` (or the game is the whole page): it may move the focus. */
function engage(shadow: ShadowRoot): void {
  engaged.add(shadow);
}

/** The person went to something else of the page: the game in `shadow` no longer moves the focus. */
function disengage(shadow: ShadowRoot): void {
  engaged.delete(shadow);
}

/**
 * Whether the game in `shadow` may move the focus now: while the focus is inside it, or when the person
 * last interacted with it and the focus is on nothing of the page (the body, or the element itself, as
 * when the button just pressed was redrawn).
 */
export function mayTakeFocus(shadow: ShadowRoot): boolean {
  if (shadow.activeElement) return true;
  if (!engaged.has(shadow)) return false;
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement || active === shadow.host;
}

/**
 * Follows the person's interactions with the game in `shadow` until `signal` aborts: a press, a key or a
 * focus inside its element lets the game move the focus; a press or a focus elsewhere on the page stops
 * it. A game that is the whole page (`ownsPage`) may move it from the start.
 */
export function followInteractions(shadow: ShadowRoot, ownsPage: boolean, signal: AbortSignal): void {
  const element = shadow.host;
  const options = { capture: true, signal };
  if (ownsPage) engage(shadow);
  else disengage(shadow);
  for (const type of ['pointerdown', 'keydown', 'focusin'] as const) {
    element.addEventListener(type, () => engage(shadow), options);
    document.addEventListener(type, (event) => event.composedPath().includes(element) || ownsPage || disengage(shadow), options);
  }
}

/** Focuses `target` (inside a game's shadow root) if that game may move the focus, never scrolling the page. */
export function focusInGame(target: HTMLElement | null | undefined): void {
  if (!target) return;
  const root = target.getRootNode();
  if (root instanceof ShadowRoot && !mayTakeFocus(root)) return;
  target.focus({ preventScroll: true });
}
