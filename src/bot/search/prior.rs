//! The prior that orders the search's candidates, and the claims the search makes without searching.
//!
//! The prior must be cheap (the tree asks it at every node it widens) yet sensible: it rates the troop
//! (or morale card) that best extends a formation still reachable with the cards that may come, avoids
//! flags the opponent is bound to win (dumping low cards there), and prefers troops to draw. All of it
//! is bit arithmetic on per-colour value masks; it looks only at the board, the unseen cards and the
//! acting player's hand. Its test of the strongest kind a side can reach is the engine's formation
//! rule wherever the side holds troops only, and hopes for more with a morale card on it: the test at
//! the end checks both against `formation::best_completion`.

use crate::action::{Action, DeckKind};
use crate::card::{Card, Tactic};
use crate::card_set::CardSet;
use crate::flag::{Flag, Player, FLAG_COUNT};
use crate::formation::{best_strength, FormationKind, Strength};
use crate::position::Position;

/// Cards by colour as value masks (bit `v - 1` for value `v`).
#[derive(Clone, Copy, Debug, Default)]
struct Masks {
    colour: [u16; 6],
    any: u16,
}

impl Masks {
    fn of(set: CardSet) -> Masks {
        let mut masks = Masks::default();
        for (c, slot) in masks.colour.iter_mut().enumerate() {
            *slot = set.colour_values(c);
            masks.any |= *slot;
        }
        masks
    }

    /// How many colours hold value bit `v`.
    fn count(&self, bit: u16) -> u32 {
        self.colour.iter().filter(|&&m| m & bit != 0).count() as u32
    }
}

/// A side reduced to what the cheap formation test needs.
#[derive(Clone, Copy, Debug, Default)]
struct Side {
    cards: u8,
    troops: u8,
    colours: u8,
    values: u16,
    /// Morale cards (any colour; a Leader any value, Companion an 8, Shield Bearers 1..3).
    wilds: u8,
}

impl Side {
    fn of(flag: &Flag, player: Player) -> Side {
        let mut side = Side::default();
        for card in flag.sides[player].iter() {
            side.add(card);
        }
        side
    }

    fn add(&mut self, card: Card) {
        self.cards += 1;
        match card.troop() {
            Some((colour, value)) => {
                self.troops += 1;
                self.colours |= 1 << colour.index();
                self.values |= 1 << (value - 1);
            }
            None => self.wilds += 1,
        }
    }

    /// The strongest kind the side can still become when the missing cards come from `avail`, and
    /// whether `sure` (the player's hand) alone completes that kind. Wilds are counted as covering
    /// any one missing value.
    fn reach(&self, capacity: usize, avail: &Masks, sure: &Masks) -> (FormationKind, bool) {
        let missing = capacity.saturating_sub(usize::from(self.cards)) as u32;
        let wilds = u32::from(self.wilds);
        let distinct = self.values.count_ones() == u32::from(self.troops);
        let run = |masks: &Masks, colour: Option<usize>| -> bool {
            if !distinct {
                return false;
            }
            let window = (1u16 << capacity) - 1;
            let (lo, hi) = if self.values == 0 {
                (9, 0)
            } else {
                (self.values.trailing_zeros(), 15 - self.values.leading_zeros())
            };
            let first = hi.saturating_sub(capacity as u32 - 1);
            let last = lo.min(10 - capacity as u32);
            (first..=last).rev().any(|start| {
                let w = window << start;
                if self.values & !w != 0 {
                    return false;
                }
                let have = colour.map_or(masks.any, |c| masks.colour[c]);
                (w & !self.values & !have).count_ones() <= wilds
            })
        };
        let colour = (self.colours.count_ones() == 1).then(|| self.colours.trailing_zeros() as usize);
        let same_colour = self.colours.count_ones() <= 1;
        let wedge = |masks: &Masks| match colour {
            Some(c) => run(masks, Some(c)),
            None => same_colour && (0..6).any(|c| run(masks, Some(c))),
        };
        if same_colour && wedge(avail) {
            return (FormationKind::Wedge, wedge(sure));
        }
        if self.values.count_ones() <= 1 {
            let need = missing.saturating_sub(wilds);
            let phalanx = |masks: &Masks| {
                if self.values == 0 {
                    (0..10).any(|v| masks.count(1 << v) >= need)
                } else {
                    masks.count(self.values) >= need
                }
            };
            if phalanx(avail) {
                return (FormationKind::Phalanx, phalanx(sure));
            }
        }
        if same_colour {
            let need = missing.saturating_sub(wilds);
            let battalion = |masks: &Masks| match colour {
                Some(c) => masks.colour[c].count_ones() >= need,
                None => masks.colour.iter().any(|m| m.count_ones() >= need),
            };
            if battalion(avail) {
                return (FormationKind::BattalionOrder, battalion(sure));
            }
        }
        if run(avail, None) {
            return (FormationKind::SkirmishLine, run(sure, None));
        }
        (FormationKind::Host, true)
    }
}

