// Derived from the Rust types by src/declarations.rs (ts-rs); do not edit: run
// `BLESS=1 cargo test --lib declarations` after changing a type.

/**
 * The two decks.
 */
export type DeckKind = "troop" | "tactics";

/**
 * When in a turn the claim step comes (R-VAR-1).
 */
export type ClaimTiming = "afterPlay" | "startOfTurn" | "endOfTurn";

/**
 * The options of a game or match, validated: every `Options` value is playable.
 */
export type GameOptions = {
  /**
   * 2 or 3 players.
   */
  players: 2 | 3;
  /**
   * Whether the tactics deck is used (R-VAR-2); always false with three players.
   */
  tactics: boolean;
  /**
   * When the claim step comes.
   */
  claimTiming: ClaimTiming;
  /**
   * Games in the match (1 = a single game), 1..=99.
   */
  games: number;
};

/**
 * One step of a turn, by the current player. JSON: an object tagged by `type`. Unknown fields are
 * refused, except on the field-less actions (`pass`, `scout`, …), where serde ignores them.
 */
export type Action = {
  "type": "play";
  /**
   * The troop or morale card, from the player's hand.
   */
  card: CardName;
  /**
   * The flag.
   */
  flag: FlagNumber;
} | {
  "type": "environment";
  /**
   * Fog or Mud, from the player's hand.
   */
  card: "fog" | "mud";
  /**
   * The flag.
   */
  flag: FlagNumber;
} | {
  "type": "scout";
} | {
  "type": "scoutDraw";
  /**
   * The deck drawn from.
   */
  deck: DeckKind;
} | {
  "type": "scoutReturn";
  /**
   * The card returned, from the player's hand.
   */
  card: CardName;
} | {
  "type": "redeploy";
  /**
   * The player's own card on an unclaimed flag (a side card, Fog or Mud).
   */
  card: CardName;
  /**
   * Where it goes; `None` discards it.
   */
  to: FlagNumber | null;
} | {
  "type": "deserter";
  /**
   * The opponent's card on an unclaimed flag.
   */
  card: CardName;
} | {
  "type": "traitor";
  /**
   * The opponent's troop card on an unclaimed flag.
   */
  card: TroopName;
  /**
   * The flag where it joins the player's side.
   */
  to: FlagNumber;
} | {
  "type": "claim";
  /**
   * The flag claimed.
   */
  flag: FlagNumber;
} | {
  "type": "endClaims";
} | {
  "type": "draw";
  /**
   * The deck drawn from.
   */
  deck: DeckKind;
} | {
  "type": "pass";
} | {
  "type": "nextGame";
} | {
  "type": "resign";
  /**
   * The seat that resigns.
   */
  player: PlayerIndex;
};

/**
 * The step the current player must take next.
 */
export type Phase = {
  "step": "play";
} | {
  "step": "claim";
} | {
  "step": "draw";
} | {
  "step": "scoutDraw";
  /**
   * Draws left (at most 3).
   */
  remaining: number;
} | {
  "step": "scoutReturn";
  /**
   * Cards left to return (at most 2).
   */
  remaining: number;
} | {
  "step": "gameOver";
};

/**
 * The formation kinds, weakest first so that the derived order is the strength order (R-FORM-2).
 */
export type FormationKind = "host" | "skirmishLine" | "battalionOrder" | "phalanx" | "wedge";

/**
 * What a formation is worth: kind first, then the sum of values (R-FORM-3).
 * Under Fog every formation counts as a Host, so only the sum decides (R-ENV-1).
 */
export type Strength = {
  /**
   * The kind (always `Host` under Fog).
   */
  kind: FormationKind;
  /**
   * The sum of the values.
   */
  sum: number;
};

/**
 * Why a game ended.
 */
export type Victory = "breakthrough" | "envelopment" | "exhaustion";

/**
 * The result of a finished game.
 */
export type GameResult = {
  /**
   * The winner; `None` is a draw (R-TURN-6, equal counts).
   */
  winner: PlayerIndex | null;
  /**
   * How the game ended.
   */
  victory: Victory;
  /**
   * Flags claimed by each player.
   */
  flags: [number, number, number];
};

