//! What the explanations look at: the board as one player sees it, and the best formation a side can
//! still reach there with its outs. Formations and claims are the engine's (`formation`, `proof`);
//! this file only chooses the pools of cards they are asked about.

use crate::action::Action;
use crate::card::Card;
use crate::card_set::CardSet;
use crate::error::{Error, ErrorCode};
use crate::flag::{Flag, FlagId, Player};
use crate::formation::{best_completion, complete_strength, FormationKind, Pool, Shape, Strength};
use crate::position::view::PlayerView;
use crate::position::Position;
use crate::proof::is_claimable_with_retired;

use super::Reach;
use crate::bot::determinize::Determinizer;

/// The board of a view. The position is one sample of the view's hidden cards, but nothing here reads
/// a hidden card: only the flags, the discards and the viewer's own hand, which every sample shares.
#[derive(Clone, Debug)]
pub(super) struct Board {
    pub(super) position: Position,
    pub(super) viewer: Player,
}

/// Which cards may still come to a side, and to whom they are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Knowledge {
    /// The viewer's knowledge: their own hand and the cards they have not seen (the opponent's hand and
    /// the decks). An opponent's side draws on the unseen cards only.
    Viewer,
    /// What a claim proof assumes (R-CLAIM-2): every troop not face up, the viewer's hand included.
    Public,
}

impl Board {
    /// The board of `view` (`bad_input` for an inconsistent view).
    pub(super) fn of(view: &PlayerView) -> Result<Board, Error> {
        let determinizer = Determinizer::new(view)?;
        if view.hand.is_empty() && view.hand_sizes.get(view.player).is_some_and(|s| s.troops + s.tactics > 0) {
            return Err(Error::new(ErrorCode::BadInput, "a spectator's view has no hand to explain"));
        }
        // Any sample will do: the flags, discards and the viewer's hand are the same in all of them.
        let position = determinizer.sample(&mut crate::rng_from_seed(0));
        Ok(Board { position, viewer: view.player })
    }

    /// The board after the viewer's `action` (checked by the engine: `bad_input` when it is not legal).
    pub(super) fn after(&self, action: &Action) -> Result<Board, Error> {
        let mut position = self.position;
        position
            .apply_as(self.viewer, action)
            .map_err(|e| Error::new(ErrorCode::BadInput, format!("{action} cannot be explained: {}", e.message)))?;
        Ok(Board { position, viewer: self.viewer })
    }

    pub(super) fn players(&self) -> usize {
        self.position.players()
    }

    pub(super) fn flag(&self, flag: FlagId) -> &Flag {
        self.position.flag(flag)
    }

    /// The viewer's troops in hand.
    pub(super) fn hand(&self) -> CardSet {
        self.position.hand(self.viewer)
    }

    /// The troops nobody has shown the viewer: neither face up nor in their hand.
    pub(super) fn unseen(&self) -> CardSet {
        self.position.unseen_troops().difference(self.hand())
    }

    /// The cards that may still come to `player`'s side under `pool`.
    fn pool_of(&self, player: Player, pool: Knowledge) -> CardSet {
        match pool {
            Knowledge::Public => self.position.unseen_troops(),
            Knowledge::Viewer if player == self.viewer => self.unseen().union(self.hand().troops()),
            Knowledge::Viewer => self.unseen(),
        }
    }

    /// Whether the viewer could claim `flag` now by the engine's proof.
    pub(super) fn provable(&self, flag: FlagId, player: Player) -> bool {
        let f = self.flag(flag);
        let (players, retired) = (self.players(), self.position.retired());
        f.claimed.is_none() && is_claimable_with_retired(f, players, retired, player, self.position.unseen_troops())
    }

    /// The formation of a complete side.
    pub(super) fn formed(&self, flag: FlagId, player: Player) -> Option<Strength> {
        let f = self.flag(flag);
        f.is_complete(player).then(|| complete_strength(&Shape::of(f.sides[player].iter()), f.fog.is_some()))
    }

    /// The strongest formation `player`'s side of `flag` can still reach from `pool`, with the cards
    /// that complete it (split into the viewer's and the unseen) and its outs: the unseen cards that fit
    /// some completion of the same kind. `None` when the side can no longer be completed (or is claimed).
    pub(super) fn reach(&self, flag: FlagId, player: Player, pool: Knowledge) -> Option<Reach> {
        self.reach_reserving(flag, player, pool, CardSet::EMPTY)
    }