/// The kind's rank (R-FORM-2) as a score.
fn rank(kind: FormationKind) -> f32 {
    f32::from(kind.rank())
}

/// Per-decision facts about each flag, computed once.
#[derive(Clone, Copy, Debug)]
struct FlagFacts {
    capacity: usize,
    fog: bool,
    mine: Side,
    /// The strongest complete opponent side here, if an opponent is complete.
    complete: Option<Strength>,
    /// The strongest kind an incomplete opponent can still reach, and how many cards they have here.
    reach: FormationKind,
    cards: u8,
}

impl Default for FlagFacts {
    fn default() -> FlagFacts {
        FlagFacts {
            capacity: 3,
            fog: false,
            mine: Side::default(),
            complete: None,
            reach: FormationKind::Host,
            cards: 0,
        }
    }
}

/// What the acting player knows, as masks.
struct Context {
    facts: [FlagFacts; FLAG_COUNT],
    /// Troops that may still come to the acting player: own hand and every unseen troop.
    mine: Masks,
    /// The acting player's hand.
    hand: Masks,
}

fn context(position: &Position, me: Player) -> Context {
    let unseen = position.unseen_troops();
    let hand = position.hand(me).troops();
    let mine = if position.troop_deck_len() == 0 { Masks::of(hand) } else { Masks::of(unseen) };
    let others = Masks::of(unseen.difference(hand));
    let mut facts = [FlagFacts::default(); FLAG_COUNT];
    for (slot, flag) in facts.iter_mut().zip(position.flags()) {
        if !flag.has_room(me) {
            continue;
        }
        let fog = flag.fog.is_some();
        let capacity = flag.capacity();
        let mut f = FlagFacts { capacity, fog, mine: Side::of(flag, me), ..FlagFacts::default() };
        for p in (0..position.players()).filter(|&p| p != me) {
            let side = Side::of(flag, p);
            f.cards = f.cards.max(side.cards);
            if flag.is_complete(p) {
                let mut cards = [Card::tactic(Tactic::Fog); 4];
                for (slot, card) in cards.iter_mut().zip(flag.sides[p].iter()) {
                    *slot = card;
                }
                let strength = best_strength(&cards[..flag.sides[p].len().min(4)], fog);
                f.complete = f.complete.max(Some(strength));
            } else if side.cards > 0 && !fog {
                f.reach = f.reach.max(side.reach(capacity, &others, &others).0);
            }
        }
        *slot = f;
    }
    Context { facts, mine, hand: Masks::of(hand) }
}

