//! The benchmark's random player and workloads, shared by `battleline bench`/`selfplay` natively and by
//! the WebAssembly benchmark, so that both measure exactly the same work: a uniformly random legal
//! action, except that in the claim step it claims whenever a claim is provable.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::action::Action;
use crate::card_set::CardSet;
use crate::flag::{Flag, Player};
use crate::options::Options;
use crate::phase::Phase;
use crate::position::{rng_from_seed, Position};
use crate::proof::is_claimable;

/// The generator of the player's choices in game `seed`: the same seed as the game's own generator
/// (which shuffles and deals), but another ChaCha stream, so choices and deals are independent.
pub fn chooser(seed: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(1);
    rng
}

/// A freshly dealt game exactly as [`crate::Game::new`] deals it for `seed`, without the record.
pub fn deal(options: Options, seed: u64) -> Position {
    Position::new_game(options, &mut rng_from_seed(seed))
}

/// The next action in `position`, or `None` once the game is over. `legal` is scratch space, reused
/// between calls so that a game allocates nothing here.
///
/// ```
/// use battleline::random_play::{choose, chooser, deal};
/// let mut position = deal(battleline::Options::default(), 17);
/// let (mut legal, mut rng) = (Vec::new(), chooser(17));
/// while let Some(action) = choose(&position, &mut legal, &mut rng) {
///     position.apply(&action).unwrap();
/// }
/// assert!(position.result().is_some());
/// ```
pub fn choose(position: &Position, legal: &mut Vec<Action>, rng: &mut ChaCha8Rng) -> Option<Action> {
    if position.phase() == Phase::Claim {
        // The claim actions that are legal are exactly the claimable flags: ask for them directly.
        legal.clear();
        legal.extend(position.claimable_flags(position.current()).map(|flag| Action::Claim { flag }));
        if legal.is_empty() {
            return Some(Action::EndClaims);
        }
    } else if position.phase() == Phase::Play {
        // The play step lists up to ~70 actions; pick one without listing them (the same choice).
        return position.pick_play_action(|n| rng.random_range(0..n));
    } else {
        position.legal_actions_into(legal);
    }
    match legal.len() {
        0 => None,
        n => Some(legal[rng.random_range(0..n)]),
    }
}

/// Plays `games` random games with seeds `first_seed..`; returns the number of actions played.
pub fn play_random_games(options: Options, games: u64, first_seed: u64) -> u64 {
    let mut legal = Vec::with_capacity(128);
    let mut actions = 0;
    for seed in first_seed..first_seed + games {
        let mut position = deal(options, seed);
        let mut rng = chooser(seed);
        while let Some(action) = choose(&position, &mut legal, &mut rng) {
            if position.apply(&action).is_err() {
                break;
            }
            actions += 1;
        }
    }
    actions
}

/// One claim to judge: what [`Position::can_claim`] hands to [`is_claimable`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClaimSituation {
    /// The flag.
    pub flag: Flag,
    /// Players in the game.
    pub players: usize,
    /// Who claims.
    pub claimant: Player,
    /// The troops that may still come.
    pub unseen: CardSet,
}

impl ClaimSituation {
    /// The verdict.
    pub fn is_claimable(&self) -> bool {
        is_claimable(&self.flag, self.players, self.claimant, self.unseen)
    }
}

/// `count` distinct claim situations from random games with tactics: after every action, every
/// unclaimed flag where a player's side is complete, judged against the position's unseen troops.
pub fn sample_claim_situations(count: usize) -> Vec<ClaimSituation> {
    let options = Options::default();
    let mut seen = std::collections::HashSet::with_capacity(count);
    let mut set = Vec::with_capacity(count);
    let mut legal = Vec::with_capacity(128);
    for seed in 0.. {
        let mut position = deal(options, seed);
        let mut rng = chooser(seed);
        while let Some(action) = choose(&position, &mut legal, &mut rng) {
            if position.apply(&action).is_err() {
                break;
            }
            let unseen = position.unseen_troops();
            for flag in position.flags().iter().filter(|f| f.claimed.is_none()) {
                for claimant in (0..position.players()).filter(|&p| flag.is_complete(p)) {
                    let situation = ClaimSituation { flag: *flag, players: position.players(), claimant, unseen };
                    if seen.insert(situation) {
                        set.push(situation);
                        if set.len() == count {
                            return set;
                        }
                    }
                }
            }
        }
    }
    set
}

/// Judges every situation `rounds` times; returns how many verdicts were "claimable" (so that the work
/// cannot be optimised away).
pub fn prove_all(situations: &[ClaimSituation], rounds: u32) -> u64 {
    (0..rounds).map(|_| situations.iter().filter(|s| s.is_claimable()).count() as u64).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_matches_game_new_and_a_provable_claim_is_never_skipped() {
        let options = Options::default();
        let game = crate::Game::new(options, 17).unwrap();
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

    #[test]
    fn picking_a_play_action_agrees_with_the_list() {
        let three = Options { players: 3, tactics: false, ..Options::default() };
        for options in [Options::default(), Options { tactics: false, ..Options::default() }, three] {
            for seed in 0..40 {
                let mut position = deal(options, seed);
                let mut rng = chooser(seed);
                while !position.is_over() {
                    let legal = position.legal_actions();
                    if position.phase() == Phase::Play {
                        for (i, action) in legal.iter().enumerate() {
                            let mut n = 0;
                            let picked = position.pick_play_action(|len| {
                                n = len;
                                i
                            });
                            assert_eq!((picked, n), (Some(*action), legal.len()), "seed {seed}");
                        }
                    } else {
                        assert_eq!(position.pick_play_action(|_| 0), None);
                    }
                    let action = legal[rng.random_range(0..legal.len())];
                    position.apply(&action).unwrap();
                }
            }
        }
    }

    #[test]
    fn workloads_are_deterministic() {
        assert_eq!(play_random_games(Options::default(), 5, 1), play_random_games(Options::default(), 5, 1));
        let situations = sample_claim_situations(500);
        assert_eq!(situations.len(), 500);
        let claimable = prove_all(&situations, 2);
        assert!(claimable > 0 && claimable < 1000 && claimable % 2 == 0, "{claimable}");
    }
}
