//! The TypeScript declarations of every value crossing the boundary, and the few result shapes that
//! exist only for JavaScript. `tests/node/declarations.test.mjs` checks values the engine produces
//! against them with the TypeScript compiler, so a Rust change that breaks a shape breaks that test.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::flag::FlagId;
use crate::outcome::GameResult;
use crate::proof::Proof;

/// A flag the player can claim now, with its proof.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClaimableFlag {
    pub flag: FlagId,
    pub proof: Proof,
}

/// The state of a match.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MatchScore {
    pub game_index: u32,
    pub games: u32,
    pub results: Vec<GameResult>,
    pub scores: Vec<u32>,
    pub over: bool,
}

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** Troop colours: red, orange, yellow, green, blue, purple. */
export type ColourLetter = "r" | "o" | "y" | "g" | "b" | "p";
/** A troop card: colour letter and value, "r1" … "p10". */
export type TroopName = `${ColourLetter}${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}`;
/** A tactics card. */
export type TacticName =
  | "alexander" | "darius" | "companion" | "shield"
  | "fog" | "mud"
  | "scout" | "redeploy" | "deserter" | "traitor";
/** Any card, in the engine's notation. */
export type CardName = TroopName | TacticName;
/** Flags are numbered 1..9 left to right. */
export type FlagNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
/** Players are numbered from 0 in seat order. */
export type PlayerIndex = 0 | 1 | 2;
export type DeckKind = "troop" | "tactics";
export type ClaimTiming = "afterPlay" | "startOfTurn" | "endOfTurn";

/** Options of a game or match, as the engine reports them. */
export interface GameOptions {
  players: 2 | 3;
  tactics: boolean;
  claimTiming: ClaimTiming;
  /** Games in the match (1 = a single game). */
  games: number;
}

/** Options for `new Game(…)`; every field is optional. Without a seed, one is drawn at random. */
export interface NewGameOptions {
  players?: 2 | 3;
  tactics?: boolean;
  claimTiming?: ClaimTiming;
  games?: number;
  /** A whole number 0 … 2^53 - 1. */
  seed?: number;
}

/** One step of a turn, as plain data. */
export type Action =
  | { type: "play"; card: CardName; flag: FlagNumber }
  | { type: "environment"; card: "fog" | "mud"; flag: FlagNumber }
  | { type: "scout" }
  | { type: "scoutDraw"; deck: DeckKind }
  | { type: "scoutReturn"; card: CardName }
  | { type: "redeploy"; card: CardName; to: FlagNumber | null }
  | { type: "deserter"; card: CardName }
  | { type: "traitor"; card: TroopName; to: FlagNumber }
  | { type: "claim"; flag: FlagNumber }
  | { type: "endClaims" }
  | { type: "draw"; deck: DeckKind }
  | { type: "pass" }
  | { type: "nextGame" };

/** What `game.tactic(…)` accepts. */
export type TacticPlay =
  | { card: "fog"; flag: FlagNumber }
  | { card: "mud"; flag: FlagNumber }
  | { card: "scout" }
  | { card: "scout"; draw: DeckKind }
  | { card: "scout"; return: CardName }
  | { card: "redeploy"; target: CardName; to: FlagNumber | null }
  | { card: "deserter"; target: CardName }
  | { card: "traitor"; target: TroopName; to: FlagNumber };

/** The step the current player must take. */
export type Phase =
  | { step: "play" }
  | { step: "claim" }
  | { step: "draw" }
  | { step: "scoutDraw"; remaining: number }
  | { step: "scoutReturn"; remaining: number }
  | { step: "gameOver" };

export type FormationKind = "host" | "skirmishLine" | "battalionOrder" | "phalanx" | "wedge";
/** A formation's worth: kind first, then sum (under Fog the kind is always "host"). */
export interface Strength {
  kind: FormationKind;
  sum: number;
}

export type Victory = "breakthrough" | "envelopment" | "exhaustion";
export interface GameResult {
  /** null is a draw. */
  winner: PlayerIndex | null;
  victory: Victory;
  /** Flags claimed by each player (three entries; the third is 0 in two-player games). */
  flags: [number, number, number];
}

