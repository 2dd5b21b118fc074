//! Claim proofs (R-CLAIM): can the claimant's complete side be beaten by any completion of each
//! opponent's side from the troop cards that may still come?
//!
//! [`is_claimable`] (the hot path, no heap allocation) and [`prove`] (the explained verdict) share
//! one computation: for every opponent, the strongest formation its side can reach
//! (`formation::best_completion`, analytic, never enumerating combinations). A complete opponent is
//! compared with R-FORM-3/4; an incomplete one beats the claimant only if it can reach a strictly
//! stronger formation, since on a tie it would complete later (R-CLAIM-3). In three-player games each
//! opponent is judged alone against the same unseen cards (R-3P).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::card::{Card, Tactic};
use crate::card_set::CardSet;
use crate::error::{Error, ErrorCode};
use crate::flag::{Flag, Player, SideCards, MAX_PLAYERS};
mod wording;

use crate::formation::{best_completion, complete_strength, Completion, FormationKind, Pool, Shape, Strength};
use wording::{acceptance_reason, refusal_reason};

/// One opponent's outcome at the flag.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OpponentBest {
    /// The opponent.
    #[cfg_attr(test, ts(type = "PlayerIndex"))]
    pub player: Player,
    /// The side was already complete (`added` is empty).
    pub complete: bool,
    /// Troop cards from `unseen` that make its best formation (a counterexample when `beats_claimant`).
    #[cfg_attr(test, ts(type = "Array<TroopName>"))]
    pub added: Vec<Card>,
    /// The whole side after adding: the existing cards in play order, then `added`.
    pub cards: Vec<Card>,
    /// The best reachable formation; `None` when the side cannot be completed from the unseen cards.
    pub strength: Option<Strength>,
    /// Whether this opponent beats (or, incomplete, can still beat) the claimant.
    pub beats_claimant: bool,
}

/// The explained verdict of a claim (R-CLAIM-5).
///
/// ```
/// use battleline::{prove, Card, CardSet, Flag, SideCards};
/// let cards = |text: &str| text.split(' ').map(|c| c.parse::<Card>().unwrap()).collect::<Vec<_>>();
/// let mut flag = Flag::default();
/// flag.sides[0] = SideCards::from_cards(&cards("r3 r4 r5")).unwrap();
/// flag.sides[1] = SideCards::from_cards(&cards("b8")).unwrap();
/// // Blue 7 and 9 may still come: blue 7-8-9 would beat red 3-4-5, so the claim fails (R-CLAIM-1).
/// let unseen = CardSet::from_cards(cards("b7 b9"));
/// let proof = prove(&flag, 2, 0, unseen);
/// assert!(!proof.claimable);
/// assert!(proof.reason.contains("b7") && proof.reason.contains("b9"), "{}", proof.reason);
/// ```
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Proof {
    /// Whether the claim succeeds.
    pub claimable: bool,
    /// Who claims.
    #[cfg_attr(test, ts(type = "PlayerIndex"))]
    pub claimant: Player,
    /// The claimant's formation; `None` when their side is incomplete (then not claimable).
    pub claimant_strength: Option<Strength>,
    /// One entry per opponent in seat order (a seat that resigned is none, R-3P-RESIGN-2); empty when
    /// the claim fails before looking at them (flag claimed, claimant's side incomplete).
    pub opponents: Vec<OpponentBest>,
    /// One English sentence explaining the verdict with card notation.
    pub reason: String,
}

/// Why a claim fails before any opponent is looked at.
enum Refusal {
    Claimed(Player),
    NotSeated,
    Retired,
    Incomplete { len: usize, capacity: usize },
}