/**
 * How many cards of each kind a player holds: all anyone sees of another player's hand.
 */
export type HandSize = {
  /**
   * Troop cards held.
   */
  troops: number;
  /**
   * Tactics cards held.
   */
  tactics: number;
};

/**
 * A flag as everybody sees it.
 */
export type FlagView = {
  /**
   * The flag (1..9 in JSON).
   */
  flag: FlagNumber;
  /**
   * Each player's side, cards in play order.
   */
  sides: Array<Array<CardName>>;
  /**
   * Each complete side's completion time: when its latest card arrived (lower is earlier), or null
   * while the side is incomplete (R-FORM-4).
   */
  completed: Array<number | null>;
  /**
   * When each card of each side arrived (parallel to `sides`; lower is earlier). Public: everybody
   * saw the cards arrive. Optional when a setup is read: missing, every card of a complete side is
   * taken to have arrived at its completion time and every other card at 0.
   */
  arrived: Array<Array<number>>;
  /**
   * Who placed Fog here.
   */
  fog: PlayerIndex | null;
  /**
   * Who placed Mud here.
   */
  mud: PlayerIndex | null;
  /**
   * Who claimed the flag.
   */
  claimedBy: PlayerIndex | null;
  /**
   * How many cards complete a side here: 3, or 4 with Mud (R-ENV-2). Derived: 0 and not written in a
   * [`crate::Setup`], ignored when one is read (Mud decides it).
   */
  capacity: number;
};

/**
 * A card the viewing player put back with Scout, still in a deck.
 */
export type KnownDeckCard = {
  /**
   * The card.
   */
  card: CardName;
  /**
   * The deck it lies in.
   */
  deck: DeckKind;
  /**
   * Its place from the top (0 = the top card).
   */
  depth: number;
};

/**
 * Public facts about the turn in progress, needed to rebuild the position (search bots do).
 */
export type TurnView = {
  /**
   * Index of the ordinary step in the claim timing's order.
   */
  step: number;
  /**
   * No draw this turn (pass or Scout).
   */
  skipDraw: boolean;
  /**
   * The current player passed this turn.
   */
  passed: boolean;
  /**
   * The current player claimed this turn.
   */
  claimed: boolean;
};

/**
 * One player's view of the game (boardgame.io's `playerView`).
 */
export type PlayerView = {
  /**
   * Whose view this is.
   */
  player: PlayerIndex;
  /**
   * The game's options.
   */
  options: GameOptions;
  /**
   * Whose turn it is.
   */
  current: PlayerIndex;
  /**
   * The current step.
   */
  phase: Phase;
  /**
   * The turn in progress.
   */
  turn: TurnView;
  /**
   * The viewer's hand, sorted.
   */
  hand: Array<CardName>;
  /**
   * Every player's hand size.
   */
  handSizes: Array<HandSize>;
  /**
   * The nine flags.
   */
  flags: Array<FlagView>;
  /**
   * Each player's discard pile (face up).
   */
  discards: Array<Array<CardName>>;
  /**
   * Cards in the troop deck.
   */
  troopDeck: number;
  /**
   * Cards in the tactics deck.
   */
  tacticsDeck: number;
  /**
   * Tactics cards each player has played.
   */
  tacticsPlayed: Array<number>;
  /**
   * Whether each player has played a Leader.
   */
  leaderPlayed: Array<boolean>;
  /**
   * Cards the viewer returned with Scout that are still in a deck.
   */
  scoutReturned: Array<KnownDeckCard>;
  /**
   * Consecutive passing turns without a claim. Whether one of them was voluntary (R-TURN-6) depends
   * on the passer's hidden cards, so no view says; the result does once the game is over.
   */
  passesInRow: number;
  /**
   * Flags the viewer could claim right now (they are in their claim step or not).
   */
  claimable: Array<FlagNumber>;
  /**
   * The result, once the game is over.
   */
  result: GameResult | null;
  /**
   * Which game of the match this is (0-based) and how many there are.
   */
  gameIndex: number;
  /**
   * Match points so far (R-MATCH-1; none for a seat that resigned, R-3P-RESIGN-5).
   */
  scores: Array<number>;
  /**
   * The seat that resigned from this three-player game and is out of it (R-3P-RESIGN); left out
   * when none has.
   */
  retired?: PlayerIndex;
};

