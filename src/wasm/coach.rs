//! The coach's calls (feature `bots`): win chances, the hint with its reason, and the post-game review
//! one decision at a time (so that a worker can report progress and be stopped between decisions).
//! Conversions only; the numbers are `battleline::bot`'s, and their TypeScript declarations are derived
//! from its types (`src/declarations.rs`).

use wasm_bindgen::prelude::*;

use super::convert::{from_js, record_text, to_js, to_js_error, whole_number, JsResult};
use crate::action::Action;
use crate::bot::{Level, Previous, Reviewer, THRESHOLDS};
use crate::error::{Error, ErrorCode};
use crate::position::view::PlayerView;

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

/// The viewer's chance to win the game and each flag, from the view alone, averaged over more samples
/// of the hidden cards at a higher `level`; the same view, level and seed (default 0) give the same
/// numbers.
#[wasm_bindgen(unchecked_return_type = "Evaluation")]
pub fn evaluate(
    #[wasm_bindgen(unchecked_param_type = "PlayerView")] view: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SearchLevel")] level: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "number")] seed: JsValue,
) -> JsResult<JsValue> {
    let (view, level, seed) = arguments(view, &level, &seed)?;
    to_js(&crate::bot::evaluate(&view, level, seed).map_err(to_js_error)?)
}

/// The search's move for the viewer with the chances before and after it and its reasons
/// (`not_your_turn`, `game_over` as `suggest`). With `previous` (the last hint's move and the hand it
/// was made from) the hint never takes that move's card back unless a card seen since changes the plan.
#[wasm_bindgen(unchecked_return_type = "Hint")]
pub fn hint(
    #[wasm_bindgen(unchecked_param_type = "PlayerView")] view: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SearchLevel")] level: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "number")] seed: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "Previous | null")] previous: JsValue,
) -> JsResult<JsValue> {
    let (view, level, seed) = arguments(view, &level, &seed)?;
    let previous: Option<Previous> = if previous.is_undefined() || previous.is_null() {
        None
    } else {
        Some(from_js(previous, ErrorCode::BadInput, "the previous move")?)
    };
    to_js(&crate::bot::hint_after(&view, level, seed, previous.as_ref()).map_err(to_js_error)?)
}

/// Each open flag as the viewer sees it: both sides' best reachable formations, the cards that complete
/// them (held and unseen), the outs, who completes first and who can prove it. From the view alone.
#[wasm_bindgen(unchecked_return_type = "Outlook")]
pub fn explain(#[wasm_bindgen(unchecked_param_type = "PlayerView")] view: JsValue) -> JsResult<JsValue> {
    let view: PlayerView = from_js(view, ErrorCode::BadInput, "the view")?;
    to_js(&crate::bot::explain(&view).map_err(to_js_error)?)
}

/// What the viewer's `action` changes, as reasons naming formations, cards and flags (`bad_input` for an
/// action they cannot take now).
#[wasm_bindgen(js_name = explainMove, unchecked_return_type = "Reason[]")]
pub fn explain_move(
    #[wasm_bindgen(unchecked_param_type = "PlayerView")] view: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Action")] action: JsValue,
) -> JsResult<JsValue> {
    let view: PlayerView = from_js(view, ErrorCode::BadInput, "the view")?;
    let action: Action = from_js(action, ErrorCode::BadInput, "the action")?;
    to_js(&crate::bot::explain_move(&view, &action).map_err(to_js_error)?)
}

/// A move tried at a reviewed decision, judged as the review judges (the search's move, the chances
/// after each, the loss and the reasons of both): the puzzle of a marked decision. `index` is the
/// decision's place in its record. Errors: `bad_input` (no choice to weigh, or a move the viewer cannot
/// make).
#[wasm_bindgen(js_name = judgeMove, unchecked_return_type = "ReviewedDecision")]
pub fn judge_move(
    #[wasm_bindgen(unchecked_param_type = "PlayerView")] view: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Action")] action: JsValue,
    index: u32,
    #[wasm_bindgen(unchecked_param_type = "SearchLevel")] level: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "number")] seed: JsValue,
) -> JsResult<JsValue> {
    let (view, level, seed) = arguments(view, &level, &seed)?;
    let action: Action = from_js(action, ErrorCode::BadInput, "the action")?;
    to_js(&crate::bot::judge_move(&view, action, index as usize, level, seed).map_err(to_js_error)?)
}

/// The review's thresholds: 0.05, 0.10 and 0.20 of the chance to win.
#[wasm_bindgen(js_name = reviewThresholds, unchecked_return_type = "ReviewThresholds")]
pub fn review_thresholds() -> JsResult<JsValue> {
    to_js(&THRESHOLDS)
}

/// A post-game review, one decision at a time: `new Reviewer(record, player, "medium")`, then `next()`
/// until it returns `undefined`, then `review()`. Each decision (of either side) is judged from the view
/// its player had then.
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

    /// The whole review once every decision is judged (`undefined` before): the decisions of both
    /// sides, the reviewed player's chance after every step with its cause, the turning points, each
    /// game's story and each player's accuracy.
    #[wasm_bindgen(unchecked_return_type = "Review | undefined")]
    pub fn review(&self) -> JsResult<JsValue> {
        match self.reviewer.review() {
            None => Ok(JsValue::UNDEFINED),
            Some(review) => to_js(&review),
        }
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