/// The claimant's strength, or why there is nothing to prove.
fn claimant_strength(
    flag: &Flag,
    players: usize,
    retired: Option<Player>,
    claimant: Player,
) -> Result<Strength, Refusal> {
    if let Some(owner) = flag.claimed {
        return Err(Refusal::Claimed(owner));
    }
    if !(2..=MAX_PLAYERS).contains(&players) || claimant >= players {
        return Err(Refusal::NotSeated);
    }
    if retired == Some(claimant) {
        return Err(Refusal::Retired);
    }
    let side = &flag.sides[claimant];
    if side.len() < flag.capacity() {
        return Err(Refusal::Incomplete { len: side.len(), capacity: flag.capacity() });
    }
    Ok(complete_strength(&Shape::of(side.iter()), flag.fog.is_some()))
}

/// The cards that may still come to this flag: the troops of `unseen`, minus any card on the flag.
fn pool_for(flag: &Flag, players: usize, unseen: CardSet) -> Pool {
    let mut set = unseen.troops();
    for side in &flag.sides[..players] {
        for card in side.iter() {
            set.remove(card);
        }
    }
    Pool::new(set)
}

/// One opponent judged against the claimant's strength.
struct Outcome {
    complete: bool,
    /// The best formation (of kind at least the claimant's when not `exact`); `None` if unreachable.
    best: Option<Completion>,
    beats: bool,
}

/// The one core computation behind [`is_claimable`] and [`prove`]. With `exact`, `best` is the
/// opponent's best reachable formation; without, kinds weaker than the claimant's are skipped.
fn judge(flag: &Flag, claimant: Player, opponent: Player, mine: Strength, pool: &Pool, exact: bool) -> Outcome {
    let fog = flag.fog.is_some();
    let side = &flag.sides[opponent];
    let shape = Shape::of(side.iter());
    if side.len() >= flag.capacity() {
        let theirs = complete_strength(&shape, fog);
        let best = Some(Completion::as_it_stands(theirs));
        // R-FORM-4: on a tie the side completed first wins; without both times, the claimant loses.
        let mine_first = matches!((flag.completed[claimant], flag.completed[opponent]), (Some(a), Some(b)) if a < b);
        let beats = theirs > mine || (theirs == mine && !mine_first);
        return Outcome { complete: true, best, beats };
    }
    let need = flag.capacity() - side.len();
    let min_kind = if exact { FormationKind::Host } else { mine.kind };
    let best = best_completion(&shape, need, pool, fog, min_kind);
    // R-CLAIM-3: a tie is not enough, the opponent would complete later.
    let beats = best.is_some_and(|done| done.strength > mine);
    Outcome { complete: false, best, beats }
}

/// Whether `claimant` may claim the flag now (R-CLAIM-1..3, R-FORM-4, R-3P): their side is complete,
/// the flag is unclaimed, every complete opponent loses to them, and no incomplete opponent can be
/// completed with cards of `unseen` into a strictly stronger formation. `unseen` is every troop card
/// not face up on the board or in a discard pile (R-CLAIM-2); its tactics cards and any card lying
/// on this flag are ignored. `players` is 2 or 3; anything else, or a claimant not seated, is not
/// claimable. Allocation-free.
///
/// ```
/// use battleline::{is_claimable, Card, CardSet, Flag, SideCards};
/// let cards = |text: &str| -> Vec<Card> { text.split(' ').map(|t| t.parse().unwrap()).collect() };
/// let mut flag = Flag::default();
/// flag.sides[0] = SideCards::from_cards(&cards("r3 r4 r5")).unwrap();
/// flag.completed[0] = Some(1);
/// flag.sides[1] = SideCards::from_cards(&cards("b8")).unwrap();
/// // Blue 7 and blue 10 lie elsewhere: no blue Wedge through 8 remains (R-CLAIM example 2).
/// let board = CardSet::from_cards(cards("r3 r4 r5 b8 b7 b10"));
/// assert!(is_claimable(&flag, 2, 0, CardSet::ALL_TROOPS.difference(board)));
/// // With blue 7 and blue 9 unseen, player 1 may still make blue 7-8-9 (example 3).
/// let board = CardSet::from_cards(cards("r3 r4 r5 b8 b10"));
/// assert!(!is_claimable(&flag, 2, 0, CardSet::ALL_TROOPS.difference(board)));
/// ```
pub fn is_claimable(flag: &Flag, players: usize, claimant: Player, unseen: CardSet) -> bool {
    is_claimable_with_retired(flag, players, None, claimant, unseen)
}

