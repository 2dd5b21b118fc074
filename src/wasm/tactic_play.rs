//! `game.tactic(…)`: the tactics plays in the shape JavaScript callers write them, converted to actions.

use serde::Deserialize;

use crate::action::{Action, DeckKind};
use crate::card::{Card, Tactic};
use crate::error::{Error, ErrorCode};
use crate::flag::FlagId;

/// What `tactic()` accepts, tagged by the tactics card's name.
#[derive(Deserialize)]
#[serde(tag = "card", rename_all = "camelCase", deny_unknown_fields)]
pub enum TacticPlay {
    Fog {
        flag: FlagId,
    },
    Mud {
        flag: FlagId,
    },
    /// Playing Scout, or one of its steps: `{card: "scout", draw: "troop"}`, `{card: "scout", return: "r5"}`.
    Scout {
        #[serde(default)]
        draw: Option<DeckKind>,
        #[serde(default, rename = "return")]
        give_back: Option<Card>,
    },
    Redeploy {
        target: Card,
        to: Option<FlagId>,
    },
    Deserter {
        target: Card,
    },
    Traitor {
        target: Card,
        to: FlagId,
    },
}

impl TacticPlay {
    pub fn to_action(&self) -> Result<Action, Error> {
        Ok(match *self {
            TacticPlay::Fog { flag } => Action::Environment { card: Card::tactic(Tactic::Fog), flag },
            TacticPlay::Mud { flag } => Action::Environment { card: Card::tactic(Tactic::Mud), flag },
            TacticPlay::Scout { draw: None, give_back: None } => Action::Scout,
            TacticPlay::Scout { draw: Some(deck), give_back: None } => Action::ScoutDraw { deck },
            TacticPlay::Scout { draw: None, give_back: Some(card) } => Action::ScoutReturn { card },
            TacticPlay::Scout { .. } => {
                return Err(Error::new(ErrorCode::BadAction, "a scout step either draws or returns, not both"))
            }
            TacticPlay::Redeploy { target, to } => Action::Redeploy { card: target, to },
            TacticPlay::Deserter { target } => Action::Deserter { card: target },
            TacticPlay::Traitor { target, to } => Action::Traitor { card: target, to },
        })
    }
}
