//! The order of a turn (R-TURN-1, R-VAR-1): moving from step to step, skipping steps with nothing to
//! do, ending turns, and ending the game by passes (R-TURN-6) or by flags (R-END-1).

use crate::card_set::CardSet;
use crate::flag::{FlagId, Player};
use crate::outcome::{envelopment, flag_counts, victory_of, GameResult, Victory};
use crate::phase::{turn_steps, Phase};
use crate::position::Position;
use crate::proof::{is_claimable_with_retired, refusal_witness};

impl Position {
    /// Whether `player` can claim `flag` now (R-CLAIM-1): the fast, allocation-free check.
    pub fn can_claim(&self, player: Player, flag: FlagId) -> bool {
        self.can_claim_given(player, flag, self.unseen_troops())
    }

    /// [`Position::can_claim`] with the unseen troops already computed.
    fn can_claim_given(&self, player: Player, flag: FlagId, unseen: CardSet) -> bool {
        let f = self.flag(flag);
        if player >= self.players() || f.claimed.is_some() || !f.is_complete(player) {
            return false;
        }
        let claimable = |unseen| is_claimable_with_retired(f, self.players(), self.retired, player, unseen);
        if self.claim_memo.known_refused(flag, player, unseen) {
            debug_assert!(!claimable(unseen), "the claim memo is stale at {flag:?}");
            return false;
        }
        if self.claim_memo.known_claimable(flag, player) {
            debug_assert!(claimable(unseen), "the claim memo is stale at {flag:?}");
            return true;
        }
        claimable(unseen)
    }

