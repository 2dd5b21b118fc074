//! The random player of `selfplay` and `bench`: a uniformly random legal action, except that in the
//! claim step it claims whenever a claim is provable (a random one of the claimable flags).

use battleline::{Action, Options, Phase, Position};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The generator of the player's choices in game `seed`: the same seed as the game's own generator
/// (which shuffles and deals), but another ChaCha stream, so choices and deals are independent.
pub fn chooser(seed: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(1);
    rng
}

/// A freshly dealt game as `battleline::Game::new` deals it (same seed, same deal), without the record.
pub fn deal(options: Options, seed: u64) -> Position {
    let mut rng = battleline::rng_from_seed(seed);
    let first = Position::random_first_player(options, &mut rng);
    Position::deal(options, &mut rng, first)
}

/// The next action in `position`, or `None` once the game is over. `legal` is scratch space, reused
/// between calls so that a game allocates nothing here.
pub fn choose(position: &Position, legal: &mut Vec<Action>, rng: &mut ChaCha8Rng) -> Option<Action> {
    if position.phase() == Phase::Claim {
        // The claim actions that are legal are exactly the claimable flags: ask for them directly.
        legal.clear();
        legal.extend(position.claimable_flags(position.current()).map(|flag| Action::Claim { flag }));
        if legal.is_empty() {
            return Some(Action::EndClaims);
        }
    } else {
        position.legal_actions_into(legal);
    }
    match legal.len() {
        0 => None,
        n => Some(legal[rng.random_range(0..n)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_matches_game_new_and_choices_are_legal() {
        let options = Options::default();
        let game = battleline::Game::new(options, 17).unwrap();
        let mut position = deal(options, 17);
        assert_eq!(&position, game.position());
        let (mut legal, mut rng) = (Vec::new(), chooser(17));
        while let Some(action) = choose(&position, &mut legal, &mut rng) {
            if position.phase() == Phase::Claim && action == Action::EndClaims {
                assert_eq!(position.claimable_flags(position.current()).count(), 0, "a provable claim was skipped");
            }
            position.apply(&action).unwrap();
        }
        assert!(position.result().is_some());
    }
}