/// [`is_claimable`] in a three-player game where the seat `retired` has resigned (R-3P-RESIGN-2): that
/// seat is no opponent (whatever lies on its side), and it cannot claim. `None` is [`is_claimable`].
///
/// ```
/// use battleline::{is_claimable_with_retired, Card, CardSet, Flag, SideCards};
/// let cards = |text: &str| -> Vec<Card> { text.split(' ').map(|t| t.parse().unwrap()).collect() };
/// let mut flag = Flag::default();
/// flag.sides[0] = SideCards::from_cards(&cards("r3 r4 r5")).unwrap();
/// flag.sides[2] = SideCards::from_cards(&cards("b8")).unwrap();
/// let unseen = CardSet::from_cards(cards("b7 b9"));
/// // Player 2 could still make blue 7-8-9; once they have resigned, their side is out of the contest.
/// assert!(!is_claimable_with_retired(&flag, 3, None, 0, unseen));
/// assert!(is_claimable_with_retired(&flag, 3, Some(2), 0, unseen));
/// assert!(!is_claimable_with_retired(&flag, 3, Some(0), 0, unseen));
/// ```
pub fn is_claimable_with_retired(
    flag: &Flag,
    players: usize,
    retired: Option<Player>,
    claimant: Player,
    unseen: CardSet,
) -> bool {
    refusal_witness(flag, players, retired, claimant, unseen).is_none()
}

/// The opponents of `claimant` at a flag: every other seat but the one that resigned.
fn contenders(players: usize, retired: Option<Player>, claimant: Player) -> impl Iterator<Item = Player> {
    (0..players).filter(move |&p| p != claimant && Some(p) != retired)
}

/// `None` when the claim succeeds; otherwise the unseen cards the first beating opponent needs (empty
/// when the refusal does not depend on unseen cards). While the flag is unchanged and those cards stay
/// unseen, the refusal stands: the engine remembers it (`ClaimMemo`). Allocation-free.
pub(crate) fn refusal_witness(
    flag: &Flag,
    players: usize,
    retired: Option<Player>,
    claimant: Player,
    unseen: CardSet,
) -> Option<CardSet> {
    let Ok(mine) = claimant_strength(flag, players, retired, claimant) else {
        return Some(CardSet::EMPTY);
    };
    let pool = pool_for(flag, players, unseen);
    contenders(players, retired, claimant).find_map(|p| {
        let outcome = judge(flag, claimant, p, mine, &pool, false);
        outcome
            .beats
            .then(|| CardSet::from_cards(outcome.best.as_ref().map_or(&[][..], |done| done.added()).iter().copied()))
    })
}

/// The explained verdict of a claim: the same decision as [`is_claimable`], with every opponent's
/// best reachable formation and the cards that make it (a counterexample when the claim fails,
/// R-CLAIM-5), and one sentence saying why.
///
/// ```
/// use battleline::{prove, Card, CardSet, Flag, FormationKind, SideCards};
/// let cards = |text: &str| -> Vec<Card> { text.split(' ').map(|t| t.parse().unwrap()).collect() };
/// let mut flag = Flag::default();
/// flag.sides[0] = SideCards::from_cards(&cards("r3 r4 r5")).unwrap();
/// flag.completed[0] = Some(1);
/// flag.sides[1] = SideCards::from_cards(&cards("b8")).unwrap();
/// let unseen = CardSet::from_cards(cards("b7 b9 g2"));
/// let proof = prove(&flag, 2, 0, unseen);
/// assert!(!proof.claimable);
/// let best = &proof.opponents[0];
/// assert_eq!(best.added, cards("b9 b7"));
/// assert_eq!(best.strength.unwrap().kind, FormationKind::Wedge);
/// assert_eq!(proof.reason, "player 1 can still complete b8 with b9 b7 into a Wedge (sum 24), which beats your Wedge (sum 12)");
/// ```
pub fn prove(flag: &Flag, players: usize, claimant: Player, unseen: CardSet) -> Proof {
    prove_with_retired(flag, players, None, claimant, unseen)
}

