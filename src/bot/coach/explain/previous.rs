//! Consistent hints: a hint must not take back the card the player just placed (Redeploy it away)
//! unless something seen since changes the plan. What the player did last is either given (the
//! previous hint's move with the hand it was made from) or read from the board's arrival stamps.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::card::Card;
use crate::card_set::CardSet;
use crate::error::Error;
use crate::flag::FlagId;
use crate::position::view::PlayerView;

use super::board::Board;

/// The player's previous move as the coach knew it: the action and the hand it was made from. With
/// it, the cards drawn since count as news that may change the plan.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Previous {
    /// The move.
    pub action: Action,
    /// The player's hand before it.
    pub hand: Vec<Card>,
}

/// A move that takes back the card the viewer placed last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Undo {
    /// Where the card lies.
    pub(crate) flag: FlagId,
    /// The card.
    pub(crate) card: Card,
    /// What was seen since that may change the plan: opponents' cards arrived at that flag after it,
    /// and (when `previous` is given) the cards drawn since.
    pub(crate) seen: Vec<Card>,
}

/// Whether `action` (a Redeploy) takes back the card the viewer placed last: the card `previous` put
/// on the board when given, otherwise the viewer's card with the latest arrival. From the view alone.
pub(crate) fn undone(view: &PlayerView, action: &Action, previous: Option<&Previous>) -> Result<Option<Undo>, Error> {
    let Action::Redeploy { card, .. } = *action else { return Ok(None) };
    let board = Board::of(view)?;
    let placed = match previous.map(|p| p.action) {
        Some(Action::Play { card, .. } | Action::Traitor { card, .. } | Action::Redeploy { card, to: Some(_) }) => {
            Some(card)
        }
        Some(_) => None,
        None => board.latest_own_card().map(|(_, card, _)| card),
    };
    if placed != Some(card) {
        return Ok(None);
    }
    let Some((flag, at)) = FlagId::all().find_map(|id| {
        let side = &board.flag(id).sides[board.viewer];
        side.iter().zip(side.arrivals()).find(|&(c, _)| c == card).map(|(_, at)| (id, at))
    }) else {
        return Ok(None);
    };
    let mut seen = board.arrived_since(flag, at);
    if let Some(previous) = previous {
        let then = CardSet::from_cards(previous.hand.iter().copied());
        seen.extend(view.hand.iter().copied().filter(|c| !then.contains(*c)));
    }
    Ok(Some(Undo { flag, card, seen }))
}
