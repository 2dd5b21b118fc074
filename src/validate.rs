//! Whether an action is legal now, and if not, exactly why. This is the single source of truth:
//! [`Position::apply`] refuses what it refuses, and [`Position::legal_actions`] lists what it accepts.

use crate::action::{Action, DeckKind};
use crate::card::{Card, Tactic, TacticKind};
use crate::error::{Error, ErrorCode};
use crate::flag::{FlagId, Player};
use crate::phase::Phase;
use crate::position::Position;
use crate::proof::prove;

fn err(code: ErrorCode, message: String) -> Result<(), Error> {
    Err(Error::new(code, message))
}

impl Position {
    /// Checks `action` by `player` without changing anything: `Ok` exactly when it is legal.
    ///
    /// ```
    /// use battleline::{Action, ErrorCode, Options, Position};
    /// let position = Position::deal(Options::default(), &mut battleline::rng_from_seed(1), 0);
    /// let err = position.check(1, &Action::Pass).unwrap_err();
    /// assert_eq!(err.code, ErrorCode::NotYourTurn);
    /// ```
    pub fn check(&self, player: Player, action: &Action) -> Result<(), Error> {
        if self.is_over() {
            return err(ErrorCode::GameOver, format!("the game is over; {action} is not possible"));
        }
        if player >= self.players() {
            return err(
                ErrorCode::BadPlayer,
                format!("there is no player {player} in a {}-player game", self.players()),
            );
        }
        if player != self.current {
            return err(ErrorCode::NotYourTurn, format!("it is player {}'s turn, not player {player}'s", self.current));
        }
        self.check_phase(action)?;
        match *action {
            Action::Play { card, flag } => self.check_play(player, card, flag),
            Action::Environment { card, flag } => self.check_environment(player, card, flag),
            Action::Scout => self.check_scout(player),
            Action::ScoutDraw { deck } => self.check_deck(deck),
            Action::ScoutReturn { card } => self.check_in_hand(player, card),
            Action::Redeploy { card, to } => self.check_redeploy(player, card, to),
            Action::Deserter { card } => self.check_deserter(player, card),
            Action::Traitor { card, to } => self.check_traitor(player, card, to),
            Action::Claim { flag } => self.check_claim(player, flag),
            Action::Draw { deck } => self.check_deck(deck),
            Action::Pass => self.check_pass(player),
            Action::EndClaims | Action::NextGame => Ok(()),
        }
    }

    fn check_phase(&self, action: &Action) -> Result<(), Error> {
        let fits = match action {
            Action::Play { .. }
            | Action::Environment { .. }
            | Action::Scout
            | Action::Redeploy { .. }
            | Action::Deserter { .. }
            | Action::Traitor { .. }
            | Action::Pass => self.phase == Phase::Play,
            Action::ScoutDraw { .. } => matches!(self.phase, Phase::ScoutDraw { .. }),
            Action::ScoutReturn { .. } => matches!(self.phase, Phase::ScoutReturn { .. }),
            Action::Claim { .. } | Action::EndClaims => self.phase == Phase::Claim,
            Action::Draw { .. } => self.phase == Phase::Draw,
            Action::NextGame => {
                return err(ErrorCode::WrongPhase, "next game is only possible once a game of a match is over".into())
            }
        };
        if fits {
            Ok(())
        } else {
            err(
                ErrorCode::WrongPhase,
                format!("{action} is not possible now: the current step is {}", self.phase_name()),
            )
        }
    }

    /// The current step in words, for messages.
    pub fn phase_name(&self) -> String {
        match self.phase {
            Phase::Play => "play a card".into(),
            Phase::Claim => "claim flags".into(),
            Phase::Draw => "draw a card".into(),
            Phase::ScoutDraw { remaining } => format!("scout: draw {remaining} more"),
            Phase::ScoutReturn { remaining } => format!("scout: return {remaining} more"),
            Phase::GameOver => "game over".into(),
        }
    }

    fn check_in_hand(&self, player: Player, card: Card) -> Result<(), Error> {
        if !self.options.tactics && !card.is_troop() {
            return err(ErrorCode::TacticsDisabled, format!("{card} is a tactics card and this game has no tactics"));
        }
        if self.hands[player].contains(card) {
            Ok(())
        } else {
            err(ErrorCode::CardNotInHand, format!("{card} is not in player {player}'s hand"))
        }
    }

    /// The card is the expected tactic, in hand, and the player may play a tactics card now (R-TAC-1).
    fn check_tactic_play(&self, player: Player, card: Card) -> Result<(), Error> {
        self.check_in_hand(player, card)?;
        let mine = self.tactics_played[player];
        if self.opponents(player).any(|o| mine > self.tactics_played[o]) {
            return err(
                ErrorCode::TacticsLimit,
                format!("player {player} has played {mine} tactics cards, one more than the opponent: {card} must wait (R-TAC-1)"),
            );
        }
        Ok(())
    }

    fn check_room(&self, player: Player, flag: FlagId) -> Result<(), Error> {
        let f = self.flag(flag);
        if f.claimed.is_some() {
            return err(ErrorCode::FlagClaimed, format!("flag {flag} is claimed; nothing more can be played there"));
        }
        if !f.has_room(player) {
            return err(
                ErrorCode::FlagFull,
                format!("player {player}'s side of flag {flag} is full ({} cards)", f.capacity()),
            );
        }
        Ok(())
    }

