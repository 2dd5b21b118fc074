// The game's parts inside the element's shadow root (its ids are the shadow root's own: two elements never
// clash). Each major part is exposed as a CSS part (`::part(board)`) for the host page's theming; its look
// otherwise comes from the game's stylesheet (game-css.ts), scoped to the shadow root. The element is one region of the host page (named by its `label`): the page has its own banner and main
// landmarks, so the game's bar and table are not landmarks, and its heading takes the page's level.
import { escapeAttr } from '../cards.js';

export const markup = (label: string, headingLevel: number): string => `<section id="app" class="app" part="game" aria-label="${escapeAttr(label)}">
  <div class="topbar" part="topbar">
    <div class="brand" role="heading" aria-level="${headingLevel}"><svg class="brand-mark" viewBox="0 0 40 48" aria-hidden="true"><use href="#pennant"/></svg><span>Battle Line</span></div>
    <div class="status" id="status" part="status" aria-live="polite"></div>
    <div class="tools" id="tools" part="tools" role="group" aria-label="Game"></div>
  </div>
  <div class="table" part="table">
    <section class="online" id="online" part="online" hidden></section>
    <section class="strip-wrap top" id="opp-strip"></section>
    <div class="field">
      <section class="board" id="board" part="board"></section>
      <div class="decks" id="decks" part="decks"></div>
    </div>
    <section class="strip-wrap bottom" id="my-strip"></section>
    <section class="hand" id="hand" part="hand"></section>
    <section class="actionbar" id="actionbar" part="actionbar" aria-live="polite"></section>
  </div>
  <section class="lesson" id="lesson" part="lesson" hidden aria-labelledby="lesson-title"></section>
  <section class="coach" id="coach" part="review" hidden aria-labelledby="coach-title"></section>
  <div class="log" id="log" part="log" role="group" aria-label="Game log"></div>
  <div class="curtain" id="curtain" part="curtain" hidden></div>
  <div class="visually-hidden" id="announce" aria-live="polite"></div>
</section>`;