/**
 * Everything about a position, unchecked. [`Position::from_setup`] validates it.
 */
export type FullState = {
  /**
   * The options.
   */
  options: GameOptions;
  /**
   * Whose turn it is.
   */
  current: PlayerIndex;
  /**
   * The current step.
   */
  phase: Phase;
  /**
   * The turn in progress.
   */
  turn: TurnView;
  /**
   * Every player's hand.
   */
  hands: Array<Array<CardName>>;
  /**
   * The troop deck, top card first.
   */
  troopDeck: Array<CardName>;
  /**
   * The tactics deck, top card first.
   */
  tacticsDeck: Array<CardName>;
  /**
   * The nine flags.
   */
  flags: Array<FlagState>;
  /**
   * Each player's discard pile.
   */
  discards: Array<Array<CardName>>;
  /**
   * Tactics cards each player has played.
   */
  tacticsPlayed: Array<number>;
  /**
   * Whether each player has played a Leader.
   */
  leaderPlayed: Array<boolean>;
  /**
   * Cards each player returned with Scout that are still in a deck.
   */
  scoutReturned: Array<Array<CardName>>;
  /**
   * Consecutive passing turns without a claim.
   */
  passesInRow: number;
  /**
   * One of those passes was voluntary (R-TURN-6). Derived from the passing players' hands: always
   * written; when a setup is read it may be left out, and if given it must agree with the hands.
   */
  voluntaryPass?: boolean;
  /**
   * The result, if the game is over.
   */
  result: GameResult | null;
  /**
   * The seat that resigned from this three-player game (R-3P-RESIGN); left out when none has.
   */
  retired?: PlayerIndex;
};

/**
 * One opponent's outcome at the flag.
 */
export type OpponentBest = {
  /**
   * The opponent.
   */
  player: PlayerIndex;
  /**
   * The side was already complete (`added` is empty).
   */
  complete: boolean;
  /**
   * Troop cards from `unseen` that make its best formation (a counterexample when `beats_claimant`).
   */
  added: Array<TroopName>;
  /**
   * The whole side after adding: the existing cards in play order, then `added`.
   */
  cards: Array<CardName>;
  /**
   * The best reachable formation; `None` when the side cannot be completed from the unseen cards.
   */
  strength: Strength | null;
  /**
   * Whether this opponent beats (or, incomplete, can still beat) the claimant.
   */
  beatsClaimant: boolean;
};

/**
 * The explained verdict of a claim (R-CLAIM-5).
 */
export type Proof = {
  /**
   * Whether the claim succeeds.
   */
  claimable: boolean;
  /**
   * Who claims.
   */
  claimant: PlayerIndex;
  /**
   * The claimant's formation; `None` when their side is incomplete (then not claimable).
   */
  claimantStrength: Strength | null;
  /**
   * One entry per opponent in seat order (a seat that resigned is none, R-3P-RESIGN-2); empty when
   * the claim fails before looking at them (flag claimed, claimant's side incomplete).
   */
  opponents: Array<OpponentBest>;
  /**
   * One English sentence explaining the verdict with card notation.
   */
  reason: string;
};

/**
 * A flag the player can claim now, with its proof.
 */
export type ClaimableFlag = {
  flag: FlagNumber;
  proof: Proof;
};

/**
 * One side of a flag: its cards and, once complete, its formation.
 */
export type SideFormation = {
  /**
   * The player.
   */
  player: PlayerIndex;
  /**
   * The cards in play order.
   */
  cards: Array<CardName>;
  /**
   * Whether the side is complete (3 cards, 4 with Mud).
   */
  complete: boolean;
  /**
   * The formation, wild cards at their best; `None` until complete.
   */
  strength: Strength | null;
};

/**
 * The state of a match.
 */
export type MatchScore = {
  /**
   * The game in progress (0-based), or the last one once the match is over.
   */
  gameIndex: number;
  /**
   * Games in the match.
   */
  games: number;
  /**
   * Each finished game's result, in order.
   */
  results: Array<GameResult>;
  /**
   * Each player's match points (R-MATCH-1).
   */
  scores: Array<number>;
  /**
   * Whether the match is over.
   */
  over: boolean;
};

