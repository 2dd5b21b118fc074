//! The TypeScript declarations of every value crossing the boundary. The shapes of the values the
//! engine produces and takes (actions, views, states, proofs, results, logs, records, error codes) are
//! derived from the Rust types (`src/declarations.rs`, ts-rs) into `declarations.d.ts`, included here;
//! what is written by hand is the card and flag notation (strings and numbers the Rust types serialize
//! themselves), the inputs that JavaScript callers write in a friendlier form than the Rust types
//! (`NewGameOptions`, `TacticPlay`, `FlagSetup`), and the errors raised on the JavaScript side.
//! `tests/node/declarations.test.mjs` checks values the engine produces against them with the
//! TypeScript compiler.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const NOTATION: &'static str = r#"
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

/** Options for `new Game(…)`; every field is optional. Without a seed, one is drawn at random. */
export interface NewGameOptions {
  players?: 2 | 3;
  tactics?: boolean;
  claimTiming?: ClaimTiming;
  games?: number;
  /** A whole number 0 … 2^53 - 1. */
  seed?: number;
}

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

/** A flag in a `FullState`: as in a view, without the derived `capacity`. */
export type FlagState = Omit<FlagView, "capacity">;

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

/** Every error code: the engine's, and those raised on the JavaScript side. */
export type ErrorCode =
  | EngineErrorCode
  /** Raised on the JavaScript side: a call on a Game after `free()` (or the end of its `using` block). */
  | "freed"
  /** Raised on the JavaScript side: a call made with too little stack left to run safely (deep recursion). */
  | "stack_exhausted"
  /** Raised on the JavaScript side by `battleline-engine/computer`: the suggestion was cancelled. */
  | "aborted"
  /** Raised on the JavaScript side by `battleline-engine/computer`: no worker could run the computer. */
  | "worker_failed"
  /** Raised on the JavaScript side by `battleline-engine/element`: a call on an element after `destroy()`. */
  | "destroyed";

/** Thrown by every call that fails; the game is left exactly as it was. */
export interface BattleLineError extends Error {
  name: "BattleLineError";
  code: ErrorCode;
}
"#;

/// The shapes derived from the Rust types (see the module's comment).
#[wasm_bindgen(typescript_custom_section)]
const DERIVED: &'static str = include_str!("declarations.d.ts");

/// The computer players' names, declared only where `suggest` exists (the full build).
#[cfg(feature = "bots")]
#[wasm_bindgen(typescript_custom_section)]
const BOT_TYPES: &'static str = r#"
/**
 * A computer player: the search at the three levels of the game page (`"easy"`, `"medium"`, `"hard"`:
 * 30, 300 and 12,000 playouts a decision, hard 10,000 with three players, easy drawing its move among its
 * search's favourites; also spelt `"search:easy"` …;
 * `"search"` is medium), the rule-of-thumb player `"heuristic"`, or `"random"`. Every value of this type is accepted. At run time
 * `suggest` also accepts `"search:N"` (N playouts) and `"search:NxT"` (T trees of N); they are not part
 * of the type because a template type would admit numbers the engine refuses.
 */
export type BotLevel =
  | "random" | "heuristic" | "easy" | "medium" | "hard" | "search" | "search:easy" | "search:medium" | "search:hard";
"#;
