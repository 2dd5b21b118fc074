//! A stand-in game for a client that holds only a view (online play: the server keeps the real game).
//! The hidden cards are filled in arbitrarily but always the same way for the same view, so that the
//! client can ask the engine everything its own view allows (legal actions, why a card cannot go to a
//! flag, claim proofs, formations) without a copy of any rule and without the real hidden cards.

use crate::error::Error;
use crate::game::Game;
use crate::position::view::PlayerView;

use super::determinize;

/// A game whose position agrees with everything `view` shows: the viewer's view of it is `view` (the
/// match's fields aside: the stand-in is a single game), and its hidden cards (other hands, the decks'
/// order; every hand for a spectator's view) are an arbitrary deal of the cards hidden from the
/// viewer, the same for the same view. `bad_input` for a view that describes no possible game.
///
/// ```
/// use battleline::{bot::stand_in, Game, Options};
/// let game = Game::new(Options::default(), 7).unwrap();
/// let me = game.position().current();
/// let view = game.view(me).unwrap();
/// let standing = stand_in(&view).unwrap();
/// assert_eq!(standing.view(me).unwrap(), view);
/// assert_eq!(standing.legal_actions(), game.legal_actions());
/// // A spectator's view: every hand dealt from the hidden cards.
/// let watching = stand_in(&game.spectator_view()).unwrap();
/// assert_eq!(watching.spectator_view(), game.spectator_view());
/// ```
pub fn stand_in(view: &PlayerView) -> Result<Game, Error> {
    let position = determinize(view, &mut crate::rng_from_seed(0))?;
    Game::from_setup(&position.to_setup(), 0)
}
