//! Where the current player is in their turn (R-TURN-1, R-VAR-1, R-GUILE-1).

use serde::{Deserialize, Serialize};

use crate::options::ClaimTiming;

/// The step the current player must take next.
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
        /// Draws still to take.
        remaining: u8,
    },
    /// Scout: `remaining` cards to return.
    ScoutReturn {
        /// Cards still to return.
        remaining: u8,
    },
    /// The game is over.
    GameOver,
}

/// The ordinary steps of a turn, in order, under a claim timing (R-VAR-1).
pub(crate) const fn turn_steps(timing: ClaimTiming) -> [Phase; 3] {
    match timing {
        ClaimTiming::AfterPlay => [Phase::Play, Phase::Claim, Phase::Draw],
        ClaimTiming::StartOfTurn => [Phase::Claim, Phase::Play, Phase::Draw],
        ClaimTiming::EndOfTurn => [Phase::Play, Phase::Draw, Phase::Claim],
    }
}
