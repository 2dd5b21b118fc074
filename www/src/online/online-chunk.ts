// Online play's chunk: what the game calls of a room (connecting, its panel, sending moves), gathered so that
// the element's package fetches it only when an online game begins or is resumed (online-loader.ts).
// Its words are added to the tables as the chunk loads, before the panel or the session asks for one.
import './words.js';
export { leaveOnline, resumeOnline, startOnline } from './session.js';
export { drawOnline, onlineHeadline } from './panel.js';