/// [`prove`] in a three-player game where the seat `retired` has resigned (R-3P-RESIGN-2): that seat is
/// no opponent and gets no entry in `opponents`; a claim by it is refused. `None` is [`prove`].
pub fn prove_with_retired(
    flag: &Flag,
    players: usize,
    retired: Option<Player>,
    claimant: Player,
    unseen: CardSet,
) -> Proof {
    let fog = flag.fog.is_some();
    let mine = match claimant_strength(flag, players, retired, claimant) {
        Ok(mine) => mine,
        Err(refusal) => {
            let reason = match refusal {
                Refusal::Claimed(owner) => format!("the flag is already claimed by player {owner}"),
                Refusal::NotSeated => {
                    format!("player {claimant} has no side at a flag of a {players}-player game")
                }
                Refusal::Retired => format!("player {claimant} has resigned and claims nothing"),
                Refusal::Incomplete { len, capacity } => {
                    format!("your side is not complete: it holds {len} of the {capacity} cards it needs")
                }
            };
            return Proof { claimable: false, claimant, claimant_strength: None, opponents: Vec::new(), reason };
        }
    };
    let pool = pool_for(flag, players, unseen);
    let mut opponents = Vec::with_capacity(players - 1);
    for opponent in contenders(players, retired, claimant) {
        let outcome = judge(flag, claimant, opponent, mine, &pool, true);
        let added: Vec<Card> = outcome.best.as_ref().map_or_else(Vec::new, |done| done.added().to_vec());
        let cards: Vec<Card> = flag.sides[opponent].iter().chain(added.iter().copied()).collect();
        opponents.push(OpponentBest {
            player: opponent,
            complete: outcome.complete,
            added,
            cards,
            strength: outcome.best.map(|done| done.strength),
            beats_claimant: outcome.beats,
        });
    }
    let claimable = opponents.iter().all(|o| !o.beats_claimant);
    let reason = match opponents.iter().find(|o| o.beats_claimant) {
        Some(winner) => refusal_reason(winner, mine, fog),
        None => acceptance_reason(flag, &opponents, mine, fog, pool.len()),
    };
    Proof { claimable, claimant, claimant_strength: Some(mine), opponents, reason }
}

/// A hypothetical flag, as JSON:
/// `{"sides": [["r3","r4","r5"],["b8"]], "fog": false, "mud": false, "claimant": 0, "firstComplete": null, "unseen": ["b7","b9"]}`.
///
/// ```
/// use battleline::FlagSetup;
/// let setup: FlagSetup = serde_json::from_str(
///     r#"{"sides": [["r3","r4","r5"],["b8"]], "claimant": 0, "unseen": ["b7","b9"]}"#,
/// ).unwrap();
/// let proof = setup.prove().unwrap();
/// assert!(!proof.claimable);
/// assert_eq!(proof.opponents[0].cards.iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["b8", "b9", "b7"]);
/// ```
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FlagSetup {
    /// 2 or 3 sides, in seat order, each in play order; troop and morale cards only.
    pub sides: Vec<Vec<Card>>,
    /// Fog lies at the flag (R-ENV-1).
    #[serde(default)]
    pub fog: bool,
    /// Mud lies at the flag (R-ENV-2): sides hold 4 cards.
    #[serde(default)]
    pub mud: bool,
    /// Who claims.
    pub claimant: Player,
    /// Which side completed first, when two or more are complete (R-FORM-4).
    #[serde(default)]
    pub first_complete: Option<Player>,
    /// Alternative to `first_complete`: complete sides in the order they completed.
    #[serde(default)]
    pub completion_order: Option<Vec<Player>>,
    /// Troop cards that may still come (R-CLAIM-2).
    pub unseen: Vec<Card>,
}

