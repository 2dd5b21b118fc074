//! The WebAssembly interface: a thin wasm-bindgen layer over the engine that only converts types and
//! errors. Every value in and out is plain data in the engine's notation; every failure throws a
//! `BattleLineError` with the engine's stable `code`, and leaves the game as it was.

#[cfg(feature = "bench")]
mod bench;
#[cfg(feature = "bots")]
mod coach;
mod convert;
#[cfg(all(feature = "bots", feature = "setups", feature = "events"))]
mod seat;
mod tactic_play;
mod types;

use wasm_bindgen::prelude::*;

use crate::action::{Action, DeckKind};
use crate::error::{Error, ErrorCode};
use crate::flag::FlagId;
use crate::game::Game;
use crate::options::Options;
use crate::proof::FlagSetup;
use crate::record::MAX_SEED;
use convert::{from_js, record_text, to_js, to_js_error, whole_number, JsResult};
use tactic_play::TacticPlay;

#[cfg(all(feature = "bots", feature = "setups", feature = "events"))]
pub use seat::WasmSeat;

/// A game or match of Battle Line (see the TypeScript declarations for the shapes of values). It lives
/// in the wasm memory: `free()` releases it at once, as does the end of a `using game = new Game()`
/// block; a game dropped without either is freed by the garbage collector. Any call after `free()`
/// throws a `BattleLineError` with code `freed`; `free()` twice is harmless.
#[wasm_bindgen(js_name = Game)]
pub struct WasmGame {
    game: Game,
}

