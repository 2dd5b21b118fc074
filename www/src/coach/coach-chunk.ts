// The coach's chunk: what the game calls of the coach (its drawing, menu items and actions, the review, the
// statistics, the hint, the win chances on the board), gathered so that the element's package
// fetches it only where the coach is used (coach-loader.ts): an element with a coach attribute, or a hint.
export { coachAct } from './actions.js';
export { boardMarks } from './board-chances.js';
export { reviewedBest, reviewing } from './model.js';
export { askHint } from './hint.js';
export { coachMenuHTML, drawCoach, reviewButtonHTML } from './parts.js';
export { startReview } from './review.js';
export { noteResult } from './stats.js';
export { say } from './words.js';
export { default as coachCss } from './coach.css';
