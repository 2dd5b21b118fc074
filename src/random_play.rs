//! The benchmark's random player and workloads, shared by `battleline bench`/`selfplay` natively and by
//! the WebAssembly benchmark, so that both measure exactly the same work: a uniformly random legal
//! action, except that in the claim step it claims whenever a claim is provable.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::action::Action;
use crate::card_set::CardSet;
use crate::error::{Error, ErrorCode};
use crate::flag::{Flag, Player};
use crate::options::Options;
use crate::phase::Phase;
use crate::position::{rng_from_seed, Position};
use crate::proof::is_claimable;
use crate::record::MAX_SEED;

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

/// The most games one call of [`play_random_games`] plays (about a minute natively).
pub const MAX_RANDOM_GAMES: u64 = 1_000_000;
/// The most claim situations [`sample_claim_situations`] collects (about 100 MB).
pub const MAX_CLAIM_SITUATIONS: usize = 1_000_000;
/// The most verdicts one call of [`prove_all`] computes (situations × rounds, some minutes).
pub const MAX_PROOF_VERDICTS: u64 = 1_000_000_000;

fn bad(message: String) -> Error {
    Error::new(ErrorCode::BadInput, message)
}

/// Plays `games` random games with seeds `first_seed..`; returns the number of actions played.
/// `bad_input` for invalid options, no games or more than [`MAX_RANDOM_GAMES`], or seeds beyond
/// [`MAX_SEED`]: a benchmark argument never asks for unbounded work.
///
/// ```
/// use battleline::{random_play::play_random_games, ErrorCode, Options};
/// assert!(play_random_games(Options::default(), 2, 0).unwrap() > 0);
/// assert_eq!(play_random_games(Options::default(), u64::from(u32::MAX), 0).unwrap_err().code, ErrorCode::BadInput);
/// ```
pub fn play_random_games(options: Options, games: u64, first_seed: u64) -> Result<u64, Error> {
    let options = options.validate()?;
    if !(1..=MAX_RANDOM_GAMES).contains(&games) {
        return Err(bad(format!("games must be 1..={MAX_RANDOM_GAMES}, not {games}")));
    }
    let end = first_seed
        .checked_add(games)
        .filter(|&end| end - 1 <= MAX_SEED)
        .ok_or_else(|| bad(format!("{games} games from seed {first_seed} go beyond the largest seed {MAX_SEED}")))?;
    let mut legal = Vec::with_capacity(128);
    let mut actions = 0;
    for seed in first_seed..end {
        let mut position = deal(options, seed);
        let mut rng = chooser(seed);
        while let Some(action) = choose(&position, &mut legal, &mut rng) {
            // A legal action by construction: the playouts' unchecked path.
            position.apply_unchecked(&action);
            actions += 1;
        }
    }
    Ok(actions)
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
/// `bad_input` unless `count` is 1..=[`MAX_CLAIM_SITUATIONS`] (0 once waited forever for a set of size
/// 0 to fill). The games are bounded too: a game yields dozens of new situations, so `count` + 100 games
/// are far more than enough, and the set is returned as it is if they ever were not.
///
/// ```
/// use battleline::random_play::sample_claim_situations;
/// assert_eq!(sample_claim_situations(10).unwrap().len(), 10);
/// assert!(sample_claim_situations(0).is_err());
/// ```
pub fn sample_claim_situations(count: usize) -> Result<Vec<ClaimSituation>, Error> {
    if !(1..=MAX_CLAIM_SITUATIONS).contains(&count) {
        return Err(bad(format!("the number of claim situations must be 1..={MAX_CLAIM_SITUATIONS}, not {count}")));
    }
    let options = Options::default();
    let mut seen = std::collections::HashSet::with_capacity(count);
    let mut set = Vec::with_capacity(count);
    let mut legal = Vec::with_capacity(128);
    for seed in 0..count as u64 + 100 {
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
                            return Ok(set);
                        }
                    }
                }
            }
        }
    }
    Ok(set)
}

/// Judges every situation `rounds` times; returns how many verdicts were "claimable" (so that the work
/// cannot be optimised away). `bad_input` beyond [`MAX_PROOF_VERDICTS`] verdicts in all.
pub fn prove_all(situations: &[ClaimSituation], rounds: u32) -> Result<u64, Error> {
    let verdicts = (situations.len() as u64).saturating_mul(u64::from(rounds));
    if verdicts > MAX_PROOF_VERDICTS {
        return Err(bad(format!(
            "{rounds} rounds of {} situations are {verdicts} verdicts, more than {MAX_PROOF_VERDICTS}",
            situations.len()
        )));
    }
    Ok((0..rounds).map(|_| situations.iter().filter(|s| s.is_claimable()).count() as u64).sum())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workload_arguments_are_bounded() {
        let code = |r: Result<u64, Error>| r.unwrap_err().code;
        assert_eq!(sample_claim_situations(0).unwrap_err().code, ErrorCode::BadInput);
        assert_eq!(sample_claim_situations(MAX_CLAIM_SITUATIONS + 1).unwrap_err().code, ErrorCode::BadInput);
        assert_eq!(code(play_random_games(Options::default(), 0, 0)), ErrorCode::BadInput);
        assert_eq!(code(play_random_games(Options::default(), u64::from(u32::MAX), 0)), ErrorCode::BadInput);
        assert_eq!(code(play_random_games(Options::default(), 2, u64::MAX)), ErrorCode::BadInput);
        assert_eq!(code(play_random_games(Options::default(), 1, MAX_SEED + 1)), ErrorCode::BadInput);
        assert!(play_random_games(Options::default(), 1, MAX_SEED).unwrap() > 0);
        let bad_options = Options { players: 4, ..Options::default() };
        assert_eq!(code(play_random_games(bad_options, 1, 0)), ErrorCode::BadOptions);
        let situations = sample_claim_situations(2).unwrap();
        assert_eq!(code(prove_all(&situations, u32::MAX)), ErrorCode::BadInput);
    }

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
        let situations = sample_claim_situations(500).unwrap();
        assert_eq!(situations.len(), 500);
        let claimable = prove_all(&situations, 2).unwrap();
        assert!(claimable > 0 && claimable < 1000 && claimable % 2 == 0, "{claimable}");
    }
}
