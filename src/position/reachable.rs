//! What a setup must be besides well formed: a state that play can reach, and one from which play can
//! go on. [`Position::from_setup`] checks the census of cards and the shape of the turn; this checks
//! the facts play keeps (hand sizes, the turn's flags, the row of passes, a won game having a result)
//! and that a game not over has a legal action. A setup that fails here could never end (no legal
//! action, not over: the page's import once showed "the computer player could not move" for good) or
//! describes a game nobody could have played to (a 41-card hand, five flags held and no result).

use crate::card::{Card, Tactic};
use crate::error::{Error, ErrorCode};
use crate::outcome::{flag_counts, victory_of, Victory};
use crate::phase::{turn_steps, Phase};
use crate::position::{Position, HAND_SIZE};

impl Position {
    /// Refuses (`bad_input`, naming the first problem) a validated setup that play cannot reach or
    /// that has no legal action although the game is not over. `voluntary_pass` is the setup's own
    /// statement of R-TURN-6's fact, if it makes one: it must agree with the hands.
    pub(crate) fn check_reachable(&self, voluntary_pass: Option<bool>) -> Result<(), Error> {
        self.check_scout_steps()?;
        self.check_turn_flags()?;
        self.check_hand_sizes()?;
        self.check_flags_and_result()?;
        self.check_passes(voluntary_pass)?;
        self.check_retired_sides()?;
        if !self.is_over() && self.legal_actions().is_empty() {
            return bad(format!(
                "player {} has no legal action at step {:?} and the game is not over: it could never end",
                self.current, self.phase
            ));
        }
        Ok(())
    }

    /// Scout's steps come only after the current player played Scout this turn (R-GUILE-1): the game
    /// has tactics, Scout lies in their discard pile, and the turn draws nothing more.
    fn check_scout_steps(&self) -> Result<(), Error> {
        if !matches!(self.phase, Phase::ScoutDraw { .. } | Phase::ScoutReturn { .. }) {
            return Ok(());
        }
        if !self.options.tactics {
            return bad(format!("step {:?} in a game without tactics cards: nobody can play Scout", self.phase));
        }
        if !self.discards[self.current].contains(Card::tactic(Tactic::Scout)) {
            return bad(format!("step {:?} but Scout is not in player {}'s discard pile", self.phase, self.current));
        }
        if !self.skip_draw || self.passed_this_turn {
            return bad(format!("step {:?} needs skipDraw and no pass this turn (Scout was played)", self.phase));
        }
        Ok(())
    }

    /// The turn's flags fit its step: nobody passed or skipped the draw before the play step, a pass
    /// skips the draw, a claim comes no earlier than the claim step, and a draw step is one the player
    /// may take (a pass or Scout skips it; empty decks skip it too, which the legal actions check).
    fn check_turn_flags(&self) -> Result<(), Error> {
        if self.is_over() || matches!(self.phase, Phase::ScoutDraw { .. } | Phase::ScoutReturn { .. }) {
            return Ok(());
        }
        let steps = turn_steps(self.options.claim_timing);
        let index = |phase: Phase| steps.iter().position(|&s| s == phase).unwrap_or(0);
        let step = usize::from(self.step);
        if step <= index(Phase::Play) && (self.passed_this_turn || self.skip_draw) {
            return bad("the turn has passed or skips its draw before its play step".into());
        }
        if self.passed_this_turn && !self.skip_draw {
            return bad("a pass draws no card (R-TURN-5): skipDraw must be set".into());
        }
        if self.claimed_this_turn && step < index(Phase::Claim) {
            return bad("the turn has claimed before its claim step".into());
        }
        if self.phase == Phase::Draw && self.skip_draw {
            return bad("a draw step in a turn that draws no card (a pass or Scout)".into());
        }
        Ok(())
    }

    /// Hands hold at most 7 cards (R-SETUP-1: a turn plays one and draws one); only Scout's steps hold
    /// more, up to 9 (Scout played, three drawn, two still to return), and a draw step holds at most 6.
    fn check_hand_sizes(&self) -> Result<(), Error> {
        for player in 0..self.players() {
            let held = self.hands[player].len();
            let most = match self.phase {
                _ if player != self.current => HAND_SIZE,
                Phase::ScoutDraw { remaining } => HAND_SIZE + 2 - usize::from(remaining),
                Phase::ScoutReturn { remaining } => HAND_SIZE + usize::from(remaining),
                Phase::Draw => HAND_SIZE - 1,
                _ => HAND_SIZE,
            };
            if held > most {
                return bad(format!(
                    "player {player} holds {held} cards; at this point of the game a hand holds at most {most}"
                ));
            }
        }
        Ok(())
    }

    /// A player holding three adjacent flags or five (four with three players) has won (R-END-1): the
    /// game is over. A result agrees with the flags: their counts, and a winner by breakthrough or
    /// envelopment holds such flags while nobody else does.
    fn check_flags_and_result(&self) -> Result<(), Error> {
        let envelopment = if self.players() == 3 { 4 } else { 5 };
        let won: Vec<_> =
            (0..self.players()).filter_map(|p| victory_of(&self.flags, p, envelopment).map(|v| (p, v))).collect();
        let Some(result) = self.result else {
            return match won.first() {
                Some((player, victory)) => bad(format!(
                    "player {player} holds flags that win by {victory:?} (R-END-1) but the game has no result"
                )),
                None => Ok(()),
            };
        };
        let counts = flag_counts(&self.flags);
        if result.flags != counts {
            return bad(format!("the result counts flags {:?}, the board {:?}", result.flags, counts));
        }
        let consistent = match (result.victory, result.winner) {
            (Victory::Exhaustion, _) => won.is_empty(),
            (_, Some(winner)) => won.len() == 1 && won[0].0 == winner,
            (_, None) => false,
        };
        if !consistent {
            return bad(format!(
                "the result ({:?}, winner {:?}) does not fit the flags held",
                result.victory, result.winner
            ));
        }
        Ok(())
    }

    /// The row of passes (R-TURN-4, R-TURN-6): a player passes only without a playable troop, and a
    /// row of passes changes nothing, so every passer of an unbroken row still has none. The setup's
    /// statement of whether a pass was voluntary, if it makes one, must be what the hands say.
    fn check_passes(&self, voluntary_pass: Option<bool>) -> Result<(), Error> {
        if self.is_over() {
            return Ok(());
        }
        if let Some(passer) = self.passers_in_row().find(|&p| self.can_play_troop(p)) {
            return bad(format!(
                "player {passer} passed in this row of passes but has a playable troop card (R-TURN-4)"
            ));
        }
        match voluntary_pass {
            Some(given) if given != self.voluntary_pass() => bad(format!(
                "voluntaryPass is {given}, but the passing players' hands say {} (R-TURN-6)",
                self.voluntary_pass()
            )),
            _ => Ok(()),
        }
    }
}

impl Position {
    /// A seat that resigned has no card on an unclaimed flag (R-3P-RESIGN-2: they left with it).
    fn check_retired_sides(&self) -> Result<(), Error> {
        let Some(retired) = self.retired else { return Ok(()) };
        match self.flags.iter().position(|f| f.claimed.is_none() && !f.sides[retired].is_empty()) {
            Some(i) => bad(format!(
                "player {retired} resigned but still has cards at unclaimed flag {} (R-3P-RESIGN-2)",
                i + 1
            )),
            None => Ok(()),
        }
    }
}

fn bad(message: String) -> Result<(), Error> {
    Err(Error::new(ErrorCode::BadInput, message))
}
