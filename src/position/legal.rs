//! Every legal action in a position, generated from the step, the hand and the board. It must agree
//! exactly with [`Position::validate`]; see [`Position::legal_actions_into`] for how that is verified.

use crate::action::{Action, DeckKind};
use crate::card::{Card, Tactic, TacticKind};
use crate::card_set::CardSet;
use crate::flag::{FlagId, Player, FLAG_COUNT};
use crate::phase::Phase;
use crate::position::Position;

/// A placeholder to fill arrays of flags.
fn first_flag() -> FlagId {
    FlagId::from_index(0).unwrap_or_else(|| unreachable!("flag 1 exists"))
}

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
    /// sides, tactics only within R-TAC-1 and R-TAC-2, asked of the rules in `validate.rs`), because
    /// checking every candidate with [`Position::validate`] would cost most of a search's time. The
    /// two are kept in agreement by verification, not by trust: with debug assertions each listed
    /// action is put through `validate`, and the tests assert that every action it accepts is listed.
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
                let (mut room, mut open) = ([first_flag(); FLAG_COUNT], [first_flag(); FLAG_COUNT]);
                let targets = self.targets(&mut room, &mut open);
                let hand = self.hand(player);
                // Troops first (the hand in id order), each to every flag with room.
                for card in hand.troops().iter() {
                    actions.extend(targets.room.iter().map(|&flag| Action::Play { card, flag }));
                }
                if self.may_play_tactics(player) {
                    for card in hand.tactics().iter() {
                        self.tactic_candidates(card, &targets, &mut |action| actions.push(action));
                    }
                }
                // Same as `!self.can_play_troop(player)`.
                if hand.troops().is_empty() || targets.room.is_empty() {
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
            debug_assert_eq!(self.validate(player, action), Ok(()), "generated {action} is illegal");
        }
    }

    /// Whether `player` could play a tactics card in their play step, the board as it is: a pass then
    /// is voluntary (R-TURN-6). Rare (the end of a round of passes, a setup): it lists the actions
    /// rather than keep a second, faster copy of the tactics rules.
    pub(crate) fn could_play_a_tactic(&self, player: Player) -> bool {
        let mut as_player = *self;
        as_player.current = player;
        as_player.phase = Phase::Play;
        as_player.result = None;
        let plays_a_tactic = |action: &Action| match action {
            Action::Pass => false,
            Action::Play { card, .. } => !card.is_troop(),
            _ => true,
        };
        as_player.legal_actions().iter().any(plays_a_tactic)
    }

    /// Action number `pick(n)` of the `n` legal actions of the play step, the same as
    /// `legal_actions()[pick(n)]` but without listing them (the random player's hot path); `pick` is
    /// called once, with `n >= 1`, and must return an index below `n`. `None` outside the play step.
    pub(crate) fn pick_play_action(&self, pick: impl FnOnce(usize) -> usize) -> Option<Action> {
        if self.phase != Phase::Play {
            return None;
        }
        let (mut room, mut open) = ([first_flag(); FLAG_COUNT], [first_flag(); FLAG_COUNT]);
        let targets = self.targets(&mut room, &mut open);
        let hand = self.hand(self.current);
        // The troops are bits 0..60: one machine word.
        let troops = hand.troops().bits() as u64;
        let troop_plays = troops.count_ones() as usize * targets.room.len();
        let tactics = if self.may_play_tactics(self.current) { hand.tactics() } else { CardSet::EMPTY };
        let tactic_plays: usize = tactics.iter().map(|card| self.tactic_count(card, &targets)).sum();
        let pass = troops == 0 || targets.room.is_empty();
        let n = troop_plays + tactic_plays + usize::from(pass);
        if n == 0 {
            return None;
        }
        let index = pick(n);
        let picked = if index < troop_plays {
            let mut rest = troops;
            for _ in 0..index / targets.room.len() {
                rest &= rest - 1;
            }
            let card = Card::from_id(rest.trailing_zeros() as u8)?;
            Some(Action::Play { card, flag: targets.room[index % targets.room.len()] })
        } else if index < troop_plays + tactic_plays {
            let mut skip = index - troop_plays;
            let mut picked = None;
            for card in tactics.iter() {
                let count = self.tactic_count(card, &targets);
                if skip >= count {
                    skip -= count;
                    continue;
                }
                self.tactic_candidates(card, &targets, &mut |action| {
                    if skip == 0 && picked.is_none() {
                        picked = Some(action);
                    }
                    skip = skip.wrapping_sub(1);
                });
                break;
            }
            picked
        } else {
            pass.then_some(Action::Pass)
        };
        debug_assert_eq!(picked, self.legal_actions().get(index).copied(), "picked action {index} of {n}");
        picked
    }

    /// How many actions [`Position::tactic_candidates`] offers for `card`, counted directly where that
    /// is simple.
    fn tactic_count(&self, card: Card, targets: &Targets) -> usize {
        let count = match card.as_tactic() {
            None => 0,
            Some(tactic) => match tactic.kind() {
                TacticKind::Morale if self.is_second_leader(self.current, card) => 0,
                TacticKind::Morale => targets.room.len(),
                TacticKind::Environment => targets.open.len(),
                TacticKind::Guile if tactic == Tactic::Scout => usize::from(self.can_draw()),
                TacticKind::Guile => self.guile_count(tactic, targets),
            },
        };
        debug_assert_eq!(count, {
            let mut listed = 0;
            self.tactic_candidates(card, targets, &mut |_| listed += 1);
            listed
        });
        count
    }

    /// How many actions Redeploy, Deserter or Traitor offers: per unclaimed flag, the cards it may
    /// take there times the places each may go (see [`Position::tactic_candidates`]).
    fn guile_count(&self, tactic: Tactic, targets: &Targets) -> usize {
        let player = self.current;
        let (rooms, opens) = (targets.room.len(), targets.open.len());
        let mut count = 0;
        for &id in targets.open {
            let f = self.flag(id);
            let by_opponent = |by: Option<Player>| usize::from(by.is_some_and(|p| p != player));
            match tactic {
                Tactic::Redeploy => {
                    // A side card goes to another flag with room, Fog or Mud to another open flag, or is discarded.
                    let others_with_room = rooms - usize::from(f.has_room(player));
                    count += f.sides[player].len() * (1 + others_with_room);
                    let placed = usize::from(f.fog == Some(player)) + usize::from(f.mud == Some(player));
                    count += placed * opens;
                }
                Tactic::Deserter => {
                    count += (0..self.players()).filter(|&p| p != player).map(|p| f.sides[p].len()).sum::<usize>();
                    count += by_opponent(f.fog) + by_opponent(f.mud);
                }
                _ => {
                    let troops = (0..self.players())
                        .filter(|&p| p != player)
                        .map(|p| f.sides[p].iter().filter(|c| c.is_troop()).count())
                        .sum::<usize>();
                    count += troops * rooms;
                }
            }
        }
        count
    }

    /// The flags with room on the current player's side, and the unclaimed flags, found once.
    fn targets<'a>(&self, room: &'a mut [FlagId; FLAG_COUNT], open: &'a mut [FlagId; FLAG_COUNT]) -> Targets<'a> {
        let (mut rooms, mut opens) = (0, 0);
        for id in FlagId::all() {
            let f = self.flag(id);
            if f.claimed.is_none() {
                open[opens] = id;
                opens += 1;
                if f.has_room(self.current) {
                    room[rooms] = id;
                    rooms += 1;
                }
            }
        }
        Targets { room: &room[..rooms], open: &open[..opens] }
    }

    /// The legal actions that play the tactics card `card` from hand, once R-TAC-1 allows tactics.
    fn tactic_candidates(&self, card: Card, targets: &Targets, offer: &mut impl FnMut(Action)) {
        let player = self.current;
        let room = |f: &FlagId| self.flag(*f).has_room(player);
        let open = |f: &FlagId| self.flag(*f).claimed.is_none();
        let Some(tactic) = card.as_tactic() else { return };
        match tactic.kind() {
            TacticKind::Morale if self.is_second_leader(player, card) => {}
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
