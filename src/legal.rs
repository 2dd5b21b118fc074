//! Every legal action in a position: candidates shaped by the step and the hand, each kept only if
//! [`Position::check`] accepts it, so the list and the checks can never disagree.

use crate::action::{Action, DeckKind};
use crate::card::{Card, Tactic, TacticKind};
use crate::flag::FlagId;
use crate::phase::Phase;
use crate::position::Position;

impl Position {
    /// The legal actions of the current player, in a stable order.
    ///
    /// ```
    /// use battleline::{Action, Options, Position};
    /// let position = Position::deal(Options::default(), &mut battleline::rng_from_seed(5), 0);
    /// let legal = position.legal_actions();
    /// assert!(legal.iter().all(|a| matches!(a, Action::Play { .. })), "a full hand must play a troop");
    /// assert_eq!(legal.len(), 7 * 9);
    /// ```
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut actions = Vec::with_capacity(64);
        self.legal_actions_into(&mut actions);
        actions
    }

    /// Fills `actions` (cleared first) with the legal actions: reuse one buffer in hot loops.
    pub fn legal_actions_into(&self, actions: &mut Vec<Action>) {
        actions.clear();
        let player = self.current;
        let mut offer = |action: Action| {
            if self.check(player, &action).is_ok() {
                actions.push(action);
            }
        };
        match self.phase {
            Phase::Play => {
                for card in self.hand(player).iter() {
                    self.play_candidates(card, &mut offer);
                }
                offer(Action::Pass);
            }
            Phase::Claim => {
                FlagId::all().for_each(|flag| offer(Action::Claim { flag }));
                offer(Action::EndClaims);
            }
            Phase::Draw => {
                [DeckKind::Troop, DeckKind::Tactics].into_iter().for_each(|deck| offer(Action::Draw { deck }))
            }
            Phase::ScoutDraw { .. } => {
                [DeckKind::Troop, DeckKind::Tactics].into_iter().for_each(|deck| offer(Action::ScoutDraw { deck }))
            }
            Phase::ScoutReturn { .. } => self.hand(player).iter().for_each(|card| offer(Action::ScoutReturn { card })),
            Phase::GameOver => {}
        }
    }

    /// The actions that could play `card` from hand, before checking.
    fn play_candidates(&self, card: Card, offer: &mut impl FnMut(Action)) {
        let tactic = card.as_tactic();
        match tactic.map(Tactic::kind) {
            None | Some(TacticKind::Morale) => FlagId::all().for_each(|flag| offer(Action::Play { card, flag })),
            Some(TacticKind::Environment) => FlagId::all().for_each(|flag| offer(Action::Environment { card, flag })),
            Some(TacticKind::Guile) => match tactic {
                Some(Tactic::Scout) => offer(Action::Scout),
                Some(Tactic::Redeploy) => {
                    for target in self.board_cards() {
                        offer(Action::Redeploy { card: target, to: None });
                        FlagId::all().for_each(|to| offer(Action::Redeploy { card: target, to: Some(to) }));
                    }
                }
                Some(Tactic::Deserter) => {
                    self.board_cards().for_each(|target| offer(Action::Deserter { card: target }))
                }
                _ => {
                    for target in self.board_cards().filter(|c| c.is_troop()) {
                        FlagId::all().for_each(|to| offer(Action::Traitor { card: target, to }));
                    }
                }
            },
        }
    }

    /// Every card on the flags, Fog and Mud included, in flag order.
    fn board_cards(&self) -> impl Iterator<Item = Card> + '_ {
        let fog = Card::tactic(Tactic::Fog);
        let mud = Card::tactic(Tactic::Mud);
        self.flags.iter().flat_map(move |f| {
            let sides = f.sides.iter().flat_map(|s| s.iter());
            sides.chain(f.fog.map(|_| fog)).chain(f.mud.map(|_| mud))
        })
    }
}