    /// [`Board::reach`] without the `reserved` cards (kept in hand for another flag).
    pub(super) fn reach_reserving(
        &self,
        flag: FlagId,
        player: Player,
        pool: Knowledge,
        reserved: CardSet,
    ) -> Option<Reach> {
        let f = self.flag(flag);
        if f.claimed.is_some() {
            return None;
        }
        let fog = f.fog.is_some();
        let side: Vec<Card> = f.sides[player].iter().collect();
        let need = f.capacity().saturating_sub(side.len());
        let shape = Shape::of(side.iter().copied());
        if need == 0 {
            let strength = complete_strength(&shape, fog);
            return Some(Reach { strength, cards: side, held: Vec::new(), unseen: Vec::new(), outs: Vec::new() });
        }
        let available = self.pool_of(player, pool).difference(reserved);
        let done = best_completion(&shape, need, &Pool::new(available), fog, FormationKind::Host)?;
        let strength = done.strength;
        let hand = if player == self.viewer && pool == Knowledge::Viewer {
            self.hand().difference(reserved)
        } else {
            CardSet::EMPTY
        };
        // Prefer the viewer's own cards: among completions of the same kind, the one needing no unseen
        // card is the one a player aims at; but a Host (everything under Fog) is only its sum.
        let own = best_completion(&shape, need, &Pool::new(hand.troops()), fog, strength.kind).filter(|own| {
            own.strength.kind == strength.kind && (own.strength == strength || strength.kind != FormationKind::Host)
        });
        let (strength, added) = match own {
            Some(own) => (own.strength, own.added().to_vec()),
            None if strength.kind != FormationKind::Host => {
                self.with_most_held(&side, need, available, hand, fog, done)
            }
            None => (strength, done.added().to_vec()),
        };
        let held: Vec<Card> = added.iter().copied().filter(|c| hand.contains(*c)).collect();
        let unseen: Vec<Card> = added.iter().copied().filter(|c| !hand.contains(*c)).collect();
        let outs = if own.is_some() || strength.kind == FormationKind::Host {
            Vec::new()
        } else {
            self.outs(&side, &held, &unseen, available, hand, fog, strength.kind)
        };
        let cards = side.into_iter().chain(added).collect();
        Some(Reach { strength, cards, held, unseen, outs })
    }

    /// A completion of `done`'s kind that uses as many of the viewer's `hand` cards as it can (taken
    /// greedily, highest first): a player aims at the formation that needs the fewest unseen cards.
    fn with_most_held(
        &self,
        side: &[Card],
        need: usize,
        available: CardSet,
        hand: CardSet,
        fog: bool,
        done: crate::formation::Completion,
    ) -> (Strength, Vec<Card>) {
        let kind = done.strength.kind;
        let (mut base, mut rest, mut held) = (side.to_vec(), available, Vec::new());
        let mut cards: Vec<Card> = hand.troops().iter().collect();
        cards.reverse();
        for card in cards {
            if need - held.len() < 2 {
                break;
            }
            let mut without = rest;
            without.remove(card);
            let shape = Shape::of(base.iter().copied().chain([card]));
            if best_completion(&shape, need - held.len() - 1, &Pool::new(without), fog, kind)
                .is_some_and(|d| d.strength.kind >= kind)
            {
                base.push(card);
                held.push(card);
                rest = without;
            }
        }
        match best_completion(&Shape::of(base.iter().copied()), need - held.len(), &Pool::new(rest), fog, kind) {
            Some(found) if !held.is_empty() && found.strength.kind == kind => {
                (found.strength, held.into_iter().chain(found.added().iter().copied()).collect())
            }
            _ => (done.strength, done.added().to_vec()),
        }
    }

    /// The outs of the named formation (the side, the `held` cards, the `unseen` ones): when it lacks two
    /// or more unseen cards, those very cards (each must come); when it lacks one, every unseen card of
    /// `available` (not the viewer's `hand`) that completes a formation of `kind` or stronger with the
    /// side and the held cards (any one of them will do). Never the outs of another formation of the
    /// kind: "a Wedge y8 y9 y10" has the outs y9 y10, not y6 y7 of the Wedge y6 y7 y8.
    #[allow(clippy::too_many_arguments)]
    fn outs(
        &self,
        side: &[Card],
        held: &[Card],
        unseen: &[Card],
        available: CardSet,
        hand: CardSet,
        fog: bool,
        kind: FormationKind,
    ) -> Vec<Card> {
        if unseen.len() != 1 {
            return CardSet::from_cards(unseen.iter().copied()).iter().collect();
        }
        available
            .difference(hand)
            .iter()
            .filter(|&card| {
                let shape = Shape::of(side.iter().chain(held).copied().chain([card]));
                complete_strength(&shape, fog).kind >= kind
            })
            .collect()
    }

    /// The flags where a card of the viewer lies, and the card they placed last (the highest arrival
    /// stamp of their side cards): the previous move's card, public facts of the board.
    pub(super) fn latest_own_card(&self) -> Option<(FlagId, Card, u32)> {
        FlagId::all()
            .filter(|&id| self.flag(id).claimed.is_none())
            .flat_map(|id| {
                let side = &self.flag(id).sides[self.viewer];
                side.iter().zip(side.arrivals()).map(move |(card, at)| (id, card, at)).collect::<Vec<_>>()
            })
            .max_by_key(|&(_, _, at)| at)
    }

    /// The opponents' side cards on `flag` that arrived after stamp `since`.
    pub(super) fn arrived_since(&self, flag: FlagId, since: u32) -> Vec<Card> {
        let f = self.flag(flag);
        (0..self.players())
            .filter(|&p| p != self.viewer)
            .flat_map(|p| {
                f.sides[p]
                    .iter()
                    .zip(f.sides[p].arrivals())
                    .filter(|&(_, at)| at > since)
                    .map(|(c, _)| c)
                    .collect::<Vec<_>>()
            })
            .collect()
    }
}