/// How good it looks to put `card` on this flag (higher is better).
fn score(card: Card, f: &FlagFacts, ctx: &Context) -> f32 {
    let value = card.troop().map_or(8.0, |(_, v)| f32::from(v));
    let mut side = f.mine;
    side.add(card);
    let (kind, sure) = side.reach(f.capacity, &ctx.mine, &ctx.hand);
    let kind = if f.fog { FormationKind::Host } else { kind };
    if let Some(theirs) = f.complete {
        // Hopeless against a complete opponent: dump the lowest card here.
        let best_sum = f32::from(side.wilds) * 10.0 + 10.0 * f.capacity as f32;
        if kind < theirs.kind || (kind == theirs.kind && best_sum < f32::from(theirs.sum)) {
            return -value;
        }
    }
    if f.mine.cards == 0 {
        // Opening a flag: high cards and cards with partners in hand make strong formations.
        let partners = card.troop().map_or(0, |(colour, v)| {
            let near = ((0x1fu32 << (v - 1)) >> 2) as u16 & !(1 << (v - 1));
            (ctx.hand.colour[colour.index()] & near).count_ones() + ctx.hand.count(1 << (v - 1)).saturating_sub(1)
        });
        return 8.0 + 0.5 * value + 3.0 * partners as f32 - 3.0 * f32::from(f.cards) - 4.0 * rank(f.reach);
    }
    let mut s = 10.0 * rank(kind) + 0.5 * value;
    if sure {
        s += 6.0;
        if usize::from(side.cards) >= f.capacity {
            s += 4.0;
        }
    }
    if f.complete.is_none() && f.reach > kind && f.cards >= 2 {
        s -= 8.0 * (rank(f.reach) - rank(kind));
    }
    s
}

/// The first flag the engine lets `me` claim now, or the end of claims.
pub(crate) fn claim(position: &Position, me: Player) -> Action {
    position.claimable_flags(me).next().map_or(Action::EndClaims, |flag| Action::Claim { flag })
}

/// What the prior sees of one card played to one flag: the learned policy's per-action inputs
/// (`policy.rs`), from the acting player's knowledge only.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PlayFacts {
    /// The strongest kind the side can still reach with the card there (Host under Fog), as a rank.
    pub(crate) reach: f32,
    /// Whether the hand alone completes that kind.
    pub(crate) sure: bool,
    /// Whether the card fills the side.
    pub(crate) completes: bool,
    /// The acting player's cards at the flag before, and the most an opponent has there.
    pub(crate) mine: u8,
    pub(crate) theirs: u8,
    /// The rank of the strongest kind an incomplete opponent can still reach there.
    pub(crate) their_reach: f32,
    /// The rank of a complete opponent's formation there, if one is complete.
    pub(crate) their_complete: Option<f32>,
    /// Whether the flag is lost to a complete opponent whatever comes (the prior dumps low cards there).
    pub(crate) hopeless: bool,
    pub(crate) fog: bool,
    /// Four cards a side (Mud).
    pub(crate) mud: bool,
    /// Cards in hand of the same colour within two values, or of the same value (opening a flag).
    pub(crate) partners: u32,
}

/// Extra score a morale card must beat a troop by: it is scarce.
const MORALE_PENALTY: f32 = 14.0;

/// The search's prior: how promising each action of the player to move looks at a glance, the order in
/// which the tree tries them (a quick rule of thumb, not the evaluation). Public for the lab's
/// playout policy, which plays the best of it with some noise.
/// (Used as the lab uses it in lab/tests/hooks.rs.)
pub struct Prior {
    ctx: Context,
}

impl Prior {
    /// The prior of the current player's actions in `position`, from what that player knows.
    pub fn new(position: &Position) -> Prior {
        Prior { ctx: context(position, position.current()) }
    }

    /// The score of one action (higher first): for a card played, how well it extends a formation
    /// still reachable at that flag, a morale card paying for its scarcity.
    pub fn score(&self, action: &Action) -> f32 {
        match *action {
            Action::Play { card, flag } => {
                let penalty = if card.is_troop() { 0.0 } else { MORALE_PENALTY };
                score(card, &self.ctx.facts[flag.index()], &self.ctx) - penalty
            }
            Action::Pass => -20.0,
            Action::Draw { deck: DeckKind::Troop } | Action::ScoutDraw { deck: DeckKind::Troop } => 1.0,
            _ => 0.0,
        }
    }

