//! A match's score as every client is told it: the wasm API's `matchScore()` and the `match` of the
//! online protocol's state messages are this one shape.

use serde::Serialize;

use crate::game::Game;
use crate::outcome::GameResult;

/// The state of a match.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MatchScore {
    /// The game in progress (0-based), or the last one once the match is over.
    pub game_index: u32,
    /// Games in the match.
    pub games: u32,
    /// Each finished game's result, in order.
    pub results: Vec<GameResult>,
    /// Each player's match points (R-MATCH-1).
    pub scores: Vec<u32>,
    /// Whether the match is over.
    pub over: bool,
}

impl Game {
    /// The match's score now: the game in progress, the results so far, each player's points.
    pub fn match_score(&self) -> MatchScore {
        MatchScore {
            game_index: self.game_index(),
            games: self.options().games,
            results: self.results(),
            scores: self.scores(),
            over: self.is_match_over(),
        }
    }
}
