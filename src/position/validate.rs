//! Whether an action is legal now, and if not, exactly why. This is the single source of truth for
//! every rule about what may be done: [`Position::apply`] refuses what [`Position::validate`] refuses,
//! [`Position::legal_actions`] lists what it accepts, and the computer players ask these functions
//! (or the legal-action generation built on them) instead of keeping their own copies of the rules.
//!
//! Refusals are [`Refusal`] values: no message is formatted unless someone reads it, so search can
//! test millions of candidate actions cheaply. `validate` and the checks of the common actions are
//! `#[inline(always)]`: inlined into [`Position::is_legal`], the refusal data nobody reads is never
//! built; called out of line they returned it through memory and cost the search about 6% more
//! instructions (callgrind, search:medium).

use crate::action::{Action, DeckKind};
use crate::card::{Card, Tactic, TacticKind};
use crate::error::Error;
use crate::flag::{FlagId, Player};
use crate::phase::Phase;
use crate::position::Position;
use crate::refusal::Refusal;

impl Position {
    /// Checks `action` by `player` without changing anything: `Ok` exactly when it is legal; the error
    /// carries the stable code and the explanation (see [`Position::validate`] for the cheap form).
    ///
    /// ```
    /// use battleline::{Action, ErrorCode, Options, Position};
    /// let position = Position::deal(Options::default(), &mut battleline::rng_from_seed(1), 0);
    /// let err = position.check(1, &Action::Pass).unwrap_err();
    /// assert_eq!(err.code, ErrorCode::NotYourTurn);
    /// assert_eq!(err.message, "it is player 0's turn, not player 1's");
    /// ```
    pub fn check(&self, player: Player, action: &Action) -> Result<(), Error> {
        self.validate(player, action).map_err(Error::from)
    }

    /// Whether `action` by `player` is legal now: [`Position::validate`] without the reason.
    ///
    /// ```
    /// use battleline::{Action, Options, Position};
    /// let position = Position::deal(Options::default(), &mut battleline::rng_from_seed(1), 0);
    /// let first = position.legal_actions()[0];
    /// assert!(position.is_legal(0, &first));
    /// assert!(!position.is_legal(0, &Action::Pass), "a player with troops and room must play");
    /// ```
    #[inline(always)]
    pub fn is_legal(&self, player: Player, action: &Action) -> bool {
        self.validate(player, action).is_ok()
    }

    /// Checks `action` by `player`: `Ok` exactly when it is legal, otherwise the [`Refusal`] saying why.
    /// Allocation-free; the message is only built when the refusal is displayed.
    ///
    /// ```
    /// use battleline::{Action, ErrorCode, Options, Position};
    /// let position = Position::deal(Options::default(), &mut battleline::rng_from_seed(1), 0);
    /// let refusal = position.validate(0, &Action::Pass).unwrap_err();
    /// assert_eq!(refusal.code(), ErrorCode::MustPlay);
    /// ```
    #[inline(always)]
    pub fn validate(&self, player: Player, action: &Action) -> Result<(), Refusal> {
        if self.is_over() {
            return Err(Refusal::GameOver { action: *action });
        }
        if player >= self.players() {
            return Err(Refusal::NoSuchPlayer { player, players: self.players() });
        }
        // Resigning is open at any moment, whoever's turn it is (R-3P-RESIGN-1).
        if let Action::Resign { player: seat } = *action {
            return self.check_resign(player, seat);
        }
        if self.retired == Some(player) {
            return Err(Refusal::Resigned { player });
        }
        if player != self.current {
            return Err(Refusal::NotYourTurn { player, current: self.current });
        }
        self.check_phase(action)?;
        match *action {
            Action::Play { card, flag } => {
                self.check_card_play(player, card)?;
                self.check_room(player, flag)
            }
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
            Action::EndClaims | Action::NextGame | Action::Resign { .. } => Ok(()),
        }
    }

