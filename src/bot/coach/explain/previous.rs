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

use super::board::{Board, Knowledge};

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
/// on the board when given, otherwise the viewer's card with the latest arrival; with what was seen
/// since that the new plan rests on. From the view alone.
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
        // A card drawn since is news only when the new plan uses it: a card in hand of the formation the
        // viewer can reach after the move, at the flag the card leaves or the one it goes to. Every turn
        // draws a card, so a draw alone would excuse any take-back.
        let then = CardSet::from_cards(previous.hand.iter().copied());
        let drawn: Vec<Card> = view.hand.iter().copied().filter(|c| !then.contains(*c)).collect();
        if !drawn.is_empty() {
            let after = board.after(action)?;
            let to = match *action {
                Action::Redeploy { to, .. } => to,
                _ => None,
            };
            let wanted: CardSet = [Some(flag), to]
                .into_iter()
                .flatten()
                .filter_map(|f| after.reach(f, board.viewer, Knowledge::Viewer))
                .flat_map(|r| r.held)
                .collect();
            seen.extend(drawn.into_iter().filter(|c| wanted.contains(*c)));
        }
    }
    Ok(Some(Undo { flag, card, seen }))
}