#[wasm_bindgen(js_class = Game)]
impl WasmGame {
    /// A new game: `new Game({ claimTiming: "startOfTurn", tactics: true, games: 3, seed: 42 })`.
    /// Without a seed, one is drawn from the browser's `crypto`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "NewGameOptions")] options: JsValue,
    ) -> JsResult<WasmGame> {
        let mut fields = if options.is_undefined() || options.is_null() {
            serde_json::Map::new()
        } else {
            from_js(options, ErrorCode::BadOptions, "the options")?
        };
        let seed = fields.remove("seed");
        let options: Options = serde_json::from_value(fields.into())
            .map_err(|e| to_js_error(Error::new(ErrorCode::BadOptions, e.to_string())))?;
        let game = match seed.as_ref().map(|s| (s, s.as_u64())) {
            None => Game::new_random(options),
            Some((_, Some(seed))) => Game::new(options, seed),
            Some((seed, None)) => Err(Error::new(
                ErrorCode::BadOptions,
                format!("seed must be a whole number 0..={MAX_SEED}, not {seed}"),
            )),
        };
        game.map(|game| WasmGame { game }).map_err(to_js_error)
    }

    /// Rebuilds a game from its record (an object or its JSON text); `bad_record` names the first bad action.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(
        #[wasm_bindgen(unchecked_param_type = "GameRecord | string")] record: JsValue,
    ) -> JsResult<WasmGame> {
        let text = record_text(record)?;
        Game::from_record_json(&text).map(|game| WasmGame { game }).map_err(to_js_error)
    }

    /// A game starting from a given position (a lesson, a puzzle; `battleline-engine/full` only): every card exactly once, as
    /// `fullState()` returns it; `bad_input` names the first problem. The seed (default 0) deals the later
    /// games of a match. Its record carries the position, so `fromRecord` replays it.
    #[cfg(feature = "setups")]
    #[wasm_bindgen(js_name = fromSetup)]
    pub fn from_setup(
        #[wasm_bindgen(unchecked_param_type = "FullState")] setup: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] seed: JsValue,
    ) -> JsResult<WasmGame> {
        // Through a JSON value, as a record's start is read: one deserializer of setups in the binary.
        let setup: serde_json::Value = from_js(setup, ErrorCode::BadInput, "the setup")?;
        let setup: crate::Setup = serde_json::from_value(setup)
            .map_err(|e| to_js_error(Error::new(ErrorCode::BadInput, format!("the setup is malformed: {e}"))))?;
        let seed: u64 = if seed.is_undefined() { 0 } else { whole_number(&seed, ErrorCode::BadOptions, "the seed")? };
        Game::from_setup(&setup, seed).map(|game| WasmGame { game }).map_err(to_js_error)
    }

    /// Plays a troop or morale card (Leader, Companion, Shield) to a flag 1..9.
    #[wasm_bindgen]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "CardName")] card: JsValue,
        #[wasm_bindgen(unchecked_param_type = "FlagNumber")] flag: JsValue,
    ) -> JsResult<()> {
        let action = Action::Play { card: convert::card(&card)?, flag: convert::flag(&flag)? };
        self.apply_action(action)
    }

    /// Plays a tactics card other than morale, or takes one of Scout's steps.
    #[wasm_bindgen]
    pub fn tactic(&mut self, #[wasm_bindgen(unchecked_param_type = "TacticPlay")] play: JsValue) -> JsResult<()> {
        let play: TacticPlay = from_js(play, ErrorCode::BadAction, "the tactic")?;
        self.apply_action(play.to_action().map_err(to_js_error)?)
    }

    /// Claims a flag 1..9; a claim that cannot be proved throws `claim_not_provable` with the reason.
    #[wasm_bindgen]
    pub fn claim(&mut self, #[wasm_bindgen(unchecked_param_type = "FlagNumber")] flag: JsValue) -> JsResult<()> {
        self.apply_action(Action::Claim { flag: convert::flag(&flag)? })
    }

    /// Ends the claim step.
    #[wasm_bindgen(js_name = endClaims)]
    pub fn end_claims(&mut self) -> JsResult<()> {
        self.apply_action(Action::EndClaims)
    }

    /// Draws from `"troop"` or `"tactics"`.
    #[wasm_bindgen]
    pub fn draw(&mut self, #[wasm_bindgen(unchecked_param_type = "DeckKind")] deck: JsValue) -> JsResult<()> {
        let deck: DeckKind = from_js(deck, ErrorCode::BadAction, "the deck (\"troop\" or \"tactics\")")?;
        self.apply_action(Action::Draw { deck })
    }

    /// Passes (only without a playable troop card, R-TURN-4).
    #[wasm_bindgen]
    pub fn pass(&mut self) -> JsResult<()> {
        self.apply_action(Action::Pass)
    }

    /// Starts the next game of a match.
    #[wasm_bindgen(js_name = nextGame)]
    pub fn next_game(&mut self) -> JsResult<()> {
        self.apply_action(Action::NextGame)
    }

    /// Plays any action given as plain data (as listed by `legalActions`).
    #[cfg(not(feature = "events"))]
    #[wasm_bindgen]
    pub fn apply(&mut self, #[wasm_bindgen(unchecked_param_type = "Action")] action: JsValue) -> JsResult<()> {
        let action: Action = from_js(action, ErrorCode::BadAction, "the action")?;
        self.apply_action(action)
    }

    /// Plays any action given as plain data (as listed by `legalActions`) and returns its log entry as
    /// the player who took it may know it (their own draw, their own Scout return): one call, where
    /// `apply` then `log(player, n)` took two.
    #[cfg(feature = "events")]
    #[wasm_bindgen(unchecked_return_type = "LogEntry")]
    pub fn apply(&mut self, #[wasm_bindgen(unchecked_param_type = "Action")] action: JsValue) -> JsResult<JsValue> {
        let action: Action = from_js(action, ErrorCode::BadAction, "the action")?;
        let actor = self.game.position().current();
        let n = self.game.actions().len();
        self.apply_action(action)?;
        to_js(&self.game.log(Some(actor), n).into_iter().next())
    }

    /// Plays an action for a named player: `not_your_turn` if it is not theirs.
    #[wasm_bindgen(js_name = applyAs)]
    pub fn apply_as(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PlayerIndex")] player: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Action")] action: JsValue,
    ) -> JsResult<()> {
        let who = convert::player(&player, self.game.options().players)?;
        let action: Action = from_js(action, ErrorCode::BadAction, "the action")?;
        self.game.apply_as(who, &action).map_err(to_js_error)
    }

    fn apply_action(&mut self, action: Action) -> JsResult<()> {
        self.game.apply(&action).map_err(to_js_error)
    }

    /// Whose turn it is.
    #[wasm_bindgen(getter, unchecked_return_type = "PlayerIndex")]
    pub fn current(&self) -> JsValue {
        JsValue::from(self.game.position().current() as u32)
    }

    /// The current step.
    #[wasm_bindgen(getter, unchecked_return_type = "Phase")]
    pub fn phase(&self) -> JsResult<JsValue> {
        to_js(&self.game.position().phase())
    }

    /// The options of the game.
    #[wasm_bindgen(getter, unchecked_return_type = "GameOptions")]
    pub fn options(&self) -> JsResult<JsValue> {
        to_js(&self.game.options())
    }

    /// The seed.
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> f64 {
        self.game.seed() as f64
    }

    /// Number of actions played so far.
    #[wasm_bindgen(getter, js_name = actionCount)]
    pub fn action_count(&self) -> u32 {
        self.game.actions().len() as u32
    }

    /// Every legal action of the current player.
    #[wasm_bindgen(js_name = legalActions, unchecked_return_type = "Action[]")]
    pub fn legal_actions(&self) -> JsResult<JsValue> {
        to_js(&self.game.legal_actions())
    }

    /// What each action did (`battleline-engine/full` only), as `viewer` may know it: a drawn or Scout-returned card only for its own
    /// player; `null` is a spectator, who sees none. Entries from index `from` (default 0) on, so a caller
    /// can fetch only what is new.
    #[cfg(feature = "events")]
    #[wasm_bindgen(unchecked_return_type = "LogEntry[]")]
    pub fn log(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PlayerIndex | null")] viewer: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] from: JsValue,
    ) -> JsResult<JsValue> {
        let viewer = if viewer.is_null() { None } else { Some(convert::player(&viewer, self.game.options().players)?) };
        let from: usize = if from.is_undefined() { 0 } else { whole_number(&from, ErrorCode::BadInput, "from")? };
        to_js(&self.game.log(viewer, from))
    }

    /// The whole log with every card: for hosts and referees, never for a player's screen.
    #[cfg(feature = "events")]
    #[wasm_bindgen(js_name = fullLog, unchecked_return_type = "LogEntry[]")]
    pub fn full_log(&self) -> JsResult<JsValue> {
        to_js(&self.game.full_log())
    }

    /// What `player` may know, and nothing else.
    #[wasm_bindgen(unchecked_return_type = "PlayerView")]
    pub fn view(&self, #[wasm_bindgen(unchecked_param_type = "PlayerIndex")] player: JsValue) -> JsResult<JsValue> {
        let who = convert::player(&player, self.game.options().players)?;
        to_js(&self.game.view(who))
    }

    /// What a spectator may know (`battleline-engine/full` only, beside the spectator's `log(null)`): seat 0's
    /// view without its hand, its Scout returns or its claimable flags.
    #[cfg(feature = "events")]
    #[wasm_bindgen(js_name = spectatorView, unchecked_return_type = "PlayerView")]
    pub fn spectator_view(&self) -> JsResult<JsValue> {
        to_js(&self.game.spectator_view())
    }

    /// The flags `player` (default: the current player) can claim now, each with its proof.
    #[wasm_bindgen(unchecked_return_type = "ClaimableFlag[]")]
    pub fn claimable(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "PlayerIndex")] player: JsValue,
    ) -> JsResult<JsValue> {
        let who = self.player_or_current(&player)?;
        let position = self.game.position();
        let list: Vec<crate::js_shapes::ClaimableFlag> = position
            .claimable_flags(who)
            .map(|flag| crate::js_shapes::ClaimableFlag { flag, proof: position.explain_claim(who, flag) })
            .collect();
        to_js(&list)
    }

    /// Why `player` (default: current) can or cannot claim `flag` now, with the counterexample.
    #[wasm_bindgen(js_name = explainClaim, unchecked_return_type = "Proof")]
    pub fn explain_claim(
        &self,
        #[wasm_bindgen(unchecked_param_type = "FlagNumber")] flag: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "PlayerIndex")] player: JsValue,
    ) -> JsResult<JsValue> {
        let flag = convert::flag(&flag)?;
        let who = self.player_or_current(&player)?;
        to_js(&self.game.position().explain_claim(who, flag))
    }

    /// Each side of a flag with its formation and strength.
    #[wasm_bindgen(unchecked_return_type = "SideFormation[]")]
    pub fn formations(&self, #[wasm_bindgen(unchecked_param_type = "FlagNumber")] flag: JsValue) -> JsResult<JsValue> {
        to_js(&self.game.position().formations(convert::flag(&flag)?))
    }

    /// The result of the game in progress, or null.
    #[wasm_bindgen(unchecked_return_type = "GameResult | null")]
    pub fn result(&self) -> JsResult<JsValue> {
        to_js(&self.game.position().result())
    }

    /// Match: results of the finished games, points per player, whether the match is over.
    #[wasm_bindgen(js_name = matchScore, unchecked_return_type = "MatchScore")]
    pub fn match_score(&self) -> JsResult<JsValue> {
        to_js(&self.game.match_score())
    }

    /// The record: options, seed, actions.
    #[wasm_bindgen(unchecked_return_type = "GameRecord")]
    pub fn record(&self) -> JsResult<JsValue> {
        to_js(&self.game.record())
    }

    /// A new game replayed to just after the first `n` actions (for stepping through a record).
    #[wasm_bindgen(js_name = replayTo)]
    pub fn replay_to(&self, #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue) -> JsResult<WasmGame> {
        let n: i64 = whole_number(&n, ErrorCode::BadInput, "the number of actions")?;
        let n = usize::try_from(n).map_err(|_| {
            let message = if n < 0 {
                format!("the number of actions {n} is negative")
            } else {
                format!("the record has {} actions, not {n}", self.game.actions().len())
            };
            to_js_error(Error::new(ErrorCode::BadInput, message))
        })?;
        self.game.replay_to(n).map(|game| WasmGame { game }).map_err(to_js_error)
    }

    /// The full state with every hidden card: for hosts and referees, never for a player's screen.
    #[wasm_bindgen(js_name = fullState, unchecked_return_type = "FullState")]
    pub fn full_state(&self) -> JsResult<JsValue> {
        to_js(&self.game.position().to_setup())
    }

    /// An independent copy of the game (to look ahead without replaying the record).
    #[wasm_bindgen(js_name = clone)]
    pub fn duplicate(&self) -> WasmGame {
        WasmGame { game: self.game.clone() }
    }

    /// A digest of the whole position, hidden cards included, equal natively and in wasm for equal games:
    /// for hosts and tests, never for a player (it identifies hidden cards by enumeration).
    pub fn digest(&self) -> String {
        self.game.position().digest()
    }

    /// A digest of `player`'s view alone: safe to show that player (it tells nothing they do not see).
    #[wasm_bindgen(js_name = viewDigest)]
    pub fn view_digest(&self, #[wasm_bindgen(unchecked_param_type = "PlayerIndex")] who: JsValue) -> JsResult<String> {
        let who = convert::player(&who, self.game.options().players)?;
        Ok(self.game.view(who).map(|view| view.digest()).unwrap_or_default())
    }

    fn player_or_current(&self, who: &JsValue) -> JsResult<usize> {
        if who.is_undefined() || who.is_null() {
            Ok(self.game.position().current())
        } else {
            convert::player(who, self.game.options().players)
        }
    }
}

