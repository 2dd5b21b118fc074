// The tutorial's lessons as data: for each step, the position it starts from (or "go on from the last
// step"), the opponent's scripted moves, and the goal that completes it. Positions are sketches (setup.ts
// turns them into full positions the engine checks); goals only read the engine's state (goals.ts). The
// words of each step are in text.ts under the step's id.
import type { Action, CardName, ClaimTiming, FlagNumber, FormationKind, TacticName } from '../../../pkg/index.js';

/** A position in brief: player 0 is the learner (the bottom of the board), player 1 the opponent. */
export interface Sketch {
  tactics: boolean;
  claimTiming: ClaimTiming;
  /** Start in the claim step (start-of-turn claims) instead of the play step. */
  claimStep?: boolean;
  /** Each player's hand, cards separated by spaces. */
  hands: [string, string];
  /** Cards on the flags: flag → [the learner's side, the opponent's side], in the order played. */
  flags?: Partial<Record<FlagNumber, [string, string]>>;
  /** Flags already claimed, and by whom. */
  claimed?: Partial<Record<FlagNumber, 0 | 1>>;
  /** The first cards of the troop deck, top first (the rest follow in a fixed order). */
  troopTop?: string;
}

export type Goal =
  /** The learner played this card (any card when absent), to this flag when given. */
  | { kind: 'played'; card?: CardName; flag?: FlagNumber }
  /** The learner drew a card. */
  | { kind: 'drew' }
  /** The learner's side of the flag is complete and makes this formation. */
  | { kind: 'formation'; flag: FlagNumber; formation: FormationKind }
  /** The learner asked about a claim at this flag and was shown why it is refused. */
  | { kind: 'refusalShown'; flag: FlagNumber }
  | { kind: 'claimed'; flag: FlagNumber }
  | { kind: 'won' }
  /** The learner finished playing this tactics card (Scout: its draws and returns too). */
  | { kind: 'tactic'; card: TacticName };

export interface Step {
  /** Stable id: the key of its words (text.ts) and of the saved progress. */
  id: string;
  /** The lesson it belongs to (its title in text.ts). */
  lesson: string;
  /** A new position, or absent to go on from the previous step's game. */
  sketch?: Sketch;
  /** The opponent's moves, played in order whenever it is the opponent's turn during this step. */
  opponent?: Action[];
  goal: Goal;
}

const basic = { tactics: false, claimTiming: 'afterPlay' } as const;
const tactics = { tactics: true, claimTiming: 'afterPlay' } as const;
const claims = { tactics: false, claimTiming: 'startOfTurn', claimStep: true } as const;

export const LESSONS = ['turn', 'formations', 'proof', 'winning', 'tactics'] as const;