/**
 * One thing that happened. Serialized with a `type` tag like [`Action`].
 */
export type GameEvent = {
  "type": "played";
  /**
   * Who played it.
   */
  player: PlayerIndex;
  /**
   * The card.
   */
  card: CardName;
  /**
   * Where.
   */
  flag: FlagNumber;
} | {
  "type": "environment";
  /**
   * Who placed it.
   */
  player: PlayerIndex;
  /**
   * Fog or Mud.
   */
  card: "fog" | "mud";
  /**
   * Where.
   */
  flag: FlagNumber;
} | {
  "type": "scouted";
  /**
   * Who played it.
   */
  player: PlayerIndex;
} | {
  "type": "drew";
  /**
   * Who drew.
   */
  player: PlayerIndex;
  /**
   * From which deck.
   */
  deck: DeckKind;
  /**
   * The card, or `None` when redacted (or when the deck was empty).
   */
  card: CardName | null;
} | {
  "type": "returned";
  /**
   * Who returned it.
   */
  player: PlayerIndex;
  /**
   * Onto which deck.
   */
  deck: DeckKind;
  /**
   * The card, or `None` when redacted.
   */
  card: CardName | null;
} | {
  "type": "moved";
  /**
   * Who played the guile card.
   */
  player: PlayerIndex;
  /**
   * Redeploy, Deserter or Traitor.
   */
  by: "redeploy" | "deserter" | "traitor";
  /**
   * The card taken.
   */
  card: CardName;
  /**
   * The flag it was taken from.
   */
  from: FlagNumber;
  /**
   * Whose side (or whose Fog, Mud) it was.
   */
  owner: PlayerIndex;
  /**
   * Where it went: a flag, or `None` for its owner's discard pile.
   */
  to: FlagNumber | null;
} | {
  "type": "discarded";
  /**
   * The side's owner.
   */
  player: PlayerIndex;
  /**
   * The card.
   */
  card: CardName;
  /**
   * The flag.
   */
  flag: FlagNumber;
} | {
  "type": "claimed";
  /**
   * The claimant.
   */
  player: PlayerIndex;
  /**
   * The flag.
   */
  flag: FlagNumber;
  /**
   * The claimant's formation there (under Fog, only its sum counted).
   */
  formation: Strength | null;
  /**
   * Fog lies at the flag.
   */
  fog: boolean;
} | {
  "type": "resigned";
  /**
   * Who resigned.
   */
  player: PlayerIndex;
} | {
  "type": "passed";
  /**
   * Who passed.
   */
  player: PlayerIndex;
} | {
  "type": "gameEnded";
  /**
   * The result.
   */
  result: GameResult;
  /**
   * The flags that won it: the three adjacent ones of a breakthrough, else all the winner's.
   */
  flags: Array<FlagNumber>;
} | {
  "type": "nextGame";
  /**
   * Which game (0-based).
   */
  gameIndex: number;
  /**
   * Who starts it (R-MATCH-2).
   */
  starter: PlayerIndex;
};

/**
 * One action of the game's log and what it did.
 */
export type LogEntry = {
  /**
   * The action's place in the record (0-based).
   */
  index: number;
  /**
   * Who played it.
   */
  player: PlayerIndex;
  /**
   * The action; `None` where it names a card hidden from the viewer (another player's Scout return).
   */
  action: Action | null;
  /**
   * What it did.
   */
  events: Array<GameEvent>;
};

/**
 * A game (or match) record.
 */
