//! What a legal action does to the position. Every entry point checks first ([`Position::check`]), so a
//! refused action changes nothing.

use crate::action::{Action, DeckKind};
use crate::card::{Card, Tactic};
use crate::error::Error;
use crate::flag::{FlagId, Player};
use crate::formation::best_strength;
use crate::phase::Phase;
use crate::position::Position;

impl Position {
    /// Plays `action` for the current player; refuses an illegal one with the reason, changing nothing.
    ///
    /// ```
    /// use battleline::{Action, Options, Position};
    /// let mut position = Position::deal(Options::default(), &mut battleline::rng_from_seed(3), 0);
    /// let action = position.legal_actions()[0];
    /// position.apply(&action).unwrap();
    /// assert!(position.apply(&Action::NextGame).is_err());
    /// ```
    pub fn apply(&mut self, action: &Action) -> Result<(), Error> {
        self.apply_as(self.current, action)
    }

    /// Plays `action` for `player`, refusing it (`not_your_turn`) if it is not their turn.
    pub fn apply_as(&mut self, player: Player, action: &Action) -> Result<(), Error> {
        self.check(player, action)?;
        self.perform(player, action);
        Ok(())
    }

    /// Plays `action`, which must be legal for the current player, without checking it: the hot path of
    /// playouts whose actions come from the legal actions (as shakmaty's and cozy-chess's
    /// `play_unchecked` beside their checked calls). An illegal action leaves the position in an
    /// unspecified (memory-safe) state; debug builds assert that it is legal. Anything that comes from
    /// outside the program goes through [`Position::apply`].
    ///
    /// ```
    /// use battleline::{Options, Position};
    /// let mut checked = Position::deal(Options::default(), &mut battleline::rng_from_seed(3), 0);
    /// let mut unchecked = checked;
    /// while let Some(&action) = checked.legal_actions().first() {
    ///     checked.apply(&action).unwrap();
    ///     unchecked.apply_unchecked(&action);
    /// }
    /// assert_eq!(checked, unchecked);
    /// ```
    pub fn apply_unchecked(&mut self, action: &Action) {
        debug_assert!(self.is_legal(self.current, action), "apply_unchecked: {action} is illegal here");
        self.perform(self.current, action);
    }

    /// The effects of a checked action.
    fn perform(&mut self, player: Player, action: &Action) {
        match *action {
            Action::Play { card, flag } => {
                self.play_tactic_or_troop(player, card);
                self.arrive(card, flag, player);
                self.finish_step();
            }
            Action::Environment { card, flag } => {
                self.play_tactic_or_troop(player, card);
                self.place_environment(player, card, flag);
                self.finish_step();
            }
            Action::Scout => {
                self.play_guile(player, Tactic::Scout);
                self.skip_draw = true;
                let available = self.troop_deck.len() + self.tactics_deck.len();
                self.phase = Phase::ScoutDraw { remaining: available.min(3) as u8 };
            }
            Action::ScoutDraw { deck } => {
                self.draw(player, deck);
                let Phase::ScoutDraw { remaining } = self.phase else { return };
                let more = remaining - 1;
                if more > 0 && self.can_draw() {
                    self.phase = Phase::ScoutDraw { remaining: more };
                } else {
                    self.begin_scout_return(player);
                }
            }
            Action::ScoutReturn { card } => {
                self.hands[player].remove(card);
                match DeckKind::of(card) {
                    DeckKind::Troop => self.troop_deck.put_on_top(card),
                    DeckKind::Tactics => self.tactics_deck.put_on_top(card),
                }
                self.scout_returned[player].insert(card);
                let Phase::ScoutReturn { remaining } = self.phase else { return };
                if remaining > 1 {
                    self.phase = Phase::ScoutReturn { remaining: remaining - 1 };
                } else {
                    self.finish_step();
                }
            }
            Action::Redeploy { card, to } => {
                self.play_guile(player, Tactic::Redeploy);
                let from = self.lift_from_board(card);
                match to {
                    Some(to) if card.is_side_card() => self.arrive(card, to, player),
                    Some(to) => self.place_environment(player, card, to),
                    None => self.discards[player].insert(card),
                }
                debug_assert!(from.is_some());
                self.finish_step();
            }
            Action::Deserter { card } => {
                self.play_guile(player, Tactic::Deserter);
                if let Some((_, owner)) = self.find_on_board(card) {
                    self.lift_from_board(card);
                    self.discards[owner].insert(card);
                }
                self.finish_step();
            }
            Action::Traitor { card, to } => {
                self.play_guile(player, Tactic::Traitor);
                self.lift_from_board(card);
                self.arrive(card, to, player);
                self.finish_step();
            }
            Action::Claim { flag } => {
                self.flags[flag.index()].claimed = Some(player);
                self.claimed_this_turn = true;
                self.check_victory(player);
                // Stay in the claim step while more can be claimed; otherwise move on.
                self.skip_steps_with_nothing_to_do();
            }
            Action::Draw { deck } => {
                self.draw(player, deck);
                self.finish_step();
            }
            Action::Pass => {
                self.passed_this_turn = true;
                self.skip_draw = true;
                self.finish_step();
            }
            Action::EndClaims => self.finish_step(),
            Action::NextGame => {}
            Action::Resign { player } => self.retire(player),
        }
    }