    /// Whether R-TAC-1 lets `player` play a tactics card now: they have not played more tactics cards
    /// than any opponent. `false` for a player not in the game.
    ///
    /// ```
    /// use battleline::{Options, Position};
    /// let position = Position::deal(Options::default(), &mut battleline::rng_from_seed(1), 0);
    /// assert!(position.may_play_tactics(0) && position.may_play_tactics(1));
    /// ```
    #[inline]
    pub fn may_play_tactics(&self, player: Player) -> bool {
        player < self.players() && self.opponents(player).all(|o| self.tactics_played[player] <= self.tactics_played[o])
    }

    /// Whether `card` is a Leader that `player` may never play, having played one already (R-TAC-2).
    ///
    /// ```
    /// use battleline::{Card, Options, Position, Tactic};
    /// let position = Position::deal(Options::default(), &mut battleline::rng_from_seed(1), 0);
    /// assert!(!position.is_second_leader(0, Card::tactic(Tactic::Alexander)));
    /// ```
    #[inline]
    pub fn is_second_leader(&self, player: Player, card: Card) -> bool {
        card.as_tactic().is_some_and(Tactic::is_leader) && self.leader_played.get(player).copied().unwrap_or(false)
    }

    /// Whether `player` may put `card` from hand onto a flag with room, whatever the flag and the step:
    /// a troop in hand, or a morale card within R-TAC-1 and R-TAC-2. The card half of a `Play` action.
    ///
    /// ```
    /// use battleline::{Options, Position};
    /// let position = Position::deal(Options::default(), &mut battleline::rng_from_seed(1), 0);
    /// assert!(position.hand(0).iter().all(|card| position.can_play_card(0, card)));
    /// assert!(!position.hand(1).iter().any(|card| position.can_play_card(0, card)));
    /// ```
    pub fn can_play_card(&self, player: Player, card: Card) -> bool {
        player < self.players() && self.check_card_play(player, card).is_ok()
    }