export interface HandSize {
  troops: number;
  tactics: number;
}

export interface FlagView {
  flag: FlagNumber;
  /** Each player's side, cards in play order. */
  sides: CardName[][];
  /** Each complete side's completion time: when its latest card arrived (lower is earlier), or null. */
  completed: (number | null)[];
  /** When each card of each side arrived, parallel to `sides` (lower is earlier). */
  arrived: number[][];
  /** Who placed Fog / Mud here. */
  fog: PlayerIndex | null;
  mud: PlayerIndex | null;
  claimedBy: PlayerIndex | null;
  /** Cards that complete a side here: 3, or 4 with Mud. */
  capacity: number;
}

export interface KnownDeckCard {
  card: CardName;
  deck: DeckKind;
  /** 0 is the top card. */
  depth: number;
}

export interface TurnView {
  step: number;
  skipDraw: boolean;
  passed: boolean;
  claimed: boolean;
}

/** What one player may know: the opponent's hand is a count, the decks are sizes. */
export interface PlayerView {
  player: PlayerIndex;
  options: GameOptions;
  current: PlayerIndex;
  phase: Phase;
  turn: TurnView;
  hand: CardName[];
  handSizes: HandSize[];
  flags: FlagView[];
  discards: CardName[][];
  troopDeck: number;
  tacticsDeck: number;
  tacticsPlayed: number[];
  leaderPlayed: boolean[];
  /** Cards this player returned with Scout that are still in a deck. */
  scoutReturned: KnownDeckCard[];
  /**
   * Consecutive passing turns without a claim. Whether one of them was voluntary (R-TURN-6) depends on
   * the passer's hidden cards, so no view says: the result tells once the game is over.
   */
  passesInRow: number;
  /** Flags this player could claim right now. */
  claimable: FlagNumber[];
  result: GameResult | null;
  gameIndex: number;
  scores: number[];
}

/** A flag in a `FullState`: as in a view, without the derived `capacity`. */
export type FlagState = Omit<FlagView, "capacity">;

/** Every hidden card too: for hosts and referees only. */
export interface FullState {
  options: GameOptions;
  current: PlayerIndex;
  phase: Phase;
  turn: TurnView;
  hands: CardName[][];
  /** Top card first. */
  troopDeck: CardName[];
  tacticsDeck: CardName[];
  flags: FlagState[];
  discards: CardName[][];
  tacticsPlayed: number[];
  leaderPlayed: boolean[];
  scoutReturned: CardName[][];
  passesInRow: number;
  /** One of those passes was voluntary (R-TURN-6): derived from the hands; if given, it must agree. */
  voluntaryPass?: boolean;
  result: GameResult | null;
}

export interface OpponentBest {
  player: PlayerIndex;
  /** The side was already complete. */
  complete: boolean;
  /** Cards that may still come and would make the opponent's best formation. */
  added: TroopName[];
  /** The whole side with them. */
  cards: CardName[];
  /** null when the side cannot be completed at all. */
  strength: Strength | null;
  /** This opponent can win the flag: `added` is the counterexample. */
  beatsClaimant: boolean;
}

/** Why a claim is or is not provable. */
export interface Proof {
  claimable: boolean;
  claimant: PlayerIndex;
  claimantStrength: Strength | null;
  opponents: OpponentBest[];
  /** One English sentence. */
  reason: string;
}

export interface ClaimableFlag {
  flag: FlagNumber;
  proof: Proof;
}

export interface SideFormation {
  player: PlayerIndex;
  cards: CardName[];
  complete: boolean;
  strength: Strength | null;
}

export interface MatchScore {
  gameIndex: number;
  games: number;
  results: GameResult[];
  scores: number[];
  over: boolean;
}

