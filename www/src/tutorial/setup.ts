// A lesson's sketch as a whole position: the cards the sketch names where it puts them, every other card
// in the decks (the sketch's top cards first), in the shape of `fullState()`. This only places cards;
// the engine checks the result (`Game.fromSetup` refuses a card in two places or a side over its room).
import { Game, type CardName, type FlagNumber, type FullState } from '../../../pkg/full.js';
import type { Sketch } from './lessons.js';

function cards(text: string | undefined): CardName[] {
  return (text ?? '').split(/\s+/).filter(Boolean) as CardName[];
}

/** The position a sketch describes, the learner (player 0) to move. */
export function sketchState(sketch: Sketch): FullState {
  // A fresh deal of the same options gives every field its shape; its cards are then redistributed.
  const options = { tactics: sketch.tactics, claimTiming: sketch.claimTiming, games: 1 };
  const dealt = new Game({ ...options, seed: 1 });
  const state = dealt.fullState();
  dealt.free();

  // Every card of the game in the deal's order: the decks, then the hands.
  const dealtTroops = [...state.troopDeck, ...state.hands.flat().filter((c) => /^[roygbp]\d/.test(c))];
  const dealtTactics = [...state.tacticsDeck, ...state.hands.flat().filter((c) => !/^[roygbp]\d/.test(c))];
  const placed = new Set<CardName>();
  const take = (list: CardName[]): CardName[] => {
    for (const c of list) placed.add(c);
    return list;
  };
  state.hands = [take(cards(sketch.hands[0])), take(cards(sketch.hands[1]))];
  let stamp = 0;
  for (const f of state.flags) {
    const sides = sketch.flags?.[f.flag as FlagNumber] ?? ['', ''];
    f.sides = sides.map((side) => take(cards(side)));
    // Cards arrive in the order listed, the learner's side first: the engine breaks ties by arrival.
    f.arrived = f.sides.map((side) => side.map(() => ++stamp));
    f.completed = f.arrived.map((times) => (times.length >= 3 ? times[times.length - 1]! : null));
    f.claimedBy = sketch.claimed?.[f.flag as FlagNumber] ?? null;
    f.fog = null;
    f.mud = null;
  }
  // The deck's named top cards first, then every card not placed yet in the deal's order.
  const troopTop = take(cards(sketch.troopTop));
  state.troopDeck = [...troopTop, ...dealtTroops.filter((c) => !placed.has(c))];
  state.tacticsDeck = dealtTactics.filter((c) => !placed.has(c));
  state.discards = [[], []];
  state.tacticsPlayed = [0, 0];
  state.leaderPlayed = [false, false];
  state.scoutReturned = [[], []];
  state.passesInRow = 0;
  state.voluntaryPass = false;
  state.result = null;
  state.current = 0;
  state.phase = sketch.claimStep ? { step: 'claim' } : { step: 'play' };
  // Claims at the start of a turn are its step 0 (claim, play, draw); otherwise the deal's first step.
  state.turn = { ...state.turn, ...(sketch.claimStep ? { step: 0 } : {}), skipDraw: false, passed: false, claimed: false };
  return state;
}