impl FlagSetup {
    /// Validates the setup and proves the claim. Complete sides not placed by `first_complete` or
    /// `completion_order` count as completed after those named, the claimant last (the conservative
    /// reading). Any inconsistency is an [`ErrorCode::BadInput`] error naming it; never a panic.
    ///
    /// ```
    /// use battleline::{ErrorCode, FlagSetup};
    /// let setup: FlagSetup = serde_json::from_str(
    ///     r#"{"sides": [["r3","r4","r5"],["r3"]], "claimant": 0, "unseen": []}"#,
    /// ).unwrap();
    /// assert_eq!(setup.prove().unwrap_err().code, ErrorCode::BadInput);
    /// ```
    pub fn prove(&self) -> Result<Proof, Error> {
        let bad = |message: String| Err(Error::new(ErrorCode::BadInput, message));
        let players = self.sides.len();
        if !(2..=MAX_PLAYERS).contains(&players) {
            return bad(format!("a flag has 2 or 3 sides, not {players}"));
        }
        if self.claimant >= players {
            return bad(format!("claimant {} has no side (sides are 0..{})", self.claimant, players - 1));
        }
        let capacity = if self.mud { 4 } else { 3 };
        let mut seen = CardSet::EMPTY;
        let mut flag = Flag::default();
        for (player, side) in self.sides.iter().enumerate() {
            if side.len() > capacity {
                return bad(format!("side {player} holds {} cards but a side holds at most {capacity}", side.len()));
            }
            let mut leader: Option<Card> = None;
            for &card in side {
                if !card.is_side_card() {
                    return bad(format!(
                        "{card} cannot stand on a side (side {player}): only troops and morale tactics can"
                    ));
                }
                if !seen.contains(card) {
                    seen.insert(card);
                } else {
                    return bad(format!("{card} appears twice"));
                }
                if card.as_tactic().is_some_and(Tactic::is_leader) {
                    if let Some(first) = leader {
                        return bad(format!(
                            "side {player} holds two Leaders ({first} and {card}); a player plays only one"
                        ));
                    }
                    leader = Some(card);
                }
            }
            flag.sides[player] = SideCards::from_cards(side).map_err(|e| Error::new(ErrorCode::BadInput, e.message))?;
        }
        let mut unseen = CardSet::EMPTY;
        for &card in &self.unseen {
            if !card.is_troop() {
                return bad(format!("unseen holds {card}, but only troop cards may still come"));
            }
            if seen.contains(card) {
                return bad(format!("{card} appears twice"));
            }
            seen.insert(card);
            unseen.insert(card);
        }
        let complete: Vec<Player> = (0..players).filter(|&p| self.sides[p].len() == capacity).collect();
        let order: Vec<Player> = match (self.first_complete, &self.completion_order) {
            (Some(_), Some(_)) => return bad("give firstComplete or completionOrder, not both".to_string()),
            (Some(first), None) => vec![first],
            (None, Some(order)) => order.clone(),
            (None, None) => Vec::new(),
        };
        let mut named = BTreeSet::new();
        for &p in &order {
            if p >= players {
                return bad(format!("the completion order names side {p}, but sides are 0..{}", players - 1));
            }
            if !complete.contains(&p) {
                return bad(format!("the completion order names side {p}, which is not complete"));
            }
            if !named.insert(p) {
                return bad(format!("the completion order names side {p} twice"));
            }
        }
        // Named sides first, then the other complete sides, the claimant last (conservative).
        let rest = complete.iter().copied().filter(|p| !named.contains(p));
        let (others, claimant): (Vec<Player>, Vec<Player>) = rest.partition(|&p| p != self.claimant);
        for (seq, p) in order.into_iter().chain(others).chain(claimant).enumerate() {
            flag.completed[p] = Some(seq as u32);
        }
        flag.fog = self.fog.then_some(0);
        flag.mud = self.mud.then_some(0);
        Ok(prove(&flag, players, self.claimant, unseen))
    }
}
