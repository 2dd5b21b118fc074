// The game's stylesheet: the base sheet and one sheet per part of the game, each beside the module that
// draws the part, joined into one text for the element's shadow root (element.ts adopts it) and, by the
// page's build, into game.css for the rules page. The order is the cascade's: where two rules of equal
// specificity style one element, the later sheet's wins (tests/node/feature-css.test.mjs lists the pairs
// of rules in different sheets that could, and why they never style one element). A feature's sheet
// (the coach's, the tutorial's, …) comes after all of these, when its chunk loads (feature-css.ts).
import base from './element.css';
import panels from '../panels.css';
import strips from '../strips.css';
import board from '../board.css';
import flags from '../flags.css';
import cards from '../cards.css';
import hand from '../hand.css';
import logDrawer from '../log-drawer.css';
import dialogs from '../dialogs.css';
import rulesCards from '../rules-cards.css';

/** The game's stylesheet, every sheet in its cascade order. */
export const gameCss = [base, panels, strips, board, flags, cards, hand, logDrawer, dialogs, rulesCards].join('\n');
