// What the player can do, read from the engine's legal actions: which hand cards start a move, which
// flags light up for a card, which board cards a guile card can take, which decks can be drawn.
import { playedCard, type Action, type CardName, type DeckKind, type FlagNumber, type TacticName } from '../../pkg/full.js';

export type GuileCard = Extract<TacticName, 'redeploy' | 'deserter' | 'traitor'>;

export interface Affordances {
  /** Hand cards that start some legal action. */
  hand: Set<CardName>;
  claims: Set<FlagNumber>;
  decks: Set<DeckKind>;
  /** Scout's return step: these hand cards can go back. */
  returns: Set<CardName>;
  pass: boolean;
  endClaims: boolean;
  nextGame: boolean;
}

export function affordances(legal: readonly Action[]): Affordances {
  const out: Affordances = {
    hand: new Set(),
    claims: new Set(),
    decks: new Set(),
    returns: new Set(),
    pass: false,
    endClaims: false,
    nextGame: false,
  };
  for (const a of legal) {
    // Which hand card starts the action is the engine's answer, not a copy of it here.
    const card = playedCard(a);
    if (card !== null) out.hand.add(card);
    switch (a.type) {
      case 'scoutReturn':
        out.returns.add(a.card);
        break;
      case 'claim':
        out.claims.add(a.flag);
        break;
      case 'draw':
      case 'scoutDraw':
        out.decks.add(a.deck);
        break;
      case 'pass':
        out.pass = true;
        break;
      case 'endClaims':
        out.endClaims = true;
        break;
      case 'nextGame':
        out.nextGame = true;
        break;
    }
  }
  return out;
}

export function isGuile(card: CardName): card is GuileCard {
  return card === 'redeploy' || card === 'deserter' || card === 'traitor';
}

/** Flags a troop, morale or environment card can go to. */
export function flagsFor(legal: readonly Action[], card: CardName): Set<FlagNumber> {
  const out = new Set<FlagNumber>();
  for (const a of legal) {
    if ((a.type === 'play' || a.type === 'environment') && a.card === card) out.add(a.flag);
  }
  return out;
}

/** The action that plays `card` on `flag`, if legal. */
export function playAction(legal: readonly Action[], card: CardName, flag: FlagNumber): Action | null {
  return legal.find((a) => (a.type === 'play' || a.type === 'environment') && a.card === card && a.flag === flag) ?? null;
}

/** Board cards a guile card can take. */
export function sourcesFor(legal: readonly Action[], guile: GuileCard): Set<CardName> {
  const out = new Set<CardName>();
  for (const a of legal) if (a.type === guile) out.add(a.card);
  return out;
}

/** Where a guile card can take its chosen source: flags, and for Redeploy the discard pile. */
export function destinationsFor(legal: readonly Action[], guile: GuileCard, source: CardName): { flags: Set<FlagNumber>; discard: boolean } {
  const flags = new Set<FlagNumber>();
  let discard = false;
  for (const a of legal) {
    if (a.type === 'redeploy' && guile === 'redeploy' && a.card === source) {
      if (a.to === null) discard = true;
      else flags.add(a.to);
    } else if (a.type === 'traitor' && guile === 'traitor' && a.card === source) {
      flags.add(a.to);
    }
  }
  return { flags, discard };
}

export function find(legal: readonly Action[], wanted: Action): Action | null {
  return legal.find((a) => sameAction(a, wanted)) ?? null;
}

/** The same action, whatever the order of its fields. */
export function sameAction(a: Action, b: Action): boolean {
  const norm = (x: Action): string =>
    JSON.stringify(Object.fromEntries(Object.entries(x as unknown as Record<string, unknown>).sort(([p], [q]) => (p < q ? -1 : 1))));
  return norm(a) === norm(b);
}