    /// The flags `player` could claim right now.
    pub fn claimable_flags(&self, player: Player) -> impl Iterator<Item = FlagId> + '_ {
        // The unseen troops are the same for every flag: compute them once, and only if some side is complete.
        let mut unseen = None;
        FlagId::all().filter(move |&flag| {
            let f = self.flag(flag);
            player < self.players()
                && f.claimed.is_none()
                && f.is_complete(player)
                && self.can_claim_given(player, flag, *unseen.get_or_insert_with(|| self.unseen_troops()))
        })
    }

    /// Whether `player` can claim some flag, remembering every verdict found on the way (`ClaimMemo`):
    /// all flags are judged, because the claim step that follows asks for every claimable flag.
    fn can_claim_any(&mut self, player: Player) -> bool {
        let unseen = self.unseen_troops();
        let players = self.players();
        let mut any = false;
        for flag in FlagId::all() {
            let f = self.flag(flag);
            if f.claimed.is_some() || !f.is_complete(player) || self.claim_memo.known_refused(flag, player, unseen) {
                continue;
            }
            if self.claim_memo.known_claimable(flag, player) {
                any = true;
                continue;
            }
            match refusal_witness(f, players, self.retired, player, unseen) {
                None => {
                    self.claim_memo.remember_claimable(flag, player);
                    any = true;
                }
                Some(needed) => self.claim_memo.remember(flag, player, needed),
            }
        }
        any
    }

    /// Whether the current player can draw from some deck.
    pub(crate) fn can_draw(&self) -> bool {
        !self.troop_deck.is_empty() || !self.tactics_deck.is_empty()
    }

    /// Ends the current step and moves to the next one that has something to do.
    pub(crate) fn finish_step(&mut self) {
        self.next_step();
        self.skip_steps_with_nothing_to_do();
    }

    /// Skips a claim step with nothing to claim and a draw step with nothing (or nothing allowed) to draw.
    pub(crate) fn skip_steps_with_nothing_to_do(&mut self) {
        loop {
            if self.result.is_some() {
                self.phase = Phase::GameOver;
                return;
            }
            let skip = match self.phase {
                Phase::Claim => !self.can_claim_any(self.current),
                Phase::Draw => self.skip_draw || !self.can_draw(),
                _ => false,
            };
            if !skip {
                return;
            }
            self.next_step();
        }
    }

    fn next_step(&mut self) {
        self.step += 1;
        match turn_steps(self.options.claim_timing).get(self.step as usize) {
            Some(&phase) => self.phase = phase,
            None => self.end_turn(),
        }
    }

    fn end_turn(&mut self) {
        if self.passed_this_turn && !self.claimed_this_turn {
            self.passes_in_row += 1;
        } else {
            self.passes_in_row = 0;
        }
        if usize::from(self.passes_in_row) >= self.active_players() {
            self.end_by_exhaustion();
            return;
        }
        let next = self.next_active(self.current);
        self.begin_turn(next);
    }

    /// `player` starts a turn at its first step (a turn ended, or the player to move resigned).
    pub(crate) fn begin_turn(&mut self, player: Player) {
        self.current = player;
        self.step = 0;
        self.phase = turn_steps(self.options.claim_timing)[0];
        self.skip_draw = false;
        self.passed_this_turn = false;
        self.claimed_this_turn = false;
    }

    /// R-TURN-6: every player passed in a row without a claim: most flags wins, equal counts draw, and
    /// a row with a voluntary pass in it is a draw (passing must never be a way to win). A seat that
    /// resigned is not in the count (R-3P-RESIGN-4).
    fn end_by_exhaustion(&mut self) {
        let flags = flag_counts(&self.flags);
        let in_game = |p: &Player| Some(*p) != self.retired;
        let best = (0..self.players()).filter(in_game).map(|p| flags[p]).max().unwrap_or(0);
        let leaders: Vec<Player> = (0..self.players()).filter(in_game).filter(|&p| flags[p] == best).collect();
        let winner = (leaders.len() == 1 && !self.voluntary_pass()).then(|| leaders[0]);
        self.result = Some(GameResult { winner, victory: Victory::Exhaustion, flags });
        self.phase = Phase::GameOver;
    }

    /// R-TURN-6: whether a pass of the row of passes in progress (this turn's included) was voluntary,
    /// that is, made while its player could have played a tactics card; if the row ends the game, it is a
    /// draw. Derived, never stored: a row of passes changes nothing on the board, in the hands or in the
    /// decks, so each passer can still play exactly what they could when they passed. Hidden
    /// information (it depends on the passers' hands): no player's view carries it.
    pub fn voluntary_pass(&self) -> bool {
        self.passers_in_row().any(|p| self.could_play_a_tactic(p))
    }

    /// The players whose passes make up the row in progress, the current player included once they
    /// passed; none once the current player played a card or claimed (the row ends with their turn).
    pub(crate) fn passers_in_row(&self) -> impl Iterator<Item = Player> + '_ {
        let broken = self.claimed_this_turn || self.played_this_turn();
        let players = self.players();
        let earlier = if broken { 0 } else { usize::from(self.passes_in_row).min(self.active_players()) };
        // Back through the seats still in the game (a resignation starts a new row, R-3P-RESIGN-3).
        (1..players)
            .map(move |k| (self.current + players - k) % players)
            .filter(move |&p| Some(p) != self.retired)
            .take(earlier)
            .chain((self.passed_this_turn && !broken).then_some(self.current))
    }

    /// Whether the current player has played a card this turn (the play step is behind them, or they
    /// are in Scout's steps, and they did not pass).
    fn played_this_turn(&self) -> bool {
        let steps = turn_steps(self.options.claim_timing);
        let play_step = steps.iter().position(|&s| s == Phase::Play).unwrap_or(0);
        matches!(self.phase, Phase::ScoutDraw { .. } | Phase::ScoutReturn { .. })
            || (usize::from(self.step) > play_step && !self.passed_this_turn)
    }

    /// After a claim: a breakthrough or envelopment ends the game at once (R-END-1).
    pub(crate) fn check_victory(&mut self, player: Player) {
        if let Some(victory) = victory_of(&self.flags, player, envelopment(self.players())) {
            self.result = Some(GameResult { winner: Some(player), victory, flags: flag_counts(&self.flags) });
            self.phase = Phase::GameOver;
        }
    }
}
