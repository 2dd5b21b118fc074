//! `Seat`: what one seat (or a spectator) may ask of a game it holds only the view of (online play: the
//! server keeps the real game). Built from a `PlayerView`, it answers the view-level questions (the
//! seat's legal actions, claim proofs, formations, look-ahead copies whose refusals say why an action
//! cannot be taken) and
//! nothing that needs a hidden card: it has no record, no full state, no digest of the whole position
//! and no log of other seats' secrets, so a client written against it cannot ask for them.
//!
//! The answers are the engine's, computed on a game whose hidden cards are an arbitrary deal of the
//! cards hidden from the viewer (`bot::stand_in`, never the real ones): every question below depends
//! only on what the viewer sees, so the arbitrary cards never show through. That game stays inside.

use wasm_bindgen::prelude::*;

use crate::action::Action;
use crate::error::{Error, ErrorCode};
use crate::flag::Player;
use crate::game::Game;
use crate::position::view::PlayerView;

use super::convert::{self, from_js, to_js, to_js_error, JsResult};

/// One seat's table: the view-level questions of a game known only by a `PlayerView`. `new Seat(view)`
/// for a player's view; `new Seat(view, true)` for a spectator's, who may never act.
#[wasm_bindgen(js_name = Seat)]
pub struct WasmSeat {
    /// The game the answers come from: the view's visible cards, the hidden ones dealt arbitrarily.
    game: Game,
    /// The seat, or `None` for a spectator.
    viewer: Option<Player>,
    /// The view it was built from: its match fields (which game, the points) are the real match's.
    origin: PlayerView,
}

#[wasm_bindgen(js_class = Seat)]
impl WasmSeat {
    /// The table of the player whose view this is, or with `watching` true a spectator's (from
    /// `spectatorView()` or a server's view for a spectator: no action is ever legal for it). `bad_input`
    /// for a view that describes no game.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "PlayerView")] view: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "boolean")] watching: JsValue,
    ) -> JsResult<WasmSeat> {
        let view: PlayerView = from_js(view, ErrorCode::BadInput, "the view")?;
        let game = crate::bot::stand_in(&view).map_err(to_js_error)?;
        let seated = !watching.is_truthy();
        Ok(WasmSeat { game, viewer: seated.then_some(view.player), origin: view })
    }

    /// The seat's view now (after look-ahead actions, of the position they reached): whose turn, the step
    /// and the result are in it. The argument, if any, is ignored: a seat has one view. (The class keeps
    /// to few members: each costs every page that imports `battleline-engine/full` a little code.)
    #[wasm_bindgen(unchecked_return_type = "PlayerView")]
    pub fn view(&self) -> JsResult<JsValue> {
        to_js(&self.current_view())
    }

    /// The seat's legal actions: none when it is not the seat's turn, none for a spectator, and the
    /// next game once a game of an unfinished match is over.
    #[wasm_bindgen(js_name = legalActions, unchecked_return_type = "Action[]")]
    pub fn legal_actions(&self) -> JsResult<JsValue> {
        if self.viewer.is_none() {
            return to_js(&Vec::<Action>::new());
        }
        to_js(&crate::bot::legal_actions(&self.current_view()).map_err(to_js_error)?)
    }

    /// Why `player` (default: the player to move) can or cannot claim `flag` now: claims are proved
    /// from the cards on the board alone, so the seat's answer is the real game's.
    #[wasm_bindgen(js_name = explainClaim, unchecked_return_type = "Proof")]
    pub fn explain_claim(
        &self,
        #[wasm_bindgen(unchecked_param_type = "FlagNumber")] flag: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "PlayerIndex")] player: JsValue,
    ) -> JsResult<JsValue> {
        let flag = convert::flag(&flag)?;
        let who = if player.is_undefined() || player.is_null() {
            self.game.position().current()
        } else {
            convert::player(&player, self.origin.options.players)?
        };
        to_js(&self.game.position().explain_claim(who, flag))
    }

    /// Each side of a flag with its formation and strength.
    #[wasm_bindgen(unchecked_return_type = "SideFormation[]")]
    pub fn formations(&self, #[wasm_bindgen(unchecked_param_type = "FlagNumber")] flag: JsValue) -> JsResult<JsValue> {
        to_js(&self.game.position().formations(convert::flag(&flag)?))
    }

    /// Looks ahead: takes `action` for the seat on this table (a `clone()` of the one on the board) and
    /// returns its log entry as the seat may know it; a refused action throws the engine's refusal (why a
    /// card cannot go to a flag, say) and changes nothing. A card drawn here is an arbitrary one, not the
    /// card the real deck holds: a look-ahead asks about the seat's own moves, never about a draw.
    #[wasm_bindgen(unchecked_return_type = "LogEntry")]
    pub fn apply(&mut self, #[wasm_bindgen(unchecked_param_type = "Action")] action: JsValue) -> JsResult<JsValue> {
        let action: Action = from_js(action, ErrorCode::BadAction, "the action")?;
        let seat = self.seat()?;
        let n = self.game.actions().len();
        self.game.apply_as(seat, &action).map_err(to_js_error)?;
        to_js(&self.game.log(Some(seat), n).into_iter().next())
    }

    /// An independent copy, to look ahead on.
    #[wasm_bindgen(js_name = clone)]
    pub fn duplicate(&self) -> WasmSeat {
        WasmSeat { game: self.game.clone(), viewer: self.viewer, origin: self.origin.clone() }
    }

    fn seat(&self) -> JsResult<Player> {
        self.viewer
            .ok_or_else(|| to_js_error(Error::new(ErrorCode::NotYourTurn, "a spectator has no seat to act from")))
    }

    /// The view of the position now, with the real match's fields (the game underneath is one game).
    fn current_view(&self) -> PlayerView {
        let mut view = match self.viewer {
            Some(seat) => self.game.view(seat).unwrap_or_else(|| self.game.spectator_view()),
            None => self.game.spectator_view(),
        };
        view.options = self.origin.options;
        view.game_index = self.origin.game_index;
        view.scores.clone_from(&self.origin.scores);
        view
    }
}