/// The claim proof of a hypothetical flag (the CLI's `prove`).
#[wasm_bindgen(js_name = proveFlag, unchecked_return_type = "Proof")]
pub fn prove_flag(#[wasm_bindgen(unchecked_param_type = "FlagSetup")] setup: JsValue) -> JsResult<JsValue> {
    let setup: FlagSetup = from_js(setup, ErrorCode::BadInput, "the flag")?;
    to_js(&setup.prove().map_err(to_js_error)?)
}

/// A computer player's action for the player whose view this is. `level` is any name the bot kinds'
/// parser (`battleline::bot::BotKind`) accepts: `"random"`, `"heuristic"`, `"easy"`, `"medium"`,
/// `"hard"`, `"search:N"` (N playouts) or `"search:NxT"` (T trees of N). The bot sees only the view;
/// the same view, level and seed (default 0) give the same action (natively too).
#[cfg(feature = "bots")]
#[wasm_bindgen(unchecked_return_type = "Action")]
pub fn suggest(
    #[wasm_bindgen(unchecked_param_type = "PlayerView")] view: JsValue,
    #[wasm_bindgen(unchecked_param_type = "BotLevel")] level: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "number")] seed: JsValue,
) -> JsResult<JsValue> {
    let view: crate::position::view::PlayerView = from_js(view, ErrorCode::BadInput, "the view")?;
    let kind: crate::bot::BotKind = match level.as_string() {
        Some(name) => name.parse().map_err(to_js_error)?,
        None => return Err(to_js_error(Error::new(ErrorCode::BadInput, "the level is a string like \"hard\""))),
    };
    let seed: u64 = if seed.is_undefined() { 0 } else { whole_number(&seed, ErrorCode::BadInput, "the seed")? };
    to_js(&crate::bot::suggest_with(&view, kind, seed).map_err(to_js_error)?)
}

