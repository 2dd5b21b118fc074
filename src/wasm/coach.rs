//! The coach's calls (feature `bots`): win chances, the hint with its reason, and the post-game review
//! one decision at a time (so that a worker can report progress and be stopped between decisions).
//! Conversions only; the numbers are `battleline::bot`'s.

use wasm_bindgen::prelude::*;

use super::convert::{from_js, record_text, to_js, to_js_error, whole_number, JsResult};
use crate::bot::{Level, Reviewer, THRESHOLDS};
use crate::error::{Error, ErrorCode};
use crate::position::view::PlayerView;

#[wasm_bindgen(typescript_custom_section)]
const COACH_TYPES: &'static str = r#"
/** A search budget of the coach: the levels' 300, 3,000 and 30,000 playouts a decision. */
export type SearchLevel = "easy" | "medium" | "hard";

/** The viewer's chances, each 0..1: to win the game (a draw counts as a share) and each flag, flag 1 first. */
export interface Evaluation {
  win: number;
  flags: number[];
}

/** One flag's chance before and after (or with another move and with this one): a coach's reason. */
export interface FlagChange {
  flag: FlagNumber;
  from: number;
  to: number;
}

/** The search's move with what it does to the viewer's chances. */
export interface Hint {
  /** The search's own choice at this level (never a move it rates clearly worse than its best). */
  action: Action;
  /** The chances now. */
  before: Evaluation;
  /** The chances after the move, as the search rated it (equal to `before` when not searched). */
  after: Evaluation;
  /** False for an answer with no real choice (a claim, a draw to a short hand, a single legal action). */
  searched: boolean;
  /** The open flag whose chance the move raises most (by at least 5 points), the move's own flag first. */
  reason: FlagChange | null;
}

/** How much of the chance to win (0..1) a move may give up before the review marks it. */
export interface ReviewThresholds {
  inaccuracy: number;
  mistake: number;
  blunder: number;
}

export type Judgement = "inaccuracy" | "mistake" | "blunder";

/** One decision of the reviewed player, judged from the view that player had then. */
export interface ReviewedDecision {
  /** The index of the played action in the record (the position before it: the record replayed to this many actions). */
  index: number;
  /** The game of the match (0 first). */
  game: number;
  played: Action;
  /** The search's move from the same view. */
  best: Action;
  withBest: Evaluation;
  withPlayed: Evaluation;
  /** The share of the chance to win the move played gave up (0..1). */
  loss: number;
  judgement: Judgement | null;
  /** The open flag the search's move keeps higher: `from` with the move played, `to` with the search's. */
  reason: FlagChange | null;
}

/** A whole review (what `review()` of `battleline-engine/computer` answers). */
export interface Review {
  player: PlayerIndex;
  level: SearchLevel;
  thresholds: ReviewThresholds;
  /** Every decision of the player with a choice the search weighs (claims and draws to a short hand are not), in order. */
  decisions: ReviewedDecision[];
}
"#;

fn search_level(level: &JsValue) -> JsResult<Level> {
    match level.as_string() {
        Some(name) => name.parse().map_err(to_js_error),
        None => Err(to_js_error(Error::new(ErrorCode::BadInput, "the level is \"easy\", \"medium\" or \"hard\""))),
    }
}

fn seed_of(seed: &JsValue) -> JsResult<u64> {
    if seed.is_undefined() {
        Ok(0)
    } else {
        whole_number(seed, ErrorCode::BadInput, "the seed")
    }
}

/// The view, the level and the seed (default 0) of `evaluate` and `hint`.
fn arguments(view: JsValue, level: &JsValue, seed: &JsValue) -> JsResult<(PlayerView, Level, u64)> {
    Ok((from_js(view, ErrorCode::BadInput, "the view")?, search_level(level)?, seed_of(seed)?))
}

/// The viewer's chance to win the game and each flag, from the view alone, at the search budget of
/// `level`; the same view, level and seed (default 0) give the same numbers.
#[wasm_bindgen(unchecked_return_type = "Evaluation")]
pub fn evaluate(
    #[wasm_bindgen(unchecked_param_type = "PlayerView")] view: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SearchLevel")] level: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "number")] seed: JsValue,
) -> JsResult<JsValue> {
    let (view, level, seed) = arguments(view, &level, &seed)?;
    to_js(&crate::bot::evaluate(&view, level, seed).map_err(to_js_error)?)
}

/// The search's move for the viewer with the chances before and after it (`not_your_turn`, `game_over`
/// as `suggest`).
#[wasm_bindgen(unchecked_return_type = "Hint")]
pub fn hint(
    #[wasm_bindgen(unchecked_param_type = "PlayerView")] view: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SearchLevel")] level: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "number")] seed: JsValue,
) -> JsResult<JsValue> {
    let (view, level, seed) = arguments(view, &level, &seed)?;
    to_js(&crate::bot::hint(&view, level, seed).map_err(to_js_error)?)
}

/// The review's thresholds: 0.05, 0.10 and 0.20 of the chance to win.
#[wasm_bindgen(js_name = reviewThresholds, unchecked_return_type = "ReviewThresholds")]
pub fn review_thresholds() -> JsResult<JsValue> {
    to_js(&THRESHOLDS)
}

/// A post-game review, one decision at a time: `new Reviewer(record, player, "medium")`, then `next()`
/// until it returns `undefined`. Each decision is judged from the view its player had then.
#[wasm_bindgen(js_name = Reviewer)]
pub struct WasmReviewer {
    reviewer: Reviewer,
}

#[wasm_bindgen(js_class = Reviewer)]
impl WasmReviewer {
    /// Replays the record (`bad_record`) and lists `player`'s decisions (`bad_player`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "GameRecord | string")] record: JsValue,
        #[wasm_bindgen(unchecked_param_type = "PlayerIndex")] player: JsValue,
        #[wasm_bindgen(unchecked_param_type = "SearchLevel")] level: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] seed: JsValue,
    ) -> JsResult<WasmReviewer> {
        // Read as Game.fromRecord reads a record (one reader of records in the binary).
        let record = crate::game::Game::from_record_json(&record_text(record)?).map_err(to_js_error)?.record();
        let player = super::convert::player(&player, record.options.players)?;
        let reviewer = Reviewer::new(&record, player, search_level(&level)?, seed_of(&seed)?).map_err(to_js_error)?;
        Ok(WasmReviewer { reviewer })
    }

    /// The decisions to judge in all.
    #[wasm_bindgen(getter)]
    pub fn total(&self) -> u32 {
        self.reviewer.total() as u32
    }

    /// The decisions judged so far.
    #[wasm_bindgen(getter)]
    pub fn done(&self) -> u32 {
        self.reviewer.done() as u32
    }

    /// The next decision judged; `undefined` after the last.
    #[wasm_bindgen(unchecked_return_type = "ReviewedDecision | undefined")]
    pub fn next(&mut self) -> JsResult<JsValue> {
        match self.reviewer.next() {
            None => Ok(JsValue::UNDEFINED),
            Some(decision) => to_js(&decision.map_err(to_js_error)?),
        }
    }
}
