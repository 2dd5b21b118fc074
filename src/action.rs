//! Actions as plain data: what a player does, one step at a time (R-TURN, R-TAC, R-GUILE).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::card::{Card, Tactic};
use crate::flag::{FlagId, Player};

/// The two decks.
///
/// ```
/// use battleline::{Card, DeckKind};
/// assert_eq!(DeckKind::of("r7".parse::<Card>().unwrap()), DeckKind::Troop);
/// assert_eq!(serde_json::to_string(&DeckKind::Tactics).unwrap(), "\"tactics\"");
/// ```
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum DeckKind {
    /// The troop deck.
    Troop,
    /// The tactics deck.
    Tactics,
}

impl DeckKind {
    /// The deck a card belongs to.
    pub fn of(card: Card) -> DeckKind {
        if card.is_troop() {
            DeckKind::Troop
        } else {
            DeckKind::Tactics
        }
    }
}

/// One step of a turn, by the current player. JSON: an object tagged by `type`. Unknown fields are
/// refused, except on the field-less actions (`pass`, `scout`, …), where serde ignores them.
///
/// ```
/// use battleline::Action;
/// let action: Action = serde_json::from_str(r#"{"type": "play", "card": "r7", "flag": 3}"#).unwrap();
/// assert_eq!(action.to_string(), "play r7 at flag 3");
/// let json = serde_json::to_string(&Action::Pass).unwrap();
/// assert_eq!(json, r#"{"type":"pass"}"#);
/// ```
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase", deny_unknown_fields)]
pub enum Action {
    /// Play a troop or morale card to the player's side of a flag (R-TURN-2, R-MORALE).
    Play {
        /// The troop or morale card, from the player's hand.
        card: Card,
        /// The flag.
        flag: FlagId,
    },
    /// Place Fog or Mud beside a flag (R-ENV).
    Environment {
        /// Fog or Mud, from the player's hand.
        #[cfg_attr(test, ts(type = "\"fog\" | \"mud\""))]
        card: Card,
        /// The flag.
        flag: FlagId,
    },
    /// Play Scout (R-GUILE-1); `scoutDraw` and `scoutReturn` steps follow.
    Scout,
    /// One of Scout's draws.
    ScoutDraw {
        /// The deck drawn from.
        deck: DeckKind,
    },
    /// One of Scout's returns: the card goes face down on top of its deck.
    ScoutReturn {
        /// The card returned, from the player's hand.
        card: Card,
    },
    /// Play Redeploy: move one of the player's own cards to another flag (`to`), or discard it (`to: null`).
    Redeploy {
        /// The player's own card on an unclaimed flag (a side card, Fog or Mud).
        card: Card,
        /// Where it goes; `None` discards it.
        to: Option<FlagId>,
    },
    /// Play Deserter: discard one of the opponent's cards.
    Deserter {
        /// The opponent's card on an unclaimed flag.
        card: Card,
    },
    /// Play Traitor: move one of the opponent's troop cards to the player's side of `to`.
    Traitor {
        /// The opponent's troop card on an unclaimed flag.
        #[cfg_attr(test, ts(type = "TroopName"))]
        card: Card,
        /// The flag where it joins the player's side.
        to: FlagId,
    },
    /// Claim a flag (R-CLAIM).
    Claim {
        /// The flag claimed.
        flag: FlagId,
    },
    /// Finish the claim step without further claims.
    EndClaims,
    /// Draw a card (R-TURN-1 c).
    Draw {
        /// The deck drawn from.
        deck: DeckKind,
    },
    /// Pass (R-TURN-4, R-TURN-5).
    Pass,
    /// Start the next game of a match once a game is over (R-MATCH).
    NextGame,
    /// Leave a three-player game for the rest of the match, at any moment, whoever's turn it is; the
    /// two others play on (R-3P-RESIGN). Sent by the seat it names; never among the legal actions.
    Resign {
        /// The seat that resigns.
        #[cfg_attr(test, ts(type = "PlayerIndex"))]
        player: Player,
    },
}

impl Action {
    /// The card a play-step action takes from the player's hand: the troop or tactics card played, or
    /// the guile card (Scout, Redeploy, Deserter, Traitor); `None` for the other actions.
    ///
    /// ```
    /// use battleline::{Action, Card};
    /// let play: Action = serde_json::from_str(r#"{"type": "deserter", "card": "r7"}"#).unwrap();
    /// assert_eq!(play.played_card(), Some("deserter".parse::<Card>().unwrap()));
    /// assert_eq!(Action::Pass.played_card(), None);
    /// ```
    pub fn played_card(&self) -> Option<Card> {
        match *self {
            Action::Play { card, .. } | Action::Environment { card, .. } => Some(card),
            Action::Redeploy { .. } => Some(Card::tactic(Tactic::Redeploy)),
            Action::Deserter { .. } => Some(Card::tactic(Tactic::Deserter)),
            Action::Traitor { .. } => Some(Card::tactic(Tactic::Traitor)),
            Action::Scout => Some(Card::tactic(Tactic::Scout)),
            _ => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let deck = |d: &DeckKind| match d {
            DeckKind::Troop => "troop",
            DeckKind::Tactics => "tactics",
        };
        match self {
            Action::Play { card, flag } => write!(f, "play {card} at flag {flag}"),
            Action::Environment { card, flag } => write!(f, "place {card} at flag {flag}"),
            Action::Scout => f.write_str("play scout"),
            Action::ScoutDraw { deck: d } => write!(f, "scout: draw from the {} deck", deck(d)),
            Action::ScoutReturn { card } => write!(f, "scout: return {card}"),
            Action::Redeploy { card, to: Some(to) } => write!(f, "redeploy {card} to flag {to}"),
            Action::Redeploy { card, to: None } => write!(f, "redeploy {card} to the discard pile"),
            Action::Deserter { card } => write!(f, "desert {card}"),
            Action::Traitor { card, to } => write!(f, "turn traitor {card} to flag {to}"),
            Action::Claim { flag } => write!(f, "claim flag {flag}"),
            Action::EndClaims => f.write_str("end claims"),
            Action::Draw { deck: d } => write!(f, "draw from the {} deck", deck(d)),
            Action::Pass => f.write_str("pass"),
            Action::NextGame => f.write_str("next game"),
            Action::Resign { player } => write!(f, "player {player} resigns"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip_through_json() {
        let flag = FlagId::from_index(4).unwrap();
        let card: Card = "g9".parse().unwrap();
        let all = [
            Action::Play { card, flag },
            Action::Environment { card: "mud".parse().unwrap(), flag },
            Action::Scout,
            Action::ScoutDraw { deck: DeckKind::Tactics },
            Action::ScoutReturn { card },
            Action::Redeploy { card, to: None },
            Action::Redeploy { card, to: Some(flag) },
            Action::Deserter { card },
            Action::Traitor { card, to: flag },
            Action::Claim { flag },
            Action::EndClaims,
            Action::Draw { deck: DeckKind::Troop },
            Action::Pass,
            Action::NextGame,
            Action::Resign { player: 2 },
        ];
        for action in all {
            let json = serde_json::to_string(&action).unwrap();
            assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), action, "{json}");
        }
    }

    #[test]
    fn malformed_actions_are_refused() {
        for json in [
            r#"{"type":"play","card":"r7"}"#,
            r#"{"type":"play","card":"r7","flag":0}"#,
            r#"{"type":"play","card":"r77","flag":1}"#,
            r#"{"type":"fly"}"#,
            r#"{"card":"r7","flag":1}"#,
            r#"[]"#,
        ] {
            assert!(serde_json::from_str::<Action>(json).is_err(), "{json}");
        }
    }
}
