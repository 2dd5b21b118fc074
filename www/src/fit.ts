// Fitting the game to the element's box. The layout itself follows the box (the game's sheets' container
// queries pick the phone or the desktop arrangement and the log's place from the element's width and
// height); what a box still lacks after that, a short one above all (720 × 560 inside a host page), is
// made up by zooming the game out (CSS `zoom` on the game's section, down to FIT_MIN), so that it never
// scrolls inside and nothing is cut off. Measured by a ResizeObserver when the box or one of the game's
// parts changes size: after the browser's own layout, so a move's handler never waits for a layout here
// (a long task on the host page's main thread).

/** The smallest zoom: below it the text would be too small to read; the game then clips instead. */
const FIT_MIN = 0.6;

/**
 * The area the game's parts occupy, in viewport pixels. Only the parts shown count, the top one's top
 * included: a hidden part (the online panel, the table's first row, outside online play) has an empty box
 * at the viewport's origin, and taking its top would count the tool bar's height twice.
 */
function used(table: HTMLElement): { width: number; height: number } {
  let left = Infinity;
  let right = -Infinity;
  let top = Infinity;
  let bottom = -Infinity;
  // The table's rows, the board and the decks inside the row between the strips, and the action bar's
  // message (a hint's several lines may reach below the bar's own row; its other parts, some of them
  // kept for screen readers only, stay within it).
  for (const part of table.querySelectorAll<HTMLElement>(':scope > *, :scope > .field > *, :scope > .actionbar > .message')) {
    const box = part.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    left = Math.min(left, box.left);
    right = Math.max(right, box.right);
    top = Math.min(top, box.top);
    bottom = Math.max(bottom, box.bottom);
  }
  if (top === Infinity) return { width: 0, height: 0 };
  return { width: right - left, height: bottom - top };
}

/**
 * What the last measurement of a game saw: its zoom, its box and how much of the need the box held; and
 * whether growing is held back (`held`). The layout depends on the zoom itself (a zoomed section is wider
 * in CSS pixels, so the tool bar's status may go from two lines to one): a zoom that fits may show room
 * for a larger one at which the tool bar wraps again and no longer fits. Growing then would swing between
 * the two for ever (the replay on a 1280 × 800 desktop did, every frame, while the fit counted the tool
 * bar twice: tests/e2e/fit.test.mjs makes such a layout on purpose), so a grow that does
 * not fit is undone and no other is tried until the box or the game's content changes by itself.
 */
interface Measured {
  zoom: number;
  width: number;
  height: number;
  ratio: number;
  held: boolean;
}

const measured = new WeakMap<HTMLElement, Measured>();

/** How much of the game's need the box holds at the present zoom (1: exactly; under 1: too little). */
function roomRatio(app: HTMLElement, table: HTMLElement, topbar: HTMLElement, zoom: number): { width: number; height: number; ratio: number } | null {
  const box = app.getBoundingClientRect();
  const area = table.getBoundingClientRect();
  if (box.height === 0 || area.width === 0) return null;
  const style = getComputedStyle(table);
  // Paddings are CSS pixels of the zoomed section: in viewport pixels they scale with it.
  const padX = (parseFloat(style.paddingLeft) + parseFloat(style.paddingRight)) * zoom;
  const padY = (parseFloat(style.paddingTop) + parseFloat(style.paddingBottom)) * zoom;
  const parts = used(table);
  const needHeight = topbar.getBoundingClientRect().height + parts.height + padY;
  const needWidth = parts.width + padX;
  return { width: box.width, height: box.height, ratio: Math.min(box.height / needHeight, area.width / needWidth) };
}

/** Also `--fit-zoom`, by which hand.css keeps what must stay large on screen (the hand's cards) large. */
function setZoom(app: HTMLElement, zoom: number): void {
  if (zoom >= 1) {
    app.style.removeProperty('zoom');
    app.style.removeProperty('--fit-zoom');
  } else {
    app.style.setProperty('zoom', String(zoom));
    app.style.setProperty('--fit-zoom', String(zoom));
  }
}

/**
 * Sets the zoom of `app` (the game's section, inside the element's shadow root) so that the tool bar and
 * the table fit the element's box. Cheap when nothing changed (one layout read).
 */
export function fitGame(app: HTMLElement): void {
  const table = app.querySelector<HTMLElement>(':scope > .table');
  const topbar = app.querySelector<HTMLElement>(':scope > .topbar');
  if (!table || !topbar || !app.isConnected) return;
  let zoom = Number(app.style.getPropertyValue('zoom') || 1);
  let grownFrom: number | null = null;
  for (let round = 0; round < 4; round++) {
    const room = roomRatio(app, table, topbar, zoom);
    if (!room) return;
    const last = measured.get(app);
    // Held back until the box changes, or the content at the same zoom (a new line, a card more or less).
    const changed = !last || last.width !== room.width || last.height !== room.height || (last.zoom === zoom && Math.abs(last.ratio - room.ratio) > 0.001);
    let held = changed ? false : last.held;
    let next = Math.max(FIT_MIN, Math.min(1, zoom * room.ratio));
    if (grownFrom !== null && next < zoom - 0.01) {
      // The grow just made did not fit (the layout changed with it): back to the zoom that did, and stay.
      next = grownFrom;
      held = true;
    } else if (held) {
      next = Math.min(next, zoom);
    }
    measured.set(app, { zoom, width: room.width, height: room.height, ratio: room.ratio, held });
    // A little hysteresis: a message line that comes and goes does not make the game breathe.
    if (Math.abs(next - zoom) < 0.01 || (next > zoom && next - zoom < 0.03 && next < 1)) return;
    const rounded: number = next === grownFrom ? next : Math.floor(next * 100) / 100;
    grownFrom = rounded > zoom ? zoom : null;
    zoom = rounded;
    setZoom(app, zoom);
  }
}

/** Fits the game whenever the element's box or one of the game's parts changes size, until `signal` aborts. */
export function installFit(app: HTMLElement, signal: AbortSignal): void {
  const host = (app.getRootNode() as ShadowRoot).host ?? app;
  const observer = new ResizeObserver(() => fitGame(app));
  observer.observe(host);
  // The parts are the markup's own boxes (element/markup.ts), kept while their content is redrawn.
  for (const part of app.querySelectorAll(':scope > .topbar, :scope > .table > *, :scope > .table > .field > *')) observer.observe(part);
  signal.addEventListener('abort', () => observer.disconnect(), { once: true });
}
