//! Claims already judged, so that the claim step does not prove the same verdict again and again.
//!
//! A verdict depends only on the flag's contents and on the unseen troop cards, and the unseen cards
//! only ever become fewer. So a refusal stays true while its flag is unchanged and the cards of its
//! counterexample are all still unseen, and a successful proof stays true while its flag is unchanged
//! (fewer unseen cards only take completions away from the opponents). The memo is a cache, not
//! state: it takes no part in equality or hashing, and every change to a flag forgets that flag's
//! entries.

use crate::card_set::CardSet;
use crate::flag::{FlagId, Player, FLAG_COUNT, MAX_PLAYERS};

/// Per flag and player: the unseen cards a known counterexample needs (empty when the refusal does
/// not depend on unseen cards, such as a complete opponent who wins).
#[derive(Clone, Copy, Default)]
pub(crate) struct ClaimMemo {
    refused: [[Option<CardSet>; MAX_PLAYERS]; FLAG_COUNT],
    /// Per flag: bit `p` when player `p` is known to be able to claim it.
    claimable: [u8; FLAG_COUNT],
}

impl ClaimMemo {
    /// Whether a refusal is known to still hold with these unseen cards.
    pub(crate) fn known_refused(&self, flag: FlagId, player: Player, unseen: CardSet) -> bool {
        matches!(self.refused[flag.index()][player], Some(needed) if needed.difference(unseen).is_empty())
    }

    /// Whether `player` is known to be able to claim `flag` (while it is unchanged and unclaimed).
    pub(crate) fn known_claimable(&self, flag: FlagId, player: Player) -> bool {
        self.claimable[flag.index()] >> player & 1 == 1
    }

    /// Remembers that `player` can claim `flag`.
    pub(crate) fn remember_claimable(&mut self, flag: FlagId, player: Player) {
        self.claimable[flag.index()] |= 1 << player;
    }

    /// Remembers that `player` cannot claim `flag` while `needed` stays unseen.
    pub(crate) fn remember(&mut self, flag: FlagId, player: Player, needed: CardSet) {
        self.refused[flag.index()][player] = Some(needed);
    }

    /// Forgets everything about a flag whose contents changed.
    pub(crate) fn forget(&mut self, flag: FlagId) {
        self.refused[flag.index()] = [None; MAX_PLAYERS];
        self.claimable[flag.index()] = 0;
    }
}

impl PartialEq for ClaimMemo {
    fn eq(&self, _: &ClaimMemo) -> bool {
        true
    }
}

impl Eq for ClaimMemo {}

impl std::hash::Hash for ClaimMemo {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl std::fmt::Debug for ClaimMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ClaimMemo")
    }
}