export type GameRecord = {
  /**
   * Always [`RECORD_FORMAT`].
   */
  format: "battleline-record";
  /**
   * Always [`RECORD_VERSION`].
   */
  version: 1;
  /**
   * The options.
   */
  options: GameOptions;
  /**
   * The seed of the match's generator.
   */
  seed: number;
  /**
   * The 256 bits that seed the generator instead of `seed` (then 0), when the match was started
   * with one ([`crate::Game::with_long_seed`]). Absent from the JSON of other records, so they are
   * unchanged; a reader that does not know the field refuses the record rather than deal another game.
   * Only with the feature `long-seeds` (on by default): the rules-only wasm goes without (its size
   * budget) and refuses such records (`bad_record`, an unknown field).
   */
  longSeed?: string;
  /**
   * Every action in order, across the games of a match.
   */
  actions: Array<Action>;
  /**
   * Where the first game started, when not from a deal of the seed (a lesson or a puzzle: see
   * [`crate::Game::from_setup`]). Absent from the JSON of a dealt game, so such records are unchanged.
   * Only with the feature `setups` (on by default): the rules-only wasm goes without (its size budget).
   */
  start?: FullState;
};

/**
 * Stable error codes. The string form (`code.as_str()`) never changes once published: clients match on it.
 */
export type EngineErrorCode = "not_your_turn" | "wrong_phase" | "card_not_in_hand" | "flag_full" | "flag_claimed" | "tactics_limit" | "leader_limit" | "claim_not_provable" | "side_incomplete" | "wrong_card" | "bad_target" | "must_play" | "deck_empty" | "tactics_disabled" | "game_over" | "bad_flag" | "bad_card" | "bad_action" | "bad_options" | "bad_record" | "bad_player" | "bad_input" | "cannot_resign";

/**
 * The three strengths of the search bot offered on the page, defined by playout budgets (one tree
 * each).
 */
export type SearchLevel = "easy" | "medium" | "hard";

/**
 * The viewer's chances, each in 0..1: to win the game, and to win each flag (1 or 0 once claimed).
 */
export type Evaluation = {
  /**
   * The chance to win the game (a draw counts as a share).
   */
  win: number;
  /**
   * The chance to win each flag, flag 1 first.
   */
  flags: number[];
};

/**
 * How one flag's chance differs between two moves or two moments: the reason a coach gives.
 */
export type FlagChange = {
  /**
   * The flag (1..9 in JSON).
   */
  flag: FlagNumber;
  /**
   * The chance before (or with the other move).
   */
  from: number;
  /**
   * The chance after (or with this move).
   */
  to: number;
};

/**
 * A formation a side has, or can still reach: its strength and the cards that make it.
 */
export type Reach = {
  /**
   * The formation (a Host under Fog: only the sum counts).
   */
  strength: Strength;
  /**
   * The whole side: the cards on the flag, then the cards that complete it.
   */
  cards: Array<CardName>;
  /**
   * The completing cards the viewer holds (only ever the viewer's own side).
   */
  held: Array<CardName>;
  /**
   * The completing cards nobody has shown the viewer.
   */
  unseen: Array<CardName>;
  /**
   * Every unseen card with which the side can still reach a formation of this kind (the outs); empty
   * when the viewer's hand completes it, or for a Host (any card will do).
   */
  outs: Array<CardName>;
};

/**
 * Why a move is good or bad, in formations, cards and flags. Each names the flag whose chance it
 * moves (`flag`). JSON: an object tagged by `type`, as actions are.
 */
