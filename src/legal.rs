//! Every legal action in a position, generated from the step, the hand and the board. It must agree
//! exactly with [`Position::check`]; see [`Position::legal_actions_into`] for how that is verified.

use crate::action::{Action, DeckKind};
use crate::card::{Card, Tactic, TacticKind};
use crate::flag::{FlagId, Player, FLAG_COUNT};
use crate::phase::Phase;
use crate::position::Position;

/// The flags a card can go to, in flag order.
struct Targets<'a> {
    /// Flags with room on the current player's side.
    room: &'a [FlagId],
    /// Unclaimed flags.
    open: &'a [FlagId],
}

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
        let decks = || {
            [(DeckKind::Troop, self.troop_deck.is_empty()), (DeckKind::Tactics, self.tactics_deck.is_empty())]
                .into_iter()
                .filter(|&(_, empty)| !empty)
                .map(|(deck, _)| deck)
        };
        match self.phase {
            Phase::Play => {
                // The flags with room on the player's side, and the unclaimed ones, found once.
                let mut room = [FlagId::from_index(0).expect("flag 1 exists"); FLAG_COUNT];
                let mut open = room;
                let (mut rooms, mut opens) = (0, 0);
                for id in FlagId::all() {
                    let f = self.flag(id);
                    if f.claimed.is_none() {
                        open[opens] = id;
                        opens += 1;
                        if f.has_room(player) {
                            room[rooms] = id;
                            rooms += 1;
                        }
                    }
                }
                let targets = Targets { room: &room[..rooms], open: &open[..opens] };
                let hand = self.hand(player);
                // Troops first (the hand in id order), each to every flag with room.
                for card in hand.troops().iter() {
                    actions.extend(targets.room.iter().map(|&flag| Action::Play { card, flag }));
                }
                let tactics = hand.tactics();
                if !tactics.is_empty()
                    && self.opponents(player).all(|o| self.tactics_played[player] <= self.tactics_played[o])
                {
                    for card in tactics.iter() {
                        self.tactic_candidates(card, &targets, &mut |action| actions.push(action));
                    }
                }
                // Same as `!self.can_play_troop(player)`.
                if hand.troops().is_empty() || rooms == 0 {
                    actions.push(Action::Pass);
                }
            }
            Phase::Claim => {
                actions.extend(self.claimable_flags(player).map(|flag| Action::Claim { flag }));
                actions.push(Action::EndClaims);
            }
            Phase::Draw => actions.extend(decks().map(|deck| Action::Draw { deck })),
            Phase::ScoutDraw { .. } => actions.extend(decks().map(|deck| Action::ScoutDraw { deck })),
            Phase::ScoutReturn { .. } => {
                actions.extend(self.hand(player).iter().map(|card| Action::ScoutReturn { card }))
            }
            Phase::GameOver => {}
        }
        #[cfg(debug_assertions)]
        for action in actions.iter() {
            debug_assert_eq!(self.check(player, action), Ok(()), "generated {action} is illegal");
        }
    }

    /// The legal actions that play the tactics card `card` from hand, once R-TAC-1 allows tactics.
    fn tactic_candidates(&self, card: Card, targets: &Targets, offer: &mut impl FnMut(Action)) {
        let player = self.current;
        let room = |f: &FlagId| self.flag(*f).has_room(player);
        let open = |f: &FlagId| self.flag(*f).claimed.is_none();
        let Some(tactic) = card.as_tactic() else { return };
        match tactic.kind() {
            TacticKind::Morale if tactic.is_leader() && self.leader_played[player] => {}
            TacticKind::Morale => targets.room.iter().for_each(|&flag| offer(Action::Play { card, flag })),
            TacticKind::Environment => targets.open.iter().for_each(|&flag| offer(Action::Environment { card, flag })),
            TacticKind::Guile => match tactic {
                Tactic::Scout if self.can_draw() => offer(Action::Scout),
                Tactic::Scout => {}
                Tactic::Redeploy => {
                    for (from, target) in self.board_cards(|holder| holder == player) {
                        offer(Action::Redeploy { card: target, to: None });
                        let fits = |to: &FlagId| *to != from && if target.is_side_card() { room(to) } else { open(to) };
                        FlagId::all()
                            .filter(fits)
                            .for_each(|to| offer(Action::Redeploy { card: target, to: Some(to) }));
                    }
                }
                Tactic::Deserter => self
                    .board_cards(|holder| holder != player)
                    .for_each(|(_, target)| offer(Action::Deserter { card: target })),
                _ => {
                    for (_, target) in self.board_cards(|holder| holder != player).filter(|(_, c)| c.is_troop()) {
                        targets.room.iter().for_each(|&to| offer(Action::Traitor { card: target, to }));
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
