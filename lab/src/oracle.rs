//! The ceilings: the search shown cards it may not see. Shown the opponent's hand before each of its
//! decisions, it measures the most any inference about that hand could give; shown the whole deal
//! (both hands, both decks in order), what perfect information is worth against the same opponent
//! (`tune`: `oracle=true`, `oracle=deal`). Cheating by design: the harness that holds the game hands
//! the true cards to the search's sampler. The engine's players (`BotKind`, `suggest`, the wasm API)
//! never take a sampler: they receive views only.

use std::sync::Arc;

use battleline::bot::{Bot, Determinizer, Sampler, SearchBot};
use battleline::{Action, Error, Game, Player, PlayerView, Position};
use rand_chacha::ChaCha8Rng;

use crate::inference::HandPosterior;

/// Every playout plays this position: the true deal, shown to the search.
#[derive(Clone, Copy, Debug)]
pub struct Revealed(pub Position);

impl Sampler for Revealed {
    fn sample(&self, _determinizer: &Determinizer, _rng: &mut ChaCha8Rng) -> Position {
        self.0
    }
}

/// What the search is shown of the cards hidden from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Oracle {
    /// Nothing: the search as it plays.
    Nothing,
    /// The opponent's hand (`oracle=true`, two players).
    Hand,
    /// The whole position: both hands and both decks in order (`oracle=deal`).
    Deal,
}

/// Whether `view` is the view of `position` (the match's fields aside, which a position has not).
pub fn shows(position: &Position, view: &PlayerView) -> bool {
    position.view(view.player).is_some_and(|mut seen| {
        seen.game_index = view.game_index;
        seen.scores.clone_from(&view.scores);
        seen == *view
    })
}

/// `search`'s action in `game` for the player to move, shown what `oracle` says before deciding: the
/// sampler serves this decision only. A position the view does not show, or a hand it does not allow,
/// is not shown.
pub fn choose_shown(search: &mut SearchBot, game: &Game, oracle: Oracle) -> Result<Action, Error> {
    let player = game.position().current();
    let view = game.view(player).expect("the player to move exists");
    let sampler: Option<Arc<dyn Sampler>> = match oracle {
        Oracle::Nothing => None,
        Oracle::Deal => shows(game.position(), &view).then(|| Arc::new(Revealed(*game.position())) as Arc<dyn Sampler>),
        Oracle::Hand => opponent_hand(game.position(), player, &view),
    };
    search.set_sampler(sampler);
    let action = search.choose(&view);
    search.set_sampler(None);
    action
}

/// The opponent's true hand as a sampler of the view, with two players.
fn opponent_hand(position: &Position, player: Player, view: &PlayerView) -> Option<Arc<dyn Sampler>> {
    if position.players() != 2 {
        return None;
    }
    let opponent = 1 - player;
    let determinizer = Determinizer::new(view).ok()?;
    HandPosterior::known(&determinizer, opponent, position.hand(opponent)).map(|p| Arc::new(p) as Arc<dyn Sampler>)
}

#[cfg(test)]
mod tests {
    use super::*;
    use battleline::{Game, Options};

    #[test]
    fn a_revealed_position_replaces_the_samples_for_one_decision_when_the_view_shows_it() {
        let game = Game::new(Options::default(), 8).unwrap();
        let me = game.position().current();
        let rate = |oracle: Oracle, game: &Game| {
            let mut bot = SearchBot::new(300, 5);
            let action = choose_shown(&mut bot, game, oracle).unwrap();
            (action, bot.last_value().unwrap())
        };
        let plain = rate(Oracle::Nothing, &game);
        let shown = rate(Oracle::Deal, &game);
        assert_ne!(shown.1, plain.1, "every playout plays the true deal, not a sample");
        let hand = rate(Oracle::Hand, &game);
        assert_ne!(hand.1, plain.1, "every playout deals the opponent's true hand");
        let view = game.view(me).unwrap();
        // A position of another deal is not shown.
        let other = Game::new(Options::default(), 9).unwrap();
        assert!(!shows(other.position(), &view));
        assert!(shows(game.position(), &view));
        let mut other_turn = *game.position();
        while other_turn.current() == me {
            let first = other_turn.legal_actions()[0];
            other_turn.apply(&first).unwrap();
        }
        assert!(!shows(&other_turn, &view), "a position of another player's turn");
    }
}