    fn check_play(&self, player: Player, card: Card, flag: FlagId) -> Result<(), Error> {
        if !card.is_side_card() {
            return err(ErrorCode::WrongCard, format!("{card} is not a troop or morale card: use the {card} action"));
        }
        match card.as_tactic() {
            Some(tactic) => {
                self.check_tactic_play(player, card)?;
                if tactic.is_leader() && self.leader_played[player] {
                    return err(
                        ErrorCode::LeaderLimit,
                        format!("player {player} already played a Leader; {card} stays in hand (R-TAC-2)"),
                    );
                }
            }
            None => self.check_in_hand(player, card)?,
        }
        self.check_room(player, flag)
    }

    fn check_environment(&self, player: Player, card: Card, flag: FlagId) -> Result<(), Error> {
        if card.as_tactic().map(Tactic::kind) != Some(TacticKind::Environment) {
            return err(ErrorCode::WrongCard, format!("{card} is not fog or mud"));
        }
        self.check_tactic_play(player, card)?;
        if self.flag(flag).claimed.is_some() {
            return err(ErrorCode::FlagClaimed, format!("flag {flag} is claimed; {card} cannot be placed there"));
        }
        Ok(())
    }

    fn check_scout(&self, player: Player) -> Result<(), Error> {
        self.check_tactic_play(player, Card::tactic(Tactic::Scout))?;
        if !self.can_draw() {
            return err(ErrorCode::BadTarget, "both decks are empty: scout has nothing to draw (R-GUILE-5)".into());
        }
        Ok(())
    }

    fn check_deck(&self, deck: DeckKind) -> Result<(), Error> {
        let (empty, name) = match deck {
            DeckKind::Troop => (self.troop_deck.is_empty(), "troop"),
            DeckKind::Tactics => {
                if !self.options.tactics {
                    return err(ErrorCode::TacticsDisabled, "this game has no tactics deck".into());
                }
                (self.tactics_deck.is_empty(), "tactics")
            }
        };
        if empty {
            err(ErrorCode::DeckEmpty, format!("the {name} deck is empty"))
        } else {
            Ok(())
        }
    }

    /// Where `card` lies on an unclaimed flag, checking that its holder is the one the guile card wants.
    fn check_target(
        &self,
        card: Card,
        wanted: impl Fn(Player) -> bool,
        guile: &str,
        whose: &str,
    ) -> Result<FlagId, Error> {
        match self.find_on_board(card) {
            Some((flag, holder)) if wanted(holder) => {
                if self.flag(flag).claimed.is_some() {
                    Err(Error::new(
                        ErrorCode::FlagClaimed,
                        format!("{card} lies at claimed flag {flag}, which is frozen (R-CLAIM-4)"),
                    ))
                } else {
                    Ok(flag)
                }
            }
            _ => Err(Error::new(
                ErrorCode::BadTarget,
                format!("{guile} needs {whose} card on the board, and {card} is not one"),
            )),
        }
    }

    fn check_redeploy(&self, player: Player, card: Card, to: Option<FlagId>) -> Result<(), Error> {
        self.check_tactic_play(player, Card::tactic(Tactic::Redeploy))?;
        let from = self.check_target(card, |holder| holder == player, "redeploy", "one of your own")?;
        let Some(to) = to else { return Ok(()) };
        if to == from {
            return err(ErrorCode::BadTarget, format!("redeploy must move {card} to another flag than {from}"));
        }
        if card.is_side_card() {
            self.check_room(player, to)
        } else if self.flag(to).claimed.is_some() {
            err(ErrorCode::FlagClaimed, format!("flag {to} is claimed; {card} cannot go there"))
        } else {
            Ok(())
        }
    }

    fn check_deserter(&self, player: Player, card: Card) -> Result<(), Error> {
        self.check_tactic_play(player, Card::tactic(Tactic::Deserter))?;
        self.check_target(card, |holder| holder != player, "deserter", "an opponent's")?;
        Ok(())
    }

    fn check_traitor(&self, player: Player, card: Card, to: FlagId) -> Result<(), Error> {
        self.check_tactic_play(player, Card::tactic(Tactic::Traitor))?;
        if !card.is_troop() {
            return err(ErrorCode::BadTarget, format!("traitor takes troop cards only, not {card} (R-GUILE-4)"));
        }
        self.check_target(card, |holder| holder != player, "traitor", "an opponent's troop")?;
        self.check_room(player, to)
    }

    fn check_claim(&self, player: Player, flag: FlagId) -> Result<(), Error> {
        let f = self.flag(flag);
        if let Some(owner) = f.claimed {
            return err(ErrorCode::FlagClaimed, format!("flag {flag} is already claimed by player {owner}"));
        }
        if !f.is_complete(player) {
            return err(
                ErrorCode::SideIncomplete,
                format!(
                    "player {player}'s side of flag {flag} holds {} of {} cards",
                    f.sides[player].len(),
                    f.capacity()
                ),
            );
        }
        if self.can_claim(player, flag) {
            return Ok(());
        }
        let proof = prove(f, self.players(), player, self.unseen_troops());
        err(ErrorCode::ClaimNotProvable, format!("flag {flag} cannot be claimed: {}", proof.reason))
    }

    fn check_pass(&self, player: Player) -> Result<(), Error> {
        if self.can_play_troop(player) {
            return err(
                ErrorCode::MustPlay,
                format!("player {player} holds a troop card and has room for it, so must play (R-TURN-4)"),
            );
        }
        Ok(())
    }
}
