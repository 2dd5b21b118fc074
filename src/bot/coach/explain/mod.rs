//! Explanations in Battle Line's own terms, from one player's view alone: per flag, the best formation
//! each side can still reach, the cards that complete it and the outs (`outlook`); and what a move
//! changes, as typed reasons naming formations, cards and flags (`reasons`). The coach's hints and
//! review verdicts carry them; the page words them.
//!
//! Everything is computed from the view: the hidden cards are never read (the board is any sample of
//! the view, and only its public part and the viewer's hand are looked at). The formations and claim
//! proofs are the engine's (`formation`, `proof`), never a copy of a rule.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::card::Card;
use crate::error::Error;
use crate::flag::{FlagId, Player};
use crate::formation::Strength;
use crate::position::view::PlayerView;

mod board;
mod outlook;
mod previous;
mod reasons;
#[cfg(test)]
mod tests;

pub(crate) use previous::undone;
pub use previous::Previous;
pub(crate) use reasons::linked_flags;

/// A formation a side has, or can still reach: its strength and the cards that make it.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Reach {
    /// The formation (a Host under Fog: only the sum counts).
    pub strength: Strength,
    /// The whole side: the cards on the flag, then the cards that complete it.
    pub cards: Vec<Card>,
    /// The completing cards the viewer holds (only ever the viewer's own side).
    pub held: Vec<Card>,
    /// The completing cards nobody has shown the viewer.
    pub unseen: Vec<Card>,
    /// Every unseen card with which the side can still reach a formation of this kind (the outs); empty
    /// when the viewer's hand completes it, or for a Host (any card will do).
    pub outs: Vec<Card>,
}

/// One side of a flag as the viewer sees it.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SideOutlook {
    /// The player.
    #[cfg_attr(test, ts(type = "PlayerIndex"))]
    pub player: Player,
    /// Cards still missing (0 once complete).
    pub need: u8,
    /// The formation once complete.
    pub formed: Option<Strength>,
    /// The strongest formation still reachable; `None` when the side can no longer be completed.
    pub best: Option<Reach>,
}

/// One flag as the viewer sees it.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FlagOutlook {
    /// The flag (1..9 in JSON).
    pub flag: FlagId,
    /// Fog lies here: only sums count.
    pub fog: bool,
    /// Cards a side needs: 3, or 4 with Mud.
    pub capacity: u8,
    /// Each player's side, seat order.
    pub sides: Vec<SideOutlook>,
    /// Who completes first: a complete side's player (the earlier one), otherwise the one who needs
    /// fewer cards; `None` when even. Completing first wins equal formations (R-FORM-4).
    #[cfg_attr(test, ts(type = "PlayerIndex | null"))]
    pub first: Option<Player>,
    /// The player who can prove the flag now (the engine's claim proof), if any.
    #[cfg_attr(test, ts(type = "PlayerIndex | null"))]
    pub provable: Option<Player>,
}

/// Every open flag as the viewer sees it.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Outlook {
    /// The viewer.
    #[cfg_attr(test, ts(type = "PlayerIndex"))]
    pub player: Player,
    /// The unclaimed flags, left to right.
    pub flags: Vec<FlagOutlook>,
}