export type Reason = {
  "type": "completes";
  /**
   * The flag.
   */
  flag: FlagNumber;
  /**
   * The complete side.
   */
  cards: Array<CardName>;
  /**
   * Its formation.
   */
  strength: Strength;
  /**
   * Whether the engine's proof now gives the flag to the viewer.
   */
  claim: boolean;
} | {
  "type": "aims";
  /**
   * The flag.
   */
  flag: FlagNumber;
  /**
   * The card played.
   */
  card: CardName;
  /**
   * The formation aimed at.
   */
  target: Reach;
  /**
   * The opponent's best reachable formation at that flag with its outs (null: they have no card
   * there yet): what tells this flag from another where the same card would aim as well.
   */
  against: Reach | null;
} | {
  "type": "keeps";
  /**
   * The other flag.
   */
  flag: FlagNumber;
  /**
   * The cards kept.
   */
  cards: Array<CardName>;
  /**
   * The formation they make there.
   */
  target: Reach;
} | {
  "type": "denies";
  /**
   * The flag where they needed it.
   */
  flag: FlagNumber;
  /**
   * The card.
   */
  card: CardName;
  /**
   * The formation they could reach with it.
   */
  strength: Strength;
  /**
   * Their best formation there now (null: their side can no longer be completed).
   */
  now: Strength | null;
  /**
   * Whether it was the last card for that formation.
   */
  last: boolean;
} | {
  "type": "secures";
  /**
   * The flag.
   */
  flag: FlagNumber;
  /**
   * The viewer's formation there.
   */
  strength: Strength;
} | {
  "type": "unwinnable";
  /**
   * The flag.
   */
  flag: FlagNumber;
  /**
   * The viewer's best reachable formation (null: no room left).
   */
  mine: Strength | null;
  /**
   * The opponent's formation.
   */
  theirs: Strength;
} | {
  "type": "dump";
  /**
   * The flag.
   */
  flag: FlagNumber;
  /**
   * The card.
   */
  card: CardName;
  /**
   * The opponent's formation that cannot be beaten.
   */
  theirs: Strength;
} | {
  "type": "weakens";
  /**
   * The flag.
   */
  flag: FlagNumber;
  /**
   * The card.
   */
  card: CardName;
  /**
   * The best formation before.
   */
  from: Strength;
  /**
   * The formation to aim at now, with its cards in hand and outs (null: the side can no longer be
   * completed).
   */
  to: Reach | null;
} | {
  "type": "fog";
  /**
   * The flag.
   */
  flag: FlagNumber;
  /**
   * The viewer's best sum there.
   */
  mine: Strength | null;
  /**
   * The opponent's best sum there.
   */
  theirs: Strength | null;
} | {
  "type": "mud";
  /**
   * The flag.
   */
  flag: FlagNumber;
  /**
   * The viewer's best formation of four.
   */
  mine: Strength | null;
  /**
   * The opponent's best formation of four.
   */
  theirs: Strength | null;
} | {
  "type": "breaks";
  /**
   * The flag.
   */
  flag: FlagNumber;
  /**
   * The card taken.
   */
  card: CardName;
  /**
   * Their best formation before.
   */
  from: Strength | null;
  /**
   * Their best after.
   */
  to: Strength | null;
  /**
   * The cards their side lacks now (one more than before when it takes a card of an incomplete side).
   */
  need: number;
} | {
  "type": "frees";
  /**
   * The flag left.
   */
  flag: FlagNumber;
  /**
   * The card moved or discarded.
   */
  card: CardName;
  /**
   * The best formation there before.
   */
  from: Strength | null;
  /**
   * The best formation there now.
   */
  to: Reach | null;
} | {
  "type": "tempo";
  /**
   * The flag.
   */
  flag: FlagNumber;
  /**
   * The formation both can make.
   */
  strength: Strength;
} | {
  "type": "drawsTroop";
  /**
   * The flag.
   */
  flag: FlagNumber;
  /**
   * The formation there with its outs.
   */
  target: Reach;
  /**
   * How many troops the viewer has not seen (the outs are among them).
   */
  unseen: number;
} | {
  "type": "drawsTactics";
  /**
   * The flag.
   */
  flag: FlagNumber;
  /**
   * The tactics cards the viewer has not seen.
   */
  cards: Array<CardName>;
  /**
   * The viewer's best reachable formation there.
   */
  mine: Strength;
  /**
   * The opponent's best there.
   */
  theirs: Strength;
} | {
  "type": "scouts";
  /**
   * The flag.
   */
  flag: FlagNumber;
  /**
   * The formation there with its outs.
   */
  target: Reach;
} | {
  "type": "claims";
  /**
   * The flag.
   */
  flag: FlagNumber;
  /**
   * The viewer's formation.
   */
  strength: Strength;
  /**
   * The opponent's best reachable (or complete) formation there (null: their side can no longer
   * be completed).
   */
  theirs: Strength | null;
} | {
  "type": "replans";
  /**
   * The flag the card left.
   */
  flag: FlagNumber;
  /**
   * The card.
   */
  card: CardName;
  /**
   * The cards seen since that change the plan.
   */
  seen: Array<CardName>;
};

/**
 * One side of a flag as the viewer sees it.
 */
export type SideOutlook = {
  /**
   * The player.
   */
  player: PlayerIndex;
  /**
   * Cards still missing (0 once complete).
   */
  need: number;
  /**
   * The formation once complete.
   */
  formed: Strength | null;
  /**
   * The strongest formation still reachable; `None` when the side can no longer be completed.
   */
  best: Reach | null;
};

