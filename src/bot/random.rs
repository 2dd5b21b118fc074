//! The baseline: a uniformly random legal action.

use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use super::{prepare, Bot};
use crate::action::Action;
use crate::error::Error;
use crate::position::view::PlayerView;

/// Plays a uniformly random legal action (claims included: it may forget to claim).
///
/// ```
/// use battleline::bot::{Bot, RandomBot};
/// use battleline::{Game, Options};
/// let mut game = Game::new(Options::default(), 2).unwrap();
/// let mut bots = [RandomBot::new(1), RandomBot::new(2)];
/// while !game.is_match_over() {
///     let player = game.position().current();
///     let action = bots[player].choose(&game.view(player).unwrap()).unwrap();
///     game.apply(&action).unwrap();
/// }
/// ```
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A random bot seeded with `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: crate::rng_from_seed(seed) }
    }
}

impl Bot for RandomBot {
    fn choose(&mut self, view: &PlayerView) -> Result<Action, Error> {
        match prepare(view)? {
            Err(forced) => Ok(forced),
            Ok(turn) => Ok(*turn.legal.choose(&mut self.rng).unwrap_or(&turn.legal[0])),
        }
    }
}