    /// What the prior reads of `card` played to `flag` (for the learned policy's inputs).
    pub(crate) fn play_facts(&self, card: Card, flag: crate::flag::FlagId) -> PlayFacts {
        let (f, ctx) = (&self.ctx.facts[flag.index()], &self.ctx);
        let mut side = f.mine;
        side.add(card);
        let (kind, sure) = side.reach(f.capacity, &ctx.mine, &ctx.hand);
        let kind = if f.fog { FormationKind::Host } else { kind };
        let hopeless = f.complete.is_some_and(|theirs| {
            let best_sum = f32::from(side.wilds) * 10.0 + 10.0 * f.capacity as f32;
            kind < theirs.kind || (kind == theirs.kind && best_sum < f32::from(theirs.sum))
        });
        let partners = card.troop().map_or(0, |(colour, v)| {
            let near = ((0x1fu32 << (v - 1)) >> 2) as u16 & !(1 << (v - 1));
            (ctx.hand.colour[colour.index()] & near).count_ones() + ctx.hand.count(1 << (v - 1)).saturating_sub(1)
        });
        PlayFacts {
            reach: rank(kind),
            sure,
            completes: usize::from(side.cards) >= f.capacity,
            mine: f.mine.cards,
            theirs: f.cards,
            their_reach: rank(f.reach),
            their_complete: f.complete.map(|s| rank(s.kind)),
            hopeless,
            fog: f.fog,
            mud: f.capacity > 3,
            partners,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formation::{best_completion, Pool, Shape};
    use crate::options::Options;
    use crate::random_play::{choose, chooser, deal};

    /// The prior's bit-mask test of the strongest kind a side can still reach is the engine's rule
    /// (formation::best_completion, R-FORM-2) wherever the side holds troops only; with a morale card
    /// on the side it takes the card to cover any one missing value, so it may hope for more than the
    /// rule allows (Companion Cavalry is an 8 only, Shield Bearers 1 to 3), never for less. Replacing
    /// it with the exact rule would change the search's order of candidates, hence its moves.
    #[test]
    fn the_quick_reach_is_the_formation_rule_without_wild_cards_and_never_below_it() {
        let (mut troops_only, mut with_wilds, mut hoped_more) = (0, 0, 0);
        for seed in 0..60 {
            let mut position = deal(Options::default(), seed);
            let (mut legal, mut rng) = (Vec::new(), chooser(seed));
            while let Some(action) = choose(&position, &mut legal, &mut rng) {
                position.apply(&action).unwrap();
                let unseen = position.unseen_troops();
                let masks = Masks::of(unseen);
                for flag in position.flags().iter().filter(|f| f.fog.is_none() && f.claimed.is_none()) {
                    for p in 0..2 {
                        let need = flag.capacity().saturating_sub(flag.sides[p].len());
                        if need == 0 {
                            continue;
                        }
                        let side = Side::of(flag, p);
                        let quick = side.reach(flag.capacity(), &masks, &masks).0;
                        let shape = Shape::of(flag.sides[p].iter());
                        let exact = best_completion(&shape, need, &Pool::new(unseen), false, FormationKind::Host)
                            .map_or(FormationKind::Host, |c| c.strength.kind);
                        if side.wilds == 0 {
                            assert_eq!(quick, exact, "seed {seed}: {:?}", flag.sides[p]);
                            troops_only += 1;
                        } else {
                            assert!(quick >= exact, "seed {seed}: {:?}", flag.sides[p]);
                            with_wilds += 1;
                            hoped_more += usize::from(quick > exact);
                        }
                    }
                }
            }
        }
        assert!(troops_only > 50_000 && with_wilds > 1_000, "{troops_only} sides of troops, {with_wilds} with wilds");
        assert!(hoped_more > 0, "the approximation with wild cards is exercised");
    }
}