/**
 * One flag as the viewer sees it.
 */
export type FlagOutlook = {
  /**
   * The flag (1..9 in JSON).
   */
  flag: FlagNumber;
  /**
   * Fog lies here: only sums count.
   */
  fog: boolean;
  /**
   * Cards a side needs: 3, or 4 with Mud.
   */
  capacity: number;
  /**
   * Each player's side, seat order.
   */
  sides: Array<SideOutlook>;
  /**
   * Who completes first: a complete side's player (the earlier one), otherwise the one who needs
   * fewer cards; `None` when even. Completing first wins equal formations (R-FORM-4).
   */
  first: PlayerIndex | null;
  /**
   * The player who can prove the flag now (the engine's claim proof), if any.
   */
  provable: PlayerIndex | null;
};

/**
 * Every open flag as the viewer sees it.
 */
export type Outlook = {
  /**
   * The viewer.
   */
  player: PlayerIndex;
  /**
   * The unclaimed flags, left to right.
   */
  flags: Array<FlagOutlook>;
};

/**
 * The player's previous move as the coach knew it: the action and the hand it was made from. With
 * it, the cards drawn since count as news that may change the plan.
 */
export type Previous = {
  /**
   * The move.
   */
  action: Action;
  /**
   * The player's hand before it.
   */
  hand: Array<CardName>;
};

/**
 * The search's move for the viewer with what it does to their chances.
 */
export type Hint = {
  /**
   * The move: the search's own choice at this level, never one it rates clearly worse than another it
   * tried at least half as often.
   */
  action: Action;
  /**
   * The chances now, before the move (the leaf evaluation over samples of the hidden cards).
   */
  before: Evaluation;
  /**
   * The chances after the move, as the search rated it (equal to `before` when not searched).
   */
  after: Evaluation;
  /**
   * Whether the search weighed the move (false: the only sensible one, such as a claim or a draw).
   */
  searched: boolean;
  /**
   * The chance line: of the flags the move and its reasons concern, the open one whose chance the
   * move raises most, when it raises one by at least five points ([`NOTABLE_CHANGE`]).
   */
  reason: FlagChange | null;
  /**
   * Why, in formations, cards and flags ([`super::explain_move`]), strongest first; first of all a
   * [`Reason::Replans`] when the move takes back the card just placed because of cards seen since.
   */
  reasons: Array<Reason>;
};

/**
 * How much of the chance to win a move may give up before the review marks it: a share of the whole
 * (0.05 is five percentage points), each judgement from its threshold up to the next.
 */
export type ReviewThresholds = {
  /**
   * An inaccuracy from here.
   */
  inaccuracy: number;
  /**
   * A mistake from here.
   */
  mistake: number;
  /**
   * A blunder from here.
   */
  blunder: number;
};

/**
 * How bad a move was.
 */
export type Judgement = "inaccuracy" | "mistake" | "blunder";

/**
 * One decision of a player, judged from their view.
 */
export type ReviewedDecision = {
  /**
   * Who decided.
   */
  player: PlayerIndex;
  /**
   * The index of the played action in the record (the position before it is the record replayed to
   * this many actions).
   */
  index: number;
  /**
   * The game of the match it belongs to (0 first).
   */
  game: number;
  /**
   * The move played.
   */
  played: Action;
  /**
   * The search's move from the same view (chosen as the hint's, see [`super::hint`]).
   */
  best: Action;
  /**
   * The chances after the search's move (its chance to win is the position's worth).
   */
  withBest: Evaluation;
  /**
   * The chances after the move played.
   */
  withPlayed: Evaluation;
  /**
   * The share of the chance to win the move played gave up (0 when it was the search's move, or
   * rated as well).
   */
  loss: number;
  /**
   * The mark, when the loss reaches a threshold.
   */
  judgement: Judgement | null;
  /**
   * The chance line: of the flags either move or their reasons concern, the open one whose chance the
   * search's move keeps highest above the move played's, by at least five points: `from` with the
   * move played, `to` with the search's.
   */
  reason: FlagChange | null;
  /**
   * Why the move played was played or what it cost, in formations, cards and flags.
   */
  playedReasons: Array<Reason>;
  /**
   * Why the search's move is better (empty when it is the move played).
   */
  bestReasons: Array<Reason>;
};

