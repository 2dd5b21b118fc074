//! Read-only questions about a position that interfaces ask: what each side of a flag makes, why a
//! claim is or is not provable, and a digest that compares positions across platforms.

use serde::Serialize;

use crate::card::Card;
use crate::flag::{FlagId, Player};
use crate::formation::{best_strength, Strength};
use crate::position::Position;
use crate::proof::{prove_with_retired, Proof};

/// One side of a flag: its cards and, once complete, its formation.
///
/// ```
/// use battleline::{FlagId, Game, Options};
/// let game = Game::new(Options::default(), 4).unwrap();
/// let sides = game.position().formations(FlagId::from_number(1).unwrap());
/// assert_eq!(sides.len(), 2);
/// assert!(sides.iter().all(|side| side.cards.is_empty() && side.strength.is_none()));
/// ```
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SideFormation {
    /// The player.
    #[cfg_attr(test, ts(type = "PlayerIndex"))]
    pub player: Player,
    /// The cards in play order.
    pub cards: Vec<Card>,
    /// Whether the side is complete (3 cards, 4 with Mud).
    pub complete: bool,
    /// The formation, wild cards at their best; `None` until complete.
    pub strength: Option<Strength>,
}

impl Position {
    /// What each side of `flag` holds and makes (R-FORM).
    ///
    /// ```
    /// use battleline::{FlagId, Game, Options};
    /// let game = Game::new(Options::default(), 1).unwrap();
    /// let sides = game.position().formations(FlagId::from_number(1).unwrap());
    /// assert_eq!(sides.len(), 2);
    /// assert!(sides.iter().all(|s| !s.complete && s.strength.is_none()));
    /// ```
    pub fn formations(&self, flag: FlagId) -> Vec<SideFormation> {
        let f = self.flag(flag);
        (0..self.players())
            .map(|player| {
                let cards: Vec<Card> = f.sides[player].iter().collect();
                let complete = f.is_complete(player);
                let strength = complete.then(|| best_strength(&cards, f.fog.is_some()));
                SideFormation { player, cards, complete, strength }
            })
            .collect()
    }

    /// Why `player` can or cannot claim `flag` now (R-CLAIM-5): the opponent's best reachable
    /// formation, or a counterexample.
    pub fn explain_claim(&self, player: Player, flag: FlagId) -> Proof {
        prove_with_retired(self.flag(flag), self.players(), self.retired(), player, self.unseen_troops())
    }

    /// A short digest of the whole position, hidden cards included (FNV-1a of its setup as JSON), equal
    /// on every platform for equal positions. For hosts and tests only: it is unkeyed, so whoever knows
    /// a player's view can enumerate the hidden cards that fit and check each against it. A player gets
    /// [`crate::PlayerView::digest`], which is computed from what they may see alone.
    ///
    /// ```
    /// use battleline::{Game, Options};
    /// let a = Game::new(Options::default(), 5).unwrap();
    /// assert_eq!(a.position().digest(), Game::new(Options::default(), 5).unwrap().position().digest());
    /// assert_eq!(a.position().digest().len(), 16);
    /// ```
    pub fn digest(&self) -> String {
        fnv_digest(&serde_json::to_string(&self.to_setup()).unwrap_or_default())
    }
}

/// FNV-1a of a text as 16 hex digits: a stable fingerprint, not a secret.
pub(crate) fn fnv_digest(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    format!("{hash:016x}")
}