export const STEPS: readonly Step[] = [
  {
    id: 'turnPlay',
    lesson: 'turn',
    sketch: { ...basic, hands: ['r3 r4 r5 g9 b2 y7 p10', 'o1 o2 b8 y9 g3 p4 r8'], troopTop: 'r6 y10' },
    goal: { kind: 'played' },
  },
  {
    id: 'turnDraw',
    lesson: 'turn',
    opponent: [
      { type: 'play', card: 'b8', flag: 5 },
      { type: 'draw', deck: 'troop' },
    ],
    goal: { kind: 'drew' },
  },
  {
    id: 'formWedge',
    lesson: 'formations',
    sketch: {
      ...basic,
      hands: ['r10 b9 g2 y8 o7 p3 b1', 'o3 o4 g8 y10 p6 b4 r1'],
      flags: { 3: ['r8 r9', 'y4 y5 y6'] },
      troopTop: 'g6 o9',
    },
    goal: { kind: 'formation', flag: 3, formation: 'wedge' },
  },
  { id: 'formCompare', lesson: 'formations', goal: { kind: 'claimed', flag: 3 } },
  {
    id: 'proofRefused',
    lesson: 'proof',
    sketch: {
      ...claims,
      hands: ['r2 o5 y3 b10 p1 g4 y1', 'b7 o10 r9 p8 g1 y2 o2'],
      flags: { 2: ['r7 o7 y7', 'b5 b6'], 6: ['g8 g9 g10', 'p2 r3'] },
    },
    goal: { kind: 'refusalShown', flag: 2 },
  },
  { id: 'proofClaim', lesson: 'proof', goal: { kind: 'claimed', flag: 6 } },
  {
    id: 'winBreakthrough',
    lesson: 'winning',
    sketch: {
      ...claims,
      hands: ['o1 o2 p5 b3 g4 y6 r4', 'y2 b2 p9 g7 o9 r1 y8'],
      flags: { 1: ['r8 r9 r10', 'y3 y4'], 2: ['b5 b6 b7', 'g1'], 3: ['p6 p7 p8', 'g2 g3'], 5: ['o4', 'y5'] },
      claimed: { 1: 0, 2: 0 },
    },
    goal: { kind: 'won' },
  },
  {
    id: 'winEnvelopment',
    lesson: 'winning',
    sketch: {
      ...claims,
      hands: ['o1 o2 p5 b3 g4 y6 r4', 'y2 b2 p9 g7 o9 r1 y8'],
      flags: {
        1: ['r8 r9 r10', 'y3 y4'],
        3: ['b5 b6 b7', 'g1'],
        5: ['p6 p7 p8', 'g2 g3'],
        7: ['g8 g9 g10', 'o3'],
        9: ['b8 b9 b10', 'y5'],
        4: ['o4', 'p4'],
      },
      claimed: { 1: 0, 3: 0, 5: 0, 7: 0 },
    },
    goal: { kind: 'won' },
  },
  {
    id: 'tacticLeader',
    lesson: 'tactics',
    sketch: { ...tactics, hands: ['alexander r2 o5 y3 g1 p4 o1', 'o10 r9 p8 g2 y2 o2 r1'], flags: { 4: ['b7 b8', 'y9'] } },
    goal: { kind: 'tactic', card: 'alexander' },
  },
  {
    id: 'tacticCompanion',
    lesson: 'tactics',
    sketch: { ...tactics, hands: ['companion r2 o5 y3 g1 p4 o1', 'o10 r9 b8 g2 y2 o2 r1'], flags: { 5: ['p8 y8', 'g9'] } },
    goal: { kind: 'tactic', card: 'companion' },
  },
  {
    id: 'tacticShield',
    lesson: 'tactics',
    sketch: { ...tactics, hands: ['shield o5 y3 g7 p4 o9 b6', 'o10 r9 b8 g2 y2 o2 r3'], flags: { 7: ['r1 r2', 'g10'] } },
    goal: { kind: 'tactic', card: 'shield' },
  },
  {
    id: 'tacticFog',
    lesson: 'tactics',
    sketch: { ...tactics, hands: ['fog o5 y6 g7 p4 o9 b6', 'o10 r9 b8 g2 y7 o2 r3'], flags: { 8: ['r10 g10 b9', 'y1 y2 y3'] } },
    goal: { kind: 'tactic', card: 'fog' },
  },
  {
    id: 'tacticMud',
    lesson: 'tactics',
    sketch: { ...tactics, hands: ['mud o5 y3 g7 p4 o9 b6', 'o10 r9 b8 g2 y10 o2 r3'], flags: { 2: ['p1', 'y8 y9'] } },
    goal: { kind: 'tactic', card: 'mud' },
  },
  {
    id: 'tacticScout',
    lesson: 'tactics',
    sketch: { ...tactics, hands: ['scout o5 y3 g7 p4 o9 b6', 'o10 r9 b8 g2 y10 o2 r3'], troopTop: 'r7 y4 g3' },
    goal: { kind: 'tactic', card: 'scout' },
  },
  {
    id: 'tacticRedeploy',
    lesson: 'tactics',
    sketch: { ...tactics, hands: ['redeploy o5 y3 b7 p4 o9 b6', 'o10 r9 b8 g2 y10 o2 r3'], flags: { 1: ['g5', 'p9'], 2: ['g6 g7', 'y1 y2'] } },
    goal: { kind: 'tactic', card: 'redeploy' },
  },
  {
    id: 'tacticDeserter',
    lesson: 'tactics',
    sketch: { ...tactics, hands: ['deserter o5 y3 g7 p4 o9 b6', 'b8 r9 o10 g2 y10 o2 r3'], flags: { 9: ['r4 o4', 'b9 b10'] } },
    goal: { kind: 'tactic', card: 'deserter' },
  },
  {
    id: 'tacticTraitor',
    lesson: 'tactics',
    sketch: { ...tactics, hands: ['traitor o5 y3 g7 p4 o9 b6', 'b8 r9 g10 g2 y10 o2 r3'], flags: { 3: ['y6', 'o10'], 6: ['r10 p10', 'b1 b2'] } },
    goal: { kind: 'tactic', card: 'traitor' },
  },
];
