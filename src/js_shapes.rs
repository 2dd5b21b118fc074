//! The few result shapes that exist only for JavaScript (the wasm layer returns them); compiled natively
//! for the tests that derive their TypeScript declarations (`src/declarations.rs`).

use serde::Serialize;

use crate::flag::FlagId;
use crate::outcome::GameResult;
use crate::proof::Proof;

/// A flag the player can claim now, with its proof.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ClaimableFlag {
    pub(crate) flag: FlagId,
    pub(crate) proof: Proof,
}

/// The state of a match.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct MatchScore {
    /// The game in progress (0-based), or the last one once the match is over.
    pub(crate) game_index: u32,
    /// Games in the match.
    pub(crate) games: u32,
    /// Each finished game's result, in order.
    pub(crate) results: Vec<GameResult>,
    /// Each player's match points (R-MATCH-1).
    pub(crate) scores: Vec<u32>,
    /// Whether the match is over.
    pub(crate) over: bool,
}
