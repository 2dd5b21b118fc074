//! A set of actions as a bitmap: the search asks "is this action among those?" for every child of a
//! node in every playout, which a list answers in linear time and this in constant time.

use crate::action::{Action, DeckKind};
use crate::card::Card;

/// A set of actions as a bitmap over a dense numbering of every possible action.
pub(crate) struct ActionSet([u64; ActionSet::WORDS]);

impl Default for ActionSet {
    fn default() -> ActionSet {
        ActionSet([0; ActionSet::WORDS])
    }
}

impl ActionSet {
    const WORDS: usize = 2176 / 64;

    /// The action's number, below 2176.
    fn key(action: &Action) -> usize {
        let id = |card: Card| usize::from(card.id());
        let deck = |deck: DeckKind| usize::from(deck == DeckKind::Tactics);
        match *action {
            Action::Play { card, flag } => id(card) * 9 + flag.index(),
            Action::Environment { card, flag } => 630 + usize::from(id(card) % 2 == 1) * 9 + flag.index(),
            Action::Scout => 648,
            Action::ScoutDraw { deck: d } => 649 + deck(d),
            Action::ScoutReturn { card } => 651 + id(card),
            Action::Redeploy { card, to } => 721 + id(card) * 10 + to.map_or(0, |f| f.index() + 1),
            Action::Deserter { card } => 1421 + id(card),
            Action::Traitor { card, to } => 1491 + id(card) * 9 + to.index(),
            Action::Claim { flag } => 2121 + flag.index(),
            Action::EndClaims => 2130,
            Action::Draw { deck: d } => 2131 + deck(d),
            Action::Pass => 2133,
            Action::NextGame => 2134,
            // Never searched (not a legal action); a key of its own all the same.
            Action::Resign { player } => 2135 + player.min(2),
        }
    }

    pub(crate) fn insert(&mut self, action: &Action) {
        let k = ActionSet::key(action);
        self.0[k / 64] |= 1 << (k % 64);
    }

    pub(crate) fn contains(&self, action: &Action) -> bool {
        let k = ActionSet::key(action);
        self.0[k / 64] >> (k % 64) & 1 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Tactic;
    use crate::flag::FlagId;

    #[test]
    fn every_action_has_its_own_key() {
        let mut all = vec![Action::Scout, Action::EndClaims, Action::Pass, Action::NextGame];
        all.extend((0..3).map(|player| Action::Resign { player }));
        for deck in [DeckKind::Troop, DeckKind::Tactics] {
            all.extend([Action::ScoutDraw { deck }, Action::Draw { deck }]);
        }
        for card in Card::all() {
            all.extend([Action::ScoutReturn { card }, Action::Deserter { card }, Action::Redeploy { card, to: None }]);
            for flag in FlagId::all() {
                all.extend([Action::Play { card, flag }, Action::Redeploy { card, to: Some(flag) }]);
                all.push(Action::Traitor { card, to: flag });
            }
        }
        for flag in FlagId::all() {
            all.push(Action::Claim { flag });
            for tactic in [Tactic::Fog, Tactic::Mud] {
                all.push(Action::Environment { card: Card::tactic(tactic), flag });
            }
        }
        let mut set = ActionSet::default();
        for action in &all {
            assert!(ActionSet::key(action) < ActionSet::WORDS * 64, "{action}");
            assert!(!set.contains(action), "{action} shares its key");
            set.insert(action);
        }
    }
}