    #[inline(always)]
    fn check_phase(&self, action: &Action) -> Result<(), Refusal> {
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
            Action::NextGame => return Err(Refusal::NextGameTooEarly),
            Action::Resign { .. } => true,
        };
        if fits {
            Ok(())
        } else {
            Err(Refusal::WrongStep { action: *action, phase: self.phase })
        }
    }

    /// The current step in words, for messages.
    pub fn phase_name(&self) -> String {
        self.phase.to_string()
    }

    #[inline(always)]
    fn check_in_hand(&self, player: Player, card: Card) -> Result<(), Refusal> {
        if !self.options.tactics && !card.is_troop() {
            return Err(Refusal::NoTactics { card });
        }
        if self.hands[player].contains(card) {
            Ok(())
        } else {
            Err(Refusal::NotInHand { player, card })
        }
    }

    /// The card is the expected tactic, in hand, and the player may play a tactics card now (R-TAC-1).
    #[inline(always)]
    fn check_tactic_play(&self, player: Player, card: Card) -> Result<(), Refusal> {
        self.check_in_hand(player, card)?;
        if !self.may_play_tactics(player) {
            return Err(Refusal::TacticsLimit { player, played: self.tactics_played[player], card });
        }
        Ok(())
    }

    /// A troop or morale card `player` may play from hand (R-TAC-1, R-TAC-2), wherever it goes.
    #[inline(always)]
    fn check_card_play(&self, player: Player, card: Card) -> Result<(), Refusal> {
        if !card.is_side_card() {
            return Err(Refusal::NotASideCard { card });
        }
        if card.is_troop() {
            return self.check_in_hand(player, card);
        }
        self.check_tactic_play(player, card)?;
        if self.is_second_leader(player, card) {
            return Err(Refusal::LeaderLimit { player, card });
        }
        Ok(())
    }

    #[inline(always)]
    fn check_room(&self, player: Player, flag: FlagId) -> Result<(), Refusal> {
        let f = self.flag(flag);
        if f.claimed.is_some() {
            return Err(Refusal::PlayOnClaimed { flag });
        }
        if !f.has_room(player) {
            return Err(Refusal::FlagFull { player, flag, capacity: f.capacity() });
        }
        Ok(())
    }

    fn check_environment(&self, player: Player, card: Card, flag: FlagId) -> Result<(), Refusal> {
        if card.as_tactic().map(Tactic::kind) != Some(TacticKind::Environment) {
            return Err(Refusal::NotEnvironment { card });
        }
        self.check_tactic_play(player, card)?;
        if self.flag(flag).claimed.is_some() {
            return Err(Refusal::EnvironmentOnClaimed { flag, card });
        }
        Ok(())
    }

    fn check_scout(&self, player: Player) -> Result<(), Refusal> {
        self.check_tactic_play(player, Card::tactic(Tactic::Scout))?;
        if !self.can_draw() {
            return Err(Refusal::NothingToScout);
        }
        Ok(())
    }

    #[inline(always)]
    fn check_deck(&self, deck: DeckKind) -> Result<(), Refusal> {
        let empty = match deck {
            DeckKind::Troop => self.troop_deck.is_empty(),
            DeckKind::Tactics if !self.options.tactics => return Err(Refusal::NoTacticsDeck),
            DeckKind::Tactics => self.tactics_deck.is_empty(),
        };
        if empty {
            Err(Refusal::DeckEmpty { deck })
        } else {
            Ok(())
        }
    }

    /// Where `card` lies on an unclaimed flag, checking that its holder is one the guile card may take
    /// from (its own player for Redeploy, an opponent otherwise).
    fn check_target(&self, player: Player, card: Card, guile: Tactic) -> Result<FlagId, Refusal> {
        match self.find_on_board(card) {
            Some((flag, holder)) if (holder == player) == (guile == Tactic::Redeploy) => {
                if self.flag(flag).claimed.is_some() {
                    Err(Refusal::TargetFrozen { card, flag })
                } else {
                    Ok(flag)
                }
            }
            _ => Err(Refusal::NoSuchTarget { guile, card }),
        }
    }

    fn check_redeploy(&self, player: Player, card: Card, to: Option<FlagId>) -> Result<(), Refusal> {
        self.check_tactic_play(player, Card::tactic(Tactic::Redeploy))?;
        let from = self.check_target(player, card, Tactic::Redeploy)?;
        let Some(to) = to else { return Ok(()) };
        if to == from {
            return Err(Refusal::RedeploySameFlag { card, flag: from });
        }
        if card.is_side_card() {
            self.check_room(player, to)
        } else if self.flag(to).claimed.is_some() {
            Err(Refusal::RedeployToClaimed { flag: to, card })
        } else {
            Ok(())
        }
    }

    fn check_deserter(&self, player: Player, card: Card) -> Result<(), Refusal> {
        self.check_tactic_play(player, Card::tactic(Tactic::Deserter))?;
        self.check_target(player, card, Tactic::Deserter)?;
        Ok(())
    }

    fn check_traitor(&self, player: Player, card: Card, to: FlagId) -> Result<(), Refusal> {
        self.check_tactic_play(player, Card::tactic(Tactic::Traitor))?;
        if !card.is_troop() {
            return Err(Refusal::TraitorTroopsOnly { card });
        }
        self.check_target(player, card, Tactic::Traitor)?;
        self.check_room(player, to)
    }

    fn check_claim(&self, player: Player, flag: FlagId) -> Result<(), Refusal> {
        let f = self.flag(flag);
        if let Some(owner) = f.claimed {
            return Err(Refusal::AlreadyClaimed { flag, owner });
        }
        if !f.is_complete(player) {
            return Err(Refusal::SideIncomplete { player, flag, cards: f.sides[player].len(), capacity: f.capacity() });
        }
        if self.can_claim(player, flag) {
            return Ok(());
        }
        Err(Refusal::ClaimNotProvable {
            flag,
            player,
            at: Box::new(*f),
            players: self.players(),
            retired: self.retired(),
            unseen: self.unseen_troops(),
        })
    }

    fn check_pass(&self, player: Player) -> Result<(), Refusal> {
        if self.can_play_troop(player) {
            return Err(Refusal::MustPlay { player });
        }
        Ok(())
    }
}