/// A stand-in game for a client that holds only a view (online play; `battleline-engine/full` only): its
/// viewer's view is the given one (a single game: the match's fields aside), and its hidden cards are an
/// arbitrary deal of the cards hidden from the viewer, never the real ones. A spectator's view works too.
#[cfg(all(feature = "bots", feature = "setups"))]
#[wasm_bindgen(js_name = standInGame)]
pub fn stand_in_game(#[wasm_bindgen(unchecked_param_type = "PlayerView")] view: JsValue) -> JsResult<WasmGame> {
    let view: crate::position::view::PlayerView = from_js(view, ErrorCode::BadInput, "the view")?;
    crate::bot::stand_in(&view).map(|game| WasmGame { game }).map_err(to_js_error)
}

/// The legal actions of the viewer, computed from the view alone (empty when it is not their turn).
#[cfg(feature = "bots")]
#[wasm_bindgen(js_name = legalActionsOfView, unchecked_return_type = "Action[]")]
pub fn legal_actions_of_view(#[wasm_bindgen(unchecked_param_type = "PlayerView")] view: JsValue) -> JsResult<JsValue> {
    let view: crate::position::view::PlayerView = from_js(view, ErrorCode::BadInput, "the view")?;
    to_js(&crate::bot::legal_actions(&view).map_err(to_js_error)?)
}

