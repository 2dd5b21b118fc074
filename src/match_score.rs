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

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::game::Game;
    use crate::options::Options;
    use crate::random_play::{choose, chooser};

    /// Plays random legal actions until the game in progress is over.
    fn finish_game(game: &mut Game, rng: &mut rand_chacha::ChaCha8Rng) {
        while !game.position().is_over() {
            let mut legal = game.legal_actions();
            let action = choose(game.position(), &mut legal, rng).expect("a game not over has a legal action");
            game.apply(&action).unwrap();
        }
    }

    #[test]
    fn the_score_follows_a_match_game_by_game() {
        let mut game = Game::new(Options { games: 2, ..Options::default() }, 11).unwrap();
        let mut rng = chooser(5);
        let start = game.match_score();
        assert_eq!((start.game_index, start.games, start.results.len(), start.over), (0, 2, 0, false));
        assert_eq!(start.scores, vec![0, 0]);

        finish_game(&mut game, &mut rng);
        let first = game.match_score();
        let result = game.position().result().expect("the first game is over");
        assert_eq!((first.game_index, first.results.clone(), first.over), (0, vec![result], false));
        assert_eq!(first.scores, result.points()[..2].to_vec());

        game.apply(&Action::NextGame).unwrap();
        finish_game(&mut game, &mut rng);
        let last = game.match_score();
        assert_eq!((last.game_index, last.results.len(), last.over), (1, 2, true));
        let total: Vec<u32> = (0..2).map(|p| last.results.iter().map(|r| r.points()[p]).sum()).collect();
        assert_eq!(last.scores, total);
        // The shape the wasm's matchScore() and the online protocol's `match` send.
        let json = serde_json::to_value(&last).unwrap();
        let mut keys: Vec<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["gameIndex", "games", "over", "results", "scores"]);
    }
}