    /// Takes a card from hand; tactics count towards R-TAC-1 and Leaders towards R-TAC-2.
    fn play_tactic_or_troop(&mut self, player: Player, card: Card) {
        self.hands[player].remove(card);
        self.face_up.insert(card);
        if let Some(tactic) = card.as_tactic() {
            // Bounded by from_setup (10 in all) and by the cards; saturating all the same, so that debug
            // and release builds could never differ.
            self.tactics_played[player] = self.tactics_played[player].saturating_add(1);
            self.leader_played[player] |= tactic.is_leader();
        }
    }

    /// A guile card goes face up to the player's discard pile and takes effect (R-GUILE).
    fn play_guile(&mut self, player: Player, tactic: Tactic) {
        let card = Card::tactic(tactic);
        self.play_tactic_or_troop(player, card);
        self.discards[player].insert(card);
    }

    fn place_environment(&mut self, player: Player, card: Card, flag: FlagId) {
        let f = &mut self.flags[flag.index()];
        if card == Card::tactic(Tactic::Fog) {
            f.fog = Some(player);
        } else {
            f.mud = Some(player);
        }
        self.flag_changed(flag);
    }

    fn draw(&mut self, player: Player, deck: DeckKind) {
        let card = match deck {
            DeckKind::Troop => self.troop_deck.draw(),
            DeckKind::Tactics => self.tactics_deck.draw(),
        };
        if let Some(card) = card {
            self.hands[player].insert(card);
            // A returned card that is drawn is no longer a known card in the deck.
            self.scout_returned.iter_mut().for_each(|known| {
                known.remove(card);
            });
        }
    }

    fn begin_scout_return(&mut self, player: Player) {
        let remaining = self.hands[player].len().min(2) as u8;
        if remaining == 0 {
            self.finish_step();
        } else {
            self.phase = Phase::ScoutReturn { remaining };
        }
    }

    /// Removes a card (side card, Fog or Mud) from the flag where it lies. Mud leaving a flag makes full
    /// sides discard down to three (R-ENV-3).
    fn lift_from_board(&mut self, card: Card) -> Option<FlagId> {
        let (flag, holder) = self.find_on_board(card)?;
        let f = &mut self.flags[flag.index()];
        match card.as_tactic() {
            Some(Tactic::Fog) => f.fog = None,
            Some(Tactic::Mud) => {
                f.mud = None;
                self.discard_down_to_three(flag);
            }
            _ => {
                f.sides[holder].remove(card);
            }
        }
        // Rare (guile cards, Mud leaving): the board's latest arrival is found anew.
        self.latest_arrival = self.board_latest_arrival();
        self.flag_changed(flag);
        Some(flag)
    }

    /// R-ENV-3: each side left with four cards discards the card whose removal leaves the strongest
    /// three-card formation; among equals, the one played most recently.
    fn discard_down_to_three(&mut self, flag: FlagId) {
        let f = self.flags[flag.index()];
        for player in 0..self.players() {
            let cards: Vec<Card> = f.sides[player].iter().collect();
            if cards.len() < 4 {
                continue;
            }
            let strength_without = |i: usize| {
                let rest: Vec<Card> = cards.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &c)| c).collect();
                best_strength(&rest, f.fog.is_some())
            };
            // max_by_key keeps the last maximum: the most recently played among equals.
            let drop = (0..cards.len()).max_by_key(|&i| strength_without(i)).unwrap_or(cards.len() - 1);
            self.flags[flag.index()].sides[player].remove(cards[drop]);
            self.discards[player].insert(cards[drop]);
        }
    }

    /// A card arrives on `player`'s side of `flag` (played, redeployed or taken with Traitor), stamped
    /// later than every card on the board (R-FORM-4).
    fn arrive(&mut self, card: Card, flag: FlagId, player: Player) {
        debug_assert_eq!(self.latest_arrival, self.board_latest_arrival(), "the board's clock is stale");
        let at = self.latest_arrival.map_or(0, |l| l.saturating_add(1));
        self.flags[flag.index()].sides[player].push(card, at);
        self.latest_arrival = Some(at);
        self.flag_changed(flag);
    }

    /// After any change at a flag: forgets what was known about claims there, and sets each side's
    /// completion time from the arrival of its latest card, so Mud coming and going changes nothing
    /// but which sides are complete (R-FORM-4).
    fn flag_changed(&mut self, flag: FlagId) {
        self.claim_memo.forget(flag);
        self.flags[flag.index()].update_completion_times();
    }
}
