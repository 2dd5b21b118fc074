//! A resignation in a three-player game (R-3P-RESIGN): one seat leaves, the two others play on. The
//! checks sit with every other check in `validate.rs`; this file holds what a resignation does, so
//! that the turn order, the claims and the end of the game (`turn.rs`, `proof.rs`) only need to know
//! which seat is out ([`Position::retired`]).

use crate::card::Card;
use crate::claim_memo::ClaimMemo;
use crate::error::Error;
use crate::flag::Player;
use crate::position::Position;
use crate::refusal::Refusal;

impl Position {
    /// `player` resigns from this three-player game (R-3P-RESIGN-1): the action
    /// `Action::Resign { player }` played by `player`, at any moment of any turn. Refused, changing
    /// nothing, in a two-player game, once a seat has resigned (two players left: resigning ends the
    /// match, which is the host's decision), and once the game is over.
    ///
    /// ```
    /// use battleline::{ErrorCode, Options, Position};
    /// let options = Options { players: 3, tactics: false, ..Options::default() };
    /// let mut position = Position::deal(options, &mut battleline::rng_from_seed(4), 0);
    /// position.resign(0).unwrap();
    /// assert_eq!(position.retired(), Some(0));
    /// assert_eq!(position.current(), 1, "the turn passed to the next seat still in the game");
    /// let before = position;
    /// assert_eq!(position.resign(1).unwrap_err().code, ErrorCode::CannotResign);
    /// assert_eq!(position, before);
    /// ```
    pub fn resign(&mut self, player: Player) -> Result<(), Error> {
        self.apply_as(player, &crate::action::Action::Resign { player })
    }

    /// Whether `player` may resign now, sent by `sender` (`validate` has checked that the game goes
    /// on and that `sender` is seated).
    #[inline]
    pub(crate) fn check_resign(&self, sender: Player, player: Player) -> Result<(), Refusal> {
        if sender != player {
            return Err(Refusal::ResignForOther { player: sender, seat: player });
        }
        if self.players() < 3 {
            return Err(Refusal::ResignTwoPlayers);
        }
        match self.retired {
            Some(retired) if retired == player => Err(Refusal::AlreadyResigned { player }),
            Some(retired) => Err(Refusal::TwoRemain { retired }),
            None => Ok(()),
        }
    }

    /// What a checked resignation does (R-3P-RESIGN-2, -3): the seat is out; its cards leave every
    /// unclaimed flag for its discard pile (face up already: nobody learns anything), so each open
    /// flag is a contest of the two sides left; Fog and Mud it placed stay, as they belong to the flag;
    /// flags it claimed stay claimed. Its hand stays hidden and out of play. A new row of passes
    /// starts, and if it was the player to move, the next seat still in the game starts a turn.
    pub(crate) fn retire(&mut self, player: Player) {
        self.retired = Some(player);
        for index in 0..self.flags.len() {
            let flag = &mut self.flags[index];
            if flag.claimed.is_some() || flag.sides[player].is_empty() {
                continue;
            }
            let cards: Vec<Card> = flag.sides[player].iter().collect();
            for card in cards {
                flag.sides[player].remove(card);
                self.discards[player].insert(card);
            }
            flag.update_completion_times();
        }
        self.latest_arrival = self.board_latest_arrival();
        // Every verdict had the resigned seat as an opponent.
        self.claim_memo = ClaimMemo::default();
        self.passes_in_row = 0;
        if self.current == player {
            let next = self.next_active(player);
            self.begin_turn(next);
            self.skip_steps_with_nothing_to_do();
        }
    }
}
