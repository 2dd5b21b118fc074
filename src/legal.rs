//! Every legal action in a position, generated from the step, the hand and the board. It must agree
//! exactly with [`Position::check`]; see [`Position::legal_actions_into`] for how that is verified.

use crate::action::{Action, DeckKind};
use crate::card::{Card, Tactic, TacticKind};
use crate::flag::{FlagId, Player};
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
    ///
    /// The list is generated directly (plays only where there is room, guile targets from the right
    /// sides, tactics only within R-TAC-1 and R-TAC-2), because checking every candidate with
    /// [`Position::check`] cost most of a random game's time. The two are kept in agreement by
    /// verification, not by trust: with debug assertions (every test build) each listed action is
    /// put through `check`, and the property tests assert that every action `check` accepts is listed.
    pub fn legal_actions_into(&self, actions: &mut Vec<Action>) {
        actions.clear();
        let player = self.current;
        let mut offer = |action: Action| {
            debug_assert_eq!(self.check(player, &action), Ok(()), "generated {action} is illegal");
            actions.push(action);
        };
        let decks = || {
            [(DeckKind::Troop, self.troop_deck.is_empty()), (DeckKind::Tactics, self.tactics_deck.is_empty())]
                .into_iter()
                .filter(|&(_, empty)| !empty)
                .map(|(deck, _)| deck)
        };
        match self.phase {
            Phase::Play => {
                let may_play_tactics =
                    self.opponents(player).all(|o| self.tactics_played[player] <= self.tactics_played[o]);
                for card in self.hand(player).iter().filter(|c| c.is_troop() || may_play_tactics) {
                    self.play_candidates(card, &mut offer);
                }
                if !self.can_play_troop(player) {
                    offer(Action::Pass);
                }
            }
            Phase::Claim => {
                self.claimable_flags(player).for_each(|flag| offer(Action::Claim { flag }));
                offer(Action::EndClaims);
            }
            Phase::Draw => decks().for_each(|deck| offer(Action::Draw { deck })),
            Phase::ScoutDraw { .. } => decks().for_each(|deck| offer(Action::ScoutDraw { deck })),
            Phase::ScoutReturn { .. } => self.hand(player).iter().for_each(|card| offer(Action::ScoutReturn { card })),
            Phase::GameOver => {}
        }
    }

    /// The legal actions that play `card` from hand.
    fn play_candidates(&self, card: Card, offer: &mut impl FnMut(Action)) {
        let player = self.current;
        let room = |f: &FlagId| self.flag(*f).has_room(player);
        let open = |f: &FlagId| self.flag(*f).claimed.is_none();
        let tactic = card.as_tactic();
        match tactic.map(Tactic::kind) {
            Some(TacticKind::Morale) if tactic.is_some_and(Tactic::is_leader) && self.leader_played[player] => {}
            None | Some(TacticKind::Morale) => {
                FlagId::all().filter(room).for_each(|flag| offer(Action::Play { card, flag }))
            }
            Some(TacticKind::Environment) => {
                FlagId::all().filter(open).for_each(|flag| offer(Action::Environment { card, flag }))
            }
            Some(TacticKind::Guile) => match tactic {
                Some(Tactic::Scout) if self.can_draw() => offer(Action::Scout),
                Some(Tactic::Scout) => {}
                Some(Tactic::Redeploy) => {
                    for (from, target) in self.board_cards(|holder| holder == player) {
                        offer(Action::Redeploy { card: target, to: None });
                        let fits = |to: &FlagId| *to != from && if target.is_side_card() { room(to) } else { open(to) };
                        FlagId::all()
                            .filter(fits)
                            .for_each(|to| offer(Action::Redeploy { card: target, to: Some(to) }));
                    }
                }
                Some(Tactic::Deserter) => self
                    .board_cards(|holder| holder != player)
                    .for_each(|(_, target)| offer(Action::Deserter { card: target })),
                _ => {
                    for (_, target) in self.board_cards(|holder| holder != player).filter(|(_, c)| c.is_troop()) {
                        FlagId::all().filter(room).for_each(|to| offer(Action::Traitor { card: target, to }));
                    }
                }
            },
        }
    }

    /// The cards on unclaimed flags (Fog and Mud included) whose holder passes `holder`, with their flag.
    fn board_cards<'a>(
        &'a self,
        holder: impl Fn(Player) -> bool + Copy + 'a,
    ) -> impl Iterator<Item = (FlagId, Card)> + 'a {
        let fog = Card::tactic(Tactic::Fog);
        let mud = Card::tactic(Tactic::Mud);
        FlagId::all().filter(|f| self.flag(*f).claimed.is_none()).flat_map(move |id| {
            let f = self.flag(id);
            let sides = (0..self.players()).filter(move |&p| holder(p)).flat_map(move |p| f.sides[p].iter());
            let beside = [(f.fog, fog), (f.mud, mud)]
                .into_iter()
                .filter_map(move |(by, card)| by.filter(|&p| holder(p)).map(|_| card));
            sides.chain(beside).map(move |card| (id, card))
        })
    }
}
