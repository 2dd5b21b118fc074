// Dragging a hand card onto a flag with the mouse or a finger (pointer events, so touch works too).
// A press without movement stays a click; a drag selects the card, lights its targets, and drops.

export interface DragHandlers {
  /** May this hand card be dragged now? */
  canDrag(card: string): boolean;
  /** The drag began: select the card (targets light up). */
  start(card: string): void;
  /** Dropped over `target` (an element with data-flag or data-discard), or nowhere. */
  drop(card: string, target: Element | null): void;
}

const THRESHOLD = 8;

/** Drag and drop in `root`; the window's listeners stay until `signal` aborts (the element is removed). */
export function installDrag(root: HTMLElement, handlers: DragHandlers, signal: AbortSignal): void {
  let press: { card: string; x: number; y: number; el: HTMLElement; id: number } | null = null;
  let ghost: HTMLElement | null = null;
  let hover: Element | null = null;
  let suppressClick = false;

  // The game may live in a shadow root: ask it, since the document only sees the element hosting it.
  const scope = root.getRootNode() as Document | ShadowRoot;
  const targetAt = (x: number, y: number): Element | null => {
    const el = scope.elementFromPoint(x, y);
    return el?.closest('[data-flag], [data-discard]') ?? null;
  };

  const setHover = (el: Element | null): void => {
    if (hover === el) return;
    hover?.classList.remove('drop-hover');
    hover = el;
    hover?.classList.add('drop-hover');
  };

  const end = (): void => {
    ghost?.remove();
    ghost = null;
    setHover(null);
    press = null;
    root.classList.remove('dragging');
  };

  root.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    const el = (event.target as Element).closest<HTMLElement>('[data-hand]');
    const card = el?.dataset['hand'];
    if (!el || !card || !handlers.canDrag(card)) return;
    press = { card, x: event.clientX, y: event.clientY, el, id: event.pointerId };
  });

  // Where a ghost at (0, 0) is drawn: the element's containment makes it the ghost's containing block.
  let origin = { x: 0, y: 0 };
  window.addEventListener('pointermove', (event) => {
    if (!press || event.pointerId !== press.id) return;
    if (!ghost) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < THRESHOLD) return;
      const rect = press.el.getBoundingClientRect();
      ghost = press.el.cloneNode(true) as HTMLElement;
      ghost.classList.add('drag-ghost');
      ghost.removeAttribute('data-hand');
      ghost.style.width = `${rect.width}px`;
      ghost.style.height = `${rect.height}px`;
      ghost.style.transform = 'none';
      root.append(ghost);
      const placed = ghost.getBoundingClientRect();
      origin = { x: placed.left, y: placed.top };
      root.classList.add('dragging');
      handlers.start(press.card);
    }
    ghost.style.transform = `translate(${event.clientX - origin.x - ghost.offsetWidth / 2}px, ${event.clientY - origin.y - ghost.offsetHeight * 0.6}px) rotate(-4deg)`;
    setHover(targetAt(event.clientX, event.clientY));
    event.preventDefault();
  }, { signal });

  const finish = (event: PointerEvent): void => {
    if (!press || event.pointerId !== press.id) return;
    if (ghost) {
      const card = press.card;
      const target = targetAt(event.clientX, event.clientY);
      suppressClick = true;
      setTimeout(() => (suppressClick = false), 0);
      end();
      handlers.drop(card, target);
    } else {
      press = null;
    }
  };
  window.addEventListener('pointerup', finish, { signal });
  window.addEventListener('pointercancel', (event) => {
    if (press && event.pointerId === press.id) end();
  }, { signal });
  // A drag ends with a click on whatever is under the pointer: swallow it.
  root.addEventListener(
    'click',
    (event) => {
      if (suppressClick) {
        event.stopPropagation();
        event.preventDefault();
        suppressClick = false;
      }
    },
    true,
  );
}
