// Fitting the game to the element's box. The layout itself follows the box (game.css's container
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
  // The table's rows, and the board and the decks inside the row between the strips.
  for (const part of table.querySelectorAll<HTMLElement>(':scope > *, :scope > .field > *')) {
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
 * Sets the zoom of `app` (the game's section, inside the element's shadow root) so that the tool bar and
 * the table fit the element's box. Cheap when nothing changed (one layout read).
 */
export function fitGame(app: HTMLElement): void {
  const table = app.querySelector<HTMLElement>(':scope > .table');
  const topbar = app.querySelector<HTMLElement>(':scope > .topbar');
  if (!table || !topbar || !app.isConnected) return;
  let zoom = Number(app.style.getPropertyValue('zoom') || 1);
  for (let round = 0; round < 3; round++) {
    const box = app.getBoundingClientRect();
    const area = table.getBoundingClientRect();
    if (box.height === 0 || area.width === 0) return;
    const style = getComputedStyle(table);
    // Paddings are CSS pixels of the zoomed section: in viewport pixels they scale with it.
    const padX = (parseFloat(style.paddingLeft) + parseFloat(style.paddingRight)) * zoom;
    const padY = (parseFloat(style.paddingTop) + parseFloat(style.paddingBottom)) * zoom;
    const parts = used(table);
    const needHeight = topbar.getBoundingClientRect().height + parts.height + padY;
    const needWidth = parts.width + padX;
    const next = Math.max(FIT_MIN, Math.min(1, zoom * Math.min(box.height / needHeight, area.width / needWidth)));
    // A little hysteresis: a message line that comes and goes does not make the game breathe.
    if (Math.abs(next - zoom) < 0.01 || (next > zoom && next - zoom < 0.03 && next < 1)) return;
    zoom = Math.floor(next * 100) / 100;
    if (zoom >= 1) app.style.removeProperty('zoom');
    else app.style.setProperty('zoom', String(zoom));
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