/// Why a move is good or bad, in formations, cards and flags. Each names the flag whose chance it
/// moves (`flag`). JSON: an object tagged by `type`, as actions are.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Reason {
    /// The move completes the viewer's side; `claim` when the flag is then provably theirs.
    Completes {
        /// The flag.
        flag: FlagId,
        /// The complete side.
        cards: Vec<Card>,
        /// Its formation.
        strength: Strength,
        /// Whether the engine's proof now gives the flag to the viewer.
        claim: bool,
    },
    /// The move plays toward a formation: the cards on the side, those in hand and the outs.
    Aims {
        /// The flag.
        flag: FlagId,
        /// The card played.
        card: Card,
        /// The formation aimed at.
        target: Reach,
        /// The opponent's best reachable formation at that flag with its outs (null: they have no card
        /// there yet): what tells this flag from another where the same card would aim as well.
        against: Option<Reach>,
    },
    /// The move keeps cards in hand for a formation at another flag.
    Keeps {
        /// The other flag.
        flag: FlagId,
        /// The cards kept.
        cards: Vec<Card>,
        /// The formation they make there.
        target: Reach,
    },
    /// The move takes a card the opponent needed at a flag out of the cards that may come (it is now
    /// face up); `last` when no other card gives them that formation.
    Denies {
        /// The flag where they needed it.
        flag: FlagId,
        /// The card.
        card: Card,
        /// The formation they could reach with it.
        strength: Strength,
        /// Their best formation there now (null: their side can no longer be completed).
        now: Option<Strength>,
        /// Whether it was the last card for that formation.
        last: bool,
    },
    /// The flag becomes provably the viewer's (they can claim it) without a card played there.
    Secures {
        /// The flag.
        flag: FlagId,
        /// The viewer's formation there.
        strength: Strength,
    },
    /// After the move the viewer's best reachable formation can no longer beat the opponent's
    /// complete one.
    Unwinnable {
        /// The flag.
        flag: FlagId,
        /// The viewer's best reachable formation (null: no room left).
        mine: Option<Strength>,
        /// The opponent's formation.
        theirs: Strength,
    },
    /// The move puts a card on a flag already lost: it costs nothing there.
    Dump {
        /// The flag.
        flag: FlagId,
        /// The card.
        card: Card,
        /// The opponent's formation that cannot be beaten.
        theirs: Strength,
    },
    /// A card played to the viewer's own side lowers the best formation they can reach there.
    Weakens {
        /// The flag.
        flag: FlagId,
        /// The card.
        card: Card,
        /// The best formation before.
        from: Strength,
        /// The formation to aim at now, with its cards in hand and outs (null: the side can no longer be
        /// completed).
        to: Option<Reach>,
    },
    /// Fog: the flag becomes a contest of sums.
    Fog {
        /// The flag.
        flag: FlagId,
        /// The viewer's best sum there.
        mine: Option<Strength>,
        /// The opponent's best sum there.
        theirs: Option<Strength>,
    },
    /// Mud: each side needs four cards.
    Mud {
        /// The flag.
        flag: FlagId,
        /// The viewer's best formation of four.
        mine: Option<Strength>,
        /// The opponent's best formation of four.
        theirs: Option<Strength>,
    },
    /// Traitor or Deserter takes a card from the opponent's side and lowers what they can reach.
    Breaks {
        /// The flag.
        flag: FlagId,
        /// The card taken.
        card: Card,
        /// Their best formation before.
        from: Option<Strength>,
        /// Their best after.
        to: Option<Strength>,
        /// The cards their side lacks now (one more than before when it takes a card of an incomplete side).
        need: u8,
    },
    /// Redeploy takes the viewer's card off a flag: a slot free there for a better formation.
    Frees {
        /// The flag left.
        flag: FlagId,
        /// The card moved or discarded.
        card: Card,
        /// The best formation there before.
        from: Option<Strength>,
        /// The best formation there now.
        to: Option<Reach>,
    },
    /// Completing first: the opponent can at best equal the formation, and an equal formation
    /// completed later loses (R-FORM-4).
    Tempo {
        /// The flag.
        flag: FlagId,
        /// The formation both can make.
        strength: Strength,
    },
    /// A troop draw: of the unseen troops, the outs of the viewer's formation at a flag (the flag
    /// whose formation has most of them).
    DrawsTroop {
        /// The flag.
        flag: FlagId,
        /// The formation there with its outs.
        target: Reach,
        /// How many troops the viewer has not seen (the outs are among them).
        unseen: u8,
    },
    /// A tactics draw for a Fog plan: the tactics cards still to come (Fog among them) and a flag where
    /// the opponent's best formation beats the viewer's but the viewer's best sum is higher, so that under
    /// Fog (sums only) the flag would turn.
    DrawsTactics {
        /// The flag.
        flag: FlagId,
        /// The tactics cards the viewer has not seen.
        cards: Vec<Card>,
        /// The viewer's best reachable formation there.
        mine: Strength,
        /// The opponent's best there.
        theirs: Strength,
    },
    /// Scout: three cards seen before two go back, looking for the outs of the viewer's formation at a
    /// flag.
    Scouts {
        /// The flag.
        flag: FlagId,
        /// The formation there with its outs.
        target: Reach,
    },
    /// A claim: the viewer's complete formation, which the opponent's best can no longer beat.
    Claims {
        /// The flag.
        flag: FlagId,
        /// The viewer's formation.
        strength: Strength,
        /// The opponent's best reachable (or complete) formation there (null: their side can no longer
        /// be completed).
        theirs: Option<Strength>,
    },
    /// The move takes back the card the viewer placed last, because of cards seen since.
    Replans {
        /// The flag the card left.
        flag: FlagId,
        /// The card.
        card: Card,
        /// The cards seen since that change the plan.
        seen: Vec<Card>,
    },
}