/// The card an action takes from the player's hand: the card played, or the guile card (Scout,
/// Redeploy, Deserter, Traitor); `null` for the other actions. The page asks it which hand card starts
/// each legal action. In the full build (with the log, feature `events`) only: the rules engine alone
/// keeps to its size budget.
#[cfg(feature = "events")]
#[wasm_bindgen(js_name = playedCard, unchecked_return_type = "CardName | null")]
pub fn played_card(#[wasm_bindgen(unchecked_param_type = "Action")] action: JsValue) -> JsResult<JsValue> {
    let action: Action = from_js(action, ErrorCode::BadAction, "the action")?;
    to_js(&action.played_card())
}

/// The largest record `Game.fromRecord` accepts, in bytes of JSON text (larger ones are `bad_record`),
/// so that a page can refuse a huge file before reading it.
#[wasm_bindgen(js_name = maxRecordBytes)]
pub fn max_record_bytes() -> u32 {
    crate::record::MAX_RECORD_BYTES as u32
}

/// Every stable error code, for clients that switch on them.
#[wasm_bindgen(js_name = errorCodes, unchecked_return_type = "ErrorCode[]")]
pub fn error_codes() -> JsResult<JsValue> {
    to_js(&ErrorCode::ALL)
}

/// The flag numbers, 1..9 (a small convenience for loops in JavaScript).
#[wasm_bindgen(js_name = flagNumbers, unchecked_return_type = "FlagNumber[]")]
pub fn flag_numbers() -> JsResult<JsValue> {
    to_js(&FlagId::all().collect::<Vec<_>>())
}