/** What an action did (`game.log`). A drawn or returned card is `null` for those who may not see it. */
export type GameEvent =
  | { type: "played"; player: PlayerIndex; card: CardName; flag: FlagNumber }
  | { type: "environment"; player: PlayerIndex; card: "fog" | "mud"; flag: FlagNumber }
  | { type: "scouted"; player: PlayerIndex }
  | { type: "drew"; player: PlayerIndex; deck: DeckKind; card: CardName | null }
  | { type: "returned"; player: PlayerIndex; deck: DeckKind; card: CardName | null }
  | { type: "moved"; player: PlayerIndex; by: "redeploy" | "deserter" | "traitor"; card: CardName; from: FlagNumber; owner: PlayerIndex; to: FlagNumber | null }
  | { type: "discarded"; player: PlayerIndex; card: CardName; flag: FlagNumber }
  | { type: "claimed"; player: PlayerIndex; flag: FlagNumber; formation: Strength | null; fog: boolean }
  | { type: "passed"; player: PlayerIndex }
  | { type: "gameEnded"; result: GameResult; flags: FlagNumber[] }
  | { type: "nextGame"; gameIndex: number; starter: PlayerIndex };

/** One action of the log and what it did. */
export interface LogEntry {
  /** The action's place in the record (0-based). */
  index: number;
  player: PlayerIndex;
  /** `null` where it names a card hidden from the viewer (another player's Scout return). */
  action: Action | null;
  events: GameEvent[];
}

export interface GameRecord {
  format: "battleline-record";
  version: 1;
  options: GameOptions;
  seed: number;
  actions: Action[];
  /** The first game's starting position when it was not dealt from the seed (`Game.fromSetup`). */
  start?: FullState;
}

/** A hypothetical flag for `proveFlag`. */
export interface FlagSetup {
  sides: CardName[][];
  fog?: boolean;
  mud?: boolean;
  claimant: PlayerIndex;
  /** Which side completed first when several are complete. */
  firstComplete?: PlayerIndex | null;
  /** Alternatively, the complete sides in the order they completed. */
  completionOrder?: PlayerIndex[] | null;
  /** Troop cards that may still come. */
  unseen: TroopName[];
}

export type ErrorCode =
  | "not_your_turn" | "wrong_phase" | "card_not_in_hand" | "flag_full" | "flag_claimed"
  | "tactics_limit" | "leader_limit" | "claim_not_provable" | "side_incomplete" | "wrong_card"
  | "bad_target" | "must_play" | "deck_empty" | "tactics_disabled" | "game_over" | "bad_flag"
  | "bad_card" | "bad_action" | "bad_options" | "bad_record" | "bad_player" | "bad_input"
  /** Raised on the JavaScript side: a call on a Game after `free()` (or the end of its `using` block). */
  | "freed"
  /** Raised on the JavaScript side: a call made with too little stack left to run safely (deep recursion). */
  | "stack_exhausted"
  /** Raised on the JavaScript side by `battleline-engine/computer`: the suggestion was cancelled. */
  | "aborted"
  /** Raised on the JavaScript side by `battleline-engine/computer`: no worker could run the computer. */
  | "worker_failed";

/** Thrown by every call that fails; the game is left exactly as it was. */
export interface BattleLineError extends Error {
  name: "BattleLineError";
  code: ErrorCode;
}
"#;

/// The computer players' names, declared only where `suggest` exists (the full build).
#[cfg(feature = "bots")]
#[wasm_bindgen(typescript_custom_section)]
const BOT_TYPES: &'static str = r#"
/**
 * A computer player: the search at the three levels of the game page (`"easy"`, `"medium"`, `"hard"`:
 * 300, 3,000 and 30,000 playouts a decision, also spelt `"search:easy"` …; `"search"` is medium), the
 * rule-of-thumb player `"heuristic"`, or `"random"`. Every value of this type is accepted. At run time
 * `suggest` also accepts `"search:N"` (N playouts) and `"search:NxT"` (T trees of N); they are not part
 * of the type because a template type would admit numbers the engine refuses.
 */
export type BotLevel =
  | "random" | "heuristic" | "easy" | "medium" | "hard" | "search" | "search:easy" | "search:medium" | "search:hard";
"#;