impl Reason {
    /// The flag whose chance the reason moves.
    pub fn flag(&self) -> FlagId {
        match self {
            Reason::Completes { flag, .. }
            | Reason::Aims { flag, .. }
            | Reason::Keeps { flag, .. }
            | Reason::Denies { flag, .. }
            | Reason::Secures { flag, .. }
            | Reason::Unwinnable { flag, .. }
            | Reason::Dump { flag, .. }
            | Reason::Weakens { flag, .. }
            | Reason::Fog { flag, .. }
            | Reason::Mud { flag, .. }
            | Reason::Breaks { flag, .. }
            | Reason::Frees { flag, .. }
            | Reason::Tempo { flag, .. }
            | Reason::DrawsTroop { flag, .. }
            | Reason::DrawsTactics { flag, .. }
            | Reason::Scouts { flag, .. }
            | Reason::Claims { flag, .. }
            | Reason::Replans { flag, .. } => *flag,
        }
    }
}

/// Each open flag as `view`'s player sees it: both sides' best reachable formations, the cards that
/// complete them and their outs, who completes first and who can prove it. From the view alone.
/// Errors: `bad_input` for an inconsistent view or a spectator's.
///
/// ```
/// use battleline::bot::explain;
/// use battleline::{Game, Options};
/// let game = Game::new(Options::default(), 5).unwrap();
/// let outlook = explain(&game.view(0).unwrap()).unwrap();
/// assert_eq!(outlook.flags.len(), 9);
/// assert!(outlook.flags.iter().all(|f| f.sides[0].need == 3 && f.sides[0].best.is_some()));
/// ```
pub fn explain(view: &PlayerView) -> Result<Outlook, Error> {
    let board = board::Board::of(view)?;
    Ok(Outlook { player: view.player, flags: outlook::flags(&board) })
}

/// What the viewer's `action` changes, as reasons (strongest first), from the view alone. Errors:
/// `bad_input` for an inconsistent view or an action the viewer cannot take now.
///
/// ```
/// use battleline::bot::{explain_move, Reason};
/// use battleline::{Game, Options};
/// let game = Game::new(Options::default(), 5).unwrap();
/// let view = game.view(game.position().current()).unwrap();
/// let action = game.legal_actions()[0];
/// let reasons = explain_move(&view, &action).unwrap();
/// assert!(reasons.iter().all(|r| matches!(r, Reason::Aims { .. } | Reason::Keeps { .. } | Reason::Fog { .. } | Reason::Mud { .. } | Reason::Weakens { .. })));
/// ```
pub fn explain_move(view: &PlayerView, action: &Action) -> Result<Vec<Reason>, Error> {
    let board = board::Board::of(view)?;
    let after = board.after(action)?;
    Ok(reasons::of_move(&board, &after, action))
}
