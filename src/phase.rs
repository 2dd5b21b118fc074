//! Where the current player is in their turn (R-TURN-1, R-VAR-1, R-GUILE-1).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::options::ClaimTiming;

/// The step the current player must take next.
///
/// ```
/// use battleline::{Game, Options, Phase};
/// let mut game = Game::new(Options::default(), 9).unwrap();
/// assert_eq!(game.position().phase(), Phase::Play);
/// game.apply(&game.legal_actions()[0]).unwrap();
/// assert_eq!(serde_json::to_string(&game.position().phase()).unwrap(), r#"{"step":"draw"}"#);
/// ```
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Phase {
    /// Play one card, or pass (R-TURN-1 a, R-TURN-4).
    Play,
    /// Claim flags, then `endClaims` (R-TURN-1 b). Skipped when no flag can be claimed.
    Claim,
    /// Draw one card (R-TURN-1 c). Skipped when there is nothing to draw, after a pass or after Scout.
    Draw,
    /// Scout: `remaining` draws to go (R-GUILE-1).
    ScoutDraw {
        /// Draws left (at most 3).
        remaining: u8,
    },
    /// Scout: `remaining` cards to return.
    ScoutReturn {
        /// Cards left to return (at most 2).
        remaining: u8,
    },
    /// The game is over.
    GameOver,
}

/// The step in words, for messages ("play a card", "scout: draw 2 more", …).
///
/// ```
/// assert_eq!(battleline::Phase::ScoutDraw { remaining: 2 }.to_string(), "scout: draw 2 more");
/// ```
impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Phase::Play => f.write_str("play a card"),
            Phase::Claim => f.write_str("claim flags"),
            Phase::Draw => f.write_str("draw a card"),
            Phase::ScoutDraw { remaining } => write!(f, "scout: draw {remaining} more"),
            Phase::ScoutReturn { remaining } => write!(f, "scout: return {remaining} more"),
            Phase::GameOver => f.write_str("game over"),
        }
    }
}

/// The ordinary steps of a turn, in order, under a claim timing (R-VAR-1).
pub(crate) const fn turn_steps(timing: ClaimTiming) -> [Phase; 3] {
    match timing {
        ClaimTiming::AfterPlay => [Phase::Play, Phase::Claim, Phase::Draw],
        ClaimTiming::StartOfTurn => [Phase::Claim, Phase::Play, Phase::Draw],
        ClaimTiming::EndOfTurn => [Phase::Play, Phase::Draw, Phase::Claim],
    }
}