/**
 * A formation a drawn card gave its drawer: with the card in hand, the best formation they could
 * still reach at the flag was completed by their own cards (the card among them).
 */
export type DrawnOut = {
  /**
   * The flag (1..9 in JSON).
   */
  flag: FlagNumber;
  /**
   * The formation.
   */
  strength: Strength;
};

/**
 * A card drawn (from either deck, Scout's draws too), seen after the game.
 */
export type Drawn = {
  /**
   * The index of the draw in the record.
   */
  index: number;
  /**
   * Who drew it.
   */
  player: PlayerIndex;
  /**
   * The card.
   */
  card: CardName;
  /**
   * The formations the card completed in its drawer's hand right after the draw (their outs that
   * came), strongest first.
   */
  outs: Array<DrawnOut>;
};

/**
 * What moved the chance in a step. JSON: an object tagged by `type`.
 */
export type ReviewCause = {
  "type": "decision";
  /**
   * Who decided.
   */
  player: PlayerIndex;
  /**
   * The decision's place in the review's list.
   */
  decision: number;
} | {
  "type": "draws";
  /**
   * The cards drawn, in order (empty: only the cards dealt at the start).
   */
  draws: Array<Drawn>;
  /**
   * With three players, the other players' decisions in the stretch (their places in the
   * review's list): the reviewed player's chance is only known at their own decisions.
   */
  others: Array<number>;
};

/**
 * One step of the reviewed player's chance to win.
 */
export type ReviewStep = {
  /**
   * The game of the match (0 first).
   */
  game: number;
  /**
   * The record index where the step ends: a decision's own index; for the cards, the next
   * decision's (or the record's length at a game's end).
   */
  index: number;
  /**
   * The reviewed player's chance to win the game before the step.
   */
  before: number;
  /**
   * After it.
   */
  after: number;
  /**
   * Why it moved.
   */
  cause: ReviewCause;
};

/**
 * A step that decided much: its place in [`super::Review::steps`] and how it moved the chance.
 */
export type TurningPoint = {
  /**
   * The step.
   */
  step: number;
  /**
   * Its change of the reviewed player's chance.
   */
  swing: number;
};

/**
 * Where the reviewed player's chance went in one game: the sum of the steps of each cause.
 */
export type GameStory = {
  /**
   * The game of the match (0 first).
   */
  game: number;
  /**
   * Its winner once it is over (`null` while unfinished or for a draw: see `over`).
   */
  winner: PlayerIndex | null;
  /**
   * Whether the record finishes the game.
   */
  over: boolean;
  /**
   * The chance at the first step.
   */
  start: number;
  /**
   * The chance after the last step (1 or 0 once over, one half for a draw).
   */
  end: number;
  /**
   * The sum of the changes made by the reviewed player's own decisions.
   */
  own: number;
  /**
   * By the opponents' decisions.
   */
  opponents: number;
  /**
   * By the cards (draws and hidden hands).
   */
  luck: number;
};

/**
 * A whole review.
 */
export type Review = {
  /**
   * The reviewed player.
   */
  player: PlayerIndex;
  /**
   * The search budget of every judgement.
   */
  level: SearchLevel;
  /**
   * The thresholds of the marks.
   */
  thresholds: ReviewThresholds;
  /**
   * Every decision with a choice the search weighs, of every player (each judged from its player's
   * view), in order.
   */
  decisions: Array<ReviewedDecision>;
  /**
   * The reviewed player's chance to win after every step of each game, in order.
   */
  steps: Array<ReviewStep>;
  /**
   * The steps that decided most (see [`TurningPoint`]), in order.
   */
  turningPoints: Array<TurningPoint>;
  /**
   * Each game's start, end and where the chance went.
   */
  games: Array<GameStory>;
  /**
   * Each player's accuracy in percent (seat order; `null` without a decision), as lichess gives it.
   */
  accuracy: Array<number | null>;
};
